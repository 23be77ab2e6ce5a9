"""Choosing a swap by a hand's promise (``strength.promises``) or, when no turn follows, by its value; and the
smallest hand the ``heuristic`` level knocks with, which the search and the inference model too."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Action, EndTurn, ExchangeAll, Knock, Pass, Phase, Ruleset, SeatView, Swap

OFFER_BELOW = 0.25
"""X4: the inference models offers as made around this strength: the basic level offers below 0.2
(``basic.OFFER_BELOW``), the heuristic level measured from 0.02 to 0.38, median 0.16."""


def knock_floor(rules: Ruleset) -> int:
    """The smallest hand value this level knocks with (``Tuning.knock_tip``); 0 where only the risk decides."""
    tip = rules.tuning.knock_tip
    return rules.hand_value(tip) if tip else 0


def final_turn(view: SeatView) -> bool:
    """Whether only the hand's value counts now, because no later turn can change what this swap leaves: a turn in
    the last round (C5, H3: after a knock or "I'm in"), also its later swaps (C3); or, where passing is final (B3),
    the turn of the last player still swapping, whose widow no one else will change again (the best three of its
    six cards are one swap away, B2)."""
    if view.last_round:
        return True
    return view.rules.pass_is_final and all(s in view.passed for s in view.order if s != view.seat)


def after_swap(hand: Sequence[int], swap: Swap) -> list[int]:
    """The hand a swap leaves (the taken cards in the given cards' places)."""
    new = list(hand)
    for gave, took in zip(swap.gave, swap.took, strict=True):
        new[new.index(gave)] = took
    return new


def hand_after(view: SeatView, action: Action) -> list[int] | None:
    """The hand an action leaves on a turn: a swap's, a swap of all three's (S3), the hand as it is after a pass,
    a knock or the end of a turn; None for what is no turn's swap or pass (an exchange, a call, a pounce, X3, X4)."""
    if isinstance(action, Swap):
        return after_swap(view.hand, action)
    if isinstance(action, ExchangeAll):
        return list(view.widow) if view.phase is Phase.TURN else None
    if view.phase in (Phase.TURN, Phase.CONTINUE) and isinstance(action, Pass | Knock | EndTurn):
        return list(view.hand)
    return None


def promise_of(promises: list[float], hand: Sequence[int]) -> float:
    """A hand's promise; a four-card hand (after a pounce) is as good as it gets."""
    if len(hand) != 3:
        return 1.0
    a, b, c = hand
    return promises[a * 2704 + b * 52 + c]


def ranked_swaps(swaps: Sequence[Swap], hand: Sequence[int], rules: Ruleset, promises: list[float],
                 last_turn: bool) -> list[tuple[float, Swap]]:
    """Swaps, best first, with their scores: promise normally, the hand's value when no turn follows."""
    if last_turn:
        scored = [(float(rules.hand_value(after_swap(hand, s))), s) for s in swaps]
    else:
        scored = [(promise_of(promises, after_swap(hand, s)), s) for s in swaps]
    scored.sort(key=lambda pair: -pair[0])
    return scored
