"""Password guesses: counted before they are checked, slowed down rather than locked out.

As well-run login services do (OWASP's Authentication Cheat Sheet, NIST SP 800-63B 5.2.2): each wrong password
makes the next answer and the next check on the same budget wait longer (a pause that doubles with every guess in
the window), and a budget per window bounds how many guesses are checked at all. A stranger's guesses never shut the
owner out: an address the account logged in from lately (``Addresses.known``: the owner's) has a budget of its own, so
guesses from anywhere else spend only the budget of the addresses unknown to that account. Each address also has a
budget across the accounts it is unknown to, for one address trying a common password on many accounts.

A guess is counted when the password arrives, before its hash is computed (in a thread): ``reserve`` is synchronous,
so a hundred connections answering at once are counted one by one and only the budget's worth is checked. A right
password gives its guess back.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

WINDOW = 300.0
"""Seconds a guess counts against its budgets."""
ACCOUNT_GUESSES = 5
"""Guesses per window at one account from the addresses it did not log in from lately."""
KNOWN_GUESSES = 5
"""Guesses per window at one account from each address it logged in from lately."""
ADDRESS_GUESSES = 10
"""Guesses per window from one address at the accounts it is unknown to."""
FIRST_PAUSE = 0.1
"""Seconds before the answer to the first wrong password of a window; each further one doubles it."""
LONGEST_PAUSE = 10.0

Spent = Literal["account", "address"]
"""Which budget refused a guess: the account's (said with its name) or the address's."""


@dataclass
class Budget:
    """Guesses counted in one window, and when the next check may begin."""

    limit: int
    times: deque[float] = field(default_factory=deque)
    ready: float = 0.0

    def spent(self, now: float) -> int:
        while self.times and now - self.times[0] > WINDOW:
            self.times.popleft()
        return len(self.times)


@dataclass(frozen=True)
class Guess:
    """One password being checked, and the budgets it was counted against."""

    budgets: tuple[Budget, ...]
    at: float


class Guesses:
    """Every budget of the server's password guesses, in memory (a restart begins them anew)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.book: dict[tuple[str, ...], Budget] = {}
        self.counted = 0

    def _budgets(self, account: str, address: str, known: bool) -> list[tuple[Spent, Budget]]:
        """The budgets a guess at ``account`` (its identity) from ``address`` is counted against."""
        if known:
            return [("account", self._budget(("known", account, address), KNOWN_GUESSES))]
        return [("account", self._budget(("account", account), ACCOUNT_GUESSES)),
                ("address", self._budget(("address", address), ADDRESS_GUESSES))]

    def _budget(self, key: tuple[str, ...], limit: int) -> Budget:
        budget = self.book.get(key)
        if budget is None:
            budget = self.book[key] = Budget(limit)
        return budget

    def refusal(self, account: str, address: str, known: bool) -> Spent | None:
        """Which budget a guess would find spent (None: it may be made); nothing is counted."""
        now = self.clock()
        return next((kind for kind, budget in self._budgets(account, address, known)
                     if budget.spent(now) >= budget.limit), None)

    def reserve(self, account: str, address: str, known: bool) -> Guess | Spent:
        """Count a guess before it is checked, or say which budget is spent."""
        spent = self.refusal(account, address, known)
        if spent is not None:
            return spent
        now = self.clock()
        budgets = tuple(budget for _kind, budget in self._budgets(account, address, known))
        for budget in budgets:
            budget.times.append(now)
        self.counted += 1
        if self.counted % 1000 == 0:
            self._sweep(now)
        return Guess(budgets, now)

    def wait(self, guess: Guess) -> float:
        """Seconds before the guess may be checked: the pause the last wrong password on its budgets began."""
        return max(0.0, max(budget.ready for budget in guess.budgets) - self.clock())

    def wrong(self, guess: Guess) -> float:
        """A wrong password: the pause before its answer, and before the next check on the same budgets."""
        now = self.clock()
        pause = 0.0
        for budget in guess.budgets:
            wait = min(LONGEST_PAUSE, FIRST_PAUSE * 2 ** max(0, budget.spent(now) - 1))
            budget.ready = max(budget.ready, now + wait)
            pause = max(pause, budget.ready - now)
        return pause

    def right(self, guess: Guess) -> None:
        """A right password gives its guess back."""
        for budget in guess.budgets:
            if guess.at in budget.times:
                budget.times.remove(guess.at)

    def _sweep(self, now: float) -> None:
        """Forget the budgets with nothing in their window, so that the book does not grow without end."""
        for key in [k for k, b in self.book.items() if not b.spent(now) and b.ready <= now]:
            del self.book[key]
