"""Each person's rating per ruleset (``ratings``), and the finished matches counted in them (``rated_matches``).

A finished match is counted exactly once: its key and every rating it moves are written in one transaction
(``count``), which first looks for the key. A server killed before the commit has written none of it, and counts the
match when it files the match again at its next start; one killed after it finds the key, and changes nothing.

Ratings are keyed on accounts' identities (``names.identity``), with the name as it was made for the list.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial

from ..names import identity
from .core import Core

Update = Callable[[Sequence[tuple[float, float] | None], Sequence[int]], list[tuple[float, float]]]
"""The model's update (``skill.updated``): each person's rating before (None: none yet) and their places, to their
ratings after. The store applies it but does not know it: SQL here, the model there."""


@dataclass(frozen=True)
class Rating:
    """One person's rating in one ruleset, and how many matches it counts."""

    name: str
    ruleset: str
    mu: float
    sigma: float
    matches: int


class Ratings:
    """The ratings and the matches counted in them."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def count(self, key: str, ruleset: str, places: dict[str, int], update: Update) -> Future[bool]:
        """Count a finished match in its persons' ratings (``places``: each account's name and place, 0 first),
        once: the future's result is True when it was counted now, False when its key was counted before. The
        ratings are read, updated and written, with the key, in one transaction of the writer's thread, so that two
        matches ending at once each see the other's update; a ``sqlite3.Error`` (a full disk) leaves none of it."""
        return self.core.write(partial(_count, key, ruleset, dict(places), update, time.time()))

    def counted(self, key: str) -> bool:
        """Whether the match of that key is counted."""
        return self.core.read_one("select 1 from rated_matches where key = ?", (key,)) is not None

    def of(self, account: str) -> list[Rating]:
        """The account's ratings, one per ruleset it was rated in, the ruleset played most first."""
        rows = self.core.read("select name, ruleset, mu, sigma, matches from ratings where account = ? "
                              "order by matches desc, ruleset", (identity(account),))
        return [Rating(*row) for row in rows]

    def top(self, ruleset: str, limit: int) -> list[Rating]:
        """The best ``limit`` ratings of a ruleset, by their ordinal (``mu - 3 * sigma``, as ``skill.ordinal``),
        best first."""
        rows = self.core.read("select name, ruleset, mu, sigma, matches from ratings where ruleset = ? "
                              "order by mu - 3 * sigma desc, matches desc, account limit ?", (ruleset, limit))
        return [Rating(*row) for row in rows]


def _count(key: str, ruleset: str, places: dict[str, int], update: Update, now: float,
           db: sqlite3.Connection) -> bool:
    """The writer thread, inside the transaction: the key, then the ratings read, updated and written."""
    if db.execute("select 1 from rated_matches where key = ?", (key,)).fetchone() is not None:
        return False
    names = list(places)
    before: list[tuple[float, float] | None] = []
    for name in names:
        row = db.execute("select mu, sigma from ratings where account = ? and ruleset = ?",
                         (identity(name), ruleset)).fetchone()
        before.append(None if row is None else (row[0], row[1]))
    after = update(before, [places[name] for name in names])
    for name, (mu, sigma) in zip(names, after, strict=True):
        db.execute("""insert into ratings (account, name, ruleset, mu, sigma, matches, updated)
            values (?, ?, ?, ?, ?, 1, ?)
            on conflict (account, ruleset) do update set
            name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, matches = matches + 1,
            updated = excluded.updated""", (identity(name), name, ruleset, mu, sigma, now))
    db.execute("insert into rated_matches (key, ruleset, counted) values (?, ?, ?)", (key, ruleset, now))
    return True
