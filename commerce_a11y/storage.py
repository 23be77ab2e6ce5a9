"""The match in progress, saved in the data folder: its save slots, its writer, and the saves set aside.

Two copies of the game may run at once (two windows): each running match owns a save slot (``SaveSlot``), locked
for as long as the match is played, and a second window plays its own match in a slot of its own. A save that is
declined or cannot be loaded is set aside under a numbered name (``keep_save_aside``), never deleted. The folders
are ``folders.py``'s, the writing and reading ``files.py``'s, the seal ``seals.py``'s.
"""

from __future__ import annotations

import contextlib
import os
import re
from typing import TYPE_CHECKING

from .files import (
    FILE_LIMIT,
    NotAFile,
    TooLarge,
    atomic_write,
    keep_aside,
    read_limited,
    remove_stale_temporaries,
    replace_file,
)
from .folders import data_dir
from .locks import Lock, lock_path
from .seals import SaveRefused, Sealer

if TYPE_CHECKING:
    from pathlib import Path

SAVE_FILE = "saved-match.jsonl"


_SLOT = re.compile(r"saved-match(?:\.(?P<n>[2-9]|[1-9]\d{1,2}))?\.jsonl")
MAX_SLOTS = 999
"""How many matches may be saved apart at once (one per window that played while another window played)."""


def save_path(slot: int = 1) -> Path:
    """Where slot ``slot`` keeps its match: ``saved-match.jsonl`` for the first, ``saved-match.N.jsonl`` after."""
    return data_dir() / (SAVE_FILE if slot == 1 else f"saved-match.{slot}.jsonl")


def save_slots() -> list[int]:
    """The slots that hold a saved match (or something in its place), lowest first."""
    try:
        names = [found["n"] for p in data_dir().iterdir() if (found := _SLOT.fullmatch(p.name))]
    except OSError:
        return []
    return sorted({int(n or 1) for n in names})


class SaveSlot:
    """A place for one saved match, owned (locked) by the copy of the game that plays it.

    Only the owner reads its match to go on, writes it, cleans up the temporary files its writes leave after a
    kill, and removes it; another window finds it taken (``claim`` is False) and leaves it alone.
    """

    def __init__(self, number: int = 1) -> None:
        self.number = number
        self.path = save_path(number)
        self.lock = Lock(lock_path(self.path))

    def claim(self) -> bool:
        """Own this slot (False if another copy of the game plays it); stale temporaries are then cleaned up."""
        if not self.lock.acquire():
            return False
        CLAIMED.add(self.number)
        remove_stale_temporaries(self.path)
        return True

    def release(self) -> None:
        self.lock.release()
        CLAIMED.discard(self.number)

    def read(self) -> str | None:
        return read_save(self.path)

    def remove(self) -> None:
        remove_save(self.path)


CLAIMED: set[int] = set()
"""The slots this process owns: while it holds one, it plays a match that is saved after every move."""


def free_slot() -> SaveSlot | None:
    """The lowest slot that holds no match and that no other window owns, claimed; None if there is none."""
    taken = set(save_slots())
    for number in range(1, MAX_SLOTS + 1):
        if number in taken:
            continue
        slot = SaveSlot(number)
        if slot.claim():
            if not os.path.lexists(slot.path):
                return slot
            slot.release()  # saved there a moment ago by another window
    return None


class SaveWriter:
    """Saves the match in progress again and again: each save seals only the lines added since the one before
    (``Sealer``), and still replaces the whole file at once (``atomic_write``)."""

    def __init__(self, path: Path | None = None) -> None:
        self.sealer = Sealer()
        self.path = path

    def write(self, lines: list[str], ended: str | None = None, ident: str | None = None) -> bool:
        """Save the record so far (docs/record.md), sealed; ``ended`` and ``ident`` as in ``seal``. Lines that do not go
        on from the last save's are sealed afresh."""
        known = len(self.sealer.lines)
        if lines[:known] != self.sealer.lines:
            self.sealer, known = Sealer(), 0
        self.sealer.add(lines[known:])
        return atomic_write(self.path or save_path(), self.sealer.text(ended, ident))


def write_save(lines: list[str], ended: str | None = None, ident: str | None = None, path: Path | None = None
               ) -> bool:
    """Save the match in progress once: its record so far (docs/record.md), sealed, which replays into the same
    position."""
    return SaveWriter(path).write(lines, ended, ident)


def read_save(path: Path | None = None) -> str | None:
    """The saved match's text, or None when there is none or it cannot be read (a folder that is not one, no
    permission). Bytes that are not UTF-8 are kept (as U+FFFD), so that such a file is refused as damaged rather
    than taken for no save at all; so is something that is not a file, or a file too large to be a save."""
    data = read_save_bytes(path or save_path())
    return None if data is None else data.decode("utf-8", errors="replace")


def read_save_bytes(path: Path) -> bytes | None:
    """``read_save`` before decoding: a table's journal is read by byte offset (``server/saves.py``)."""
    try:
        return read_limited(path, FILE_LIMIT)
    except (NotAFile, TooLarge):
        raise SaveRefused("damaged") from None
    except OSError:
        return None


def remove_save(path: Path | None = None) -> None:
    with contextlib.suppress(OSError):
        (path or save_path()).unlink(missing_ok=True)


_SAVE_STEM, _SAVE_SUFFIX = os.path.splitext(SAVE_FILE)
_ASIDE = re.compile(rf"{re.escape(_SAVE_STEM)}-(?P<n>[1-9]\d{{0,3}}){re.escape(_SAVE_SUFFIX)}")


def aside_path(number: int) -> Path:
    """Where the saved match set aside as ``number`` is kept (``saved-match-2.jsonl``)."""
    return data_dir() / f"{_SAVE_STEM}-{number}{_SAVE_SUFFIX}"


def keep_save_aside(path: Path) -> int | None:
    """Set the save in ``path`` (any slot's) aside, in the one numbered series of saves set aside: its number, or
    None where it cannot be moved."""
    kept = keep_aside(path, SAVE_FILE)
    named = None if kept is None else _ASIDE.fullmatch(kept.name)
    return None if named is None else int(named["n"])


def set_aside() -> dict[int, Path]:
    """The saved matches set aside (declined when a new match began, or kept aside because they cannot be loaded),
    by number, lowest first."""
    try:
        found = {int(m["n"]): p for p in data_dir().iterdir() if (m := _ASIDE.fullmatch(p.name))}
    except OSError:
        return {}
    return dict(sorted(found.items()))


def take_back(number: int, slot: SaveSlot) -> bool:
    """Move the match set aside as ``number`` into ``slot`` (claimed by this process, empty), in one rename; False
    if it is not there (any more: another window took it back first)."""
    try:
        replace_file(aside_path(number), slot.path)
    except OSError:
        return False
    return True


FILING_LOCK = "filing.lock"


def filing_lock() -> Lock:
    """The lock under which a finished match is filed (its record named and written, the statistics read and
    rewritten): two windows ending in the same second take turns."""
    return Lock(data_dir() / FILING_LOCK)
