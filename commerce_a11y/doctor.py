"""``commerce doctor``: one short report a player can read out or paste when asking for help.

What usually goes wrong for a player is the language (a German Windows greeted in English), speech (nothing speaks),
the input (rich editing where a screen reader wanted plain lines) or the data folder (a save that cannot be
written). The report says each, with why it is so, one short line each, the most important first; a line with a
folder's path is as long as the path."""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Mapping
from pathlib import Path

from . import __version__, platforms
from .files import check_writable
from .folders import data_dir
from .i18n import _, active_language, language_choice, language_name
from .settings import Settings


def language_line(argv: list[str], stored: Settings, environ: Mapping[str, str]) -> str:
    """The language spoken and what chose it: --lang, the saved setting, a locale variable, the system, or none."""
    _chosen, source = language_choice(argv, environ)
    name = language_name(active_language())
    if source == "--lang":
        return _("Language: {language}, from --lang.").format(language=name)
    if stored.get("lang"):
        return _("Language: {language}, your saved setting.").format(language=name)
    if source == "windows":
        return _("Language: {language}, from Windows.").format(language=name)
    if source == "macos":
        return _("Language: {language}, from macOS.").format(language=name)
    if source == "default":
        return _("Language: {language}, no language was set.").format(language=name)
    return _("Language: {language}, from {variable}.").format(language=name, variable=source)


def speech_lines(try_speech: bool) -> list[str]:
    """Which speech output this system has for ``--speech on``, and whether it took a test sentence (said aloud
    only with ``try_speech``: a screen reader is speaking the report already)."""
    from .console.speech import probe

    name = probe(_("The game's speech works.") if try_speech else None)
    if name is None:
        return [_("Speech: none found. With --speech on the game stays silent.")]
    return [_("Speech: {output} found, for --speech on.").format(output=name)]


def input_line(choice: str, environ: Mapping[str, str]) -> str:
    from .console.terminal import input_choice

    backend, why = input_choice(choice, sys.stdin, sys.stdout, environ)
    reasons = {
        "not-a-terminal": _("Input: plain, as input or output is not a terminal."),
        "chosen": _("Input: {input}, as you chose.").format(input=backend),
        "dumb-terminal": _("Input: plain, as the terminal cannot move the cursor."),
        "accessible": _("Input: plain, as ACCESSIBLE is set."),
        "terminal": _("Input: rich, chosen for this terminal."),
    }
    return reasons[why]


def folder_line(folder: Path) -> str:
    """The data folder and whether a file can be written there (made and removed at once)."""
    try:
        check_writable(folder, ".doctor-")
    except OSError as error:
        from .reasons import os_reason

        return _("Data folder: {path}, cannot be written: {reason}.").format(path=folder, reason=os_reason(error))
    return _("Data folder: {path}, can be written.").format(path=folder)


def report(argv: list[str], stored: Settings, try_speech: bool = False,
           environ: Mapping[str, str] | None = None) -> list[str]:
    env = os.environ if environ is None else environ
    system = {platforms.WINDOWS: "Windows", platforms.MACOS: "macOS"}.get(platforms.current(), platform.system())
    return [
        _("commerce-a11y {version}, Python {python}, {system}.").format(
            version=__version__, python=platform.python_version(), system=system),
        language_line(argv, stored, env),
        *speech_lines(try_speech),
        input_line(stored.get("input") or "auto", env),
        folder_line(data_dir()),
    ]
