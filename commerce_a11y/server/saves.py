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

A save is written in two steps, so that a server saving hundreds of tables a second spends one thread's job on
all of them (``Syncs``): the event loop writes the sealed text into the file (``begin``: a few microseconds, into the
operating system's cache, which a SIGKILL of the server does not lose), then a thread syncs it to the disk
(``fdatasync``, the part that waits), every file written in one turn of the event loop in one job: a group commit,
as databases make it. The move is told when its file is synced. Before, each save was its own job in a thread
(open, write, sync, close), and their hand-offs of the interpreter's lock to and from the event loop cost more than
the writing: with 2,000 people answering at once, the server made 1,430-1,620 moves a second; with the saves left
out entirely, 2,430-2,510; now ... (bench/serve_load.py).

Files are opened with ``os.open`` and synced with ``fdatasync`` where there is one (``fsync`` on Windows): nothing
here needs a platform's own module.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ..rules import RECORD_FORMAT
from ..storage import SaveRefused, Sealer, read_save, unseal

_SYNC = getattr(os, "fdatasync", os.fsync)  # Windows has only fsync


class TableSaves:
    """One table's save files: ``path`` and a second one beside it (``NAME.2.jsonl``), written in turn."""

    def __init__(self, path: Path) -> None:
        self.paths = (path, path.with_name(path.stem + ".2" + path.suffix))
        self.sealer = Sealer()
        self.turn = 0
        """The file the next save goes into."""
        self.fresh = True
        """No save of this match yet: the first removes the files an earlier match left."""

    def write(self, lines: list[str], ended: str | None = None, ident: str | None = None) -> bool:
        """Save the record so far, sealed (``ended`` and ``ident`` as in ``storage.seal``), and sync it; False if it
        could not be written (the other file still holds the save before). ``begin`` and ``synced`` in one go."""
        written = self.begin(lines, ended, ident)
        return self.synced(written is not None and sync_all([written])[0])

    def begin(self, lines: list[str], ended: str | None = None, ident: str | None = None) -> int | None:
        """Write the record so far, sealed, into the file whose turn it is, not yet synced: its open descriptor,
        which ``sync_all`` syncs and closes (then tell ``synced``), or None if it could not be written."""
        known = len(self.sealer.lines)
        if lines[:known] != self.sealer.lines:  # another match's record: sealed afresh, the files of the one
            self.sealer, known = Sealer(), 0  # before removed first
            self.fresh = True
        self.sealer.add(lines[known:])
        data = self.sealer.text(ended, ident).encode("utf-8")
        path = self.paths[self.turn]
        fd = None
        try:
            if self.fresh:  # whatever an earlier match left goes before this match's first save
                path.parent.mkdir(parents=True, exist_ok=True)
                self.remove()
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)  # something other than a file took its name: never written into
                return None
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.ftruncate(fd, len(data))
        except OSError:
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
            return None
        return fd

    def synced(self, ok: bool) -> bool:
        """The save ``begin`` wrote is on the disk (``ok``): the next goes into the other file. If it is not, the
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
        """Both files, the one the next save would go into first: that one holds the save before the last (or a
        write cut short), so a kill between the two leaves the last save, never the one before it (which a restart
        would take up again a move too early, for a match already over and filed)."""
        for path in (self.paths[self.turn], self.paths[1 - self.turn]):
            with contextlib.suppress(OSError):
                path.unlink()


def sync_all(fds: list[int]) -> list[bool]:
    """Sync each written file to the disk and close it: whether each one's sync succeeded."""
    done = []
    for fd in fds:
        try:
            _SYNC(fd)
            done.append(True)
        except OSError:
            done.append(False)
        finally:
            with contextlib.suppress(OSError):
                os.close(fd)
    return done


class Syncs:
    """The files written in one turn of the event loop, synced by one job in a thread (a group commit), or a few
    jobs side by side when there are many: each thread's ``fdatasync`` waits for the disk by itself, and the disk
    takes several at once."""

    def __init__(self, executor: Executor, jobs: int) -> None:
        self.executor = executor
        self.jobs = jobs
        self.waiting: list[tuple[int, asyncio.Future[bool]]] = []

    def sync(self, fd: int) -> asyncio.Future[bool]:
        """``fd`` synced and closed; the future says whether the sync succeeded."""
        loop = asyncio.get_running_loop()
        if not self.waiting:
            loop.call_soon(self._submit)  # after every other callback ready in this turn: they join the batch
        future: asyncio.Future[bool] = loop.create_future()
        self.waiting.append((fd, future))
        return future

    def _submit(self) -> None:
        batch, self.waiting = self.waiting, []
        loop = asyncio.get_running_loop()
        size = max(SYNCS_PER_JOB, -(-len(batch) // self.jobs))
        for start in range(0, len(batch), size):
            part = batch[start:start + size]
            job = loop.run_in_executor(self.executor, sync_all, [fd for fd, _future in part])
            job.add_done_callback(_resolver(part))


SYNCS_PER_JOB = 8
"""A batch is split among the threads only in parts of at least this many files: a job's hand-off costs more than a
few syncs."""


def _resolver(part: list[tuple[int, asyncio.Future[bool]]]) -> Callable[[asyncio.Future[list[bool]]], None]:
    def resolve(job: asyncio.Future[list[bool]]) -> None:
        results = job.result() if not job.cancelled() and job.exception() is None else [False] * len(part)
        for (_fd, future), ok in zip(part, results, strict=True):
            if not future.done():
                future.set_result(ok)

    return resolve
