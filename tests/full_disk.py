"""A disk that fills up on demand, for the server's tests of a full disk (issue 23, item 7).

Where the machine allows it (root on Linux), a real file system of its own: an 8 MiB tmpfs, filled by a file that
takes every free byte and freed by removing it, so that every write the server makes (its saves, SQLite, records,
the log) meets a real ``ENOSPC``. Elsewhere the server's ``os.write`` is made to fail with ``ENOSPC`` while a flag
file exists (a ``sitecustomize`` module on the server's ``PYTHONPATH``): the saves, which write with ``os.write``,
fail as on a full disk, the rest goes on.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

SITECUSTOMIZE = '''
import errno, os
_flag = os.environ.get("COMMERCE_TEST_FULL_DISK", "")
_write = os.write
def write(fd, data):
    if _flag and os.path.exists(_flag):
        raise OSError(errno.ENOSPC, "No space left on device")
    return _write(fd, data)
os.write = write
'''


class SmallDisk:
    """A folder for the server's data whose disk ``fill`` fills and ``free`` frees again."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.mount = root / "disk"
        self.mount.mkdir()
        self.real = sys.platform.startswith("linux") and _mount_tmpfs(self.mount)
        self.filler = self.mount / "filler"
        self.flag = root / "full"
        if not self.real:
            hooks = root / "hooks"
            hooks.mkdir()
            (hooks / "sitecustomize.py").write_text(SITECUSTOMIZE)
            monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(hooks), os.environ.get("PYTHONPATH")])))
            monkeypatch.setenv("COMMERCE_TEST_FULL_DISK", str(self.flag))
        self.data = self.mount / "data"

    def fill(self) -> None:
        if not self.real:
            self.flag.touch()
            return
        with self.filler.open("ab", buffering=0) as out:
            for size in (65536, 4096, 1):  # every free byte: big blocks first, then the last ones
                with contextlib.suppress(OSError):
                    while True:
                        out.write(b"\0" * size)

    def free(self) -> None:
        self.flag.unlink(missing_ok=True)
        self.filler.unlink(missing_ok=True)

    def close(self) -> None:
        self.free()
        if self.real:
            subprocess.run(["umount", "-l", str(self.mount)], check=False, capture_output=True)


def _mount_tmpfs(folder: Path) -> bool:
    if os.geteuid() != 0:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder)], check=False,
                          capture_output=True)
    return done.returncode == 0
