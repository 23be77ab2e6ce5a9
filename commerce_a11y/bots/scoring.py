"""Choosing a swap by a hand's promise (``strength.promises``) or, when no turn follows, by its value."""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Ruleset, Swap


def after_swap(hand: Sequence[int], swap: Swap) -> list[int]:
    """The hand a swap leaves (the taken cards in the given cards' places)."""
    new = list(hand)
    for gave, took in zip(swap.gave, swap.took, strict=True):
        new[new.index(gave)] = took
    return new


def promise_of(promises: list[float], rules: Ruleset, hand: Sequence[int]) -> float:
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
        scored = [(promise_of(promises, rules, after_swap(hand, s)), s) for s in swaps]
    scored.sort(key=lambda pair: -pair[0])
    return scored
