"""Cards as small integers, decks and the record's card codes.

A card is an ``int`` from 0 to 51, ``(rank - 2) * 4 + suit``, so the hand-value tables can be flat lists indexed
by arithmetic on cards, which is what makes evaluation a lookup (docs/architecture.md: 41 million lookups a second
that way). ``Card`` subclasses ``int`` only to give the value a readable ``repr`` and a ``code``; the 52 instances
are made once and reused, so no card is ever allocated during play.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDHS"
"""Suit letters of the record format, in the order of their numbers (clubs 0 ... spades 3)."""

RANK_CODES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q",
              13: "K", 14: "A"}
"""Rank number (2 to 14, the ace high as in G9) to its code in the record format."""

_RANK_BY_CODE = {code: rank for rank, code in RANK_CODES.items()}

CARD_VALUES = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 10, 12: 10, 13: 10, 14: 11}
"""G8: the points a card of each rank is worth."""


class Card(int):
    """One card; an ``int`` so that tables can be indexed with it directly."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return (self >> 2) + 2

    @property
    def suit(self) -> int:
        return self & 3

    @property
    def code(self) -> str:
        return RANK_CODES[self.rank] + SUITS[self.suit]

    @property
    def points(self) -> int:
        return CARD_VALUES[self.rank]

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return RANK_CODES[self.rank] + SUITS[self.suit]


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""Every card, indexed by its number: ``CARDS[n]`` is the one shared instance of card ``n``."""


def card(rank: int, suit: int) -> Card:
    """The card of a rank (2 to 14) and suit (0 to 3)."""
    return CARDS[(rank - 2) * 4 + suit]


def parse_card(code: str) -> Card:
    """A card from its record code (``QH``, ``10S``, ``7c``); raises ``ValueError`` naming the bad code."""
    text = code.strip().upper()
    rank = _RANK_BY_CODE.get(text[:-1])
    suit = SUITS.find(text[-1:]) if text else -1
    if rank is None or suit < 0:
        raise ValueError(f"not a card code: {code!r} (examples: AH, 10S, 7C)")
    return card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from codes separated by spaces or commas (``"AH 2H 3H"``), or from an iterable of codes."""
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(c) for c in codes)


def codes(cards: Iterable[int]) -> list[str]:
    """Record codes of cards, in order."""
    return [CARDS[c].code for c in cards]


def deck(size: int) -> tuple[Card, ...]:
    """A sorted deck: 52 cards, 32 (Skat deck, 7 to ace) or 40 (Trentuno, without 8, 9 and 10)."""
    if size == 52:
        return CARDS
    if size == 32:
        return tuple(c for c in CARDS if c.rank >= 7)
    if size == 40:
        return tuple(c for c in CARDS if c.rank not in (8, 9, 10))
    raise ValueError(f"no deck of {size} cards (allowed: 32, 40, 52)")

