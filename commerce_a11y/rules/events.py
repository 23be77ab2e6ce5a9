"""Events: what happened, one frozen dataclass per kind, in the shape of the match record (docs/record.md).

Each kind of event is its own class with typed fields, so code that reads an event says what it reads
(``deal.widow``, ``swap.took``) and the type checker knows every field; ``Event`` is the union of them, and a
``match`` statement over it is checked for completeness. Events are named in the past tense: the action ``Swap`` is
what a seat asks for, the event ``Swapped`` is what happened; the kinds that record a seat's decision share the
base ``Move`` (with its ``player``).

An event becomes a record line and nothing else changes (``to_record``): its class's ``kind`` is the line's
``event``, its fields follow in the order the class declares them, cards become codes and seat keys strings, a field
left at its default is not written (the record's optional fields: ``redraws``, ``void``, ...), and
``Dealt.widow`` is written as the record's ``skat``. A few fields say how a seat may see an event and follow from
the lines before it (``Dealt.face_down``, ``Kept.turned_up``, ``ExchangedAll.blind``): they are ``NOT_RECORDED``.
The reader never builds events from lines: it replays the actions and compares what the engine made with each line
(``record.py``).

What a seat may see (G7, S2, X3, X4): ``visible_to(seat)`` gives the event as that seat knows it. A card a seat may
not know is ``None`` (a trade's cards for everyone but the trader, an offered or bartered card for everyone but the
two players), and cards lying face down are left out (the schwimmen middle before the dealer's choice, ``Dealt.widow``
empty; what the dealer took unseen, ``ExchangedAll.took`` empty for the others); the engine's own events, and so the
record, hold every card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, get_args

from ..cards import Card
from .chance import SEEDED

RECORD_KEY = "record"
"""A field's metadata key for its name in the record, where the Python name differs (``Dealt.widow``: ``skat``);
``None`` for a field the record leaves out (``NOT_RECORDED``)."""
NOT_RECORDED = {RECORD_KEY: None}
"""A field's metadata for a field the record leaves out, because the lines before it tell it: how a seat may see the
event (the middle lying face down, S2)."""


class PlayerKind(str):
    """Who plays a seat: a person (``human``) or a computer player of a level (``bot:LEVEL``).

    The value is the record's own text of it (``PlayerKind("bot:basic")`` reads it), so a record is written back
    byte for byte whatever kind it names; ``human``, ``bot`` and ``level`` say what it means.
    """

    __slots__ = ()

    @classmethod
    def human(cls) -> PlayerKind:
        return cls(_HUMAN)

    @classmethod
    def bot(cls, level: str) -> PlayerKind:
        """A computer player of this level (``bots.BOT_KINDS`` names them)."""
        return cls(_BOT + level)

    @property
    def is_human(self) -> bool:
        return self == _HUMAN

    @property
    def level(self) -> str | None:
        """A computer player's level (what follows ``bot:``); None for a person (or a kind this version does not
        know)."""
        return self.removeprefix(_BOT) if self.startswith(_BOT) else None


_HUMAN = "human"
_BOT = "bot:"


@dataclass(frozen=True, slots=True, init=False)
class Player:
    """A seat's occupant as the record names it: a name and a kind (``human``, ``bot:basic``, ...)."""

    name: str
    kind: PlayerKind

    def __init__(self, name: str, kind: str = _HUMAN) -> None:
        """``kind`` as a ``PlayerKind`` or its record text."""
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "kind", PlayerKind(kind))


class _Event:
    """What every event can do: become a record line, and be reduced to what one seat may know."""

    __slots__ = ()
    kind: ClassVar[str]
    """The record's name for this kind of event (the line's ``event``)."""

    def visible_to(self, seat: int) -> Self:
        """The event as one seat may know it (G7): the same event where everything in it lies open (the kinds that
        hide something say so)."""
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
    if value is None:
        return None
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
    """The record's first line: what is played, by whom, and where its chance comes from (G10): ``chance``, the
    kind (``chance.py``; the seeded kind is the default, not written), and ``seed``, its seed or key as the record
    writes it. The seed makes every hidden card computable, so no seat and no spectator sees it: in every view it
    is None (``visible_to``); only the record, written for after the match, holds it."""

    kind: ClassVar[str] = "match"
    ruleset: str
    options: Mapping[str, bool | int]
    players: tuple[Player, ...]
    seed: int | str | None
    chance: str = SEEDED
    final_round: bool = field(default=False, metadata=NOT_RECORDED)
    """B12: the match may end with a final round, which its record's format says (format 4, ``record_format``)."""

    def visible_to(self, seat: int) -> Self:
        return dataclasses.replace(self, seed=None)


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
    view (``visible_to``), eldest first. ``widow`` is empty in tauschen, which has none (X1); ``face_down``: the
    middle lies face down (schwimmen, S2), so a seat's view of the deal leaves its cards out."""

    kind: ClassVar[str] = "deal"
    hand: int
    dealer: int
    hands: Hands
    widow: tuple[Card, ...] = field(metadata={RECORD_KEY: "skat"})
    cut_by: int
    cut: int
    face_down: bool = field(default=False, metadata=NOT_RECORDED)

    def visible_to(self, seat: int) -> Self:
        mine = {seat: self.hands[seat]} if seat in self.hands else {}
        return dataclasses.replace(self, hands=mine, widow=() if self.face_down else self.widow)


