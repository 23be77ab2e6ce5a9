"""Moves that another move of the same turn plainly beats, and what a hand can still become (issue 36).

A hint that said "Swap your two of diamonds for five of clubs. It gives point, 15, no better yet." to a player
holding a Flush, while taking the seven of diamonds made a higher Flush at once and kept every chance the five kept,
threw a player who trusted it from a Flush to 15 points. The search rated the two swaps within the noise of its
deals; a player hears the difference at once. So the ``strong`` level (and with it ``hint``) never chooses a move
that another move of the same turn dominates, defined here exactly and cheaply.

**Dominance.** Every move that changes the hand (a swap of one or more cards, or of all three, S3) leaves a hand of
three cards. For a card ``x`` that could lie in the widow at this seat's next swap, a hand's *reach* is the best
value it can have after that swap: the hand kept, or one of its cards swapped for ``x`` (a card the hand holds
reaches the hand itself). Move A *dominates* move B when A's hand is worth at least B's now, A's reach is at least
B's for every such card, and A is better in one of these. The cards that could come (``later_cards``) are every
card of the deck not out of play (``knowledge.out_of_play``): the widow's, the others' (known or not), the stock's
and the ones this move lays, which the seat may take back. After the hand's last swap (the last round, B3's last
player still swapping: ``scoring.final_turn``) no card comes, and dominance is the value now; where a C3 turn holds
further swaps, the cards still takeable this turn come.

A move that leaves the hand as it is (a pass, the end of a C3 turn) is compared with these only where nobody acts
after it in this hand (``last_word``: the last seat of the last round, or B3's last player still swapping): there
it changes nothing for anyone but its player, so a swap to a better hand beats it; elsewhere a pass counts
towards ending the hand (C6) or ends one's swapping (B3), which the hand alone does not tell.

The horizon is the next swap of one card: a Braillespiel turn may swap two or three cards together (B2), which the
one-card reach does not look at. What a move leaves to the others (the card it takes from them, the card it lays
for them) is not compared either: dominance is about the player's own hand, the thing a hint is heard to promise.
Computing it costs one value lookup per card, place and move: about 500 lookups for Commerce's nine swaps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from operator import ge

from ..rules import Action, EndTurn, ExchangeAll, Pass, Ruleset, SeatView, Swap
from .knowledge import out_of_play
from .scoring import final_turn, hand_after

HandMove = Swap | ExchangeAll
"""The moves that change the hand through the widow, which dominance compares."""
Staying = Pass | EndTurn
"""The moves that leave the hand as it is, compared with those above where nobody acts after them (``last_word``)."""


def last_word(view: SeatView) -> bool:
    """Whether nobody acts after this seat's turn in this hand: it is the last seat of the last round (C5, H3; the
    seat before the knocker), or where passing is final (B3) everyone else has passed."""
    order = view.order
    if view.last_round and view.knocker in order:
        return order[order.index(view.knocker) - 1] == view.seat
    return view.rules.pass_is_final and all(s in view.passed for s in order if s != view.seat)


def later_cards(view: SeatView) -> tuple[int, ...]:
    """The cards that could lie in the widow at this seat's next swap (see the module's docstring)."""
    rules = view.rules
    if final_turn(view):
        # C3: the swaps left in this turn after one more take from the cards the turn began with, still there.
        taken = 3 - len(view.turn_widow)
        if rules.multi_swap or rules.swaps_per_turn - taken <= 1:
            return ()
        return tuple(view.turn_widow)
    gone = out_of_play(view)
    return tuple(c for c in rules.deck(len(view.players)) if c not in gone)


def reach(rules: Ruleset, hand: Sequence[int], cards: Sequence[int]) -> list[int]:
    """For each card, the best value the hand can have after a swap of that card: kept, or one card swapped for it
    (any number of cards, a four-card hand after a pounce too)."""
    now = rules.hand_value(hand)
    if len(hand) != 3:
        return [now if x in hand else max(now, *(rules.hand_value([x if c == g else c for c in hand]) for g in hand))
                for x in cards]
    table = rules.table.table
    a, b, c = held = tuple(hand)
    # The hand's index with one place left open, for each place (as ``sim.best_swap``).
    rest_a, rest_b, rest_c = b * 52 + c, a * 2704 + c, a * 2704 + b * 52
    return [now if x in held
            else max(now, table[x * 2704 + rest_a], table[rest_b + x * 52], table[rest_c + x])
            for x in cards]


def best_reached(rules: Ruleset, hand: Sequence[int], card: int) -> list[int]:
    """The best hand one swap of ``card`` makes of ``hand`` (the hand itself where no swap is better)."""
    made = [[card if c == g else c for c in hand] for g in hand]
    return max([list(hand), *made], key=rules.hand_value)


class Prospects:
    """The moves of one turn that change the hand, each with its hand, its value now and its reach."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        rules = view.rules
        self.cards = later_cards(view)
        self.moves: list[Prospect] = []
        staying = last_word(view) and len(view.hand) == 3
        for action in view.legal:
            if isinstance(action, HandMove) and (hand := hand_after(view, action)) is not None and len(hand) == 3:
                self.moves.append((action, hand, rules.hand_value(hand), reach(rules, hand, self.cards)))
            elif staying and isinstance(action, Staying):
                # No later swap follows a pass or the end of the turn here: the hand stays what it is.
                value = rules.hand_value(view.hand)
                self.moves.append((action, list(view.hand), value, [value] * len(self.cards)))

    def dominators(self, action: Action) -> list[HandMove | Staying]:
        """The moves of this turn that dominate ``action`` (none for a move that does not change the hand)."""
        mine = next((m for m in self.moves if m[0] == action), None)
        return [] if mine is None else [m[0] for m in self.moves if _dominates(m, mine)]

    def dominated(self) -> set[HandMove | Staying]:
        """Every move of this turn that another one dominates."""
        return {m[0] for m in self.moves if any(_dominates(other, m) for other in self.moves)}


