"""What every test shares: a home of its own, the ``e2e`` marker on every test that starts a process, and no process
left behind.

Every test runs with ``HOME`` and the XDG folders pointing into its own ``tmp_path``, so that no test reads or
writes a real player's settings, saves, records or statistics, and no two tests share them, also when pytest-xdist
runs them side by side (``-n auto`` in pyproject.toml). The processes a test starts inherit that home through the
environment. The layout (``tmp_path`` itself is HOME, ``config/`` and ``data/`` beside) is what the tests that look
at the files expect.

A test that starts a process (the game in a terminal or a pipe, ``commerce serve``, a worker pool, a build, any
program) is marked ``e2e``: those are the slow part, and ``uv run pytest -m "not e2e"`` leaves them out. The mark is
kept true by ``ProcessGuard``: in a test without it, starting a process fails the test, named.

And a run leaves no process behind (issue 23): every process started during it carries the run's mark in its
environment (``RUN_MARK``, inherited by the xdist workers and everything they start), and at the end of the
session the controller looks for marked processes that are still there and belong to the game (a ``commerce
serve``, a multiprocessing worker, forkserver or resource tracker); any found within ``LEFT_DEADLINE`` seconds fail
the run, named, and are ended.
"""

from __future__ import annotations

import contextlib
import multiprocessing.process
import multiprocessing.util
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

for _variable in ("UV_RUN_RECURSION_DEPTH", "UV"):
    # The suite runs under ``uv run``; the games it plays are played as by a player who installed the game, so
    # their sentences name ``commerce`` (commerce_a11y/invocation.py). tests/test_invocation.py sets these itself.
    os.environ.pop(_variable, None)

HOME_FOLDERS = (("HOME", ""), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's home folder (``tmp_path``): settings in ``config/commerce-a11y``, saves in ``data/commerce-a11y``."""
    for variable, folder in HOME_FOLDERS:
        monkeypatch.setenv(variable, str(tmp_path / folder))
    return tmp_path


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Any]:
    """The table server in this test's process, on a virtual clock (``table_harness.Harness``)."""
    from table_harness import Harness  # the server's modules load only for the tests that use it

    with Harness(tmp_path / "data") as made:
        yield made


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under ``tests/e2e/`` plays the game in a real terminal or in other processes: marked ``e2e`` (run
    only those with ``-m e2e``, or leave them out with ``-m "not e2e"``); elsewhere a test or its module says so with
    ``pytest.mark.e2e``.

    The screen-reader tests go last: pytest-xdist hands out the items in order, so Orca plays while the other
    workers finish and then stand idle, rather than on a machine busy with the rest of the suite (under that load
    Orca now and then lost a line as the terminal scrolled)."""
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.e2e)
    items.sort(key=lambda item: item.get_closest_marker("screen_reader") is not None)


PROCESS_STARTERS: tuple[tuple[Any, str], ...] = (
    (subprocess.Popen, "__init__"),  # subprocess.run, check_output, asyncio's subprocesses, pexpect's popen
    (multiprocessing.process.BaseProcess, "start"),  # process pools' workers
    (multiprocessing.util, "spawnv_passfds"),  # the forkserver, the resource tracker (a process pool's queue)
    *((os, name) for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system", "spawnv", "spawnve",
                              "spawnvp", "spawnvpe") if hasattr(os, name)),  # pty.fork, pty.spawn
)
"""Every way a test could start a process (all others go through one of these)."""


class StartsAProcess(pytest.fail.Exception):
    """A test without the ``e2e`` mark started a process: a BaseException, so no ``except Exception`` hides it."""


class ProcessGuard:
    """Refuses every way of starting a process (``PROCESS_STARTERS``) while a test without the ``e2e`` mark runs,
    its fixtures' setup included (a module's server too, set up for its first test), and notes each refusal, so that
    a test whose code swallowed the refusal fails all the same."""

    def __init__(self) -> None:
        self.test: str | None = None
        """The test running now, if it has no ``e2e`` mark."""
        self.started: list[str] = []

    def install(self) -> None:
        for owner, name in PROCESS_STARTERS:
            setattr(owner, name, self.guarded(f"{getattr(owner, '__name__', owner)}.{name}", getattr(owner, name)))

    def guarded(self, what: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def starter(*args: Any, **kwargs: Any) -> Any:
            if self.test is not None:
                self.started.append(what)
                raise StartsAProcess(f"{self.test} starts a process ({what}): mark it e2e")
            return original(*args, **kwargs)

        return starter


GUARD = ProcessGuard()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    GUARD.test = None if item.get_closest_marker("e2e") is not None else item.nodeid
    GUARD.started.clear()
    yield
    GUARD.test = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if GUARD.started and report.when == "call" and report.passed:  # the refusal was swallowed
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid} started a process ({', '.join(GUARD.started)}): mark it e2e"


RUN_MARK = "COMMERCE_A11Y_TEST_RUN"
"""The environment variable that marks every process this test run starts (its value is the run's own)."""
LEFT_DEADLINE = 15.0
"""Seconds the processes of a run have to end after its last test (they take well under one)."""
GAME_PROCESSES = ("multiprocessing", "commerce_a11y serve", "commerce serve")


def pytest_configure(config: pytest.Config) -> None:
    # In the controller, before xdist starts its workers, which inherit it (a worker keeps the controller's).
    os.environ.setdefault(RUN_MARK, uuid.uuid4().hex)
    GUARD.install()


def left_behind() -> dict[int, str]:
    """The game's processes of this run still running (Linux: read from /proc), by pid, with their command line."""
    mark = f"{RUN_MARK}={os.environ.get(RUN_MARK, '')}".encode()
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal() or int(entry.name) == os.getpid():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if not any(name in command for name in GAME_PROCESSES):
                continue
            if mark not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if stat[stat.rindex(")") + 2] != "Z":  # a zombie has ended
            found[int(entry.name)] = command
    return found


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The controller's last word: fail the run if it left a game process running (see the module)."""
    if hasattr(session.config, "workerinput") or not sys.platform.startswith("linux"):
        return
    deadline = time.monotonic() + LEFT_DEADLINE
    while (left := left_behind()) and time.monotonic() < deadline:
        time.sleep(0.2)
    if not left:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    for pid, command in left.items():
        if reporter is not None:
            reporter.write_line(f"left running after the tests: {pid} {command[:200]}", red=True)
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
