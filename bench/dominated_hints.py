"""Issue 36: hints that pass over a plainly better swap, over thousands of positions of every ruleset that ranks
hands by category (commerce and its options, braillespiel with and without Krikelkrakel).

    uv run python bench/dominated_hints.py [--positions 1500] [--players 4] [--per-match 40] [--seed 0]
    uv run python bench/dominated_hints.py --root /tmp/hints-before    # the same positions, another checkout's hints

Positions are reached by heuristic computer players (the hint is asked at each turn with two swaps or more, and
not followed), so every checkout whose engine and heuristic level play alike reaches the same ones. For each
configuration it prints the positions checked and three counts, each of which must be 0: hints that another legal
move of the same turn dominates (and of them, how many only a move undoing the player's own swapping dominates),
hints that lower the hand's category while another swap keeps or raises it without naming a true gain, and false
"It can improve on the next swap." The checks are tests/hint_checks.py's, worked out from the rules, not from
``bots/dominance.py``. ``--root DIR`` imports the game from DIR instead of this checkout (for example a checkout of
the commit before issue 36: ``git archive COMMIT | tar -x -C DIR``); the checks stay this checkout's.
Exit status 1 if anything was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--root") + 1]).resolve()) if "--root" in sys.argv else str(HERE))
sys.path.insert(1, str(HERE / "tests"))

from hint_checks import CATEGORY_CONFIGS, Found, check, config_id  # noqa: E402  # beside the tests

import commerce_a11y  # noqa: E402  # from --root where given (sys.path above)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=1500, help="positions per configuration")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--per-match", type=int, default=40, help="positions taken from one match at most")
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed")
    parser.add_argument("--root", help="a checkout to take the game (and its hints) from")
    parser.add_argument("--examples", type=int, default=3, help="examples printed of each kind")
    args = parser.parse_args()
    print(f"hints of {Path(commerce_a11y.__file__).parent.parent}", flush=True)
    total = Found()
    for config in CATEGORY_CONFIGS:
        started = time.perf_counter()
        found = Found()
        seed = args.seed
        while found.positions < args.positions:
            check(config, seed, args.players, min(args.per_match, args.positions - found.positions), found)
            seed += 1
        print(f"{config_id(config):24} {found.positions:5} positions: {summary(found)}; "
              f"{time.perf_counter() - started:.0f} s", flush=True)
        for problem in [*found.dominated[:args.examples], *found.lowered[:args.examples],
                        *found.improve[:args.examples]]:
            print("   ", problem)
        total.positions += found.positions
        total.dominated += found.dominated
        total.dominated_by_left_out += found.dominated_by_left_out
        total.dominated_passes += found.dominated_passes
        total.lowered += found.lowered
        total.improve += found.improve
    print(f"{'all':24} {total.positions:5} positions: {summary(total)}")
    sys.exit(1 if total.dominated or total.lowered or total.improve else 0)


def summary(found: Found) -> str:
    return (f"{len(found.dominated)} dominated ({found.dominated_passes} passes with nobody after, "
            f"{found.dominated_by_left_out} only by undoing), {len(found.lowered)} lower the category without a named "
            f"gain, {len(found.improve)} false 'can improve'")


if __name__ == "__main__":
    main()
