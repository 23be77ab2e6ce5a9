"""Where the game keeps things: the per-user config folder (the settings) and data folder (the saved matches, the
records, the statistics, a server's data), each where its platform keeps them.

The folders are worked out as text first (``config_folder``): every start reads the settings, and ``pathlib`` (with
the URL parsing it imports) would cost each start about 3 ms (bench/startup.py).
"""

from __future__ import annotations

import contextlib
import os
from typing import TYPE_CHECKING

from . import platforms

if TYPE_CHECKING:
    from pathlib import Path


APP = "commerce-a11y"
SETTINGS_FILE = "settings.json"


def config_dir() -> Path:
    """The per-user config folder (XDG on Linux, the platform's usual place elsewhere)."""
    from pathlib import Path

    return Path(config_folder())


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
    roaming = config_folder()
    if not local or not os.path.isabs(local):
        return roaming
    folder = os.path.join(local, APP)
    if not os.path.isdir(folder):
        with contextlib.suppress(OSError):
            if any(not name.startswith(SETTINGS_FILE) for name in os.listdir(roaming)):
                return roaming
    return folder


def config_folder() -> str:
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
