"""How the game writes and reads its files, the one way each is done.

Everything is JSON (never pickle) and written atomically (temporary file, flush, fsync, rename), so a crash or a
kill at any moment leaves either the old file or the new one. Nothing here raises to the player: a folder that
cannot be written makes the writers return False, and the caller says so once.

Files are read the one way ``read_limited`` reads them: only regular files (a named pipe or a device in their place
would block or never end), opened without blocking, and never more than a limit, so a file of any size or shape
costs at most that much memory. JSON the game cannot use (too deep, numbers too long) reads as damaged.
"""

from __future__ import annotations

import contextlib
import glob
import os
import stat
from typing import TYPE_CHECKING

from . import platforms

if TYPE_CHECKING:
    from pathlib import Path


FILE_LIMIT = 16 * 1024 * 1024
"""The most a saved match or a match record may hold (the longest match measured, 245 hands of Braillespiel, is
about a tenth of this), and a table server's save: a journal, about twice its record, whose save past this is refused
before it is written (``server/saves.py``)."""
STATS_LIMIT = 64 * 1024 * 1024
"""The most the statistics file may hold (about 250 bytes a match: a quarter of a million matches)."""


def check_writable(folder: Path, prefix: str = ".write-") -> None:
    """Make ``folder`` if it is missing and write a file there (removed at once): ``OSError`` if it cannot be done,
    which is said before anything is saved there (a server's start, ``commerce doctor``)."""
    import tempfile

    folder.mkdir(parents=True, exist_ok=True)
    handle, probe = tempfile.mkstemp(prefix=prefix, dir=folder)
    os.close(handle)
    os.unlink(probe)


def atomic_write(path: Path, text: str, into: bool = False, replace: bool = True) -> bool:
    """Replace a file's content all at once; False if the folder cannot be written.

    A target that exists and is not a regular file (``--record /dev/stdout``, a named pipe, ``/dev/full``) is
    written into with ``into`` (never replaced: renaming over it would put a file where a device or pipe was), and
    otherwise left alone (False): the game's own files are never written into a pipe, which could block for ever.
    Without ``replace`` the file is created, never put over an existing one: ``FileExistsError`` if the name is
    taken, even by another copy of the game writing at the same moment.
    """
    if not replace and os.path.lexists(path):
        raise FileExistsError(path)
    if _special(path):
        if not into:
            return False
        try:
            with path.open("w", encoding="utf-8") as out:
                out.write(text)
        except OSError:
            return False
        return True
    import tempfile  # here, where files are written: commands that only read start without it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                sync(out.fileno())
            if replace:
                replace_file(tmp, path)
            else:
                _create(path.with_name(os.path.basename(tmp)), path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    except FileExistsError:
        raise
    except OSError:
        return False
    return True


def sync(fd: int, data_only: bool = False) -> None:
    """Put what was written to ``fd`` on the disk itself, before it is renamed into place or told as saved.

    On macOS ``fsync`` only hands the data to the drive, whose cache may still lose it in a power cut; the full
    sync (``F_FULLFSYNC``) waits until the drive has stored it. A file system that has no full sync (some network
    and FAT volumes) gets ``fsync``. Elsewhere ``fsync``, or with ``data_only`` ``fdatasync`` where the system has
    it (not Windows), which leaves out times no reader needs. ``OSError`` when the data cannot be stored."""
    if platforms.is_macos():
        import fcntl

        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)  # type: ignore[attr-defined,unused-ignore]
            return
        except (OSError, AttributeError):
            pass
    if data_only and hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:
        os.fsync(fd)


REPLACE_PAUSES = (0.05, 0.1, 0.15, 0.2)
"""Seconds to wait before each new try of a rename Windows refused (five tries in all, half a second at most)."""
_BUSY_WINDOWS_ERRORS = frozenset({5, 32, 33})
"""Access denied, sharing violation, lock violation: what Windows says while an indexer, an antivirus or another
window holds the file for a moment."""


