"""Which operating system the game runs on: the one place that asks, so tests can play another.

Windows, macOS and the other POSIX systems (Linux, the BSDs) differ in where files live, how a file is locked or
replaced, which speech output exists and what the terminal's character set is. Each of those modules asks here
rather than reading ``sys.platform`` itself, so that ``simulated("win32")`` in a test runs a Windows branch on
Linux (with the system calls it makes faked) and no platform branch can rot unseen.

A module-level import of a platform's own module (``fcntl``, ``msvcrt``) cannot follow a simulation: such imports
stay inside the functions of their branch.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

WINDOWS = "win32"
MACOS = "darwin"

_simulated: str | None = None


def current() -> str:
    """``sys.platform``, or the platform a test simulates."""
    return sys.platform if _simulated is None else _simulated


def is_windows() -> bool:
    return current() == WINDOWS


def is_macos() -> bool:
    return current() == MACOS


def is_posix() -> bool:
    """Linux, macOS and the other POSIX systems: everything but Windows."""
    return current() != WINDOWS


def is_linux() -> bool:
    return current().startswith("linux")


def is_other_posix() -> bool:
    """Linux and the other POSIX systems but macOS: where the locale variables and XDG folders rule."""
    return current() not in (WINDOWS, MACOS)


@contextlib.contextmanager
def simulated(platform: str) -> Iterator[None]:
    """Inside the block, the game believes it runs on ``platform`` (a ``sys.platform`` value: ``win32``,
    ``darwin``, ``linux``). For tests only: the real system's calls must be faked where a branch makes them."""
    global _simulated
    before = _simulated
    _simulated = platform
    try:
        yield
    finally:
        _simulated = before
