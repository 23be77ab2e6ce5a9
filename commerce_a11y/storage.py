"""Where the game keeps things: settings in the per-user config folder, the match in progress in the data folder.

Everything is JSON (never pickle) and written atomically (temporary file, flush, fsync, rename), so a crash or a
kill at any moment leaves either the old file or the new one. Nothing here raises to the player: a folder that
cannot be written makes the writers return False, and the caller says so once.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

APP = "commerce-a11y"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "saved-match.jsonl"

SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "lang": ("de", "nl", "en"),
    "verbosity": ("brief", "normal", "verbose"),
    "cards": ("names", "codes"),
    "speech": ("off", "on"),
    "input": ("auto", "plain", "rich"),
    "difficulty": ("easy", "normal", "hard"),
    "tutorial": ("offered",),
}
"""Settings the player changes often (and whether the tutorial was offered), with their allowed values; anything
else in the file is ignored."""

NUMBER_SETTINGS: dict[str, tuple[int, int]] = {"keep_records": (0, 10000)}
"""Settings that are whole numbers, and their smallest and largest values (stored as JSON numbers)."""


def _valid(key: str, value: Any) -> str | None:
    """The setting's value as text if it is allowed, else None."""
    if key in SETTING_CHOICES:
        return value if value in SETTING_CHOICES[key] else None
    if key in NUMBER_SETTINGS:
        low, high = NUMBER_SETTINGS[key]
        whole = isinstance(value, int) and not isinstance(value, bool)
        if whole or (isinstance(value, str) and value.isdecimal()):
            return str(int(value)) if low <= int(value) <= high else None
    return None


def config_dir() -> Path:
    """The per-user config folder (XDG on Linux, the platform's usual place elsewhere)."""
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or Path.home()) / APP
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    return _xdg("XDG_CONFIG_HOME", ".config") / APP


def data_dir() -> Path:
    """The per-user data folder for the saved match and records."""
    if sys.platform in ("win32", "darwin"):
        return config_dir()
    return _xdg("XDG_DATA_HOME", ".local/share") / APP


def _xdg(variable: str, default: str) -> Path:
    """An XDG base folder; a relative one is invalid and ignored, as the XDG specification says."""
    value = os.environ.get(variable, "")
    return Path(value) if os.path.isabs(value) else Path.home() / default


def atomic_write(path: Path, text: str) -> bool:
    """Replace a file's content all at once; False if the folder cannot be written.

    A target that exists and is not a regular file (``--record /dev/stdout``, a named pipe, ``/dev/full``) is
    written into, never replaced: renaming over it would put a file where a device or pipe was.
    """
    if _special(path):
        try:
            with path.open("w", encoding="utf-8") as out:
                out.write(text)
        except OSError:
            return False
        return True
    import tempfile  # here, where files are written: commands that only read start without it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def _special(path: Path) -> bool:
    """Whether ``path`` exists and is something other than a regular file (a device, a pipe, a folder)."""
    try:
        return path.exists() and not path.is_file()
    except OSError:
        return False


class Settings:
    """The remembered settings, read once per command and handed down: every part of a command asks this one copy,
    and a change is written through it (merged with it, so the file is not read again for that)."""

    def __init__(self, values: dict[str, str] | None = None, damaged: bool = False) -> None:
        self.values = dict(values or {})
        """The valid settings, as text."""
        self.damaged = damaged
        """Whether the file held something invalid (damaged JSON, or a known setting with a value it cannot
        have: a hand-edited file); that part is ignored. Unknown keys are left for newer versions."""

    @classmethod
    def read(cls) -> Settings:
        """The settings file as it is now; a missing one gives none, a damaged one none and ``damaged``."""
        path = config_dir() / SETTINGS_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (FileNotFoundError, NotADirectoryError):
            return cls()
        except (OSError, ValueError):  # unreadable, not UTF-8, not JSON
            return cls(damaged=True)
        if not isinstance(data, dict):
            return cls(damaged=True)
        valid = {k: text for k, v in data.items() if (text := _valid(k, v)) is not None}
        return cls(valid, any(k in SETTING_CHOICES or k in NUMBER_SETTINGS for k in data.keys() - valid.keys()))

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.values.get(key, default)

    def remember(self, changes: Mapping[str, Any]) -> bool:
        """Remember the valid ones of ``changes`` for the next game; False if the file cannot be written."""
        self.values.update({k: text for k, v in changes.items() if (text := _valid(k, v)) is not None})
        stored = {k: int(v) if k in NUMBER_SETTINGS else v for k, v in self.values.items()}
        return atomic_write(config_dir() / SETTINGS_FILE, json.dumps(stored, indent=2, sort_keys=True) + "\n")


def save_path() -> Path:
    return data_dir() / SAVE_FILE


SEAL = "save"
"""The match line's field that seals a saved match: how many lines it has and a digest of their content."""


