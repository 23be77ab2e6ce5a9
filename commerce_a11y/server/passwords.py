"""Password hashes: Argon2id (argon2-cffi) at OWASP's minimum of 19 MiB and two passes, about 30 ms a hash here.

Callers compute them in a thread of their own, at most two at a time (``Server.hashing``), so that two hundred
logins at once cost 40 MB, not four gigabytes, and the event loop never waits for one."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
"""Argon2id at OWASP's recommended minimum (m=19 MiB, t=2, p=1)."""


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False
