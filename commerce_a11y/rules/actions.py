"""What a seat can do: small frozen values, compared by content so they can be looked up in the legal list (the three
declines are in ``done.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .done import EndTurn, Keep, Wait


@dataclass(frozen=True, slots=True)
class Swap:
    """C2, B2, H2: give hand cards and take as many widow cards; ``gave[i]`` lands where ``took[i]`` lay."""

    gave: tuple[Card, ...]
    took: tuple[Card, ...]
    kind = "swap"


@dataclass(frozen=True, slots=True)
class Pass:
    """C4, B3, H2: do nothing this turn (in braillespiel: stop swapping for the rest of the hand)."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class Knock:
    """C5 knock, H3 "Eingeschafft!": everyone else gets one last turn, then the showdown."""

    kind = "knock"


@dataclass(frozen=True, slots=True)
class Fire:
    """H4 "Feuer!" and T2's call of 31: the showdown follows at once."""

    kind = "fire"


@dataclass(frozen=True, slots=True)
class Pounce:
    """C17: take the fourth card of your tricon's rank from the widow."""

    kind = "pounce"


@dataclass(frozen=True, slots=True)
class ExchangeAll:
    """The whole hand for the whole widow: the dealer's exchange right after the deal (H1; in schwimmen the
    dealer's blind choice, S2, taking the face-down middle unseen), and schwimmen's swap of all three on a turn
    (S3)."""

    kind = "exchange_all"


@dataclass(frozen=True, slots=True)
class Trade:
    """X3: lay ``card`` face down on the discard pile, pay a chip to the dealer, take the top card of the stock."""

    card: Card
    kind = "trade"


@dataclass(frozen=True, slots=True)
class Offer:
    """X4: offer ``card`` to the right-hand neighbour, who answers at once (``Accept`` or ``Decline``)."""

    card: Card
    kind = "offer"


@dataclass(frozen=True, slots=True)
class Accept:
    """X4, the neighbour's answer to an offer: take the offered card and give ``card`` for it."""

    card: Card
    kind = "accept"


@dataclass(frozen=True, slots=True)
class Decline:
    """X4, the neighbour's answer to an offer: no barter; the offerer's turn goes on (the record's ``decline``)."""

    kind = "decline"


Action = Swap | Pass | Knock | Fire | Pounce | ExchangeAll | Keep | Wait | EndTurn | Trade | Offer | Accept | Decline
