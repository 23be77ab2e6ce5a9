"""Issue 18: a table's saves, written in place into two files in turn (``server/saves.py``): the later one that
unseals is read, a write cut short at any byte loses no save that was finished, and a file left from an earlier
match is never read as this one."""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import Match, Player, record_lines, replay, ruleset
from commerce_a11y.server import saves as saves_module
from commerce_a11y.server.saves import TableSaves, Writes
from commerce_a11y.storage import SaveRefused, seal


def record(actions: int, seed: int = 4) -> list[str]:
    players = [Player("Eva"), Player("Jan"), Player("Anna", "bot:basic")]
    match = Match(ruleset("commerce"), players, seed)
    bots = [make_bot("basic", seed * 10 + s) for s in range(3)]
    for _ in range(actions):
        if match.over:
            break
        seat = match.to_act
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return list(record_lines(match.events))


def sealed_text(lines: list[str], ended: str | None = None) -> bytes:
    return "".join(line + "\n" for line in seal(lines, ended)).encode("utf-8")


def test_saves_go_into_the_two_files_in_turn_and_the_later_is_read(tmp_path: Path) -> None:
    lines = record(30)
    saves = TableSaves(tmp_path / "t.jsonl")
    first, second = saves.paths
    assert second.name == "t.2.jsonl"
    for end in range(1, len(lines) + 1):
        assert saves.write(lines[:end])
        written = first if end % 2 else second
        assert written.read_bytes() == sealed_text(lines[:end])  # the whole sealed record, as the local game's
        loaded = TableSaves(tmp_path / "t.jsonl").load()
        assert loaded is not None and loaded[0] == lines[:end] and loaded[1]["lines"] == end
    assert saves.write(lines, "20261201-120000")
    loaded = TableSaves(tmp_path / "t.jsonl").load()
    assert loaded is not None and loaded[1]["ended"] == "20261201-120000" and replay(loaded[0]).events


def test_a_save_cut_short_at_any_byte_leaves_the_one_before(tmp_path: Path) -> None:
    """SIGKILL or a power cut in the middle of writing a file in place: its start is new, its end old (or cut)."""
    lines = record(12)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 10):
        assert saves.write(lines[:end])
    target = saves.paths[saves.turn]  # the next save overwrites the save before the last
    old = target.read_bytes()
    new = sealed_text(lines[:10])
    for cut in range(len(new) + 1):
        # Only the last newline missing, the new save is whole; short of that, the one before is read.
        expected = lines[:10] if cut >= len(new) - 1 else lines[:9]
        for torn in (new[:cut] + old[cut:], new[:cut]):  # the rest old, or cut off where the write stopped
            target.write_bytes(torn)
            loaded = TableSaves(tmp_path / "t.jsonl").load()
            assert loaded is not None and loaded[0] == expected, cut


def test_after_loading_the_next_save_spares_the_file_it_was_loaded_from(tmp_path: Path) -> None:
    lines = record(12)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 6):
        saves.write(lines[:end])
    newest = saves.paths[1 - saves.turn]
    loaded = TableSaves(tmp_path / "t.jsonl")
    assert loaded.load() is not None
    assert loaded.write(lines[:6])
    assert newest.read_bytes() == sealed_text(lines[:5])
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == lines[:6]  # type: ignore[index]


def test_a_new_match_never_reads_an_earlier_matchs_file(tmp_path: Path) -> None:
    old, new = record(40, seed=1), record(3, seed=2)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 6):
        saves.write(old[:end])
    fresh = TableSaves(tmp_path / "t.jsonl")  # a new match at the table (``Table.start``)
    assert fresh.write(new[:1])
    assert not fresh.paths[1].exists()
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == new[:1]  # type: ignore[index]
    fresh.remove()
    assert not any(p.exists() for p in fresh.paths)
    assert TableSaves(tmp_path / "t.jsonl").load() is None


