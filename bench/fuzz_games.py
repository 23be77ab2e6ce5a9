"""The long whole-game fuzz: random input lines through the real game loop, every ruleset and language.

    uv run python bench/fuzz_games.py [--lines 100000] [--seed 1] [--bots random]

Prints lines typed per second, games played, finished and resumed, and every problem found (a record changed by a
line that was not a legal action, a save that does not replay, a control character printed). Exit status 1 if
there was any. The in-suite version (tests/test_game_fuzz.py) runs the same driver for 3,000 lines.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from game_fuzz import Tally, fuzz  # the driver lives beside the tests that use it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random")
    args = parser.parse_args()
    start = time.perf_counter()
    step = max(args.lines // 10, 1)
    shown = [0]

    def progress(tally: Tally) -> None:
        if tally.lines >= shown[0] + step:
            shown[0] = tally.lines
            print(f"{tally.lines} lines, {tally.games} games, {len(tally.problems)} problems", file=sys.stderr)

    tally = fuzz(args.seed, args.lines, bots=args.bots, progress=progress)
    seconds = time.perf_counter() - start
    print(f"{tally.lines} lines in {seconds:.1f} s: {tally.lines / seconds:.0f} lines/s; {tally.games} games, "
          f"{tally.finished} finished, {tally.resumed} resumed after leaving; "
          f"{tally.output_chars} characters printed; {len(tally.problems)} problems")
    for problem in tally.problems[:20]:
        print(problem)
    sys.exit(1 if tally.problems else 0)


if __name__ == "__main__":
    main()
