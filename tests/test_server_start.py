"""Starting the table server on a data folder it cannot use (issue 23, item 14), with the real ``commerce serve``
process: refused in one sentence with exit status 1, never a hang and never a traceback, when its own files (the
lock, the log, the database) are a folder, a named pipe, a link to one or a broken link, or when it cannot make or
write in the folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from server_helpers import ROOT

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program

START_DEADLINE = 60
"""Seconds a refused start may take at most (it takes about one): a start that hangs fails the test, not the run."""

NOT_A_FILE = "is not an ordinary file but a folder, a named pipe, a device or a broken link; move it away, or give " \
             "another --data folder."


def start(data: Path, lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "LANG": "C.UTF-8"}
    env.pop("LANGUAGE", None)
    return subprocess.run(
        [sys.executable, "-m", "commerce_a11y", "serve", "--port", "0", "--data", str(data), "--lang", lang,
         "--workers", "1"], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, cwd=ROOT,
        timeout=START_DEADLINE)


def folder(path: Path) -> None:
    path.mkdir()


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_fifo(path: Path) -> None:
    os.mkfifo(path.parent.parent / "pipe")
    path.symlink_to(path.parent.parent / "pipe")


def broken_link(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere" / "server.log")


PREPARED: list[tuple[str, Callable[[Path], None]]] = [
    ("server.lock", folder), ("server.lock", fifo), ("server.log", fifo), ("server.log", folder),
    ("server.log", link_to_fifo), ("server.log", broken_link), ("server.db", folder), ("server.db", fifo),
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes in the file system are POSIX")
@pytest.mark.parametrize(("name", "make"), PREPARED, ids=[f"{n}-{m.__name__}" for n, m in PREPARED])
def test_a_file_of_the_servers_that_is_something_else_refuses_the_start_in_one_sentence(
        tmp_path: Path, name: str, make: Callable[[Path], None]) -> None:
    data = tmp_path / "data"
    data.mkdir()
    make(data / name)
    done = start(data)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout == f"{data / name} {NOT_A_FILE}\n" and done.stderr == ""
    assert not (data / "server.db").is_file() or name == "server.db"  # refused before anything was opened


def test_a_lock_that_is_a_folder_keeps_a_second_server_out_too(tmp_path: Path) -> None:
    """Before: a lock file that could not be made counted as held, and two servers shared one data folder."""
    data = tmp_path / "data"
    (data / "server.lock").mkdir(parents=True)
    assert start(data).returncode == 1
    assert start(data).returncode == 1


def test_the_sentence_is_in_the_players_language(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "server.log").mkdir(parents=True)
    german, dutch = start(data, "de"), start(data, "nl")
    assert german.returncode == dutch.returncode == 1
    assert german.stdout.startswith(f"{data / 'server.log'} ist keine gewöhnliche Datei"), german.stdout
    assert dutch.stdout.startswith(f"{data / 'server.log'} is geen gewoon bestand"), dutch.stdout


def test_a_data_folder_that_cannot_be_made_or_written_refuses_the_start(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    done = start(tmp_path / "a-file" / "data")
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.startswith(f"Cannot use {tmp_path / 'a-file' / 'data'} as the server's data folder: ")
    if hasattr(os, "geteuid") and os.geteuid() != 0:  # root writes in a folder without write permission
        locked = tmp_path / "read-only"
        locked.mkdir(mode=0o555)
        done = start(locked)
        assert done.returncode == 1 and "Permission denied" in done.stdout


def test_a_database_that_is_no_database_refuses_the_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "server.db").write_text("not a database, " * 100)
    done = start(data)
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout == f"Cannot open {data / 'server.db'}: file is not a database.\n"


def test_a_port_in_use_is_said_in_the_players_language(tmp_path: Path) -> None:
    """Issue 26, item 6: the reason is the player's language too, not Python's English."""
    import socket

    taken = socket.create_server(("127.0.0.1", 0))
    port = taken.getsockname()[1]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "LANG": "C.UTF-8"}
    env.pop("LANGUAGE", None)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "commerce_a11y", "serve", "--port", str(port), "--data", str(tmp_path / "data"),
             "--lang", "de", "--workers", "1"], stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env,
            cwd=ROOT, timeout=START_DEADLINE)
    finally:
        taken.close()
    assert done.returncode == 1
    assert f"Port {port} lauschen: ein anderes Programm belegt diesen Port." in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
