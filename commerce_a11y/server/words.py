"""The lobby's command words, from the catalogs like the game's: every language's words work for everyone, the
person's own first, then English (German and Dutch words are chosen not to clash with the game's own words,
which work at a table too)."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import Any

from ..i18n import LANGUAGES, translation
from ..seat.parser import command_vocabulary, normalize, spellings


class LobbyCommand(StrEnum):
    """A command of the lobby; the value is its key in the catalogs (``_lobby_words``) or the game's command."""

    TABLES = "tables"
    CREATE = "create"
    JOIN = "join"
    WATCH = "watch"
    START = "start"
    LEAVE = "leave"
    WHO = "who"
    SAY = "say"
    SET = "set"
    LANGUAGE = "language"
    VERBOSITY = "verbosity"
    CARDS = "cards"
    SPEECH = "speech"
    HELP = "help"
    QUIT = "quit"


SETTINGS = (LobbyCommand.LANGUAGE, LobbyCommand.VERBOSITY, LobbyCommand.CARDS, LobbyCommand.SPEECH)
"""The person's settings, changed the same way in the lobby and at a table."""
GAME_SETTINGS = (*SETTINGS, LobbyCommand.HELP, LobbyCommand.QUIT)
"""Game commands the lobby understands too, with the game's words."""


def _lobby_words(t: Any) -> dict[LobbyCommand, str]:
    # Translators: the words a player types in the table server's lobby, separated by spaces; the first is shown
    # in help. They must differ from the game's command words in your language.
    return {
        LobbyCommand.TABLES: t.pgettext("lobby", "tables list"),
        LobbyCommand.CREATE: t.pgettext("lobby", "create new"),
        LobbyCommand.JOIN: t.pgettext("lobby", "join sit"),
        LobbyCommand.WATCH: t.pgettext("lobby", "watch"),
        LobbyCommand.START: t.pgettext("lobby", "start begin"),
        LobbyCommand.LEAVE: t.pgettext("lobby", "leave"),
        LobbyCommand.WHO: t.pgettext("lobby", "who online"),
        LobbyCommand.SAY: t.pgettext("lobby", "say chat"),
        LobbyCommand.SET: t.pgettext("lobby", "set"),
    }


@cache
def lobby_vocabulary(lang: str) -> dict[str, LobbyCommand]:
    """Every lobby word to its command: the language's own first, then English, then the other languages (a new
    telnet player types ``hilfe`` before saying a language); the game's words for the settings, help and quit."""
    result: dict[str, LobbyCommand] = {}
    order = [lang, "en", *(other for other in LANGUAGES if other not in (lang, "en"))]
    for language in order:
        for key, text in _lobby_words(translation(language)).items():
            for word in text.split():
                for spelling in spellings(word):
                    result.setdefault(spelling, key)
    for language in order:
        for word, command in command_vocabulary(language).items():
            if command in GAME_SETTINGS:
                result.setdefault(word, LobbyCommand(command))
    return result


@cache
def lobby_word(lang: str, command: LobbyCommand) -> str:
    """A lobby command's first word in a language, for help."""
    if command in GAME_SETTINGS:
        from ..seat.parser import main_words

        return main_words(lang)[command]
    return _lobby_words(translation(lang))[command].split()[0]


def lobby_command(line: str, lang: str) -> tuple[LobbyCommand | None, str]:
    """The lobby command a line begins with (or None) and the rest of the line."""
    first, _sep, rest = line.strip().partition(" ")
    return lobby_vocabulary(lang).get(normalize(first)), rest.strip()

