"""The rules reader at a terminal: the seat's ``Reader`` asked and answered line by line until the player leaves."""

from __future__ import annotations

from collections.abc import Sequence

from ..narration.rules_book import Section
from ..seat.reader import Reader
from .terminal import INTERRUPTED, Terminal


def read_rules(terminal: Terminal, sections: Sequence[Section], title: str, start: int | None = None) -> bool:
    """Run a reader of ``sections`` at a terminal until the player leaves: True after quit or Ctrl-C, False at end
    of input."""
    reader = Reader(sections, title)
    terminal.say(reader.open(start))
    return drive(terminal, reader)


def drive(terminal: Terminal, reader: Reader) -> bool:
    """Ask and answer an opened ``reader`` at the terminal: True after quit or Ctrl-C, False at end of input."""
    while True:
        line = terminal.ask(reader.prompt())
        if line is None:
            return False
        if line == INTERRUPTED:
            return True
        said, leave = reader.handle(line)
        if leave:
            return True
        terminal.say(said, interrupt=True)  # a new section cuts off the rest of the one before
