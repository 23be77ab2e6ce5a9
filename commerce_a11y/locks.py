"""Locks between copies of the game: a running match owns its save, and one copy at a time files a finished match.

The operating system holds the lock for the process (``flock`` on POSIX, ``msvcrt.locking`` on Windows), so it
goes with the process however that ends, SIGKILL and a crash included: a lock is never left behind. The lock file
itself stays (it holds nothing) and is never what is locked against. A folder where no lock file can be made
cannot hold a save either; the lock then counts as taken by this process, and the game goes on as it would
without locks.

A small platform branch rather than the ``filelock`` package: the game needs exclusive, process-owned locks only,
and ``filelock`` 4 costs about 50 ms at each start (a third of the game's start) for much it does not use.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from typing import TYPE_CHECKING

from . import platforms

if TYPE_CHECKING:
    from pathlib import Path

LOCK_SUFFIX = ".lock"

_BUSY = frozenset({errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK})


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting; False if another process holds it. Each platform's module is imported in its
    own branch (``fcntl`` does not exist on Windows, ``msvcrt`` only there); an import done once is a dict lookup."""
    if platforms.is_windows():
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in _BUSY:
            return False
        raise
    return True


def _unlock(fd: int) -> None:
    if platforms.is_windows():
        import msvcrt

        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        return
    import fcntl

    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)


class Lock:
    """An exclusive lock on ``path`` (a file of its own beside what it guards), owned by this process.

    Two ``Lock`` objects on one path exclude each other even in one process (each opens the file anew), so tests
    can play two windows in one process.
    """

    def __init__(self, path: Path, strict: bool = False) -> None:
        self.path = path
        self.strict = strict
        """Whether a lock file that cannot be made or locked raises ``OSError`` instead of counting as held: the
        table server's lock, which two servers on one data folder must never both hold."""
        self.fd: int | None = None
        self.held = False
        """Whether this process owns the lock (also when no lock file could be made: see the module)."""

    def acquire(self, wait: float = 0.0) -> bool:
        """Take the lock, waiting up to ``wait`` seconds for another copy of the game to let it go; False if it
        is still taken then."""
        if self.held:
            return True
        deadline = time.monotonic() + wait
        while True:
            got = self._try()
            if got:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)

    def _try(self) -> bool:
        try:
            if self.fd is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                self.fd = os.open(self.path, flags, 0o600)
                if self.strict and not stat.S_ISREG(os.fstat(self.fd).st_mode):
                    raise OSError(errno.EINVAL, os.strerror(errno.EINVAL), str(self.path))
            if not _try_lock(self.fd):
                return False
        except OSError:
            # No lock file here (a read-only or missing folder, a lock file that is a link or a folder): nothing
            # here can be saved either, so there is nothing to guard.
            self.close()
            if self.strict:
                raise
        self.held = True
        return True

    def release(self) -> None:
        if self.fd is not None and self.held:
            _unlock(self.fd)
        self.held = False
        self.close()

    def close(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = None

    def __enter__(self) -> Lock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def lock_path(path: Path) -> Path:
    """The lock file that guards ``path``."""
    return path.with_name(path.name + LOCK_SUFFIX)
