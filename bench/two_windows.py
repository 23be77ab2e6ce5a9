"""The long run of the races between copies of the game (issue 19): two windows started together, matches filed
in the same second, Ctrl-C in the first fraction of a second, all with real processes.

    uv run python bench/two_windows.py [--pairs 60] [--rounds 60] [--windows 4] [--interrupts 60] [--storms 30]

Prints the counts: matches saved and lost by window pairs, records and statistics entries filed and found, and the
Ctrl-C runs and SIGTERM storms that showed a traceback (or click's "Aborted!") or left with another status. Exit
status 1 if anything was lost or shown. The in-suite version (tests/e2e/test_two_windows.py) runs the same races
a few times each.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from e2e.two_windows import early_interrupts, filing_rounds, sigterm_storms, window_pairs  # beside the tests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--windows", type=int, default=4)
    parser.add_argument("--interrupts", type=int, default=60)
    parser.add_argument("--storms", type=int, default=30)
    args = parser.parse_args()
    bad = False
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        start = time.perf_counter()
        pairs = window_pairs(home / "pairs", args.pairs)
        print(f"two windows: {pairs['rounds']} pairs, {pairs['saved']} matches saved, {pairs['lost']} lost "
              f"({time.perf_counter() - start:.0f} s)")
        bad |= pairs["lost"] > 0
        start = time.perf_counter()
        filed = filing_rounds(home / "filing", args.rounds, args.windows)
        print(f"same second: {filed['filed']} matches filed, {filed['records']} records kept, {filed['counted']} "
              f"counted ({filed['distinct']} distinct) ({time.perf_counter() - start:.0f} s)")
        bad |= len({filed["filed"], filed["records"], filed["counted"], filed["distinct"]}) > 1
        start = time.perf_counter()
        ctrl_c = early_interrupts(home / "ctrl-c", args.interrupts)
        print(f"Ctrl-C at the start: {ctrl_c['runs']} runs, {ctrl_c['interpreter']} while Python itself started, "
              f"{ctrl_c['tracebacks']} tracebacks from the game, {ctrl_c['aborted']} 'Aborted!', "
              f"{ctrl_c['other_status']} other statuses ({time.perf_counter() - start:.0f} s)")
        bad |= any(ctrl_c[k] for k in ("tracebacks", "aborted", "other_status"))
        start = time.perf_counter()
        storms = sigterm_storms(home / "storms", args.storms)
        print(f"SIGTERM storms: {storms['runs']} runs, {storms['tracebacks']} tracebacks, {storms['other_status']} "
              f"other statuses ({time.perf_counter() - start:.0f} s)")
        bad |= bool(storms["tracebacks"] or storms["other_status"])
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
