"""Accounts, the table index and record deliveries, in one SQLite file in the server's data folder.

An account is a name (kept as typed), its identity (``names.identity``: the key every lookup uses, unique among the
accounts in use) and an Argon2id hash of its password (argon2-cffi, at
OWASP's minimum of 19 MiB, two passes: about 30 ms a hash here, computed in a thread, at most two at a time so that
two hundred logins at once cost 40 MB, not four gigabytes). Its settings (language, verbosity, card style) are kept
with it. The table index says which tables exist, who sits where and with which options; the table's match itself
is its save in ``tables/`` (``saves.py``). A delivery is a finished match's record owed to a player who sat
at its table: ``commerce join`` receives it at the next login and keeps it where ``commerce replay`` finds it.

Each account's looks (``names.looks``, its confusable skeletons) are kept in a table of their own whose key is the
look, so that no two accounts in use look alike, and the addresses an account logged in from lately (at most
``KNOWN_ADDRESSES``, each as a keyed hash: the file does not tell where anyone lives, though the salt is in it), so
that a stranger's wrong guesses never shut its owner out (``guesses.py``).

A file written before names had identities (schema version 0) is brought up to date when it is opened: every
account gets its identity and looks, oldest first, and an account that would be refused as new today because it is
the same name or looks like an older account is disabled (kept, never reachable) and named in the log.

Nothing in a move touches this file, only logging in, joining, starting and ending a table. Reads are short and run
on the event loop; writes go to one thread of their own, in order, on a connection of their own (WAL lets the two
work at once): a write that lands on a WAL checkpoint waits for the disk, measured at up to 16 ms, and the event
loop must not (bench/serve_load.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from .names import identity, looks

HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
"""Argon2id at OWASP's recommended minimum (m=19 MiB, t=2, p=1)."""
SCHEMA_VERSION = 1
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

    def _upgrade(self, log: Callable[[str], None]) -> None:
        """Create the tables, and bring a file of an older schema up to date (see the module's docstring)."""
        db = self.db
        columns = {row[1] for row in db.execute("pragma table_info(accounts)")}
        db.executescript(_SCHEMA)
        if db.execute("pragma user_version").fetchone()[0] >= SCHEMA_VERSION:
            return
        db.execute("begin immediate")
        try:
            if columns and "key" not in columns:
                for statement in _MIGRATION:
                    db.execute(statement)
            disabled = self._give_identities()
            db.create_function("identity", 1, identity, deterministic=True)
            db.execute("update or replace deliveries set account = identity(account)")
            db.execute(_INDEX)
            db.execute(f"pragma user_version = {SCHEMA_VERSION}")
            db.execute("commit")
        except BaseException:
            db.execute("rollback")
            raise
        for line in disabled:
            log(line)

    def _give_identities(self) -> list[str]:
        """Every account its identity and looks, oldest first; the log's lines for those disabled."""
        lines = []
        owners: dict[str, str] = {}
        rows = self.db.execute("select rowid, name from accounts order by created, rowid").fetchall()
        self.db.execute("delete from looks")
        for rowid, name in rows:
            key, seen = identity(name), looks(name)
            older = owners.get(key) or next((owners[look] for look in seen if look in owners), None)
            if older is not None:
                self.db.execute("update accounts set key = ?, disabled = 1 where rowid = ?", (key, rowid))
                lines.append(f"account {name} disabled: the same name as or a name like {older}, which is older")
                continue
            self.db.execute("update accounts set key = ?, disabled = 0 where rowid = ?", (key, rowid))
            self.db.executemany("insert into looks values (?, ?)", [(look, key) for look in seen])
            owners[key] = name
            owners.update((look, name) for look in seen)
        return lines

    def _salt(self) -> bytes:
        """The key of the addresses' hashes, made once for this file."""
        self.db.execute("insert or ignore into meta values ('address salt', ?)", (secrets.token_hex(16),))
        return bytes.fromhex(self.db.execute("select value from meta where name = 'address salt'").fetchone()[0])

    def _write(self, sql: str, args: tuple[Any, ...]) -> Future[Any]:
        """Run a writing statement in the store's thread, after every write asked before it."""
        return self.writer.submit(self.written.execute, sql, args)

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
        """The looks ``name`` shares with accounts in use: (look, that account's name)."""
        seen = sorted(looks(name))
        rows = self.db.execute(
            f"select looks.look, accounts.name from looks join accounts on accounts.key = looks.account "
            f"and not accounts.disabled where looks.look in ({', '.join('?' * len(seen))})", seen).fetchall()
        return [(row[0], row[1]) for row in rows]

    async def create_account(self, name: str, hashed: str, settings: dict[str, str]) -> bool:
        """False if the name, or a name that looks like it, was taken meanwhile (two connections at once);
        ``NotWritten`` if the file could not take it (a full disk)."""
        return bool(await asyncio.wrap_future(self.writer.submit(self._insert_account, name, hashed, settings)))

    def _insert_account(self, name: str, hashed: str, settings: dict[str, str]) -> bool:
        """The account and its looks, in one transaction (the store's thread)."""
        db, key = self.written, identity(name)
        db.execute("begin immediate")
        try:
            db.execute("insert into accounts (name, hash, created, settings, key) values (?, ?, ?, ?, ?)",
                       (name, hashed, time.time(), json.dumps(settings), key))
            db.executemany("insert into looks values (?, ?)", [(look, key) for look in sorted(looks(name))])
            db.execute("commit")
        except sqlite3.Error as error:  # taken meanwhile, or a full disk: nothing is written, the connection usable
            with contextlib.suppress(sqlite3.Error):
                db.execute("rollback")
            if isinstance(error, sqlite3.IntegrityError):
                return False
            raise NotWritten(error) from error
        return True

    def remember(self, name: str, settings: dict[str, str]) -> None:
        self._write("update accounts set settings = ? where key = ? and not disabled",
                    (json.dumps(settings), identity(name)))

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
        return self._write("insert or replace into tables values (?, ?, ?, ?)",
                           (ident, name, json.dumps(spec, ensure_ascii=False), time.time()))

    def drop_table(self, ident: str) -> None:
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
