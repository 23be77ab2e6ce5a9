"""A table on disk, a part the table holds (``Filer``): its match's save after every move (tried again while it
fails), nothing told before its save is written, the match from that save after a restart, and a finished match's
records.

The records are kept on the server for every person who sat at the table, sent to ``commerce join`` at once or
owed to them until their next login, and the match is counted in its persons' ratings (``skill.py``); the match's
save is removed only once every record is kept and the rating counted (on a full disk it stays, and both are done
before the next match begins, or at the server's next start). The rating is counted once whatever happens: it is
keyed on the match's own identity, which its last save carries, so a match filed again after a restart finds it
counted. A table nobody has sat at for long is closed the same way.

The filer asks its table (``Desk``) only for what it files (the match, who sits where, who is here), the lock its
moves are applied under, its log, a line to everyone, and to tell what a save has made safe to tell: so it can be
driven alone, with a fake table (tests/test_filer.py).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..files import FILE_LIMIT, TooLarge
from ..i18n import _
from ..records import keep_record, time_stamp
from ..rules import Event, Match, Ruleset, record_lines, replay
from ..seals import SaveRefused, new_ident, seal_ident
from .roles import Hall, Person
from .saves import TableSaves
from .skill import Rated, rated, updated

KEEP_RECORDS = 50
"""Finished matches' records kept per account on the server."""
RETRY_MOST = 30.0
"""Seconds at most between two tries of a save that failed."""


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
    rated: Rated | None = None
    """What the match gives the ratings, until it is counted (None: nothing, or counted already)."""


class Desk(Protocol):
    """What a filer needs of its table (``table.Table``)."""

    @property
    def lock(self) -> asyncio.Lock:
        """Held while a move is applied and saved: a save tried again takes it too."""
        ...

    @property
    def match(self) -> Match | None: ...

    @property
    def rules(self) -> Ruleset: ...

    @property
    def seating(self) -> Sequence[str | None]:
        """The account in each seat (None: a computer player): who gets the match's record."""
        ...

    @property
    def present(self) -> Mapping[int, Person]:
        """Who is here, by seat: sent the record at once."""
        ...

    def log(self, text: str) -> None: ...

    def tell_all(self, make: Callable[[], list[str]]) -> None:
        """Lines made afresh in each listener's language."""
        ...

    async def tell(self, events: list[Event], first: bool) -> None:
        """Tell the events a save has just made safe to tell (``first``: the match's start), and go on."""
        ...


