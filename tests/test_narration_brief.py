"""Say less, say it right: what a player hears in a whole match, at each verbosity and card style.

Each test plays real matches in-process through ``Game`` (the same loop as ``commerce play``), with a scripted
player who answers each question (usually a pass, sometimes review commands), and reads the lines the game wrote.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from commerce_a11y.bots import make_bot
from commerce_a11y.console.game import Game
from commerce_a11y.console.speech import SilentSpeech
from commerce_a11y.console.terminal import Terminal
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.values import value_words
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.narration.words import card_code, card_name
from commerce_a11y.rules import (
    Dealt,
    Eliminated,
    FirstDealerDrawn,
    Kept,
    Knocked,
    Match,
    Pass,
    Passed,
    Phase,
    Player,
    Settled,
    Showdown,
    Swapped,
    record_lines,
    replay,
    ruleset,
)

NAMES = ["You", "Anna", "Ben", "Cem", "Dora"]
QUESTION = re.compile(r"(?:(?:Your turn goes on|Last turn|You deal|You may call now|\S+ offered): )?"
                      r"[a-z]+(?: all)?(?:, [a-z]+(?: all)?)*\? ")
"""A question at a decision, as the game writes it with the answer: the moves possible now, perhaps after what sets
the decision apart ("Last turn: swap, pass? pass")."""


@pytest.fixture(autouse=True)
def english() -> None:
    use_language("en")


@dataclass
class Script:
    """The player: ``answer(prompt, game)`` gives each line typed (None ends the input)."""

    answer: Callable[[str, Game], str | None]
    interactive: bool = False
    name: str = "plain"
    game: Game | None = None
    asked: list[str] = field(default_factory=list)

    def read(self, prompt: str) -> str | None:
        """The answer to the question, the prompt's last line: at a terminal (``interactive``) the lines said
        before it come with it (``Terminal.holding``)."""
        assert self.game is not None
        question = prompt.rpartition("\n")[2]
        self.asked.append(question)
        line = self.answer(question, self.game)
        self.game.terminal.stdout.write(prompt + (line or "") + "\n")
        return line


def passing(prompt: str, game: Game) -> str | None:
    """Always the decline: pass, or keep the hand at Handeln's dealer's exchange, or done; out of the match (a
    ``play`` with ``interactive``), follow the rest."""
    if prompt.startswith("Follow the rest"):
        return "yes"
    view = game.match.view(game.seat)
    if view.phase is Phase.EXCHANGE:
        return "keep"
    if view.phase in (Phase.CALL, Phase.CONTINUE):
        return "done"
    return "pass"


def play(name: str = "commerce", players: int = 4, seed: int = 3, verbosity: Verbosity = Verbosity.NORMAL,
         style: CardStyle = CardStyle.NAMES, answer: Callable[[str, Game], str | None] = passing,
         interactive: bool = False, bots: str = "heuristic", match: Match | None = None, resumed: bool = False,
         **options: object) -> tuple[Game, list[str]]:
    """A match played by ``answer`` to its end (or the end of input); the game and the lines it wrote."""
    if match is None:
        match = Match(ruleset(name, **options), [Player(n, "human" if s == 0 else f"bot:{bots}")
                                                 for s, n in enumerate(NAMES[:players])], seed)
    out = io.StringIO()
    script = Script(answer, interactive)
    narrator = Narrator(match.rules, NAMES[:len(match.players)], 0, verbosity, style)
    game = Game(match, 0, {s: make_bot(bots, seed * 100 + s) for s in range(1, len(match.players))}, narrator,
                Terminal(script, SilentSpeech(), out), lambda lines: True)
    script.game = game
    game.run(resumed=resumed)
    return game, out.getvalue().splitlines()


def said(lines: list[str], text: str) -> int:
    return sum(line == text for line in lines)


# ----- showdowns -----


def test_a_showdown_names_each_value_without_the_cards_and_show_gives_them() -> None:
    """Issue 15: "Ben: queen of clubs, seven of clubs, king of clubs; Flush in clubs: king, queen, seven." said the
    cards twice. Normal speech names the value (which names the deciding cards); ``show`` gives every card."""
    shown: list[list[str]] = []

    def answer(prompt: str, game: Game) -> str | None:
        if game.match.hand_no == 2 and not shown:
            shown.append([])
            return "show"
        if shown and len(shown) == 1 and not shown[0]:
            shown[0] = game.terminal.stdout.getvalue().splitlines()
        return passing(prompt, game)

    game, lines = play(answer=answer)
    first = next(e for e in game.match.events if isinstance(e, Showdown))
    told = lines[:next(i for i, line in enumerate(lines) if line.endswith("? show"))]
    for seat, cards in first.hands.items():
        who = "You" if seat == 0 else NAMES[seat]
        value = value_words(game.match.rules, cards)
        assert f"{who}: {value}." in told
        card_list = ", ".join(card_name(c) for c in cards)
        assert not any(line.startswith(f"{who}: ") and card_list in line for line in told)
        assert f"{who}: {value}, with {card_list}." in shown[0]  # asked for, every card is there
    assert "Last showdown:" in shown[0]


def test_verbose_still_says_every_card_of_a_showdown() -> None:
    game, lines = play(verbosity=Verbosity.VERBOSE)
    first = next(e for e in game.match.events if isinstance(e, Showdown))
    for seat, cards in first.hands.items():
        who = "You" if seat == 0 else NAMES[seat]
        assert any(line.startswith(f"{who}: ") and line.endswith(f", with {card_name(cards[0])}, "
                                                                 f"{card_name(cards[1])}, {card_name(cards[2])}.")
                   for line in lines)


def test_brief_tells_each_loser_with_the_count_left_in_one_line() -> None:
    """Issue 25, the speech budget: "Cem loses a chip: st s7 sa." and "Chips: Cem 2." became one line, "Cem loses a
    chip, 2 left.", a line each loser, the player first; the losing value is in ``show``. Losing the last chip is
    said without a count, as the line after it says what it means ("Cem is out.")."""
    game, lines = play(verbosity=Verbosity.BRIEF, interactive=True)
    assert "Showdown." not in lines and not any(line.startswith("Chips: ") for line in lines)
    expected = []
    for event in game.match.events:
        if isinstance(event, Settled):
            for seat in sorted((s for s, c in event.changes.items() if c < 0), key=lambda s: (s != 0, s)):
                left = event.totals[seat]
                who = "You lose" if seat == 0 else f"{NAMES[seat]} loses"
                expected.append(f"{who} a chip, {left} left." if left else f"{who} a chip.")
    assert len(expected) > 5
    assert [line for line in lines if " lose a chip" in line or " loses a chip" in line] == expected
    lost = [e for e in game.match.events if isinstance(e, Showdown)][-1]
    assert value_words(game.match.rules, lost.hands[lost.losers[0]]) not in " ".join(lines)


# ----- before and at each question -----


def turn_blocks(lines: list[str]) -> list[tuple[list[str], str]]:
    """Each question with the lines said since the one before."""
    blocks, since = [], []
    for line in lines:
        if QUESTION.match(line):
            blocks.append((since, line))
            since = []
        else:
            since.append(line)
    return blocks


def test_cards_and_widow_are_said_before_a_question_only_when_they_changed() -> None:
    """Issue 15: "Hand: ... Widow: ..." before every turn cost 7-8 s even when nothing changed."""
    _game, lines = play()
    heard_hand = heard_widow = None
    blocks = turn_blocks(lines)
    assert len(blocks) > 5
    for since, _question in blocks:
        for line in since:
            if line.startswith("Your cards: "):
                assert line != heard_hand, "the cards said again unchanged"
                heard_hand = line
            elif line.startswith("Widow: "):
                assert line != heard_widow, "the widow said again unchanged"
                heard_widow = line
    # What is said last before each question is the truth at that question.
    assert heard_hand is not None and heard_widow is not None


CODES = r"[a-z]{1,2}[A-Z2-9](?: [a-z]{1,2}[A-Z2-9])*"
"""Codes separated by spaces: a suit's small letters, then a rank's capital or digit ("hQ h7 s2")."""
CARDS_LINE = re.compile(rf"({CODES}), (?:widow )?({CODES})")
"""A cards line with codes: "hQ h7 s2, c7 d9 h2" (brief), "hQ h7 s2, widow c7 d9 h2" (normal)."""
BRIEF_SWAP_LINE = re.compile(rf"(\w+) ({CODES}) for ({CODES})\.")
"""A swap in brief speech with codes: "Anna h8 for c6.", "You hQ for c6."."""


def swapping(prompt: str, game: Game) -> str | None:
    """Swaps the first card for the widow's first at every other turn, so that the player's own swaps are heard
    too; otherwise ``passing``."""
    view = game.match.view(game.seat)
    if view.phase is Phase.TURN and view.own_turns % 2:
        return "11"
    return passing(prompt, game)


def test_with_codes_the_line_before_each_question_holds_hand_and_widow_and_the_last_turn_is_said() -> None:
    """Issue 15, issue 25 item 6: the question names the moves and whether it is the last turn (who knocked was
    said when it happened); one pan up on a braille display, the line before it holds hand and widow in codes,
    in normal speech whenever anything changed."""
    questions: list[tuple[str, str, tuple, tuple, bool]] = []

    def answer(prompt: str, game: Game) -> str | None:
        view = game.match.view(0)
        before = game.terminal.stdout.getvalue().splitlines()[-1]
        questions.append((prompt, before, view.hand, view.widow, view.last_round))
        return swapping(prompt, game)

    play(verbosity=Verbosity.NORMAL, style=CardStyle.CODES, answer=answer)
    last = 0
    for prompt, before, hand, widow, last_round in questions:
        assert all(card_code(c) in before for c in (*hand, *widow)), before
        assert not any(card_code(c) in prompt for c in (*hand, *widow)), prompt
        if last_round:
            assert prompt == "Last turn: swap, pass? ", prompt
            last += 1
        else:
            assert prompt == "swap, pass, knock? ", prompt
    assert last > 0


def test_brief_codes_say_the_cards_again_where_the_widow_holds_none_the_player_heard() -> None:
    """Issue 25, the speech budget: brief speech tells every swap with both its cards, so before a question the
    cards line is said again only where the hand has more than one card the player did not hear in the last cards
    line nor move themselves, or the widow has none of them left (docs/accessibility.md). What the player knows at
    each question, the last cards line with the swap lines after it made in order, is always the truth."""
    checked = said_again = 0

    def answer(prompt: str, game: Game) -> str | None:
        nonlocal checked, said_again
        lines = game.terminal.stdout.getvalue().splitlines()
        at = max(i for i, line in enumerate(lines) if CARDS_LINE.fullmatch(line))
        said_again += at == len(lines) - 2  # the line before the question (which is the last one)
        hand, widow = (set(part.split()) for part in CARDS_LINE.fullmatch(lines[at]).groups())
        mine = set(widow)
        for line in lines[at + 1:]:
            swap = BRIEF_SWAP_LINE.fullmatch(line)
            if swap is None:
                continue
            who, took, gave = swap[1], set(swap[2].split()), set(swap[3].split())
            if who == "You":
                hand, mine = (hand - gave) | took, (mine - took) | gave
            widow = (widow - took) | gave
        view = game.match.view(0)
        assert (hand, widow) == ({card_code(c) for c in view.hand}, {card_code(c) for c in view.widow}), lines[at:]
        assert len({card_code(c) for c in view.widow} - mine) < len(view.widow), lines[at:]
        checked += 1
        return swapping(prompt, game)

    for seed in (3, 4, 5):
        play(seed=seed, verbosity=Verbosity.BRIEF, style=CardStyle.CODES, answer=answer)
    assert checked > 20 and 0 < said_again < checked


def test_a_knock_is_one_short_line_and_verbose_explains_it() -> None:
    """Issue 15: "Anna knocks. Everyone else has one last turn." (2.9 s) against "Anna knocks." (0.9 s)."""
    for verbosity in (Verbosity.BRIEF, Verbosity.NORMAL):
        game, lines = play(verbosity=verbosity)
        knocks = [e.player for e in game.match.events if isinstance(e, Knocked) and e.player != 0]
        assert knocks
        assert all(f"{NAMES[p]} knocks." in lines for p in knocks)
        assert not any("one last turn" in line for line in lines)
    _, lines = play(verbosity=Verbosity.VERBOSE)
    assert any(line.endswith("knocks. Everyone else has one last turn.") for line in lines)


def test_other_players_passes_in_a_row_are_one_line() -> None:
    for seed in (3, 4, 5):
        _game, lines = play(players=5, bots="basic", seed=seed, interactive=True)
        # Never two others' passes told one after the other: a run is one line.
        assert not [pair for pair in itertools.pairwise(lines)
                    if all(re.fullmatch(r"(Anna|Ben|Cem|Dora) passes\.", line) for line in pair)]
    assert any(re.fullmatch(r"\w+(, \w+)* and \w+ pass\.", line) for line in lines), lines
    narrator = Narrator(ruleset("commerce"), NAMES, 0)
    events = [Passed(2), Passed(3), Passed(4)]
    assert narrator.events(events) == ["Ben, Cem and Dora pass."]
    assert narrator.events(events[:1]) == ["Ben passes."]


# ----- brief is short, never blind -----


def test_brief_still_says_the_players_counts_dealer_and_the_last_turn() -> None:
    """Issue 15: brief dropped the player list and starting counts, who deals, the counts after each hand and that
    a turn is the last one."""
    game, lines = play(verbosity=Verbosity.BRIEF, interactive=True)
    assert lines[:2] == ["Commerce: you and Anna, Ben, Cem.", "Everyone starts with 3 chips."]
    deals = [e for e in game.match.events if isinstance(e, Dealt)]
    said = [line for line in lines if line == "You deal." or line.endswith(" deals.")]
    assert said == ["You deal." if deal.dealer == 0 else f"{NAMES[deal.dealer]} deals." for deal in deals]
    assert any(line.startswith("Last turn: ") for line in lines)  # who knocked: "Anna knocks." when it happened
    assert any(line.endswith(" left.") for line in lines)  # the counts: "Cem loses a chip, 2 left."
    assert not any("deals first" in line for line in lines)


def test_the_first_dealer_is_said_once() -> None:
    """Issue 15: "Cem deals first." was followed by "Hand 1. Cem deals."."""
    game, lines = play()
    dealer = NAMES[next(e for e in game.match.events if isinstance(e, FirstDealerDrawn)).dealer]
    assert not any("deals first" in line for line in lines)
    assert sum(line in (f"Hand 1. {dealer} deals.", "Hand 1. You deal.") for line in lines) == 1


def test_handeln_says_its_limit_and_the_dealer_keeping_the_hand_in_every_verbosity() -> None:
    """Issue 15: Handeln never said the minus-point limit at the start, and the dealer keeping the hand was not
    said even in verbose mode."""
    for verbosity in Verbosity:
        game, lines = play("handeln", players=5, verbosity=verbosity, limit=3)
        assert any("3 minus points" in line for line in lines[:3]), lines[:3]
        keeps = [e.player for e in game.match.events if isinstance(e, Kept)]
        assert keeps
        for seat in keeps:
            assert (f"{NAMES[seat]} keeps their cards." if seat else "You keep your cards.") in lines


def test_options_are_named_at_the_start() -> None:
    for verbosity in Verbosity:
        _, lines = play(verbosity=verbosity, pounce=True, ace_low=True, answer=lambda p, g: None)
        assert "Options: ace low, pounce." in lines[:4], lines[:4]
    _, lines = play(answer=lambda p, g: None)
    assert not any(line.startswith("Options:") for line in lines)


def test_a_braillespiel_tie_decided_by_turn_order_is_explained() -> None:
    """B7: equal hands, the first in this hand's turn order wins; the narration says so."""
    rules = ruleset("braillespiel")
    from commerce_a11y.cards import parse_cards

    tie = Showdown({2: parse_cards("AH KH 7C"), 0: parse_cards("AS KS 8D"), 1: parse_cards("7D 8C 9H")}, {},
                   winners=(2,))
    for verbosity in Verbosity:
        narrator = Narrator(rules, NAMES[:3], 0, verbosity)
        assert narrator.event(tie)[-2:] == ["You and Ben tie with 21 points.", "Ben wins the pot, first in turn order."]


