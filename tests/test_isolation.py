"""Every test runs in a home of its own (tests/conftest.py), so no test touches a real player's files and tests
running side by side (pytest-xdist) never share settings, saves or records."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from commerce_a11y.folders import config_dir, data_dir


def test_the_game_keeps_its_files_in_this_tests_home(tmp_path: Path) -> None:
    assert os.environ["HOME"] == str(tmp_path)
    assert config_dir() == tmp_path / "config" / "commerce-a11y"
    assert data_dir() == tmp_path / "data" / "commerce-a11y"


@pytest.mark.e2e
def test_a_process_the_test_starts_inherits_that_home(tmp_path: Path) -> None:
    code = "from commerce_a11y.folders import config_dir, data_dir; print(config_dir()); print(data_dir())"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.splitlines() == [str(tmp_path / "config" / "commerce-a11y"),
                                          str(tmp_path / "data" / "commerce-a11y")]
