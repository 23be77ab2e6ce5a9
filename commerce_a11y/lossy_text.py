"""Where click's own text (help, the version, a usage error) is written: a stream that drops what cannot be written.

Kept apart from ``cli.py`` (which starts the program) and ``commands.py`` (which declares the commands), which both
write through it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO


class LossyText:
    """A text stream for click's own text (help, the version, a usage error) that drops what cannot be written.

    Written text that cannot go anywhere (``>/dev/full``, a closed descriptor, a reader gone) is not a fault of the
    game: the stream is pointed at the null device, as the game's own output is when it is lost, and the command
    ends with the status it would have had (2 for a usage error, so that a script still learns its call was
    wrong). click lets the caller choose the file of ``echo`` and ``ClickException.show``; this is that file.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._lost = False

    def write(self, text: str) -> int:
        self._attempt(lambda: self._stream.write(text))
        return len(text)

    def flush(self) -> None:
        self._attempt(self._stream.flush)

    def isatty(self) -> bool:
        try:
            return not self._lost and self._stream.isatty()
        except (OSError, ValueError):
            return False

    def _attempt(self, action: Callable[[], object]) -> None:
        if self._lost:
            return
        try:
            action()
        except (OSError, ValueError):
            from .console.signals import silence_output

            self._lost = True
            silence_output((self._stream,))
