"""The seat layer both front ends stand on (``commerce_a11y.seat``): a seat's hearing (events in, lines out) and its
one command handler (a parsed line and the seat's view in, an outcome out). And where the console's and the table
server's copies of it once disagreed, the table now says what the console says: tested at a real ``Table`` in
process, its computer players deciding in process too."""

from __future__ import annotations

import ast
import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import new_match
from table_harness import inline_thinkers, run_virtual
from table_helpers import Person

from commerce_a11y.bots import make_bot
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.voice import Verbosity
from commerce_a11y.rules import Eliminated, Match, MatchEnded, Pass, Player, SeatView, ruleset
from commerce_a11y.seat.coach import NULL_COACH, NullCoach
from commerce_a11y.seat.handler import CONSOLE, REPLAY, TABLE, Act, Hint, OpenRules, Quit, Say, handle
from commerce_a11y.seat.hearing import Hearing, Skip
from commerce_a11y.seat.parser import Invalid, Parsed, Play, Review, ReviewCommand, parse
from commerce_a11y.seat.settings import ChangeSetting, Setting
from commerce_a11y.seat.tutorial import Tutorial
from commerce_a11y.server.registry import Server
from commerce_a11y.server.seat import Listener
from commerce_a11y.server.table import Table


@pytest.fixture(autouse=True)
def english() -> None:
    use_language("en")


def seat_zero(seed: int = 1) -> tuple[Match, Hearing]:
    """A match of three (the seat "You", Ben and Cem) and seat 0's hearing, told the start."""
    match = new_match("commerce", 3, seed=seed)
    hearing = Hearing(match, 0, Narrator(match.rules, ["You", "Ben", "Cem"], 0))
    hearing.tell(match.events)
    return match, hearing


def others_pass(match: Match, hearing: Hearing) -> list[str]:
    """Everyone else passes until seat 0 is to act; the lines told on the way."""
    lines = []
    while match.to_act != 0:
        lines += hearing.tell(match.apply(match.to_act, Pass()))
    return lines


# ----- the hearing: events in, lines out -----

def test_the_start_says_the_players_the_deal_and_the_cards_and_counts_them_as_heard() -> None:
    match, hearing = seat_zero()
    assert hearing.seen == [e.visible_to(0) for e in match.events]
    assert hearing.last_batch == []  # nothing is kept until a front end says it
    lines = Hearing(match, 0, hearing.narrator).tell(match.events)
    assert lines[0] == "Commerce: you and Ben, Cem."
    assert lines[-2:] == ["Your cards: jack of diamonds, queen of clubs, five of hearts.",
                          "Widow: eight of hearts, king of spades, seven of spades."]
    assert hearing.status(match.view(0)) == []  # the cards were heard with the deal: not said again


def test_a_run_of_other_players_passes_is_held_and_told_as_one_line() -> None:
    match, hearing = seat_zero()
    assert others_pass(match, hearing) == []
    assert len(hearing.held) == 2
    assert hearing.release() == ["Ben and Cem pass."]
    assert hearing.release() == []


def test_held_passes_are_told_before_what_comes_next() -> None:
    match, hearing = seat_zero()
    others_pass(match, hearing)
    assert hearing.tell(match.apply(0, Pass())) == ["Ben and Cem pass.", "You pass."]


def test_the_seats_own_move_marks_its_last_turn_for_the_turn_command() -> None:
    match, hearing = seat_zero()
    others_pass(match, hearing)
    hearing.release()
    hearing.tell(match.apply(0, Pass()))
    mine = hearing.since_my_turn
    assert hearing.seen[mine] == match.events[mine].visible_to(0)  # "You pass." begins the turn's story
    others_pass(match, hearing)
    assert hearing.since_my_turn == mine  # the others' moves do not move it
    said = handle(hearing, Review(ReviewCommand.TURN), match.view(0))
    assert said == Say(("Your turn. Since your last turn:", "You pass.", "Ben and Cem pass."))


def test_a_player_out_of_the_match_is_offered_the_result_only_once() -> None:
    """Issue 25, item 4: asked right after the out line (and anyone out with the player), before the next deal;
    no answer means the result only (``Skip.unanswered``)."""
    match, hearing = seat_zero()
    gone = Eliminated(0)
    deal = match.events[2]
    assert hearing.skip_point([Eliminated(1), gone, Eliminated(2), deal]) == (Skip.OUT, 3)
    assert Skip.OUT.unanswered is False and Skip.PASSED.unanswered is None
    assert hearing.follow(Skip.OUT, None) == ["You will hear only the result."]
    assert hearing.skip_point([gone]) is None  # asked once a match
    assert hearing.tell(match.apply(match.to_act, Pass())) == []  # a move: nothing is said
    assert hearing.tell([deal, MatchEnded((1,), {0: 0, 1: 3, 2: 1})]) == [
        "The others played one more hand.", "Ben wins the match."]


