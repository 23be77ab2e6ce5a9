"""Accounts, the table index and record deliveries, in one SQLite file in the server's data folder.

An account is a name (kept as typed, compared without case) and an Argon2id hash of its password (argon2-cffi, at
OWASP's minimum of 19 MiB, two passes: about 30 ms a hash here, computed in a thread, at most two at a time so that
two hundred logins at once cost 40 MB, not four gigabytes). Its settings (language, verbosity, card style) are kept
with it. The table index says which tables exist, who sits where and with which options; the table's match itself
is its sealed record in ``tables/`` (``table.py``). A delivery is a finished match's record owed to a player who sat
at its table: ``commerce join`` receives it at the next login and keeps it where ``commerce replay`` finds it.

Every statement is short and runs on the event loop (WAL, synchronous NORMAL: a fraction of a millisecond); nothing
in a move touches this file, only joining, starting and ending a table.
"""

from __future__ import annotations

import json
import sqlite3
import time
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
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("pragma journal_mode=wal")
        self.db.execute("pragma synchronous=normal")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    # ----- accounts -----

    def account(self, name: str) -> tuple[str, str, dict[str, str]] | None:
        """The account's name as it was created, its hash and its settings; None if there is none."""
        row = self.db.execute("select name, hash, settings from accounts where name = ?", (name,)).fetchone()
        if row is None:
            return None
        return row[0], row[1], _settings(row[2])

    def create_account(self, name: str, hashed: str, settings: dict[str, str]) -> bool:
        """False if the name was taken meanwhile (two connections creating it at once)."""
        try:
            self.db.execute("insert into accounts values (?, ?, ?, ?)",
                            (name, hashed, time.time(), json.dumps(settings)))
        except sqlite3.IntegrityError:
            return False
        return True

    def remember(self, name: str, settings: dict[str, str]) -> None:
        self.db.execute("update accounts set settings = ? where name = ?", (json.dumps(settings), name))

    # ----- tables -----

    def save_table(self, ident: str, name: str, spec: dict[str, Any]) -> None:
        self.db.execute("insert or replace into tables values (?, ?, ?, ?)",
                        (ident, name, json.dumps(spec, ensure_ascii=False), time.time()))

    def drop_table(self, ident: str) -> None:
        self.db.execute("delete from tables where id = ?", (ident,))

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
        self.db.execute("insert or ignore into deliveries values (?, ?, ?)", (account, path, seat))

    def owed(self, account: str) -> list[tuple[str, int]]:
        return [(row[0], row[1]) for row in
                self.db.execute("select path, seat from deliveries where account = ?", (account,))]

    def delivered(self, account: str, path: str) -> None:
        self.db.execute("delete from deliveries where account = ? and path = ?", (account, path))


def _settings(text: str) -> dict[str, str]:
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
