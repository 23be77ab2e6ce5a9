"""What every test shares: a home of its own, and the ``e2e`` marker on the tests that start the game elsewhere.

Every test runs with ``HOME`` and the XDG folders pointing into its own ``tmp_path``, so that no test reads or
writes a real player's settings, saves, records or statistics, and no two tests share them, also when pytest-xdist
runs them side by side (``-n auto`` in pyproject.toml). The processes a test starts inherit that home through the
environment. The layout (``tmp_path`` itself is HOME, ``config/`` and ``data/`` beside) is what the tests that look
at the files expect.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HOME_FOLDERS = (("HOME", ""), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's home folder (``tmp_path``): settings in ``config/commerce-a11y``, saves in ``data/commerce-a11y``."""
    for variable, folder in HOME_FOLDERS:
        monkeypatch.setenv(variable, str(tmp_path / folder))
    return tmp_path


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under ``tests/e2e/`` plays the game in a real terminal or in other processes: marked ``e2e`` (run
    only those with ``-m e2e``, or leave them out with ``-m "not e2e"``)."""
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.e2e)
