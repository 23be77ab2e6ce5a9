"""The server's registry: everything one ``commerce serve`` process holds (people, tables, accounts, workers,
writers and the log), and the records owed to people.

People and tables are known by their names' identities (``names.identity``). The registry finds and forgets; what
people do is the lobby's (``lobby.py``), what a match does is its table's.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ..i18n import _, speaking
from ..narration.narrator import ruleset_title
from ..rules import MatchEnded, OptionError, RecordError, replay, ruleset
from .admission import Admission
from .allowances import Allowances
from .db.store import Store
from .guesses import Guesses
from .limits import GRACE, Limits
from .names import identity, likeness
from .resumes import Resumes
from .roles import Listed, Person
from .saves import Writes
from .seat import narrator_for
from .seats import TableState
from .session import Session
from .table import Table
from .thinking import Thinkers


def record_on_server() -> str:
    """Where a finished match's record is, for a client that does not keep records: no file name, which a telnet
    player could do nothing with, but how to get it."""
    return _("The match's record is kept on the server. Log in with commerce join to get it.")


SWEEP_EVERY = 600.0
"""Seconds between two looks for tables nobody has sat at for too long."""
SAVE_THREADS = 4
"""Threads that write saves and records: they mostly wait in fsync, which runs in parallel; more of them only
contend with the event loop for the interpreter (bench/serve_load.py: 8 threads stalled the loop up to 100 ms)."""


class Server:
    """Everything one ``commerce serve`` process holds: people, tables, accounts, workers and the log."""

    def __init__(self, data: Path, limits: Limits | None = None, thinkers: Thinkers | None = None,
                 log: Callable[[str], None] | None = None, clock: Callable[[], float] = time.time,
                 language: str = "en") -> None:
        self.data = data
        self.language = language
        """``commerce serve --lang``: the language of the login and of an account that has not chosen one."""
        self.clock = clock
        """The wall clock (seconds since the epoch) by which tables nobody sits at are closed (a test's own)."""
        self.limits = limits or Limits()
        self._log = log or (lambda text: None)
        self.store = Store(data / "server.db", self.log)
        self.thinkers = thinkers or Thinkers()
        self.io = ThreadPoolExecutor(SAVE_THREADS, thread_name_prefix="save")
        self.writes = Writes(self.io, SAVE_THREADS)
        self.hashing = ThreadPoolExecutor(2, thread_name_prefix="hash")
        self.tables: dict[str, Table] = {}
        self.online: dict[str, Session] = {}
        self.sessions: set[Session] = set()
        self.admission = Admission(self.limits, self.log)
        self.resumes = Resumes(lambda: self.limits.grace, lambda: asyncio.get_running_loop().time())
        self.allowances = Allowances()
        self.guesses = Guesses()
        self.tasks: set[asyncio.Task[None]] = set()

    def log(self, text: str) -> None:
        self._log(text)

    async def write(self, function: Callable[..., Any], *args: Any) -> Any:
        """File work (saves, records) in a thread: the disk never holds up the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.io, function, *args)

    def records_folder(self, account: str) -> Path:
        digest = hashlib.sha256(identity(account).encode("utf-8")).hexdigest()[:16]
        return self.data / "records" / digest

    # ----- tables -----

    def restore_tables(self) -> None:
        """Every table of the index, its match from its save: the same cards and turn as at the last move."""
        for ident, name, spec in self.store.index.entries():
            try:
                rules = ruleset(spec["ruleset"], **spec["options"])
                table = Table(self, ident, name, rules, int(spec["seats"]), spec["level"], spec["host"],
                              spec.get("code"), spec.get("hints"), spec.get("timer"), int(spec.get("grace", GRACE)))
                table.seat_as_indexed(list(spec["seating"]), float(spec.get("seen", table.seen)))
            except (KeyError, TypeError, ValueError, OptionError) as error:
                self.log(f"table {name} not restored: {error!r}")
                continue
            if table.restore():  # whatever the index says: its last write may have failed on a full disk
                self.log(f"table {name} restored at hand {table.match.hand_no if table.match else 0}")
                if table.match is not None and table.match.over:
                    # Stopped between the match's last save and its filing: the records are kept now.
                    self.keep(table.finish())
            elif not table.people:
                self.store.index.drop(ident)
                continue
            self.tables[identity(name)] = table

    def add(self, table: Table) -> None:
        """A new table, known by its name from now on."""
        self.tables[identity(table.name)] = table

    def table(self, name: str) -> Table | None:
        """The table of that name (its identity), if there is one."""
        return self.tables.get(identity(name.strip()))

    def lookalike_table(self, name: str) -> Table | None:
        """A table whose name is like ``name`` to a listener (``names.likeness``), which a new table may not be
        called."""
        seen = likeness(name)
        return next((table for table in self.tables.values() if likeness(table.name) & seen), None)

    def seated_at(self, account: str) -> Table | None:
        """The table where the account has a seat in a match being played (or waiting to be started), unless its
        host asked them to leave it (``kicks.py``: a computer player has the seat)."""
        for table in self.tables.values():
            if table.seat_of(account) is not None and table.state in (TableState.PLAYING, TableState.WAITING) \
                    and identity(account) not in table.kicked:
                return table
        return None

    def drop_if_empty(self, table: Table) -> None:
        """Forget a table nobody is at, unless its match is on, its people wait for it to start, or its last match is
        not filed yet (its records or rating left by a full disk: the index keeps the table until they are, so that
        the next start or the sweep files them)."""
        if table.present or table.spectators or table.state == TableState.PLAYING or table.filer.unfiled is not None:
            return
        if table.people and table.state == TableState.WAITING:
            return
        self.forget(table)
        self.log(f"table {table.name} closed")

    def forget(self, table: Listed) -> None:
        """The table is gone: from the tables people can name, and from the index."""
        if self.tables.get(identity(table.name)) is table:
            del self.tables[identity(table.name)]
        self.store.index.drop(table.ident)

    async def sweep(self) -> None:
        """Close every table nobody has sat at for ``Limits.close_after`` seconds, now and then for as long as the
        server runs (a table kept "playing" with nobody there costs the index and ``tables`` for ever)."""
        while True:
            for table in self.abandoned():
                await table.close()
            await asyncio.sleep(min(SWEEP_EVERY, self.limits.close_after / 2))

    def abandoned(self) -> list[Table]:
        now = self.clock()
        return [t for t in self.tables.values() if not t.present and now - t.seen > self.limits.close_after]

    def open_tables(self, account: str) -> int:
        """How many tables the account has a seat at (waiting, playing or just over)."""
        return sum(1 for table in self.tables.values() if table.seat_of(account) is not None)

    # ----- records owed -----

    def deliver(self, session: Person, owed: list[tuple[str, int]] | None = None) -> None:
        """Send the records this person is owed (``owed``: a match that just ended, else those the store lists) to
        ``commerce join`` (GMCP ``Commerce.Record``), which keeps them where ``commerce replay`` finds them. Another
        client hears where a just finished match's record is kept on the server; it stays owed, so that the person's
        next login with ``commerce join`` brings it home.

        Only a client that keeps records has its records read (in the event loop, which every table waits for: at
        the end of each match, once for each person, for nothing when nobody could keep them)."""
        if not session.keeps_records:
            if owed:  # a file name would be no use to a telnet player: say how to get it instead
                with speaking(session.lang):
                    session.say([record_on_server()])
            return
        for path, seat in self.store.deliveries.of(session.account) if owed is None else owed:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except OSError:
                self.store.deliveries.remove(session.account, path)
                continue
            self.send_record(session, Path(path).name, seat, text.splitlines())
            self.store.deliveries.remove(session.account, path)  # commerce join says where it kept it

    def tell_news(self, session: Person) -> None:
        """Once, at the login after it: how each match that ended while the person was away ended (or that it was
        closed unfinished), and, to a client that does not keep records, where its record is."""
        news = self.store.news.of(session.account)
        if not news:
            return
        with speaking(session.lang):
            for path, seat in news:
                self.store.news.remove(session.account, path)
                try:
                    match = replay(Path(path).read_text(encoding="utf-8").splitlines())
                except (OSError, RecordError, ValueError, KeyError, TypeError, IndexError, AttributeError,
                        OverflowError):  # a record gone or broken on the server's disk: nothing to tell of it
                    continue
                title = ruleset_title(match.rules)
                ended = match.events[-1] if match.over else None
                if isinstance(ended, MatchEnded):
                    narrator = narrator_for(match, seat, session.lang, session.verbosity, session.cards)
                    session.say([_("Your match of {ruleset} ended while you were away.").format(ruleset=title),
                                 *narrator.event(ended)])
                else:
                    session.say([_("Your match of {ruleset} was closed before its end: nobody played at its table "
                                   "for a long time.").format(ruleset=title)])
            if not session.keeps_records:
                session.say([record_on_server()])

    def send_record(self, session: Person, name: str, seat: int, lines: list[str]) -> bool:
        """A finished match's record to a client that keeps records (``commerce join``); False for other clients."""
        if not session.keeps_records:
            return False
        session.send("Commerce.Record", {"name": name, "seat": seat, "lines": lines})
        return True

    # ----- connections -----

    def opened(self, session: Session) -> None:
        """A connection let in (``Admission``): its session is counted until it closes."""
        self.sessions.add(session)
        self.log(f"connect {session.peer.address}")

    def closed(self, session: Session) -> None:
        self.sessions.discard(session)
        self.admission.closed(session.peer)
        self.log(f"disconnect {session.peer.address} {session.account or '-'}")

    def keep(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task the server holds until it is done (the event loop keeps only weak references)."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def lobby_sessions(self) -> list[Session]:
        """The people logged in and in the lobby, at no table."""
        return [s for s in self.online.values() if s.place is None]
