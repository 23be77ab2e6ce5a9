"""The table index: which tables exist, who sits where and with which options (``Seats.spec``), enough to set each
up again after a restart. The table's match itself is its save in ``tables/`` (``saves.py``)."""

from __future__ import annotations

import json
import time
from concurrent.futures import Future
from typing import Any

from .core import Core


class TableIndex:
    """The tables a restart finds."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def save(self, ident: str, name: str, spec: dict[str, Any]) -> Future[Any]:
        """Write the table's entry (the latest asked before the write is made): the write's future."""
        row = (ident, name, json.dumps(spec, ensure_ascii=False), time.time())
        return self.core.write_latest(("table", ident), lambda db: db.execute(
            "insert or replace into tables values (?, ?, ?, ?)", row))

    def drop(self, ident: str) -> None:
        self.core.forget(("table", ident))
        self.core.write(lambda db: db.execute("delete from tables where id = ?", (ident,)))

    def entries(self) -> list[tuple[str, str, dict[str, Any]]]:
        """Every table's identity, name and spec, oldest write first; an entry that does not read is left out."""
        found = []
        for ident, name, spec in self.core.read("select id, name, spec from tables order by updated"):
            try:
                data = json.loads(spec)
            except ValueError:
                continue
            if isinstance(data, dict):
                found.append((ident, name, data))
        return found
