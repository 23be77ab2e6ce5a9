"""The settings the player changes often, remembered in the per-user config folder for the next game.

Only known keys with allowed values are used; anything else in the file is left alone, for newer versions. The file
is read once per command (``Settings.read``) and every part of the command asks that one copy.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from .cleaning import load_json
from .files import NotAFile, atomic_write, read_limited
from .folders import SETTINGS_FILE, config_dir, config_folder

SETTINGS_LIMIT = 64 * 1024
"""The most the settings file may hold (a few hundred bytes in use)."""


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
        path = os.path.join(config_folder(), SETTINGS_FILE)
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
