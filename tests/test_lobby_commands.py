"""The lobby's commands, declared once (issue 37, part 3): the vocabulary, the dispatch, the refusals and help are
derived from the declarations (``server/lobby_commands.py``), and no lobby word takes a game word away from a player
at a table, in any language. The refusals are heard over a real server in process (``table_harness``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from table_harness import Harness

from commerce_a11y.i18n import LANGUAGES, speaking, translation
from commerce_a11y.seat.parser import command_vocabulary, spellings
from commerce_a11y.server import lobby_commands
from commerce_a11y.server.lobby import Lobby
from commerce_a11y.server.lobby_commands import (
    COMMANDS,
    LOBBY_HELP,
    OPERATOR_HELP,
    TABLE_HELP,
    lobby_command,
    lobby_help,
)
from commerce_a11y.server.seats import TableState
from commerce_a11y.server.words import (
    LobbyCommand,
    Who,
    help_items,
    is_operator,
    own_words,
    refusal,
    vocabulary,
)


def clashes(commands: tuple[LobbyCommand, ...], lang: str) -> list[tuple[str, str, str]]:
    """The lobby's own words a person of ``lang`` can type that are words of a game command for them."""
    game = command_vocabulary(lang)
    return sorted((word, command.name, game[word]) for word, command in vocabulary(commands, lang).items()
                  if command.words is not None and word in game)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_lobby_word_is_a_game_word(lang: str) -> None:
    """Every lobby word a person of ``lang`` can type (each language's, as the lobby takes them all) is no word of a
    game command in the game's vocabulary of that person (their language and English): at a table whose match is
    on, a lobby word is the lobby's, so one that were a game word would take that game command away."""
    assert clashes(COMMANDS, lang) == []


def test_a_clash_would_be_found() -> None:
    """The check above sees a clash: "hand" is a game word in every language."""
    clashing = dataclasses.replace(lobby_commands.WHO, words=lambda t: "who online hand")
    assert ("hand", "who", "hand") in clashes((*COMMANDS[:6], clashing), "de")


def test_the_game_words_the_lobby_takes_are_the_game_commands_own() -> None:
    """The settings, help and quit take the game's words: each of them reaches its command in every language."""
    for lang in LANGUAGES:
        for word, key in command_vocabulary(lang).items():
            command = vocabulary(COMMANDS, lang).get(word)
            if command is not None and command.game is not None:
                assert command.game == key, (lang, word)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_command_is_found_by_each_of_its_words(lang: str) -> None:
    """Each declared command, by each of its words in the person's language (as typed, capitalised, and without
    umlauts) and by its English words unless the person's language uses that word for another command."""
    theirs = {spelling: command for command in COMMANDS for word in own_words(command, lang)
              for spelling in spellings(word)}
    for command in COMMANDS:
        for word in own_words(command, lang):
            for spelling in spellings(word):
                assert lobby_command(f"{spelling} rest of it", lang) == (command, "rest of it"), (lang, spelling)
            assert lobby_command(word.upper(), lang) == (command, "")
        for word in own_words(command, "en"):
            if theirs.get(word, command) is command:
                assert lobby_command(word, lang)[0] is command, (lang, word)