class Filer:
    """A table's match on disk: saved before it is told, restored, and its records kept and owed at its end."""

    def __init__(self, server: Hall, path: Path, desk: Desk) -> None:
        self.server = server
        self.path = path
        self.desk = desk
        self.writer = TableSaves(path)
        self.record: list[str] = []
        """The match's record lines so far, as saved (or being saved)."""
        self.told = 0
        """How many of the match's events the table has told: those after it wait for their save (``stalled``)."""
        self.retrying: asyncio.Task[None] | None = None
        """While a save fails (a full disk): the task that tries it again until it is written."""
        self.ended: str | None = None
        """When the match ended (its last save's seal carries it, so a restart files it under the same time)."""
        self.ident_done: str | None = None
        self.unfiled: Filing | None = None
        """A finished match whose records are not all kept yet (a full disk): its save stays until they are, and no
        new match begins before."""
        self.computer: list[int] = []
        """The decisions the computer made for each person's seat this match (a stand-in, the turn timer), saved in
        every mark with the move they count, so that a restart keeps them: a seat the computer played most of the
        time is rated so (``skill.rated``)."""

    @property
    def stalled(self) -> bool:
        """A move (or the start) is made but not saved yet: nothing is told or asked until it is."""
        match = self.desk.match
        return match is not None and self.told < len(match.events)

    def begin(self) -> None:
        """A new match at the table: a save of its own, nothing of it recorded or told yet."""
        self.writer = TableSaves(self.path)
        self.record = []
        self.told = 0
        self.computer = [0] * len(self.desk.seating)

    def computer_decides(self, seat: int) -> None:
        """The computer makes the next move for the person in ``seat`` (counted in the move's save)."""
        if 0 <= seat < len(self.computer):
            self.computer[seat] += 1

    # ----- saving -----

    async def save_then_tell(self) -> None:
        """Save the match as it stands, then have the table tell what was not told yet (``Desk.tell``). If the save
        fails (a full disk), the table says so once, tells nothing, and the save is tried again (``retry``) until it
        is written. Called holding the table's lock."""
        if not await self.store():
            if self.retrying is None:
                self.desk.tell_all(lambda: [_("The server cannot save right now: the game waits, and the server "
                                              "keeps trying.")])
                self.retrying = asyncio.get_running_loop().create_task(self.retry())
            return
        match = self.desk.match
        assert match is not None
        first = self.told == 0  # the match's first save: its start is told now
        events = match.events[self.told:]
        self.told = len(match.events)
        await self.desk.tell(events, first)

    async def retry(self) -> None:
        """Save the stalled match again, after 1, 2, 4 ... (at most ``RETRY_MOST``) seconds, until it is written."""
        delay = 1.0
        try:
            while True:
                await asyncio.sleep(delay)
                delay = min(2 * delay, RETRY_MOST)
                async with self.desk.lock:
                    if not self.stalled:
                        return
                    await self.save_then_tell()
                    if not self.stalled:
                        self.desk.log("saved again")
                        return
        finally:
            if self.retrying is asyncio.current_task():
                self.retrying = None

    def stop(self) -> None:
        """The table is closed: no save is tried again."""
        if self.retrying is not None:
            self.retrying.cancel()

    async def store(self) -> bool:
        """Append what the record gained to the table's save; False if it could not be written (the save before
        stays), or would pass the file limit, which is refused before it is written: the loader would not read it."""
        match = self.desk.match
        assert match is not None
        self.record += record_lines(match.events[len(self.record):])
        ended = ident = None
        if match.over:
            ended = self.ended = self.ended or time_stamp()
            ident = self.ident_done = self.ident_done or new_ident()
        try:
            # The record itself, not a copy: it only grows, and ``prepare`` reads only what it gained.
            extra = {"computer": self.computer} if any(self.computer) else None
            save = self.writer.prepare(self.record, ended, ident, extra)
        except TooLarge:
            self.desk.log(f"save refused: it would make the save larger than {FILE_LIMIT // 2**20} MiB, which the "
                          "server does not read")
            return False
        ok = self.writer.done(await self.server.writes.put(save))
        if not ok:
            self.desk.log("save failed")
        return ok

    # ----- after a restart -----

    def restore(self) -> Match | None:
        """The match from its save (``path``), as it stood at its last move, all of it told; None if there is none
        or it cannot be read (the table then waits to start afresh)."""
        saves = TableSaves(self.path)
        try:
            loaded = saves.load()
            if loaded is None:
                return None
            lines, stamp = loaded
            if saves.dropped:  # a save cut short by a kill or a failed write: its move was never told
                self.desk.log(f"save: {saves.dropped} bytes after the last mark dropped")
            match = replay(lines)
        except (SaveRefused, ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError) as error:
            self.desk.log(f"save not loaded: {error!r}")
            return None
        # The record as this version writes it: the save's own lines, unless an earlier version wrote them (a format
        # that left declines out), whose save the next one then replaces whole (once it is written).
        self.record = list(record_lines(match.events))
        self.told = len(match.events)
        self.writer = saves
        self.ended = stamp.get("ended")
        self.ident_done = seal_ident(stamp)
        counts = stamp.get("computer")
        if not (isinstance(counts, list) and len(counts) == len(match.players)
                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)):
            counts = [0] * len(match.players)  # none saved (the computer played for nobody), or not ours to read
        self.computer = list(counts)
        return match

    # ----- the records -----

    async def finish(self) -> None:
        """The match is over: its record goes to every person who sat at the table (kept on the server, sent to
        ``commerce join`` now or at the next login). The match's save goes only once every record is kept: on a
        full disk it stays, and the records are kept before the next match begins (``ready``), or at the next start
        of the server."""
        match = self.desk.match
        assert match is not None
        lines = list(self.record)
        stamp = self.ended or time_stamp()
        sent = set()
        for seat, present in self.desk.present.items():
            # First of all, before anything else is said or asked: ``commerce join`` keeps it at once.
            if self.server.send_record(present, f"{stamp}-{match.rules.name}.jsonl", seat, lines):
                sent.add(seat)
        key = f"{self.path.stem}/{self.ident_done or stamp}"  # the table and the match's own identity
        filing = Filing(lines, stamp, sent, rated=rated(key, match, self.desk.seating, self.computer))
        self.unfiled = None if await self.file_records(filing) else filing
        self.ended = None
        self.ident_done = None

    async def ready(self) -> bool:
        """Whether a new match may begin: the last one's records are all kept (those a full disk left are tried
        again now)."""
        if self.unfiled is not None:
            if not await self.file_records(self.unfiled):
                return False
            self.unfiled = None
        return True

    async def close(self) -> bool:
        """The table closes: an unfinished match so far is kept as a record for each person who played (they get it
        at their next login, and ``commerce replay`` reads an unfinished record), or the records of a finished one
        that a full disk left; False if some could not be kept (the table stays)."""
        match = self.desk.match
        filing = Filing(list(self.record), time_stamp()) if match is not None and not match.over else self.unfiled
        return filing is None or await self.file_records(filing)

    async def file_records(self, filing: Filing) -> bool:
        """Keep the match's records that are not kept yet and count it in the ratings, then remove its save; False
        if some could not be kept or the rating not counted (the save stays, and a restart files it again)."""
        if not await self.keep_records(filing):
            self.desk.log("records not all kept; the save stays")
            return False
        if not await self.count_rating(filing):
            self.desk.log("rating not counted; the save stays")
            return False
        await self.server.write(self.writer.remove)
        return True

    async def count_rating(self, filing: Filing) -> bool:
        """Count the match in its persons' ratings, once (``db/ratings.py``: the key and the ratings are one
        transaction); False if the store could not write it."""
        outcome = filing.rated
        if outcome is None:
            return True
        try:
            counted = await asyncio.wrap_future(
                self.server.store.ratings.count(outcome.key, outcome.ruleset, outcome.places, updated))
        except sqlite3.Error as error:
            self.desk.log(f"rating not written: {error!r}")
            return False
        if counted:
            self.desk.log(f"rated {outcome.ruleset}: " + ", ".join(
                f"{name} {place + 1}" for name, place in sorted(outcome.places.items(), key=lambda item: item[1])))
        filing.rated = None
        return True

    async def keep_records(self, filing: Filing) -> bool:
        """The record kept on the server for every person who sat at the table, and owed to them: sent at once to
        those here, else at their next login (but to the seats in ``filing.sent``, whose client has it already);
        False if some could not be kept (``filing.kept`` says which were)."""
        complete = True
        for seat, account in enumerate(self.desk.seating):
            if account is None or seat in filing.kept:
                continue
            folder = self.server.records_folder(account)
            path = await self.server.write(keep_record, filing.lines, self.desk.rules.name, KEEP_RECORDS,
                                           filing.stamp, folder)
            if path is None:
                self.desk.log(f"record for {account} not kept")
                complete = False
                continue
            filing.kept.add(seat)
            session = self.desk.present.get(seat)
            if session is None:  # away at the end: told how it ended at the next login (``Server.tell_news``)
                self.server.store.news.add(account, str(path), seat)
            if seat in filing.sent:
                continue
            self.server.store.deliveries.add(account, str(path), seat)
            if session is not None:
                self.server.deliver(session, [(str(path), seat)])
        return complete
