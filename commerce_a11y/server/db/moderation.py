"""What the store keeps for keeping the server pleasant (``operators.py``): who is an operator, who is banned or
muted and until when (None: until lifted), and the reports people made. Keyed on accounts' identities."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Literal

from ..names import identity
from .core import Core


@dataclass(frozen=True)
class Sanction:
    """A ban or a mute: until when (seconds since the epoch; None: until lifted), why, and by which operator."""

    until: float | None
    reason: str
    by: str


@dataclass(frozen=True)
class Report:
    """One report: who made it, about whom, why, when, and the last lines the reporter heard from that person."""

    number: int
    reporter: str
    reported: str
    reason: str
    made: float
    heard: list[str]


class Moderation:
    """Operators, bans, mutes and reports."""

    def __init__(self, core: Core) -> None:
        self.core = core

    # ----- operators -----

    def operators(self) -> list[str]:
        return [row[0] for row in self.core.read("select name from operators order by name")]

    def is_operator(self, name: str) -> bool:
        return self.core.read_one("select 1 from operators where account = ?", (identity(name),)) is not None

    def grant(self, name: str) -> None:
        row = (identity(name), name)
        self.core.write(lambda db: db.execute("insert or replace into operators values (?, ?)", row)).result()

    def revoke(self, name: str) -> None:
        key = identity(name)
        self.core.write(lambda db: db.execute("delete from operators where account = ?", (key,))).result()

    # ----- bans and mutes -----

    def sanction(self, kind: Literal["bans", "mutes"], name: str, now: float) -> Sanction | None:
        """The account's ban or mute in force at ``now`` (one that ran out is None)."""
        row = self.core.read_one(f"select until, reason, by from {kind} where account = ?", (identity(name),))
        if row is None or (row[0] is not None and row[0] <= now):
            return None
        return Sanction(*row)

    def impose(self, kind: Literal["bans", "mutes"], name: str, sanction: Sanction) -> None:
        row = (identity(name), name, sanction.until, sanction.reason, sanction.by)
        self.core.write(lambda db: db.execute(f"insert or replace into {kind} values (?, ?, ?, ?, ?)", row))

    async def lift(self, kind: Literal["bans", "mutes"], name: str) -> bool:
        """Lifted; False if there was none (asked of the writer, after every write asked before: a ban just
        imposed is there to lift)."""
        key = identity(name)
        return await asyncio.wrap_future(self.core.write(
            lambda db: db.execute(f"delete from {kind} where account = ?", (key,)).rowcount > 0))

    # ----- reports -----

    def report(self, reporter: str, reported: str, reason: str, heard: list[str]) -> None:
        row = (reporter, identity(reported), reported, reason, time.time(), json.dumps(heard, ensure_ascii=False))
        self.core.write(lambda db: db.execute(
            "insert into reports (reporter, reported, reported_name, reason, made, heard) values (?, ?, ?, ?, ?, ?)",
            row))

    def reports(self, most: int) -> list[Report]:
        """The latest ``most`` reports, newest first."""
        rows = self.core.read("select rowid, reporter, reported_name, reason, made, heard from reports "
                              "order by rowid desc limit ?", (most,))
        return [Report(number, reporter, reported, reason, made, _lines(heard))
                for number, reporter, reported, reason, made, heard in rows]


def _lines(text: str) -> list[str]:
    try:
        found = json.loads(text)
    except ValueError:
        return []
    return [line for line in found if isinstance(line, str)] if isinstance(found, list) else []
