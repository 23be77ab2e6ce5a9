"""Issue 25, items 2, 6 and 7: every question names the moves possible now and, with the cursor after it, fits a
40-cell braille display, in every language, ruleset, card style and verbosity, at every kind of decision; help
comes as short lines.

The decisions are real: seeded matches between computer players, each of seat 0's decisions kept once per kind
(phase, last round, moves possible), with 20-letter names at the table (the longest a table server allows); the
kinds a random match meets only rarely (a call right after the deal, fire or a pounce among the moves) are those
views with the actions added. Cells are counted as bench/speech_cost.py counts them: liblouis ``lou_translate``
with the language's table, one cell per output character, one run per table for all the lines (the tests that
count cells start it, so they are marked e2e).
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
from dataclasses import replace
from functools import cache

import pytest

from commerce_a11y.bots import make_bot
from commerce_a11y.console.session import TUTORIAL_OFFER, TUTORIAL_QUESTION
from commerce_a11y.i18n import _, speaking
from commerce_a11y.narration.asking import status_lines, table_cards
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.rules import Fire, Match, Phase, Player, Pounce, SeatView, Wait, ruleset
from commerce_a11y.seat.coach import NullCoach
from commerce_a11y.seat.hearing import Skip
from commerce_a11y.seat.parser import REVIEW_COMMANDS, command_vocabulary, normalize
from commerce_a11y.seat.prompts import ADVICE, AGAIN, LOOK, READ, SETTINGS, TOLD, help_lines, possible, question
from commerce_a11y.server.lobby_commands import lobby_help

TABLES = {"de": "de-g0.utb", "nl": "nl-NL-g0.utb", "en": "en-ueb-g1.ctb"}
"""The liblouis tables bench/speech_cost.py measures with."""
CELLS = 40
NAMES = ("You", "Bartholomew-Augustin", "Maximilian-Alexander", "Cem")
"""Players at the table, two with names of 20 letters."""
CONFIGS = (("commerce", {}), ("commerce", {"swaps_per_turn": 3, "pounce": True}), ("braillespiel", {}),
           ("handeln", {}), ("thirty-one", {}), ("trentuno", {}), ("schwimmen", {}), ("tauschen", {}))
SEEDS = range(2)


def kind(view: SeatView) -> tuple[object, ...]:
    return (view.rules.name, view.phase, view.last_round, view.turn_offered, view.face_down, tuple(possible(view)))


@cache
def decisions() -> tuple[SeatView, ...]:
    """Seat 0's decisions of every kind the seeded matches meet, and the rare kinds made from them."""
    found: dict[tuple[object, ...], SeatView] = {}
    for (name, options), seed in itertools.product(CONFIGS, SEEDS):
        match = Match(ruleset(name, **options), [Player(n) for n in NAMES], seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(len(NAMES))]
        while not match.over:
            seat = match.to_act
            assert seat is not None
            view = match.view(seat)
            if seat == 0:
                found.setdefault(kind(view), view)
            match.apply(seat, bots[seat].choose(view))
    views = list(found.values())
    for view in list(views):
        if view.phase in (Phase.TURN, Phase.CONTINUE) and view.rules.name in ("handeln", "thirty-one"):
            views.append(replace(view, legal=(*view.legal, Fire())))  # H4, T2: fire (or 31) among the moves
            if view.phase is Phase.TURN and not view.last_round:
                views.append(replace(view, phase=Phase.CALL, legal=(Fire(), Wait())))  # right after the deal
        if view.phase is Phase.TURN and view.rules.options.get("pounce"):
            views.append(replace(view, legal=(*view.legal, Pounce())))
    return tuple(views)


def braille_cells(lang: str, lines: list[str]) -> list[int]:
    """Each line's cells through ``lou_translate``, one run for all of them."""
    if shutil.which("lou_translate") is None:
        pytest.skip("liblouis (lou_translate, Debian liblouis-bin) is not installed")
    result = subprocess.run(["lou_translate", "--forward", TABLES[lang]], input="".join(f"{line}\n" for line in lines),
                            capture_output=True, text=True, encoding="utf-8", check=True)
    cells = [len(line) for line in result.stdout.split("\n")[:-1]]
    assert len(cells) == len(lines)
    return cells


def questions(lang: str) -> list[str]:
    """Every question of every decision, card style and verbosity, in one language."""
    lines = []
    with speaking(lang):
        for view, style, verbosity in itertools.product(decisions(), CardStyle, Verbosity):
            lines.append(question(Narrator(view.rules, NAMES, 0, verbosity, style), view))
        # The yes-or-no questions too: the tutorial, leaving, and following the rest once out or passed.
        lines += [_(TUTORIAL_QUESTION), NullCoach().leave_question(), *(skip.question() for skip in Skip)]
    return lines