def test_a_player_out_of_the_match_who_follows_the_rest_hears_everything() -> None:
    match, hearing = seat_zero()
    assert hearing.follow(Skip.OUT, True) == []
    assert hearing.tell(match.apply(match.to_act, Pass())) == [] and hearing.release() == ["Ben passes."]


def test_the_tutorial_offers_no_skip_and_tells_each_event_with_its_comment() -> None:
    match = new_match("commerce", 3, seed=1)
    narrator = Narrator(match.rules, ["You", "Ben", "Cem"], 0)
    hearing = Hearing(match, 0, narrator, Tutorial(narrator))
    lines = hearing.tell(match.events)
    assert ("Tutorial: one hand of Commerce against Anna and Ben. At each step I tell you exactly what to type."
            in lines)
    assert hearing.skip_point([Eliminated(0)]) is None
    assert others_pass(match, hearing)[0] == "Ben passes."  # not held back: each pass gets its comment
    assert hearing.held == []


def test_a_returning_seat_hears_what_it_missed_since_it_left() -> None:
    match, hearing = seat_zero()
    mark = len(hearing.seen)
    assert hearing.missed(mark) == []
    others_pass(match, hearing)
    assert hearing.missed(mark) == ["Since you left:", "Ben and Cem pass."]


def test_a_resumed_match_says_where_it_stands_and_makes_the_cards_unheard() -> None:
    match, hearing = seat_zero()
    others_pass(match, hearing)
    resumed = Hearing(match, 0, hearing.narrator)
    lines = resumed.resume()
    assert lines[:2] == ["Your saved match goes on: Commerce, hand 1.", "Chips: you 3, Ben 3, Cem 3."]
    assert lines[2] == "Since your last turn:"
    assert "Your cards: jack of diamonds, queen of clubs, five of hearts." in lines  # the deal, told again
    assert resumed.status(match.view(0)) == []  # and so heard


# ----- the handler: a parsed line in, an outcome out -----

def answer(hearing: Hearing, typed: str, view: SeatView, front: Any = CONSOLE) -> Any:
    parsed = parse(typed, view)
    assert parsed is not None
    return handle(hearing, parsed, view, front)


def test_an_action_is_left_to_the_front_end_to_apply() -> None:
    match, hearing = seat_zero()
    others_pass(match, hearing)
    assert answer(hearing, "pass", match.view(0)) == Act(Pass())
    assert isinstance(answer(hearing, "swap 11", match.view(0)), Act)


def test_what_is_only_words_is_said() -> None:
    match, hearing = seat_zero()
    view = match.view(0)
    assert answer(hearing, "hand", view) == Say((
        "Your cards: jack of diamonds, queen of clubs, five of hearts.", "Your hand: point, 25."))
    assert answer(hearing, "frobnicate", view) == Say(("I do not know frobnicate. Type help for the commands.",))
    assert answer(hearing, "help", view).lines[-3:] == (
        "Settings: verbosity ve, cards cd.", "Settings: speech sp, language la.", "Leave: quit q.")


def test_repeat_says_the_last_batch_and_is_not_itself_kept() -> None:
    match, hearing = seat_zero()
    assert answer(hearing, "repeat", match.view(0)) == Say(("Nothing to repeat yet.",), kept=False)
    hearing.keep(["Ben passes."])
    assert answer(hearing, "repeat", match.view(0)) == Say(("Ben passes.",), kept=False)


def test_a_hint_is_left_to_the_front_end_and_waits_for_a_decision() -> None:
    match, hearing = seat_zero()
    assert match.to_act != 0
    assert answer(hearing, "hint", match.view(0), TABLE) == Say(("A hint comes at your turn.",))
    assert answer(hearing, "hint", match.view(0), REPLAY) == Say(("No hint here: you have nothing to decide.",))
    others_pass(match, hearing)
    assert answer(hearing, "hint", match.view(0), TABLE) == Hint()


def test_the_rules_open_at_a_section_or_say_there_is_none() -> None:
    match, hearing = seat_zero()
    view = match.view(0)
    assert answer(hearing, "rules", view) == OpenRules(None)
    assert answer(hearing, "rules 2", view) == OpenRules(1)
    assert answer(hearing, "rules nowhere", view) == Say(("There is no section nowhere. Type rules for all of them.",))
    assert answer(hearing, "quit", view) == Quit()


