"""What a seat can do: small frozen values, compared by content so they can be looked up in the legal list."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card


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
    """H1: the dealer swaps the whole hand for the three face-up cards."""

    kind = "exchange_all"


@dataclass(frozen=True, slots=True)
class Done:
    """Decline what is offered: the dealer keeps the hand (H1), a player does not call fire right after the deal
    (H4, T2), or a player ends a turn after its swaps (C3, or instead of calling fire after a swap).

    It writes nothing to the record: a record shows only what happened, and a reader infers the declines.
    """

    kind = "done"


Action = Swap | Pass | Knock | Fire | Pounce | ExchangeAll | Done
