"""Bot-only matches in bulk: the measuring tool behind ``commerce simulate`` and the benchmarks.

It plays, counts, times and writes records; it prints nothing (the command line reports), so tests and benchmarks
use the same numbers the player sees. Statistics are kept per *entrant* (a position in the line-up of levels):
without rotation entrant i sits in seat i; with rotation the same deal seed is played once per seat shift, so each
entrant meets the same cards from every seat and the seat's advantage cancels out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bots import make_bot
from .rules import Match, Player, PlayerKind, Ruleset, write_record
from .tally import tally


@dataclass
class SeatStats:
    """What one entrant did over all simulated matches."""

    seat: int
    bot: str
    matches_won: float = 0.0
    hands_played: int = 0
    hands_lost: int = 0
    chips_lost: int = 0
    """Chips, lives, marks or minus points lost, as ``tally`` counts them (in tauschen, trades' chips included)."""
    chips_paid: int = 0
    """Tauschen: chips paid for trades (X3), part of ``chips_lost``."""
    decision_ms: list[float] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        played = self.hands_played
        return {
            "seat": self.seat, "bot": self.bot, "matches_won": self.matches_won, "hands_played": played,
            "hands_lost": self.hands_lost, "chips_lost": self.chips_lost, "chips_paid": self.chips_paid,
            "chips_lost_per_hand": round(self.chips_lost / played, 4) if played else 0,
            "decisions": len(self.decision_ms),
            "decision_ms_p50": round(percentile(self.decision_ms, 50), 3),
            "decision_ms_p95": round(percentile(self.decision_ms, 95), 3),
        }


@dataclass
class MatchResult:
    """One match's numbers per entrant, for confidence intervals over matches."""

    hands: int
    lost: list[int]
    played: list[int]
    """Hands each entrant was dealt into (a player out of the match plays no more hands)."""


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
    results: list[MatchResult] = field(default_factory=list)
    rotate: bool = False

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.rules.name, "options": dict(self.rules.options), "players": len(self.seats),
            "rotate": self.rotate, "matches": self.matches, "hands": self.hands, "decisions": self.decisions,
            "seconds": round(self.seconds, 3), "hands_per_second": round(self.hands_per_second, 1),
            "seats": [s.as_dict() for s in self.seats],
        }


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, round(q / 100 * len(ordered) + 0.5 - 1e-9))
    return ordered[min(rank, len(ordered)) - 1]


def play_match(rules: Ruleset, bots: Sequence[str], seed: int,
               timings: list[list[float]] | None = None) -> Match:
    """One bot-only match to its end; each bot's randomness is seeded from the match seed and its seat.

    When ``timings`` is given, each seat's decision times (in milliseconds) are appended to its list.
    """
    players = [Player(f"{kind.capitalize()} {i + 1}", PlayerKind.bot(kind)) for i, kind in enumerate(bots)]
    match = Match(rules, players, seed)
    deciders = [make_bot(kind, seed * 100 + i) for i, kind in enumerate(bots)]
    clock = time.perf_counter
    while not match.over:
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        started = clock()
        action = deciders[seat].choose(view)
        if timings is not None:
            timings[seat].append((clock() - started) * 1000)
        match.apply(seat, action)
    return match


def simulate(
    rules: Ruleset,
    bots: Sequence[str],
    matches: int,
    seed: int,
    record_dir: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    rotate: bool = False,
) -> Summary:
    """Play ``matches`` bot-only matches and total them per entrant.

    Without ``rotate`` match i uses seed ``seed + i``; with it, matches come in groups of one per seat shift that
    share a seed (``seed + i // players``), entrant j sitting in seat ``(j + i) % players``.
    ``progress(done, total)`` is called after each tenth of the run (whole steps only, nothing to redraw).
    """
    summary = Summary(rules, [SeatStats(i, kind) for i, kind in enumerate(bots)], rotate=rotate)
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    n = len(bots)
    marks = {max(1, round(matches * k / 10)) for k in range(1, 11)}
    started = time.perf_counter()
    for index in range(matches):
        shift = index % n if rotate else 0
        match_seed = seed + index // n if rotate else seed + index
        seats = [(j + shift) % n for j in range(n)]  # entrant j sits in seats[j]
        lineup = [""] * n
        for j, seat in enumerate(seats):
            lineup[seat] = bots[j]
        timings: list[list[float]] = [[] for _ in range(n)]
        match = play_match(rules, lineup, match_seed, timings)
        lost, played = _count(summary, match, seats)
        for j, seat in enumerate(seats):
            summary.seats[j].decision_ms += timings[seat]
        summary.results.append(MatchResult(match.hand_no, lost, played))
        if record_dir is not None:
            path = record_dir / f"match-{index + 1:04d}-seed-{match_seed}.jsonl"
            with path.open("w", encoding="utf-8") as out:
                write_record(match.events, out)
            summary.records.append(path)
        if progress is not None and index + 1 in marks:
            progress(index + 1, matches)
    summary.seconds = time.perf_counter() - started
    return summary


def _count(summary: Summary, match: Match, seats: Sequence[int]) -> tuple[list[int], list[int]]:
    """Add one match to the totals; the counters each entrant lost in it, and the hands each was dealt into."""
    tallies, decisions = tally(match.events, len(seats), match.rules.counter)
    summary.matches += 1
    summary.hands += match.hand_no
    summary.decisions += decisions
    lost = [0] * len(seats)
    played = [0] * len(seats)
    for j, seat in enumerate(seats):
        stats, counted = summary.seats[j], tallies[seat]
        stats.hands_played += counted.hands_played
        stats.hands_lost += counted.hands_lost
        stats.chips_lost += counted.lost
        stats.chips_paid += counted.paid
        lost[j], played[j] = counted.lost, counted.hands_played
    for seat in match.winners:
        summary.seats[seats.index(seat)].matches_won += 1 / len(match.winners)
    return lost, played
