"""Resume tokens: how a browser's page that lost its socket (a phone's network changed, a laptop slept) comes back as
its person without their password.

At every login over a peer that can keep one (the browser's page, in its tab's session storage), the server makes a
token: 32 random bytes from the operating system, never derived from the password or the account, held only in the
server's memory. It is good once: the page that comes back with it is logged in as its account and gets a new one.
It is good while its session is online and for ``Limits.grace`` seconds after the session ended (the grace period a
dropped seat waits), never after; a new login of the account makes the one before worthless. A server that restarts
forgets every token: its players log in again.

Tokens are compared as the keys of a dictionary of hashes (SHA-256 of the token), so the time a lookup takes says
nothing about how close a guess was, and the memory holds nothing a page could use if it were read.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from .names import identity

TOKEN_BYTES = 32


def _key(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", errors="replace")).digest()


@dataclass
class Held:
    account: str
    until: float | None
    """None while its session is online; then the clock's time after which it is worthless."""


class Resumes:
    """The tokens in use, one per account at most."""

    def __init__(self, grace: Callable[[], float], clock: Callable[[], float]) -> None:
        self.grace = grace
        self.clock = clock
        self.held: dict[bytes, Held] = {}
        self.of_account: dict[str, bytes] = {}

    def issue(self, account: str) -> str:
        """A new token for ``account`` (logged in now); the one it had before is worthless."""
        self.forget(account)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        key = _key(token)
        self.held[key] = Held(account, None)
        self.of_account[identity(account)] = key
        return token

    def left(self, account: str) -> None:
        """The account's session ended: its token is good for the grace period from now."""
        key = self.of_account.get(identity(account))
        if key is not None:
            self.held[key].until = self.clock() + self.grace()
        self._sweep()

    def take(self, token: str) -> str | None:
        """The account a token stands for, if it is good now (it is then used up), else None."""
        if not token or len(token) > 2 * TOKEN_BYTES:
            return None
        held = self.held.get(_key(token))
        if held is None:
            return None
        self.forget(held.account)
        if held.until is not None and self.clock() > held.until:
            return None
        return held.account

    def forget(self, account: str) -> None:
        key = self.of_account.pop(identity(account), None)
        if key is not None:
            self.held.pop(key, None)

    def _sweep(self) -> None:
        """Tokens past their time are dropped (as accounts leave), so that memory holds only the ones still good."""
        now = self.clock()
        for key, held in list(self.held.items()):
            if held.until is not None and now > held.until:
                del self.held[key]
                if self.of_account.get(identity(held.account)) == key:
                    del self.of_account[identity(held.account)]
