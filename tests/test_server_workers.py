"""The worker processes that compute the computer players' moves, with the forkserver that makes them and
multiprocessing's resource tracker, end when the table server ends, however it ends (issue 23, item 15): SIGKILL
included, found in /proc on Linux with the real ``commerce serve`` process. That nothing is left after the whole
suite is checked by ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest
from processes import alive
from server_helpers import ServerProcess

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program


def descendants(pid: int) -> dict[int, str]:
    """The processes below ``pid`` (children, grandchildren...) and their command lines, from /proc."""
    parents: dict[int, int] = {}
    commands: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal():
            continue
        try:
            stat = (entry / "stat").read_text()
            commands[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        parents[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
    found: dict[int, str] = {}
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for child, its_parent in parents.items():
            if its_parent == parent and child not in found:
                found[child] = commands.get(child, "")
                frontier.append(child)
    return found


def wait_until_gone(pids: list[int], deadline: float = 15.0) -> list[int]:
    """The processes still running after ``deadline`` seconds (a deadline for the behaviour, not a measure of
    speed: they go within a second here)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        left = [pid for pid in pids if alive(pid)]
        if not left:
            return []
        time.sleep(0.1)
    return [pid for pid in pids if alive(pid)]


def workers_of(server: ServerProcess) -> dict[int, str]:
    assert server.proc is not None
    found = descendants(server.proc.pid)
    assert sum("forkserver" in command for command in found.values()) == 3, found  # the forkserver and 2 workers
    return found


linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the processes in /proc")


@linux_only
def test_sigkill_of_the_server_ends_its_workers_and_the_forkserver(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", "--workers", "2")
    try:
        found = workers_of(server)
    finally:
        server.kill()
    left = wait_until_gone(list(found))
    for pid in left:  # leave nothing behind for the next test, whatever failed
        os.kill(pid, signal.SIGKILL)
    assert left == [], {pid: found[pid] for pid in left}


@linux_only
def test_a_stopped_server_leaves_no_process(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", "--workers", "2")
    found = workers_of(server)
    assert server.stop() == 0
    assert wait_until_gone(list(found)) == []
