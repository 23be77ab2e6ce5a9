"""Accounts, the table index and record deliveries, in one SQLite file in the server's data folder.

An account is a name (kept as typed, compared without case) and an Argon2id hash of its password (argon2-cffi, at
OWASP's minimum of 19 MiB, two passes: about 30 ms a hash here, computed in a thread, at most two at a time so that
two hundred logins at once cost 40 MB, not four gigabytes). Its settings (language, verbosity, card style) are kept
with it. The table index says which tables exist, who sits where and with which options; the table's match itself
is its sealed record in ``tables/`` (``table.py``). A delivery is a finished match's record owed to a player who sat
at its table: ``commerce join`` receives it at the next login and keeps it where ``commerce replay`` finds it.

Nothing in a move touches this file, only logging in, joining, starting and ending a table. Reads are short and run
on the event loop; writes go to one thread of their own, in order, on a connection of their own (WAL lets the two
work at once): a write that lands on a WAL checkpoint waits for the disk, measured at up to 16 ms, and the event
loop must not (bench/serve_load.py).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
"""Argon2id at OWASP's recommended minimum (m=19 MiB, t=2, p=1)."""

_SCHEMA = """
create table if not exists accounts (
    name text primary key collate nocase, hash text not null, created real not null, settings text not null
);
create table if not exists tables (
    id text primary key, name text not null unique collate nocase, spec text not null, updated real not null
);
create table if not exists deliveries (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
"""


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


class Store:
    """The server's SQLite file."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = _connect(path)
        self.db.executescript(_SCHEMA)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="store")
        self.written = _connect(path)

    def _write(self, sql: str, args: tuple[Any, ...]) -> Future[Any]:
        """Run a writing statement in the store's thread, after every write asked before it."""
        return self.writer.submit(self.written.execute, sql, args)

    def close(self) -> None:
        self.writer.shutdown(wait=True)
        self.written.close()
        self.db.close()

    # ----- accounts -----

    def account(self, name: str) -> tuple[str, str, dict[str, str]] | None:
        """The account's name as it was created, its hash and its settings; None if there is none."""
        row = self.db.execute("select name, hash, settings from accounts where name = ?", (name,)).fetchone()
        if row is None:
            return None
        return row[0], row[1], _settings(row[2])

    async def create_account(self, name: str, hashed: str, settings: dict[str, str]) -> bool:
        """False if the name was taken meanwhile (two connections creating it at once)."""
        try:
            await asyncio.wrap_future(self._write("insert into accounts values (?, ?, ?, ?)",
                                                  (name, hashed, time.time(), json.dumps(settings))))
        except sqlite3.IntegrityError:
            return False
        return True

    def remember(self, name: str, settings: dict[str, str]) -> None:
        self._write("update accounts set settings = ? where name = ?", (json.dumps(settings), name))

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
        self._write("insert or ignore into deliveries values (?, ?, ?)", (account, path, seat))

    def owed(self, account: str) -> list[tuple[str, int]]:
        return [(row[0], row[1]) for row in
                self.db.execute("select path, seat from deliveries where account = ?", (account,))]

    def delivered(self, account: str, path: str) -> None:
        self._write("delete from deliveries where account = ? and path = ?", (account, path))


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