def replace_file(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """``os.replace``, tried again a few times on Windows while the file is briefly held; the last error raised.

    On Windows a rename over a file that a search indexer or an antivirus has just opened fails for some tens of
    milliseconds, and one such failure must not make the game say it cannot save. Elsewhere a refusal is for good,
    so it is raised at once. Every rename in this module that saves goes through here (the table server appends
    to a journal and renames nothing).
    """
    import time

    pauses = iter(REPLACE_PAUSES if platforms.is_windows() else ())
    while True:
        try:
            os.replace(source, target)
            return
        except OSError as error:
            busy = isinstance(error, PermissionError) or getattr(error, "winerror", None) in _BUSY_WINDOWS_ERRORS
            pause = next(pauses, None)
            if not busy or pause is None:
                raise
            time.sleep(pause)


def _create(tmp: Path, path: Path) -> None:
    """Give the written temporary file ``tmp`` the name ``path`` unless that name is taken (``FileExistsError``).

    A hard link is made or refused in one step by the file system, so of two copies of the game choosing one name
    at the same moment exactly one gets it. A file system without hard links (some USB sticks) falls back to a
    check and a rename, which the filing lock (``filing_lock``) keeps from racing.
    """
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(path):
            raise FileExistsError(path) from None
        replace_file(tmp, path)


def _special(path: Path) -> bool:
    """Whether ``path`` exists and is something other than a regular file (a device, a pipe, a folder)."""
    try:
        return path.exists() and not path.is_file()
    except OSError:
        return False


class NotAFile(OSError):
    """Something other than a regular file stands where the game keeps one of its files (a folder, a pipe)."""


class TooLarge(ValueError):
    """A file larger than the game reads (``read_limited``'s limit)."""


def read_limited(path: Path | str, limit: int, regular: bool = True) -> bytes:
    """A regular file's bytes, at most ``limit`` of them: ``NotAFile`` for anything else in its place (opened
    without blocking, so a named pipe cannot hang the game), ``TooLarge`` beyond the limit, the OS's error (e.g.
    ``FileNotFoundError``) when it cannot be opened. Without ``regular`` a pipe or device is read too (a file the
    player named, such as ``/dev/stdin``), still only up to the limit."""
    flags = os.O_RDONLY | (getattr(os, "O_NONBLOCK", 0) if regular else 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise NotAFile(path) from None
    except PermissionError:
        if os.path.isdir(path):  # Windows refuses to open a folder this way
            raise NotAFile(path) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode) or (regular and not stat.S_ISREG(mode)):
            raise NotAFile(path)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise TooLarge(path)
        return b"".join(chunks)
    finally:
        os.close(fd)


def remove_stale_temporaries(path: Path) -> None:
    """Remove temporary files a killed writer of ``path`` left behind (``atomic_write`` names them after it).

    Only where no other copy of the game writes ``path`` now: a save slot this process owns, or the records and
    statistics under the filing lock."""
    with contextlib.suppress(OSError):
        for stale in path.parent.glob(f"{glob.escape(path.name)}*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()


def keep_aside(path: Path, like: str | None = None) -> Path | None:
    """Move a file out of the way under a free numbered name beside it (never delete a player's file): named after
    itself, or after ``like`` (``saved-match-2.jsonl`` for a save from any slot, so that the saves set aside are
    numbered in one series). A name is taken in one step (a hard link), so two windows never choose the same one."""
    stem, suffix = os.path.splitext(like or path.name)
    for n in range(1, 10000):
        target = path.with_name(f"{stem}-{n}{suffix}")
        if os.path.lexists(target):
            continue
        try:
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some USB sticks): a check and a rename
            try:
                path.replace(target)
            except OSError:
                return None
            return target
        try:
            path.unlink()
        except OSError:  # still there (held open elsewhere): not moved, so not kept under a second name either
            with contextlib.suppress(OSError):
                target.unlink()
            return None
        return target
    return None
