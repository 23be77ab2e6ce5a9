"""Where the game keeps things: settings in the per-user config folder, the match in progress in the data folder.

Everything is JSON (never pickle) and written atomically (temporary file, flush, fsync, rename), so a crash or a
kill at any moment leaves either the old file or the new one. Nothing here raises to the player: a folder that
cannot be written makes the writers return False, and the caller says so once.

Files are read the one way ``read_limited`` reads them: only regular files (a named pipe or a device in their place
would block or never end), opened without blocking, and never more than a limit, so a file of any size or shape
costs at most that much memory. JSON the game cannot use (too deep, numbers too long) reads as damaged.

Two copies of the game may run at once (two windows): each running match owns a save slot (``SaveSlot``), locked
for as long as the match is played, and a second window plays its own match in a slot of its own.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from . import platforms
from .cleaning import load_json

if TYPE_CHECKING:
    from hashlib import _Hash
    from pathlib import Path
from .locks import Lock, lock_path

APP = "commerce-a11y"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "saved-match.jsonl"

SETTINGS_LIMIT = 64 * 1024
"""The most the settings file may hold (a few hundred bytes in use)."""
FILE_LIMIT = 16 * 1024 * 1024
"""The most a saved match or a match record may hold (the longest match measured, 245 hands of Braillespiel, is
about a tenth of this), and a table server's save: a journal, about twice its record, whose save past this is refused
before it is written (``server/saves.py``)."""
STATS_LIMIT = 64 * 1024 * 1024
"""The most the statistics file may hold (about 250 bytes a match: a quarter of a million matches)."""

SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "lang": ("de", "nl", "en"),
    "verbosity": ("brief", "normal", "verbose"),
    "cards": ("names", "codes"),
    "speech": ("off", "on"),
    "bell": ("off", "on"),
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
        if whole or (isinstance(value, str) and value.isdecimal() and len(value) <= 9):
            return str(int(value)) if low <= int(value) <= high else None
    return None


def config_dir() -> Path:
    """The per-user config folder (XDG on Linux, the platform's usual place elsewhere)."""
    from pathlib import Path

    return Path(_config_folder())


def data_dir() -> Path:
    """The per-user data folder for the saved match and records."""
    from pathlib import Path

    if platforms.is_windows():
        return Path(_windows_data_folder())
    if platforms.is_macos():
        return config_dir()
    return Path(_xdg("XDG_DATA_HOME", ".local/share"), APP)


def _windows_data_folder() -> str:
    """``%LOCALAPPDATA%``: the data stays on this computer, as Windows means it to (the roaming ``%APPDATA%``,
    where the settings are, is copied to and from a domain's server at every logon, saves and records would go
    with it). Where an earlier version kept the data with the settings, and there is no new folder yet, that
    folder stays in use, so no saved match, record or server is lost."""
    local = os.environ.get("LOCALAPPDATA")
    roaming = _config_folder()
    if not local or not os.path.isabs(local):
        return roaming
    folder = os.path.join(local, APP)
    if not os.path.isdir(folder):
        with contextlib.suppress(OSError):
            if any(not name.startswith(SETTINGS_FILE) for name in os.listdir(roaming)):
                return roaming
    return folder


def _config_folder() -> str:
    """``config_dir`` as text: every start reads the settings from there, and ``pathlib`` (with the URL parsing it
    imports) would cost each start about 3 ms (bench/startup.py)."""
    if platforms.is_windows():
        return os.path.join(os.environ.get("APPDATA") or os.path.expanduser("~"), APP)
    if platforms.is_macos():
        return os.path.join(os.path.expanduser("~"), "Library", "Application Support", APP)
    return os.path.join(_xdg("XDG_CONFIG_HOME", ".config"), APP)


def _xdg(variable: str, default: str) -> str:
    """An XDG base folder; a relative one is invalid and ignored, as the XDG specification says."""
    value = os.environ.get(variable, "")
    return value if os.path.isabs(value) else os.path.join(os.path.expanduser("~"), default)


def check_writable(folder: Path, prefix: str = ".write-") -> None:
    """Make ``folder`` if it is missing and write a file there (removed at once): ``OSError`` if it cannot be done,
    which is said before anything is saved there (a server's start, ``commerce doctor``)."""
    import tempfile

    folder.mkdir(parents=True, exist_ok=True)
    handle, probe = tempfile.mkstemp(prefix=prefix, dir=folder)
    os.close(handle)
    os.unlink(probe)


def atomic_write(path: Path, text: str, into: bool = False, replace: bool = True) -> bool:
    """Replace a file's content all at once; False if the folder cannot be written.

    A target that exists and is not a regular file (``--record /dev/stdout``, a named pipe, ``/dev/full``) is
    written into with ``into`` (never replaced: renaming over it would put a file where a device or pipe was), and
    otherwise left alone (False): the game's own files are never written into a pipe, which could block for ever.
    Without ``replace`` the file is created, never put over an existing one: ``FileExistsError`` if the name is
    taken, even by another copy of the game writing at the same moment.
    """
    if not replace and os.path.lexists(path):
        raise FileExistsError(path)
    if _special(path):
        if not into:
            return False
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
                sync(out.fileno())
            if replace:
                replace_file(tmp, path)
            else:
                _create(path.with_name(os.path.basename(tmp)), path)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    except FileExistsError:
        raise
    except OSError:
        return False
    return True


def sync(fd: int, data_only: bool = False) -> None:
    """Put what was written to ``fd`` on the disk itself, before it is renamed into place or told as saved.

    On macOS ``fsync`` only hands the data to the drive, whose cache may still lose it in a power cut; the full
    sync (``F_FULLFSYNC``) waits until the drive has stored it. A file system that has no full sync (some network
    and FAT volumes) gets ``fsync``. Elsewhere ``fsync``, or with ``data_only`` ``fdatasync`` where the system has
    it (not Windows), which leaves out times no reader needs. ``OSError`` when the data cannot be stored."""
    if platforms.is_macos():
        import fcntl

        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)  # type: ignore[attr-defined,unused-ignore]
            return
        except (OSError, AttributeError):
            pass
    if data_only and hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:
        os.fsync(fd)


