"""Build the frozen game (``packaging/commerce.spec``, PyInstaller) and use it as a player would, or check a build.

The CI workflow runs it on Windows to build and check the release zip's folder (``.github/workflows/ci.yml``); on
Linux it builds and checks the same way (about 20 s on the 2-core development machine), which is how the spec is
tried on the project's own machines::

    uv run --with pyinstaller python scripts/frozen_check.py --build   # build dist/commerce, then check it
    uv run python scripts/frozen_check.py                             # check dist/commerce as it is

The checks, each with a home of their own (nothing of the player's is read or written):

* ``commerce --lang de --help`` answers in German: the compiled catalogs were bundled where the game looks.
* ``commerce play --lang nl`` plays a whole match from piped input and exits 0.
* ``commerce serve`` and ``commerce join``: a match at a table with computer players, whose moves come from the
  server's worker processes, which a frozen program starts as itself (``multiprocessing.freeze_support`` in
  ``cli.main``); then the server is stopped (Ctrl-C; Ctrl-Break on Windows) and must end.

Exit status 0 when everything passed; otherwise the failed check and what the program printed.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WINDOWS = sys.platform == "win32"
TIMEOUT = 120.0
"""Seconds any one step may take before the check fails (a whole match is played in well under ten)."""


class Failed(Exception):
    """A check failed: the message says which, and what the program printed."""


def build(dist: Path, work: Path) -> float:
    """Run PyInstaller on the spec; the seconds it took."""
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist), "--workpath",
                    str(work), str(ROOT / "packaging" / "commerce.spec")], check=True, cwd=ROOT)
    return time.monotonic() - started


def environment(home: Path) -> dict[str, str]:
    """The environment of a player whose home is ``home``, on every system, with no language chosen."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("LANG", "LC_", "XDG_", "UV", "VIRTUAL_ENV"))}  # nor uv's, as a player has none
    env.update(HOME=str(home), USERPROFILE=str(home), APPDATA=str(home / "roaming"),
               LOCALAPPDATA=str(home / "local"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), LANG="C.UTF-8", TERM="dumb", PYTHONIOENCODING="utf-8")
    return env


def run(program: Path, args: list[str], home: Path, text: str = "") -> str:
    """The program's output with ``args`` and ``text`` piped in; it must exit 0."""
    result = subprocess.run([str(program), *args], input=text, capture_output=True, text=True, encoding="utf-8",
                            env=environment(home), timeout=TIMEOUT, check=False)
    if result.returncode != 0 or "Traceback" in result.stdout + result.stderr:
        raise Failed(f"commerce {' '.join(args)}: exit status {result.returncode}\n{result.stdout}{result.stderr}")
    return result.stdout


class Reader:
    """A process's output as it comes, read by a thread, so the check can wait for a line."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.text = ""
        assert process.stdout is not None
        self.stream = process.stdout
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while chunk := self.stream.read(1):
            self.text += chunk

    def wait(self, pattern: str, what: str) -> re.Match[str]:
        deadline = time.monotonic() + TIMEOUT
        while not (found := re.search(pattern, self.text)):
            if time.monotonic() > deadline:
                raise Failed(f"{what}: no {pattern!r} within {TIMEOUT:.0f} s\n{self.text[-3000:]}")
            time.sleep(0.05)
        return found


def start(program: Path, args: list[str], home: Path) -> tuple[subprocess.Popen[str], Reader]:
    process = subprocess.Popen([str(program), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, encoding="utf-8", env=environment(home),
                               creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0))
    return process, Reader(process)


def stop(server: subprocess.Popen[str]) -> None:
    """Ctrl-C to the server (Ctrl-Break on Windows, where Ctrl-C cannot be sent to one process); it must end."""
    server.send_signal(getattr(signal, "CTRL_BREAK_EVENT", signal.SIGINT))
    try:
        server.wait(TIMEOUT)
    except subprocess.TimeoutExpired:
        server.kill()
        raise Failed("commerce serve did not end after Ctrl-C") from None


def serve_and_join(program: Path, home: Path) -> None:
    server, served = start(program, ["serve", "--port", "0", "--data", str(home / "server"), "--lang", "en",
                                     "--workers", "2"], home)
    try:
        port = served.wait(r"port (\d+)\.", "commerce serve")[1]
        player, heard = start(program, ["join", f"127.0.0.1:{port}", "--name", "Greta", "--password", "geheim1",
                                        "--lang", "en"], home / "player")
        assert player.stdin is not None
        player.stdin.write("create commerce name=Frozen seats=3 bots=basic\n")
        player.stdin.flush()
        heard.wait(r"Table Frozen\? ", "commerce join")
        player.stdin.write("start\n" + "pass\n" * 300)
        player.stdin.close()
        heard.wait(r"The match is over\.", "commerce join")  # the computer players' moves came from the workers
        if player.wait(TIMEOUT) != 0:
            raise Failed(f"commerce join: exit status {player.returncode}\n{heard.text[-3000:]}")
    finally:
        stop(server)


def expect(output: str, sentence: str, what: str) -> None:
    if sentence not in output:
        raise Failed(f"{what}: no {sentence!r} in what it said\n{output[-3000:]}")


def check(program: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="commerce-frozen-") as folder:
        home = Path(folder)
        steps: dict[str, Callable[[], None]] = {
            "--help in German": lambda: expect(run(program, ["--lang", "de", "--help"], home),
                                               "Aufruf: commerce", "commerce --help"),
            "a piped match in Dutch": lambda: expect(
                run(program, ["play", "--lang", "nl", "--seed", "3"], home, "pass\n" * 400), "Ronde 1.", "play"),
            "a match at a served table": lambda: serve_and_join(program, home),
        }
        for name, step in steps.items():
            started = time.monotonic()
            step()
            print(f"passed: {name} ({time.monotonic() - started:.1f} s)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true", help="build with PyInstaller first")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's dist folder")
    arguments = parser.parse_args()
    if arguments.build:
        seconds = build(arguments.dist, arguments.dist.parent / "build")
        print(f"built {arguments.dist / 'commerce'} in {seconds:.0f} s", flush=True)
    program = arguments.dist / "commerce" / ("commerce.exe" if WINDOWS else "commerce")
    try:
        check(program)
    except Failed as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
