"""The characters the player's terminal can show, and plain ASCII for the ones it cannot.

Python reads and writes UTF-8 in the C locale (PEP 540) and when the locale named in the environment is not
installed (PEP 538), but the terminal behind such a locale may well show only ASCII or Latin-1: "Herz-König" would
come out as mojibake. So the encoding is taken from the locale variables themselves (``LC_ALL``, ``LC_CTYPE``,
``LANG``), and every character the terminal lacks is written the way a person would type it without that key:
German umlauts as ``ae``, ``oe``, ``ue``, other accents dropped. The parser accepts those spellings too, so a
player under ``LC_ALL=C`` can type what the game printed. ``PYTHONIOENCODING`` or ``PYTHONUTF8`` set by the player
win over the locale.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import locale
import os
import sys
from collections.abc import Mapping
from typing import TextIO, cast

from .. import platforms
from ..cleaning import clean, fold

ERRORS = "commerce-fold"
"""The codec error handler that writes an unencodable character as ASCII instead of failing."""

__all__ = ["ERRORS", "clean", "locale_encoding", "prepare_streams"]


def _fold_error(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return fold(error.object[error.start:error.end]), error.end


codecs.register_error(ERRORS, _fold_error)


COERCED = ("C.UTF-8", "C.utf8", "UTF-8")
"""What Python puts into ``LC_CTYPE`` when it finds the C locale at start (PEP 538): not the player's choice."""


def locale_encoding(environ: Mapping[str, str], coerced: bool = False) -> str:
    """The character set the locale variables promise the terminal: ``ascii`` for C, POSIX or an unknown locale.

    With ``coerced`` (Python switched to UTF-8 itself because the locale was C or not installed), an ``LC_CTYPE``
    of C.UTF-8 is Python's and is passed over.
    """
    names = [environ.get(v, "") for v in ("LC_ALL", "LC_CTYPE", "LANG")]
    if coerced and names[1] in COERCED:
        names[1] = ""
    name = next((n for n in names if n), "")
    if name.split(".", 1)[0] in ("", "C", "POSIX") and "." not in name:
        return "ascii"
    codeset = locale.normalize(name).partition(".")[2].partition("@")[0]
    try:
        return codecs.lookup(codeset).name if codeset else "ascii"
    except LookupError:
        return "ascii"


def prepare_streams(environ: Mapping[str, str] | None = None) -> None:
    """Make the standard streams safe to use: present (a closed one reads as empty or writes to nowhere), in the
    terminal's character set, and never failing on a character that set lacks."""
    env = os.environ if environ is None else environ
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:  # started with the descriptor closed (``<&-``, ``>&-``)
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115 - lives as long as the process
    encoding = None
    chosen = bool(env.get("PYTHONIOENCODING") or env.get("PYTHONUTF8"))
    if platforms.is_other_posix() and not chosen:
        encoding = locale_encoding(env, coerced=bool(sys.flags.utf8_mode))
    entered = None if encoding == "ascii" else encoding
    if platforms.is_windows() and not chosen and not _console(sys.stdin):
        # A Windows console reads UTF-8 already (PEP 528); a pipe or a file would be read in the ANSI code page
        # (cp1252), and a script's UTF-8 "König" would come in as "KÃ¶nig".
        entered = "utf-8"
    # The standard streams are text wrappers; one that is not (a replacement without ``reconfigure``) raises the
    # AttributeError suppressed here.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError, LookupError):
            cast(io.TextIOWrapper, stream).reconfigure(encoding=encoding, errors=ERRORS)
    # What a Latin-1 terminal sends is Latin-1; an ASCII one most likely sends UTF-8, which stays. Bytes that are
    # not text in that set (invalid UTF-8) read as U+FFFD, which the parser refuses like any unknown word.
    with contextlib.suppress(AttributeError, ValueError, OSError, LookupError):
        cast(io.TextIOWrapper, sys.stdin).reconfigure(encoding=entered, errors="replace")


def _console(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