@dataclass(frozen=True, slots=True)
class Anted(_Event):
    """B1: everyone in the hand paid a mark into the pot."""

    kind: ClassVar[str] = "ante"
    pot: int
    totals: Counts


@dataclass(frozen=True, slots=True)
class Move(_Event):
    """A seat's decision (the events a record's reader applies as actions); never made itself, only its kinds.

    ``player`` is the seat that decided, except in ``Bartered``, where the neighbour (``to``) decided to accept
    the offer of ``player``: ``actor`` is the deciding seat for every kind. A schwimmen ``Fired`` (``call`` set) is
    no decision either: the engine shows 31 and three Aces (S6, S7); ``decided`` tells."""

    player: int

    @property
    def actor(self) -> int:
        """The seat whose decision this is."""
        return self.player

    @property
    def decided(self) -> bool:
        """Whether a seat decided this (every move but the shows the engine makes for a player)."""
        return True


@dataclass(frozen=True, slots=True)
class ExchangedAll(Move):
    """The whole hand for the whole widow: H1, the dealer's exchange; S2, the schwimmen dealer taking the middle
    unseen (``blind``: only the dealer then knows ``took``, the others see the old hand laid face up); S3, a swap
    of all three on a schwimmen turn."""

    kind: ClassVar[str] = "exchange_all"
    gave: tuple[Card, ...]
    took: tuple[Card, ...]
    blind: bool = field(default=False, metadata=NOT_RECORDED)

    def visible_to(self, seat: int) -> Self:
        if self.blind and seat != self.player:
            return dataclasses.replace(self, took=())
        return self


@dataclass(frozen=True, slots=True)
class Kept(Move):
    """H1, S2: the dealer kept the hand dealt (format 2; a format 1 record leaves it out). ``turned_up``: the middle
    that lay face down and is turned face up now (schwimmen, S2); empty where it lay face up already."""

    kind: ClassVar[str] = "keep"
    turned_up: tuple[Card, ...] = field(default=(), metadata=NOT_RECORDED)


@dataclass(frozen=True, slots=True)
class Waived(Move):
    """A decline the table heard (the actions ``EndTurn`` and ``Wait``, the record's ``done``; format 3): the end of a
    turn after its swaps while another swap or a call was still allowed (C3, H4, T2), or no call right after the deal
    (H4, T2). The dealer keeping the hand dealt (``Keep``) is ``Kept`` (H1, S2). A record before format 3 leaves it
    out, and its reader supplies it. Nothing is said for it (it is heard as what follows it), no computer player
    reads it, and their seeds count the events without it (``bots/seeding.py``), so a match plays as it did before
    the event existed (``bench/record_hash.py``)."""

    kind: ClassVar[str] = "done"


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
    """Handeln's "Fire!" (H4), Thirty-One's call of 31 (T2), and schwimmen's shows, which the engine makes for the
    player (S6, S7): there ``call`` (the record's ``kind``) is ``"31"`` or ``"fire"`` (three Aces); elsewhere it is
    empty and not written."""

    kind: ClassVar[str] = "fire"
    call: str = field(default="", metadata={RECORD_KEY: "kind"})

    @property
    def decided(self) -> bool:
        return not self.call


@dataclass(frozen=True, slots=True)
class Pounced(Move):
    """C17: the fourth card of a tricon taken from the widow, a stock card laid in its place."""

    kind: ClassVar[str] = "pounce"
    took: Card
    refill: Card


@dataclass(frozen=True, slots=True)
class Traded(Move):
    """X3: ``gave`` laid face down on the discard pile, ``took`` from the stock, a chip paid to ``paid_to`` (the
    dealer; None when the dealer traded, whose chip went back to the supply). Only the trader sees the two cards:
    for everyone else they are None."""

    kind: ClassVar[str] = "trade"
    gave: Card | None
    took: Card | None
    paid_to: int | None

    def visible_to(self, seat: int) -> Self:
        return self if seat == self.player else dataclasses.replace(self, gave=None, took=None)


