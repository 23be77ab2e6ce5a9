"""A table's save (``server/saves.py``): a journal to which each save appends the move's record lines and a mark (issue
35, item 10; before, the whole sealed record written in place into two files in turn, issue 18). The lines are the
record's, byte for byte; a tail cut short at any byte, or anything after the last mark that matches, is dropped and
cut off by the next save; a failed write is retried from the last mark; a save past the file limit is refused before
it is written; a save in the earlier form still loads and goes on as a journal; and a file left from an earlier
match is never read as this one."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import Match, Player, record_lines, replay, ruleset
from commerce_a11y.seals import SaveRefused, content_digest, seal
from commerce_a11y.server import saves as saves_module
from commerce_a11y.server.saves import TableSaves, Writes


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
    """A save as the server wrote it before the journal (and the local game still does): the whole record, sealed."""
    return "".join(line + "\n" for line in seal(lines, ended)).encode("utf-8")


def the_seal(lines: list[str], ended: str | None = None, ident: str | None = None) -> dict[str, Any]:
    """The seal the local game puts on a record (``seals.seal``): what a journal's mark after it holds."""
    return json.loads(seal(lines, ended, ident)[0])["save"]


def appended(lines: list[str], start: int, end: int, ended: str | None = None, ident: str | None = None) -> bytes:
    """What a save of ``lines[:end]`` appends after a save of ``lines[:start]``: the new lines, then the mark."""
    mark = json.dumps({"save": the_seal(lines[:end], ended, ident)}, separators=(",", ":"))
    return "".join(line + "\n" for line in lines[start:end]).encode("utf-8") + mark.encode("utf-8") + b"\n"


def journal(lines: list[str], ends: list[int]) -> bytes:
    """The journal of saves of ``lines[:end]`` for each of ``ends``, in order."""
    return b"".join(appended(lines, start, end) for start, end in zip([0, *ends], ends, strict=False))


def loaded_lines(path: Path) -> list[str] | None:
    loaded = TableSaves(path).load()
    return None if loaded is None else loaded[0]


def test_each_save_appends_its_new_lines_and_a_mark_and_the_lines_are_the_records(tmp_path: Path) -> None:
    lines = record(30)
    saves = TableSaves(tmp_path / "t.jsonl")
    first, second = saves.paths
    assert second.name == "t.2.jsonl"
    for end in range(1, len(lines) + 1):
        before = first.stat().st_size if end > 1 else 0
        assert saves.write(lines[:end])
        assert first.read_bytes()[before:] == appended(lines, end - 1, end)  # only what this save added
        loaded = TableSaves(tmp_path / "t.jsonl").load()
        assert loaded is not None and loaded[0] == lines[:end] and loaded[1] == the_seal(lines[:end])
    assert first.read_bytes() == journal(lines, list(range(1, len(lines) + 1)))
    assert not second.exists()
    # The record inside is the record, byte for byte: the journal without its marks.
    kept = [line for line in first.read_bytes().splitlines(keepends=True) if not line.startswith(b'{"save":')]
    assert b"".join(kept) == "".join(line + "\n" for line in lines).encode("utf-8")
    # A finished match's last mark carries its end and identity, as the local game's seal does.
    assert saves.write(lines, "20261201-120000", "0123abcd")
    loaded = TableSaves(tmp_path / "t.jsonl").load()
    assert loaded is not None and loaded[1] == the_seal(lines, "20261201-120000", "0123abcd")
    assert replay(loaded[0]).events


def saved_up_to(tmp_path: Path, lines: list[str], last: int) -> TableSaves:
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, last + 1):
        assert saves.write(lines[:end])
    return saves


