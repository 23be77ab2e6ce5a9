"""Where a match's chance comes from (G10): handed to the engine, which only ever draws floats in [0, 1) from it.

Two kinds, both deterministic, so that a record replays exactly:

- ``Seeded``: Python's Mersenne Twister, ``random.Random(seed)``, used through ``random()`` alone (the one method
  Python promises to keep). A short number gives a whole match again, on every machine: ``commerce play --seed``,
  ``commerce simulate --seed``, every test and every record written before format 3. It is no secret: its seeds are
  small, and its outputs give away its state, so the cards one seat sees single out the seed (among 2^31
  seeds in about twenty minutes on one core), and with it every hidden card. Good where nobody at the table is
  kept from anything (the local game: the player's own save holds every card anyway).
- ``Keyed``: BLAKE2b keyed with a 256-bit secret, in counter mode: block ``i`` of the stream is the keyed hash of
  ``i``, cut into floats of 53 bits each (as many as a float holds). A keyed hash is a pseudorandom function: without
  the key its output cannot be told from chance, and no number of outputs (every card a seat has seen) gives the
  key or the next output. The server's matches draw from it, the key made from the operating system's randomness
  (``secrets``) and kept only in the server's own save and in the record sent once the match has ended.

The same key also gives the numbers that seed computer players on the server (``Keyed.number``), by the same
hash with a different personalisation: they tell nothing about the deals, and nothing about the key.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

SEEDED = "seeded"
"""The record's name for the seeded kind: the default, left out of the match line (records before format 3)."""
KEYED = "blake2b"
"""The record's name for the keyed kind (the match line's ``chance``)."""
KEY_BYTES = 32
"""A key's length: 256 bits, beyond any search."""
_BLOCK = 64
"""Bytes of one block of the keyed stream (BLAKE2b's longest digest): eight floats."""
_DEALS = b"commerce deals"
_NUMBERS = b"commerce number"
"""The personalisations (BLAKE2b's ``person``, at most 16 bytes) that keep the deals and the derived numbers apart."""


class Stream(Protocol):
    """A chance's floats, one after another (``random.Random`` is one)."""

    def random(self) -> float:
        """The next float in [0, 1)."""
        ...

    def getstate(self) -> object:
        """Where the stream stands, as a value that compares equal only at the same place (for tests)."""
        ...


@dataclass(frozen=True, slots=True)
class Seeded:
    """G10's chance: ``random.Random(seed).random``."""

    seed: int
    kind: ClassVar[str] = SEEDED

    @property
    def recorded(self) -> int:
        """The match line's ``seed``."""
        return self.seed

    def draws(self) -> Stream:
        """A fresh stream of floats in [0, 1), from its start."""
        return random.Random(self.seed)


@dataclass(frozen=True, slots=True)
class Keyed:
    """The server's chance: floats from BLAKE2b keyed with ``key`` (``KEY_BYTES`` long), in counter mode."""

    key: bytes = field(repr=False)  # never in a log line or a traceback's repr
    kind: ClassVar[str] = KEYED

    def __post_init__(self) -> None:
        if len(self.key) != KEY_BYTES:
            raise ValueError(f"a key is {KEY_BYTES} bytes")

    @property
    def recorded(self) -> str:
        """The match line's ``seed``: the key in lowercase hex (a string, which every JSON reader keeps whole)."""
        return self.key.hex()

    def draws(self) -> Stream:
        """A fresh stream of floats in [0, 1), from its start."""
        return _KeyedStream(self.key)

    def number(self, *values: int) -> int:
        """A 63-bit number fixed by the key and ``values`` (unsigned, each below 2^64), independent of the deals: the
        hash is personalised apart from the stream's, so neither tells anything about the other or the key."""
        from hashlib import blake2b

        data = b"".join(v.to_bytes(8, "little") for v in values)
        return int.from_bytes(blake2b(data, key=self.key, digest_size=8, person=_NUMBERS).digest(), "little") >> 1


class _KeyedStream:
    """``Keyed``'s stream: block after block of the keyed hash of a counter, eight floats a block."""

    __slots__ = ("blake2b", "buffered", "counter", "key")

    def __init__(self, key: bytes) -> None:
        from hashlib import blake2b  # only where a keyed match is played: the local game never imports it

        self.blake2b = blake2b
        self.key = key
        self.counter = 0
        self.buffered: list[float] = []

    def random(self) -> float:
        if not self.buffered:
            block = self.blake2b(self.counter.to_bytes(8, "little"), key=self.key, digest_size=_BLOCK,
                                 person=_DEALS).digest()
            self.counter += 1
            # The top 53 bits of each 64, as many as a float holds exactly; back to front, as pop() takes them.
            self.buffered = [(int.from_bytes(block[i:i + 8], "little") >> 11) * 2.0**-53
                             for i in range(_BLOCK - 8, -1, -8)]
        return self.buffered.pop()

    def getstate(self) -> object:
        return self.counter, tuple(self.buffered)


Chance = Seeded | Keyed
"""Where a match's chance comes from."""

_HEX_KEY = re.compile(f"[0-9a-f]{{{2 * KEY_BYTES}}}")


def chance_from_record(kind: object, seed: object) -> Chance:
    """The chance a match line names (its ``chance``, default ``seeded``, and its ``seed``); ``ValueError`` for a
    kind this version does not know or a seed that is not one of that kind's."""
    if kind == SEEDED:
        if isinstance(seed, float) and seed.is_integer():
            seed = int(seed)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed is not a whole number")
        return Seeded(seed)
    if kind == KEYED:
        if not isinstance(seed, str) or not _HEX_KEY.fullmatch(seed):
            raise ValueError(f"the key is not {2 * KEY_BYTES} hexadecimal digits")
        return Keyed(bytes.fromhex(seed))
    raise ValueError("an unknown kind of chance")
