"""The long fuzz of what the game reads from files (issue 19): mutated match records, saved matches, statistics
and settings, each read as the game reads it.

    uv run python bench/fuzz_files.py [--records 20000] [--saves 5000] [--stats 3000] [--settings 3000]

Prints, per kind of file, how many mutants were read, refused and found to break the reader's promise (any
exception but its own refusal), with the findings named. Exit status 1 if there was any finding. The in-suite
version (tests/test_hostile_files.py) runs the same mutators a few hundred times each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hostile_fuzz import findings, fuzz_records, fuzz_saves, fuzz_settings, fuzz_stats  # beside the tests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--saves", type=int, default=5_000)
    parser.add_argument("--stats", type=int, default=3_000)
    parser.add_argument("--settings", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    found = 0
    for name, fuzz, count in (("records", fuzz_records, args.records), ("saves", fuzz_saves, args.saves),
                              ("statistics", fuzz_stats, args.stats), ("settings", fuzz_settings, args.settings)):
        start = time.perf_counter()
        counts = fuzz(count, args.seed)
        seconds = time.perf_counter() - start
        problems = findings(counts)
        found += sum(counts[p] for p in problems)
        plain = ", ".join(f"{key} {value}" for key, value in sorted(counts.items()) if key not in problems)
        print(f"{name}: {count} mutants in {seconds:.1f} s: {plain}; findings {sum(counts[p] for p in problems)}")
        for problem in problems:
            print(f"  {counts[problem]} x {problem}")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
