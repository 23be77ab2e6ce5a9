"""The lobby's command words, from the catalogs like the game's: English works in every language, German and Dutch
have their own (chosen not to clash with the game's own words, which work at a table too)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..i18n import translation
from ..seat.parser import command_vocabulary, normalize, spellings

LOBBY_COMMANDS = ("tables", "create", "join", "watch", "start", "leave", "who", "say", "set")
GAME_SETTINGS = ("language", "verbosity", "cards", "speech", "help", "quit")
"""Game commands the lobby understands too, with the game's words."""


def _lobby_words(t: Any) -> dict[str, str]:
    # Translators: the words a player types in the table server's lobby, separated by spaces; the first is shown
    # in help. They must differ from the game's command words in your language.
    return {
        "tables": t.pgettext("lobby", "tables list"),
        "create": t.pgettext("lobby", "create new"),
        "join": t.pgettext("lobby", "join sit"),
        "watch": t.pgettext("lobby", "watch"),
        "start": t.pgettext("lobby", "start begin"),
        "leave": t.pgettext("lobby", "leave"),
        "who": t.pgettext("lobby", "who online"),
        "say": t.pgettext("lobby", "say chat"),
        "set": t.pgettext("lobby", "set"),
    }


@cache
def lobby_vocabulary(lang: str) -> dict[str, str]:
    """Every lobby word to its command: the language's own first, then English; the game's words for the settings,
    help and quit."""
    result: dict[str, str] = {}
    for language in (lang, "en"):
        for key, text in _lobby_words(translation(language)).items():
            for word in text.split():
                for spelling in spellings(word):
                    result.setdefault(spelling, key)
    for word, key in command_vocabulary(lang).items():
        if key in GAME_SETTINGS:
            result.setdefault(word, key)
    return result


@cache
def lobby_word(lang: str, command: str) -> str:
    """A lobby command's first word in a language, for help."""
    if command in GAME_SETTINGS:
        from ..seat.parser import main_words

        return main_words(lang)[command]
    return _lobby_words(translation(lang))[command].split()[0]


def lobby_command(line: str, lang: str) -> tuple[str | None, str]:
    """The lobby command a line begins with (or None) and the rest of the line."""
    first, _sep, rest = line.strip().partition(" ")
    return lobby_vocabulary(lang).get(normalize(first)), rest.strip()
