"""Closing the terminal (SIGHUP), SIGTERM and Windows' Ctrl-Break (SIGBREAK) save the match and leave, with the exit
status 128 + the signal.

A handler may not stop the game anywhere: between an action and the save that follows it, the match in memory is
ahead of the saved one. So the game marks those few steps as a critical section (``deferred``); a signal that
arrives inside one is held until the section ends. Anywhere else (mostly while waiting for the player) the handler
raises ``Stopped`` at once, and the game saves and leaves. Ctrl-C (SIGINT) is held the same way and then raises
``KeyboardInterrupt`` as usual: it cancels a line being typed, and never cuts an action from its save.

Once a stop has been raised, the game is leaving: further signals (a storm of SIGTERMs, Ctrl-C) are ignored, so
that none can cut into the saving and leaving, or escape as a traceback while the game ends. So are signals while
the game leaves of its own (``leaving``: after quit, or at the end of input).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

STOP_SIGNALS = ("SIGHUP", "SIGTERM", "SIGBREAK")
"""The signals that end the game the way leaving does (those that exist on this platform): SIGBREAK is Windows'
Ctrl-Break. Closing a Windows console window gives a process no time to save, but nothing is lost: every move is
saved as it is made."""


class Stopped(BaseException):
    """A stop signal arrived: save and leave. A BaseException, so that no ``except Exception`` swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        """The exit status: 128 + the signal's number, as shells report a process ended by it (129, 143)."""
        return 128 + self.signum

    @property
    def hangup(self) -> bool:
        """The terminal is gone: nothing more can be said."""
        return self.signum == getattr(signal, "SIGHUP", None)


class SignalGuard:
    """Turns stop signals into ``Stopped``, held back inside critical sections."""

    def __init__(self) -> None:
        self.depth = 0
        self.pending: int | None = None
        self.stopping = False
        """A stop was raised: the game saves and leaves, and ignores any further signal."""
        self.leaving_depth = 0
        """Inside ``leaving``: every signal is ignored."""

    def install(self) -> None:
        """Handle the stop signals and Ctrl-C (only possible in the main thread; elsewhere nothing changes)."""
        for name in (*STOP_SIGNALS, "SIGINT"):
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(ValueError, OSError):
                    signal.signal(number, self._handle)

    def _handle(self, signum: int, frame: object) -> None:
        if self.stopping or self.leaving_depth:
            return
        if self.depth:
            if self.pending is None or self.pending == signal.SIGINT:  # a stop outranks a Ctrl-C
                self.pending = signum
        else:
            self._raise(signum)

    def _raise(self, signum: int) -> None:
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        self.stopping = True
        raise Stopped(signum)

    @contextlib.contextmanager
    def deferred(self) -> Iterator[None]:
        """A critical section: a stop signal arriving inside is raised when it ends."""
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if not self.depth and self.pending is not None:
                signum, self.pending = self.pending, None
                self._raise(signum)

    @contextlib.contextmanager
    def leaving(self) -> Iterator[None]:
        """The game saves and says goodbye (the player left, or the input ended): no signal may cut into that, and
        none is held for later. On Windows a Ctrl-C at a question may arrive as the end of input and then once more
        as Ctrl-C, a moment later (a known CPython issue); that end of input must leave as Ctrl-D does, with the
        save and its sentence, not be cut short by the Ctrl-C behind it."""
        self.leaving_depth += 1
        try:
            yield
        finally:
            self.leaving_depth -= 1


GUARD = SignalGuard()
"""The process's one guard: signal handlers are per process."""


def silence_output(streams: Sequence[TextIO] = ()) -> None:
    """Send further output (standard output and error unless ``streams`` are given) to the null device: the reader
    or the terminal is gone, and writing to it (even the interpreter's last flush) would fail."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        for stream in streams or (sys.stdout, sys.stderr):
            with contextlib.suppress(AttributeError, OSError, ValueError):
                os.dup2(devnull, stream.fileno())
        os.close(devnull)
