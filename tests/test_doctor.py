"""Issue 27: ``commerce doctor``, one short report to read out or paste when asking for help: the version and the
system, the language and what chose it, the speech output found, the input back-end and why, the data folder and
whether it can be written. On Linux as a player runs it, and with Windows and macOS simulated."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from commerce_a11y import __version__, i18n, platforms
from commerce_a11y.console import speech
from commerce_a11y.doctor import report
from commerce_a11y.settings import Settings


def run_doctor(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               LANG="C.UTF-8")
    return subprocess.run([sys.executable, "-m", "commerce_a11y", "doctor", *args], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


@pytest.mark.e2e
def test_the_report_on_linux_in_german(tmp_path: Path) -> None:
    done = run_doctor(tmp_path, "--lang", "de")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"commerce-a11y {__version__}, Python {sys.version.split()[0]}, Linux."
    assert lines[1] == "Sprache: Deutsch, aus --lang."
    assert lines[2].startswith("Sprachausgabe: ")
    assert lines[3] == "Eingabe: plain, weil Ein- oder Ausgabe kein Terminal ist."
    assert lines[4] == f"Datenordner: {tmp_path / 'data' / 'commerce-a11y'}, beschreibbar."
    assert len(lines) == 5 and done.stderr == ""


@pytest.mark.e2e
def test_a_data_folder_that_cannot_be_written_is_said_with_why(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    done = run_doctor(tmp_path)
    assert done.returncode == 0
    assert "cannot be written: a file stands where a folder should be." in done.stdout, done.stdout


def test_windows_simulated(monkeypatch: pytest.MonkeyPatch) -> None:
    class NVDA:
        def is_active(self) -> bool:
            return True

    monkeypatch.setattr(i18n, "_windows_language", lambda: "nl")
    monkeypatch.setattr(speech, "_make_windows", lambda: speech.FirstActive([NVDA()]))
    monkeypatch.setattr(speech, "thread_setup", lambda: (lambda: None))
    with platforms.simulated("win32"):
        lines = report([], Settings(), environ={})
    assert lines[0].endswith(", Windows.")
    assert lines[1] == "Language: English, from Windows."  # the report's own language is the one active now
    assert lines[2] == "Speech: NVDA found, for --speech on."


def test_macos_simulated_without_say(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(i18n, "_macos_language", lambda: "de")
    monkeypatch.setenv("PATH", str(tmp_path))
    with platforms.simulated("darwin"):
        lines = report([], Settings({"lang": "de"}), environ={"TERM": "xterm"})
    assert lines[0].endswith(", macOS.")
    assert lines[1] == "Language: English, your saved setting."
    assert lines[2] == "Speech: none found. With --speech on the game stays silent."


def test_the_language_source_is_each_variable_or_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(speech, "_make_output", lambda: None)  # no speech daemon started by a test
    assert report([], Settings(), environ={"LC_ALL": "nl_NL.UTF-8"})[1] == "Language: English, from LC_ALL."
    assert report([], Settings(), environ={})[1] == "Language: English, no language was set."