def test_a_stalemate_says_why_the_hands_are_shown() -> None:
    """C6: every player passed twice in a row; the showdown says that is why."""
    match = Match(ruleset("commerce"), [Player("You"), Player("Anna"), Player("Ben")], 5)
    while match.hand_no == 1:
        match.apply(match.to_act, Pass())
    showdown = next(e for e in match.events if isinstance(e, Showdown))
    assert showdown.stalemate is True
    for verbosity, line in ((Verbosity.NORMAL, "Everyone passed, so the hands are shown."),
                            (Verbosity.BRIEF, "Everyone passed.")):
        assert Narrator(match.rules, NAMES[:3], 0, verbosity).event(showdown)[0] == line


# ----- nothing is lost -----


def test_nothing_cut_from_brief_speech_is_lost_to_the_review_commands() -> None:
    """Issue 15: everything brief (or normal) speech leaves out can be asked for: the hand, the widow, every
    count, the last showdown's cards, what happened since the last turn."""
    checks = {"turns": 0, "shown": 0}
    pending: list[str] = []

    def answer(prompt: str, game: Game) -> str | None:
        out = game.terminal.stdout.getvalue().splitlines()
        view = game.match.view(0)
        if pending:
            command = pending.pop(0)
            asked = max(i for i, line in enumerate(out) if line.endswith(command))
            told = out[asked + 1:]
            told = told[:-1] if told and told[-1] == prompt else told
            if command == "hand":
                assert all(card_code(c) in told[0] for c in view.hand)
            elif command == "widow":
                assert all(card_code(c) in told[0] for c in view.widow)
            elif command == "chips":
                for seat, count in enumerate(view.counts):
                    assert f"{'you' if seat == 0 else NAMES[seat]} {count}" in told[0]
            elif command == "show":
                last = next((e for e in reversed(game.match.events) if isinstance(e, Showdown)), None)
                if last is not None:
                    text = " ".join(told)
                    assert all(card_code(c) in text for cards in last.hands.values() for c in cards)
                    checks["shown"] += 1
            elif command == "history all":
                text = " ".join(told)
                for event in game.match.events:
                    if isinstance(event, Swapped) and event.player != 0:
                        assert all(card_code(c) in text for c in (*event.took, *event.gave))
            if pending:
                return pending[0]
            return passing(prompt, game)
        if view.phase is Phase.TURN:
            checks["turns"] += 1
            pending.extend(["hand", "widow", "chips", "show", "history all"])
            return pending[0]
        return passing(prompt, game)

    play(verbosity=Verbosity.BRIEF, style=CardStyle.CODES, answer=answer)
    assert checks["turns"] > 5 and checks["shown"] > 2


