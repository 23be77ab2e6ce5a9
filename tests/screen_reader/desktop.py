"""A headless Linux desktop with a real screen reader on it: Orca in a VTE terminal, speaking through
speech-dispatcher and espeak-ng, writing braille to a virtual 40-cell display.

What a blind player gets is what Orca makes of the game's output, so this is the closest a test comes to one. The
pieces, each started by this module and recorded by its process id:

- Xvfb on a display number it chooses itself (``-displayfd``), so two test runs never share a display;
- a D-Bus session bus and the AT-SPI bus (the terminal's text reaches Orca through AT-SPI);
- PulseAudio with a null sink, paced like a sound card, so speech takes its real time and a key press cuts it;
- speech-dispatcher with espeak-ng, on a socket of its own;
- BRLTTY with its ``vr`` driver, whose display is a socket served here (``BrailleDisplay``): it says it has 40
  cells, and BRLTTY's BrlAPI server, on a number derived from the display's, is where Orca writes braille;
- xfce4-terminal running a shell whose ``g`` runs the command the test wrote down, under ``script``, so every byte
  the game prints is kept;
- Orca, once per language (its braille table is the language's), with a debug log that is written line by line.

Everything runs with a HOME and XDG folders inside the run folder, never the user's. ``stop`` ends exactly the
processes started here and what they started themselves (found through /proc), deepest first: SIGTERM, then
SIGKILL for whatever is left (Orca has been seen to ignore SIGTERM). Orca refuses to start while another process
of the same user is called ``orca``; the test says so rather than fight it.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from processes import alive

SYSTEM_PYTHON = "/usr/bin/python3"
"""Orca and its Python modules (pyatspi, brlapi, louis) are the system's, not the project's venv's."""
AT_SPI_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
PROGRAMS = ("Xvfb", "dbus-daemon", AT_SPI_LAUNCHER, "pulseaudio", "pactl", "speech-dispatcher", "brltty",
            "xfce4-terminal", "xdotool", "orca", "script", "xdpyinfo", SYSTEM_PYTHON)
SYSTEM_MODULES = ("pyatspi", "brlapi", "louis", "speechd")
DEBIAN_PACKAGES = ("orca", "xvfb", "dbus", "at-spi2-core", "xfce4-terminal", "xdotool",
                   "speech-dispatcher", "speech-dispatcher-espeak-ng", "espeak-ng", "python3-speechd", "brltty",
                   "python3-brlapi", "python3-louis", "liblouis-data", "x11-utils", "pulseaudio",
                   "pulseaudio-utils")
"""What ``.ci/run`` installs for this test (Debian 12)."""
BRAILLE_TABLES = {"de": "de-g0.utb", "nl": "nl-NL-g0.utb", "en": "en-ueb-g1.ctb"}
"""The liblouis table Orca writes each language's braille with: the tables bench/speech_cost.py counts with."""
CELLS = 40
COLUMNS = 160
"""The terminal's width: wide enough that no question wraps, so the braille line is the whole question."""

# Orca writes its --debug-file without ever flushing it; opened line-buffered, the test can follow it live.
_ORCA_LAUNCHER = """
import builtins, runpy, sys
debug_file = next(a.split("=", 1)[1] for a in sys.argv if a.startswith("--debug-file="))
_open = builtins.open
def line_buffered(file, mode="r", *args, **kwargs):
    if file == debug_file and "w" in mode and not args and "buffering" not in kwargs:
        kwargs["buffering"] = 1
    return _open(file, mode, *args, **kwargs)
builtins.open = line_buffered
sys.argv = ["/usr/bin/orca"] + sys.argv[1:]
runpy.run_path("/usr/bin/orca", run_name="__main__")
"""

# The shell in the terminal: a quiet prompt, Ctrl-D (meant for a game) never ending it, and ``g``, which runs the
# game as $RUN/next.sh says (its command and its whole environment) under script, appending every byte the game
# prints to $RUN/game.typescript.
_SHELL_RC = """
PS1='$ '
IGNOREEOF=1000
g() { script -q -f -a -O "$RUN/game.typescript" -c "bash $RUN/next.sh"; }
"""


