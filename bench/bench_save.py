"""Milliseconds per save at the end of a long Braillespiel match, saved the way the game saves after each action.

The match: Braillespiel, 5 basic players, seed 3 (245 hands, 2,461 record lines, about 182 KB). It is played to
its end, and the saves after each of the last ``--last`` actions are timed, written atomically into a temporary
data folder (fsync included), two ways:

- incremental: what the game does (``Game.store``): serialise the new events, seal the new lines (``SaveWriter``);
- whole: what every save did before: serialise every event and seal every line again (``write_save``).

    uv run python bench/bench_save.py [--last 50]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from commerce_a11y.bots import Bot, make_bot
from commerce_a11y.files import atomic_write
from commerce_a11y.rules import Match, Player, record_lines, ruleset
from commerce_a11y.storage import SaveWriter, save_path, write_save

PLAYERS = 5
SEED = 3


def new_match() -> tuple[Match, list[Bot]]:
    players = [Player("You", "human")] + [Player(f"Bot {n}", "bot:basic") for n in range(1, PLAYERS)]
    match = Match(ruleset("braillespiel"), players, SEED)
    return match, [make_bot("basic", SEED * 100 + s) for s in range(PLAYERS)]


def actions_in_match() -> int:
    match, bots = new_match()
    count = 0
    while not match.over:
        seat = match.to_act
        match.apply(seat, bots[seat].choose(match.view(seat)))
        count += 1
    return count


def timed_saves(total: int, last: int, incremental: bool) -> tuple[list[float], int]:
    """Milliseconds of each of the last ``last`` saves, and the record's lines at the end."""
    match, bots = new_match()
    saves = SaveWriter()
    record: list[str] = []
    times: list[float] = []
    for index in range(total):
        seat = match.to_act
        match.apply(seat, bots[seat].choose(match.view(seat)))
        if incremental and index == total - last - 1:
            record += record_lines(match.events)  # the saves before the timed ones, all in one (not timed)
            assert saves.write(record)
        if index >= total - last:
            start = time.perf_counter()
            if incremental:
                record += record_lines(match.events[len(record):])
                assert saves.write(record)
            else:
                assert write_save(list(record_lines(match.events)))
            times.append((time.perf_counter() - start) * 1000)
    return times, len(match.events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--last", type=int, default=50, help="how many of the last actions' saves to time")
    args = parser.parse_args()
    total = actions_in_match()
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = home
        for name, incremental in (("whole", False), ("incremental", True)):
            times, lines = timed_saves(total, args.last, incremental)
            size = os.path.getsize(os.path.join(home, "commerce-a11y", "saved-match.jsonl"))
            print(f"{name:11} save: {statistics.median(times):6.2f} ms median, {max(times):6.2f} ms max over the "
                  f"last {len(times)} actions ({total} actions, {lines} lines, {size / 1000:.0f} KB)")
        text = save_path().read_text(encoding="utf-8")
        writes = []
        for _ in range(args.last):
            start = time.perf_counter()
            assert atomic_write(save_path(), text)
            writes.append((time.perf_counter() - start) * 1000)
        print(f"of which writing the file alone (temporary file, fsync, rename): {statistics.median(writes):6.2f} ms "
              "median (the disk's share, the same both ways)")


if __name__ == "__main__":
    main()
