"""A table's match on disk: a journal of its record, to which each save appends the move's lines and a mark.

The local game replaces its one save whole after each action (a new temporary file, fsync, rename:
``files.atomic_write``). A server saves hundreds of tables many times a second, and on a journaling file system
each such replacement makes a new file and renames it in the journal: about a millisecond of the disk's and the
processor's time per move (bench/serve_load.py). So the server first wrote each table's whole sealed record in
place, into two files in turn; but a whole record costs as much as the match is long. In a Braillespiel match to 99
marks (a 2.3 MiB record) each move wrote 1.3 MiB, the disk took 274 to 363 MiB a second, and the server's events a
second fell from 500 to 208. Now a save appends to the match's journal only what the move added: its record lines
and a mark. What a save writes and syncs no longer grows with the match (bench/save_cost.py).

A journal is the record's lines exactly as a record has them (docs/record.md), each save's lines followed by a mark:
a line ``{"save": SEAL}``, where SEAL is the seal the record so far would have (``seals.Sealer.stamp``: how many
record lines there are so far and the digest of their content, and for a finished match ``ended`` and ``id``). So the
last mark is the whole record's seal. Reading stops at the first line that is cut short (no newline), is not a JSON
object, or is a mark that does not match the lines before it. What comes after the last mark that matched is a save
cut short (SIGKILL, a power cut) or one whose write failed (a full disk). Since a move is told only once its save is
synced, that tail was never heard: it is dropped, and the next save cuts the file back to the end of that mark and
writes from there. A failed write is retried from the same place. A save that would make the file larger than the
loader reads (``files.FILE_LIMIT``) is refused before anything is written (``TooLarge``), and the move is not told,
as on a full disk.

A match's journal stays in one of the table's two files, ``NAME.jsonl`` and ``NAME.2.jsonl``, for the whole match.
A journal begun afresh while one file holds a save goes into the other file: another match's record given to the
same saves, a record this version writes otherwise than the save it was loaded from, or a save in the earlier form.
The file it replaces is removed only once the new journal's first save is written, so a failure leaves the save
before. (A new match at a table has saves of its own, ``Table.start``: the earlier match is filed by then and its
save removed, so its first save goes into ``NAME.jsonl`` and removes anything left in ``NAME.2.jsonl``.) A file that
holds a sealed record (what this server wrote before: the whole record, written into the two files in turn) still
loads, and the next save goes on from it as a journal in the other file. Of two files that load, the longer record
is the later save. Of two matches' files (an earlier match's that could not be removed), the one written last.

A server saves hundreds of tables a second, so the saves asked for in one turn of the event loop are written
together (``Writes``, a group commit as databases make them), shared among the save threads: the event loop only
prepares the lines and the mark (``prepare``), a thread writes and syncs each file (``put``), and each table's move
is told once its own file is synced. Before, each save was its own job (a hand-off to a thread and back per move),
and those hand-offs of the interpreter's lock cost more than the writing: side by side with that version
(bench/serve_load.py, 2,000 people answering at once), the server makes 1.15 to 1.7 times the moves a second with
about three quarters of the processor time a move.

Files are opened with ``os.open`` and synced as the local game's are (``files.sync``: ``fdatasync`` where there is
one, ``fsync`` on Windows, the full sync on macOS): nothing here needs a platform's own module.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import stat
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, NamedTuple

from ..cleaning import load_json
from ..files import FILE_LIMIT, TooLarge, sync
from ..rules import RECORD_FORMAT
from ..seals import SEAL, SaveRefused, Sealer, newer_format, unseal
from ..storage import read_save_bytes


class TableSaves:
    """One table's save: its match's journal, in ``path`` or in a second file beside it (``NAME.2.jsonl``)."""

    def __init__(self, path: Path) -> None:
        self.paths = (path, path.with_name(path.stem + ".2" + path.suffix))
        self.sealer = Sealer()
        """The record lines given to ``prepare`` so far, and their digest (the marks' seal)."""
        self.target = 0
        """The file the next save goes into."""
        self.end = 0
        """Where the last mark written into it ends, and the next save begins (0: a journal begun afresh)."""
        self.saved = 0
        """How many record lines the file holds up to ``end``."""
        self.replaces: tuple[Path, ...] = (self.paths[1],)
        """The files that go once the next save is written: the other file, when it begins a journal afresh."""
        self.compared = True
        """Whether the lines ``prepare`` is given are known to go on from the ones saved (after ``load`` they are
        compared whole once: a restored match's record is this version's, which may differ from the save's)."""
        self.dropped = 0
        """Bytes that ``load`` found after the last mark, and dropped (a save cut short)."""
        self.pending: Save | None = None

    def write(self, lines: list[str], ended: str | None = None, ident: str | None = None) -> bool:
        """Save the record so far (``ended`` and ``ident`` as in ``seals.seal``); False if it could not be written
        or would pass the file limit (the file still holds the save before). ``prepare``, ``put`` and ``done`` in one
        go."""
        try:
            save = self.prepare(lines, ended, ident)
        except TooLarge:
            return False
        return self.done(put(save))

    def prepare(self, lines: Sequence[str], ended: str | None = None, ident: str | None = None,
                extra: Mapping[str, Any] | None = None) -> Save:
        """What the save of the record so far appends (the lines since the last save that was written, then a mark),
        and where: for ``put``, then ``done``. ``TooLarge``, before anything is written, if the file would grow past
        what the loader reads (``files.FILE_LIMIT``). ``extra``: what the table keeps beside the record in the mark
        (``mark``).

        ``lines`` is the whole record so far, which only grows (a table's record): what goes on from the lines given
        before is checked by the first and the last of those, so that a save costs the lines it adds, not the whole
        record. Lines that do not go on from them (another match's) begin a journal afresh in the other file."""
        if not self._goes_on(lines):
            self.sealer = Sealer()
            self._afresh()
        self.sealer.add(lines[len(self.sealer.lines):])
        text = "".join(line + "\n" for line in self.sealer.lines[self.saved:])
        text += mark(self.sealer, ended, ident, extra)
        data = text.encode("utf-8")
        path = self.paths[self.target]
        if self.end + len(data) > FILE_LIMIT:
            raise TooLarge(path)
        self.pending = Save(path, self.end, data, self.replaces, len(self.sealer.lines))
        return self.pending

    def _goes_on(self, lines: Sequence[str]) -> bool:
        """Whether ``lines`` go on from the lines given before: told by the first and the last of those once they
        are known to be the caller's own (after ``load``, the whole of them is compared once)."""
        known = self.sealer.lines
        compared, self.compared = self.compared, True
        if len(lines) < len(known):
            return False
        if not known:
            return True
        if not compared:
            return lines[:len(known)] == known
        return lines[0] == known[0] and lines[len(known) - 1] == known[-1]

    def _afresh(self) -> None:
        """The next save begins a journal: in the other file, if this one holds a save (which stays until the new
        journal's first save is written)."""
        if self.end:
            self.replaces = (self.paths[self.target],)
            self.target = 1 - self.target
        self.end = self.saved = 0

    def done(self, ok: bool) -> bool:
        """The save ``prepare`` made is on the disk (``ok``): the next goes on after it. If it is not, the next
        writes from the last mark again (cutting off what this one left). ``ok`` back."""
        save, self.pending = self.pending, None
        if ok and save is not None:
            self.end = save.offset + len(save.data)
            self.saved = save.lines
            self.replaces = ()
        return ok

    def load(self) -> tuple[list[str], dict[str, Any]] | None:
        """The later of the two files' saves that read: its record lines and last seal; the next save goes on after
        it (a sealed record of the earlier form: in a journal in the other file). None when there is no save;
        ``SaveRefused`` when there are files but none can be read."""
        found: list[Found] = []
        refused: SaveRefused | None = None
        for index, path in enumerate(self.paths):
            try:
                data = read_save_bytes(path)
                if data is None:
                    continue
                sealer, stamp, end = read_file(data)
                written = path.stat().st_mtime
            except SaveRefused as error:
                refused = refused or error
                continue
            except OSError:
                continue
            found.append(Found(len(sealer.lines), "ended" in stamp, end is not None, index, sealer, stamp,
                               written, end, len(data)))
        if not found:
            if refused is not None:
                raise refused
            return None
        if len({f.sealer.lines[0] for f in found}) > 1:
            # Two matches' saves (an earlier match's file could not be removed: on Windows a virus scanner may
            # hold it open): the one written last, not the longer record.
            found = [max(found, key=lambda f: (f.written, f[:4]))]
        best = max(found, key=lambda f: f[:4])
        self.sealer = best.sealer
        self.compared = False
        if best.end is None:  # a sealed record: the next save writes it whole, as a journal, into the other file
            self.target, self.end, self.saved = 1 - best.file, 0, 0
            self.replaces = (self.paths[best.file],)
            self.dropped = 0
        else:
            self.target, self.end, self.saved = best.file, best.end, best.size
            self.replaces = ()
            self.dropped = best.length - best.end
        return list(best.sealer.lines), best.stamp

    def remove(self) -> None:
        """Both files (see ``removal``)."""
        for path in self.removal():
            with contextlib.suppress(OSError):
                path.unlink()

    def removal(self) -> tuple[Path, Path]:
        """Both files, the one that holds the last save last: the other holds a save before it (of this match, or an
        earlier match's) or nothing, so a kill between the two leaves the last save, never one before it (which a
        restart would take up again a move too early, for a match already over and filed)."""
        last = self.target if self.end else 1 - self.target
        return self.paths[1 - last], self.paths[last]


class Found(NamedTuple):
    """A file's save that ``load`` read; the first four fields rank the saves of one match."""

    size: int
    """Its record lines."""
    ended: bool
    journal: bool
    """A journal, not a sealed record (of the same length: the journal goes on, the other is the one it replaced)."""
    file: int
    """Which of the two files (0, 1)."""
    sealer: Sealer
    stamp: dict[str, Any]
    written: float
    end: int | None
    """Where a journal's last mark ends (None: a sealed record)."""
    length: int
    """The file's bytes."""


def mark(sealer: Sealer, ended: str | None = None, ident: str | None = None,
         extra: Mapping[str, Any] | None = None) -> str:
    """The mark after a save's lines: the seal of the record so far, a line of its own. ``extra``: what the table
    keeps beside the record, saved with the move it follows from (the computer's decisions for each person's seat,
    ``Filer.computer``); a reader compares only the seal's count and digest, and hands the rest back (``load``)."""
    stamp = sealer.stamp(ended, ident)
    stamp.update((key, value) for key, value in (extra or {}).items() if key not in stamp)
    return json.dumps({SEAL: stamp}, ensure_ascii=False, separators=(",", ":")) + "\n"


def read_file(data: bytes) -> tuple[Sealer, dict[str, Any], int | None]:
    """A table's save file: its record lines (with their digest), the last seal, and where a journal's last mark
    ends (None for a sealed record, the earlier form). ``SaveRefused`` when no save in it can be read."""
    first = data.split(b"\n", 1)[0]
    try:
        head = load_json(first)
    except ValueError:
        head = None
    if isinstance(head, dict) and SEAL in head:  # a sealed record, as the server wrote it before
        lines, stamp = unseal(data.decode("utf-8", errors="replace"), RECORD_FORMAT)
        return Sealer(lines), stamp, None
    if isinstance(head, dict) and newer_format(head, RECORD_FORMAT):
        raise SaveRefused("newer")
    return read_journal(data)


def read_journal(data: bytes) -> tuple[Sealer, dict[str, Any], int]:
    """A journal up to its last mark that matches: its record lines, that mark's seal and where it ends. Reading
    stops at the first line cut short (no newline after it), that is not a JSON object, or at a mark that does not
    match the lines before it; ``SaveRefused`` (damaged) when no mark matched."""
    sealer = Sealer()
    stamp: dict[str, Any] | None = None
    end = start = 0
    read: list[tuple[str, dict[str, Any]]] = []
    while (stop := data.find(b"\n", start)) >= 0:
        try:
            line = data[start:stop].decode("utf-8")
            obj = load_json(line)
        except ValueError:  # not UTF-8 (UnicodeDecodeError is one), not JSON the game reads
            break
        if not isinstance(obj, dict):
            break
        start = stop + 1
        if SEAL not in obj:
            read.append((line, obj))
            continue
        sealer.add_read(read)
        seal = obj[SEAL]
        if len(obj) != 1 or not isinstance(seal, dict) or not sealer.lines or not _matches(seal, sealer.stamp()):
            # Damaged, not cut short: the lines before this mark go back out of the digest.
            sealer = Sealer(sealer.lines[:len(sealer.lines) - len(read)])
            break
        read = []
        stamp, end = seal, start
    if stamp is None:
        raise SaveRefused("damaged")
    return sealer, stamp, end


def _matches(seal: dict[str, Any], expected: dict[str, Any]) -> bool:
    return bool(seal.get("lines") == expected["lines"] and seal.get("sha256") == expected["sha256"])


class Save(NamedTuple):
    """A save and where it goes: ``data`` written into ``path`` at ``offset`` (the file cut there first); once it is
    written, the files in ``remove`` go (the file a journal begun afresh replaces). Never before: a new match's
    first save that fails on a full disk leaves the earlier match's save."""

    path: Path
    offset: int
    data: bytes
    remove: tuple[Path, ...]
    lines: int
    """The record lines the file holds once it is written."""


def put(save: Save) -> bool:
    """Write a save into its file at its place, and sync it to the disk, then remove the files it replaces; False
    if the write failed (nothing is removed then)."""
    if not _write(save):
        return False
    for path in save.remove:
        with contextlib.suppress(OSError):
            path.unlink()
    return True


def _write(save: Save) -> bool:
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0)
    try:
        try:
            fd = os.open(save.path, flags, 0o644)
        except FileNotFoundError:  # the first save in a new data folder
            save.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(save.path, flags, 0o644)
    except OSError:
        return False
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            return False  # something other than a file took its name: never written into
        if found.st_size < save.offset:
            return False  # shorter than its last save (changed by someone else): never a hole of zeros in it
        if found.st_size > save.offset:
            os.ftruncate(fd, save.offset)  # what a save cut short or failed left after the last mark
        os.lseek(fd, save.offset, os.SEEK_SET)
        view = memoryview(save.data)
        while view:
            view = view[os.write(fd, view):]
        sync(fd, data_only=True)
    except OSError:
        return False
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)
    return True


