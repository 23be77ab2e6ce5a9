"""What a ruleset counts and what its players call their moves, as values the words are chosen by.

The engine does not speak, but which words fit a ruleset is a fact of the ruleset (Handeln's players call a knock
"I'm in!", H3), so it is data on the ruleset (``Ruleset.counter`` and ``Ruleset.terms``) and the narration, the
rules book and the parser look it up instead of testing the ruleset's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class CounterKind(StrEnum):
    """What a match counts (the record's ``chips`` line counts it, docs/record.md)."""

    CHIPS = "chips"
    """C13, R3, X2: a lost chip goes back to the box."""
    LIVES = "lives"
    """T3, S8: a lost life."""
    MARKS = "marks"
    """B1, B8: marks put in the pot and won."""
    MINUS_POINTS = "minus_points"
    """H6: a minus point for the fewest points; it counts up."""


class KnockCall(StrEnum):
    """What the call that gives everyone else one last turn is called."""

    KNOCK = "knock"
    """C5: a knock."""
    IM_IN = "in"
    """H3: Handeln's "I'm in!" (German "Eingeschafft!")."""


class FireCall(StrEnum):
    """What the call that shows the hands at once is called, where a ruleset has one (``Ruleset.fire_value``)."""

    THIRTY_ONE = "31"
    """T2: a call of 31 (schwimmen's shows of 31, S6, are told as shows)."""
    FIRE = "fire"
    """H4: Handeln's "Fire!"."""


class PassCall(StrEnum):
    """What doing nothing on a turn is called."""

    PASS = "pass"
    """C4: a pass."""
    PUSH = "push"
    """Schwimmen's pass: German players say "schieben", which has a word of its own in the catalogs."""


class PointsWord(StrEnum):
    """What a hand's points are called."""

    POINTS = "points"
    PIPS = "pips"
    """Handeln's points: German players count "Augen"."""


@dataclass(frozen=True, kw_only=True)
class Terms:
    """The words a ruleset's players use for its moves and counts, where they differ from the family's."""

    knock: KnockCall = KnockCall.KNOCK
    fire: FireCall = FireCall.THIRTY_ONE
    passing: PassCall = PassCall.PASS
    points: PointsWord = PointsWord.POINTS