def test_files_that_cannot_be_read_are_refused_with_their_reason(tmp_path: Path) -> None:
    saves = TableSaves(tmp_path / "t.jsonl")
    saves.paths[0].write_text("not a save\n")
    with pytest.raises(SaveRefused):
        saves.load()
    saves.paths[0].unlink()
    saves.paths[0].mkdir()  # something other than a file where a save goes: never written into
    assert not TableSaves(tmp_path / "t.jsonl").write(record(2))


def test_a_new_match_through_the_same_saves_removes_the_earlier_matchs_files_once_its_first_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The earlier match's longer record must never be read as the later save of the new one; and the earlier
    match's save goes only once the new one's first save is written (issue 23, item 7: a full disk)."""
    old, new = record(40, seed=1), record(3, seed=2)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 8):
        saves.write(old[:end])
    with monkeypatch.context() as patch:
        patch.setattr(os, "write", disk_full(0))
        assert not saves.write(new[:1])
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == old[:7]  # type: ignore[index]
    assert saves.write(new[:1])
    assert sum(p.exists() for p in saves.paths) == 1
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == new[:1]  # type: ignore[index]


def test_an_earlier_matchs_file_that_could_not_be_removed_is_never_read_as_the_later_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows a file another program holds open (a virus scanner) cannot be removed: the new match's first
    save, shorter than the earlier match's record, is still the one read."""
    old, new = record(40, seed=1), record(3, seed=2)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 9):
        saves.write(old[:end])
    for path in saves.paths:  # the earlier match ended a while ago (its filing, then the host's start)
        os.utime(path, (path.stat().st_atime - 10, path.stat().st_mtime - 10))
    fresh = TableSaves(tmp_path / "t.jsonl")  # a new match at the table (``Table.start``)

    def held_open(path: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "The process cannot access the file because it is being used", str(path))

    with monkeypatch.context() as patch:
        patch.setattr(Path, "unlink", held_open)
        assert fresh.write(new[:1])
    assert all(p.exists() for p in fresh.paths)  # the earlier match's other file is still there
    loaded = TableSaves(tmp_path / "t.jsonl").load()
    assert loaded is not None and loaded[0] == new[:1]
    assert fresh.write(new[:2])  # and the next save goes over the earlier match's file, not the new one's
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == new[:2]  # type: ignore[index]


def unlink_once() -> Any:
    """``Path.unlink`` that removes one file and then fails, as if the process ended before the second."""
    real_unlink = Path.unlink
    removed: list[Path] = []

    def unlink(path: Path, missing_ok: bool = False) -> None:
        if removed:
            raise OSError("killed")
        removed.append(path)
        real_unlink(path, missing_ok)

    return unlink


