"""The names of the rulesets: ``RulesetName``, one member per ruleset, importable without the rules engine.

A member is its name's string (a ``StrEnum``), so the record's ``ruleset`` field, ``--rules`` and the words keyed
by a ruleset's name read it as that string. ``commerce --help`` lists the names, and importing
``commerce_a11y.rules`` for that would cost every start about a quarter of its time (bench/startup.py); so the
names live here and ``rules.RULESETS`` defines each ruleset under its member. ``tests/test_cli.py`` keeps the two
in the same order.
"""

from enum import StrEnum


class RulesetName(StrEnum):
    """Every playable ruleset's name (docs/rules.md)."""

    COMMERCE = "commerce"
    BRAILLESPIEL = "braillespiel"
    HANDELN = "handeln"
    THIRTY_ONE = "thirty-one"
    TRENTUNO = "trentuno"
    SCHWIMMEN = "schwimmen"
    TAUSCHEN = "tauschen"


RULESET_NAMES: tuple[str, ...] = tuple(name.value for name in RulesetName)
"""The names as plain strings, for click's choices (which would show an enum member's Python name)."""
