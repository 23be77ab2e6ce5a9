"""Events: what happened, one frozen dataclass per kind, in the shape of the match record (docs/record.md).

Each kind of event is its own class with typed fields, so code that reads an event says what it reads
(``deal.widow``, ``swap.took``) and the type checker knows every field; ``Event`` is the union of them, and a
``match`` statement over it is checked for completeness. Events are named in the past tense: the action ``Swap`` is
what a seat asks for, the event ``Swapped`` is what happened; the seven kinds that record a seat's decision share
the base ``Move`` (with its ``player``).

An event becomes a record line and nothing else changes (``to_record``): its class's ``kind`` is the line's
``event``, its fields follow in the order the class declares them, cards become codes and seat keys strings, a field
left at its default is not written (the record's optional fields: ``redraws``, ``void``, ...), and
``Dealt.widow`` is written as the record's ``skat``. The reader never builds events from lines: it replays the
actions and compares what the engine made with each line (``record.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, get_args

from ..cards import Card

RECORD_KEY = "record"
"""A field's metadata key for its name in the record, where the Python name differs (``Dealt.widow``: ``skat``)."""


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's occupant as the record names it: a name and a kind (``human``, ``bot:basic``, ...)."""

    name: str
    kind: str = "human"


class _Event:
    """What every event can do: become a record line, and be reduced to what one seat may know."""

    __slots__ = ()
    kind: ClassVar[str]
    """The record's name for this kind of event (the line's ``event``)."""

    def visible_to(self, seat: int) -> Self:
        """The event as one seat may know it (G7); only a deal hides anything (the others' hands)."""
        return self

    def to_record(self) -> dict[str, Any]:
        """The record line's object: codes for cards, strings for seat keys, optional fields only when set."""
        line: dict[str, Any] = {"event": self.kind}
        for name, key, optional, default in _RECORD_FIELDS[type(self)]:
            value = getattr(self, name)
            if not (optional and value == default):
                line[key] = _jsonable(value)
        return line


def _jsonable(value: object) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Player):
        return {"name": value.name, "kind": value.kind}
    raise TypeError(f"not a record value: {value!r}")


Draw = Mapping[int, Card]
"""Seat to the card it drew."""
Hands = Mapping[int, tuple[Card, ...]]
"""Seat to its cards."""
Counts = Mapping[int, int]
"""Seat to a number of the ruleset's counters (chips, lives, marks, minus points) or to a change of it."""


@dataclass(frozen=True, slots=True)
class MatchStarted(_Event):
    """The record's first line: what is played, by whom, from which seed (G10)."""

    kind: ClassVar[str] = "match"
    ruleset: str
    options: Mapping[str, bool | int]
    players: tuple[Player, ...]
    seed: int


@dataclass(frozen=True, slots=True)
class FirstDealerDrawn(_Event):
    """G2: everyone's draw, and the draws again among those tied for the highest."""

    kind: ClassVar[str] = "first_dealer"
    draws: Draw
    dealer: int
    redraws: tuple[Draw, ...] = ()


@dataclass(frozen=True, slots=True)
class Dealt(_Event):
    """G4, G5: a hand dealt. ``hands`` holds every seat's cards in the engine's record, only the seat's own in its
    view (``visible_to``), eldest first."""

    kind: ClassVar[str] = "deal"
    hand: int
    dealer: int
    hands: Hands
    widow: tuple[Card, ...] = field(metadata={RECORD_KEY: "skat"})
    cut_by: int
    cut: int

    def visible_to(self, seat: int) -> Self:
        mine = {seat: self.hands[seat]} if seat in self.hands else {}
        return type(self)(self.hand, self.dealer, mine, self.widow, self.cut_by, self.cut)


@dataclass(frozen=True, slots=True)
class Anted(_Event):
    """B1: everyone in the hand paid a mark into the pot."""

    kind: ClassVar[str] = "ante"
    pot: int
    totals: Counts


@dataclass(frozen=True, slots=True)
class Move(_Event):
    """A seat's decision (the events a record's reader applies as actions); never made itself, only its kinds."""

    player: int


@dataclass(frozen=True, slots=True)
class ExchangedAll(Move):
    """H1: the dealer took the three face-up cards for the whole hand."""

    kind: ClassVar[str] = "exchange_all"
    gave: tuple[Card, ...]
    took: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Kept(Move):
    """H1: the dealer kept the hand dealt (format 2; a format 1 record leaves it out)."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Swapped(Move):
    """C2, B2, H2: ``gave[i]`` was laid where ``took[i]`` lay."""

    kind: ClassVar[str] = "swap"
    gave: tuple[Card, ...]
    took: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Passed(Move):
    """C4, B3, H2."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Knocked(Move):
    """C5; Handeln's "I'm in!" (H3)."""

    kind: ClassVar[str] = "knock"


@dataclass(frozen=True, slots=True)
class Fired(Move):
    """Handeln's "Fire!" (H4), Thirty-One's call of 31 (T2)."""

    kind: ClassVar[str] = "fire"


@dataclass(frozen=True, slots=True)
class Pounced(Move):
    """C17: the fourth card of a tricon taken from the widow, a stock card laid in its place."""

    kind: ClassVar[str] = "pounce"
    took: Card
    refill: Card


@dataclass(frozen=True, slots=True)
class Showdown(_Event):
    """The end of a hand: every hand, its value's text, and who lost (``losers``) or, in braillespiel, who won
    (``winners``, one seat). ``void``: nobody loses, since nobody would be left (C16, ``losers`` empty);
    ``stalemate``: a round of passes ended the swapping (C6, C18)."""

    kind: ClassVar[str] = "showdown"
    hands: Hands
    values: Mapping[int, str]
    losers: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    void: bool = False
    stalemate: bool = False


@dataclass(frozen=True, slots=True)
class Settled(_Event):
    """After a showdown (the record's ``chips``): the counts that changed, and every seat's count."""

    kind: ClassVar[str] = "chips"
    changes: Counts
    totals: Counts


@dataclass(frozen=True, slots=True)
class Eliminated(_Event):
    """C15, B1: a player is out of the match."""

    kind: ClassVar[str] = "eliminated"
    player: int


@dataclass(frozen=True, slots=True)
class MatchEnded(_Event):
    """C15, B10, H7: the winners, every seat's count, and in handeln the losers."""

    kind: ClassVar[str] = "match_end"
    winners: tuple[int, ...]
    standings: Counts
    losers: tuple[int, ...] | None = None


Event = (MatchStarted | FirstDealerDrawn | Dealt | Anted | ExchangedAll | Kept | Swapped | Passed | Knocked | Fired
         | Pounced | Showdown | Settled | Eliminated | MatchEnded)
"""One thing that happened."""

EVENT_TYPES: tuple[type[Event], ...] = get_args(Event)
"""Every kind of event, as its class (``cls.kind`` is its name in the record)."""
_RECORD_FIELDS: dict[type, tuple[tuple[str, str, bool, object], ...]] = {
    cls: tuple((f.name, f.metadata.get(RECORD_KEY, f.name), f.default is not dataclasses.MISSING, f.default)
               for f in dataclasses.fields(cls))
    for cls in EVENT_TYPES
}
"""Each event class's fields as its record lines hold them: the Python name, the record key, whether the field is
optional (has a default, and is left out at it), and the default."""
ACTION_KINDS: frozenset[str] = frozenset(cls.kind for cls in EVENT_TYPES if issubclass(cls, Move))
"""The record's names of the events that record a seat's decision; every other event follows from the rules and
the seed."""