# ----- resuming -----


def test_resume_tells_where_the_match_stands_and_turn_tells_what_happened() -> None:
    """Issue 15: after ``commerce resume``, ``turn`` said nothing had happened although a showdown, a deal and
    moves had; the greeting gave no hand number and no counts."""
    answers = iter(["pass"] * 6)
    saved: list[str] = []
    match = Match(ruleset("commerce"), [Player(n, "human" if s == 0 else "bot:heuristic")
                                        for s, n in enumerate(NAMES[:4])], 3)
    out = io.StringIO()
    script = Script(lambda p, g: next(answers, None))
    game = Game(match, 0, {s: make_bot("heuristic", s) for s in (1, 2, 3)}, Narrator(match.rules, NAMES[:4], 0),
                Terminal(script, SilentSpeech(), out), lambda lines: saved.__setitem__(slice(None), lines) or True)
    script.game = game
    game.run()
    again = replay(saved)
    my_last = max(i for i, e in enumerate(again.events) if isinstance(e, Passed) and e.player == 0)
    assert any(isinstance(e, Showdown | Swapped) for e in again.events[my_last + 1:])
    asked: list[str] = []

    def once(prompt: str, g: Game) -> str | None:
        asked.append(prompt)
        return "turn" if len(asked) == 1 else None

    _game2, lines = play(match=again, resumed=True, answer=once)
    assert lines[0] == f"Your saved match goes on: Commerce, hand {again.hand_no}."
    assert lines[1].startswith("Chips: you ")
    assert lines[2] == "Since your last turn:"
    turn_at = next(i for i, line in enumerate(lines) if line.endswith("turn"))
    assert lines[turn_at + 1] == "Your turn. Since your last turn:"


