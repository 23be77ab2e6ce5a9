"""The ``basic`` level: the sources' strategy tips, greedily.

It takes the swap that gives the best hand (which keeps pairs and builds flushes and sequences from what lies in
the widow), calls fire and pounces whenever it may, and knocks once its hand is at least as good as the tips say:
in Commerce a flush or better or about 25 points (here: anything that beats a 25-point hand, so pairs too); in
extended Commerce a flush; in Thirty-One, Trentuno and Handeln 27 points.
"""

from __future__ import annotations

from ..cards import parse_cards
from ..rules import Action, Done, ExchangeAll, Fire, Knock, Pass, Pounce, SeatView, Swap
from .scoring import after_swap

KNOCK_AT = {
    "commerce": parse_cards("KH 8S 7D"),  # Point 25
    "thirty-one": parse_cards("KH QH 7H"),  # 27
    "trentuno": parse_cards("KH QS 7D"),  # 27
    "handeln": parse_cards("KH QH 7H"),  # 27
}
"""A reference hand per ruleset: the basic player knocks with this hand or a better one."""

EXTENDED_KNOCK_AT = parse_cards("4H 3H 2C")
"""In extended Commerce only combinations count: knock from the lowest flush up (this hand is below it)."""


def knock_value(view: SeatView) -> int | None:
    """The hand value from which to knock, or None where the ruleset has no knock."""
    rules = view.rules
    if not rules.can_knock:
        return None
    if rules.options.get("extended"):
        return rules.hand_value(EXTENDED_KNOCK_AT) + 1
    return rules.hand_value(KNOCK_AT[rules.name])


class BasicBot:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        rules = view.rules
        if Fire() in legal:
            return Fire()
        if ExchangeAll() in legal:
            better = rules.hand_value(view.widow) > rules.hand_value(view.hand)
            return ExchangeAll() if better else Done()
        if Pounce() in legal:
            return Pounce()
        current = rules.hand_value(view.hand)
        threshold = knock_value(view)
        if Knock() in legal and threshold is not None and current >= threshold:
            return Knock()
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            value, best = max(((rules.hand_value(after_swap(view.hand, s)), s) for s in swaps), key=lambda p: p[0])
            if value > current:
                return best
        return Done() if Done() in legal else Pass()
