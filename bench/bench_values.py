"""Hand evaluations per second: table lookups through the public API and through the raw table.

    uv run python bench/bench_values.py [--n 2000000]
"""

from __future__ import annotations

import argparse
import random
import time

from commerce_a11y.cards import CARDS
from commerce_a11y.rules import RULESETS, ruleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=2_000_000)
    n = parser.parse_args().n
    rng = random.Random(1)
    hands = [tuple(rng.sample(CARDS, 3)) for _ in range(10_000)]
    for name in RULESETS:
        started = time.perf_counter()
        rs = ruleset(name)
        rs.table  # noqa: B018 - builds the table
        build = time.perf_counter() - started
        value = rs.hand_value
        loops = n // len(hands)
        started = time.perf_counter()
        for _ in range(loops):
            for hand in hands:
                value(hand)
        api = loops * len(hands) / (time.perf_counter() - started)
        table = rs.table.table
        started = time.perf_counter()
        for _ in range(loops):
            for a, b, c in hands:
                table[a * 2704 + b * 52 + c]
        raw = loops * len(hands) / (time.perf_counter() - started)
        print(f"{name:13} table built in {build * 1000:5.0f} ms; rs.hand_value {api / 1e6:5.2f} M/s; "
              f"raw table {raw / 1e6:5.2f} M/s")


if __name__ == "__main__":
    main()
