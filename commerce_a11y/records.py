"""Records of finished matches, kept in the data folder so that a player can listen to them again.

Each finished match leaves ``records/YYYYMMDD-HHMMSS-RULESET.jsonl`` (local time of its end; ``-2``, ``-3`` after
the ruleset when two end in the same second), written atomically. How many are kept is the setting
``keep_records``; beyond it the oldest go. Listing and choosing records is by these names, newest first.
"""

from __future__ import annotations

import contextlib
import re
from datetime import datetime
from pathlib import Path

from .storage import NUMBER_SETTINGS, atomic_write, data_dir

RECORDS_DIR = "records"
DEFAULT_KEEP = 50
"""How many records of finished matches are kept unless the player chose otherwise."""
KEEP_RANGE = NUMBER_SETTINGS["keep_records"]

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
    """Keep a finished match's record (``stamp`` is when it ended, ``YYYYMMDD-HHMMSS``) and drop the oldest beyond
    ``keep``; its path, or None if not kept. Keeping the same record again finds it rather than copying it."""
    folder = folder or records_dir()
    text = "".join(line + "\n" for line in lines)
    path = None
    if keep > 0:
        for n in range(1, 1000):
            candidate = folder / (f"{stamp}-{rules_name}.jsonl" if n == 1 else f"{stamp}-{rules_name}-{n}.jsonl")
            try:
                if candidate.read_text(encoding="utf-8") == text:
                    path = candidate
                    break
            except FileNotFoundError:
                path = candidate if atomic_write(candidate, text) else None
                break
            except NotADirectoryError:  # the records folder is a file: nothing can be kept there
                break
            except (OSError, UnicodeDecodeError):
                pass
    for old in kept_records(folder)[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return path


def time_stamp(when: datetime | None = None) -> str:
    """A time as record names and seals carry it: local ``YYYYMMDD-HHMMSS``."""
    return (when or datetime.now()).strftime("%Y%m%d-%H%M%S")


def is_time_stamp(text: object) -> bool:
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
