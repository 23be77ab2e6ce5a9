"""People coming and going at a table: sitting down, standing up, watching, losing the connection and coming back,
and the host role passing on.

A person's seat is theirs for the whole match. When their connection drops, the others are told, and after the
grace period (90 s unless the host set another) a computer player of the table's level plays for them until they
log in again; ``leave`` hands the seat to it at once. When nobody is left at the table, it waits: nothing is played
for people who are all away.

A part the table holds (``Table.presence``): it changes the table's seats (``Seats``) and asks the match's half of
the table (``Turns``) only to ask a seat, to let a computer player decide, and to send one person the status.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from ..i18n import _, speaking
from .names import same
from .roles import Person
from .seat import Listener
from .seats import Seats, TableState


class Turns(Protocol):
    """What the people coming and going ask of the match's half of a table (``table.Table``)."""

    @property
    def told(self) -> int:
        """How many of the match's events are told: a spectator who comes has heard those."""
        ...

    def ask(self, seat: int) -> None:
        """The seat's question."""
        ...

    def schedule(self) -> None:
        """Let a computer player decide if one is to act."""
        ...

    def status_to(self, session: Person) -> None:
        """GMCP ``Commerce.Status`` for one person."""
        ...


class Presence:
    """Who is at the table, and what changes when someone comes or goes."""

    def __init__(self, table: Seats, turns: Turns) -> None:
        self.table = table
        self.turns = turns

    def sit(self, session: Person) -> int | None:
        """Seat a person (a free seat before the match; their own seat at any time); None if there is none. A
        spectator who sits down stops watching: one role at a table, never both (a seat refused every move as a
        spectator's, and the table waited for ever)."""
        table = self.table
        seat = table.seat_of(session.account)
        if seat is None:
            if table.match is not None or None not in table.seating:
                return None
            seat = table.seating.index(None)
            table.seating[seat] = session.account
            table.remember()
        table.spectators.pop(session, None)
        table.present[seat] = session
        table.seen = table.server.clock()
        return seat

    def stand_up(self, session: Person) -> None:
        """A person leaves the table by choice: before the match their seat is free again; during it a computer
        player plays for them at once (they may ``join`` again and take it back)."""
        table = self.table
        if session in table.spectators:
            del table.spectators[session]
            return
        seat = table.seat_of(session.account)
        if seat is None:
            return
        self.detach(seat)
        if table.state != TableState.PLAYING:
            table.seating[seat] = None  # free for the next person (seats keep their places: ``present`` is by seat)
            if table.match is not None and not table.people:
                table.match = None
                table.listeners = {}
        else:
            table.standin.add(seat)
            name = session.account
            table.tell_all(lambda: [_("{name} leaves; the computer plays for {name}.").format(name=name)])
            self.turns.schedule()
        self.pass_host()
        table.remember()

    def pass_host(self) -> None:
        """The host role goes to the next person present when the host is not."""
        table = self.table
        if any(same(s.account, table.host) for s in table.present.values()):
            return
        if not table.present:
            return
        seat = min(table.present)
        new_host = table.present[seat]
        table.host = new_host.account
        name = table.host
        table.tell_all(lambda: [_("{name} is now the host.").format(name=name)], exclude=new_host)
        with speaking(new_host.lang):
            new_host.say([_("You are now the host: you can start the match and set the table's options.")])

    def gone(self, session: Person) -> None:
        """A person's connection ended: a spectator stops watching; a seat in play waits for its grace period, one
        before the match is still theirs, and the host role passes on."""
        table = self.table
        if session in table.spectators:
            del table.spectators[session]
            return
        seat = table.seat_of(session.account)
        if seat is not None and table.present.get(seat) is session:
            if table.state == TableState.PLAYING:
                self.away(seat)
            else:
                table.present.pop(seat, None)
                self.pass_host()

    def watch(self, session: Person) -> None:
        table = self.table
        listener = None
        if table.match is not None:
            listener = Listener.create(table.match, -1, session.lang, session.verbosity, session.cards)
            listener.hearing.seen = [e.visible_to(-1) for e in table.match.events[: self.turns.told]]
            listener.attach(session)
        table.spectators[session] = listener
        name = session.account
        table.tell_all(lambda: [_("{name} watches the table.").format(name=name)], exclude=session)
        self.turns.status_to(session)

    def detach(self, seat: int) -> None:
        """The seat's person is no longer here: what they miss from now on is told when they come back."""
        table = self.table
        if table.present.pop(seat, None) is not None:
            table.seen = table.server.clock()
            table.remember()
        listener = table.listeners.get(seat)
        if listener is not None:
            listener.attach(None)
            listener.mark = len(listener.hearing.seen)

    def away(self, seat: int, told: bool = True) -> None:
        """A seated person's connection is gone: after the grace period a computer player plays for them."""
        table = self.table
        self.detach(seat)
        if table.state != TableState.PLAYING:
            return
        account = table.seating[seat] or "?"
        if told:
            grace = table.grace
            table.tell_all(lambda: [_("{name} has lost the connection; the computer plays for {name} after {seconds} "
                                      "seconds.").format(name=account, seconds=grace)])
        table.log(f"{account} away")
        old = table.timers.pop(seat, None)
        if old is not None:
            old.cancel()
        table.timers[seat] = asyncio.get_running_loop().call_later(table.grace, self.grace_over, seat)
        self.pass_host()

    def grace_over(self, seat: int) -> None:
        table = self.table
        table.timers.pop(seat, None)
        if seat in table.present or table.state != TableState.PLAYING:
            return
        table.standin.add(seat)
        account = table.seating[seat] or "?"
        table.tell_all(lambda: [_("The computer plays for {name} until {name} is back.").format(name=account)])
        table.log(f"stand-in for {account}")
        self.turns.schedule()

    def back(self, session: Person) -> int | None:
        """A seated person logs in again or joins their table again: back in their seat (at their next turn if a
        computer player is deciding this one), told what they missed."""
        table = self.table
        seat = self.sit(session)
        if seat is None:
            return None
        timer = table.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        table.standin.discard(seat)
        listener = table.listeners.get(seat)
        if listener is None or table.match is None:
            return seat
        listener.attach(session)
        name = session.account
        table.tell_all(lambda: [_("{name} is back.").format(name=name)], exclude=session)
        with speaking(listener.lang):
            if listener.restored:
                listener.restored = False
                listener.say(listener.hearing.resume())
            else:
                lines = listener.missed()
                if lines:
                    listener.say(lines)
        self.pass_host()
        self.turns.status_to(session)
        if table.state == TableState.PLAYING:
            if table.match.to_act == seat and not table.computer_plays(seat):
                self.turns.ask(seat)
            self.turns.schedule()
        return seat
