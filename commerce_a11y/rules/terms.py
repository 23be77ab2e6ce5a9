"""What a ruleset counts and what its players call their moves, as values the words are chosen by.

The engine does not speak, but which words fit a ruleset is a fact of the ruleset (Handeln's players call a knock
"I'm in!", H3), so it is data on the ruleset (``Ruleset.counter`` and ``Ruleset.terms``) and the narration and
the rules book look it up instead of testing the ruleset's name.
"""

from __future__ import annotations

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


class Term(StrEnum):
    """A word a ruleset's players use where the family's word differs (``Ruleset.terms`` holds a ruleset's own):
    without any, a knock is a knock (C5), the call that shows the hands is a call of 31 (T2), a pass is a pass (C4)
    and points are points."""

    IM_IN = "in"
    """H3: Handeln's knock is "I'm in!" (German "Eingeschafft!")."""
    FIRE = "fire"
    """H4: Handeln's call is "Fire!"."""
    PUSH = "push"
    """Schwimmen's pass: German players say "schieben", which has a word of its own in the catalogs."""
    PIPS = "pips"
    """Handeln's points: German players count "Augen"."""