def missing() -> list[str]:
    """What this machine lacks for the desktop (programs, and the system Python's modules Orca needs)."""
    lacking = [program for program in PROGRAMS if shutil.which(program) is None]
    if SYSTEM_PYTHON not in lacking:
        for module in SYSTEM_MODULES:
            found = subprocess.run([SYSTEM_PYTHON, "-c", f"import {module}"], capture_output=True, check=False)
            if found.returncode:
                lacking.append(f"python3-{module}")
    return lacking


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux: the parents read from /proc), deepest first."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal():
            continue
        with contextlib.suppress(OSError):
            stat = (entry / "stat").read_text()
            children.setdefault(int(stat[stat.rindex(")") + 2:].split()[1]), []).append(int(entry.name))
    found: list[int] = []

    def walk(parent: int) -> None:
        for child in children.get(parent, []):
            walk(child)
            found.append(child)

    walk(pid)
    return found


def end(pids: list[int], grace: float = 3.0) -> None:
    """SIGTERM to each of ``pids``, then SIGKILL to whichever still runs after ``grace`` seconds."""
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in pids:
        if alive(pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def wait_until(what: str, ready: Callable[[], object], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise DesktopError(f"timed out waiting for {what}")
        time.sleep(0.05)


class DesktopError(RuntimeError):
    """A piece of the desktop did not start."""


class BrailleDisplay:
    """The far end of BRLTTY's ``vr`` driver: a virtual display of ``CELLS`` cells that keeps every line BRLTTY
    shows on it (``shown``: the text of each update, as BRLTTY's ``Visual`` line gives it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(1)
        self.shown: list[str] = []
        self.connection: socket.socket | None = None
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        self.server.settimeout(30)
        with contextlib.suppress(OSError):
            self.connection, _ = self.server.accept()
            self.connection.sendall(f"cells {CELLS}\n".encode())
            for line in self.connection.makefile("r", encoding="latin-1"):
                if line.startswith("Visual "):
                    self.shown.append(line[len("Visual "):].rstrip("\n").strip().removeprefix('"').removesuffix('"'))

    def close(self) -> None:
        for closing in (self.connection, self.server):
            if closing is not None:
                with contextlib.suppress(OSError):
                    closing.close()
        self.path.unlink(missing_ok=True)


class Desktop:
    """The desktop of one test session in ``run`` (see the module): ``start``; then ``orca(lang)``, and games
    started (``launch``) and typed into (``type_line``, ``key``) in its terminal; then ``stop``."""

    def __init__(self, run: Path) -> None:
        self.run = run
        self.started: list[tuple[int, str]] = []
        """Every process started here, in order, with what it is."""
        self.children: list[subprocess.Popen[bytes]] = []
        """The processes started here as this process's children, waited for when they end."""
        self.stopped: list[int] = []
        """Every process ``stop`` ended: those started here and what they started."""
        self.env: dict[str, str] = {}
        self.display: BrailleDisplay | None = None
        self.orca_process: subprocess.Popen[bytes] | None = None
        self.window = ""
        self.orca_log = run / "orca-debug.out"
        self.typescript = run / "game.typescript"

    # --- starting and stopping ------------------------------------------------------------------------------

    def _start(self, name: str, argv: list[str], env: Mapping[str, str] | None = None,
               pass_fds: tuple[int, ...] = ()) -> subprocess.Popen[bytes]:
        """Start ``argv`` with the desktop's environment (or ``env``), its output in ``name``.log."""
        log = open(self.run / f"{name}.log", "wb")  # noqa: SIM115 - the process writes it until it ends
        process = subprocess.Popen(argv, env=env or self.env, stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT, pass_fds=pass_fds)
        log.close()
        self.started.append((process.pid, name))
        self.children.append(process)
        return process

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run(argv, env=self.env, capture_output=True, text=True, check=check, timeout=30)

    def start(self) -> None:
        run = self.run
        for folder in ("home", "config", "data", "cache", "state", "runtime", "pulse", "spd", "brlapi"):
            (run / folder).mkdir(parents=True, exist_ok=True)
        for private in ("runtime", "pulse"):
            (run / private).chmod(0o700)
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(run / "home"),
                    "XDG_CONFIG_HOME": str(run / "config"), "XDG_DATA_HOME": str(run / "data"),
                    "XDG_CACHE_HOME": str(run / "cache"), "XDG_STATE_HOME": str(run / "state"),
                    "XDG_RUNTIME_DIR": str(run / "runtime"), "LANG": "C.UTF-8", "RUN": str(run)}
        # 1. The X server, on the first free display (it writes the number it took).
        read, write = os.pipe()
        # -noreset: by default the server resets whenever its last client leaves (xdpyinfo below, the AT-SPI
        # launcher), and a client connecting during the reset is refused ("cannot open display", seen once in a
        # clean-clone CI run when the terminal started).
        self._start("xvfb", ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp",
                             "-ac", "-noreset"], pass_fds=(write,))
        os.close(write)
        with os.fdopen(read) as number:
            display = number.readline().strip()
        if not display.isdecimal():
            raise DesktopError("Xvfb did not start")
        self.env["DISPLAY"] = f":{display}"
        wait_until("the X server", lambda: self._run("xdpyinfo", check=False).returncode == 0)
        # 2. The D-Bus session bus (it forks: its own pid is what it prints).
        bus = self._run("dbus-daemon", "--session", "--fork", f"--address=unix:path={run / 'bus'}",
                        "--print-address=1", "--print-pid=1").stdout.split()
        self.started.append((int(bus[1]), "dbus-daemon"))
        self.env["DBUS_SESSION_BUS_ADDRESS"] = bus[0]
        # 3. The AT-SPI bus (its launcher starts a bus of its own; the registry is activated on it).
        self._start("at-spi", [AT_SPI_LAUNCHER, "--launch-immediately"])
        wait_until("the accessibility bus", lambda: self._run(
            "dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
            "org.a11y.Bus.GetAddress", check=False).returncode == 0)
        # 4. PulseAudio with a null sink.
        (run / "pulse" / "default.pa").write_text(
            f"load-module module-native-protocol-unix socket={run / 'pulse' / 'native'} auth-anonymous=1\n"
            "load-module module-null-sink sink_name=null rate=22050 channels=1\nset-default-sink null\n")
        self._start("pulseaudio", ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
                                   "--disallow-exit", "-F", str(run / "pulse" / "default.pa")],
                    env={**self.env, "PULSE_RUNTIME_PATH": str(run / "pulse")})
        self.env["PULSE_SERVER"] = f"unix:{run / 'pulse' / 'native'}"
        wait_until("PulseAudio", lambda: self._run("pactl", "info", check=False).returncode == 0)
        # 5. speech-dispatcher with espeak-ng, into PulseAudio.
        conf = run / "spd" / "conf"
        shutil.copytree("/etc/speech-dispatcher", conf)
        with (conf / "speechd.conf").open("a") as speechd:
            speechd.write('\nAudioOutputMethod "pulse"\nDefaultModule "espeak-ng"\n')
        speech_socket = run / "spd" / "speechd.sock"
        self._start("speech-dispatcher", ["speech-dispatcher", "-s", "-t", "0", "-C", str(conf),
                                          "-L", str(run / "spd"), "-c", "unix_socket", "-S", str(speech_socket),
                                          "-P", str(run / "spd" / "pid")])
        wait_until("speech-dispatcher", speech_socket.exists)
        self.env["SPEECHD_ADDRESS"] = f"unix_socket:{speech_socket}"
        # 6. BRLTTY on the virtual display, its BrlAPI server for Orca on a number no other run of this test uses.
        brlapi_host = f":{100 + int(display)}"
        self.braille(brlapi_host)
        self.env["BRLAPI_HOST"] = brlapi_host
        # 7. The terminal, with the shell that runs the games.
        (run / "shellrc").write_text(_SHELL_RC)
        self.terminal()

    def terminal(self, tries: int = 2) -> None:
        """Start the terminal and find its window, again if it ends first (refused by the X server)."""
        for attempt in range(1, tries + 1):
            terminal = self._start(f"xfce4-terminal-{attempt}", [
                "xfce4-terminal", "--disable-server", f"--geometry={COLUMNS}x24", "--hide-menubar",
                "--hide-toolbar", "--hide-scrollbar", "--title=game",
                "-x", "bash", "--noprofile", "--rcfile", str(self.run / "shellrc")])
            deadline = time.monotonic() + 15
            while terminal.poll() is None and time.monotonic() < deadline:
                found = self._run("xdotool", "search", "--name", "^game$", check=False).stdout.split()
                if found:
                    self.window = found[0]
                    return
                time.sleep(0.1)
            if terminal.poll() is None:
                raise DesktopError("timed out waiting for the terminal's window")
        raise DesktopError(f"the terminal did not start in {tries} tries")

    def braille(self, brlapi_host: str, tries: int = 2) -> None:
        """Start BRLTTY on a new virtual display, again if it dies first (it has been seen to fail an assertion in
        its memory allocator at start, about once in four)."""
        for attempt in range(1, tries + 1):
            folder = self.run / "brlapi" / str(attempt)
            folder.mkdir()
            self.display = BrailleDisplay(folder / "display.sock")
            brltty = self._start(f"brltty-{attempt}", [
                "brltty", "-n", "-e", "-q", "-f", "/dev/null", "-F", "/dev/null", "-Z", "-b", "vr",
                "-d", f"client:{self.display.path}", "-x", "no", "-s", "no", "-A", f"auth=none,host={brlapi_host}",
                "-W", str(folder), "-U", str(folder), "-P", str(folder / "pid"), "--start-message="])
            deadline = time.monotonic() + 15
            while self.display.connection is None and brltty.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            if self.display.connection is not None and brltty.poll() is None:
                return
            end([brltty.pid])
            self.display.close()
        raise DesktopError(f"BRLTTY did not start in {tries} tries")

    def orca(self, lang: str) -> None:
        """(Re)start Orca, its braille in ``lang``'s table, and give the terminal the focus."""
        self.stop_orca()
        prefs = self.run / f"orca-{lang}"
        prefs.mkdir(exist_ok=True)
        general = {"enableContractedBraille": True,
                   "brailleContractionTable": f"/usr/share/liblouis/tables/{BRAILLE_TABLES[lang]}"}
        profile = {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}
        (prefs / "user-settings.conf").write_text(json.dumps(
            {"general": general, "profiles": {"default": profile}, "pronunciations": {}, "keybindings": {}}))
        self.orca_log.unlink(missing_ok=True)
        self.orca_process = self._start(f"orca-{lang}", [SYSTEM_PYTHON, "-c", _ORCA_LAUNCHER, "-u", str(prefs),
                                                         f"--debug-file={self.orca_log}"])
        wait_until("Orca", lambda: b"SPEECH OUTPUT" in self.orca_bytes(), timeout=60)
        self._run("xdotool", "windowfocus", "--sync", self.window)
        wait_until("Orca at the terminal", lambda: b"frame" in self.orca_bytes(), timeout=30)
        self.quiet()

    def quiet(self, wait: float = 0.3, longest: float = 3.0) -> None:
        """Wait until Orca's log has not grown for ``wait`` seconds (at most ``longest``)."""
        size, since, deadline = -1, time.monotonic(), time.monotonic() + longest
        while time.monotonic() < deadline:
            now = len(self.orca_bytes())
            if now != size:
                size, since = now, time.monotonic()
            elif time.monotonic() - since >= wait:
                return
            time.sleep(0.05)

    def stop_orca(self) -> None:
        if self.orca_process is not None:
            end([*descendants(self.orca_process.pid), self.orca_process.pid])
            self.orca_process.wait()
            self.orca_process = None

    def stop(self) -> None:
        """End every process started here and below them, newest first, and close the display."""
        self.stop_orca()
        pids: list[int] = []
        for pid, _name in reversed(self.started):
            if alive(pid):
                pids += [*descendants(pid), pid]
        end(pids)
        self.stopped += pids
        for child in self.children:
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(5)
        if self.display is not None:
            self.display.close()

    def left(self) -> list[int]:
        """The processes started here, or by them, that still run (none after ``stop``)."""
        return sorted({pid for pid, _name in self.started if alive(pid)} | {pid for pid in self.stopped if alive(pid)})

    # --- playing ---------------------------------------------------------------------------------------------

    def orca_bytes(self) -> bytes:
        """Orca's debug log so far."""
        try:
            return self.orca_log.read_bytes()
        except OSError:
            return b""

    def printed(self) -> bytes:
        """What the game in the terminal printed so far (``script``'s typescript)."""
        try:
            return self.typescript.read_bytes()
        except OSError:
            return b""

    def launch(self, argv: Sequence[str], env: Mapping[str, str]) -> None:
        """Type ``g`` at the terminal's shell, which runs ``argv`` with ``env`` (and nothing else) under script."""
        self.typescript.unlink(missing_ok=True)
        variables = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        (self.run / "next.sh").write_text(f"exec env -i {variables} {shlex.join(argv)}\n")
        self.type_line("g")

    def type_line(self, text: str) -> None:
        """Type ``text`` and Enter into the terminal, as a player's keyboard would."""
        if text:
            self._run("xdotool", "type", "--delay", "20", text)
        self._run("xdotool", "key", "Return")

    def key(self, name: str) -> None:
        self._run("xdotool", "key", name)


@contextlib.contextmanager
def desktop(run: Path) -> Iterator[Desktop]:
    """A started ``Desktop`` in ``run``, stopped on the way out, also when starting it failed half-way."""
    made = Desktop(run)
    try:
        made.start()
        yield made
    finally:
        made.stop()
