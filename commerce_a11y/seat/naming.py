"""How a seat names the match it is told of: a ruleset with the options that differ from its defaults.

Both front ends say it (the console's game and its saves, the table server's lobby), so it is the seat's word, not
either front end's.
"""

from __future__ import annotations

from ..i18n import _
from ..narration.narrator import ruleset_title
from ..rules import Ruleset, ruleset


def match_title(rules: Ruleset) -> str:
    """The ruleset as players say it, with the options that differ from its defaults (as ``--option`` takes them)."""
    defaults = ruleset(rules.name).options
    changed = [f"{key}={_option_text(value)}" for key, value in rules.options.items() if defaults.get(key) != value]
    if not changed:
        return ruleset_title(rules)
    return _("{ruleset} ({options})").format(ruleset=ruleset_title(rules), options=", ".join(changed))


def _option_text(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)
