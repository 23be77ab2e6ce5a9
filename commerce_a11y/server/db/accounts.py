"""Accounts: a name (kept as typed), its identity (``names.identity``: the key every lookup uses, unique among the
accounts in use), its password's hash (``passwords.py``) and its settings (language, verbosity, card style).

Each account's likeness (``names.likeness``: its ASCII spelling and its confusable skeletons) is kept in a table of
its own (``looks``) whose key is each part of it, so that no new account is like one in use: an account and its
likeness are written in one transaction, and a name taken meanwhile by another connection makes it fail whole.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from functools import partial

from ..names import identity, likeness
from .core import Core, NotWritten


class Accounts:
    """The accounts and their likeness."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def find(self, name: str) -> tuple[str, str, dict[str, str]] | None:
        """The account whose identity ``name`` is: its name as it was created, its hash and its settings; None if
        there is none."""
        row = self.core.read_one("select name, hash, settings from accounts where key = ? and not disabled",
                                 (identity(name),))
        if row is None:
            return None
        return row[0], row[1], _settings(row[2])

    def lookalikes(self, name: str) -> list[tuple[str, str]]:
        """The keys of its likeness ``name`` shares with accounts in use: (key, that account's name)."""
        seen = sorted(likeness(name))
        rows = self.core.read(
            f"select looks.look, accounts.name from looks join accounts on accounts.key = looks.account "
            f"and not accounts.disabled where looks.look in ({', '.join('?' * len(seen))})", seen)
        return [(row[0], row[1]) for row in rows]

    async def create(self, name: str, hashed: str, settings: dict[str, str]) -> bool:
        """False if the name, or a name that looks like it, was taken meanwhile (two connections at once);
        ``NotWritten`` if the file could not take it (a full disk)."""
        try:
            await asyncio.wrap_future(self.core.write(partial(_insert, name, hashed, settings)))
        except sqlite3.IntegrityError:
            return False
        except sqlite3.Error as error:  # a full disk: nothing is written, the connection usable
            raise NotWritten(error) from error
        return True

    def remember(self, name: str, settings: dict[str, str]) -> None:
        """Keep the account's settings (the latest of those asked before the write is made)."""
        key, text = identity(name), json.dumps(settings)
        self.core.write_latest(("settings", key), lambda db: db.execute(
            "update accounts set settings = ? where key = ? and not disabled", (text, key)))


def _insert(name: str, hashed: str, settings: dict[str, str], db: sqlite3.Connection) -> None:
    """The account and its likeness (one transaction, in the writer thread)."""
    key = identity(name)
    db.execute("insert into accounts (name, hash, created, settings, key) values (?, ?, ?, ?, ?)",
               (name, hashed, time.time(), json.dumps(settings), key))
    db.executemany("insert into looks values (?, ?)", [(look, key) for look in sorted(likeness(name))])


def _settings(text: str) -> dict[str, str]:
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