def test_a_tail_cut_short_at_any_byte_of_the_last_save_is_dropped_and_the_next_save_cuts_it_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGKILL, a power cut or a failed write in the middle of an append: however much of it reached the file, the
    moves before it load, and the next save goes where the last mark ended."""
    monkeypatch.setattr(saves_module, "sync", lambda fd, data_only=False: None)  # a thousand saves: not the disk's
    lines = record(14)
    path = saved_up_to(tmp_path, lines, 9).paths[0]
    base = path.read_bytes()
    append = appended(lines, 9, 11)  # a save of two new lines
    assert base == journal(lines, list(range(1, 10)))
    for cut in range(len(append) + 1):
        path.write_bytes(base + append[:cut])
        saves = TableSaves(path)
        loaded = saves.load()
        whole = cut == len(append)  # only the mark's own newline missing is still a save cut short
        assert loaded is not None and loaded[0] == (lines[:11] if whole else lines[:9]), cut
        assert saves.dropped == (0 if whole else cut)
        assert saves.write(lines[:12])
        assert path.read_bytes() == base + appended(lines, 9, 11 if whole else 12) + (
            appended(lines, 11, 12) if whole else b""), cut
        assert loaded_lines(path) == lines[:12]


GARBAGE = {
    "bytes without a newline": b"\x93\x00garbage",
    "zeros a power cut left": b"\0" * 4096,
    "a line that is not JSON": b"not a save\n",
    "not UTF-8": b"\xff\xfe{}\n",
    "a record line and no mark": b'{"event":"pass","player":0}\n',
    "a mark that does not match the lines": b'{"event":"pass","player":0}\n{"save":{"lines":10,"sha256":"00"}}\n',
    "a mark counting lines that are not there": b'{"save":{"lines":12,"sha256":"00"}}\n',
    "a mark with more than the seal": b'{"save":{"lines":9},"event":"pass"}\n',
    "a JSON line that is no object": b"[1, 2]\n",
}


@pytest.mark.parametrize("garbage", GARBAGE.values(), ids=GARBAGE.keys())
def test_whatever_follows_the_last_mark_that_matches_is_never_read_as_a_move(tmp_path: Path, garbage: bytes) -> None:
    lines = record(14)
    path = saved_up_to(tmp_path, lines, 9).paths[0]
    base = path.read_bytes()
    path.write_bytes(base + garbage)
    saves = TableSaves(path)
    loaded = saves.load()
    assert loaded is not None and loaded[0] == lines[:9] and saves.dropped == len(garbage)
    assert saves.write(lines[:10])
    assert path.read_bytes() == base + appended(lines, 9, 10)


def test_a_mark_that_does_not_match_ends_the_journal_there(tmp_path: Path) -> None:
    """A journal damaged in its middle (a line changed): what is before the last mark that matches loads, nothing of
    what follows, though later marks would match their lines (they cover the changed one too)."""
    lines = record(14)
    path = saved_up_to(tmp_path, lines, 9).paths[0]
    text = path.read_bytes().splitlines(keepends=True)  # a record line, then its save's mark, nine times
    text[2 * 5] = json.dumps({**json.loads(lines[5]), "changed": True}).encode("utf-8") + b"\n"
    path.write_bytes(b"".join(text))
    assert loaded_lines(path) == lines[:5]


MUTATED = record(14)
MUTATED_JOURNAL = journal(MUTATED, [3, 4, 6, 7, 9, 10, 12])


@given(data=st.data())
@settings(max_examples=150, deadline=None)
def test_a_journal_changed_anywhere_reads_as_a_prefix_of_its_record_or_is_refused(data: st.DataObject) -> None:
    """Bytes cut off, changed, put in or taken out anywhere: what reads is the content of the record's first lines
    (the spacing inside a line may differ, the seal's digest does not see it), never a line that was not saved;
    anything else is refused as a save, never another error."""
    text = bytearray(MUTATED_JOURNAL)
    for _change in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["cut", "change", "insert", "delete"]))
        if kind == "cut":
            del text[at:]
        elif kind == "change" and at < len(text):
            text[at] = data.draw(st.integers(0, 255))
        elif kind == "insert":
            text[at:at] = data.draw(st.binary(min_size=1, max_size=120))
        else:
            del text[at:at + data.draw(st.integers(1, 200))]
    try:
        sealer, _stamp, end = saves_module.read_file(bytes(text))
    except SaveRefused:
        return
    lines = sealer.lines
    assert lines and end is not None and end <= len(text)
    assert content_digest(lines) == content_digest(MUTATED[:len(lines)])


def test_after_loading_the_next_save_goes_on_in_the_file_it_was_loaded_from(tmp_path: Path) -> None:
    lines = record(12)
    saved_up_to(tmp_path, lines, 5)
    loaded = TableSaves(tmp_path / "t.jsonl")
    assert loaded.load() is not None and loaded.dropped == 0
    assert loaded.write(lines[:7])
    assert loaded.paths[0].read_bytes() == journal(lines, [1, 2, 3, 4, 5, 7])
    assert not loaded.paths[1].exists()
    assert loaded_lines(tmp_path / "t.jsonl") == lines[:7]


def test_a_record_written_otherwise_than_the_save_it_was_loaded_from_begins_a_journal_afresh(
        tmp_path: Path) -> None:
    """A restored match's record is this version's (``Filer.restore``), which may differ from the save's in its
    middle (an earlier version left declines out): the first save after a load compares it whole, and writes it
    whole into the other file rather than appending it to lines it does not go on from."""
    lines = record(12)
    saved_up_to(tmp_path, lines, 5)
    rewritten = [*lines[:2], json.dumps({**json.loads(lines[2]), "done": True}), *lines[3:]]
    saves = TableSaves(tmp_path / "t.jsonl")
    assert saves.load() is not None
    assert saves.write(rewritten[:6])
    assert not saves.paths[0].exists() and saves.paths[1].read_bytes() == appended(rewritten, 0, 6)
    assert saves.write(rewritten[:7])
    assert loaded_lines(tmp_path / "t.jsonl") == rewritten[:7]


def test_a_file_shorter_than_its_last_save_is_never_written_past_its_end(tmp_path: Path) -> None:
    """Cut short by someone else while the server runs: the save fails rather than leave a hole of zeros in it
    before the new lines."""
    lines = record(12)
    saves = saved_up_to(tmp_path, lines, 5)
    path = saves.paths[0]
    shorter = path.read_bytes()[:-30]
    path.write_bytes(shorter)
    assert not saves.write(lines[:6])
    assert path.read_bytes() == shorter


def test_a_new_match_never_reads_an_earlier_matchs_file(tmp_path: Path) -> None:
    old, new = record(40, seed=1), record(3, seed=2)
    saved_up_to(tmp_path, old, 5)
    fresh = TableSaves(tmp_path / "t.jsonl")  # a new match at the table (``Table.start``)
    assert fresh.write(new[:1])
    assert not fresh.paths[1].exists()
    assert loaded_lines(tmp_path / "t.jsonl") == new[:1]
    fresh.remove()
    assert not any(p.exists() for p in fresh.paths)
    assert TableSaves(tmp_path / "t.jsonl").load() is None


def test_files_that_cannot_be_read_are_refused_with_their_reason(tmp_path: Path) -> None:
    lines = record(4)
    saves = TableSaves(tmp_path / "t.jsonl")
    assert '"format":2' in lines[0]
    for text, reason in ((b"not a save\n", "damaged"), (appended(lines, 0, 2)[:-1], "damaged"),
                         (appended([lines[0].replace('"format":2', '"format":99'), *lines[1:]], 0, 2), "newer"),
                         (sealed_text(lines)[:-30] + b"\n", "damaged")):
        saves.paths[0].write_bytes(text)
        with pytest.raises(SaveRefused) as refused:
            saves.load()
        assert refused.value.reason == reason, text
    saves.paths[0].unlink()
    saves.paths[0].mkdir()  # something other than a file where a save goes: never written into
    assert not TableSaves(tmp_path / "t.jsonl").write(lines)


def test_a_new_match_through_the_same_saves_removes_the_earlier_matchs_files_once_its_first_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The earlier match's longer record must never be read as the later save of the new one; and the earlier
    match's save goes only once the new one's first save is written (issue 23, item 7: a full disk)."""
    old, new = record(40, seed=1), record(3, seed=2)
    saves = saved_up_to(tmp_path, old, 7)
    with monkeypatch.context() as patch:
        patch.setattr(os, "write", disk_full(0))
        assert not saves.write(new[:1])
    assert loaded_lines(tmp_path / "t.jsonl") == old[:7]
    assert saves.write(new[:1])
    assert sum(p.exists() for p in saves.paths) == 1
    assert loaded_lines(tmp_path / "t.jsonl") == new[:1]


def held_open(path: Path, missing_ok: bool = False) -> None:
    raise PermissionError(13, "The process cannot access the file because it is being used", str(path))


def test_an_earlier_matchs_file_that_could_not_be_removed_is_never_read_as_the_later_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows a file another program holds open (a virus scanner) cannot be removed: the new match's first
    save, shorter than the earlier match's record, is still the one read, and its saves go on in its own file."""
    before, old, new = record(2, seed=3), record(40, seed=1), record(3, seed=2)
    saves = TableSaves(tmp_path / "t.jsonl")
    assert saves.write(before)
    for end in range(1, 9):  # the earlier match, begun through the same saves: its journal in the second file
        assert saves.write(old[:end])
    earlier = saves.paths[1]
    os.utime(earlier, (earlier.stat().st_atime - 10, earlier.stat().st_mtime - 10))  # it ended a while ago
    fresh = TableSaves(tmp_path / "t.jsonl")  # a new match at the table (``Table.start``)
    with monkeypatch.context() as patch:
        patch.setattr(Path, "unlink", held_open)
        assert fresh.write(new[:1])
    assert all(p.exists() for p in fresh.paths)  # the earlier match's file is still there
    loaded = TableSaves(tmp_path / "t.jsonl")
    assert loaded.load() is not None and loaded.sealer.lines == new[:1]
    assert loaded.write(new[:2])  # and the next save goes on in the new match's file
    assert loaded_lines(tmp_path / "t.jsonl") == new[:2]
    assert loaded_lines(earlier) is not None and earlier.read_bytes() == journal(old, list(range(1, 9)))


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


def earlier_form(tmp_path: Path, lines: list[str], last: int) -> TableSaves:
    """A table saved by the version before the journal: ``lines[:end]`` for each end up to ``last``, each sealed
    whole into the two files in turn (the first into ``t.jsonl``)."""
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, last + 1):
        saves.paths[(end - 1) % 2].write_bytes(sealed_text(lines[:end]))
    return saves