def test_a_resumed_player_hears_the_cards_before_the_question() -> None:
    saved: list[str] = []
    answers = iter(["pass"])
    match = Match(ruleset("commerce"), [Player(n, "human" if s == 0 else "bot:basic")
                                        for s, n in enumerate(NAMES[:4])], 3)
    game = Game(match, 0, {s: make_bot("basic", s) for s in (1, 2, 3)}, Narrator(match.rules, NAMES[:4], 0),
                Terminal(Script(lambda p, g: next(answers, None)), SilentSpeech(), io.StringIO()),
                lambda lines: saved.__setitem__(slice(None), lines) or True)
    game.terminal.backend.game = game
    game.run()
    again = replay(saved)
    _, lines = play(match=again, resumed=True, answer=lambda p, g: None)
    view = again.view(0)
    assert f"Your cards: {', '.join(card_name(c) for c in view.hand)}." in lines
    assert f"Widow: {', '.join(card_name(c) for c in view.widow)}." in lines


# ----- following the rest, or not -----


def eliminated_first_seed() -> int:
    """A seed whose 4-player one-chip match puts the passing player out first."""
    for seed in range(200):
        match = Match(ruleset("commerce", chips=1), [Player(n, "human" if s == 0 else "bot:basic")
                                                     for s, n in enumerate(NAMES[:4])], seed)
        bots = {s: make_bot("basic", seed * 100 + s) for s in (1, 2, 3)}
        while not match.over:
            seat = match.to_act
            action = Pass() if seat == 0 else bots[seat].choose(match.view(seat))
            match.apply(seat, action if seat or Pass() in match.legal_actions() else match.phase.done)
            out = [e.player for e in match.events if isinstance(e, Eliminated)]
            if out:
                break
        if out == [0] and not match.over:
            return seed
    raise AssertionError("no seed found")


