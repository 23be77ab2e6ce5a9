"""The measured ladder: each level against copies of the level below, same deals, seats rotated.

For every ruleset and table size it seats one player of a level among players of the level below, plays each deal
once from every seat (``simulate(..., rotate=True)``), and prints each level's counters lost per hand (chips,
lives, minus points; marks paid into others' pots in braillespiel) per hand played, with a 95% confidence
interval, and the ratio of the tested
level's rate to the average rate of the others, with a bootstrap 95% interval over deal groups. A ratio below 1
whose interval excludes 1 means the level beats the one below.

    uv run python bench/ladder.py                       # every ruleset, 3, 5, 8 players (schwimmen 2 too), every rung
    uv run python bench/ladder.py --rules commerce --players 5 --pair strong:heuristic --deals 200
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from commerce_a11y.rules import RULESETS, ruleset
from commerce_a11y.simulate import MatchResult, Summary, percentile, simulate

RUNGS = ("easy:random", "basic:easy", "heuristic:basic", "strong:heuristic")
OPTIONS = {"braillespiel": {"marks": 5, "hands": 40}}
"""Braillespiel at 10 marks and no hand limit runs to hundreds of hands a match; this keeps a run short."""
TABLES = {"schwimmen": [2, 3, 5, 8]}
"""Table sizes of the whole grid where they differ from 3, 5 and 8: schwimmen is a favourite of two players too."""


def rates(results: list[MatchResult]) -> tuple[float, float]:
    """Counters lost per hand played: the tested entrant (0) and the others together."""
    tested = sum(r.lost[0] for r in results) / max(1, sum(r.played[0] for r in results))
    others = sum(sum(r.lost[1:]) for r in results) / max(1, sum(sum(r.played[1:]) for r in results))
    return tested, others


def ratio_interval(results: list[MatchResult], players: int, rng: random.Random,
                   resamples: int = 2000) -> tuple[float, float]:
    """A bootstrap 95% interval of the ratio, resampling whole rotation groups (one deal, every seat)."""
    groups = [results[i:i + players] for i in range(0, len(results), players)]
    stats = []
    for _ in range(resamples):
        pick = [r for _ in groups for r in groups[int(rng.random() * len(groups))]]
        tested, others = rates(pick)
        stats.append(tested / others if others else math.inf)
    stats.sort()
    return stats[int(0.025 * resamples)], stats[int(0.975 * resamples) - 1]


def rate_interval(summary: Summary, entrant: int) -> tuple[float, float]:
    """A normal-approximation 95% interval of one entrant's counters lost per hand, over matches."""
    per_match = [r.lost[entrant] / max(1, r.played[entrant]) for r in summary.results]
    n = len(per_match)
    mean = sum(r.lost[entrant] for r in summary.results) / max(1, sum(r.played[entrant] for r in summary.results))
    var = sum((x - mean) ** 2 for x in per_match) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", action="append", choices=list(RULESETS))
    parser.add_argument("--players", action="append", type=int)
    parser.add_argument("--pair", action="append", help="LEVEL:BELOW, e.g. strong:heuristic")
    parser.add_argument("--deals", type=int, default=60, help="deal groups per cell (each played from every seat)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="one JSON object per cell")
    args = parser.parse_args()
    rng = random.Random(7)
    for name in args.rules or list(RULESETS):
        for players in args.players or TABLES.get(name, [3, 5, 8]):
            rules = ruleset(name, **OPTIONS.get(name, {}))
            if not rules.min_players <= players <= rules.max_players:
                continue
            for pair in args.pair or RUNGS:
                level, below = pair.split(":")
                started = time.perf_counter()
                summary = simulate(rules, [level] + [below] * (players - 1), args.deals * players, args.seed,
                                   rotate=True)
                tested, others = rates(summary.results)
                low, high = ratio_interval(summary.results, players, rng)
                t_low, t_high = rate_interval(summary, 0)
                times = summary.seats[0].decision_ms
                cell = {
                    "ruleset": name, "players": players, "level": level, "below": below,
                    "matches": summary.matches, "hands": summary.hands,
                    "level_per_hand": round(tested, 4), "level_ci": [round(t_low, 4), round(t_high, 4)],
                    "below_per_hand": round(others, 4), "ratio": round(tested / others, 3) if others else None,
                    "ratio_ci": [round(low, 3), round(high, 3)],
                    "decision_ms_p50": round(percentile(times, 50), 2),
                    "decision_ms_p95": round(percentile(times, 95), 2),
                    "decision_ms_max": round(max(times, default=0.0), 2),
                    "seconds": round(time.perf_counter() - started, 1),
                }
                if args.json:
                    print(json.dumps(cell))
                else:
                    verdict = "beats" if high < 1 else ("loses to" if low > 1 else "ties with")
                    print(f"{name:12} {players:2}p {level:9} {verdict:8} {below:9} "
                          f"{tested:.3f} [{t_low:.3f}, {t_high:.3f}] vs {others:.3f} per hand; "
                          f"ratio {cell['ratio']} [{low:.2f}, {high:.2f}]; "
                          f"{summary.matches} matches, {summary.hands} hands; "
                          f"decision p50 {cell['decision_ms_p50']} ms, p95 {cell['decision_ms_p95']} ms, "
                          f"max {cell['decision_ms_max']} ms; "
                          f"{cell['seconds']} s")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
