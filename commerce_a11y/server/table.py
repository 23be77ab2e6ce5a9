"""A table: one match, its seats (people and computer players), its spectators, and what each of them hears.

Every change goes the way the local game's goes: the action is applied, the record so far is saved (sealed, written
in a thread so that the disk never holds up the event loop: ``saves``), and only then is it told, to each listener
through their own narrator. A table's moves are applied one at a time (``lock``); what a move means for each seat is
computed in the event loop, what a computer player decides in a worker process (``thinking``).

A person's seat is theirs for the whole match. When their connection drops, the others are told, and after the
grace period (90 s unless the host set another) a computer player of the table's level plays for them until they
log in again; ``leave`` hands the seat to it at once. With a turn timer, a turn not taken in time is played by it
too, that once. When nobody is left at the table, it waits: nothing is played for people who are all away.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..commands import OPPONENT_NAMES
from ..console.parser import Invalid, Play, Review, parse
from ..console.reader import Reader
from ..i18n import _, speaking
from ..narration.narrator import ruleset_title
from ..narration.rules_book import rules_book
from ..records import keep_record, time_stamp
from ..rules import IllegalAction, Keyed, Match, Player, Ruleset, SeatView, record_lines, replay
from ..rules.chance import KEY_BYTES
from ..storage import SaveRefused, new_ident
from . import thinking
from .names import identity, same
from .saves import TableSaves
from .seat import Listener
from .status import public_status, seat_status, status

if TYPE_CHECKING:
    from .lobby import Server, Session

GRACE = 90
"""Seconds a dropped player's seat waits before a computer player plays for them."""
KEEP_RECORDS = 50
"""Finished matches' records kept per account on the server."""
RETRY_MOST = 30.0
"""Seconds at most between two tries of a save that failed."""
ADVICE = ("hint", "whatif", "explain")
SPECTATOR_REVIEW = ("widow", "history", "chips", "show", "repeat", "help", "rules", "verbosity", "cards", "turn")