class SaveRefused(Exception):
    """A saved match that must not be loaded; ``reason`` is ``damaged``, ``edited`` or ``newer``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _canonical(obj: dict[str, Any]) -> bytes:
    """A line's content as the seal's digest reads it: keys sorted, no spacing, the seal left out."""
    return json.dumps({k: v for k, v in obj.items() if k != SEAL}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def _sha256(data: bytes = b"") -> Any:
    """A sha256 hash of ``data``, to be fed more; hashlib is imported here, where saves are sealed and read, so
    that commands that touch no save start without it."""
    import hashlib

    return hashlib.sha256(data)


def _digest(objects: list[dict[str, Any]]) -> str:
    """A digest of the lines' content (not their spacing), the seal left out: sha256 of their canonical forms, one
    per line, joined by newlines."""
    return _sha256(b"\n".join(_canonical(obj) for obj in objects)).hexdigest()


def content_digest(lines: list[str]) -> str:
    """The digest of a record's content: the same match record gives the same digest (an idempotence key)."""
    return _digest([json.loads(line) for line in lines])


class Sealer:
    """Record lines and the running digest of their content (the same as ``_digest``'s), ready to be sealed.

    Adding lines parses and hashes only those lines, so the save after each action costs the lines it adds, not the
    whole record again (a 245-hand Braillespiel match has 2,461 lines).
    """

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self.lines: list[str] = []
        self._sha = _sha256()
        self.add(lines)

    def add(self, lines: Iterable[str]) -> None:
        for line in lines:
            self._sha.update((b"\n" if self.lines else b"") + _canonical(json.loads(line)))
            self.lines.append(line)

    def sealed(self, ended: str | None = None) -> list[str]:
        """The lines with a seal on the match line (see ``seal``)."""
        if not self.lines:
            return []
        stamp: dict[str, Any] = {"lines": len(self.lines), "sha256": self._sha.copy().hexdigest()}
        if ended is not None:
            stamp["ended"] = ended
        head = {**json.loads(self.lines[0]), SEAL: stamp}
        return [json.dumps(head, ensure_ascii=False, separators=(",", ":")), *self.lines[1:]]


def seal(lines: list[str], ended: str | None = None) -> list[str]:
    """The record lines with a seal on the match line, so that a cut or changed file is recognised when read.

    ``ended`` (the local time a finished match ended, ``YYYYMMDD-HHMMSS``) goes into the seal of a finished match:
    its record and statistics are then kept under that time however often the keeping is retried.
    """
    return Sealer(lines).sealed(ended)


def unseal(text: str, known_format: int) -> tuple[list[str], dict[str, Any]]:
    """The record lines of a sealed save (as they were before sealing) and its seal, or ``SaveRefused``: cut short
    or damaged, changed, or of a newer format.

    The format is read before the seal, so that a save of a newer version is named as such even if that version
    seals differently.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        objects = [json.loads(line) for line in lines]
    except ValueError:
        objects = []
    if not objects or not all(isinstance(obj, dict) for obj in objects):
        raise SaveRefused("damaged")
    found = objects[0].get("format")
    if isinstance(found, int) and not isinstance(found, bool) and found > known_format:
        raise SaveRefused("newer")
    stamp = objects[0].get(SEAL)
    if not isinstance(stamp, dict) or stamp.get("lines") != len(lines):
        raise SaveRefused("damaged")
    if stamp.get("sha256") != _digest(objects):
        raise SaveRefused("edited")
    head = {k: v for k, v in objects[0].items() if k != SEAL}
    return [json.dumps(head, ensure_ascii=False, separators=(",", ":")), *lines[1:]], stamp


class SaveWriter:
    """Saves the match in progress again and again: each save seals only the lines added since the one before
    (``Sealer``), and still replaces the whole file at once (``atomic_write``)."""

    def __init__(self) -> None:
        self.sealer = Sealer()

    def write(self, lines: list[str], ended: str | None = None) -> bool:
        """Save the record so far (docs/record.md), sealed; ``ended`` as in ``seal``. Lines that do not go on from the
        last save's are sealed afresh."""
        known = len(self.sealer.lines)
        if lines[:known] != self.sealer.lines:
            self.sealer, known = Sealer(), 0
        self.sealer.add(lines[known:])
        return atomic_write(save_path(), "".join(line + "\n" for line in self.sealer.sealed(ended)))


def write_save(lines: list[str], ended: str | None = None) -> bool:
    """Save the match in progress once: its record so far (docs/record.md), sealed, which replays into the same
    position."""
    return SaveWriter().write(lines, ended)


def read_save() -> str | None:
    """The saved match's text, or None when there is none or it cannot be read (a folder that is not one, no
    permission). Bytes that are not UTF-8 are kept (as U+FFFD), so that such a file is refused as damaged rather
    than taken for no save at all."""
    try:
        return save_path().read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return None


def remove_save() -> None:
    with contextlib.suppress(OSError):
        save_path().unlink(missing_ok=True)


def remove_stale_temporaries(path: Path) -> None:
    """Remove temporary files a killed writer of ``path`` left behind (``atomic_write`` names them after it)."""
    with contextlib.suppress(OSError):
        for stale in path.parent.glob(f"{glob.escape(path.name)}*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()


def keep_aside(path: Path) -> Path | None:
    """Move a file out of the way under a free numbered name beside it (never delete a player's file)."""
    for n in range(1, 10000):
        target = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not target.exists():
            try:
                path.replace(target)
            except OSError:
                return None
            return target
    return None
