"""How a seat names what it is told of: the player themself ("You"), and a ruleset with its options.

Both front ends say them (the console's game and its saves, the table server's lobby and its names check), so they
are the seat's words, not either front end's.
"""

from __future__ import annotations

from ..i18n import LANGUAGES, _, translation
from ..narration.narrator import ruleset_title
from ..rules import Ruleset, ruleset


def own_words() -> set[str]:
    """The word the game calls the player by, in every language, case aside: the default name of a player who gave
    none, and no name for an opponent (who would be confused with the player: "You takes nine of hearts")."""
    return {translation(lang).gettext("You").casefold() for lang in LANGUAGES}


def match_title(rules: Ruleset) -> str:
    """The ruleset as players say it, with the options that differ from its defaults (as ``--option`` takes them)."""
    defaults = ruleset(rules.name).options
    changed = [f"{key}={_option_text(value)}" for key, value in rules.options.items() if defaults.get(key) != value]
    if not changed:
        return ruleset_title(rules)
    return _("{ruleset} ({options})").format(ruleset=ruleset_title(rules), options=", ".join(changed))


def _option_text(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)
