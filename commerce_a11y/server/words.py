"""How a lobby command is declared, and what is derived from its declaration: its words in each language, the
vocabulary that finds a command from the word a person typed, who may use it and when (the refusal otherwise), and
its place in help.

The commands themselves are declared in ``lobby_commands.py``, each once (``LobbyCommand``); nothing here names one.
Their words come from the catalogs like the game's: every language's words work for everyone, the person's own
first, then English (German and Dutch words are chosen not to clash with the game's own words, which work at a table
too; tests/test_lobby_commands.py checks it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from ..i18n import LANGUAGES, _, translation
from ..seat.parser import ReviewCommand, all_words, command_vocabulary, normalize, setting_word, spellings
from ..seat.prompts import listed
from .names import same
from .registry import Server
from .seats import TableState
from .session import Session

Handler = Callable[[Server, Session, str], Awaitable[None]]
"""What a command does: the server, the person who typed it and the rest of their line."""


class Who(StrEnum):
    """Who may use a command."""

    ANYONE = "anyone"
    HOST = "host"
    """The host of the table the person is at."""
    OPERATOR = "operator"
    """An operator of the server (see ``is_operator``)."""


def is_operator(session: Session) -> bool:
    """Whether the person is an operator of the server (``commerce serve --operator``, read at their login)."""
    return session.operator


@dataclass(frozen=True, eq=False)
class LobbyCommand:
    """One lobby command, declared once: everything else about it (its words in a language, the vocabulary, the
    dispatch, the refusal, help) is derived from this. Each declaration is its own command (compared by identity)."""

    name: str
    """The command's English name, for readers and tests; a game command's key where it is one."""
    handler: Handler
    words: Callable[[Any], str] | None = None
    """The lobby's own words, from the catalogs: given a language's translations, its entry (context ``lobby``),
    the words separated by spaces, the first shown in help. A call (``t.pgettext``, as the game's own words are
    written) rather than the msgid, so that the catalogs' extractor finds the entry with its context."""
    game: ReviewCommand | None = None
    """Instead of words of its own: the game command whose words it takes (a setting, help, quit). At a table
    whose match is on, the table's seat answers these words, not the lobby."""
    who: Who = Who.ANYONE
    refusal: str = ""
    """What a person who may not use it hears (a catalog msgid; ``{name}`` is the table's host)."""
    seated: bool = False
    """Only for a person in a seat at a table: anyone else hears "Join a table first." (before any other
    refusal)."""
    during_play: bool = True
    """False: refused while the table's match is being played ("The match is on.")."""
    help: tuple[str, ...] = ("{command}",)
    """What help shows of it, each item a catalog msgid (or a template with no words to translate), formatted
    with ``{command}`` (or ``{<name>}``, as older catalog entries have it) for its first word, ``{lang}`` for the
    person's language and a setting value's name (``{brief}``) for its word; empty: not in help."""

    def __post_init__(self) -> None:
        if (self.words is None) == (self.game is None):
            raise ValueError(f"lobby command {self.name}: words of its own or a game command's, one of them")
        if self.who is not Who.ANYONE and not self.refusal:
            raise ValueError(f"lobby command {self.name}: who may not use it hears a refusal")


# ----- words -----

def own_words(command: LobbyCommand, lang: str) -> tuple[str, ...]:
    """A command's words in a language, the one shown in help first."""
    if command.game is not None:
        return all_words(lang)[command.game]
    assert command.words is not None
    return tuple(command.words(translation(lang)).split())


@cache
def lobby_word(lang: str, command: LobbyCommand) -> str:
    """A lobby command's first word in a language, for help and for sentences that name it."""
    return own_words(command, lang)[0]


@cache
def vocabulary(commands: tuple[LobbyCommand, ...], lang: str) -> dict[str, LobbyCommand]:
    """Every word of the commands to its command: the language's own first, then English, then the other
    languages (a new telnet player types ``hilfe`` before saying a language); the game's words for the commands
    that take them."""
    result: dict[str, LobbyCommand] = {}
    order = [lang, "en", *(other for other in LANGUAGES if other not in (lang, "en"))]
    for language in order:
        for command in commands:
            if command.words is not None:
                for word in command.words(translation(language)).split():
                    for spelling in spellings(word):
                        result.setdefault(spelling, command)
    games = {command.game: command for command in commands if command.game is not None}
    for language in order:
        for word, key in command_vocabulary(language).items():
            if key in games:
                result.setdefault(word, games[ReviewCommand(key)])
    return result


def command_of(commands: tuple[LobbyCommand, ...], line: str, lang: str) -> tuple[LobbyCommand | None, str]:
    """The command a line begins with (or None) and the rest of the line."""
    first, _sep, rest = line.strip().partition(" ")
    return vocabulary(commands, lang).get(normalize(first)), rest.strip()


# ----- who may use it, and when -----

def refusal(command: LobbyCommand, session: Session) -> str | None:
    """Why the person may not use the command now, in a sentence of their language (None: they may): in a seat at
    no table, not the one who may, or the match on."""
    table = session.place
    if command.seated and (table is None or session in table.spectators):
        return _("Join a table first.")
    if command.who is Who.HOST and (table is None or not same(table.host, session.account)):
        return _(command.refusal).format(name=table.host if table is not None else "")
    if command.who is Who.OPERATOR and not is_operator(session):
        return _(command.refusal)
    if not command.during_play and table is not None and table.state == TableState.PLAYING:
        return _("The match is on.")
    return None


# ----- help -----

@dataclass(frozen=True)
class HelpGroup:
    """Commands that help lists together, in this order, under a label (a catalog msgid such as "Tables:
    {commands}."; none: each item is a line of its own), and after them items of no command (``extra``)."""

    label: str
    commands: tuple[LobbyCommand, ...] = ()
    extra: tuple[str, ...] = ()
    sep: str = ", "


class _Fields(dict[str, str]):
    """What a help item's braces stand for: the command's word, the language, and a setting value's word."""

    def __init__(self, lang: str, command: LobbyCommand) -> None:
        word = lobby_word(lang, command)
        super().__init__({"command": word, command.name: word, "lang": lang})
        self.lang = lang

    def __missing__(self, key: str) -> str:
        return setting_word(self.lang, key)


def help_items(command: LobbyCommand, lang: str) -> list[str]:
    """What help shows of a command, in the language spoken now (``lang``'s words)."""
    return [_(item).format_map(_Fields(lang, command)) for item in command.help]


def help_lines(groups: tuple[HelpGroup, ...], lang: str) -> list[str]:
    """Help, as short lines in the groups' order: each group as few lines as hold it in a braille line, each line
    with its label (``listed``)."""
    lines: list[str] = []
    for group in groups:
        items = [*(item for command in group.commands for item in help_items(command, lang)),
                 *(_(item) for item in group.extra)]
        lines += listed(_(group.label), items, sep=group.sep) if group.label else items
    return lines
