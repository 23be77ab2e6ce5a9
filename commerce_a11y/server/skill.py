"""Ratings: what a finished match on the server tells of its people's skill, and how it moves their ratings.

Each person (an account) has one rating per ruleset: OpenSkill's Plackett-Luce model (Weng and Lin's Bayesian
approximation, the model PlayPalace rates with), a mean ``mu`` and an uncertainty ``sigma``, updated from the
finishing order of every finished match at which at least two persons sat (``placings.places``).

- Computer players are not rated and do not count: the persons are ranked among themselves, in the order they
  finished. A computer player has no account to keep a rating with, its level is fixed but a table's mix of levels
  is not, and a rating is for comparing the people of a server. A match with one person is not rated at all.
- A seat the computer played for a person most of the time (more than half of the seat's decisions: the person
  away past the grace period, gone with ``leave``, or their turns left to the turn timer) finishes last among the
  persons, whatever the computer reached there: leaving a match one is losing never keeps one's rating, and a place
  the computer won is not the person's. Where the computer played most of every person's seat, nobody played: the
  match is not rated.
- The number shown (``shown``) is the rating's ordinal, ``mu - 3 * sigma``: a skill the person very likely has at
  least (99.7 %), so that a newcomer with one lucky match does not top the list. It begins at 0 and is shown with
  one decimal, never below 0 (a minus sign read aloud, or as one more braille cell, for a beginner's first losses
  says nothing the place in the list does not). The list is ordered by the ordinal itself.

The update itself is computed inside the store's transaction that writes it (``db/ratings.py``), from the ratings as
they are then, so that two matches ending at once cannot lose one another's update.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from ..i18n import pgettext
from ..placings import places
from ..rules import Match, Move

Z = 3.0
"""Standard deviations below the mean that the number shown (the ordinal) stands."""
START = (25.0, 25.0 / 3)
"""A newcomer's ``mu`` and ``sigma``: OpenSkill's defaults (the ordinal 0)."""


@dataclass(frozen=True)
class Rated:
    """What one finished match gives the ratings: its key (the match's own identity, counted once), its ruleset,
    and each rated person's place among the persons (0 first, ties sharing a place)."""

    key: str
    ruleset: str
    places: dict[str, int]
    """Each person's account name, with their place."""


def rated(key: str, match: Match, seating: Sequence[str | None], computer: Sequence[int]) -> Rated | None:
    """What the finished ``match`` gives the ratings (see the module), or None when it is not rated: fewer than two
    persons sat at it, or the computer played most of every person's seat. ``seating``: the account in each seat
    (None: a computer player); ``computer``: the decisions the computer made for each seat's person."""
    persons = [seat for seat, account in enumerate(seating) if account is not None]
    engine = places(match.events, len(match.players), match.rules.counter)
    if len(persons) < 2 or engine is None:
        return None
    decided = [0] * len(match.players)
    for event in match.events:
        if isinstance(event, Move) and event.decided:
            decided[event.actor] += 1
    standing_in = {seat for seat in persons
                   if seat < len(computer) and 2 * computer[seat] > decided[seat]}
    played = [seat for seat in persons if seat not in standing_in]
    if not played:
        return None
    order = sorted({engine[seat] for seat in played})
    place = {seat: order.index(engine[seat]) for seat in played}
    place.update({seat: len(order) for seat in standing_in})
    return Rated(key, match.rules.name, {str(seating[seat]): place[seat] for seat in persons})


def updated(before: Sequence[tuple[float, float] | None], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The persons' ratings (``mu``, ``sigma``) after a match they finished in the order ``ranks`` (0 first, ties
    equal), from their ratings before it (None: their first match of the ruleset)."""
    model = PlackettLuce()
    teams = [[model.rating(*(rating or START))] for rating in before]
    after = model.rate(teams, ranks=[float(rank) for rank in ranks])
    return [(team[0].mu, team[0].sigma) for team in after]


def ordinal(mu: float, sigma: float) -> float:
    """The skill the person very likely has at least: what the list is ordered by."""
    return mu - Z * sigma


def shown(mu: float, sigma: float) -> str:
    """The number a person hears for a rating: its ordinal with one decimal, never below 0, with the decimal sign
    of the language spoken now (31.2 in English, 31,2 in German and Dutch)."""
    return f"{max(0.0, ordinal(mu, sigma)):.1f}".replace(".", pgettext("decimal sign", "."))
