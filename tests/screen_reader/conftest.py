"""The screen-reader desktop (``desktop.Desktop``), one for the whole session, and when to do without it.

Where its packages are missing (a developer's machine), the tests that need it are skipped with a one-line reason;
in CI (``CI`` set, as ``.ci/run`` sets it) they fail instead, since there they must run.
Two runs of the suite on one machine take turns: Orca runs once per user, so the desktop is held under a lock
(a file in the temporary folder) while it is up.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import needed
import pytest

from .desktop import DEBIAN_PACKAGES, Desktop, desktop, missing

LOCK_WAIT = 600.0
"""Seconds to wait for another run's screen-reader desktop to end."""


def unavailable(reason: str) -> None:
    needed.unavailable("the screen-reader test", reason)


def other_orca() -> int | None:
    """An Orca of this user already running (a new one would refuse to start), by pid."""
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            if entry.name.isdecimal() and (entry / "comm").read_text().strip() == "orca" \
                    and entry.stat().st_uid == os.getuid():
                return int(entry.name)
    return None


@contextlib.contextmanager
def taking_turns() -> Iterator[bool]:
    """Hold the machine's screen-reader lock (True), or give up after ``LOCK_WAIT`` seconds (False)."""
    if not sys.platform.startswith("linux"):
        yield False
        return
    import fcntl  # Linux only, as is the whole desktop

    with open(Path(tempfile.gettempdir()) / f"commerce-a11y-orca-{os.getuid()}.lock", "w") as lock:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    yield False
                    return
                time.sleep(0.5)
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def screen_reader(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desktop]:
    """The started desktop, with everything it started ended afterwards, also when a test or the start failed."""
    if not sys.platform.startswith("linux"):
        pytest.skip("Orca runs on Linux only")
    lacking = missing()
    if lacking:
        unavailable(f"missing {', '.join(lacking)} (Debian: apt-get install "
                                    f"{' '.join(DEBIAN_PACKAGES)})")
    with taking_turns() as ours:
        if not ours:
            unavailable("another run's screen-reader desktop did not end")
        running = other_orca()
        if running is not None:
            unavailable(f"Orca already runs for this user (pid {running}); it allows only one")
        with desktop(tmp_path_factory.mktemp("screen-reader")) as made:
            yield made
        assert not made.left(), f"processes of the screen-reader desktop left running: {made.left()}"