def answering(word: str | None) -> Callable[[str, Game], str | None]:
    """The passing player, who answers "Follow the rest?" with ``word``."""
    def answer(prompt: str, game: Game) -> str | None:
        return word if prompt.startswith("Follow the rest") else passing(prompt, game)
    return answer


def after_the_question(lines: list[str]) -> list[str]:
    asked = [i for i, line in enumerate(lines) if line.startswith("Follow the rest")]
    assert len(asked) == 1, lines
    return lines[asked[0] + 1:]


@pytest.mark.parametrize("word", ["no", ""])
def test_out_of_the_match_no_or_an_empty_answer_hear_only_the_result(word: str) -> None:
    """Issue 25, item 4: after the player was out, 375 outcome lines came at once. Asked once, right after the out
    line; "no" and an empty answer (Enter) mean the result only: one line saying how many hands the others played,
    then the match end, each on its own line (item 12)."""
    seed = eliminated_first_seed()
    game, lines = play(seed=seed, bots="basic", chips=1, answer=answering(word), interactive=True)
    before = lines[:lines.index(next(line for line in lines if line.startswith("Follow the rest")))]
    assert before[-2:] == ["You are out.", "The match plays on to its end."]
    after = after_the_question(lines)
    played = sum(isinstance(e, Dealt) for e in game.match.events) - next(
        e.hand for e in reversed(game.match.events[:game.match.events.index(Eliminated(0))]) if isinstance(e, Dealt))
    assert played > 1
    assert after == ["You will hear only the result.", f"The others played {played} more hands.",
                     f"{NAMES[game.match.winners[0]]} wins the match."]


