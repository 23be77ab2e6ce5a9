"""The ratings as people ask for them: ``rating`` (one's own, a line per ruleset) and ``top RULESET`` (the list).

Each line is short and whole, to be read aloud or on a 40-cell braille display: the ruleset or the place first,
then the number (``skill.shown``), then the matches it counts. How a rating is made is ``skill.py``'s; where it is
kept, ``db/ratings.py``'s.
"""

from __future__ import annotations

from ..i18n import _, ngettext
from ..narration.narrator import ruleset_title
from ..rules import RULESETS, OptionError, ruleset
from .registry import Server
from .session import Session
from .skill import shown

TOP_LINES = 10
"""The people ``top`` names, best first."""


def title(name: str) -> str:
    """A ruleset as players say it, by its name in the store."""
    return ruleset_title(ruleset(name)) if name in RULESETS else name[:20]


async def own_ratings(server: Server, session: Session, rest: str) -> None:
    """The person's ratings, one line per ruleset they were rated in, the ruleset played most first."""
    ratings = server.store.ratings.of(session.account)
    if not ratings:
        session.say([_("You have no rating yet. A match with another person at the table begins it.")])
        return
    session.say([ngettext("{ruleset}: {rating}, {count} match.", "{ruleset}: {rating}, {count} matches.",
                          rating.matches).format(ruleset=title(rating.ruleset), rating=shown(rating.mu, rating.sigma),
                                                 count=rating.matches)
                 for rating in ratings])


async def top(server: Server, session: Session, rest: str) -> None:
    """``top RULESET``: the best ``TOP_LINES`` of a ruleset, a line each, best first."""
    words = rest.split()
    if not words:
        session.say([_("Which ruleset? For example: top commerce")])
        return
    try:
        rules = ruleset(words[0][:20].lower())  # a longer word is no ruleset, and its refusal stays short
    except OptionError as error:
        session.say([error.sentence(_)])
        return
    best = server.store.ratings.top(rules.name, TOP_LINES)
    if not best:
        session.say([_("Nobody has a rating in {ruleset} yet.").format(ruleset=ruleset_title(rules))])
        return
    session.say([ngettext("{place}. {name}, {rating}, {count} match.", "{place}. {name}, {rating}, {count} matches.",
                          rating.matches).format(place=place, name=rating.name, rating=shown(rating.mu, rating.sigma),
                                                 count=rating.matches)
                 for place, rating in enumerate(best, start=1)])