class Table:
    def __init__(self, server: Server, ident: str, name: str, rules: Ruleset, seats: int, level: str, host: str,
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
        self.present: dict[int, Session] = {}
        self.standin: set[int] = set()
        self.spectators: dict[Session, Listener] = {}
        self.match: Match | None = None
        self.listeners: dict[int, Listener] = {}
        self.record: list[str] = []
        self.writer = TableSaves(self.path)
        self.lock = asyncio.Lock()
        self.thinking: asyncio.Task[None] | None = None
        self.forced: tuple[int, int] | None = None
        """(seat, position): the turn timer ran out there; a computer player plays that one turn."""
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.turn_timer: asyncio.TimerHandle | None = None
        self.ended: str | None = None
        """When the match ended (its last save's seal carries it, so a restart files it under the same time)."""
        self.ident_done: str | None = None
        self.views: dict[int, tuple[Match, SeatView]] = {}
        """Each seat's view since the last move (``view``)."""
        self.told = 0
        """How many of the match's events the table has told: those after it wait for their save (``stalled``)."""
        self.retrying: asyncio.Task[None] | None = None
        """While a save fails (a full disk): the task that tries it again until it is written."""
        self.unfiled: Filing | None = None
        """A finished match whose records are not all kept yet (a full disk): its save stays until they are, and
        no new match begins before."""
        self.seen = self.server.clock()
        """When a person last sat here (the wall clock, kept in the index across restarts): a table nobody has sat at
        for ``Limits.close_after`` seconds is closed (``Server.sweep``)."""

    # ----- what the table is -----

    @property
    def path(self) -> Path:
        return self.server.data / "tables" / f"{self.ident}.jsonl"

    @property
    def state(self) -> str:
        if self.match is None:
            return "waiting"
        return "over" if self.match.over else "playing"

    @property
    def stalled(self) -> bool:
        """A move (or the start) is made but not saved yet: nothing is told or asked until it is."""
        return self.match is not None and self.told < len(self.match.events)

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
        """What the table index keeps (``accounts.Store``): enough to set the table up again after a restart."""
        return {"ruleset": self.rules.name, "options": dict(self.rules.options), "seats": self.seats,
                "level": self.level, "host": self.host, "code": self.code, "hints": self.hints, "timer": self.timer,
                "grace": self.grace, "seating": self.seating, "state": self.state, "seen": self.seen}

    def remember(self) -> Future[Any]:
        """Write the table into the index (in the store's thread): the write's future."""
        return self.server.store.save_table(self.ident, self.name, self.spec())

    async def remembered(self) -> bool:
        """Write the table into the index and wait for it: False if that failed (a full disk), so that a table is
        only made once a restart will find it."""
        try:
            await asyncio.wrap_future(self.remember())
        except sqlite3.Error as error:
            self.log(f"not in the index: {error!r}")
            return False
        return True

    def listener_of(self, session: Session) -> Listener | None:
        """How ``session`` hears the match: as a spectator, or in their seat; None while there is no match."""
        if session in self.spectators:
            return self.spectators[session]
        seat = self.seat_of(session.account)
        return None if seat is None else self.listeners.get(seat)

    def everyone(self) -> list[Session]:
        return [*self.present.values(), *self.spectators]

    def tell_all(self, make: Callable[[], list[str]], exclude: Session | None = None) -> None:
        """Lines made afresh in each listener's language (``make`` is called inside ``speaking``)."""
        for session in self.everyone():
            if session is not exclude:
                with speaking(session.lang):
                    session.say(make())

    def log(self, text: str) -> None:
        self.server.log(f"table {self.name} ({self.ident}): {text}")

    # ----- before the match -----

    def sit(self, session: Session) -> int | None:
        """Seat a person (a free seat before the match; their own seat at any time); None if there is none. A
        spectator who sits down stops watching: one role at a table, never both (a seat refused every move as a
        spectator's, and the table waited for ever)."""
        seat = self.seat_of(session.account)
        if seat is None:
            if self.match is not None or None not in self.seating:
                return None
            seat = self.seating.index(None)
            self.seating[seat] = session.account
            self.remember()
        self.spectators.pop(session, None)
        self.present[seat] = session
        self.seen = self.server.clock()
        return seat

    def stand_up(self, session: Session) -> None:
        """A person leaves the table by choice: before the match their seat is free again; during it a computer
        player plays for them at once (they may ``join`` again and take it back)."""
        if session in self.spectators:
            del self.spectators[session]
            return
        seat = self.seat_of(session.account)
        if seat is None:
            return
        self.detach(seat)
        if self.state != "playing":
            self.seating[seat] = None  # free for the next person (seats keep their places: ``present`` is by seat)
            if self.match is not None and not self.people:
                self.match = None
                self.listeners = {}
        else:
            self.standin.add(seat)
            name = session.account
            self.tell_all(lambda: [_("{name} leaves; the computer plays for {name}.").format(name=name)])
            self.schedule()
        self.pass_host()
        self.remember()

    def pass_host(self) -> None:
        """The host role goes to the next person present when the host is not."""
        if any(same(s.account, self.host) for s in self.present.values()):
            return
        if not self.present:
            return
        seat = min(self.present)
        self.host = self.present[seat].account
        name = self.host
        self.tell_all(lambda: [_("{name} is now the host.").format(name=name)])

    def watch(self, session: Session) -> None:
        listener = None
        if self.match is not None:
            listener = Listener.create(self.match, -1, session.lang, session.verbosity, session.cards)
            listener.seen = [e.visible_to(-1) for e in self.match.events[: self.told]]
            listener.attach(session)
        self.spectators[session] = listener  # type: ignore[assignment]
        self.status_to(session)

    # ----- starting -----

    async def start(self) -> None:
        """Begin a match: the people in their seats, computer players of the table's level in the empty ones; not
        while the last match's records wait to be kept on a full disk (said to the table)."""
        if self.unfiled is not None:
            if not await self.file_records(self.unfiled):
                self.tell_all(lambda: [_("The server cannot save right now: try again in a moment.")])
                return
            self.unfiled = None
        if "table" not in vars(self.rules):
            # The first match of these rules here: their value table (every three-card hand; tens of milliseconds
            # to build, once per process) is built in a thread, not at the first showdown in the event loop.
            await asyncio.to_thread(getattr, self.rules, "table")
            if self.state == "playing":  # another host started it meanwhile
                return
        taken = {identity(a) for a in self.people}
        names = iter(n for n in OPPONENT_NAMES if identity(n) not in taken)
        players = [Player(a, "human") if a is not None else Player(next(names), f"bot:{self.level}")
                   for a in self.seating]
        # Issue 23, item 2: a key nobody at the table has, beyond any search, so no card follows from what a seat sees.
        self.match = Match(self.rules, players, Keyed(secrets.token_bytes(KEY_BYTES)))
        self.standin = set()
        self.forced = None
        self.writer = TableSaves(self.path)
        self.record = []
        self.told = 0
        self.listeners = {}
        for seat, account in enumerate(self.seating):
            if account is None:
                continue
            session = self.present.get(seat)
            lang, verbosity, cards = session.settings() if session else ("en", "normal", "names")
            listener = Listener.create(self.match, seat, lang, verbosity, cards, account)
            listener.attach(session)
            self.listeners[seat] = listener
        for session in list(self.spectators):
            self.watch(session)
        self.remember()
        self.log(f"starts {self.rules.name}: " + ", ".join(p.name for p in players))  # never the key
        async with self.lock:
            await self.save_then_tell()

    # ----- after a restart -----

    def restore(self) -> bool:
        """The match from its save (``path``), as it stood at its last move; False if there is none or it cannot
        be read (the table then waits to start afresh)."""
        saves = TableSaves(self.path)
        try:
            loaded = saves.load()
            if loaded is None:
                return False
            lines, stamp = loaded
            match = replay(lines)
        except (SaveRefused, ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError) as error:
            self.log(f"save not loaded: {error!r}")
            return False
        self.match = match
        # The record as this version writes it: the save's own lines, unless an earlier version wrote them (a format
        # that left declines out), whose save the next one then replaces whole (once it is written).
        self.record = list(record_lines(match.events))
        self.told = len(match.events)
        self.writer = saves
        self.standin = set()
        # Who sits where is the save's: the index may be older (its write failed on a full disk).
        self.seating = [p.name if p.kind == "human" else None for p in match.players]
        for seat, account in enumerate(self.seating):
            if account is None:
                continue
            listener = Listener.create(match, seat, "en", "normal", "names", account)
            listener.restored = True
            self.listeners[seat] = listener
            self.away(seat, told=False)
        self.ended = stamp.get("ended")
        return True

    # ----- a seat's presence -----

    def detach(self, seat: int) -> None:
        """The seat's person is no longer here: what they miss from now on is told when they come back."""
        if self.present.pop(seat, None) is not None:
            self.seen = self.server.clock()
            self.remember()
        listener = self.listeners.get(seat)
        if listener is not None:
            listener.attach(None)
            listener.mark = len(listener.seen)

    def away(self, seat: int, told: bool = True) -> None:
        """A seated person's connection is gone: after the grace period a computer player plays for them."""
        self.detach(seat)
        if self.state != "playing":
            return
        account = self.seating[seat] or "?"
        if told:
            grace = self.grace
            self.tell_all(lambda: [_("{name} has lost the connection; the computer plays for {name} after {seconds} "
                                     "seconds.").format(name=account, seconds=grace)])
        self.log(f"{account} away")
        old = self.timers.pop(seat, None)
        if old is not None:
            old.cancel()
        self.timers[seat] = asyncio.get_running_loop().call_later(self.grace, self.grace_over, seat)
        self.pass_host()

    def grace_over(self, seat: int) -> None:
        self.timers.pop(seat, None)
        if seat in self.present or self.state != "playing":
            return
        self.standin.add(seat)
        account = self.seating[seat] or "?"
        self.tell_all(lambda: [_("The computer plays for {name} until {name} is back.").format(name=account)])
        self.log(f"stand-in for {account}")
        self.schedule()

    def back(self, session: Session) -> int | None:
        """A seated person logs in again or joins their table again: back in their seat (at their next turn if a
        computer player is deciding this one), told what they missed."""
        seat = self.sit(session)
        if seat is None:
            return None
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.standin.discard(seat)
        listener = self.listeners.get(seat)
        if listener is None or self.match is None:
            return seat
        listener.attach(session)
        name = session.account
        self.tell_all(lambda: [_("{name} is back.").format(name=name)], exclude=session)
        with speaking(listener.lang):
            if listener.restored:
                listener.restored = False
                listener.resume()
            else:
                lines = listener.missed()
                if lines:
                    listener.say(lines)
        self.pass_host()
        self.status_to(session)
        if self.state == "playing":
            if self.match.to_act == seat and not self.computer_plays(seat):
                self.ask(seat)
            self.schedule()
        return seat

    # ----- turns -----

    def computer_plays(self, seat: int) -> bool:
        assert self.match is not None
        return (self.seating[seat] is None or seat in self.standin
                or self.forced == (seat, len(self.match.events)))

    def next_turn(self) -> None:
        """After a move (or a start): ask the person to act, or let a computer player decide."""
        match = self.match
        assert match is not None
        if self.turn_timer is not None:
            self.turn_timer.cancel()
            self.turn_timer = None
        if match.over:
            return
        seat = match.to_act
        assert seat is not None
        if self.computer_plays(seat):
            self.schedule()
            return
        # A person is to act: the table waits, so everything held back (passes told as one line) is told now.
        for listener in [*self.listeners.values(), *(s for s in self.spectators.values() if s)]:
            if listener.held and listener.session is not None:
                with speaking(listener.lang):
                    listener.tell_held()
        if seat in self.present:
            self.ask(seat)
        if self.timer and seat in self.present:
            position = len(match.events)
            self.turn_timer = asyncio.get_running_loop().call_later(self.timer, self.time_up, seat, position)

    def ask(self, seat: int) -> None:
        """The seat's question, preceded by its cards and the widow where they changed."""
        listener = self.listeners[seat]
        session = self.present.get(seat)
        if session is None or listener.reader is not None or self.stalled:
            return
        with speaking(listener.lang):
            listener.tell_held()
            view = self.view(seat)
            lines = listener.narrator.status_lines(view, listener.told)
            if lines:
                listener.say(lines)
            listener.told = (view.hand, view.widow)
            session.prompt(listener.question(view), "turn")

    def reask(self, seat: int) -> None:
        listener = self.listeners[seat]
        session = self.present.get(seat)
        match = self.match
        if (session is not None and match is not None and match.to_act == seat and not self.computer_plays(seat)
                and not self.stalled):
            with speaking(listener.lang):
                session.prompt(listener.question(self.view(seat)), "turn")

    def time_up(self, seat: int, position: int) -> None:
        match = self.match
        self.turn_timer = None
        if match is None or match.over or match.to_act != seat or len(match.events) != position:
            return
        self.forced = (seat, position)
        listener = self.listeners[seat]
        with speaking(listener.lang):
            listener.say([_("Time is up: the computer plays this turn for you.")])
        self.schedule()

    def schedule(self) -> None:
        """Let a computer player decide if one is to act, someone is at the table to hear it, and none is deciding."""
        match = self.match
        if match is None or match.over or self.thinking is not None or not self.present or self.stalled:
            return
        seat = match.to_act
        if seat is None or not self.computer_plays(seat):
            return
        self.thinking = asyncio.get_running_loop().create_task(self.computer_turn(seat, len(match.events)))

    async def computer_turn(self, seat: int, position: int) -> None:
        match = self.match
        assert match is not None
        kind = match.players[seat].kind
        level = kind.removeprefix("bot:") if kind.startswith("bot:") else self.level
        try:
            action = await self.server.thinkers.run(
                thinking.decide, *thinking.seat_decision(level, match.chance, seat, match.view(seat)))
        except Exception as error:  # a worker that died: the first legal action keeps the table going
            self.log(f"decision failed: {error!r}")
            action = match.view(seat).legal[0]
        finally:
            self.thinking = None
        async with self.lock:
            if self.match is not match or len(match.events) != position or match.to_act != seat:
                return
            await self.apply(seat, action)

    async def act(self, seat: int, action: Any) -> str | None:
        """A person's action; the refusal's sentence (in their language) if the rules do not allow it now."""
        async with self.lock:
            match = self.match
            if match is None or match.over or match.to_act != seat:
                return _("Not your turn.")
            if self.stalled:
                return _("The game waits until the server can save it.")
            if self.computer_plays(seat):
                return _("The computer is playing this turn for you.")
            try:
                await self.apply(seat, action)
            except IllegalAction as refusal:
                listener = self.listeners[seat]
                return _(refusal.template).format(**listener.narrator_params(refusal.params))
        return None

    async def apply(self, seat: int, action: Any) -> None:
        """Apply, save, then tell: a kill at any moment loses no move anyone heard, and a move whose save failed is
        not told until it is saved. Called holding ``lock``."""
        match = self.match
        assert match is not None
        match.apply(seat, action)
        self.views.clear()
        self.forced = None
        await self.save_then_tell()

    async def save_then_tell(self) -> None:
        """Save the match as it stands, then tell what was not told yet and go on (the next question, a computer
        player's turn, or the match's end). If the save fails (a full disk), the table says so once, tells nothing,
        asks nothing, and tries again (``retry``) until the save is written. Called holding ``lock``."""
        if not await self.store():
            if self.retrying is None:
                self.tell_all(lambda: [_("The server cannot save right now: the game waits, and the server keeps "
                                         "trying.")])
                self.retrying = asyncio.get_running_loop().create_task(self.retry())
            return
        match = self.match
        assert match is not None
        first = self.told == 0  # the match's first save: its start is told now
        self.broadcast(match.events[self.told:])
        self.told = len(match.events)
        if first:
            for seat, account in enumerate(self.seating):
                if account is not None and seat not in self.present:
                    # Gone before the start, or while it waited for the value table: the grace period a drop
                    # during play gets, told to the table, not a silent stand-in.
                    self.away(seat)
        if match.over:
            await self.finish()
        else:
            self.next_turn()

    async def retry(self) -> None:
        """Save the stalled match again, after 1, 2, 4 ... (at most ``RETRY_MOST``) seconds, until it is written."""
        delay = 1.0
        try:
            while True:
                await asyncio.sleep(delay)
                delay = min(2 * delay, RETRY_MOST)
                async with self.lock:
                    if not self.stalled:
                        return
                    await self.save_then_tell()
                    if not self.stalled:
                        self.log("saved again")
                        return
        finally:
            if self.retrying is asyncio.current_task():
                self.retrying = None

    async def store(self) -> bool:
        """Write the record so far into the table's save; False if it could not be written (the save before stays)."""
        match = self.match
        assert match is not None
        self.record += record_lines(match.events[len(self.record):])
        lines = list(self.record)
        args: tuple[Any, ...] = (lines,)
        if match.over:
            self.ended = self.ended or time_stamp()
            self.ident_done = self.ident_done or new_ident()
            args = (lines, self.ended, self.ident_done)
        ok = self.writer.done(await self.server.writes.put(self.writer.prepare(*args)))
        if not ok:
            self.log("save failed")
        return ok

    def broadcast(self, events: list[Any]) -> None:
        """Each listener hears the events as their seat may know them, then gets their GMCP status."""
        for listener in self.listeners.values():
            listener.hear(events)
        for listener in self.spectators.values():
            if listener is not None:
                listener.hear(events)
        self.send_status()

    def send_status(self) -> None:
        """GMCP ``Commerce.Status`` to everyone at the table, what they share built once."""
        if self.match is None:
            return
        public = public_status(self)
        for seat, session in self.present.items():
            if session.gmcp_on:
                session.gmcp("Commerce.Status", seat_status(self, public, seat))
        for session in self.spectators:
            if session.gmcp_on:
                session.gmcp("Commerce.Status", public)

    def status_to(self, session: Session) -> None:
        """GMCP ``Commerce.Status`` for one person: their seat's, or the public one for a spectator."""
        if self.match is None or not session.gmcp_on or self.stalled:
            return
        seat = None if session in self.spectators else self.seat_of(session.account)
        session.gmcp("Commerce.Status", status(self, seat))

    # ----- the end -----

    async def finish(self) -> None:
        """The match is over: its record goes to every person who sat at the table (kept on the server, sent to
        ``commerce join`` now or at the next login); the table waits for its host to start again. The match's save
        goes only once every record is kept: on a full disk it stays, and the records are kept before the next
        match begins (or at the next start of the server)."""
        match = self.match
        assert match is not None
        lines = list(self.record)
        stamp = self.ended or time_stamp()
        sent = set()
        for seat, present in self.present.items():
            # First of all, before anything else is said or asked: ``commerce join`` keeps it at once.
            if self.server.send_record(present, f"{stamp}-{match.rules.name}.jsonl", seat, lines):
                sent.add(seat)
        filing = Filing(lines, stamp, sent)
        self.unfiled = None if await self.file_records(filing) else filing
        self.ended = None
        self.ident_done = None
        self.standin = set()
        self.remember()
        self.log("match over")
        for session in self.everyone():
            session.prompt_place()

    async def file_records(self, filing: Filing) -> bool:
        """Keep the match's records that are not kept yet, then remove its save; False if some could not be kept
        (the save stays)."""
        if not await self.keep_records(filing):
            self.log("records not all kept; the save stays")
            return False
        await self.server.write(self.writer.remove)
        return True

    async def keep_records(self, filing: Filing) -> bool:
        """The record kept on the server for every person who sat at the table, and owed to them: sent at once to
        those here, else at their next login (but to the seats in ``filing.sent``, whose client has it already);
        False if some could not be kept (``filing.kept`` says which were)."""
        complete = True
        for seat, account in enumerate(self.seating):
            if account is None or seat in filing.kept:
                continue
            folder = self.server.records_folder(account)
            path = await self.server.write(keep_record, filing.lines, self.rules.name, KEEP_RECORDS, filing.stamp,
                                           folder)
            if path is None:
                self.log(f"record for {account} not kept")
                complete = False
                continue
            filing.kept.add(seat)
            if seat in filing.sent:
                continue
            self.server.store.owe(account, str(path), seat)
            session = self.present.get(seat)
            if session is not None:
                self.server.deliver(session, [(str(path), seat)])
        return complete

    async def close(self) -> None:
        """Nobody has sat here for ``Limits.close_after`` seconds: the match so far is kept as a record for each
        person who played (they get it at their next login, and ``commerce replay`` reads an unfinished record),
        spectators go back to the lobby, and the table is gone from the index."""
        async with self.lock:
            match = self.match
            filing = Filing(list(self.record), time_stamp()) if match is not None and not match.over else self.unfiled
            if filing is not None and not await self.file_records(filing):
                return  # a full disk: the table stays, and the next sweep tries again
            name = self.name
            for session in list(self.spectators):
                del self.spectators[session]
                session.place = None
                with speaking(session.lang):
                    session.say([_("Table {name} is closed: nobody has played at it for a long time.").format(
                        name=name)])
                session.prompt_place()
            for timer in [*self.timers.values(), *filter(None, [self.turn_timer])]:
                timer.cancel()
            if self.retrying is not None:
                self.retrying.cancel()
            self.match = None
            self.server.forget(self)
            self.log("closed: nobody sat here")

    # ----- a listener's lines during the match -----

    async def line(self, session: Session, text: str) -> None:
        """A line from a person at this table (a seat or a spectator) while a match is on or just over."""
        match = self.match
        assert match is not None
        listener = self.listener_of(session)
        if listener is None:
            return
        spectator = listener.spectator
        seat = None if spectator else listener.seat
        with speaking(listener.lang):
            if listener.reader is not None:
                self.read(listener, session, text)
                return
            if self.stalled and self.retrying is None:
                async with self.lock:  # a save under way: what it saves is told before this line is answered
                    pass
            view = match.public_view() if spectator else self.view(seat)  # type: ignore[arg-type]
            parsed = parse(text, view)
            if self.stalled and parsed is not None and not (isinstance(parsed, Review) and parsed.command == "quit"):
                # The view is of a move not saved, so not told: nothing of it is said, not even by a review command.
                listener.say([_("The game waits until the server can save it.")])
                return
            if parsed is None:
                pass
            elif isinstance(parsed, Invalid):
                listener.say([parsed.message])
            elif isinstance(parsed, Review):
                await self.review(listener, session, parsed, view)
            elif isinstance(parsed, Play):
                if spectator:
                    listener.say([_("Spectators watch; they do not play.")])
                elif match.over:
                    listener.say([_("The match is over.")])
                else:
                    refusal = await self.act(seat, parsed.action)  # type: ignore[arg-type]
                    if refusal is not None:
                        if match.to_act != seat:
                            name = match.players[match.to_act].name if match.to_act is not None else "?"
                            refusal = _("Not your turn: {name} plays.").format(name=name)
                        listener.say([refusal])
                    else:
                        return  # the move was told and the next question asked
        if seat is not None and listener.reader is None:
            self.reask(seat)

    async def review(self, listener: Listener, session: Session, parsed: Review, view: SeatView) -> None:
        command = parsed.command
        if listener.spectator and command not in SPECTATOR_REVIEW and command not in ("quit", "language", "speech"):
            listener.say([_("Spectators hear what is public: chips, history, show, widow.")])
            return
        if command in ADVICE and not self.hints_allowed():
            listener.say([_("Hints are off at this table; its host can turn them on.")])
            return
        if command == "quit":
            await session.quit()
            return
        if command in ("language", "verbosity", "cards", "speech"):
            session.setting(command, parsed.argument)
            return
        if command == "rules":
            self.open_rules(listener, session, parsed.argument)
            return
        if command == "hint":
            if not view.legal:
                listener.say([_("A hint comes at your turn.")])
                return
            narrator = listener.narrator
            lang = listener.lang
            lines = await self.server.thinkers.run(
                thinking.hint, lang, list(narrator.names), listener.seat, narrator.verbosity.value,
                narrator.card_style.value, thinking.pack(view, whole=True), owner=session.account)
            if self.view(listener.seat) is view:
                listener.say(lines)  # not once the turn is over (the turn timer played it meanwhile)
            return
        if command == "help":
            if listener.spectator:
                listener.say([_("Spectators hear what is public: chips, history, show, widow.")])
            else:
                listener.say(listener.help_lines(view))
            listener.say([_("Table: say, who, leave. Lobby words work here too.")])
            return
        listener.review(parsed, view)

    def open_rules(self, listener: Listener, session: Session, argument: str) -> None:
        from ..console.reader import find_section
        from ..i18n import active_language

        sections = rules_book(self.rules)
        start = None
        if argument.strip():
            start = find_section(sections, argument, active_language())
            if start is None:
                listener.say([_("There is no section {name}. Type rules for all of them.").format(
                    name=argument.strip()[:30])])
                return
        reader = Reader(sections, ruleset_title(self.rules))
        listener.reader = reader
        listener.say(reader.open(start))
        session.prompt(reader.prompt(), "rules")

    def read(self, listener: Listener, session: Session, text: str) -> None:
        reader = listener.reader
        assert isinstance(reader, Reader)
        said, leave = reader.handle(text)
        if leave:
            listener.reader = None
            listener.say([_("Back at the table.")])
            seat = listener.seat
            if seat >= 0 and self.match is not None and self.match.to_act == seat and not self.computer_plays(seat):
                self.ask(seat)
            return
        listener.say(said)
        session.prompt(reader.prompt(), "rules")


@dataclass
class Filing:
    """A match's record to keep for each person who sat at the table."""

    lines: list[str]
    stamp: str
    """When the match ended (``YYYYMMDD-HHMMSS``): the record's name."""
    sent: set[int] = field(default_factory=set)
    """Seats whose client keeps the record already (``commerce join``): kept on the server, not owed."""
    kept: set[int] = field(default_factory=set)
    """Seats whose record is kept (by an earlier try on a full disk)."""
