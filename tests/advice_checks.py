"""Checks of the hint over many positions reached by computer play; shared by tests/test_advice.py (a few
positions per ruleset) and bench/advice_checks.py (many).

The promises of issue 15 and issue 25, checked from the outside (the rules of the game, not the hint's own notion of
a last turn): in a turn after which the player's hand cannot change any more (the last round after a knock or a
call, also the later swaps of a C3 turn in it; and in braillespiel the turns of the last player still swapping), the
hint never leaves the hand's value below passing's and never speaks of a next swap; and a player who follows the
hints while everyone else passes stops swapping within a few turns; and (issue 25, item 3) a hint never leaves the
hand no better while one swap makes a higher category (a higher value class: a sequence, flush or three of a kind
over points), nor takes back a card it told the player to lay on the turn before without a gain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from commerce_a11y.bots import make_bot
from commerce_a11y.bots.scoring import after_swap
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.rules import ExchangeAll, Knock, Match, Pass, Phase, Player, SeatView, Swap, ruleset
from commerce_a11y.seat.advice import hand_after, hint_action, hint_lines

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("commerce", {}), ("commerce", {"pounce": True}), ("commerce", {"extended": True}),
    ("commerce", {"swaps_per_turn": 3}), ("commerce", {"ace_low": True}), ("braillespiel", {}),
    ("braillespiel", {"krikelkrakel": True}), ("handeln", {}), ("thirty-one", {}), ("trentuno", {}),
]
"""Every ruleset with a last turn to check, and each of commerce's options that changes a turn or a hand's value."""

HINT_CONFIGS: list[tuple[str, dict[str, Any]]] = [*CONFIGS, ("schwimmen", {}), ("tauschen", {})]
"""Every ruleset and each of commerce's options, for the checks of issue 25, item 3."""

NEXT_SWAP = "next swap"
"""What the English hint says of a swap made for a later one (it must not, when no later swap comes)."""


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return "-".join([name, *options])


@dataclass
class Findings:
    checked: int = 0
    problems: list[str] = field(default_factory=list)
    runs: list[int] = field(default_factory=list)
    """For each player who followed the hints while the others passed: its turns with a swap, in a row."""


def no_later_change(view: SeatView) -> bool:
    """Whether nothing after this turn can change the player's hand: the last round (C5, H3), or where passing is
    final (B3), everyone else has passed."""
    others_passed = all(s in view.passed for s in view.order if s != view.seat)
    return view.last_round or (view.rules.pass_is_final and others_passed)


def last_turn_hints(config: tuple[str, dict[str, Any]], seed: int, players: int, limit: int,
                    found: Findings) -> None:
    """Play a match with computer players (easy ones, for varied positions) and check the hint at up to ``limit``
    decisions after which the hand cannot change, with a swap among the legal actions."""
    use_language("en")
    name, options = config
    match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(players)], seed)
    bots = {s: make_bot("easy", seed * 100 + s) for s in range(players)}
    checked = 0
    while not match.over and checked < limit:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if no_later_change(view) and any(isinstance(a, Swap) for a in view.legal):
            checked += 1
            action = hint_action(view)
            now = match.rules.hand_value(view.hand)
            where = f"{config_id(config)} seed {seed} hand {match.hand_no}: {view.hand} / {view.widow}"
            if isinstance(action, Swap) and match.rules.hand_value(after_swap(view.hand, action)) < now:
                found.problems.append(f"{where}: the hint {action} leaves the hand worse than passing")
            lines = hint_lines(view, Narrator(match.rules, [p.name for p in match.players], seat))
            if any(NEXT_SWAP in line for line in lines):
                found.problems.append(f"{where}: the hint speaks of a next swap: {lines}")
        match.apply(seat, bots[seat].choose(view))
    found.checked += checked


