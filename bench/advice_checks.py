"""The long run of the advice checks: over many positions reached by computer play, in every ruleset and in
commerce's options, a hint in a turn after which the hand cannot change never leaves it worse than passing (nor
speaks of a next swap), and a player who follows the hints while everyone else passes stops swapping. Then
(issue 25, item 3) a player follows the hints against heuristic computer players, and the run counts the hints that
leave the hand no better while one swap makes a higher category, and those that take back, without a gain, a card
the hint of the turn before had the player lay.

    uv run python bench/advice_checks.py [--seeds 40] [--hints 12] [--players 4] [--followed 20] [--follow 40]

Prints, per ruleset, the hints checked, the problems found, and how many turns in a row a hinted player swapped
while the others passed (median and most); then per ruleset (Schwimmen and Trade and Barter too) the hints
followed and both counts. Exit status 1 if there was a problem. The in-suite version (tests/test_advice.py) runs
the same checks on a few positions per ruleset.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from advice_checks import (  # beside the tests
    CONFIGS,
    HINT_CONFIGS,
    Findings,
    HintCounts,
    config_id,
    follow_hints,
    follow_hints_alone,
    last_turn_hints,
)

BOUND = 50
"""Turns of swapping a hinted player may make while the others pass before the run counts it as a loop."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=40, help="matches per ruleset for each check of issue 15")
    parser.add_argument("--hints", type=int, default=12, help="last-turn hints checked per match at most")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--followed", type=int, default=20, help="matches per ruleset in which the hints are followed")
    parser.add_argument("--follow", type=int, default=40, help="hints followed per match at most")
    args = parser.parse_args()
    failed = False
    for config in CONFIGS if args.seeds else []:
        started = time.perf_counter()
        found = Findings()
        for seed in range(args.seeds):
            last_turn_hints(config, seed, args.players, args.hints, found)
            follow_hints_alone(config, seed, args.players, BOUND, found)
        runs = found.runs
        print(f"{config_id(config):24} {found.checked:5} last-turn hints, {len(found.problems)} problems; "
              f"swapping alone: median {statistics.median(runs):g}, most {max(runs)} turns in a row "
              f"({len(runs)} hands); {time.perf_counter() - started:.0f} s", flush=True)
        for problem in found.problems[:5]:
            print("   ", problem)
        failed = failed or bool(found.problems)
    failed = followed_hints(args.followed, args.players, args.follow) or failed
    sys.exit(1 if failed else 0)


def followed_hints(matches: int, players: int, limit: int) -> bool:
    """Issue 25, item 3, per ruleset: the hints a player follows that pass over a higher category one swap away,
    and those that take back the card the hint before had laid, for nothing. True if there was one."""
    total = HintCounts()
    for config in HINT_CONFIGS:
        started = time.perf_counter()
        counts = HintCounts()
        for seed in range(matches):
            follow_hints(config, seed, players, limit, counts)
        print(f"{config_id(config):24} {counts.hints:5} hints followed: {len(counts.passed_over)} pass over a "
              f"higher category, {len(counts.taken_back)} take back the card laid before; "
              f"{time.perf_counter() - started:.0f} s", flush=True)
        for problem in [*counts.passed_over[:2], *counts.taken_back[:2]]:
            print("   ", problem)
        total.hints += counts.hints
        total.passed_over += counts.passed_over
        total.taken_back += counts.taken_back
    share = 100 / max(1, total.hints)
    print(f"{'all':24} {total.hints:5} hints followed: {len(total.passed_over)} pass over a higher category "
          f"({share * len(total.passed_over):.1f}%), {len(total.taken_back)} take back the card laid before "
          f"({share * len(total.taken_back):.1f}%)")
    return bool(total.passed_over or total.taken_back)


if __name__ == "__main__":
    main()
