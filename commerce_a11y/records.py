"""Records of finished matches, kept in the data folder so that a player can listen to them again.

Each finished match leaves ``records/YYYYMMDD-HHMMSS-RULESET.jsonl`` (local time of its end; ``-2``, ``-3`` after
the ruleset when two end in the same second), created atomically and never over another record, even when two
windows end a match at the same moment. How many are kept is the setting ``keep_records``; beyond it the ones kept
longest ago go (by the order they were kept, which a wrong clock cannot turn round), never the one just kept.
Listing and choosing records is by their names, newest first. A record ``commerce join`` kept from a table, where
several people sat, is replayed from the seat of the person who kept it: ``seats.json`` beside the records says
which (``remember_seat``).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from datetime import datetime
from pathlib import Path
from typing import TypeGuard

from .files import FILE_LIMIT, atomic_write, read_limited
from .folders import data_dir
from .settings import NUMBER_SETTINGS

RECORDS_DIR = "records"
DEFAULT_KEEP = 50
"""How many records of finished matches are kept unless the player chose otherwise."""
KEEP_RANGE = NUMBER_SETTINGS["keep_records"]

SEATS_FILE = "seats.json"
"""Beside the records: the seat each record kept from a table was played from, by the record's name."""

_STAMP = re.compile(r"\d{8}-\d{6}")
_NAME = re.compile(r"(?P<stamp>\d{8}-\d{6})-(?P<rules>[a-z-]+?)(?:-(?P<n>\d+))?\.jsonl")


def records_dir() -> Path:
    return data_dir() / RECORDS_DIR


def _order(path: Path) -> tuple[str, int]:
    found = _NAME.fullmatch(path.name)
    assert found is not None
    return found["stamp"], int(found["n"] or 1)


def kept_records(folder: Path | None = None) -> list[Path]:
    """The kept records, newest first (files of other names in the folder are not ours and are left alone)."""
    folder = folder or records_dir()
    try:
        paths = [p for p in folder.iterdir() if _NAME.fullmatch(p.name) and p.is_file()]
    except OSError:
        return []
    return sorted(paths, key=_order, reverse=True)


def keep_record(lines: list[str], rules_name: str, keep: int, stamp: str, folder: Path | None = None) -> Path | None:
    """Keep a finished match's record (``stamp`` is when it ended, ``YYYYMMDD-HHMMSS``) and drop the ones kept
    longest ago beyond ``keep``; its path, or None if not kept. Keeping the same record again finds it rather than
    copying it. The caller holds the filing lock (``storage.filing_lock``); the names are taken exclusively all the
    same."""
    folder = folder or records_dir()
    text = "".join(line + "\n" for line in lines)
    path = None
    _remove_stale_temporaries(folder)
    if keep > 0:
        for n in range(1, 1000):
            candidate = folder / (f"{stamp}-{rules_name}.jsonl" if n == 1 else f"{stamp}-{rules_name}-{n}.jsonl")
            try:
                if read_limited(candidate, FILE_LIMIT).decode("utf-8") == text:
                    path = candidate
                    break
            except FileNotFoundError:
                try:
                    path = candidate if atomic_write(candidate, text, replace=False) else None
                except FileExistsError:  # taken a moment ago: by another window, or by a link or folder
                    continue
                if path is not None:
                    _keep_in_order(path, folder)
                break
            except NotADirectoryError:  # the records folder is a file: nothing can be kept there
                break
            except (OSError, ValueError):  # another file of that name, unreadable, a folder, too large
                pass
    for old in _latest_kept_first(folder, path)[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path


def _remove_stale_temporaries(folder: Path) -> None:
    """Remove what a writer killed while keeping a record left behind (under the filing lock no one else writes
    here now)."""
    with contextlib.suppress(OSError):
        for stale in folder.glob("*.jsonl*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()


def _kept_at(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _keep_in_order(path: Path, folder: Path) -> None:
    """Mark a record just kept as the latest kept: its modification time after every other record's, so that the
    order records were kept in survives a clock that was wrong (it still names them by the clock)."""
    latest = max((_kept_at(p) for p in kept_records(folder) if p != path), default=0.0)
    when = max(time.time(), latest + 1)
    with contextlib.suppress(OSError):
        os.utime(path, (when, when))


def _latest_kept_first(folder: Path, new: Path | None) -> list[Path]:
    """The kept records in the order they were kept, latest first; the record just kept (``new``) first of all."""
    return sorted(kept_records(folder), key=lambda p: (p == new, _kept_at(p), _order(p)), reverse=True)


def _seats(folder: Path) -> dict[str, int]:
    """``seats.json`` of ``folder``: whatever of it is a record's name and a seat number (a broken file is none)."""
    try:
        data = json.loads(read_limited(folder / SEATS_FILE, FILE_LIMIT))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and type(v) is int and v >= 0}


def remember_seat(path: Path, seat: int) -> None:
    """The record ``path`` was kept by the person in ``seat`` (from 0), for ``kept_seat``; records no longer kept
    are forgotten. The caller holds the filing lock; a folder that cannot be written loses only this comfort."""
    folder = path.parent
    seats = {name: n for name, n in _seats(folder).items() if (folder / name).is_file()}
    seats[path.name] = seat
    with contextlib.suppress(OSError):
        atomic_write(folder / SEATS_FILE, json.dumps(seats, sort_keys=True))


def kept_seat(path: Path) -> int | None:
    """The seat (from 0) the person who kept the record ``path`` played from, if ``remember_seat`` knows it."""
    return _seats(path.parent).get(path.name)


def time_stamp(when: datetime | None = None) -> str:
    """A time as record names and seals carry it: local ``YYYYMMDD-HHMMSS``."""
    return (when or datetime.now()).strftime("%Y%m%d-%H%M%S")


def is_time_stamp(text: object) -> TypeGuard[str]:
    """Whether ``text`` is a valid time stamp (a seal's ``ended`` is checked before it names a file)."""
    if not isinstance(text, str) or not _STAMP.fullmatch(text):
        return False
    try:
        datetime.strptime(text, "%Y%m%d-%H%M%S")
    except ValueError:
        return False
    return True


def stamp_time(stamp: str) -> datetime:
    return datetime.strptime(stamp, "%Y%m%d-%H%M%S")


def record_time(path: Path) -> datetime | None:
    """When a kept record's match ended, from its name."""
    found = _NAME.fullmatch(path.name)
    if found is None or not is_time_stamp(found["stamp"]):
        return None
    return stamp_time(found["stamp"])