Prospect = tuple[HandMove | Staying, list[int], int, list[int]]
"""A move, the hand it leaves, that hand's value now and its reach over ``later_cards``."""


def _dominates(a: Prospect, b: Prospect) -> bool:
    """Whether move ``a`` dominates move ``b``: worth at least as much now and at every card, more in one."""
    _, _, value, reached = a
    _, _, now, theirs = b
    return value >= now and (value > now or reached != theirs) and all(map(ge, reached, theirs))


def undominated(view: SeatView) -> SeatView:
    """The view without the moves of its turn that another move dominates (``view`` itself where none is)."""
    if not any(isinstance(a, HandMove) for a in view.legal):
        return view
    dominated = Prospects(view).dominated()
    if not dominated:
        return view
    return replace(view, legal=tuple(a for a in view.legal if a not in dominated))


def improvable(view: SeatView, action: HandMove) -> bool:
    """Whether the hand this move leaves can improve on the next swap: one card that could come, other than the
    cards the move lays (taking them back only undoes it), makes a better hand in one swap."""
    hand = hand_after(view, action)
    assert hand is not None
    laid = set(view.hand) - set(hand)
    cards = [c for c in later_cards(view) if c not in laid]
    now = view.rules.hand_value(hand)
    return any(value > now for value in reach(view.rules, hand, cards))


def category(rules: Ruleset, hand: Sequence[int]) -> int:
    """A hand's value class (the order of its category: points below a flush below a sequence, and so on)."""
    return rules.name_hand(hand).order


def category_keeping(view: SeatView) -> list[list[int]]:
    """The hands the moves of this turn leave that keep or raise the hand's category."""
    rules = view.rules
    held = category(rules, view.hand)
    return [hand for a in view.legal if isinstance(a, HandMove) and (hand := hand_after(view, a)) is not None
            and category(rules, hand) >= held]


def ceiling(view: SeatView, hands: Sequence[Sequence[int]]) -> dict[int, int]:
    """For each card that could come (``later_cards``), the best value any of these hands reaches with it."""
    rules = view.rules
    cards = later_cards(view)
    reached = [reach(rules, hand, cards) for hand in hands]
    return {card: max(column) for card, *column in zip(cards, *reached, strict=True)}


def gain(view: SeatView, action: HandMove, keeping: dict[int, int]) -> list[int] | None:
    """What a move that lowers the hand's category keeps that the moves keeping it do not (``keeping``: their
    ``ceiling``): the best hand it reaches on the next swap, with a card that could come (not one it lays), above
    every hand the keeping moves reach with that card; None where there is none, so that the lower category is
    given up for nothing."""
    rules = view.rules
    hand = hand_after(view, action)
    assert hand is not None
    laid = set(view.hand) - set(hand)
    cards = [c for c in keeping if c not in laid]
    best: tuple[int, int] | None = None
    for card, value in zip(cards, reach(rules, hand, cards), strict=True):
        if value > keeping[card] and (best is None or value > best[0]):
            best = (value, card)
    return None if best is None else best_reached(rules, hand, best[1])


def without_needless_drop(view: SeatView) -> SeatView:
    """The view without the moves that lower the hand's category for nothing (``gain`` finds none) while another
    move of the turn keeps or raises it."""
    hands = category_keeping(view)
    if not hands:
        return view
    rules = view.rules
    held = category(rules, view.hand)
    keeping = ceiling(view, hands)

    def needless(action: Action) -> bool:
        if not isinstance(action, HandMove):
            return False
        hand = hand_after(view, action)
        return hand is not None and category(rules, hand) < held and gain(view, action, keeping) is None

    legal = tuple(a for a in view.legal if not needless(a))
    return view if len(legal) == len(view.legal) else replace(view, legal=legal)
