"""Text from outside the game made safe to print: typed lines, and names and words read from files.

A record or a save may come from someone else (and the table server will hand records and names from other people
to every player), so anything read from a file is cleaned where it is read, the way a typed line is: no terminal
escape sequences (window titles, cleared screens, colours), no control characters (a ``\\r\\n`` followed by a fake
line), and a bounded length; JSON is parsed only as deep as the game's own files are. ``fold`` writes a text in
ASCII the way a person types it without the keys (the terminal that cannot show a letter, and the parser that
accepts such spellings, share it). Pure functions: the rules core uses them too.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from typing import Any

_ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|O.?|.)?",
                     re.DOTALL)
"""A terminal escape sequence: CSI (arrow keys, bracketed paste), OSC (window titles), DCS and the like, SS3 (F1)."""

NAME_LIMIT = 20
"""The longest player name the game keeps (``--name``, ``--opponents``, and names read from records and saves)."""


def _kept(ch: str) -> bool:
    """Whether ``clean`` keeps a character: not a control or format character, unassigned or private (category
    C: CR, LF, VT, FF, NEL U+0085, the file and record separators, the bidirectional overrides), and not a line or
    paragraph separator (Zl U+2028, Zp U+2029), which clients that split lines the Unicode way (``str.splitlines``
    among them) take as a line end: a typed line never makes a second line, a fake one, in anyone's window."""
    category = unicodedata.category(ch)
    return category[0] != "C" and category not in ("Zl", "Zp")


def clean(line: str, limit: int = 200) -> str:
    """``line`` without escape sequences, control characters or line breaks of any kind (never echo those back),
    at most ``limit`` characters. Only the first few thousand characters are looked at, so a huge text costs
    little."""
    text = _ESCAPE.sub("", line[: max(limit * 4, 4096)])
    # ``isprintable`` first: the common character is kept without a look-up in the Unicode database.
    return "".join(ch for ch in text if ch.isprintable() or _kept(ch)).strip()[:limit].rstrip()


def clean_name(name: object, fallback: str = "?") -> str:
    """A player name read from outside: cleaned, at most ``NAME_LIMIT`` characters, never empty."""
    return clean(str(name), NAME_LIMIT) or fallback


JSON_DEPTH = 32
"""The deepest nesting of JSON the game reads (its own files nest four levels at most)."""


def load_json(text: str | bytes) -> Any:
    """Parse JSON as the game's own files hold it; ``ValueError`` for anything else, also for JSON the game cannot
    use: nested deeper than ``JSON_DEPTH`` (or than Python can parse) or with numbers too long to convert."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > JSON_DEPTH:
                raise ValueError("nested too deeply")
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return data


_UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
_PUNCTUATION = {"\u2013": "-", "\u2014": "-", "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201c": '"',
                "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"', "\u2026": "...", "\u00a0": " ",
                "\u202f": " ", "\u20ac": "EUR"}


_LATIN_LETTER = re.compile(r"LATIN (?:CAPITAL |SMALL )?(?:LETTER|LIGATURE) (?:[A-Z]+ )*?([A-Z]|AE|OE)(?: WITH .*)?")
"""A Latin letter's Unicode name, and the letter it is a form of: "LATIN SMALL LETTER OPEN E", "LATIN LETTER SMALL
CAPITAL G", "LATIN SMALL LETTER S WITH HOOK", "LATIN SMALL LETTER O WITH STROKE", "LATIN SMALL LIGATURE OE"."""


def fold(text: str, umlauts: bool = True) -> str:
    """``text`` in ASCII: "Herz-König" -> "Herz-Koenig" (or "Herz-Konig" without ``umlauts``), "één" -> "een",
    "Łukasz" -> "Lukasz"; "?" for a character with no ASCII letter in it."""
    if text.isascii():  # most lines: the table server spells every line for an ASCII client through here
        return text
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif umlauts and ch in _UMLAUTS:
            out.append(_UMLAUTS[ch])
        elif ch in _PUNCTUATION:
            out.append(_PUNCTUATION[ch])
        else:
            out.append(_plain(ch))
    return "".join(out)


@lru_cache(maxsize=4096)
def _plain(ch: str) -> str:
    """One character in ASCII: without its accents (NFKD), else the Latin letter its Unicode name says it is a form
    of (a stroke, a hook, a small capital: what a speech engine reads as that letter), else "?"."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if plain and plain.isascii():
        return plain
    named = _LATIN_LETTER.fullmatch(unicodedata.name(ch, ""))
    if named is None:
        return "?"
    letter = named.group(1)
    return letter.lower() if "SMALL" in unicodedata.name(ch) else letter.capitalize()


_BLANKS = re.compile(r"[\s\u2800\u3164\uffa0\u115f\u1160]+")
"""A run of blank characters: spaces of every width (no-break, em, ideographic), tabs, and the characters that show
as a blank: the braille pattern blank and the Hangul fillers."""


def collapse_blanks(text: str) -> str:
    """``text`` with every run of blanks one space, and none at either end: a line padded with blanks cannot push
    its end onto a line of its own in a client that wraps."""
    return _BLANKS.sub(" ", text).strip()
