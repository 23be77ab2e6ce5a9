"""What a person may ask of the server in a while: a budget for each kind of work a client can ask for, kept by who
asks rather than by connection.

Every message a client can send that writes to the disk or takes the server's time has a budget: at most ``limit``
in any ``window`` seconds. A budget is kept by account once its person has logged in, and by address before (an
account has one connection at a time, so it is that connection's too): logging in again, or from a second
connection, never refills it. Over budget, the work is not done, and the person hears at most one sentence until
the budget has room again (``Allowances.take`` says when that sentence is due); nothing waits in a queue meanwhile.
Lines typed are the exception: they are paced, not dropped (``Work.LINE``).
So one client's flood costs the server little more than reading it (which ``intake.py`` bounds in bytes a
second), and nobody else anything.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple


class Rate(NamedTuple):
    limit: int
    window: float


class Work(Enum):
    """The kinds of work a client asks for; each one's budget is its ``rate`` (``RATES``)."""

    LINE = "line"
    """Lines typed after logging in (a match's moves, the lobby's commands): a person types a line a second, a
    script that answers each question at once a few dozen. Over budget, lines wait rather than being dropped
    (``Session.paced``): the connection stops reading once its inbox is half full, and TCP makes the client wait."""
    GMCP = "gmcp"
    """GMCP messages of any kind (a MUD client sends a handful as it connects)."""
    SETTING = "setting"
    """Changes of settings that are written: the account's (``Commerce.Settings``, ``language``, ``verbosity``,
    ``cards``) and a table's by its host (``set``)."""
    CHAT = "chat"
    """Chat lines, each heard by everyone in the lobby or at the table."""
    TABLE = "table"
    """Tables made (each one written into the table index)."""
    NAME = "name"
    """Lines given at the name question (``Limits.logins`` a minute: ``commerce serve --logins-per-minute``)."""
    CODE = "code"
    """Wrong invite codes (``invites.py``), by account and by address, as wrong passwords are counted."""

    @property
    def rate(self) -> Rate:
        return RATES[self]


RATES = {Work.LINE: Rate(100, 5.0), Work.GMCP: Rate(60, 10.0), Work.SETTING: Rate(10, 60.0), Work.CHAT: Rate(5, 10.0),
         Work.TABLE: Rate(10, 60.0), Work.NAME: Rate(20, 60.0), Work.CODE: Rate(10, 300.0)}
"""Each kind of work's budget: at most ``limit`` in any ``window`` seconds."""


@dataclass
class Budget:
    """One holder's spending on one kind of work: the times in the window, and whether the refusal was said."""

    times: deque[float] = field(default_factory=deque)
    told: bool = False


class Verdict(Enum):
    """What ``take`` says: the work may be done; or not, and the person is to hear why (once); or not, silently."""

    YES = "yes"
    NO_SAY = "no, say why"
    NO = "no"

    def __bool__(self) -> bool:
        return self is Verdict.YES


def loop_time() -> float:
    """The event loop's clock where there is one (a test's virtual loop moves it), else the monotonic clock."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return time.monotonic()


class Allowances:
    """Every budget of one server, in memory (a restart begins them anew)."""

    SWEEP_EVERY = 1000

    def __init__(self) -> None:
        self.book: dict[tuple[Work, str], Budget] = {}
        self.taken = 0

    def take(self, work: Work, holder: str, rate: Rate | None = None) -> Verdict:
        """Count one piece of ``work`` for ``holder`` (``holder_of``) if its budget (``rate``, else the work's own)
        has room."""
        now = loop_time()
        budget = self.book.get((work, holder))
        if budget is None:
            budget = self.book[(work, holder)] = Budget()
        limit, window = rate or work.rate
        while budget.times and now - budget.times[0] > window:
            budget.times.popleft()
        self.taken += 1
        if self.taken % self.SWEEP_EVERY == 0:
            self._sweep(now)
        if len(budget.times) >= limit:
            if budget.told:
                return Verdict.NO
            budget.told = True
            return Verdict.NO_SAY
        budget.told = False
        budget.times.append(now)
        return Verdict.YES

    def until(self, work: Work, holder: str) -> float:
        """Seconds until ``holder``'s budget for ``work`` has room again (0 if it has now)."""
        budget = self.book.get((work, holder))
        limit, window = work.rate
        if budget is None or len(budget.times) < limit:
            return 0.0
        return max(0.0, budget.times[-limit] + window - loop_time())

    def spent(self, work: Work, holder: str) -> bool:
        """Whether ``holder``'s budget for ``work`` is spent now (nothing is counted)."""
        budget = self.book.get((work, holder))
        if budget is None:
            return False
        limit, window = work.rate
        now = loop_time()
        return sum(1 for at in budget.times if now - at <= window) >= limit

    def _sweep(self, now: float) -> None:
        """Forget the budgets with nothing in their window, so that the book does not grow without end."""
        for key in [k for k, b in self.book.items() if not b.times or now - b.times[-1] > k[0].rate.window]:
            del self.book[key]


def holder_of(account: str, address: str) -> str:
    """Who a budget is kept for: the account (its identity) once logged in, else the address (``network``)."""
    return f"account {account}" if account else f"address {address}"
