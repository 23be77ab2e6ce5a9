"""A table's seats and what it is: who sits where, who is here, who watches, its options and its index entry.

The base of a table (``table.Table``, the match itself with what each listener hears), which holds its other concerns
as parts, one module each: the people coming and going (``presence.Presence``), and the match on disk with the
records of a finished one (``filing.Filer``). A table talks to people as ``roles.Person`` and to the server as
``roles.Hall``; a person's place (``Session.place``) is theirs to change, the seats are the table's.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import Future
from enum import StrEnum
from pathlib import Path
from typing import Any

from ..i18n import _, speaking
from ..rules import Match, Ruleset, SeatView
from .limits import GRACE
from .names import identity
from .roles import Hall, Person
from .seat import Listener


class TableState(StrEnum):
    """Where a table's match stands: none yet (or the last one's people all gone), being played, or over (the table
    waits for its host to start again)."""

    WAITING = "waiting"
    PLAYING = "playing"
    OVER = "over"


class Seats:
    """One table's seats, people and options (``table.Table`` is the whole table)."""

    def __init__(self, server: Hall, ident: str, name: str, rules: Ruleset, seats: int, level: str, host: str,
                 code: str | None = None, hints: bool | None = None, timer: int | None = None,
                 grace: int = GRACE) -> None:
        self.server = server
        self.ident = ident
        self.name = name
        self.rules = rules
        self.seats = seats
        self.level = level
        self.host = host
        self.code = code
        self.hints = hints
        self.timer = timer
        self.grace = grace
        self.seating: list[str | None] = [None] * seats
        """The account in each seat (None: a computer player once the match begins)."""
        self.present: dict[int, Person] = {}
        self.standin: set[int] = set()
        self.spectators: dict[Person, Listener | None] = {}
        """Who watches, and how each hears the match (None while there is none)."""
        self.kicked: set[str] = set()
        """The identities of those the host asked to leave (``kicks.py``): they may not sit or watch here again
        unless the host invites them. Kept while the server runs."""
        self.invited: set[str] = set()
        """The identities of those the host invited (``friends.invite``): in, though the table is private."""
        self.match: Match | None = None
        self.listeners: dict[int, Listener] = {}
        self.lock = asyncio.Lock()
        self.thinking: asyncio.Task[None] | None = None
        self.forced: tuple[int, int] | None = None
        """(seat, position): the turn timer ran out there; a computer player plays that one turn."""
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.turn_timer: asyncio.TimerHandle | None = None
        self.views: dict[int, tuple[Match, SeatView]] = {}
        """Each seat's view since the last move (``view``)."""
        self.seen = self.server.clock()
        """When a person last sat here (the wall clock, kept in the index across restarts): a table nobody has sat at
        for ``Limits.close_after`` seconds is closed (``Server.sweep``)."""

    # ----- what the table is -----

    @property
    def path(self) -> Path:
        return self.server.data / "tables" / f"{self.ident}.jsonl"

    @property
    def state(self) -> TableState:
        if self.match is None:
            return TableState.WAITING
        return TableState.OVER if self.match.over else TableState.PLAYING

    @property
    def people(self) -> list[str]:
        return [a for a in self.seating if a is not None]

    def seat_of(self, account: str) -> int | None:
        key = identity(account)
        return next((s for s, a in enumerate(self.seating) if a is not None and identity(a) == key), None)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now, made once per move: the question and the parse of its answer read the same
        view (``apply`` forgets them)."""
        match = self.match
        assert match is not None
        kept = self.views.get(seat)
        if kept is not None and kept[0] is match:
            return kept[1]
        view = match.view(seat)
        self.views[seat] = (match, view)
        return view

    def hints_allowed(self) -> bool:
        """The host's choice; unset, hints are on while only one person plays."""
        return self.hints if self.hints is not None else len(self.people) < 2

    def spec(self) -> dict[str, Any]:
        """What the table index keeps (``db/table_index.py``): enough to set the table up again after a restart."""
        return {"ruleset": self.rules.name, "options": dict(self.rules.options), "seats": self.seats,
                "level": self.level, "host": self.host, "code": self.code, "hints": self.hints, "timer": self.timer,
                "grace": self.grace, "seating": self.seating, "state": self.state, "seen": self.seen}

    def remember(self) -> Future[Any]:
        """Write the table into the index (in the store's thread): the write's future."""
        return self.server.store.index.save(self.ident, self.name, self.spec())

    async def remembered(self) -> bool:
        """Write the table into the index and wait for it: False if that failed (a full disk), so that a table is
        only made once a restart will find it."""
        try:
            await asyncio.wrap_future(self.remember())
        except sqlite3.Error as error:
            self.log(f"not in the index: {error!r}")
            return False
        return True

    def listener_of(self, session: Person) -> Listener | None:
        """How ``session`` hears the match: as a spectator, or in their seat; None while there is no match."""
        if session in self.spectators:
            return self.spectators[session]
        seat = self.seat_of(session.account)
        return None if seat is None else self.listeners.get(seat)

    def seat_as_indexed(self, seating: list[str | None], seen: float) -> None:
        """Who sat where and when someone last sat here, as the table index kept it (a restart)."""
        seating = seating[: self.seats]
        self.seating = seating + [None] * (self.seats - len(seating))
        self.seen = seen

    def set_hints(self, on: bool) -> None:
        """The host turns hints on or off; everyone at the table hears it."""
        self.hints = on
        self.tell_all(lambda: [_("Hints: on.") if on else _("Hints: off.")])

    def set_timer(self, seconds: int | None) -> None:
        """The host sets the turn timer (None: off); everyone at the table hears it."""
        self.timer = seconds
        self.tell_all(lambda: [_("Turn timer: {seconds} seconds.").format(seconds=seconds) if seconds
                               else _("Turn timer: off.")])

    def hearers(self) -> list[Listener]:
        """Every listener of the match: each seat's, and each spectator's."""
        return [*self.listeners.values(), *filter(None, self.spectators.values())]

    def everyone(self) -> list[Person]:
        return [*self.present.values(), *self.spectators]

    def tell_all(self, make: Callable[[], list[str]], exclude: Person | None = None) -> None:
        """Lines made afresh in each listener's language (``make`` is called inside ``speaking``)."""
        for session in self.everyone():
            if session is not exclude:
                with speaking(session.lang):
                    session.say(make())

    def log(self, text: str) -> None:
        self.server.log(f"table {self.name} ({self.ident}): {text}")

    def computer_plays(self, seat: int) -> bool:
        assert self.match is not None
        return (self.seating[seat] is None or seat in self.standin
                or self.forced == (seat, len(self.match.events)))
