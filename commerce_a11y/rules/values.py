"""Hand values of every ruleset: one scoring function each, turned into lookup tables.

A scoring function names a three-card hand (``HandName``: category, deciding ranks or points, suit). Its
``value`` packs the category's order and the deciding details into one ``int``, so hands compare with plain
``<``/``==`` exactly as the rule book orders them (equal means an exact tie, suits never break one). The engine
and the computer players only ever look values up: ``ValueTable`` computes all 22,100 three-card hands once (in
about 0.1 s) into a flat list indexed by ``a * 2704 + b * 52 + c``, the fastest lookup measured in docs/architecture.md.
Tables depend only on the scoring function and its options, so they are memoised per ruleset and option set; the
memo holds immutable data only and never changes a result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..cards import CARD_VALUES, CARDS, RANK_CODES, SUITS, Card


@dataclass(frozen=True, slots=True)
class HandName:
    """What a hand is, for the narrator and the record: the category and what decides within it.

    ``ranks`` are the deciding ranks, most important first (the tricon's rank, a sequence's top card, a flush's
    three cards, a pair then its odd card, or the high cards of a hand without combination); ``points`` is the
    count for categories that are counts; ``suit`` is given for sequences and flushes.
    """

    category: str
    order: int
    ranks: tuple[int, ...] = ()
    points: float | None = None
    suit: int | None = None
    fewer_is_better: bool = False

    @property
    def value(self) -> int:
        """The comparable value: category order first, then the deciding ranks, else the doubled points."""
        detail = 0
        if self.points is not None:
            detail = round(self.points * 2)
            if self.fewer_is_better:
                detail = 1000 - detail
        else:
            for rank in self.ranks:
                detail = detail * 16 + rank
        return self.order * 1_000_000 + detail

    @property
    def text(self) -> str:
        """A short language-neutral text for the record, e.g. ``pair 9 K``, ``point 27``, ``sequence K H``."""
        parts = [self.category]
        parts += [RANK_CODES[r] for r in self.ranks]
        if self.points is not None:
            parts.append(f"{self.points:g}")
        if self.suit is not None:
            parts.append(SUITS[self.suit])
        return " ".join(parts)


Scorer = Callable[[Sequence[Card]], HandName]
"""Names a hand of exactly three cards."""


def _shape(cards: Sequence[Card]) -> tuple[list[int], bool, bool, bool]:
    """Ranks high to low, and whether the hand is three of a rank, one suit, three consecutive ranks."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    tricon = ranks[0] == ranks[2]
    flush = cards[0].suit == cards[1].suit == cards[2].suit
    run = ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1
    return ranks, tricon, flush, run


def score_commerce(cards: Sequence[Card], *, ace_low: bool = False, extended: bool = False) -> HandName:
    """C7-C12 and C18: tricon, sequence, flush, pair, point (or 'no combination' in extended Commerce)."""
    ranks, tricon, flush, run = _shape(cards)
    if tricon:
        return HandName("tricon", 6, (ranks[0],))
    if flush and run:
        return HandName("sequence", 5, (ranks[0],), suit=cards[0].suit)
    if flush and ace_low and ranks == [14, 3, 2]:
        # C8 ace_low: A-2-3 is the lowest sequence; its top card counts as the three, below 4-3-2.
        return HandName("sequence", 5, (3,), suit=cards[0].suit)
    if flush:
        return HandName("flush", 4, tuple(ranks), suit=cards[0].suit)
    if extended:
        return HandName("none", 1)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair, odd = (ranks[0], ranks[2]) if ranks[0] == ranks[1] else (ranks[1], ranks[0])
        return HandName("pair", 3, (pair, odd))
    return HandName("point", 2, points=sum(CARD_VALUES[r] for r in ranks))


