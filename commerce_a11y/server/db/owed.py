"""Records owed to players, in two tables of one shape: ``deliveries``, a finished match's record owed to each
player who sat at its table (``commerce join`` receives it at the next login and keeps it where ``commerce replay``
finds it), and ``news``, a match that ended while its player was away, told once at their next login."""

from __future__ import annotations

from typing import Literal

from ..names import identity
from .core import Core


class Owed:
    """One table of (account, record's path, seat) rows, each kept until it is done."""

    def __init__(self, core: Core, table: Literal["deliveries", "news"]) -> None:
        self.core = core
        self.table = table

    def add(self, account: str, path: str, seat: int) -> None:
        row = (identity(account), path, seat)
        self.core.write(lambda db: db.execute(f"insert or ignore into {self.table} values (?, ?, ?)", row))

    def of(self, account: str) -> list[tuple[str, int]]:
        """The paths and seats owed to the account."""
        return [(row[0], row[1]) for row in
                self.core.read(f"select path, seat from {self.table} where account = ?", (identity(account),))]

    def remove(self, account: str, path: str) -> None:
        """Done: delivered, or told."""
        row = (identity(account), path)
        self.core.write(lambda db: db.execute(f"delete from {self.table} where account = ? and path = ?", row))
