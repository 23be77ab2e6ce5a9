"""The player's statistics across finished matches: one small JSON file, updated atomically at each match end.

Kept apart from the records (which are pruned to ``keep_records``) so that statistics outlive them. Each finished
match adds one entry (ruleset, opponents' levels, won, hands played and lost, counters lost); totals are computed
when asked, so a new grouping needs no new file format. A damaged file is kept aside and a new one begun.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from .cleaning import load_json
from .files import STATS_LIMIT, NotAFile, atomic_write, keep_aside, read_limited
from .folders import data_dir
from .rules import Match
from .tally import tally

STATS_FILE = "stats.json"
STATS_FORMAT = 1


def stats_path() -> Path:
    return data_dir() / STATS_FILE


class StatsRefused(Exception):
    """The statistics file cannot be read; ``kept`` is where it was moved (None if it could not be moved)."""

    def __init__(self, kept: Path | None) -> None:
        super().__init__(str(kept))
        self.kept = kept


def match_entry(match: Match, seat: int, ident: str, when: datetime) -> dict[str, Any]:
    """What one finished match adds to the statistics of the player in ``seat``; ``ident`` tells it apart (its
    own identity, kept in its save's seal), so that counting it again after an interruption changes nothing."""
    tallies, _ = tally(match.events, len(match.players), match.rules.counter)
    mine = tallies[seat]
    return {
        "id": ident,
        "ended": when.isoformat(timespec="seconds"),
        "ruleset": match.rules.name,
        "players": len(match.players),
        "opponents": [(p.kind.level or p.kind) for s, p in enumerate(match.players) if s != seat],
        "won": seat in match.winners,
        "shared": seat in match.winners and len(match.winners) > 1,
        "hands": mine.hands_played,
        "hands_lost": mine.hands_lost,
        "lost": mine.lost,
        "paid": mine.paid,
        "received": mine.received,
        "swims": mine.swims,
        "went_under": mine.went_under,
    }


EXTRAS = ("paid", "received", "swims", "went_under")
"""Counts an entry may hold beyond the first format's: tauschen's chips paid for trades and received as dealer
(X3, X5), schwimmen's swims and going under (S9); an entry without them (an older one) counts 0."""


def _valid_entry(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("ruleset"), str)
            and isinstance(entry.get("opponents"), list) and isinstance(entry.get("won"), bool)
            and all(_count(entry.get(k)) for k in ("hands", "hands_lost", "lost"))
            and all(_count(entry.get(k, 0)) for k in EXTRAS))


def _count(value: Any) -> bool:
    """Whether ``value`` is a count: an int (not a bool, which is one to Python) of at least 0."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def read_stats(path: Path | None = None) -> list[dict[str, Any]]:
    """The entries of the statistics file (none if there is no file); ``StatsRefused`` after keeping a damaged
    file, or one a newer version wrote, aside (``kept`` is None if it could not be read or moved)."""
    path = path or stats_path()
    try:
        data = load_json(read_limited(path, STATS_LIMIT).decode("utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        return []
    except (OSError, NotAFile):
        raise StatsRefused(None) from None  # there, but not readable now, or not a file: left alone
    except ValueError:  # not UTF-8, not JSON the game can use, too large
        data = None
    if (isinstance(data, dict) and data.get("format") == STATS_FORMAT and isinstance(data.get("matches"), list)
            and all(_valid_entry(e) for e in data["matches"])):
        return list(data["matches"])
    raise StatsRefused(keep_aside(path))


def add_match(entry: dict[str, Any], path: Path | None = None) -> bool:
    """Add one finished match to the statistics (a damaged file is kept aside and a new one begun)."""
    path = path or stats_path()
    try:
        entries = read_stats(path)
    except StatsRefused as refusal:
        if refusal.kept is None and path.exists():
            return False  # a file that could be neither read nor moved aside is never written over
        entries = []
    if any(e.get("id") == entry["id"] for e in entries):
        return True
    entries.append(entry)
    text = json.dumps({"format": STATS_FORMAT, "matches": entries}, ensure_ascii=False, indent=1) + "\n"
    return atomic_write(path, text)


@dataclass
class Totals:
    """Matches played and won, hands played and counters lost, over some group of matches."""

    played: int = 0
    won: int = 0
    shared: int = 0
    hands: int = 0
    hands_lost: int = 0
    lost: int = 0
    paid: int = 0
    received: int = 0
    swims: int = 0
    went_under: int = 0

    def add(self, entry: dict[str, Any]) -> None:
        self.played += 1
        self.won += bool(entry["won"])
        self.shared += bool(entry.get("shared"))
        self.hands += entry["hands"]
        self.hands_lost += entry["hands_lost"]
        self.lost += entry["lost"]
        self.paid += entry.get("paid", 0)
        self.received += entry.get("received", 0)
        self.swims += entry.get("swims", 0)
        self.went_under += entry.get("went_under", 0)

    @property
    def lost_per_hand(self) -> float:
        return self.lost / self.hands if self.hands else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "shared_wins": self.shared, "hands": self.hands,
                "hands_lost": self.hands_lost, "lost": self.lost, "lost_per_hand": round(self.lost_per_hand, 4),
                "paid": self.paid, "received": self.received, "swims": self.swims, "went_under": self.went_under}


def opponents_level(entry: dict[str, Any]) -> str:
    """The opponents' level, or ``mixed`` when they were of different levels."""
    levels = {str(level) for level in entry["opponents"]}
    return levels.pop() if len(levels) == 1 else "mixed"


@dataclass
class Statistics:
    """Totals overall, by ruleset, and by ruleset and opponents' level (counters differ between rulesets)."""

    overall: Totals
    by_ruleset: dict[str, Totals]
    by_level: dict[tuple[str, str], Totals]

    def as_dict(self) -> dict[str, Any]:
        return {
            **self.overall.as_dict(),
            "rulesets": {name: t.as_dict() for name, t in self.by_ruleset.items()},
            "levels": [{"ruleset": name, "opponents": level, **t.as_dict()}
                       for (name, level), t in self.by_level.items()],
        }


def statistics(entries: list[dict[str, Any]]) -> Statistics:
    result = Statistics(Totals(), {}, {})
    for entry in entries:
        result.overall.add(entry)
        result.by_ruleset.setdefault(entry["ruleset"], Totals()).add(entry)
        result.by_level.setdefault((entry["ruleset"], opponents_level(entry)), Totals()).add(entry)
    return result
