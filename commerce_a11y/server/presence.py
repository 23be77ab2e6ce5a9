"""People coming and going at a table: sitting down, standing up, watching, losing the connection and coming back,
and the host role passing on.

A person's seat is theirs for the whole match. When their connection drops, the others are told, and after the
grace period (90 s unless the host set another) a computer player of the table's level plays for them until they
log in again; ``leave`` hands the seat to it at once. When nobody is left at the table, it waits: nothing is played
for people who are all away.
"""

from __future__ import annotations

import asyncio

from ..i18n import _, speaking
from .names import same
from .roles import Person
from .seat import Listener
from .seats import Seats, TableState


class Presence(Seats):
    """Who is at the table, and what changes when someone comes or goes."""

    def sit(self, session: Person) -> int | None:
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

    def stand_up(self, session: Person) -> None:
        """A person leaves the table by choice: before the match their seat is free again; during it a computer
        player plays for them at once (they may ``join`` again and take it back)."""
        if session in self.spectators:
            del self.spectators[session]
            return
        seat = self.seat_of(session.account)
        if seat is None:
            return
        self.detach(seat)
        if self.state != TableState.PLAYING:
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
        new_host = self.present[seat]
        self.host = new_host.account
        name = self.host
        self.tell_all(lambda: [_("{name} is now the host.").format(name=name)], exclude=new_host)
        with speaking(new_host.lang):
            new_host.say([_("You are now the host: you can start the match and set the table's options.")])

    def gone(self, session: Person) -> None:
        """A person's connection ended: a spectator stops watching; a seat in play waits for its grace period, one
        before the match is still theirs, and the host role passes on."""
        if session in self.spectators:
            del self.spectators[session]
            return
        seat = self.seat_of(session.account)
        if seat is not None and self.present.get(seat) is session:
            if self.state == TableState.PLAYING:
                self.away(seat)
            else:
                self.present.pop(seat, None)
                self.pass_host()

    def watch(self, session: Person) -> None:
        listener = None
        if self.match is not None:
            listener = Listener.create(self.match, -1, session.lang, session.verbosity, session.cards)
            listener.hearing.seen = [e.visible_to(-1) for e in self.match.events[: self.told]]
            listener.attach(session)
        self.spectators[session] = listener
        name = session.account
        self.tell_all(lambda: [_("{name} watches the table.").format(name=name)], exclude=session)
        self.status_to(session)

    def detach(self, seat: int) -> None:
        """The seat's person is no longer here: what they miss from now on is told when they come back."""
        if self.present.pop(seat, None) is not None:
            self.seen = self.server.clock()
            self.remember()
        listener = self.listeners.get(seat)
        if listener is not None:
            listener.attach(None)
            listener.mark = len(listener.hearing.seen)

    def away(self, seat: int, told: bool = True) -> None:
        """A seated person's connection is gone: after the grace period a computer player plays for them."""
        self.detach(seat)
        if self.state != TableState.PLAYING:
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
        if seat in self.present or self.state != TableState.PLAYING:
            return
        self.standin.add(seat)
        account = self.seating[seat] or "?"
        self.tell_all(lambda: [_("The computer plays for {name} until {name} is back.").format(name=account)])
        self.log(f"stand-in for {account}")
        self.schedule()

    def back(self, session: Person) -> int | None:
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
                listener.say(listener.hearing.resume())
            else:
                lines = listener.missed()
                if lines:
                    listener.say(lines)
        self.pass_host()
        self.status_to(session)
        if self.state == TableState.PLAYING:
            if self.match.to_act == seat and not self.computer_plays(seat):
                self.ask(seat)
            self.schedule()
        return seat