def test_every_command_has_words_in_every_language() -> None:
    for command in COMMANDS:
        for lang in LANGUAGES:
            assert own_words(command, lang), (command.name, lang)
    assert len({c.name for c in COMMANDS}) == len(COMMANDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_lists_exactly_the_declared_commands_by_their_first_words(lang: str) -> None:
    """Help is the declarations' help items in the layout's groups: every command with help items is in a group,
    no group holds another, and every item names the command by its first word in the person's language."""
    in_help = [c for group in (*LOBBY_HELP, *TABLE_HELP, *OPERATOR_HELP) for c in group.commands]
    assert {id(c) for c in in_help} == {id(c) for c in COMMANDS if c.help}
    host_group = TABLE_HELP[-1]
    assert {id(c) for c in host_group.commands} == {id(c) for c in COMMANDS if c.who is Who.HOST}
    assert {id(c) for c in OPERATOR_HELP[0].commands} == {id(c) for c in COMMANDS if c.who is Who.OPERATOR}
    with speaking(lang):
        text = " ".join(lobby_help(lang, False) + lobby_help(lang, True) + lobby_help(lang, False, operator=True))
        assert "Operators" not in " ".join(lobby_help("en", False))  # an operator's commands for operators
        for command in in_help:
            for item in help_items(command, lang):
                assert item.split()[0] in own_words(command, lang) or own_words(command, lang)[0] in item
                assert item in text, (lang, item)


def test_help_is_as_it_was() -> None:
    """The whole help, word for word: as before the commands were declared once (issue 37 changed nothing a player
    hears), with the people's commands of issue 39 after ``who`` and ``say``, and the ratings after ``ignore``; the
    German and Dutch help only in their first words."""
    with speaking("en"):
        assert lobby_help("en", at_table=False) == [
            "Tables: tables, join NAME.", "Tables: watch NAME.", "People: who, say TEXT.",
            "People: tell NAME TEXT.", "People: reply TEXT.", "Friends: friends, friends off.",
            "Friends: friend NAME.", "Friends: unfriend NAME.", "Keep away: ignore NAME.", "Keep away: unignore NAME.",
            "Keep away: report NAME REASON.", "Ratings: rating, top commerce.",
            "New table: create commerce", "Options: name=NAME seats=4", "Options: bots=heuristic",
            "Options: chips=5 private=yes", "Options: hints=on timer=60", "Settings: language en.",
            "Settings: verbosity brief, cards codes.", "Leave: quit."]
        assert lobby_help("en", at_table=True) == [
            "Table: leave, say TEXT.", "Table: tell NAME TEXT.", "Table: reply TEXT.", "Table: invite NAME, who.",
            "Host only: start, kick NAME.", "Host only: set hints=on.", "Host only: set timer=60."]
    with speaking("de"):
        assert lobby_help("de", at_table=False) == [
            "Tische: tische, setzen NAME.", "Tische: zuschauen NAME.", "Leute: wer, sag TEXT.",
            "Leute: flüstern NAME TEXT.", "Leute: antworten TEXT.", "Freunde: freunde, freunde aus.",
            "Freunde: freund NAME.", "Freunde: entfreunden NAME.", "Fernhalten: ignorieren NAME.",
            "Fernhalten: beachten NAME.", "Fernhalten: beschweren NAME GRUND.", "Wertungen: wertung.",
            "Wertungen: bestenliste commerce.", "Neuer Tisch: neu commerce",
            "Optionen: name=NAME seats=4",
            "Optionen: bots=heuristic",
            "Optionen: chips=5 private=yes", "Optionen: hints=on timer=60", "Einstellen: sprache de.",
            "Einstellen: ausführlichkeit kurz.", "Einstellen: karten abgekürzt.", "Verlassen: beenden."]
        assert lobby_help("de", at_table=True) == [
            "Tisch: aufstehen, sag TEXT.", "Tisch: flüstern NAME TEXT.", "Tisch: antworten TEXT.",
            "Tisch: einladen NAME, wer.", "Nur Gastgeber: starten.", "Nur Gastgeber: hinausbitten NAME.",
            "Nur Gastgeber: einstellen hints=on.", "Nur Gastgeber: einstellen timer=60."]
    with speaking("nl"):
        assert lobby_help("nl", at_table=True) == [
            "Tafel: opstaan, zeg TEKST.", "Tafel: fluister NAAM TEKST.", "Tafel: antwoord TEKST.",
            "Tafel: uitnodigen NAAM, wie.", "Alleen gastheer: starten.", "Alleen gastheer: wegsturen NAAM.",
            "Alleen gastheer: instellen hints=on.", "Alleen gastheer: instellen timer=60."]
        assert lobby_help("nl", at_table=False)[-3:] == [
            "Instellingen: taal nl, detail kort.", "Instellingen: kaarten codes.", "Verlaten: stoppen."]


def test_a_declaration_has_words_of_its_own_or_the_games_and_a_refusal_when_not_for_anyone() -> None:
    async def nothing(server: Any, session: Any, rest: str) -> None:
        return None

    with pytest.raises(ValueError, match="one of them"):
        LobbyCommand("both", nothing)
    with pytest.raises(ValueError, match="refusal"):
        LobbyCommand("kick", nothing, words=lambda t: t.pgettext("lobby", "kick"), who=Who.HOST)


# ----- the dispatch -----

class FakeSession:
    """What ``Lobby.handle`` asks of a person: their language, place and account, and what they were told."""

    def __init__(self, lang: str, place: Any = None, account: str = "Pia", operator: bool = False) -> None:
        self.lang, self.place, self.account, self.operator = lang, place, account, operator
        self.peer = SimpleNamespace(closed=False)
        self.said: list[str] = []

    def say(self, lines: list[str]) -> None:
        self.said += lines

    def prompt_place(self) -> None:
        pass


def waiting_table(host: str = "Pia") -> SimpleNamespace:
    return SimpleNamespace(host=host, spectators={}, match=None, state=TableState.WAITING)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dispatch_runs_the_handler_each_word_finds(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line is handed to the handler of the declaration its first word names, with the rest of the line: for every
    command and every word of it, by an operator at a table they are the host of (so that nothing is refused)."""
    import asyncio

    ran: list[tuple[str, str]] = []

    def recorder(name: str) -> Any:
        async def handler(server: Any, session: Any, rest: str) -> None:
            ran.append((name, rest))
        return handler

    recorded = tuple(dataclasses.replace(c, handler=recorder(c.name)) for c in COMMANDS)
    monkeypatch.setattr(lobby_commands, "COMMANDS", recorded)
    lobby = Lobby(server=None)  # type: ignore[arg-type]
    for command in recorded:
        for word in own_words(command, lang):
            ran.clear()
            session = FakeSession(lang, place=waiting_table(), operator=True)
            asyncio.run(lobby.handle(session, f"{word}  some  words "))  # type: ignore[arg-type]
            assert ran == [(command.name, "some  words")], (lang, word)
            assert session.said == []


def refusal_of(command: LobbyCommand, session: FakeSession, lang: str) -> str | None:
    with speaking(lang):
        return refusal(command, session)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_who_may_and_when_are_refused_with_the_sentences_of_before(lang: str) -> None:
    t = translation(lang)
    start, set_ = lobby_commands.START, lobby_commands.SET
    lobby, table = FakeSession(lang), waiting_table("Vera")
    guest = FakeSession(lang, place=table)
    assert refusal_of(start, lobby, lang) == t.gettext("Join a table first.")
    assert refusal_of(start, guest, lang) == t.gettext("Only the host, {name}, can start.").format(name="Vera")
    assert refusal_of(set_, lobby, lang) == t.gettext("Only a table's host can set its options.")
    assert refusal_of(set_, guest, lang) == t.gettext("Only a table's host can set its options.")
    watcher = FakeSession(lang, place=table, account="Vera")
    table.spectators[watcher] = None
    assert refusal_of(start, watcher, lang) == t.gettext("Join a table first.")
    host = FakeSession(lang, place=waiting_table("pia"))  # a name's identity, not its spelling
    assert refusal_of(start, host, lang) is None and refusal_of(set_, host, lang) is None
    host.place.state = TableState.PLAYING
    assert refusal_of(start, host, lang) == t.gettext("The match is on.")
    assert refusal_of(set_, host, lang) is None  # the options may change during the match
    for command in COMMANDS:
        if command.who is Who.ANYONE and not command.seated:
            assert refusal_of(command, lobby, lang) is None and refusal_of(command, guest, lang) is None


def test_an_operators_command_is_refused_to_anyone_else() -> None:
    host = FakeSession("en", place=waiting_table())
    assert not is_operator(host)  # type: ignore[arg-type]
    assert refusal_of(lobby_commands.BAN, host, "en") == "Only the server's operators can do that."
    operator = FakeSession("en", operator=True)
    assert is_operator(operator) and refusal_of(lobby_commands.BAN, operator, "en") is None  # type: ignore[arg-type]


# ----- heard over the server -----

def test_the_refusals_are_heard_as_before(tmp_path: Path) -> None:
    with Harness(tmp_path / "data") as harness:
        pia = harness.person("Pia")
        pia.send("start")
        pia.expect("Join a table first.")
        pia.send("set timer=60")
        pia.expect("Only a table's host can set its options.")
        pia.send("create commerce name=tt seats=3")
        pia.expect("you are the host")
        tom = harness.person("Tom")
        tom.send("sprache de")
        tom.expect("Sprache")
        tom.send("setzen tt")
        tom.expect("Du sitzt")
        tom.send("starten")
        tom.expect("Nur der Gastgeber, Pia, kann starten.")
        tom.send("einstellen hints=off")
        tom.expect("Nur der Gastgeber eines Tisches stellt seine Optionen ein.")
        pia.send("start")
        pia.expect("Hand 1", timeout=30)
        pia.send("start")
        pia.expect("The match is on.")
        assert not [entry for entry in harness.log if entry.startswith("error")]
