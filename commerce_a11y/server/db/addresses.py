"""The addresses an account logged in from lately (at most ``KNOWN_ADDRESSES``), so that a stranger's wrong guesses
never shut its owner out (``guesses.py``). Each is kept as a keyed hash: the file does not tell where anyone lives,
though the key (the address salt, made once for the file by migration 3) is in it."""

from __future__ import annotations

import hashlib
import hmac
import sqlite3
import time

from ..names import identity
from .core import Core

KNOWN_ADDRESSES = 5
"""Addresses remembered per account: where it logged in lately."""


class Addresses:
    """Where each account logged in lately."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.salt = bytes.fromhex(core.read_one("select value from meta where name = 'address salt'")[0])

    def _hashed(self, address: str) -> str:
        return hmac.new(self.salt, address.encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def known(self, name: str, address: str) -> bool:
        """Whether the account logged in from ``address`` lately (also when that is still being written: see
        ``core.Unwritten``)."""
        row = (identity(name), self._hashed(address))
        return ("known", *row) in self.core.unwritten or self.core.read_one(
            "select 1 from known where account = ? and address = ?", row) is not None

    def logged_in_from(self, name: str, address: str) -> None:
        """Remember ``address`` as one the account logged in from; only the latest ``KNOWN_ADDRESSES`` are kept."""
        key, hashed, seen = identity(name), self._hashed(address), time.time()

        def work(db: sqlite3.Connection) -> None:
            db.execute("insert or replace into known values (?, ?, ?)", (key, hashed, seen))
            db.execute("delete from known where account = ? and address not in (select address from known where "
                       "account = ? order by seen desc limit ?)", (key, key, KNOWN_ADDRESSES))

        self.core.write(work, unwritten=[("known", key, hashed)])
