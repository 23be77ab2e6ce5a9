"""Accounts, the table index and record deliveries, in one SQLite file in the server's data folder.

An account is a name (kept as typed), its identity (``names.identity``: the key every lookup uses, unique among the
accounts in use) and an Argon2id hash of its password (argon2-cffi, at
OWASP's minimum of 19 MiB, two passes: about 30 ms a hash here, computed in a thread, at most two at a time so that
two hundred logins at once cost 40 MB, not four gigabytes). Its settings (language, verbosity, card style) are kept
with it. The table index says which tables exist, who sits where and with which options; the table's match itself
is its save in ``tables/`` (``saves.py``). A delivery is a finished match's record owed to a player who sat
at its table: ``commerce join`` receives it at the next login and keeps it where ``commerce replay`` finds it.

Each account's likeness (``names.likeness``: its ASCII spelling and its confusable skeletons) is kept in a table of
its own whose key is each part of it, so that no new account is like one in use. So are the addresses an account
logged in from lately (at most ``KNOWN_ADDRESSES``, each as a keyed hash: the file does not tell where anyone lives,
though the salt is in it), so that a stranger's wrong guesses never shut its owner out (``guesses.py``).

A file of an older schema is brought up to date when it is opened, one numbered step at a time (``Store._upgrade``),
each in one transaction with the version it reaches. Version 1 gave names identities: every account got its identity
and likeness, oldest first, and an account that is the same name as an older one, or looks like one, was disabled
(kept, never reachable) and named in the log. Version 2 keeps each account's likeness as listeners meet it (ASCII
spelling and skeletons in both cases): an account like an older one by that wider rule is kept and keeps logging in,
named in the log, and no new name like either can be made.

Nothing in a move touches this file, only logging in, joining, starting and ending a table. Reads are short and run
on the event loop; writes go to one thread of their own, in order, on a connection of their own (WAL lets the two
work at once): a write that lands on a WAL checkpoint waits for the disk, measured at up to 16 ms, and the event
loop must not (bench/serve_load.py). A write that replaces a row (an account's settings, a table's entry in the
index) waits at most once: asked again before it was made, it is made once with the latest values (``_latest``), so
that a client repeating a change a million times queues one write, not a million.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .names import identity, likeness

HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
"""Argon2id at OWASP's recommended minimum (m=19 MiB, t=2, p=1)."""
SCHEMA_VERSION = 2
KNOWN_ADDRESSES = 5
"""Addresses remembered per account: where it logged in lately."""

_SCHEMA = """
create table if not exists accounts (
    name text primary key collate nocase, hash text not null, created real not null, settings text not null,
    key text, disabled integer not null default 0
);
create table if not exists tables (
    id text primary key, name text not null unique collate nocase, spec text not null, updated real not null
);
create table if not exists deliveries (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
create table if not exists news (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
create table if not exists looks (look text primary key, account text not null);
create table if not exists known (
    account text not null, address text not null, seen real not null, primary key (account, address)
);
create table if not exists meta (name text primary key, value text not null);
"""
_MIGRATION = ("alter table accounts add column key text",
              "alter table accounts add column disabled integer not null default 0")
_INDEX = "create unique index if not exists accounts_key on accounts (key) where not disabled"


class NotWritten(Exception):
    """The store could not write what it was asked to (a full disk): nothing of it was written."""


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


