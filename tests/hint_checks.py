"""Issue 36's checks of the hint, from the outside; shared by tests/test_dominance.py (a few positions) and
bench/dominated_hints.py (thousands, and against another checkout with ``--root``).

They use only the engine's public API and what ``seat/advice.py`` offered before issue 36 (``hint_action``,
``hint_lines``, ``hand_after``), and work the rules out again plainly, card by card, rather than through
``bots/dominance.py``: a check that called the code it checks would find nothing. Three promises:

- **Dominance.** No hint is a move that another legal move of the same turn dominates: A's hand worth at least
  B's now and, for every card that could come for the next swap, the best hand one swap of it makes from A's hand
  worth at least B's, and A better in one of these. After the hand's last swap no card comes (a C3 turn with
  swaps left: the cards still takeable in it). Where nobody acts after the turn, passing keeps the hand with
  nothing after it, and a swap to a better hand beats it.
- **Category.** A hint that lowers the hand's category (a Flush to a Pair, a Pair to Point) while another swap
  of the turn keeps or raises it names the gain: "It keeps two cards to" a hand the move reaches on the next
  swap, with a card that could come (not one it lays), above what every category-keeping swap reaches with it.
- **Improvement.** "It can improve on the next swap." is said only where one card that could come, other than
  those the move lays, makes a better hand in one swap.

Positions come from matches between heuristic computer players (which issue 36 did not change, so two checkouts
reach the same positions); at each turn with two swaps or more the hint is asked for the seat to act, and not
followed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from commerce_a11y.bots import make_bot, without_undo
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.values import value_words
from commerce_a11y.rules import (
    Action,
    EndTurn,
    ExchangeAll,
    Match,
    Pass,
    Phase,
    Player,
    Ruleset,
    SeatView,
    Swap,
    ruleset,
)
from commerce_a11y.seat import advice

CATEGORY_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("commerce", {}), ("commerce", {"extended": True}), ("commerce", {"ace_low": True}),
    ("commerce", {"swaps_per_turn": 3}), ("commerce", {"pounce": True}), ("braillespiel", {}),
    ("braillespiel", {"krikelkrakel": True}),
]
"""The rulesets that rank hands by category (Tricon, Sequence, Flush, Pair, Point; Braillespiel's Kunststück,
Krikelkrakel, Sequenz, Punkte, high cards), with each option that changes a turn or a category. The others count
points (thirty-one, schwimmen, handeln), a total (trentuno), or have no widow (tauschen)."""

GAIN = "It keeps two cards to "
IMPROVE = "It can improve on the next swap."


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return "-".join([name, *options])


def swap_hands(view: SeatView) -> dict[Action, list[int]]:
    """Every legal move of the turn that changes the hand through the widow, with the three cards it leaves."""
    hands = {}
    for action in view.legal:
        if isinstance(action, Swap | ExchangeAll):
            hand = advice.hand_after(view, action)
            if hand is not None and len(hand) == 3:
                hands[action] = hand
    return hands


def coming(view: SeatView) -> list[int]:
    """The cards that could come for the player's next swap: none after the hand's last swap (the last round, or
    where passing is final and everyone else has passed), except a C3 turn's own cards still takeable; else every
    card of the deck (these rulesets lay no card aside)."""
    rules = view.rules
    others_passed = all(s in view.passed for s in view.order if s != view.seat)
    if view.last_round or (rules.pass_is_final and others_passed):
        swaps_made = 3 - len(view.turn_widow)
        more = not rules.multi_swap and rules.swaps_per_turn - swaps_made > 1
        return list(view.turn_widow) if more else []
    return list(rules.deck(len(view.players)))


def best_with(rules: Ruleset, hand: Sequence[int], card: int) -> tuple[int, list[int]]:
    """The best hand (its value, its cards) after the next swap if ``card`` comes: the hand kept, or one of its
    cards swapped for it."""
    options = [list(hand)]
    if card not in hand:
        options += [[card if c == g else c for c in hand] for g in hand]
    best = max(options, key=rules.hand_value)
    return rules.hand_value(best), best


def nobody_after(view: SeatView) -> bool:
    """Whether no other seat acts after this turn in this hand: the last seat of the last round (the one before the
    knocker), or where passing is final everyone else has passed."""
    order = list(view.order)
    if view.last_round:
        return view.knocker is not None and order[order.index(view.knocker) - 1] == view.seat
    return view.rules.pass_is_final and all(s in view.passed for s in order if s != view.seat)


def dominators(view: SeatView, action: Action) -> list[Action]:
    """The legal moves of this turn that dominate ``action``: the swaps, and where nobody acts after this turn the
    pass or the end of the turn too (which keep the hand, with no swap after them)."""
    rules = view.rules
    cards = coming(view)
    profiles = {a: (rules.hand_value(hand), [best_with(rules, hand, x)[0] for x in cards])
                for a, hand in swap_hands(view).items()}
    if nobody_after(view) and len(view.hand) == 3:
        for keep in (Pass(), EndTurn()):
            if keep in view.legal:
                profiles[keep] = (rules.hand_value(view.hand), [rules.hand_value(view.hand)] * len(cards))
    if action not in profiles:
        return []
    now, later = profiles[action]
    return [other for other, (value, reach) in profiles.items()
            if value >= now and all(a >= b for a, b in zip(reach, later, strict=True))
            and (value > now or reach != later)]


def category(rules: Ruleset, hand: Sequence[int]) -> int:
    return rules.name_hand(hand).order


def gains(view: SeatView, action: Action) -> set[str]:
    """The hands, in words, that justify a move lowering the category while another swap keeps or raises it: each
    made on the next swap with a card that could come (not one the move lays), above what every category-keeping
    swap makes with that card."""
    rules = view.rules
    hands = swap_hands(view)
    held = category(rules, view.hand)
    keeping = [h for h in hands.values() if category(rules, h) >= held]
    hand = hands[action]
    laid = set(view.hand) - set(hand)
    words = set()
    for x in coming(view):
        if x in laid:
            continue
        value, made = best_with(rules, hand, x)
        if all(value > best_with(rules, other, x)[0] for other in keeping):
            words.add(value_words(rules, made))
    return words


def lowers_without_gain(view: SeatView, action: Action, lines: list[str]) -> bool:
    """Whether the hint lowers the hand's category while another swap keeps or raises it, and its lines do not name
    a true gain (``gains``)."""
    rules = view.rules
    hands = swap_hands(view)
    if action not in hands or len(view.hand) != 3:
        return False
    held = category(rules, view.hand)
    if category(rules, hands[action]) >= held or not any(category(rules, h) >= held for h in hands.values()):
        return False
    named = {line[len(GAIN):-1] for line in lines if line.startswith(GAIN)}
    return not named & gains(view, action)


def false_improvement(view: SeatView, action: Action, lines: list[str]) -> bool:
    """Whether the hint says the hand can improve on the next swap where no card that could come (other than those
    the move lays) makes a better hand in one swap."""
    if IMPROVE not in lines:
        return False
    rules = view.rules
    hand = advice.hand_after(view, action)
    if hand is None or len(hand) != 3:
        return False
    now = rules.hand_value(hand)
    laid = set(view.hand) - set(hand)
    return not any(best_with(rules, hand, x)[0] > now for x in coming(view) if x not in laid)


@dataclass
class Found:
    """What the checks found over many positions: counts, and a description of each hint that broke a promise."""

    positions: int = 0
    dominated: list[str] = field(default_factory=list)
    dominated_by_left_out: int = 0
    """Of ``dominated``, those whose every dominating move undoes the player's own swapping (``without_undo``),
    which no computer player makes."""
    dominated_passes: int = 0
    """Of ``dominated``, the passes (or ends of a turn) where nobody acts after them and a swap makes more."""
    lowered: list[str] = field(default_factory=list)
    improve: list[str] = field(default_factory=list)


def positions(config: tuple[str, dict[str, Any]], seed: int, players: int,
              limit: int) -> Iterator[tuple[Match, SeatView]]:
    """The match of ``seed`` between heuristic computer players, yielding (match, view) at up to ``limit`` turns
    with two or more swaps legal, before the seat to act moves."""
    name, options = config
    match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(players)], seed)
    bots = {s: make_bot("heuristic", seed * 100 + s) for s in range(players)}
    count = 0
    while not match.over and count < limit:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        if view.phase in (Phase.TURN, Phase.CONTINUE) and len(swap_hands(view)) >= 2:
            count += 1
            yield match, view
        match.apply(seat, bots[seat].choose(view))


def check(config: tuple[str, dict[str, Any]], seed: int, players: int, limit: int, found: Found) -> None:
    """The three promises at up to ``limit`` positions of one match."""
    use_language("en")
    for match, view in positions(config, seed, players, limit):
        action = advice.hint_action(view)
        original = advice.hint_action
        advice.hint_action = lambda _view, a=action: a  # type: ignore[misc]  # the lines of this very hint
        try:
            lines = advice.hint_lines(view, Narrator(match.rules, [p.name for p in match.players], view.seat))
        finally:
            advice.hint_action = original  # type: ignore[misc]
        found.positions += 1
        where = (f"{config_id(config)} seed {seed} players {players} hand {match.hand_no} seat {view.seat}: "
                 f"{' '.join(c.code for c in view.hand)} / {' '.join(c.code for c in view.widow)}: {lines}")
        beaten = dominators(view, action)
        if beaten:
            found.dominated.append(f"{where} dominated by {beaten}")
            if not set(beaten) & set(without_undo(view).legal):
                found.dominated_by_left_out += 1
            if isinstance(action, Pass | EndTurn):
                found.dominated_passes += 1
        if lowers_without_gain(view, action, lines):
            found.lowered.append(where)
        if false_improvement(view, action, lines):
            found.improve.append(where)