@dataclass(frozen=True, slots=True)
class Offered(Move):
    """X4: ``player`` offers ``card`` to the right-hand neighbour ``to``, who answers next. Only the two see the
    card: for everyone else it is None."""

    kind: ClassVar[str] = "offer"
    to: int
    card: Card | None

    def visible_to(self, seat: int) -> Self:
        return self if seat in (self.player, self.to) else dataclasses.replace(self, card=None)


@dataclass(frozen=True, slots=True)
class Bartered(Move):
    """X4, an accepted offer: ``player`` (who offered) gave ``gave`` to the neighbour ``to``, who gave ``took`` for
    it. The decision is the neighbour's (``actor``). Only the two see the cards: for everyone else they are None."""

    kind: ClassVar[str] = "barter"
    to: int
    gave: Card | None
    took: Card | None

    @property
    def actor(self) -> int:
        return self.to

    def visible_to(self, seat: int) -> Self:
        return self if seat in (self.player, self.to) else dataclasses.replace(self, gave=None, took=None)


@dataclass(frozen=True, slots=True)
class Declined(Move):
    """X4: ``player`` declined the offer of ``to``, whose turn goes on."""

    kind: ClassVar[str] = "decline"
    to: int


@dataclass(frozen=True, slots=True)
class Refreshed(_Event):
    """S5: after a round of passes the middle was laid aside (face up, seen by all) and three fresh cards from the
    stock laid face up in its place (the record's ``skat``)."""

    kind: ClassVar[str] = "refresh"
    laid_aside: tuple[Card, ...]
    widow: tuple[Card, ...] = field(metadata={RECORD_KEY: "skat"})


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
    """After a showdown (the record's ``chips``): the counts that changed, and every seat's count. ``traded``: in
    tauschen, each seat's net change from this hand's trades (X5: paid, or received as dealer), which ``totals``
    include and ``changes`` do not; every trade was told to everyone, so it follows from the lines before."""

    kind: ClassVar[str] = "chips"
    changes: Counts
    totals: Counts
    traded: Counts = field(default_factory=dict, metadata=NOT_RECORDED)


@dataclass(frozen=True, slots=True)
class Swimming(_Event):
    """S9: the player lost their last life and swims on with none; losing again, they go under (``Eliminated``)."""

    kind: ClassVar[str] = "swimming"
    player: int


@dataclass(frozen=True, slots=True)
class Eliminated(_Event):
    """C15, B1: a player is out of the match; in schwimmen, a swimmer who lost again went under (S9)."""

    kind: ClassVar[str] = "eliminated"
    player: int
    final_round: int | None = None
    """B12: this player was the last person in, and the match ends after this many more hands (the final round);
    None for every other elimination."""


@dataclass(frozen=True, slots=True)
class MatchEnded(_Event):
    """C15, B10, H7, B12: the winners, every seat's count, and in handeln the losers."""

    kind: ClassVar[str] = "match_end"
    winners: tuple[int, ...]
    standings: Counts
    losers: tuple[int, ...] | None = None
    final_round: bool = False
    """B12: the match ended with its final round, the computer players having played on alone."""


Event = (MatchStarted | FirstDealerDrawn | Dealt | Anted | ExchangedAll | Kept | Waived | Swapped | Passed | Knocked
         | Fired | Pounced | Traded | Offered | Bartered | Declined | Refreshed | Showdown | Settled | Swimming
         | Eliminated | MatchEnded)
"""One thing that happened."""

EVENT_TYPES: tuple[type[Event], ...] = get_args(Event)
"""Every kind of event, as its class (``cls.kind`` is its name in the record)."""
_RECORD_FIELDS: dict[type, tuple[tuple[str, str, bool, object], ...]] = {
    cls: tuple((f.name, f.metadata.get(RECORD_KEY, f.name), f.default is not dataclasses.MISSING, f.default)
               for f in dataclasses.fields(cls) if f.metadata.get(RECORD_KEY, f.name) is not None)
    for cls in EVENT_TYPES
}
"""Each event class's fields as its record lines hold them (``NOT_RECORDED`` ones left out): the Python name, the
record key, whether the field is optional (has a default, and is left out at it), and the default."""
ACTION_KINDS: frozenset[str] = frozenset(cls.kind for cls in EVENT_TYPES if issubclass(cls, Move))
"""The record's names of the events that record a seat's decision; every other event follows from the rules and
the seed."""
