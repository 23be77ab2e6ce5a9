"""A table on disk: its match's save after every move (tried again while it fails), the match from that save after
a restart, and a finished match's records.

The records are kept on the server for every person who sat at the table, sent to ``commerce join`` at once or
owed to them until their next login, and the match's save is removed only once every record is kept (on a full
disk it stays, and the records are kept before the next match begins, or at the server's next start). A table
nobody has sat at for long is closed the same way.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from ..i18n import _, speaking
from ..records import keep_record, time_stamp
from ..rules import record_lines, replay
from ..storage import FILE_LIMIT, SaveRefused, TooLarge, new_ident
from .presence import Presence
from .saves import TableSaves
from .seat import Listener

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


class Filer(Presence):
    """A table's match on disk: saved, restored, and its records kept and owed at its end."""

    unfiled: Filing | None = None
    """A finished match whose records are not all kept yet (a full disk): its save stays until they are, and no new
    match begins before."""

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
            session = self.present.get(seat)
            if session is None:  # away at the end: told how it ended at the next login (``Server.tell_news``)
                self.server.store.news.add(account, str(path), seat)
            if seat in filing.sent:
                continue
            self.server.store.deliveries.add(account, str(path), seat)
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
                session.to_lobby()
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
            if saves.dropped:  # a save cut short by a kill or a failed write: its move was never told
                self.log(f"save: {saves.dropped} bytes after the last mark dropped")
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
        self.seating = [p.name if p.kind.is_human else None for p in match.players]
        for seat, account in enumerate(self.seating):
            if account is None:
                continue
            listener = Listener.create(match, seat, "en", "normal", "names", account)
            listener.restored = True
            self.listeners[seat] = listener
            self.away(seat, told=False)
        self.ended = stamp.get("ended")
        return True

    # ----- saving -----

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
        """Append what the record gained to the table's save; False if it could not be written (the save before
        stays), or would pass the file limit, which is refused before it is written: the loader would not read it."""
        match = self.match
        assert match is not None
        self.record += record_lines(match.events[len(self.record):])
        ended = ident = None
        if match.over:
            ended = self.ended = self.ended or time_stamp()
            ident = self.ident_done = self.ident_done or new_ident()
        try:
            # The record itself, not a copy: it only grows, and ``prepare`` reads only what it gained.
            save = self.writer.prepare(self.record, ended, ident)
        except TooLarge:
            self.log(f"save refused: it would make the save larger than {FILE_LIMIT // 2**20} MiB, which the server "
                     "does not read")
            return False
        ok = self.writer.done(await self.server.writes.put(save))
        if not ok:
            self.log("save failed")
        return ok

    async def save_then_tell(self) -> None:
        """Save the match as it stands, then tell what was not told yet (the table's)."""
        raise NotImplementedError
