"""A table's match on disk: its sealed record after every move, written in place into two files in turn.

The local game replaces its one save whole after each action (a new temporary file, fsync, rename:
``storage.atomic_write``). A server saves hundreds of tables many times a second, and on a journaling file system
each such replacement makes a new file and renames it in the journal: about a millisecond of the disk's and the
processor's time per move, which held the whole server near a thousand moves a second whatever the event loop did
(bench/serve_load.py). So a table writes its two files in turn, each in place (overwritten from its start, cut to
length, fdatasync): the file not being written always holds the save before, whole. A write cut short (SIGKILL in
the middle of it, a power cut) leaves a file whose seal does not match its lines, and reading passes it over for
the other one, which holds the last move anyone heard, since a move is told only once its save is written. A write
that fails (a full disk) leaves the same, and the next save goes into that file again, never over the last one. Of
two files that unseal, the longer record is the later save (a match's record only grows); of two matches' files
(an earlier match's that could not be removed), the one written last.

A server saves hundreds of tables a second, so the saves asked for in one turn of the event loop are written
together (``Writes``, a group commit as databases make them), shared among the save threads: the event loop only
seals the text (``prepare``), a thread writes and syncs each file (``put``), and each table's move is told once its
own file is synced. Before,
each save was its own job (a hand-off to a thread and back per move), and those hand-offs of the interpreter's lock
cost more than the writing: side by side with that version (bench/serve_load.py, 2,000 people answering at once),
the server makes 1.15 to 1.7 times the moves a second with about three quarters of the processor time a move.

Files are opened with ``os.open`` and synced as the local game's are (``storage.sync``: ``fdatasync`` where there is
one, ``fsync`` on Windows, the full sync on macOS): nothing here needs a platform's own module.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, NamedTuple

from ..rules import RECORD_FORMAT
from ..storage import SaveRefused, Sealer, read_save, sync, unseal


class TableSaves:
    """One table's save files: ``path`` and a second one beside it (``NAME.2.jsonl``), written in turn."""

    def __init__(self, path: Path) -> None:
        self.paths = (path, path.with_name(path.stem + ".2" + path.suffix))
        self.sealer = Sealer()
        self.turn = 0
        """The file the next save goes into."""
        self.fresh = True
        """No save of this match yet: the first, once written, removes the other file an earlier match left."""

    def write(self, lines: list[str], ended: str | None = None, ident: str | None = None) -> bool:
        """Save the record so far, sealed (``ended`` and ``ident`` as in ``storage.seal``); False if it could not be
        written (the other file still holds the save before). ``prepare``, ``put`` and ``done`` in one go."""
        return self.done(put(self.prepare(lines, ended, ident)))

    def prepare(self, lines: list[str], ended: str | None = None, ident: str | None = None) -> Save:
        """The record so far, sealed, and the file it goes into: for ``put``, then ``done``."""
        known = len(self.sealer.lines)
        if lines[:known] != self.sealer.lines:  # another match's record: sealed afresh, the files of the one
            self.sealer, known = Sealer(), 0  # before removed first
            self.fresh = True
        self.sealer.add(lines[known:])
        data = self.sealer.text(ended, ident).encode("utf-8")
        return Save(self.paths[self.turn], data, (self.paths[1 - self.turn],) if self.fresh else ())

    def done(self, ok: bool) -> bool:
        """The save ``prepare`` made is on the disk (``ok``): the next goes into the other file. If it is not, the
        next goes into the same file again, never over the last save. ``ok`` back."""
        if ok:
            self.turn = 1 - self.turn
            self.fresh = False
        return ok

    def load(self) -> tuple[list[str], dict[str, Any]] | None:
        """The later of the two saves that unseal: its record lines and seal; the next save then goes into the other
        file. None when there is no save; ``SaveRefused`` when there are files but none can be read."""
        found: list[tuple[int, bool, int, list[str], dict[str, Any], float]] = []
        refused: SaveRefused | None = None
        for turn, path in enumerate(self.paths):
            try:
                text = read_save(path)
                if text is None:
                    continue
                lines, stamp = unseal(text, RECORD_FORMAT)
                written = path.stat().st_mtime
            except SaveRefused as error:
                refused = refused or error
                continue
            except OSError:
                continue
            found.append((len(lines), "ended" in stamp, turn, lines, stamp, written))
        if not found:
            if refused is not None:
                raise refused
            return None
        if len({f[3][0] for f in found}) > 1:
            # Two matches' saves (an earlier match's file could not be removed: on Windows a virus scanner may
            # hold it open): the one written last, not the longer record.
            found = [max(found, key=lambda f: (f[5], f[:3]))]
        _size, _ended, turn, lines, stamp, _written = max(found, key=lambda f: f[:3])
        self.sealer = Sealer(lines)
        self.turn = 1 - turn
        self.fresh = False
        return lines, stamp

    def remove(self) -> None:
        """Both files (see ``removal``)."""
        for path in self.removal():
            with contextlib.suppress(OSError):
                path.unlink()

    def removal(self) -> tuple[Path, Path]:
        """Both files, the one the next save would go into first: that one holds the save before the last (or a
        write cut short), so a kill between the two leaves the last save, never the one before it (which a restart
        would take up again a move too early, for a match already over and filed)."""
        return self.paths[self.turn], self.paths[1 - self.turn]


class Save(NamedTuple):
    """A sealed save and where it goes: ``path``; once it is written, the files in ``remove`` (an earlier match's)
    go. Never before: a new match's first save that fails on a full disk leaves the earlier match's save."""

    path: Path
    data: bytes
    remove: tuple[Path, ...]


def put(save: Save) -> bool:
    """Write a save into its file, in place, and sync it to the disk, then remove the files it replaces; False if
    the write failed (nothing is removed then)."""
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
        view = memoryview(save.data)
        while view:
            view = view[os.write(fd, view):]
        if found.st_size > len(save.data):  # a save only grows, but the file may hold a longer one cut short
            os.ftruncate(fd, len(save.data))
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
