"""How long a person waits for the computer players at a big table: one seat played by a stand-in (the heuristic
level, which decides in about a millisecond) among ``strong`` players, timing every strong decision.

It prints the strong players' decision times, the stand-in's wait between two of its own turns (longer when it has
passed for the hand in braillespiel, B3), and the thinking in every run of consecutive computer turns within a
hand that is one round of the players still in the match less one: what a person in any seat would wait, also
after the stand-in is out.

    uv run python bench/table_wait.py [--players 12] [--matches 2] [--rules commerce --rules thirty-one ...]
"""

from __future__ import annotations

import argparse
import time

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import Match, Player, ruleset
from commerce_a11y.simulate import percentile

OPTIONS = {"braillespiel": {"marks": 2, "hands": 6}}
"""Short braillespiel matches: the time per decision, not the length of a match, is measured."""


def line(label: str, values: list[float]) -> str:
    return (f"{label} {len(values)}: p50 {percentile(values, 50):.0f} ms, p95 {percentile(values, 95):.0f} ms, "
            f"max {max(values):.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--rules", action="append")
    args = parser.parse_args()
    n = args.players
    for name in args.rules or ["commerce", "thirty-one", "trentuno", "braillespiel"]:
        rules = ruleset(name, **OPTIONS.get(name, {}))
        decisions: list[tuple[tuple[int, int], int, float]] = []  # (match and hand, players in it, ms), in order
        waits: list[float] = []
        for seed in range(args.seed, args.seed + args.matches):
            match = Match(rules, [Player(f"P{i}", "bot") for i in range(n)], seed)
            bots = [make_bot("heuristic", seed)] + [make_bot("strong", seed * 100 + i) for i in range(1, n)]
            waited: float | None = None
            while not match.over:
                seat = match.to_act
                assert seat is not None
                view = match.view(seat)
                started = time.perf_counter()
                action = bots[seat].choose(view)
                ms = (time.perf_counter() - started) * 1000
                if seat == 0:
                    if waited is not None:
                        waits.append(waited)
                    waited = 0.0
                else:
                    decisions.append(((seed, match.hand_no), len(view.order), ms))
                    if waited is not None:
                        waited += ms
                match.apply(seat, action)
        rounds = [sum(ms for _, _, ms in decisions[i:i + table - 1])
                  for i, (hand, table, _) in enumerate(decisions)
                  if i + table - 2 < len(decisions) and decisions[i + table - 2][0] == hand]
        print(f"{name}, {n} players:")
        print("  " + line("strong decisions", [ms for _, _, ms in decisions]))
        print("  " + line("waits between the stand-in's turns", waits))
        print("  " + line("rounds of the others' turns", rounds), flush=True)


if __name__ == "__main__":
    main()
