"""A private table's invite code: long enough that guessing is hopeless within the budget of wrong codes, and made of
characters that read well aloud and in braille.

A code is ``LENGTH`` characters from ``ALPHABET``: the digits 2 to 9 (no 0 and 1, taken for O and l) and seven
letters from k to z whose names no speech engine runs together in German, Dutch or English (not n beside m, not p,
t, v and z, which rhyme in English, not q beside u, not x beside s). Only letters after j: in braille the letters a
to j are the digits' cells, so "7a" would need a letter sign, and "7k" does not. That is 15 to the power 8, about
2.6 billion codes. Wrong codes count against a budget by account and by address (``allowances.Work.CODE``), as
passwords do: ten in five minutes, so that finding one code would take an address over a thousand years.

A code is compared as a person types it: case aside, with spaces, hyphens and dots dropped ("K7M2-S9U4").
"""

from __future__ import annotations

import hmac
import secrets

ALPHABET = "23456789kmrsuwy"
LENGTH = 8


def new_code() -> str:
    """A fresh code from the operating system's randomness."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def typed_code(text: str) -> str:
    """A code as typed, in the form it is compared in."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def right(code: str, typed: str) -> bool:
    """Whether ``typed`` is the table's ``code`` (older tables have six digits), compared in constant time."""
    return hmac.compare_digest(typed_code(typed).encode("utf-8"), typed_code(code).encode("utf-8"))