REPLACE_PAUSES = (0.05, 0.1, 0.15, 0.2)
"""Seconds to wait before each new try of a rename Windows refused (five tries in all, half a second at most)."""
_BUSY_WINDOWS_ERRORS = frozenset({5, 32, 33})
"""Access denied, sharing violation, lock violation: what Windows says while an indexer, an antivirus or another
window holds the file for a moment."""


def replace_file(source: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """``os.replace``, tried again a few times on Windows while the file is briefly held; the last error raised.

    On Windows a rename over a file that a search indexer or an antivirus has just opened fails for some tens of
    milliseconds, and one such failure must not make the game say it cannot save. Elsewhere a refusal is for good,
    so it is raised at once. Every rename in this module that saves goes through here (the table server appends
    to a journal and renames nothing).
    """
    import time

    pauses = iter(REPLACE_PAUSES if platforms.is_windows() else ())
    while True:
        try:
            os.replace(source, target)
            return
        except OSError as error:
            busy = isinstance(error, PermissionError) or getattr(error, "winerror", None) in _BUSY_WINDOWS_ERRORS
            pause = next(pauses, None)
            if not busy or pause is None:
                raise
            time.sleep(pause)


def _create(tmp: Path, path: Path) -> None:
    """Give the written temporary file ``tmp`` the name ``path`` unless that name is taken (``FileExistsError``).

    A hard link is made or refused in one step by the file system, so of two copies of the game choosing one name
    at the same moment exactly one gets it. A file system without hard links (some USB sticks) falls back to a
    check and a rename, which the filing lock (``filing_lock``) keeps from racing.
    """
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        if os.path.lexists(path):
            raise FileExistsError(path) from None
        replace_file(tmp, path)


def _special(path: Path) -> bool:
    """Whether ``path`` exists and is something other than a regular file (a device, a pipe, a folder)."""
    try:
        return path.exists() and not path.is_file()
    except OSError:
        return False


class NotAFile(OSError):
    """Something other than a regular file stands where the game keeps one of its files (a folder, a pipe)."""


class TooLarge(ValueError):
    """A file larger than the game reads (``read_limited``'s limit)."""


def read_limited(path: Path | str, limit: int, regular: bool = True) -> bytes:
    """A regular file's bytes, at most ``limit`` of them: ``NotAFile`` for anything else in its place (opened
    without blocking, so a named pipe cannot hang the game), ``TooLarge`` beyond the limit, the OS's error (e.g.
    ``FileNotFoundError``) when it cannot be opened. Without ``regular`` a pipe or device is read too (a file the
    player named, such as ``/dev/stdin``), still only up to the limit."""
    flags = os.O_RDONLY | (getattr(os, "O_NONBLOCK", 0) if regular else 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise NotAFile(path) from None
    except PermissionError:
        if os.path.isdir(path):  # Windows refuses to open a folder this way
            raise NotAFile(path) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode) or (regular and not stat.S_ISREG(mode)):
            raise NotAFile(path)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise TooLarge(path)
        return b"".join(chunks)
    finally:
        os.close(fd)


class Settings:
    """The remembered settings, read once per command and handed down: every part of a command asks this one copy,
    and a change is written through it (merged with it, so the file is not read again for that)."""

    def __init__(self, values: dict[str, str] | None = None, damaged: bool = False, blocked: bool = False) -> None:
        self.values = dict(values or {})
        """The valid settings, as text."""
        self.damaged = damaged
        """Whether the file held something invalid (damaged JSON, or a known setting with a value it cannot
        have: a hand-edited file); that part is ignored. Unknown keys are left for newer versions."""
        self.blocked = blocked
        """Whether something other than a file (a folder, a pipe) stands where the settings file belongs: the
        settings can then be neither read nor remembered, and nothing tries to."""
        self.unsaved: Callable[[], object] | None = None
        """Called once, the first time a change cannot be remembered (the command says so in one sentence)."""
        self._told = False

    @classmethod
    def read(cls) -> Settings:
        """The settings file as it is now; a missing one gives none, a damaged one none and ``damaged``."""
        path = os.path.join(_config_folder(), SETTINGS_FILE)
        try:
            data = load_json(read_limited(path, SETTINGS_LIMIT))
        except (FileNotFoundError, NotADirectoryError):
            return cls()
        except NotAFile:
            return cls(blocked=True)
        except (OSError, ValueError):  # unreadable, too large, not UTF-8, not JSON the game can use
            return cls(damaged=True)
        if not isinstance(data, dict):
            return cls(damaged=True)
        valid = {k: text for k, v in data.items() if (text := _valid(k, v)) is not None}
        return cls(valid, any(k in SETTING_CHOICES or k in NUMBER_SETTINGS for k in data.keys() - valid.keys()))

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.values.get(key, default)

    def remember(self, changes: Mapping[str, Any]) -> bool:
        """Remember the valid ones of ``changes`` for the next game; False if the file cannot be written (said once
        through ``unsaved``)."""
        self.values.update({k: text for k, v in changes.items() if (text := _valid(k, v)) is not None})
        if self.blocked:
            return False
        stored = {k: int(v) if k in NUMBER_SETTINGS else v for k, v in self.values.items()}
        if atomic_write(config_dir() / SETTINGS_FILE, json.dumps(stored, indent=2, sort_keys=True) + "\n"):
            return True
        if self.unsaved is not None and not self._told:
            self._told = True
            self.unsaved()
        return False


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


def _sha256(data: bytes = b"") -> _Hash:
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
    whole record again (a 245-hand Braillespiel match has 2,461 lines); the file's text after the match line grows
    the same way (``text``), so a save joins no more than the lines it adds either.
    """

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self.lines: list[str] = []
        self._sha = _sha256()
        self._rest = ""
        """The text of the lines after the match line, a newline after each, as far as ``_joined`` lines."""
        self._joined = 1
        self.add(lines)

    def add(self, lines: Iterable[str]) -> None:
        self.add_read((line, json.loads(line)) for line in lines)

    def add_read(self, read: Iterable[tuple[str, dict[str, Any]]]) -> None:
        """Lines that were parsed already, each with its object (a table's journal, read line by line): hashed
        without parsing them again."""
        for line, obj in read:
            self._sha.update((b"\n" if self.lines else b"") + _canonical(obj))
            self.lines.append(line)

    def stamp(self, ended: str | None = None, ident: str | None = None) -> dict[str, Any]:
        """The seal of the lines so far (see ``seal``): how many they are, their digest, and a finished match's end
        and identity. A table's journal writes it after each save's lines (``server/saves.py``)."""
        stamp: dict[str, Any] = {"lines": len(self.lines), "sha256": self._sha.copy().hexdigest()}
        if ended is not None:
            stamp["ended"] = ended
        if ident is not None:
            stamp["id"] = ident
        return stamp

    def _head(self, ended: str | None, ident: str | None) -> str:
        """The match line with the seal (see ``seal``)."""
        head = {**json.loads(self.lines[0]), SEAL: self.stamp(ended, ident)}
        return json.dumps(head, ensure_ascii=False, separators=(",", ":"))

    def sealed(self, ended: str | None = None, ident: str | None = None) -> list[str]:
        """The lines with a seal on the match line (see ``seal``)."""
        if not self.lines:
            return []
        return [self._head(ended, ident), *self.lines[1:]]

    def text(self, ended: str | None = None, ident: str | None = None) -> str:
        """``sealed`` as a file holds it, a newline after each line."""
        if not self.lines:
            return ""
        if self._joined < len(self.lines):
            self._rest += "".join(line + "\n" for line in self.lines[self._joined:])
            self._joined = len(self.lines)
        return self._head(ended, ident) + "\n" + self._rest


def seal(lines: list[str], ended: str | None = None, ident: str | None = None) -> list[str]:
    """The record lines with a seal on the match line, so that a cut or changed file is recognised when read.

    ``ended`` (the local time a finished match ended, ``YYYYMMDD-HHMMSS``) and ``ident`` (the finished match's own
    identity, ``new_ident``) go into the seal of a finished match: its record and statistics entry are then kept
    under that time and identity however often the keeping is retried.
    """
    return Sealer(lines).sealed(ended, ident)


def new_ident() -> str:
    """A finished match's own identity in the statistics: random, so that two matches played alike (the same seed,
    the same moves) still count twice."""
    import secrets

    return secrets.token_hex(8)


def seal_ident(stamp: dict[str, Any]) -> str | None:
    """The identity a finished save's seal carries, if it is one ``new_ident`` could have made."""
    ident = stamp.get("id")
    return ident if isinstance(ident, str) and re.fullmatch(r"[0-9a-f]{1,64}", ident) else None


def newer_format(head: dict[str, Any], known_format: int) -> bool:
    """Whether a match line's ``format`` is newer than ``known_format``: such a save is refused as newer, before its
    seal is read (a newer version may seal or frame it otherwise)."""
    found = head.get("format")
    return isinstance(found, int) and not isinstance(found, bool) and found > known_format


def unseal(text: str, known_format: int) -> tuple[list[str], dict[str, Any]]:
    """The record lines of a sealed save (as they were before sealing) and its seal, or ``SaveRefused``: cut short
    or damaged, changed, or of a newer format.

    The format is read before the seal, so that a save of a newer version is named as such even if that version
    seals differently.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        objects = [load_json(line) for line in lines]
    except ValueError:
        objects = []
    if not objects or not all(isinstance(obj, dict) for obj in objects):
        raise SaveRefused("damaged")
    if newer_format(objects[0], known_format):
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


def remove_stale_temporaries(path: Path) -> None:
    """Remove temporary files a killed writer of ``path`` left behind (``atomic_write`` names them after it).

    Only where no other copy of the game writes ``path`` now: a save slot this process owns, or the records and
    statistics under the filing lock."""
    with contextlib.suppress(OSError):
        for stale in path.parent.glob(f"{glob.escape(path.name)}*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()


def keep_aside(path: Path, like: str | None = None) -> Path | None:
    """Move a file out of the way under a free numbered name beside it (never delete a player's file): named after
    itself, or after ``like`` (``saved-match-2.jsonl`` for a save from any slot, so that the saves set aside are
    numbered in one series). A name is taken in one step (a hard link), so two windows never choose the same one."""
    stem, suffix = os.path.splitext(like or path.name)
    for n in range(1, 10000):
        target = path.with_name(f"{stem}-{n}{suffix}")
        if os.path.lexists(target):
            continue
        try:
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some USB sticks): a check and a rename
            try:
                path.replace(target)
            except OSError:
                return None
            return target
        try:
            path.unlink()
        except OSError:  # still there (held open elsewhere): not moved, so not kept under a second name either
            with contextlib.suppress(OSError):
                target.unlink()
            return None
        return target
    return None


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
