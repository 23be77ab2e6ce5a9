"""Each platform branch run here with the platform simulated and its system calls faked."""

from __future__ import annotations

import os
import subprocess
import types
from pathlib import Path

import pytest

from commerce_a11y import files, folders, i18n, platforms


def test_simulated_platform_is_restored() -> None:
    real = platforms.current()
    with platforms.simulated("win32"):
        assert platforms.is_windows() and not platforms.is_posix()
    assert platforms.current() == real


def test_windows_language_from_the_ui_language(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    kernel32 = types.SimpleNamespace(GetUserDefaultUILanguage=lambda: 0x0407)  # de_DE
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(kernel32=kernel32), raising=False)
    with platforms.simulated("win32"):
        assert i18n.language_choice([], {}) == ("de", "windows")
        assert i18n.language_choice([], {"LANG": "nl_NL.UTF-8"}) == ("nl", "LANG")
        assert i18n.language_choice(["--lang", "en"], {}) == ("en", "--lang")


def test_windows_language_failure_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    monkeypatch.delattr(ctypes, "windll", raising=False)
    with platforms.simulated("win32"):
        assert i18n.language_choice([], {}) == ("en", "default")


def test_macos_language_from_apple_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        assert args[:3] == ["defaults", "read", "-g"] and kwargs["timeout"]
        return subprocess.CompletedProcess(args, 0, '(\n    "fr-FR",\n    "nl-NL",\n    en\n)\n', "")

    monkeypatch.setattr(subprocess, "run", run)
    with platforms.simulated("darwin"):
        assert i18n.language_choice([], {}) == ("nl", "macos")
        assert i18n.language_choice([], {"LC_ALL": "de_DE.UTF-8"}) == ("de", "LC_ALL")


def test_macos_language_failure_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        raise subprocess.TimeoutExpired(args, 2.0)

    monkeypatch.setattr(subprocess, "run", run)
    with platforms.simulated("darwin"):
        assert i18n.language_choice([], {}) == ("en", "default")


def test_linux_never_asks_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: pytest.fail("asked"))
    with platforms.simulated("linux"):
        assert i18n.language_choice([], {"LANG": "C"}) == ("en", "default")


def _flaky_replace(monkeypatch: pytest.MonkeyPatch, failures: int) -> list[int]:
    real = os.replace
    calls: list[int] = []

    def replace(source: str, target: str) -> None:
        calls.append(1)
        if len(calls) <= failures:
            raise PermissionError(13, "The process cannot access the file")
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr("time.sleep", lambda seconds: None)
    return calls


def test_a_briefly_held_file_is_saved_on_windows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _flaky_replace(monkeypatch, 2)
    with platforms.simulated("win32"):
        assert files.atomic_write(tmp_path / "save.jsonl", "new")
    assert (tmp_path / "save.jsonl").read_text() == "new" and len(calls) == 3


def test_a_file_held_for_good_is_not_saved(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _flaky_replace(monkeypatch, 99)
    with platforms.simulated("win32"):
        assert not files.atomic_write(tmp_path / "save.jsonl", "new")
    assert len(calls) == 1 + len(files.REPLACE_PAUSES)
    assert not list(tmp_path.iterdir())


def test_posix_does_not_retry(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = _flaky_replace(monkeypatch, 1)
    with platforms.simulated("linux"):
        assert not files.atomic_write(tmp_path / "save.jsonl", "new")
    assert len(calls) == 1


def test_folders_per_platform(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    with platforms.simulated("win32"):
        assert folders.data_dir() == tmp_path / "Roaming" / folders.APP
    with platforms.simulated("darwin"):
        assert folders.data_dir().parts[-3:] == ("Library", "Application Support", folders.APP)


def test_the_last_lang_option_counts_as_click_takes_it() -> None:
    from commerce_a11y.i18n import argument_language
    assert argument_language(["serve", "--lang", "en", "--lang", "de"]) == "de"
    assert argument_language(["--lang=nl", "--lang", "xx"]) == "nl"  # an unsupported last one is passed over
    assert argument_language(["--", "--lang", "de"]) is None


def test_windows_locks_through_msvcrt_and_two_locks_exclude_each_other(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    """Issue 27: the Windows branch of locks.py, with ``msvcrt.locking`` faked: a byte locked by one file handle is
    refused to another (as Windows does), and unlocked on release."""
    import sys

    from commerce_a11y.locks import Lock

    held: dict[int, int] = {}  # inode -> the fd holding it
    calls: list[tuple[str, int]] = []

    def locking(fd: int, mode: int, size: int) -> None:
        inode = os.fstat(fd).st_ino
        if mode == fake.LK_NBLCK:
            if inode in held and held[inode] != fd:
                raise PermissionError(13, "Permission denied")
            held[inode] = fd
            calls.append(("lock", fd))
        elif mode == fake.LK_UNLCK:
            held.pop(inode, None)
            calls.append(("unlock", fd))

    fake = types.SimpleNamespace(LK_NBLCK=2, LK_UNLCK=0, locking=locking)
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    path = tmp_path / "saved-match.jsonl.lock"
    with platforms.simulated("win32"):
        first, second = Lock(path), Lock(path)
        assert first.acquire() and not second.acquire()
        first.release()
        assert second.acquire()
        second.release()
    assert [kind for kind, _ in calls] == ["lock", "unlock", "lock", "unlock"]