class Store:
    """The server's SQLite file."""

    def __init__(self, path: Path, log: Callable[[str], None] | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = _connect(path)
        self._upgrade(log or (lambda text: None))
        self.salt = self._salt()
        self.being_known: set[tuple[str, str]] = set()
        """(account, address) remembered, not yet written: a guess right after a login sees it known."""
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="store")
        self.written = _connect(path)
        self.waiting: dict[tuple[str, str], tuple[str, tuple[Any, ...], Future[Any]]] = {}
        """Writes that replace a row, not made yet, by what they replace: the latest statement for each."""
        self.waiting_lock = threading.Lock()

    def _upgrade(self, log: Callable[[str], None]) -> None:
        """Create the tables, and bring a file of an older schema up to date (see the module's docstring)."""
        db = self.db
        columns = {row[1] for row in db.execute("pragma table_info(accounts)")}
        db.executescript(_SCHEMA)
        steps: dict[int, Callable[[], list[str]]] = {1: partial(self._give_identities, columns), 2: self._rekey}
        version = db.execute("pragma user_version").fetchone()[0]
        for number in range(version + 1, SCHEMA_VERSION + 1):
            db.execute("begin immediate")
            try:
                lines = steps[number]()
                db.execute(f"pragma user_version = {number}")
                db.execute("commit")
            except BaseException:
                db.execute("rollback")
                raise
            for line in lines:
                log(line)

    def _give_identities(self, columns: set[str]) -> list[str]:
        """Version 1: every account its identity and likeness, oldest first; the log's lines for those disabled."""
        db = self.db
        if columns and "key" not in columns:
            for statement in _MIGRATION:
                db.execute(statement)
        lines = []
        owners: dict[str, str] = {}
        rows = db.execute("select rowid, name from accounts order by created, rowid").fetchall()
        db.execute("delete from looks")
        for rowid, name in rows:
            key, seen = identity(name), likeness(name)
            older = owners.get(key) or next((owners[look] for look in sorted(seen) if look in owners), None)
            if older is not None:
                db.execute("update accounts set key = ?, disabled = 1 where rowid = ?", (key, rowid))
                lines.append(f"account {name} disabled: the same name as or a name like {older}, which is older")
                continue
            db.execute("update accounts set key = ?, disabled = 0 where rowid = ?", (key, rowid))
            db.executemany("insert into looks values (?, ?)", [(look, key) for look in seen])
            owners[key] = name
            owners.update((look, name) for look in seen)
        db.create_function("identity", 1, identity, deterministic=True)
        db.execute("update or replace deliveries set account = identity(account)")
        db.execute(_INDEX)
        return lines

    def _rekey(self) -> list[str]:
        """Version 2: every account in use its likeness as listeners meet it, oldest first. An account like an older
        one is kept (its owner logs in as before) and named in the log; the older one owns the likeness they share."""
        db = self.db
        lines = []
        owners: dict[str, str] = {}
        db.execute("delete from looks")
        for name, key in db.execute("select name, key from accounts where not disabled order by created, rowid"
                                    ).fetchall():
            seen = sorted(likeness(name))
            older = next((owners[look] for look in seen if look in owners), None)
            if older is not None:
                lines.append(f"account {name} kept, though it sounds or reads like {older}, which is older")
            db.executemany("insert or ignore into looks values (?, ?)", [(look, key) for look in seen])
            owners.update((look, name) for look in seen if look not in owners)
        return lines

    def _salt(self) -> bytes:
        """The key of the addresses' hashes, made once for this file."""
        self.db.execute("insert or ignore into meta values ('address salt', ?)", (secrets.token_hex(16),))
        return bytes.fromhex(self.db.execute("select value from meta where name = 'address salt'").fetchone()[0])

    def _write(self, sql: str, args: tuple[Any, ...]) -> Future[Any]:
        """Run a writing statement in the store's thread, after every write asked before it."""
        return self.writer.submit(self.written.execute, sql, args)

    def _latest(self, row: tuple[str, str], sql: str, args: tuple[Any, ...]) -> Future[Any]:
        """Replace ``row`` in the store's thread: if a write of it waits already, that one makes this one instead
        (and its future is this one's)."""
        with self.waiting_lock:
            waiting = self.waiting.get(row)
            if waiting is not None:
                self.waiting[row] = (sql, args, waiting[2])
                return waiting[2]
            future = self.writer.submit(self._make_latest, row)
            self.waiting[row] = (sql, args, future)
            return future

    def _make_latest(self, row: tuple[str, str]) -> None:
        """The store's thread: the latest write of ``row``, unless it was taken back (``_forget``)."""
        with self.waiting_lock:
            waiting = self.waiting.pop(row, None)
        if waiting is not None:
            self.written.execute(waiting[0], waiting[1])

    def _forget(self, row: tuple[str, str]) -> None:
        """A write of ``row`` that waits is not to be made (the row is deleted after it)."""
        with self.waiting_lock:
            self.waiting.pop(row, None)

    def close(self) -> None:
        self.writer.shutdown(wait=True)
        self.written.close()
        self.db.close()

    # ----- accounts -----

    def account(self, name: str) -> tuple[str, str, dict[str, str]] | None:
        """The account whose identity ``name`` is: its name as it was created, its hash and its settings; None if
        there is none."""
        row = self.db.execute("select name, hash, settings from accounts where key = ? and not disabled",
                              (identity(name),)).fetchone()
        if row is None:
            return None
        return row[0], row[1], _settings(row[2])

    def lookalikes(self, name: str) -> list[tuple[str, str]]:
        """The keys of its likeness ``name`` shares with accounts in use: (key, that account's name)."""
        seen = sorted(likeness(name))
        rows = self.db.execute(
            f"select looks.look, accounts.name from looks join accounts on accounts.key = looks.account "
            f"and not accounts.disabled where looks.look in ({', '.join('?' * len(seen))})", seen).fetchall()
        return [(row[0], row[1]) for row in rows]

    async def create_account(self, name: str, hashed: str, settings: dict[str, str]) -> bool:
        """False if the name, or a name that looks like it, was taken meanwhile (two connections at once);
        ``NotWritten`` if the file could not take it (a full disk)."""
        return bool(await asyncio.wrap_future(self.writer.submit(self._insert_account, name, hashed, settings)))

    def _insert_account(self, name: str, hashed: str, settings: dict[str, str]) -> bool:
        """The account and its likeness, in one transaction (the store's thread)."""
        db, key = self.written, identity(name)
        db.execute("begin immediate")
        try:
            db.execute("insert into accounts (name, hash, created, settings, key) values (?, ?, ?, ?, ?)",
                       (name, hashed, time.time(), json.dumps(settings), key))
            db.executemany("insert into looks values (?, ?)", [(look, key) for look in sorted(likeness(name))])
            db.execute("commit")
        except sqlite3.Error as error:  # taken meanwhile, or a full disk: nothing is written, the connection usable
            with contextlib.suppress(sqlite3.Error):
                db.execute("rollback")
            if isinstance(error, sqlite3.IntegrityError):
                return False
            raise NotWritten(error) from error
        return True

    def remember(self, name: str, settings: dict[str, str]) -> None:
        key = identity(name)
        self._latest(("settings", key), "update accounts set settings = ? where key = ? and not disabled",
                     (json.dumps(settings), key))

    # ----- where an account logged in -----

    def _address(self, address: str) -> str:
        return hmac.new(self.salt, address.encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def known(self, name: str, address: str) -> bool:
        """Whether the account logged in from ``address`` lately (also when that is still being written)."""
        row = (identity(name), self._address(address))
        return row in self.being_known or self.db.execute(
            "select 1 from known where account = ? and address = ?", row).fetchone() is not None

    def logged_in_from(self, name: str, address: str) -> None:
        """Remember ``address`` as one the account logged in from; only the latest ``KNOWN_ADDRESSES`` are kept."""
        key, hashed = identity(name), self._address(address)
        self.being_known.add((key, hashed))
        self._write("insert or replace into known values (?, ?, ?)", (key, hashed, time.time()))
        self._write("delete from known where account = ? and address not in (select address from known where "
                    "account = ? order by seen desc limit ?)", (key, key, KNOWN_ADDRESSES)).add_done_callback(
            lambda _done: self.being_known.discard((key, hashed)))

    # ----- tables -----

    def save_table(self, ident: str, name: str, spec: dict[str, Any]) -> Future[Any]:
        return self._latest(("table", ident), "insert or replace into tables values (?, ?, ?, ?)",
                            (ident, name, json.dumps(spec, ensure_ascii=False), time.time()))

    def drop_table(self, ident: str) -> None:
        self._forget(("table", ident))
        self._write("delete from tables where id = ?", (ident,))

    def tables(self) -> list[tuple[str, str, dict[str, Any]]]:
        rows = self.db.execute("select id, name, spec from tables order by updated").fetchall()
        found = []
        for ident, name, spec in rows:
            try:
                data = json.loads(spec)
            except ValueError:
                continue
            if isinstance(data, dict):
                found.append((ident, name, data))
        return found

    # ----- deliveries -----

    def owe(self, account: str, path: str, seat: int) -> None:
        self._write("insert or ignore into deliveries values (?, ?, ?)", (identity(account), path, seat))

    def owed(self, account: str) -> list[tuple[str, int]]:
        return [(row[0], row[1]) for row in
                self.db.execute("select path, seat from deliveries where account = ?", (identity(account),))]

    def delivered(self, account: str, path: str) -> None:
        self._write("delete from deliveries where account = ? and path = ?", (identity(account), path))

    # ----- news: a match that ended while its player was away, told once at their next login -----

    def tell_later(self, account: str, path: str, seat: int) -> None:
        self._write("insert or ignore into news values (?, ?, ?)", (identity(account), path, seat))

    def news(self, account: str) -> list[tuple[str, int]]:
        return [(row[0], row[1]) for row in
                self.db.execute("select path, seat from news where account = ?", (identity(account),))]

    def told(self, account: str, path: str) -> None:
        self._write("delete from news where account = ? and path = ?", (identity(account), path))


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    db.execute("pragma journal_mode=wal")
    db.execute("pragma synchronous=normal")
    db.execute("pragma busy_timeout=5000")
    return db


def _settings(text: str) -> dict[str, str]:
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