def test_one_settings_change_for_both_front_ends() -> None:
    match, hearing = seat_zero()
    view = match.view(0)
    assert answer(hearing, "verbosity brief", view) == ChangeSetting(Setting.VERBOSITY, "brief")
    assert answer(hearing, "cards codes", view, TABLE) == ChangeSetting(Setting.CARDS, "codes")
    assert answer(hearing, "verbosity loud", view) == Say(("Type verbosity brief, normal or verbose.",))
    assert answer(hearing, "language fr", view) == Say(("Type language de, nl or en.",))
    assert answer(hearing, "speech on", view) == ChangeSetting(Setting.SPEECH, "on")
    own = Say(("Speech comes from your own program: commerce join --speech on, or your screen reader.",))
    assert answer(hearing, "speech on", view, TABLE) == own
    use_language("de")
    assert answer(hearing, "ausfuehrlichkeit kurz", view) == ChangeSetting(Setting.VERBOSITY, "brief")
    assert ChangeSetting(Setting.VERBOSITY, "brief").said() == "Ausführlichkeit: kurz."
    change = answer(hearing, "sprache nl", view)
    assert change == ChangeSetting(Setting.LANGUAGE, "nl") and change.stored == {"lang": "nl"}
    use_language("nl")
    assert change.said() == "Taal: Nederlands."


class Strict(NullCoach):
    """A coach that lets nothing be played, and counts what was answered."""

    def __init__(self) -> None:
        self.answered: list[Parsed] = []

    def refuse(self, parsed: Parsed, view: SeatView) -> str | None:
        return "Not yet." if isinstance(parsed, Play) else None

    def done(self, parsed: Parsed, view: SeatView) -> None:
        self.answered.append(parsed)


def test_the_coach_refuses_before_the_seat_answers_and_hears_what_was_answered() -> None:
    match, hearing = seat_zero()
    coach = Strict()
    hearing.coach = coach
    others_pass(match, hearing)
    view = match.view(0)
    assert answer(hearing, "pass", view) == Say(("Not yet.",), kept=False)
    answer(hearing, "hand", view)
    answer(hearing, "rules", view)  # the rules reader and leaving are not answers the coach counts
    assert coach.answered == [Review(ReviewCommand.HAND)]
    hearing.coach = NULL_COACH
    assert isinstance(answer(hearing, "pass", view), Act)


def test_the_tutorial_refuses_a_move_before_its_step() -> None:
    match = new_match("commerce", 3, seed=1)
    narrator = Narrator(match.rules, ["You", "Ben", "Cem"], 0)
    hearing = Hearing(match, 0, narrator, Tutorial(narrator))
    view = match.view(match.to_act or 0)
    assert handle(hearing, Play(Pass()), view) == Say(
        ("No move yet: first try the commands that only tell you things.",), kept=False)
    assert handle(hearing, Invalid("Huh."), view) == Say(("Huh.",))


def test_brief_speech_never_shortens_what_is_asked_again() -> None:
    match, hearing = seat_zero()
    others_pass(match, hearing)
    normal = answer(hearing, "history all", match.view(0))
    hearing.narrator.verbosity = Verbosity.BRIEF
    assert answer(hearing, "history all", match.view(0)) == normal
    assert "Draw for the first deal: you king of spades, Ben ten of hearts, Cem eight of spades." in normal.lines


# ----- where the two copies disagreed: the table now says what the console says -----

def at_a_table(tmp_path: Path, then: Callable[[Table, Person], Awaitable[None]]) -> None:
    """Ada sits at a table of classic Commerce with two computer players; ``then`` runs once it is her turn."""

    async def main() -> None:
        server = Server(tmp_path, thinkers=inline_thinkers(), log=lambda line: None)
        try:
            table = Table(server, "t1", "Evening", ruleset("commerce"), 3, "basic", "Ada", hints=True)
            ada = Person("Ada")
            table.sit(ada)  # type: ignore[arg-type]
            await table.start()
            match = table.match
            assert match is not None
            while match.to_act != 0 or table.thinking is not None or table.stalled:
                await asyncio.sleep(0.001)
            await then(table, ada)
            for task in asyncio.all_tasks() - {asyncio.current_task()}:
                task.cancel()
        finally:
            server.io.shutdown()
            server.hashing.shutdown()
            server.store.close()

    run_virtual(main())


