"""Simulated hands per second of bot-only matches, per ruleset (the issue's figure: 5 basic players, commerce).

    uv run python bench/bench_simulate.py [--matches 50] [--players 5] [--bots basic]
"""

from __future__ import annotations

import argparse

from commerce_a11y.rules import RULESETS, ruleset
from commerce_a11y.simulate import simulate

OPTIONS = {"braillespiel": {"marks": 5}}
"""Braillespiel at 10 marks runs to hundreds of hands a match; 5 marks keeps the benchmark short."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--bots", default="basic")
    args = parser.parse_args()
    for name in RULESETS:
        rules = ruleset(name, **OPTIONS.get(name, {}))
        rules.table  # noqa: B018 - build the value table before the clock starts
        summary = simulate(rules, [args.bots] * args.players, args.matches, seed=1)
        print(f"{name:13} {summary.matches} matches, {summary.hands:6} hands, {summary.decisions:7} decisions "
              f"in {summary.seconds:6.2f} s: {summary.hands_per_second:7.0f} hands/s, "
              f"{summary.decisions / summary.seconds:7.0f} decisions/s")


if __name__ == "__main__":
    main()