def test_removing_the_saves_takes_the_older_file_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill between the two removals (the match over and filed) leaves its last save, never the one before it:
    a restart would take the match up again a move before its end and file it a second time."""
    lines = record(12)
    for saved in (3, 4):  # the last save in the first file, then in the second
        saves = TableSaves(tmp_path / "t.jsonl")
        for end in range(1, saved + 1):
            assert saves.write(lines[:end], "20261201-120000" if end == saved else None)
        with monkeypatch.context() as patch:
            patch.setattr(Path, "unlink", unlink_once())
            saves.remove()
        loaded = TableSaves(tmp_path / "t.jsonl").load()
        assert loaded is not None and loaded[0] == lines[:saved] and loaded[1]["ended"] == "20261201-120000", saved
        saves.remove()
        assert not any(p.exists() for p in saves.paths)


def disk_full(room: int) -> Any:
    """``os.write`` that writes the first ``room`` bytes of a save it is given, then fails as a full disk does."""
    real_write = os.write

    def write(fd: int, data: Any) -> int:
        real_write(fd, bytes(data[:room]))
        raise OSError(errno.ENOSPC, "No space left on device")

    return write


def failing_sync(fd: int, data_only: bool = False) -> None:
    raise OSError(errno.EIO, "Input/output error")


@pytest.mark.parametrize("failure", ["disk full", "sync"])
def test_a_failed_save_keeps_the_last_save_and_the_next_save_spares_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    """The write that fails (a full disk) leaves a torn file, and so may a sync that fails; the last save is whole
    in the other one, and the save after the failure goes into the same file again, never over the last good save."""
    lines = record(12)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 6):
        assert saves.write(lines[:end])
    good = saves.paths[1 - saves.turn]
    kept = good.read_bytes()
    with monkeypatch.context() as patch:
        if failure == "disk full":  # far enough to tear the match line's seal: the torn file differs from before
            patch.setattr(os, "write", disk_full(len(kept) - 5))
        else:
            patch.setattr(saves_module, "sync", failing_sync)
        assert not saves.write(lines[:6])
        assert not saves.write(lines[:7])  # still failing: again into the same file
    assert good.read_bytes() == kept
    if failure == "disk full":
        assert TableSaves(tmp_path / "t.jsonl").load()[0] == lines[:5]  # type: ignore[index]
    assert saves.write(lines[:8])  # the disk works again: that file is written whole, the good one left as it was
    assert good.read_bytes() == kept
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == lines[:8]  # type: ignore[index]


KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
from commerce_a11y.server import saves as saves_module
from commerce_a11y.server.saves import TableSaves, Writes
from commerce_a11y.rules import ruleset  # noqa: F401  (the same imports as the server's)

lines = [line for line in sys.stdin.read().splitlines() if line]
saved, cut = int(sys.argv[2]), int(sys.argv[3])
saves = TableSaves(Path(sys.argv[1]))
for end in range(1, saved + 1):
    assert saves.write(lines[:end])
real_write = os.write

def killed(fd, data):
    real_write(fd, bytes(data[:cut]))  # these bytes reach the file; then the process is killed in the middle
    os.kill(os.getpid(), signal.SIGKILL)

os.write = killed
saves.write(lines[:saved + 1])
print("not killed")
"""


@pytest.mark.e2e
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX's")
def test_sigkill_in_the_middle_of_a_save_leaves_the_save_before(tmp_path: Path) -> None:
    """A real process killed with SIGKILL part way through writing a save, at the first byte, in the middle of the
    match line, in the middle of the lines and before the last newline: the restart reads the save before, whole."""
    lines = record(30)
    saved = 20
    whole = len(sealed_text(lines[: saved + 1]))
    for cut in (0, 30, whole // 2, whole - 2):
        folder = tmp_path / str(cut)
        done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(folder / "t.jsonl"), str(saved), str(cut)],
                              input="\n".join(lines), capture_output=True, text=True, timeout=60)
        assert done.returncode == -signal.SIGKILL, done.stderr
        loaded = TableSaves(folder / "t.jsonl").load()
        assert loaded is not None and loaded[0] == lines[:saved], cut
        assert replay(loaded[0]).events


class CountingExecutor(ThreadPoolExecutor):
    def __init__(self) -> None:
        super().__init__(4)
        self.jobs: list[int] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.jobs.append(len(args[0]))
        return super().submit(fn, *args, **kwargs)


def test_the_saves_of_one_turn_of_the_event_loop_are_synced_together(tmp_path: Path) -> None:
    """A group commit: 20 tables' saves written in one turn of the loop take four jobs in the threads (one per
    thread, side by side), not twenty, and each table's move is told only after its own file is synced."""
    lines = record(12)
    executor = CountingExecutor()

    async def main() -> list[bool]:
        writes = Writes(executor, jobs=4)
        tables = [TableSaves(tmp_path / f"t{n}.jsonl") for n in range(20)]

        async def save(saves: TableSaves, end: int) -> bool:
            return saves.done(await writes.put(saves.prepare(lines[:end])))

        first = await asyncio.gather(*(save(saves, 3) for saves in tables))
        second = await asyncio.gather(*(save(saves, 4) for saves in tables))
        return first + second

    assert all(asyncio.run(main()))
    executor.shutdown()
    assert executor.jobs == [5, 5, 5, 5, 5, 5, 5, 5]
    for n in range(20):
        loaded = TableSaves(tmp_path / f"t{n}.jsonl").load()
        assert loaded is not None and loaded[0] == lines[:4]