@pytest.mark.parametrize("follow", ["Follow the rest", "Follow the others"])
def test_the_end_of_input_at_a_follow_question_saves_and_leaves(follow: str) -> None:
    """Ctrl-D saves and leaves at every question, these two too (found by the Orca test: the match played on)."""
    def answer(prompt: str, game: Game) -> str | None:
        return None if prompt.startswith(follow) else passing(prompt, game)

    if follow == "Follow the rest":
        game, lines = play(seed=eliminated_first_seed(), bots="basic", chips=1, answer=answer, interactive=True)
    else:
        game, lines = play("braillespiel", answer=answer, interactive=True)
    asked = [i for i, line in enumerate(lines) if line.startswith(follow)]
    assert len(asked) == 1, lines
    assert not game.match.over
    assert lines[-1] == game.coach.goodbye(True)[-1]


def test_out_of_the_match_yes_follows_every_move_to_the_end() -> None:
    seed = eliminated_first_seed()
    game, lines = play(seed=seed, bots="basic", chips=1, answer=answering("yes"), interactive=True)
    after = after_the_question(lines)
    assert after[0].startswith("Hand ") and after[0].endswith("deals.")
    hands = [line for line in after if re.fullmatch(r"Hand \d+\. \w+ deals\.", line)]
    assert len(hands) > 1 and not any("more hand" in line for line in after)
    assert after[-1] == f"{NAMES[game.match.winners[0]]} wins the match."


