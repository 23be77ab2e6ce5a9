"""What one server allows, and the defaults of ``commerce serve``'s limits: shared by the registry, the login, the
admission and the table, so that none of them imports another for a number."""

from __future__ import annotations

from dataclasses import dataclass

GRACE = 90
"""Seconds a dropped player's seat waits before a computer player plays for them."""
LOGIN_SECONDS = 60.0
"""A connection must log in within this time: the name and the password (for a new account, both passwords)."""
LOBBY_IDLE = 30 * 60.0
"""A connection idle this long in the lobby is closed (one seated at a table is never timed out)."""
LOGINS_PER_MINUTE = 20
"""Login attempts (names given) per address and minute."""
WAITING_PER_ADDRESS = 3
"""Connections from one address that may be logging in at once."""
TABLES_PER_ACCOUNT = 5
"""Tables one account may have a seat at when it makes another (one account made 2,000 tables in 17 s)."""
CLOSE_AFTER = 7 * 24 * 3600.0
"""Seconds after which a table nobody has sat at is closed, its record kept for those who played."""


@dataclass
class Limits:
    """What one server allows: connections in all and per address, seconds idle in the lobby and to log in, the
    grace period of a dropped seat, login attempts per address and minute, connections not logged in yet, in all
    (None: a fifth of ``connections``) and per address (``admission.py``), the tables one account may sit at, and
    the seconds after which a table nobody has sat at is closed."""

    connections: int = 500
    per_address: int = 10
    idle: float = LOBBY_IDLE
    login: float = LOGIN_SECONDS
    grace: int = GRACE
    logins: int = LOGINS_PER_MINUTE
    waiting: int | None = None
    waiting_per_address: int = WAITING_PER_ADDRESS
    tables: int = TABLES_PER_ACCOUNT
    close_after: float = CLOSE_AFTER