def test_removing_the_saves_takes_the_file_with_the_last_save_last(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kill between the two removals (the match over and filed) leaves its last save, never one before it: a
    restart would take the match up again a move before its end and file it a second time. Both files hold the
    match: its journal, and the save in the earlier form it went on from, which could not be removed then."""
    lines = record(12)
    for loaded_from in (3, 4):  # the earlier form's last save in the first file, then in the second
        earlier_form(tmp_path, lines, loaded_from)
        saves = TableSaves(tmp_path / "t.jsonl")
        assert saves.load() is not None
        with monkeypatch.context() as patch:
            patch.setattr(Path, "unlink", held_open)
            assert saves.write(lines[:loaded_from + 1])
        assert saves.write(lines[:loaded_from + 2], "20261201-120000")
        assert all(p.exists() for p in saves.paths)
        with monkeypatch.context() as patch:
            patch.setattr(Path, "unlink", unlink_once())
            saves.remove()
        loaded = TableSaves(tmp_path / "t.jsonl").load()
        assert loaded is not None and loaded[0] == lines[:loaded_from + 2], loaded_from
        assert loaded[1]["ended"] == "20261201-120000"
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


@pytest.mark.parametrize("failure", ["disk full at once", "disk full in the lines", "disk full before the newline",
                                     "sync"])
def test_a_failed_save_leaves_the_last_mark_readable_and_the_next_save_writes_from_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    """The write that fails (a full disk) leaves a torn tail, and a sync that fails may leave a whole one; the saves
    before it read, and the save after the failure cuts the tail off and writes from the last mark."""
    lines = record(12)
    saves = saved_up_to(tmp_path, lines, 5)
    path = saves.paths[0]
    kept = path.read_bytes()
    room = {"disk full at once": 0, "disk full in the lines": 20,
            "disk full before the newline": len(appended(lines, 5, 7)) - 1}
    with monkeypatch.context() as patch:
        if failure == "sync":
            patch.setattr(saves_module, "sync", failing_sync)
        else:
            patch.setattr(os, "write", disk_full(room[failure]))
        assert not saves.write(lines[:6])
        assert not saves.write(lines[:7])  # still failing: again from the same mark
    assert path.read_bytes().startswith(kept)
    if failure != "sync":
        assert loaded_lines(path) == lines[:5]
    assert saves.write(lines[:8])  # the disk works again
    assert path.read_bytes() == kept + appended(lines, 5, 8)
    assert loaded_lines(path) == lines[:8]


def test_a_save_past_the_file_limit_is_refused_before_anything_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the loader would not read (``files.FILE_LIMIT``) is never written: the save fails as on a full disk,
    the file keeps the save before, and a save that fits (to the byte) is written."""
    lines = record(12)
    saves = saved_up_to(tmp_path, lines, 5)
    path = saves.paths[0]
    kept = path.read_bytes()
    fits = len(kept) + len(appended(lines, 5, 7))
    writes: list[int] = []
    real_write = os.write

    def counted(fd: int, data: Any) -> int:
        writes.append(fd)
        return real_write(fd, data)

    monkeypatch.setattr(saves_module, "FILE_LIMIT", fits - 1)
    monkeypatch.setattr(os, "write", counted)
    assert not saves.write(lines[:7])
    with pytest.raises(saves_module.TooLarge):
        saves.prepare(lines[:7])
    assert writes == [] and path.read_bytes() == kept
    assert loaded_lines(path) == lines[:5]
    monkeypatch.setattr(saves_module, "FILE_LIMIT", fits)
    assert saves.write(lines[:7])  # exactly the limit
    assert path.stat().st_size == fits and loaded_lines(path) == lines[:7]
    # A journal begun afresh, from a save in the earlier form, is measured whole.
    earlier_form(tmp_path, lines, 5)
    converted = TableSaves(tmp_path / "t.jsonl")
    assert converted.load() is not None
    monkeypatch.setattr(saves_module, "FILE_LIMIT", len(appended(lines, 0, 6)) - 1)
    writes.clear()
    assert not converted.write(lines[:6]) and writes == []
    assert loaded_lines(tmp_path / "t.jsonl") == lines[:5]


def test_a_save_in_the_earlier_form_loads_and_goes_on_as_a_journal_once_that_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server upgraded in the middle of a match: its table's save, the whole record sealed into two files in turn,
    loads; the next save writes the record as a journal into the other file, and the file it was loaded from goes
    only once that is written (on a full disk it stays, and still loads)."""
    lines = record(14)
    for last in (7, 8):  # the last save in the first file, then in the second
        saves = earlier_form(tmp_path, lines, last)
        newest = saves.paths[(last - 1) % 2]
        loaded = saves.load()
        assert loaded is not None and loaded[0] == lines[:last] and loaded[1] == the_seal(lines[:last])
        with monkeypatch.context() as patch:
            patch.setattr(os, "write", disk_full(100))
            assert not saves.write(lines[:last + 1])
        assert newest.read_bytes() == sealed_text(lines[:last])
        assert loaded_lines(tmp_path / "t.jsonl") == lines[:last]
        assert saves.write(lines[:last + 1])
        assert not newest.exists()
        other = saves.paths[last % 2]
        assert other.read_bytes() == appended(lines, 0, last + 1)
        assert saves.write(lines[:last + 2])  # and from then on, only what each save adds
        assert other.read_bytes() == journal(lines, [last + 1, last + 2])
        assert loaded_lines(tmp_path / "t.jsonl") == lines[:last + 2]
        saves.remove()


def test_a_save_in_the_earlier_form_cut_short_by_the_upgrade_loads_the_one_before(tmp_path: Path) -> None:
    """The earlier version was killed in the middle of a write: the file it wrote is torn, the other holds the save
    before, which loads and goes on as a journal in the torn file's place."""
    lines = record(12)
    saves = earlier_form(tmp_path, lines, 6)
    torn = saves.paths[1]
    torn.write_bytes(sealed_text(lines[:6])[:-40])
    loaded = saves.load()
    assert loaded is not None and loaded[0] == lines[:5]
    assert saves.write(lines[:7])
    assert torn.read_bytes() == appended(lines, 0, 7) and not saves.paths[0].exists()


KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
from commerce_a11y.server import saves as saves_module
from commerce_a11y.server.saves import TableSaves, Writes
from commerce_a11y.rules import ruleset  # noqa: F401  (the same imports as the server's)

lines = [line for line in sys.stdin.read().splitlines() if line]
saved, cut, loads = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "load"
saves = TableSaves(Path(sys.argv[1]))
if loads:
    assert saves.load()[0] == lines[:saved]
else:
    for end in range(1, saved + 1):
        assert saves.write(lines[:end])
real_write = os.write

def killed(fd, data):
    real_write(fd, bytes(data[:cut]))  # these bytes reach the file; then the process is killed in the middle
    os.kill(os.getpid(), signal.SIGKILL)

os.write = killed
saves.write(lines[:saved + 2])
print("not killed")
"""


def killed_writer(folder: Path, lines: list[str], saved: int, cut: int, loads: bool = False) -> None:
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(folder / "t.jsonl"), str(saved), str(cut),
                           "load" if loads else "write"],
                          input="\n".join(lines), capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGKILL, done.stderr


@pytest.mark.e2e
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX's")
def test_sigkill_in_the_middle_of_a_save_leaves_the_save_before(tmp_path: Path) -> None:
    """A real process killed with SIGKILL part way through appending a save (two new lines and a mark): at its first
    byte, in its first line, between its lines, in the mark and just before the mark's newline. The restart reads
    the save before, whole, and the next save goes on from it; the same in the middle of the first save after an
    upgrade, which writes the whole record as a journal."""
    lines = record(30)
    saved = 20
    size = len(appended(lines, saved, saved + 2))
    first = len(lines[saved].encode("utf-8")) + 1
    for cut in (0, 10, first, size - 40, size - 1):
        folder = tmp_path / str(cut)
        killed_writer(folder, lines, saved, cut)
        saves = TableSaves(folder / "t.jsonl")
        loaded = saves.load()
        assert loaded is not None and loaded[0] == lines[:saved], cut
        assert saves.dropped == cut and replay(loaded[0]).events
        assert saves.write(lines[:saved + 1])
        assert loaded_lines(folder / "t.jsonl") == lines[:saved + 1]
        assert (folder / "t.jsonl").read_bytes() == journal(lines, [*range(1, saved + 1), saved + 1])
    whole = len(appended(lines, 0, saved + 2))
    for cut in (0, whole // 2, whole - 1):
        folder = tmp_path / f"upgraded-{cut}"
        folder.mkdir()
        earlier_form(folder, lines, saved)
        killed_writer(folder, lines, saved, cut, loads=True)
        assert loaded_lines(folder / "t.jsonl") == lines[:saved], cut
        assert (folder / "t.2.jsonl").read_bytes() == sealed_text(lines[:saved])


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
        assert loaded_lines(tmp_path / f"t{n}.jsonl") == lines[:4]