def test_a_refusal_at_a_table_says_what_is_possible_now_as_at_the_terminal(tmp_path: Path) -> None:
    """The table's refusal was the rules' reason alone; the console's adds "Now: ..." when nothing of the refused
    kind is possible, and so does the table's now."""

    async def then(table: Table, ada: Person) -> None:
        await table.line(ada, "pounce")  # type: ignore[arg-type]
        refusal = ada.heard[-2]  # then the question again
        assert refusal.startswith("Pounce is off in this match. Now: swap, pass")  # and knock, unless one knocked

    at_a_table(tmp_path, then)


def test_turn_at_a_table_tells_what_happened_since_the_seats_last_move(tmp_path: Path) -> None:
    """The table never marked a seat's last move, so ``turn`` told the whole match from its start; now it tells
    from the seat's last move, as at the terminal."""

    async def then(table: Table, ada: Person) -> None:
        match = table.match
        assert match is not None
        await table.line(ada, "pass")  # type: ignore[arg-type]
        while match.to_act != 0 or table.thinking is not None or table.stalled:
            await asyncio.sleep(0.001)
        del ada.heard[:]
        await table.line(ada, "turn")  # type: ignore[arg-type]
        assert ada.heard[0] == "Your turn. Since your last turn:"
        assert ada.heard[1] == "You pass."
        assert not any(line.startswith(("Commerce:", "Hand 1.")) for line in ada.heard)

    at_a_table(tmp_path, then)


def test_repeat_at_a_table_says_a_settings_answer_again_as_at_the_terminal(tmp_path: Path) -> None:
    """A setting's answer went past ``repeat`` at a table; at the terminal it is what ``repeat`` says again."""

    async def then(table: Table, ada: Person) -> None:
        await table.line(ada, "verbosity loud")  # type: ignore[arg-type]
        await table.line(ada, "repeat")  # type: ignore[arg-type]
        assert ada.heard.count("Type verbosity brief, normal or verbose.") == 2
        await table.line(ada, "verbosity brief")  # type: ignore[arg-type]
        await table.line(ada, "repeat")  # type: ignore[arg-type]
        assert ada.heard.count("Verbosity: brief.") == 2
        assert ada.verbosity == "brief"

    at_a_table(tmp_path, then)


# ----- the layer's place -----

def test_the_seat_layer_imports_neither_front_end_anywhere() -> None:
    """Every import statement in ``commerce_a11y/seat/``, at any depth (in a function, under ``TYPE_CHECKING``),
    stays out of ``console`` and ``server``: the front ends stand on the seat, never the other way round."""
    folder = Path(__file__).resolve().parents[1] / "commerce_a11y" / "seat"
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            found += [(path.name, n) for n in names
                      if n.lstrip(".").split(".")[0] in ("console", "server") or ".console" in n or ".server" in n]
    assert found == []
    assert len(list(folder.glob("*.py"))) >= 10


def test_at_a_table_the_person_out_hears_the_final_round_as_a_spectator_does() -> None:
    """Issue 25, item 4: at a table nobody is asked; the person who is out hears the rest as a spectator does, and
    once no person is left in, both hear the final round (B12) and every hand of it, then the end."""
    class Ear:
        lang, verbosity, cards = "en", "brief", "names"

        def __init__(self) -> None:
            self.lines: list[str] = []

        def say(self, lines: list[str]) -> None:
            self.lines += lines

    players = [Player("Dora", "human"), *(Player(n, "bot:heuristic") for n in ("Anna", "Ben", "Cem"))]
    match = Match(ruleset("braillespiel", marks=2), players, 4)
    ears = {seat: Ear() for seat in (0, -1)}
    listeners = {seat: Listener.create(match, seat, "en", "brief", "names", "dora" if seat == 0 else None)
                 for seat in ears}
    for seat, listener in listeners.items():
        listener.attach(ears[seat])
        listener.hear(match.events)
    bots = {s: make_bot("heuristic", 40 + s) for s in (1, 2, 3)}
    while not match.over:
        seat = match.to_act
        events = match.apply(seat, Pass() if seat == 0 else bots[seat].choose(match.view(seat)))
        for listener in listeners.values():
            listener.hear(events)
    final = next(e for e in match.events if isinstance(e, Eliminated) and e.final_round)
    assert final.final_round and match.events[-1].final_round
    for seat, ear in ears.items():
        out = ear.lines.index("You are out." if seat == 0 else "Dora is out.")
        told = ear.lines.index(f"The match ends after {final.final_round} more hands.")
        assert out < told and not any(line.startswith("Follow") for line in ear.lines)
        assert sum(line.endswith(" deals.") for line in ear.lines[told:]) == final.final_round  # brief: who deals
