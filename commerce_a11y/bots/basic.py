"""The ``basic`` level: the sources' strategy tips, greedily.

It takes the swap that gives the best hand (which keeps pairs and builds flushes and sequences from what lies in
the widow), calls fire and pounces whenever it may, and knocks once its hand is at least as good as the tips say:
in Commerce a flush or better or about 25 points (here: anything that beats a 25-point hand, so pairs too); in
extended Commerce a flush; in Thirty-One, Trentuno and Handeln 27 points; in Schwimmen 28.

Schwimmen (S2, S3): as dealer it keeps a hand as good as an average one and otherwise takes the middle unseen;
swapping all three is one more swap, taken when its hand is the best.

Tauschen (X3, X4): it never trades. A trade costs a chip for certain, and a showdown costs at most one, so no trade
can save more than it costs (measured at 4 players, 1,200 rotated matches: a basic player that traded its least
needed card with a hand weaker than 0.1, 0.3 or 0.5 of all hands lost 1.03 to 1.18 times as much per hand as the
others, and won less often). It barters instead, which is free, but only with a weak hand (``OFFER_BELOW``): it
offers the card it needs least (``least_needed``) when a card drawn at random in its place would be better on
average. Offered a card, it accepts when the card raises its hand's value, giving the card that leaves the best hand
(a player that never accepted lost 1.35 times as much).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, parse_cards
from ..rules import (
    Accept,
    Action,
    Decline,
    ExchangeAll,
    Fire,
    Keep,
    Knock,
    Offer,
    Pass,
    Phase,
    Pounce,
    SeatView,
    Swap,
)
from .scoring import after_swap
from .sim import answer_card
from .strength import strengths

OFFER_BELOW = 0.2
"""X4: the basic player offers a card only with a hand weaker than this share of all hands. An offer is taken only
when it helps the neighbour, who gives back the card they need least; so it helps the offerer only when the hand has
little to lose. Measured in 1,200 rotated matches (480 at 8 players) of one variant against basic players with this
rule: a player that never offered lost 1.04, 1.06, 1.08 and 1.10 times as much per hand at 3, 4, 5 and 8 players,
one that offered at any strength 1.16, 1.12, 1.10 and 1.09 times, and both won less often than an even share."""

KEEP_AT = parse_cards("KH 7H 9C")
"""S2: the schwimmen dealer keeps a hand of this value or more (17, the median of all hands of the 32-card deck: as
good as the unseen middle is likely to be) and takes the middle unseen otherwise."""


def knock_value(view: SeatView) -> int | None:
    """The hand value from which to knock, or None where the ruleset has no knock."""
    rules = view.rules
    if not rules.can_knock:
        return None
    return rules.hand_value(rules.tuning.basic_knock)


def unseen_cards(view: SeatView) -> list[Card]:
    """The cards of the deck this seat does not hold and does not see in the widow (a simple estimate of what
    another card may be: it does not track what was laid aside or taken)."""
    seen = set(view.hand) | set(view.widow)
    return [c for c in view.rules.deck(len(view.players)) if c not in seen]


def replacement_strength(view: SeatView, hand: Sequence[Card], card: Card, unseen: Sequence[Card]) -> float:
    """The average strength (share of all hands beaten) of the hand with ``card`` replaced by an unseen card."""
    rules = view.rules
    table = strengths(rules, len(view.players))
    rest = [c for c in hand if c != card]
    total = sum(table.get(rules.hand_value([*rest, u]), 0.0) for u in unseen)
    return total / len(unseen) if unseen else 0.0


def least_needed(view: SeatView) -> tuple[Card, float]:
    """X4: the hand card whose place a random unseen card fills best on average, and that average strength: the
    card the hand needs least (the odd card beside a pair, the card of the wrong suit)."""
    unseen = unseen_cards(view)
    scored = [(replacement_strength(view, view.hand, c, unseen), c) for c in view.hand]
    strength, card = max(scored, key=lambda pair: pair[0])
    return card, strength


def answer(view: SeatView) -> Action:
    """X4, offered a card: accept when it raises the hand's value, giving the card that leaves the best hand."""
    offer = view.offer
    assert offer is not None and offer.card is not None
    give = answer_card(view.rules.table.table, view.hand, offer.card)
    return Decline() if give is None else Accept(give)


class BasicBot:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        rules = view.rules
        if view.phase is Phase.ANSWER:
            return answer(view)
        if Fire() in legal:
            return Fire()
        if ExchangeAll() in legal and view.phase is Phase.EXCHANGE:
            if view.face_down:  # S2: the middle unseen
                return Keep() if rules.hand_value(view.hand) >= rules.hand_value(KEEP_AT) else ExchangeAll()
            better = rules.hand_value(view.widow) > rules.hand_value(view.hand)
            return ExchangeAll() if better else Keep()
        if Pounce() in legal:
            return Pounce()
        current = rules.hand_value(view.hand)
        threshold = knock_value(view)
        if Knock() in legal and threshold is not None and current >= threshold:
            return Knock()
        choices: list[tuple[int, Action]] = [(rules.hand_value(after_swap(view.hand, a)), a)
                                             for a in legal if isinstance(a, Swap)]
        if ExchangeAll() in legal:  # S3: all three, one more swap to weigh
            choices.append((rules.hand_value(view.widow), ExchangeAll()))
        if choices:
            value, best = max(choices, key=lambda p: p[0])
            if value > current:
                return best
        if any(isinstance(a, Offer) for a in legal):
            strength = strengths(rules, len(view.players)).get(current, 0.0)
            card, promise = least_needed(view)
            if strength < OFFER_BELOW and promise > strength:
                return Offer(card)
        return view.phase.done if view.phase.done in legal else Pass()
