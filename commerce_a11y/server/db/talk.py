"""What the store keeps of people and each other: tells kept for a person who was away (``KeptTells``), and whom each
person ignores and calls a friend (``Lists``, one table each). All keyed on accounts' identities
(``names.identity``)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from dataclasses import dataclass
from functools import partial
from typing import Literal

from ..names import identity
from .core import Core, NotWritten

KEPT_PER_RECEIVER = 20
"""Tells that wait for one person at most: a flood of tells from many accounts fills no one's login."""
KEPT_PER_SENDER = 10
"""Tells one person may have waiting for others at most: one account fills nobody's store."""


@dataclass(frozen=True)
class KeptTell:
    """A tell kept for its receiver: who said it (their name as they typed it), what, and when (seconds since the
    epoch)."""

    number: int
    sender: str
    text: str
    sent: float


class KeptTells:
    """Tells to a person who was not online, kept until their next login."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def keep(self, sender: str, receiver: str, text: str) -> str:
        """Keep a tell: "kept", or why not ("receiver full", "sender full"); ``NotWritten`` on a full disk. The
        counts and the insert are one transaction, so two tells at once cannot pass a bound together."""
        try:
            return await asyncio.wrap_future(self.core.write(partial(_keep, sender, receiver, text, time.time())))
        except sqlite3.Error as error:
            raise NotWritten(error) from error

    def of(self, receiver: str) -> list[KeptTell]:
        """The tells waiting for ``receiver``, oldest first."""
        rows = self.core.read("select rowid, sender_name, text, sent from kept_tells where receiver = ? "
                              "order by rowid", (identity(receiver),))
        return [KeptTell(*row) for row in rows]

    def done(self, numbers: list[int]) -> None:
        """Told: forget them."""
        self.core.write(lambda db: db.executemany("delete from kept_tells where rowid = ?",
                                                  [(number,) for number in numbers]))


def _keep(sender: str, receiver: str, text: str, sent: float, db: sqlite3.Connection) -> str:
    to, by = identity(receiver), identity(sender)
    if db.execute("select count(*) from kept_tells where receiver = ?", (to,)).fetchone()[0] >= KEPT_PER_RECEIVER:
        return "receiver full"
    if db.execute("select count(*) from kept_tells where sender = ?", (by,)).fetchone()[0] >= KEPT_PER_SENDER:
        return "sender full"
    db.execute("insert into kept_tells (receiver, sender, sender_name, text, sent) values (?, ?, ?, ?, ?)",
               (to, by, sender, text, sent))
    return "kept"


class Lists:
    """A list of people each person keeps (``ignores`` or ``friends``): by identity, with the name as it was typed
    for reading out."""

    def __init__(self, core: Core, table: Literal["ignores", "friends"]) -> None:
        self.core = core
        self.table = table

    def of(self, account: str) -> dict[str, str]:
        """The identities on ``account``'s list, each with its name."""
        return dict(self.core.read(f"select other, other_name from {self.table} where account = ?",
                                   (identity(account),)))

    def add(self, account: str, name: str) -> None:
        row = (identity(account), identity(name), name)
        self.core.write(lambda db: db.execute(f"insert or replace into {self.table} values (?, ?, ?)", row))

    def remove(self, account: str, name: str) -> None:
        row = (identity(account), identity(name))
        self.core.write(lambda db: db.execute(f"delete from {self.table} where account = ? and other = ?", row))