def test_a_script_is_never_asked_and_hears_only_the_result() -> None:
    """A script cannot answer: it gets the question's default, the result only, told as the player hears it."""
    seed = eliminated_first_seed()
    game, lines = play(seed=seed, bots="basic", chips=1)
    assert not any(line.startswith("Follow the rest") for line in lines)
    out = lines.index("You are out.")
    assert lines[out + 1:out + 3] == ["The match plays on to its end.", "You will hear only the result."]
    assert re.fullmatch(r"The others played \d+ more hands\.", lines[out + 3])
    assert lines[out + 4:] == [f"{NAMES[game.match.winners[0]]} wins the match."]


def test_going_out_with_the_match_end_says_no_play_on() -> None:
    """Item 12: "You are out. The match plays on to its end. Ben wins the match." said the match plays on when it
    ended with that very showdown; now the out line and the end are lines of their own, and nothing plays on."""
    for seed in range(100):
        match = Match(ruleset("commerce", chips=1), [Player(n, "human" if s == 0 else "bot:basic")
                                                     for s, n in enumerate(NAMES[:2 + 1])], seed)
        narrator = Narrator(match.rules, NAMES[:3], 0)
        bots = {s: make_bot("basic", seed * 100 + s) for s in (1, 2)}
        while not match.over:
            seat = match.to_act
            action = Pass() if seat == 0 else bots[seat].choose(match.view(seat))
            match.apply(seat, action if seat or Pass() in match.legal_actions() else match.phase.done)
        if match.out[0] and isinstance(match.events[-2], Eliminated) and match.events[-2].player == 0:
            break
    else:
        raise AssertionError("no seed found")
    lines = narrator.events(match.events[-2:])
    assert lines == ["You are out.", f"{NAMES[match.winners[0]]} wins the match."]


