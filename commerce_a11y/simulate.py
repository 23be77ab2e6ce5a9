"""Bot-only matches in bulk: the measuring tool behind ``commerce simulate`` and the benchmarks.

It plays, counts and writes records; it prints nothing (the command line reports), so tests and benchmarks use the
same numbers the player sees.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bots import make_bot
from .rules import Match, Player, Ruleset, write_record


@dataclass
class SeatStats:
    """What one seat did over all simulated matches."""

    seat: int
    bot: str
    matches_won: int = 0
    hands_lost: int = 0
    chips_lost: int = 0

    def as_dict(self, hands: int) -> dict[str, Any]:
        return {
            "seat": self.seat, "bot": self.bot, "matches_won": self.matches_won, "hands_lost": self.hands_lost,
            "chips_lost": self.chips_lost, "chips_lost_per_hand": round(self.chips_lost / hands, 4) if hands else 0,
        }


@dataclass
class Summary:
    """The totals of a simulation run."""

    rules: Ruleset
    seats: list[SeatStats]
    matches: int = 0
    hands: int = 0
    decisions: int = 0
    seconds: float = 0.0
    records: list[Path] = field(default_factory=list)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.rules.name, "options": dict(self.rules.options), "players": len(self.seats),
            "matches": self.matches, "hands": self.hands, "decisions": self.decisions,
            "seconds": round(self.seconds, 3), "hands_per_second": round(self.hands_per_second, 1),
            "seats": [s.as_dict(self.hands) for s in self.seats],
        }


def play_match(rules: Ruleset, bots: Sequence[str], seed: int) -> Match:
    """One bot-only match to its end; each bot's randomness is seeded from the match seed and its seat."""
    players = [Player(f"{kind.capitalize()} {i + 1}", f"bot:{kind}") for i, kind in enumerate(bots)]
    match = Match(rules, players, seed)
    deciders = [make_bot(kind, seed * 100 + i) for i, kind in enumerate(bots)]
    while not match.over:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, deciders[seat].choose(match.view(seat)))
    return match


def simulate(
    rules: Ruleset,
    bots: Sequence[str],
    matches: int,
    seed: int,
    record_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``matches`` bot-only matches (seeds ``seed``, ``seed + 1``, ...) and total them per seat.

    ``progress(done, total)`` is called after each tenth of the run (whole steps only, nothing to redraw).
    """
    summary = Summary(rules, [SeatStats(i, kind) for i, kind in enumerate(bots)])
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    marks = {max(1, round(matches * k / 10)) for k in range(1, 11)}
    started = time.perf_counter()
    for index in range(matches):
        match = play_match(rules, bots, seed + index)
        _count(summary, match)
        if record_dir is not None:
            path = record_dir / f"match-{seed + index}.jsonl"
            with path.open("w", encoding="utf-8") as out:
                write_record(match.events, out)
            summary.records.append(path)
        if progress is not None and index + 1 in marks:
            progress(index + 1, matches)
    summary.seconds = time.perf_counter() - started
    return summary


def _count(summary: Summary, match: Match) -> None:
    summary.matches += 1
    summary.hands += match.hand_no
    for event in match.events:
        kind = event.kind
        if kind in ("swap", "pass", "knock", "fire", "pounce", "exchange_all"):
            summary.decisions += 1
        elif kind == "showdown":
            losers = event.get("losers")
            if losers is None:
                winners = set(event["winners"])
                losers = [s for s in event["hands"] if s not in winners]
            for seat in losers:
                summary.seats[seat].hands_lost += 1
        elif kind == "chips":
            for seat, change in event["changes"].items():
                lost = -change if match.rules.counter != "minus_points" else change
                if lost > 0:
                    summary.seats[seat].chips_lost += lost
    for seat in match.winners:
        summary.seats[seat].matches_won += 1