def score_braillespiel(cards: Sequence[Card], *, krikelkrakel: bool = False) -> HandName:
    """B4-B6 and B9: Kunststück, Krikelkrakel (option), Sequenz, Punkte, else high cards below every Punkte."""
    ranks, tricon, flush, run = _shape(cards)
    if tricon:
        return HandName("kunststueck", 6, (ranks[0],))
    suits = {c.suit for c in cards}
    if krikelkrakel and run and len(suits) == 3:
        return HandName("krikelkrakel", 5, (ranks[0],))
    if flush and run:
        return HandName("sequence", 4, (ranks[0],), suit=cards[0].suit)
    for suit in suits:
        same = [c for c in cards if c.suit == suit]
        if len(same) >= 2:
            return HandName("points", 3, points=sum(c.points for c in same), suit=suit if flush else None)
    return HandName("high", 2, tuple(ranks))


def score_handeln(cards: Sequence[Card]) -> HandName:
    """H5: the better of the best suit and the best rank of at least two cards, else the highest card."""
    groups = [[c for c in cards if c.suit == s] for s in range(4)]
    groups += [[c for c in cards if c.rank == r] for r in {c.rank for c in cards}]
    sums = [sum(c.points for c in g) for g in groups if len(g) >= 2]
    if sums:
        return HandName("points", 2, points=max(sums))
    return HandName("high", 1, points=max(c.points for c in cards))


def score_thirty_one(cards: Sequence[Card]) -> HandName:
    """T1: the sum of the best suit; three of a rank score 30.5."""
    if cards[0].rank == cards[1].rank == cards[2].rank:
        return HandName("tricon", 1, (cards[0].rank,), points=30.5)
    best = max(sum(c.points for c in cards if c.suit == s) for s in range(4))
    return HandName("points", 1, points=best)


def score_schwimmen(cards: Sequence[Card]) -> HandName:
    """S4: counted as in Thirty-One (the best suit's sum; three of a rank 30.5); three Aces are Feuer, the best
    hand (S7)."""
    if cards[0].rank == cards[1].rank == cards[2].rank == 14:
        return HandName("fire", 2, (14,))
    return score_thirty_one(cards)


def score_trentuno(cards: Sequence[Card]) -> HandName:
    """R2: closest to 31 without going over; a tricon ranks between 30 and 31; a bust is below everything."""
    ranks, tricon, _, _ = _shape(cards)
    total = sum(c.points for c in cards)
    if tricon:
        return HandName("tricon", 3, (ranks[0],))
    if total == 31:
        return HandName("thirty_one", 4, points=31)
    if total > 31:
        # Among busts the lower total is better.
        return HandName("bust", 1, points=total, fewer_is_better=True)
    return HandName("total", 2, points=total)


def places(a: int, b: int, c: int) -> tuple[int, ...]:
    """The six places of one hand in a table indexed by card arithmetic (``a * 2704 + b * 52 + c``), one for
    every order of its cards, so that a lookup needs no sorting."""
    return (a * 2704 + b * 52 + c, a * 2704 + c * 52 + b, b * 2704 + a * 52 + c, b * 2704 + c * 52 + a,
            c * 2704 + a * 52 + b, c * 2704 + b * 52 + a)


class ValueTable:
    """All three-card values of one scorer, as a flat list indexed by card arithmetic."""

    __slots__ = ("scorer", "table")

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        table = [0] * (52 * 52 * 52)
        for hand in combinations(CARDS, 3):
            value = scorer(hand).value
            for i in places(*hand):
                table[i] = value
        self.table = table

    def value(self, cards: Sequence[int]) -> int:
        """The value of a three-card hand (any order)."""
        a, b, c = cards
        return self.table[a * 2704 + b * 52 + c]


@cache
def value_table(scorer: Scorer, **options: bool) -> ValueTable:
    """The memoised table of a scorer with fixed keyword options."""
    if options:
        def bound(cards: Sequence[Card]) -> HandName:
            return scorer(cards, **options)
        return ValueTable(bound)
    return ValueTable(scorer)


QUAD_ORDER = 9
"""C17: four of a rank beats every three-card hand of Commerce (whose best order is 6)."""


def name_four(cards: Sequence[Card], table: ValueTable) -> HandName:
    """C17: a four-card hand is four of a rank, or else its best three-card subset."""
    if len({c.rank for c in cards}) == 1:
        return HandName("quad", QUAD_ORDER, (cards[0].rank,))
    best = max(combinations(cards, 3), key=table.value)
    return table.scorer(best)