def test_after_passing_in_braillespiel_a_player_may_skip_the_others_swaps() -> None:
    def answer(prompt: str, game: Game) -> str | None:
        if prompt.startswith("Follow the others"):
            return "no"
        if prompt.startswith("Follow"):
            return "yes"
        return passing(prompt, game)

    _game, lines = play("braillespiel", answer=answer, interactive=True, marks=5, hands=4)
    asked = [line for line in lines if line.startswith("Follow the others")]
    assert len(asked) == 1
    start = lines.index(asked[0])
    # From then on, between the player's pass and the showdown's outcome, no one else's move is told.
    hiding = True
    for line in lines[start + 1:]:
        if line == "You pass.":
            hiding = True
        elif line.startswith("Hand "):
            hiding = False
        elif hiding:
            assert not re.match(r"\w+ (takes|passes|pass)\b", line), line


# ----- the tutorial -----


def test_the_tutorials_knock_is_explained_once() -> None:
    """Issue 15: the tutorial said the knock twice (the narrator's sentence and the coach's)."""
    from commerce_a11y.console.session import tutorial_game
    from commerce_a11y.seat.tutorial import STEPS
    from commerce_a11y.settings import Settings

    out = io.StringIO()
    typed: list[str] = []

    def answer(prompt: str, game: Game) -> str | None:
        coach = game.coach
        assert coach is not None
        step = coach.expected
        if step in ("whatif", "swap"):
            command = coach.suggested_swap(game.match.view(0))
            line = f"whatif {command}" if step == "whatif" else command
        else:
            line = step
        typed.append(line)
        return line if len(typed) < 40 else None

    script = Script(answer)
    game = tutorial_game({"verbosity": "normal", "cards": "names", "speech": "off", "input": "plain"},
                         Settings({}), Terminal(script, SilentSpeech(), out))
    script.game = game
    game.run()
    lines = out.getvalue().splitlines()
    assert "knock" in typed and STEPS[-1] == "knock"
    knock_lines = [line for line in lines if "one last turn" in line]
    assert len(knock_lines) == 1, knock_lines


def test_skipping_changes_only_what_is_said() -> None:
    seed = eliminated_first_seed()
    game, _ = play(seed=seed, bots="basic", chips=1, interactive=True,
                   answer=lambda p, g: "no" if p.startswith("Follow") else passing(p, g))
    assert game.match.over
    assert replay(list(record_lines(game.match.events))).events == game.match.events


def test_after_an_exchange_the_new_widow_is_not_said_twice() -> None:
    """Handeln: "... New widow: X." was followed at the next question by "Widow: X."."""
    exchanges = 0
    for seed in range(3, 12):
        _game, lines = play("handeln", seed=seed)
        for i, line in enumerate(lines):
            if "New widow: " not in line:
                continue
            exchanges += 1
            widow = "Widow: " + line.split("New widow: ", 1)[1]
            before_question = itertools.takewhile(lambda x: not QUESTION.match(x), lines[i + 1:])
            assert widow not in before_question
    assert exchanges


def test_a_resumed_player_does_not_hear_the_deal_twice() -> None:
    """Resuming after a deal told the deal's cards and widow, then said them again before the question."""
    saved: list[str] = []
    match = Match(ruleset("commerce"), [Player(n, "human" if s == 0 else "bot:basic")
                                        for s, n in enumerate(NAMES[:4])], 3)
    # Pass through hand 1 and stop at the first question of hand 2: its deal is what happened since.
    game = Game(match, 0, {s: make_bot("basic", s) for s in (1, 2, 3)}, Narrator(match.rules, NAMES[:4], 0),
                Terminal(Script(lambda p, g: "pass" if g.match.hand_no == 1 else None), SilentSpeech(),
                         io.StringIO()),
                lambda lines: saved.__setitem__(slice(None), lines) or True)
    game.terminal.backend.game = game
    game.run()
    again = replay(saved)
    assert again.hand_no == 2
    _, lines = play(match=again, resumed=True, answer=lambda p, g: None)
    assert any(line.startswith("Hand 2. ") for line in lines)
    cards = [line for line in lines if line.startswith("Your cards: ")]
    assert len(cards) == 1, lines