def follow_hints_alone(config: tuple[str, dict[str, Any]], seed: int, players: int, bound: int,
                       found: Findings) -> None:
    """One hand in which the last seat follows the hints while every other seat passes after its first turn (and
    never knocks): from
    its second turn on, the hinted player must make a turn without a swap (pass, knock, call) within ``bound``
    turns that swap."""
    name, options = config
    match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(players)], seed)
    bots = {s: make_bot("basic", seed * 100 + s) for s in range(players)}
    me = match.order[-1]
    hand = match.hand_no
    swapped: list[bool] = []  # for each turn of the hinted player: whether it swapped
    while not match.over and match.hand_no == hand:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if seat != me:
            action = bots[seat].choose(view)
            if view.own_turns > 1 or isinstance(action, Knock):  # no knock: the hinted player stays in play
                action = next((a for a in (Pass(), view.phase.done) if a in view.legal), action)
            match.apply(seat, action)
            continue
        if view.phase is Phase.TURN:
            if len(swapped) >= 2 and not swapped[-1]:
                break  # a turn without a swap: the hinted player stopped
            if sum(swapped[1:]) > bound:
                found.problems.append(f"{config_id(config)} seed {seed}: {sum(swapped[1:])} turns of swapping "
                                      "while the others pass, and the hint still swaps")
                break
            swapped.append(False)
        action = hint_action(view)
        if isinstance(action, Swap) and swapped:
            swapped[-1] = True
        match.apply(seat, action)
    found.runs.append(sum(swapped[1:]))


@dataclass
class HintCounts:
    """What ``follow_hints`` found: the hints it checked, and a description of each one that broke a rule."""

    hints: int = 0
    passed_over: list[str] = field(default_factory=list)
    """Hints that left the hand no better while one swap made a higher category."""
    taken_back: list[str] = field(default_factory=list)
    """Hints that took back, without a gain, a card the hint of the turn before had the player lay."""


def category(view: SeatView, hand: list[int]) -> int:
    """A hand's value class (the order of its category: points below a flush below a sequence, and so on)."""
    return view.rules.name_hand(hand).order


def higher_category_swap(view: SeatView) -> bool:
    """Whether one legal swap (of one or several cards, or of all three) makes a higher category than the hand's."""
    now = category(view, list(view.hand))
    return any(category(view, hand) > now for a in view.legal
               if isinstance(a, Swap | ExchangeAll) and (hand := hand_after(view, a)) is not None)


def follow_hints(config: tuple[str, dict[str, Any]], seed: int, players: int, limit: int,
                 counts: HintCounts) -> None:
    """A match in which seat 0 follows the hints (up to ``limit`` of them) against heuristic computer players;
    each hint is checked against the two rules of issue 25, item 3."""
    use_language("en")
    name, options = config
    match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(players)], seed)
    bots = {s: make_bot("heuristic", seed * 100 + s) for s in range(1, players)}
    laid_before: set[int] = set()  # what the hints had the player lay on its turn before this one
    laid_now: set[int] = set()
    hand_no = match.hand_no
    hints = 0
    while not match.over and hints < limit:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if seat != 0:
            match.apply(seat, bots[seat].choose(view))
            continue
        if match.hand_no != hand_no:
            hand_no, laid_before, laid_now = match.hand_no, set(), set()
        if view.phase is Phase.TURN:
            laid_before, laid_now = laid_now, set()
        action = hint_action(view)
        hints += 1
        after = hand_after(view, action)
        where = f"{config_id(config)} seed {seed} hand {match.hand_no}: {view.hand} / {view.widow}: {action}"
        if after is not None:
            now, then = match.rules.hand_value(view.hand), match.rules.hand_value(after)
            if then <= now and higher_category_swap(view):
                counts.passed_over.append(where)
            took = set(after) - set(view.hand)
            if then <= now and took & laid_before:
                counts.taken_back.append(where)
            laid_now |= set(view.hand) - set(after)
        match.apply(seat, action)
    counts.hints += hints
