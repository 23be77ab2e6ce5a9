"""The long run of the advice checks: over many positions reached by computer play, in every ruleset and in
commerce's options, a hint in a turn after which the hand cannot change never leaves it worse than passing (nor
speaks of a next swap), and a player who follows the hints while everyone else passes stops swapping.

    uv run python bench/advice_checks.py [--seeds 40] [--hints 12] [--players 4]

Prints, per ruleset, the hints checked, the problems found, and how many turns in a row a hinted player swapped
while the others passed (median and most). Exit status 1 if there was a problem. The in-suite version
(tests/test_advice.py) runs the same checks on a few positions per ruleset.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from advice_checks import CONFIGS, Findings, config_id, follow_hints_alone, last_turn_hints  # beside the tests

BOUND = 50
"""Turns of swapping a hinted player may make while the others pass before the run counts it as a loop."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=40, help="matches per ruleset for each check")
    parser.add_argument("--hints", type=int, default=12, help="last-turn hints checked per match at most")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    failed = False
    for config in CONFIGS:
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
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
