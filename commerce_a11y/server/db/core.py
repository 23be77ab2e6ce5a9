"""The store's core: its two SQLite connections, its writer thread, its migrations, and the cache of what is being
written. The repositories (``accounts.py``, ``addresses.py``, ``table_index.py``, ``owed.py``) hold the SQL of each
concern and nothing else; how a statement reaches the disk is decided here, once.

Nothing in a move touches the store, only logging in, joining, starting and ending a table. Reads are short and run
on the event loop (``read``); writes go to one thread of their own, in order, on a connection of their own (WAL lets
the two work at once): a write that lands on a WAL checkpoint waits for the disk, measured at up to 16 ms, and the
event loop must not (bench/serve_load.py). Each write is a unit of work run as one transaction (``write``): a write
that spans rows (an account and its likeness, an address and the older ones it pushes out) is all made or none of
it. A write that replaces a row (an account's settings, a table's entry in the index) waits at most once: asked again
before it was made, it is made once with the latest values (``write_latest``), so that a client repeating a change a
million times queues one write, not a million.

The schema grows by numbered migrations (``migrations.py``), each applied once, in order, in one transaction with the
version it reaches, recorded in SQLite's ``user_version``: an old data folder is brought up to date where it is.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

Work = Callable[[sqlite3.Connection], T]
"""A unit of work: statements on the writer's connection, run inside one transaction (the work neither begins nor
commits it)."""


class NotWritten(Exception):
    """The store could not write what it was asked to (a full disk): nothing of it was written."""


@dataclass(frozen=True)
class Migration:
    """One step of the schema: ``run`` brings a file of version ``number - 1`` to ``number`` (inside a transaction the
    core holds) and returns the lines the server's log gets (accounts disabled or kept though alike)."""

    number: int
    title: str
    run: Callable[[sqlite3.Connection], list[str]]


class Unwritten:
    """The rows a write was asked for and its transaction has not committed yet: a multiset of row keys, each held
    from the moment its write is asked until the writer's transaction ends (committed or rolled back).

    Why: reads run on the event loop against what is committed, while writes run later in the writer's thread. A read
    that must see a write just asked for looks here first. Today that is one read: whether an account logged in from
    an address lately (``Addresses.known``): a wrong password typed right after a login, from the same address, must
    count against its owner's budget of guesses, not the strangers' (``guesses.py``), though the login's write may be
    queued behind others. A key is counted, not just set, so that the first of two writes of one row committing does
    not hide the second, still waiting."""

    def __init__(self) -> None:
        self._rows: Counter[Hashable] = Counter()
        self._lock = threading.Lock()

    def hold(self, rows: Iterable[Hashable]) -> None:
        with self._lock:
            self._rows.update(rows)

    def release(self, rows: Iterable[Hashable]) -> None:
        with self._lock:
            self._rows.subtract(rows)
            self._rows = +self._rows  # drops the keys no write holds any more

    def __contains__(self, row: Hashable) -> bool:
        with self._lock:
            return self._rows[row] > 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._rows)


class Core:
    """One SQLite file: read on the event loop, written in one thread, brought up to date by ``migrations`` when it
    is opened (their log lines go to ``log``)."""

    def __init__(self, path: Path, migrations: Sequence[Migration], log: Callable[[str], None]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = connect(path)
        """The event loop's connection: reads only (and the migrations, before the writer starts)."""
        try:
            migrate(self.db, migrations, log)
        except BaseException:
            self.db.close()
            raise
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="store")
        self.written = connect(path)
        """The writer thread's connection."""
        self.unwritten = Unwritten()
        self.waiting: dict[Hashable, tuple[Work[Any], Future[Any]]] = {}
        """Writes that replace a row, not made yet, by the row they replace: the latest work for each."""
        self.waiting_lock = threading.Lock()

    def read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """The rows of a query, as committed (see ``Unwritten`` for what is not yet)."""
        return self.db.execute(sql, args).fetchall()

    def read_one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """The first row of a query, or None."""
        return self.db.execute(sql, args).fetchone()

    def write(self, work: Work[T], unwritten: Iterable[Hashable] = ()) -> Future[T]:
        """Run ``work`` as one transaction in the writer thread, after every write asked before it. The future holds
        its result, or the ``sqlite3.Error`` that rolled it back. ``unwritten``: the row keys reads may ask about
        before it commits (``Unwritten``)."""
        rows = tuple(unwritten)
        self.unwritten.hold(rows)
        try:
            return self.writer.submit(self._transaction, work, rows)
        except BaseException:  # closed: nothing will be written
            self.unwritten.release(rows)
            raise

    def write_latest(self, row: Hashable, work: Work[Any]) -> Future[Any]:
        """Replace ``row`` in the writer thread: if a write of it waits already, that one runs this work instead (and
        its future is this one's)."""
        with self.waiting_lock:
            waiting = self.waiting.get(row)
            if waiting is not None:
                self.waiting[row] = (work, waiting[1])
                return waiting[1]
            future = self.writer.submit(self._make_latest, row)
            self.waiting[row] = (work, future)
            return future

    def forget(self, row: Hashable) -> None:
        """A write of ``row`` that waits is not to be made (the row is deleted after it)."""
        with self.waiting_lock:
            self.waiting.pop(row, None)

    def settle(self, timeout: float = 10) -> None:
        """Wait until every write asked so far is made (the writes run in order in one thread). Tests and the
        tools that read right after writing use it; the server never waits on its writer."""
        self.writer.submit(lambda: None).result(timeout)

    def close(self) -> None:
        """Every write asked is made first."""
        self.writer.shutdown(wait=True)
        self.written.close()
        self.db.close()

    def _make_latest(self, row: Hashable) -> None:
        """The writer thread: the latest write of ``row``, unless it was taken back (``forget``)."""
        with self.waiting_lock:
            waiting = self.waiting.pop(row, None)
        if waiting is not None:
            self._transaction(waiting[0], ())

    def _transaction(self, work: Work[T], rows: tuple[Hashable, ...]) -> T:
        """The writer thread: ``work`` in one transaction, rolled back whole if any of it fails (a row taken
        meanwhile, a full disk), leaving the connection usable; ``rows`` leave the cache once it ended."""
        db = self.written
        try:
            db.execute("begin immediate")
            try:
                result = work(db)
                db.execute("commit")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("rollback")
                raise
        finally:
            self.unwritten.release(rows)
        return result


def migrate(db: sqlite3.Connection, migrations: Sequence[Migration], log: Callable[[str], None]) -> None:
    """Apply the migrations the file has not had, in order, each in one transaction with the version it reaches
    (``user_version``); their log lines once each is committed. A file of a later version than any is left as it
    is."""
    numbers = [migration.number for migration in migrations]
    if numbers != list(range(1, len(migrations) + 1)):
        raise ValueError(f"migrations must be numbered 1, 2, 3 ... in order, not {numbers}")
    version = db.execute("pragma user_version").fetchone()[0]
    for migration in migrations[version:]:
        db.execute("begin immediate")
        try:
            lines = migration.run(db)
            db.execute(f"pragma user_version = {migration.number}")
            db.execute("commit")
        except BaseException:
            db.execute("rollback")
            raise
        for line in lines:
            log(line)


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are begun explicitly), in WAL, waiting up to 5 s for a lock."""
    db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    db.execute("pragma journal_mode=wal")
    db.execute("pragma synchronous=normal")
    db.execute("pragma busy_timeout=5000")
    return db
