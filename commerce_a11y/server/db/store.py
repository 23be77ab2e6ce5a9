"""``Store``: the server's one SQLite file (``server.db`` in its data folder), its core and a repository per concern,
composed once for the server to hold."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .accounts import Accounts
from .addresses import Addresses
from .core import Core
from .migrations import MIGRATIONS
from .moderation import Moderation
from .owed import Owed
from .ratings import Ratings
from .table_index import TableIndex
from .talk import KeptTells, Lists


class Store:
    """The server's SQLite file, brought up to date when it is opened (``migrations.py``; their lines to ``log``)."""

    def __init__(self, path: Path, log: Callable[[str], None] | None = None) -> None:
        self.core = Core(path, MIGRATIONS, log or (lambda text: None))
        self.accounts = Accounts(self.core)
        self.addresses = Addresses(self.core)
        self.index = TableIndex(self.core)
        self.deliveries = Owed(self.core, "deliveries")
        self.news = Owed(self.core, "news")
        self.tells = KeptTells(self.core)
        self.ignores = Lists(self.core, "ignores")
        self.friends = Lists(self.core, "friends")
        self.moderation = Moderation(self.core)
        self.ratings = Ratings(self.core)

    def close(self) -> None:
        """Every write asked is made first."""
        self.core.close()
