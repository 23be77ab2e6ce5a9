"""A table: one match, its seats (people and computer players), its spectators, and what each of them hears.

Every change goes the way the local game's goes: the action is applied, the record so far is saved (sealed, written
in a thread so that the disk never holds up the event loop: ``saves``), and only then is it told, to each listener
through their own narrator. A table's moves are applied one at a time (``lock``); what a move means for each seat is
computed in the event loop, what a computer player decides in a worker process (``thinking``).

With a turn timer, a turn not taken in time is played by a computer player of the table's level, that once. The
table is its seats and options (``seats``, which it is built on) and the match itself, here; it holds two parts, one
module each, which it gives the few things they ask of it: the people coming and going (``presence.Presence``), and
its match on disk with the records of a finished one (``filing.Filer``, which saves before the table tells).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from ..i18n import _, speaking
from ..opponents import OPPONENT_NAMES
from ..rules import Event, IllegalAction, Keyed, Match, Player, PlayerKind, Ruleset, SeatView
from ..rules.chance import KEY_BYTES
from ..seat.handler import TABLE, Act, OpenRules, Quit, Say, handle
from ..seat.parser import Parsed, Play, Review, ReviewCommand, parse
from ..seat.prompts import help_lines, question, refusal_line
from ..seat.reader import Reader
from ..seat.settings import ChangeSetting
from ..wire.asks import AskKind
from . import thinking
from .filing import Filer
from .limits import GRACE
from .names import identity
from .presence import Presence
from .roles import Hall
from .roles import Person as Session  # a person at the table: the session as the table sees it
from .seat import Listener
from .seats import Seats, TableState
from .status import cues, public_status, seat_status, status

ADVICE = frozenset({ReviewCommand.HINT, ReviewCommand.WHATIF, ReviewCommand.EXPLAIN})
SPECTATOR_REVIEW = frozenset({
    ReviewCommand.WIDOW, ReviewCommand.HISTORY, ReviewCommand.CHIPS, ReviewCommand.SHOW, ReviewCommand.REPEAT,
    ReviewCommand.RULES, ReviewCommand.VERBOSITY, ReviewCommand.CARDS, ReviewCommand.TURN, ReviewCommand.HELP,
    ReviewCommand.QUIT, ReviewCommand.LANGUAGE, ReviewCommand.SPEECH})
"""What a spectator may ask: what is public, the settings, help (its own line) and leaving."""


def spectators_hear() -> str:
    """What a spectator hears who asks for more than is public."""
    return _("Spectators hear what is public: chips, history, show, widow.")


class Table(Seats):
    """One match at a time, its seats and spectators, and what each of them hears."""

    def __init__(self, server: Hall, ident: str, name: str, rules: Ruleset, seats: int, level: str, host: str,
                 code: str | None = None, hints: bool | None = None, timer: int | None = None,
                 grace: int = GRACE) -> None:
        super().__init__(server, ident, name, rules, seats, level, host, code, hints, timer, grace)
        self.presence = Presence(self, self)  # the seats it changes, and the match's half it asks (``Turns``)
        self.filer = Filer(server, self.path, self)

    @property
    def stalled(self) -> bool:
        """A move (or the start) is made but not saved yet: nothing is told or asked until it is (``Filer``)."""
        return self.filer.stalled

    @property
    def told(self) -> int:
        """How many of the match's events are told (``Filer.told``)."""
        return self.filer.told

    # ----- people coming and going (``Presence``) -----

    def sit(self, session: Session) -> int | None:
        """Seat a person (``Presence.sit``); None if there is no seat for them."""
        return self.presence.sit(session)

    def stand_up(self, session: Session) -> None:
        self.presence.stand_up(session)

    def gone(self, session: Session) -> None:
        self.presence.gone(session)

    def watch(self, session: Session) -> None:
        self.presence.watch(session)

    def back(self, session: Session) -> int | None:
        """A seated person back in their seat (``Presence.back``)."""
        return self.presence.back(session)

    # ----- starting -----

    async def start(self) -> None:
        """Begin a match: the people in their seats, computer players of the table's level in the empty ones; not
        while the last match's records wait to be kept on a full disk (said to the table)."""
        if not await self.filer.ready():
            self.tell_all(lambda: [_("The server cannot save right now: try again in a moment.")])
            return
        if "table" not in vars(self.rules):
            # The first match of these rules here: their value table (every three-card hand; tens of milliseconds
            # to build, once per process) is built in a thread, not at the first showdown in the event loop.
            await asyncio.to_thread(getattr, self.rules, "table")
            if self.state == TableState.PLAYING:  # another host started it meanwhile
                return
        taken = {identity(a) for a in self.people}
        names = iter(n for n in OPPONENT_NAMES if identity(n) not in taken)
        players = [Player(a, PlayerKind.human()) if a is not None else Player(next(names), PlayerKind.bot(self.level))
                   for a in self.seating]
        # A key nobody at the table has, beyond any search, so no card follows from what a seat sees.
        self.match = Match(self.rules, players, Keyed(secrets.token_bytes(KEY_BYTES)))
        self.standin = set()
        self.forced = None
        self.filer.begin()
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
            await self.filer.save_then_tell()

    # ----- turns -----

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
        for person in [*self.present.values(), *self.spectators]:
            hearer = self.listener_of(person)
            if hearer is not None and hearer.release():
                self.status_to(person)
        if seat in self.present:
            self.ask(seat)
        if self.timer and seat in self.present:
            position = len(match.events)
            self.turn_timer = asyncio.get_running_loop().call_later(self.timer, self.time_up, seat, position)

    def ask(self, seat: int) -> None:
        """The seat's question, preceded by what it is decided on (``Hearing.status``)."""
        listener = self.listeners[seat]
        session = self.present.get(seat)
        if session is None or listener.reader is not None or self.stalled:
            return
        if listener.release():
            self.status_to(session)
        with speaking(listener.lang):
            view = self.view(seat)
            lines = listener.hearing.status(view)
            if lines:
                listener.say(lines)
            self.cue(session, [{"cue": "turn", "you": True}])
            session.prompt(question(listener.narrator, view), AskKind.TURN)

    def reask(self, seat: int) -> None:
        listener = self.listeners[seat]
        session = self.present.get(seat)
        match = self.match
        if (session is not None and match is not None and match.to_act == seat and not self.computer_plays(seat)
                and not self.stalled):
            with speaking(listener.lang):
                session.prompt(question(listener.narrator, self.view(seat)), AskKind.TURN)

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
        level = kind.level or self.level
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
            view = self.view(seat)
            try:
                await self.apply(seat, action)
            except IllegalAction as refusal:
                return refusal_line(self.listeners[seat].narrator, refusal, action, view)
        return None

    async def apply(self, seat: int, action: Any) -> None:
        """Apply, save, then tell: a kill at any moment loses no move anyone heard, and a move whose save failed is
        not told until it is saved. Called holding ``lock``."""
        match = self.match
        assert match is not None
        for_person = self.seating[seat] is not None and self.computer_plays(seat)
        match.apply(seat, action)
        if for_person:  # the computer played a person's seat: counted in the save, and rated so (``skill.rated``)
            self.filer.computer_decides(seat)
        self.views.clear()
        self.forced = None
        await self.filer.save_then_tell()

    async def tell(self, events: list[Event], first: bool) -> None:
        """Tell what a save has made safe to tell (``Filer.save_then_tell``: a move whose save failed is not told
        until it is saved), then go on: the next question, a computer player's turn, or the match's end. Called
        holding ``lock``."""
        match = self.match
        assert match is not None
        self.broadcast(events)
        if first:  # the match's first save: its start is told now
            for seat, account in enumerate(self.seating):
                if account is not None and seat not in self.present:
                    # Gone before the start, or while it waited for the value table: the grace period a drop
                    # during play gets, told to the table, not a silent stand-in.
                    self.presence.away(seat)
        if match.over:
            await self.finish()
        else:
            self.next_turn()

    # ----- the match's end, a restart, closing (the disk's part: ``Filer``) -----

    async def finish(self) -> None:
        """The match is over: its record goes to every person who sat at the table (``Filer.finish``); the table
        waits for its host to start again."""
        await self.filer.finish()
        self.standin = set()
        self.remember()
        self.log("match over")
        for session in self.everyone():
            session.prompt_place()

    def restore(self) -> bool:
        """The match from its save, as it stood at its last move, each person away until they come back; False if
        there is none or it cannot be read (the table then waits to start afresh)."""
        match = self.filer.restore()
        if match is None:
            return False
        self.match = match
        self.standin = set()
        # Who sits where is the save's: the index may be older (its write failed on a full disk).
        self.seating = [p.name if p.kind.is_human else None for p in match.players]
        for seat, account in enumerate(self.seating):
            if account is None:
                continue
            listener = Listener.create(match, seat, "en", "normal", "names", account)
            listener.restored = True
            self.listeners[seat] = listener
            self.presence.away(seat, told=False)
        return True

    async def close(self, closed_by: str | None = None) -> bool:
        """Nobody has sat here for ``Limits.close_after`` seconds, or an operator closes it (``closed_by``): the
        match so far is kept as a record for each person who played (``Filer.close``), everyone here goes back to
        the lobby, and the table is gone from the index. False if it stays (a full disk: the next sweep, or the
        operator, tries again)."""
        async with self.lock:
            if not await self.filer.close():
                return False
            name = self.name
            here = [*self.spectators, *self.present.values()]
            self.spectators.clear()
            self.present.clear()
            for session in here:
                session.to_lobby()
                with speaking(session.lang):
                    session.say([_("Table {name} is closed: nobody has played at it for a long time.").format(
                        name=name) if closed_by is None else _("{operator} closed table {name}.").format(
                        operator=closed_by, name=name)])
                session.prompt_place()
            for timer in [*self.timers.values(), *filter(None, [self.turn_timer])]:
                timer.cancel()
            self.filer.stop()
            self.match = None
            self.server.forget(self)
            self.log("closed: nobody sat here" if closed_by is None else f"closed by {closed_by}")
            return True

    def broadcast(self, events: list[Any]) -> None:
        """Each listener hears the events as their seat may know them, then gets their GMCP sound cues (after the
        lines they are for) and status."""
        for listener in self.hearers():
            listener.hear(events)
        for seat, session in self.present.items():
            self.cue(session, cues(events, seat))
        for session in self.spectators:
            self.cue(session, cues(events, -1))
        self.send_status()

    @staticmethod
    def cue(session: Session, found: list[dict[str, Any]]) -> None:
        """GMCP ``Commerce.Cue`` messages, only to a client that declared the package (or all of ``Commerce``): a
        client that declares nothing gets what it got before cues were sent, and cost nothing more."""
        if session.takes_data:
            for data in found:
                session.send("Commerce.Cue", data)

    def send_status(self) -> None:
        """GMCP ``Commerce.Status`` to everyone at the table, what they share built once."""
        if self.match is None:
            return
        public = public_status(self)
        for seat, session in self.present.items():
            held = seat in self.listeners and self.listeners[seat].hearing.held  # the status follows held lines
            if session.takes_data and not held:
                session.send("Commerce.Status", seat_status(self, public, seat))
        for session, hearer in self.spectators.items():
            if session.takes_data and not (hearer is not None and hearer.hearing.held):
                session.send("Commerce.Status", public)

    def status_to(self, session: Session) -> None:
        """GMCP ``Commerce.Status`` for one person: their seat's, or the public one for a spectator."""
        if self.match is None or not session.takes_data or self.stalled:
            return
        seat = None if session in self.spectators else self.seat_of(session.account)
        session.send("Commerce.Status", status(self, seat))

    # ----- a listener's lines during the match -----

    async def line(self, session: Session, text: str) -> None:
        """A line from a person at this table (a seat or a spectator) while a match is on or just over."""
        match = self.match
        assert match is not None
        listener = self.listener_of(session)
        if listener is None:
            return
        with speaking(listener.lang):
            if listener.reader is not None:
                self.read(listener, session, text)
                return
            if self.stalled and self.filer.retrying is None:
                async with self.lock:  # a save under way: what it saves is told before this line is answered
                    pass
            view = match.public_view() if listener.spectator else self.view(listener.seat)
            parsed = parse(text, view)
            quits = isinstance(parsed, Review) and parsed.command is ReviewCommand.QUIT
            if self.stalled and parsed is not None and not quits:
                # The view is of a move not saved, so not told: nothing of it is said, not even by a review command.
                listener.say([_("The game waits until the server can save it.")])
                return
            refused = None if parsed is None else self.refused(listener, parsed)
            if refused is not None:
                listener.say([refused])
            elif parsed is not None and await self.answer(listener, session, parsed, view):
                return  # the move was told and the next question asked
        if not listener.spectator and listener.reader is None:
            self.reask(listener.seat)

    def refused(self, listener: Listener, parsed: Parsed) -> str | None:
        """What this table does not let the listener do (a spectator plays nothing and hears only what is public,
        hints are the host's choice, a finished match takes no move), before the seat answers the line."""
        if isinstance(parsed, Play):
            if listener.spectator:
                return _("Spectators watch; they do not play.")
            if self.match is not None and self.match.over:
                return _("The match is over.")
        if not isinstance(parsed, Review):
            return None
        command = parsed.command
        if listener.spectator and command not in SPECTATOR_REVIEW:
            return spectators_hear()
        if command in ADVICE and not self.hints_allowed():
            return _("Hints are off at this table; its host can turn them on.")
        return None

    async def answer(self, listener: Listener, session: Session, parsed: Parsed, view: SeatView) -> bool:
        """Do what the listener's seat answers to ``parsed``; True when a move was made (and the next question
        asked)."""
        if isinstance(parsed, Review) and parsed.command is ReviewCommand.HELP:
            listener.say([spectators_hear()] if listener.spectator else help_lines(view))
            listener.say([_("Table: say, who, leave. Lobby words work here too.")])
            return False
        outcome = handle(listener.hearing, parsed, view, TABLE)
        if isinstance(outcome, Say):
            listener.say(outcome.lines, outcome.kept)
        elif isinstance(outcome, Act):
            seat = listener.seat
            refusal = await self.act(seat, outcome.action)
            if refusal is None:
                return True
            match = self.match
            if match is not None and match.to_act != seat:
                name = match.players[match.to_act].name if match.to_act is not None else "?"
                refusal = _("Not your turn: {name} plays.").format(name=name)
            listener.say([refusal])
        elif isinstance(outcome, Quit):
            await session.quit()
        elif isinstance(outcome, ChangeSetting):
            said = session.use(outcome)
            if said:
                listener.say([said])
        elif isinstance(outcome, OpenRules):
            self.open_rules(listener, session, outcome.start)
        else:
            await self.hint(listener, session, view)
        return False

    async def hint(self, listener: Listener, session: Session, view: SeatView) -> None:
        """The hint worked out in a worker process (the search would hold up the table), said with the same words
        as at the terminal (``advice.hint_lines``)."""
        narrator = listener.narrator
        lines = await self.server.thinkers.run(
            thinking.hint, listener.lang, list(narrator.names), listener.seat, narrator.verbosity.value,
            narrator.card_style.value, thinking.pack(view, whole=True), owner=session.account)
        if self.view(listener.seat) is view:
            listener.say(lines)  # not once the turn is over (the turn timer played it meanwhile)

    def open_rules(self, listener: Listener, session: Session, start: int | None) -> None:
        reader = Reader.of(self.rules)
        listener.reader = reader
        listener.say(reader.open(start))
        session.prompt(reader.prompt(), AskKind.RULES)

    def read(self, listener: Listener, session: Session, text: str) -> None:
        reader = listener.reader
        assert reader is not None
        said, leave = reader.handle(text)
        if leave:
            listener.reader = None
            listener.say([_("Back at the table.")])
            seat = listener.seat
            if seat >= 0 and self.match is not None and self.match.to_act == seat and not self.computer_plays(seat):
                self.ask(seat)
            return
        listener.say(said)
        session.prompt(reader.prompt(), AskKind.RULES)
