"""Hand strength as a share of all hands: one scale for every ruleset, so policies can share thresholds.

A value's strength is the fraction of all three-card hands of the deck that it beats (ties count half). The
tables are derived once per value table and deck (a pure memo of immutable data).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import cache
from itertools import combinations

from ..cards import deck
from ..rules import Ruleset
from ..rules.values import ValueTable, places


@cache
def _strengths(table: ValueTable, deck_size: int) -> dict[int, float]:
    cards = deck(deck_size)
    values = sorted(table.value(hand) for hand in combinations(cards, 3))
    total = len(values)
    return {v: (bisect_left(values, v) + (bisect_right(values, v) - bisect_left(values, v)) / 2) / total
            for v in set(values)}


def strengths(rules: Ruleset, players: int) -> dict[int, float]:
    """Value to strength (0 weakest, 1 strongest) for the deck a match of ``players`` uses."""
    return _strengths(rules.table, rules.deck_size(players, rules.options))


def strength_of(table: dict[int, float], value: int) -> float:
    """The strength of any value, also of four-card hands (pounce) that beat every three-card hand."""
    found = table.get(value)
    if found is not None:
        return found
    return 1.0 if value > max(table) else 0.0


@cache
def _value_strengths(table: ValueTable, deck_size: int) -> list[float]:
    strength = _strengths(table, deck_size)
    return [strength.get(value, 0.0) for value in table.table]


def value_strengths(rules: Ruleset, players: int) -> list[float]:
    """Each three-card hand's strength now, indexed like the value table and like ``promises``: the scale of a
    last turn, when no later swap can help (so one comparison serves both)."""
    return _value_strengths(rules.table, rules.deck_size(players, rules.options))


NOW_WEIGHT = 0.5
"""How much a hand's strength now counts against its promise after one more swap."""


@cache
def _promises(table: ValueTable, deck_size: int) -> list[float]:
    strength = _strengths(table, deck_size)
    cards = deck(deck_size)
    lookup = table.table
    # For each pair of cards, the strength of the hand it makes with every third card (0 where the third is one
    # of the pair): the three columns a hand's promise needs, computed once instead of per hand.
    with_third: dict[tuple[int, int], list[float]] = {}
    for x, y in combinations(cards, 2):
        row = [0.0] * 52
        for u in cards:
            if u != x and u != y:
                row[u] = strength[lookup[x * 2704 + y * 52 + u]]
        with_third[(x, y)] = row
    others = len(cards) - 3
    result = [0.0] * (52 * 52 * 52)
    for a, b, c in combinations(cards, 3):
        now = strength[lookup[a * 2704 + b * 52 + c]]
        floor = [now] * 52
        total = sum(map(max, floor, with_third[(b, c)], with_third[(a, c)], with_third[(a, b)])) - (52 - others) * now
        value = NOW_WEIGHT * now + (1 - NOW_WEIGHT) * total / others
        for i in places(a, b, c):
            result[i] = value
    return result


def promises(rules: Ruleset, players: int) -> list[float]:
    """Each three-card hand's promise, indexed like the value table: its strength now blended with the average
    best strength after swapping in any one other card of the deck.

    A hand one card short of a flush or a tricon is worth more than its value today: this is where the tips'
    "keep pairs, go for flushes and sequences" come from without being written as rules. Built once per ruleset
    and deck (about half a second), then a lookup like every hand value.
    """
    return _promises(rules.table, rules.deck_size(players, rules.options))


@cache
def _pair_potentials(table: ValueTable, deck_size: int) -> list[float]:
    strength = _strengths(table, deck_size)
    cards = deck(deck_size)
    lookup = table.table
    result = [0.0] * (52 * 52)
    for x, y in combinations(cards, 2):
        thirds = [strength[lookup[x * 2704 + y * 52 + u]] for u in cards if u != x and u != y]
        result[x * 52 + y] = result[y * 52 + x] = sum(thirds) / len(thirds)
    return result


def pair_potentials(rules: Ruleset, players: int) -> list[float]:
    """For each pair of cards (indexed ``x * 52 + y``, both orders), the average strength of the hand it makes with
    any third card of the deck: what keeping the pair is worth when the third card is left to chance, as in a
    tauschen trade or barter (X3, X4), where the card that comes is unseen until it comes."""
    return _pair_potentials(rules.table, rules.deck_size(players, rules.options))


@cache
def _mean_promise(table: ValueTable, deck_size: int) -> float:
    promise = _promises(table, deck_size)
    hands = list(combinations(deck(deck_size), 3))
    return sum(promise[a * 2704 + b * 52 + c] for a, b, c in hands) / len(hands)


def mean_promise(rules: Ruleset, players: int) -> float:
    """The average promise of all three-card hands of the deck: what an unseen hand is worth."""
    return _mean_promise(rules.table, rules.deck_size(players, rules.options))
