"""What a table needs of the people at it and of the server that holds it, as protocols.

A table talks to a person and to its server through these and nothing else: it never imports the lobby's session
or the registry (which both import the table), so the server's modules import one another one way only, and a table
can be driven in a test by anything that answers to them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from ..seat.settings import ChangeSetting
from ..wire.asks import AskKind
from .db.store import Store
from .saves import Writes
from .thinking import Thinkers


class Person(Protocol):
    """A person at a table (a seat's or a spectator's), as the table hears and answers them: their account and
    settings, and the one road of output to them (lines, a prompt of a kind, structured data)."""

    account: str
    lang: str
    verbosity: str
    cards: str
    ignoring: dict[str, str]
    """Whom the person ignores, by identity: what they say does not reach this person (``talk.hears``)."""
    heard: deque[tuple[str, str]]
    """The last lines of talk the person heard, with each talker's identity (for a report)."""

    @property
    def takes_data(self) -> bool:
        """Whether the person's client takes structured data at all (a table's status, cues, records)."""
        ...

    @property
    def keeps_records(self) -> bool:
        """Whether the client keeps the records sent to it (``commerce join``), not only hears about them."""
        ...

    def settings(self) -> tuple[str, str, str]: ...

    def say(self, lines: list[str]) -> None: ...

    def prompt(self, text: str, kind: AskKind) -> None:
        """A question, its kind told to a client that takes data (GMCP ``Commerce.Ask`` over telnet)."""
        ...

    def send(self, package: str, data: Any) -> None:
        """A message of data, ``package`` named as on the wire ("Commerce.Status"), if the client wants it."""
        ...

    def prompt_place(self) -> None:
        """The question of where the person is (the lobby's, or the table's before and after a match)."""
        ...

    def to_lobby(self) -> None:
        """The table the person was at is gone: they are in the lobby (the table says why)."""
        ...

    async def quit(self) -> None: ...

    def use(self, change: ChangeSetting) -> str:
        """A checked setting (the seat layer's), used and remembered: the sentence that confirms it (or says it
        was too many at once; "" where that was said already)."""
        ...


class Listed(Protocol):
    """A table as the server lists it: by its name and its identity in the index."""

    name: str
    ident: str


class Hall(Protocol):
    """What a table needs of the server: its folder, index, writers, workers and log, and the records it owes."""

    data: Path
    store: Store
    writes: Writes
    thinkers: Thinkers

    def clock(self) -> float:
        """The wall clock, in seconds since the epoch."""
        ...

    def log(self, text: str) -> None: ...

    async def write(self, function: Callable[..., Any], *args: Any) -> Any: ...

    def records_folder(self, account: str) -> Path: ...

    def send_record(self, person: Person, name: str, seat: int, lines: list[str]) -> bool: ...

    def deliver(self, person: Person, owed: list[tuple[str, int]] | None = None) -> None: ...

    def forget(self, table: Listed) -> None: ...
