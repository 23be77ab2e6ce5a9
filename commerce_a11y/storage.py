"""Where the game keeps things: settings in the per-user config folder, the match in progress in the data folder.

Everything is JSON (never pickle) and written atomically (temporary file, flush, fsync, rename), so a crash or a
kill at any moment leaves either the old file or the new one. Nothing here raises to the player: a folder that
cannot be written makes the writers return False, and the caller says so once.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
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
}
"""Settings the player changes often, and their allowed values; anything else in the file is ignored."""


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


def read_settings() -> tuple[dict[str, str], bool]:
    """The remembered settings that are valid, and whether the file holds something that is not (damaged JSON,
    or a known setting with a value it cannot have: a hand-edited file). Unknown keys are left for newer versions."""
    path = config_dir() / SETTINGS_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        return {}, False
    except (OSError, ValueError):  # unreadable, not UTF-8, not JSON
        return {}, True
    if not isinstance(data, dict):
        return {}, True
    valid = {k: v for k, v in data.items() if k in SETTING_CHOICES and _allowed(k, v)}
    return valid, any(k in SETTING_CHOICES and k not in valid for k in data)


def _allowed(key: str, value: object) -> bool:
    return isinstance(value, str) and value in SETTING_CHOICES[key]


def load_settings() -> dict[str, str]:
    """The remembered settings that are valid; a missing or damaged file gives none."""
    return read_settings()[0]


def save_settings(settings: dict[str, Any]) -> bool:
    """Remember settings (merged with what is stored)."""
    merged = load_settings()
    merged.update({k: v for k, v in settings.items() if k in SETTING_CHOICES and _allowed(k, v)})
    return atomic_write(config_dir() / SETTINGS_FILE, json.dumps(merged, indent=2, sort_keys=True) + "\n")


def save_path() -> Path:
    return data_dir() / SAVE_FILE


def write_save(lines: list[str]) -> bool:
    """Save the match in progress: its record so far (RECORD.md), which replays into the same position."""
    return atomic_write(save_path(), "".join(line + "\n" for line in lines))


def read_save() -> list[str] | None:
    """The saved match's record lines, or None when there is none (or it cannot be read)."""
    try:
        return save_path().read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None


def remove_save() -> None:
    with contextlib.suppress(OSError):
        save_path().unlink(missing_ok=True)