def test_the_matches_meet_every_kind_of_decision() -> None:
    phases = {(v.rules.name, v.phase) for v in decisions()}
    assert {("tauschen", Phase.ANSWER), ("schwimmen", Phase.EXCHANGE), ("handeln", Phase.EXCHANGE),
            ("handeln", Phase.CALL), ("thirty-one", Phase.CALL), ("commerce", Phase.CONTINUE)} <= phases
    assert all(any(v.rules.name == name and v.last_round for v in decisions()) for name, _o in CONFIGS
               if name != "braillespiel")  # B: no knock, no last round
    assert any(v.turn_offered for v in decisions())


@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_every_question_with_its_cursor_fits_a_braille_line(lang: str) -> None:
    lines = questions(lang)
    # The question ends in a space, and the cursor stands after it: a screen reader's braille line (Orca's, as
    # tests/screen_reader measures it) shows both, one cell each.
    assert all(line.endswith(" ") and not line.endswith("  ") for line in lines)
    over = [(n + 2, line) for line, n in zip(lines, braille_cells(lang, [ln.rstrip() for ln in lines]), strict=True)
            if n + 2 > CELLS]
    assert not over, over


@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_with_codes_the_cards_before_each_question_fit_a_braille_line(lang: str) -> None:
    """With codes the hand and the widow are the line right before every question (one pan up), whether or not
    they changed; an offer to the player comes before them (a move line, as long as the offerer's name)."""
    lines = []
    with speaking(lang):
        for view, verbosity in itertools.product(decisions(), Verbosity):
            narrator = Narrator(view.rules, NAMES, 0, verbosity, CardStyle.CODES)
            status = status_lines(narrator, view, ((), ()))
            assert status[-1] == table_cards(narrator, view)
            assert len(status) == 1 + (view.phase is Phase.ANSWER)
            lines.append(status[-1])
    over = [(n, line) for line, n in zip(lines, braille_cells(lang, lines), strict=True) if n > CELLS]
    assert not over, over


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_every_question_names_the_moves_the_parser_takes(lang: str) -> None:
    """Item 2: each question ends with the moves possible now, each a word that makes that move as typed; no
    question names a player, and none uses a parenthesis or a semicolon (item 5)."""
    with speaking(lang):
        for view, style, verbosity in itertools.product(decisions(), CardStyle, Verbosity):
            line = question(Narrator(view.rules, NAMES, 0, verbosity, style), view)
            moves = line.rstrip().removesuffix("?").rsplit(": ", 1)[-1].split(", ")
            commands = possible(view)
            assert len(moves) == len(commands), line
            for word, command in zip(moves, commands, strict=True):
                assert command_vocabulary(lang).get(normalize(word)) == command, (line, word)
            assert not any(name in line for name in NAMES[1:]), line
            assert not set(line) & set("();"), line


@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_help_comes_as_short_lines(lang: str) -> None:
    """Item 7: help at every kind of decision is short lines, each within 40 cells, without parentheses or
    semicolons (item 5); every review command is in it (``widow`` but where no widow lies, Trade and Barter, item
    12)."""
    with speaking(lang):
        helps = [help_lines(view) for view in decisions()]
        lobby = [lobby_help(lang, at_table) for at_table in (False, True)]  # the table server's, before a match
    assert all(len(lines) >= 2 for lines in lobby)
    lines = sorted({line for lines in (*helps, *lobby) for line in lines})
    over = [(n, line) for line, n in zip(lines, braille_cells(lang, lines), strict=True) if n > CELLS]
    assert not over, over
    assert not any(set(line) & set("();") for line in lines)
    assert sorted((*LOOK, *TOLD, *AGAIN, *ADVICE, *READ, *SETTINGS, "quit")) == sorted(REVIEW_COMMANDS)
    assert all(8 <= len(lines) <= 14 for lines in helps)


def test_trade_and_barter_help_leaves_out_the_widow() -> None:
    with speaking("en"):
        for view in decisions():
            text = " ".join(help_lines(view))
            assert ("widow w" in text) == bool(view.rules.widow), text
            assert "whatif wi" in text


def test_the_tutorial_offer_is_a_line_and_a_short_question() -> None:
    """Item 6: the first run's offer says what the tutorial is on a line of its own; the question after it is
    short."""
    with speaking("en"):
        assert _(TUTORIAL_OFFER) == "New to Commerce? A guided first hand teaches it step by step."
        assert _(TUTORIAL_QUESTION) == "Play the tutorial now? Yes or no? "


def test_the_lobby_help_is_short_lines_most_used_first() -> None:
    with speaking("en"):
        assert lobby_help("en", at_table=False)[:3] == [
            "Tables: tables, join NAME.", "Tables: watch NAME.", "People: who, say TEXT."]
        assert lobby_help("en", at_table=True) == [
            "Table: leave, say TEXT.", "Table: tell NAME TEXT.", "Table: reply TEXT.", "Table: invite NAME, who.",
            "Host only: start, kick NAME.", "Host only: set hints=on.", "Host only: set timer=60."]