def put_all(saves: list[Save]) -> list[bool]:
    return [put(save) for save in saves]


class Writes:
    """The saves asked for in one turn of the event loop, written and synced by at most ``jobs`` jobs in threads, side
    by side (a group commit): each thread's ``fdatasync`` waits for the disk by itself, and a disk takes several at
    once (on a slow disk, a turn's saves in one job would wait for each other)."""

    def __init__(self, executor: Executor, jobs: int) -> None:
        self.executor = executor
        self.jobs = jobs
        self.waiting: list[tuple[Save, asyncio.Future[bool]]] = []

    def put(self, save: Save) -> asyncio.Future[bool]:
        """``save`` written and synced; the future says whether that succeeded."""
        loop = asyncio.get_running_loop()
        if not self.waiting:
            loop.call_soon(self._submit)  # after every other callback ready in this turn: they join the batch
        future: asyncio.Future[bool] = loop.create_future()
        self.waiting.append((save, future))
        return future

    def _submit(self) -> None:
        batch, self.waiting = self.waiting, []
        loop = asyncio.get_running_loop()
        size = -(-len(batch) // self.jobs)
        for start in range(0, len(batch), size):
            part = batch[start:start + size]
            job = loop.run_in_executor(self.executor, put_all, [save for save, _future in part])
            job.add_done_callback(_resolver(part))


def _resolver(part: list[tuple[Save, asyncio.Future[bool]]]) -> Callable[[asyncio.Future[list[bool]]], None]:
    def resolve(job: asyncio.Future[list[bool]]) -> None:
        results = job.result() if not job.cancelled() and job.exception() is None else [False] * len(part)
        for (_save, future), ok in zip(part, results, strict=True):
            if not future.done():
                future.set_result(ok)

    return resolve
