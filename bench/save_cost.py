"""What a table server's save of one move costs, early in a long match and late in it: the journal against the whole
record written again.

The match: Braillespiel to 99 marks (``marks=99``), 4 basic players, seed 3 (about 50,800 events in 35,200 moves,
a 3.8 MB record), the long match in which saving the whole record after every move made the server write 1.3 MiB a
move. It is played once; then at each ``--events`` point (the first move after that many events) the saves of the
next ``--moves`` moves are timed one by one, the way a table saves after each move, two ways:

- journal: what the server does (``server/saves.py``): the move's new record lines and a mark appended to the
  table's file, synced once (``TableSaves.prepare``, ``put``, ``done``). The file holds every save before, as a
  table's would (those are written first without a sync, untimed).
- whole: what it did before, rebuilt here: the record so far, sealed, written in place into one of two files in
  turn, cut to length and synced (the record copied, compared with the last save's and joined again each time).

For each: the bytes handed to ``write`` per move, the bytes the kernel counted as written by this process per move
(``/proc/self/io`` ``write_bytes``, whole pages of the page cache; Linux only), and the time per save (the median
and the 95th percentile of the wall clock, and the processor time, which leaves the disk's wait out). Files go into
a temporary folder in ``--folder`` (the system's temporary folder by default: measure on the disk a server uses).

    uv run python bench/save_cost.py [--events 1000 --events 30000] [--moves 200] [--folder DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from commerce_a11y.bots import make_bot
from commerce_a11y.files import sync
from commerce_a11y.rules import Match, Player, record_lines, ruleset
from commerce_a11y.seals import Sealer
from commerce_a11y.server import saves as saves_module
from commerce_a11y.server.saves import TableSaves, put

PLAYERS = 4
SEED = 3


def long_match(events: int) -> tuple[list[str], list[int]]:
    """The match's record lines (as far as ``events`` events and at most to its end) and, after each move, how many
    record lines it had: the record each save writes."""
    players = [Player("You", "human")] + [Player(f"Bot {n}", "bot:basic") for n in range(1, PLAYERS)]
    match = Match(ruleset("braillespiel", marks=99), players, SEED)
    bots = [make_bot("basic", SEED * 100 + s) for s in range(PLAYERS)]
    after: list[int] = []
    while not match.over and len(match.events) < events:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.view(seat)))
        after.append(len(match.events))
    return list(record_lines(match.events)), after


class WholeSaves:
    """The table's save as the server wrote it before the journal: the whole sealed record, in place, into two files
    in turn (the file not being written holds the save before)."""

    def __init__(self, path: Path) -> None:
        self.paths = (path, path.with_name(path.stem + ".2" + path.suffix))
        self.sealer = Sealer()
        self.turn = 0

    def write(self, lines: list[str]) -> int:
        lines = list(lines)  # ``Filer.store`` handed over a copy of the record
        known = len(self.sealer.lines)
        if lines[:known] != self.sealer.lines:
            self.sealer, known = Sealer(), 0
        self.sealer.add(lines[known:])
        data = self.sealer.text().encode("utf-8")
        fd = os.open(self.paths[self.turn], os.O_RDWR | os.O_CREAT, 0o644)
        try:
            size = os.fstat(fd).st_size
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if size > len(data):
                os.ftruncate(fd, len(data))
            sync(fd, data_only=True)
        finally:
            os.close(fd)
        self.turn = 1 - self.turn
        return len(data)


def journal_writer(path: Path) -> Callable[[list[str]], int]:
    saves = TableSaves(path)

    def write(lines: list[str]) -> int:
        save = saves.prepare(lines)
        assert saves.done(put(save))
        return len(save.data)

    return write


def whole_writer(path: Path) -> Callable[[list[str]], int]:
    return WholeSaves(path).write


WAYS = {"journal": journal_writer, "whole": whole_writer}


def written_bytes() -> int | None:
    """What the kernel counts as written by this process (Linux), or None."""
    try:
        with open("/proc/self/io", encoding="ascii") as io:
            return next(int(line.split()[1]) for line in io if line.startswith("write_bytes:"))
    except (OSError, StopIteration):
        return None


def unsynced() -> contextlib.AbstractContextManager[object]:
    """The saves before the timed ones, written as fast as the disk takes them: only their files' contents matter."""
    return mock.patch.object(saves_module, "sync", lambda fd, data_only=False: None)


def measure(way: str, folder: Path, lines: list[str], after: list[int], first: int, moves: int) -> str:
    """The saves of ``moves`` moves from move ``first`` on, one way, as a line of figures."""
    write = WAYS[way](folder / f"{way}-{first}.jsonl")
    record: list[str] = []  # the table's record, which grows by each move's lines (``Filer.store``)
    with unsynced():
        if way == "journal":
            for end in after[:first]:
                record += lines[len(record):end]
                write(record)
        elif first:
            record += lines[:after[first - 1]]
            write(record)
            write(record)
    handed = 0
    walls: list[float] = []
    processor = 0.0
    counted = written_bytes()
    for end in after[first:first + moves]:
        wall, cpu = time.perf_counter(), time.process_time()
        record += lines[len(record):end]
        handed += write(record)
        processor += time.process_time() - cpu
        walls.append(time.perf_counter() - wall)
    done = len(walls)
    kernel = written_bytes()
    dirtied = "n/a" if counted is None or kernel is None else f"{(kernel - counted) / done / 1024:9.1f} KiB"
    walls.sort()
    p95 = walls[min(done - 1, int(0.95 * done))]
    size = max(path.stat().st_size for path in folder.glob(f"{way}-{first}*.jsonl"))
    return (f"{way:7} at {after[first]:6} events ({mib(lines[:after[first]])} record, file {size / 2**20:5.2f} "
            f"MiB): {handed / done:9,.0f} bytes written a move, {dirtied} counted by the kernel; "
            f"{statistics.median(walls) * 1000:5.2f} ms a save (p95 {p95 * 1000:5.2f}), "
            f"{processor / done * 1000:5.3f} ms of processor time")


def mib(lines: list[str]) -> str:
    return f"{sum(len(line.encode('utf-8')) + 1 for line in lines) / 2**20:5.2f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, action="append", default=None,
                        help="where in the match to measure: the first move after this many events (may be given "
                             "several times; default 1000 and 30000)")
    parser.add_argument("--moves", type=int, default=200, help="saves timed at each point")
    parser.add_argument("--folder", type=Path, default=None, help="where the files are written (a temporary "
                        "folder inside it; default: the system's temporary folder)")
    args = parser.parse_args()
    points = sorted(args.events or [1000, 30000])
    lines, after = long_match(points[-1] + 10 * args.moves)
    print(f"Braillespiel, marks=99, {PLAYERS} basic players, seed {SEED}: {len(after)} moves, {len(lines)} events "
          f"played; {args.moves} saves timed at each point")
    with tempfile.TemporaryDirectory(prefix="save-cost-", dir=args.folder) as temporary:
        folder = Path(temporary)
        for events in points:
            first = next((i for i, end in enumerate(after) if end >= events), len(after) - 1)
            for way in WAYS:
                print(measure(way, folder, lines, after, first, args.moves), flush=True)


if __name__ == "__main__":
    main()
