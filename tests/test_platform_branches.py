"""The Windows and macOS branches of the server, the saves and the console (issue 27, items 4 and 7), each run here
with the platform simulated (``platforms.simulated``) and the system calls it makes faked: a fake ``ctypes``,
``signal`` module, socket or ``fcntl``, so that no branch can rot unseen on a Linux machine."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import socket
import sys
import types
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest

from commerce_a11y import files, folders, platforms
from commerce_a11y.server import serve, thinking
from commerce_a11y.server.sockets import keep_alive

# ----- the server: worker processes -----


class NoPool(Executor):
    """Stands in for the process pool: a test of how many workers there are starts none."""


def test_workers_are_capped_at_61_on_windows_only() -> None:
    with platforms.simulated("win32"):
        assert thinking.Thinkers(100, pool=NoPool).workers == thinking.WINDOWS_WORKERS == 61
        assert thinking.Thinkers(4, pool=NoPool).workers == 4
    with platforms.simulated("linux"):
        assert thinking.Thinkers(100, pool=NoPool).workers == 100


@pytest.mark.parametrize(("platform", "method"), [("linux", "forkserver"), ("darwin", "spawn"), ("win32", "spawn")])
def test_workers_start_by_forkserver_on_linux_and_spawn_elsewhere(monkeypatch: pytest.MonkeyPatch, platform: str,
                                                                   method: str) -> None:
    made: list[dict[str, Any]] = []

    def pool(workers: int, **options: Any) -> NoPool:
        made.append({"workers": workers, **options})
        return NoPool()

    monkeypatch.setattr(thinking, "ProcessPoolExecutor", pool)
    with platforms.simulated(platform):
        thinking.Thinkers(3)
    assert made[0]["workers"] == 3 and made[0]["mp_context"].get_start_method() == method


def fake_kernel32(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    import ctypes

    calls: list[tuple[str, Any]] = []
    kernel32 = types.SimpleNamespace(GetCurrentProcess=lambda: -1,
                                     SetPriorityClass=lambda handle, cls: calls.append(("priority", (handle, cls))))
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(kernel32=kernel32), raising=False)
    return calls


def test_a_worker_thinks_below_normal_priority_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = fake_kernel32(monkeypatch)
    monkeypatch.setattr(os, "nice", lambda n: calls.append(("nice", n)), raising=False)
    with platforms.simulated("win32"):
        thinking.lower_priority()
    assert calls == [("priority", (-1, 0x4000))]  # BELOW_NORMAL_PRIORITY_CLASS, not the idle class
    with platforms.simulated("linux"):
        thinking.lower_priority()
    assert calls[1:] == [("nice", 19)]


def test_a_windows_worker_whose_priority_cannot_be_lowered_thinks_all_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    monkeypatch.delattr(ctypes, "windll", raising=False)
    with platforms.simulated("win32"):
        thinking.lower_priority()  # nothing raised


def test_a_worker_ignores_ctrl_c_and_ctrl_break(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Windows console sends Ctrl-C and Ctrl-Break to every process in it, the workers too: the server stops them
    itself, so neither may kill one (a dead worker breaks the pool while the server stops)."""
    handlers: dict[int, Any] = {}
    fake = types.SimpleNamespace(SIGINT=2, SIGBREAK=21, SIG_IGN=signal.SIG_IGN,
                                 signal=lambda number, handler: handlers.__setitem__(number, handler))
    monkeypatch.setattr(thinking, "signal", fake)
    monkeypatch.setattr(thinking, "lower_priority", lambda: None)
    monkeypatch.setattr(thinking, "_watch_server", lambda: None)
    thinking._quiet_worker()
    assert handlers == {2: signal.SIG_IGN, 21: signal.SIG_IGN}


# ----- the server: listening and stopping -----


def test_the_address_is_reused_on_posix_only() -> None:
    """On Windows SO_REUSEADDR would let a second server bind the port the first one listens on."""
    with platforms.simulated("win32"):
        assert serve.listening()["reuse_address"] is False
    for platform in ("linux", "darwin"):
        with platforms.simulated(platform):
            assert serve.listening()["reuse_address"] is True


def test_windows_ctrl_c_ctrl_break_and_sigterm_stop_the_server_the_clean_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows' event loop has no ``add_signal_handler``: Python's handlers hand the stop to the loop, and the ones
    before are back afterwards."""
    installed: dict[int, Any] = {2: "asyncio's", 15: signal.SIG_DFL, 21: signal.SIG_DFL}

    def set_handler(number: int, handler: Any) -> Any:
        before, installed[number] = installed[number], handler
        return before

    fake = types.SimpleNamespace(SIGINT=2, SIGTERM=15, SIGBREAK=21, signal=set_handler)
    monkeypatch.setattr(serve, "signal", fake)

    async def run(number: int) -> bool:
        loop = asyncio.get_running_loop()
        monkeypatch.setattr(loop, "add_signal_handler", lambda *a: pytest.fail("not on Windows"))
        stop = asyncio.Event()
        with platforms.simulated("win32"):
            restore = serve.stop_on_signals(loop, stop)
        installed[number](number, None)  # as Python calls a handler, in the main thread
        await asyncio.wait_for(stop.wait(), 10)
        restore()
        return stop.is_set()

    for number in (2, 21, 15):
        assert asyncio.run(run(number))
        assert installed == {2: "asyncio's", 15: signal.SIG_DFL, 21: signal.SIG_DFL}


def test_a_real_ctrl_c_stops_the_server_through_the_windows_branch() -> None:
    """The same with the real signal module: Ctrl-C raised in this process reaches the loop through Python's
    handler, as on Windows (the handler is checked to be in place before the signal is raised)."""

    async def run() -> bool:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        before = signal.getsignal(signal.SIGINT)
        with platforms.simulated("win32"):
            restore = serve.stop_on_signals(loop, stop)
        try:
            assert signal.getsignal(signal.SIGINT) not in (before, signal.default_int_handler, signal.SIG_DFL)
            signal.raise_signal(signal.SIGINT)
            await asyncio.wait_for(stop.wait(), 10)
        finally:
            restore()
        assert signal.getsignal(signal.SIGINT) is before
        return stop.is_set()

    assert asyncio.run(run())


def test_posix_stops_through_the_loops_own_handlers() -> None:
    async def run() -> bool:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        with platforms.simulated("linux"):
            remove = serve.stop_on_signals(loop, stop)
        try:
            assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None)  # the loop's own is in place
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.wait_for(stop.wait(), 10)
        finally:
            remove()
        assert not loop.remove_signal_handler(signal.SIGTERM)  # already removed
        return stop.is_set()

    assert asyncio.run(run())


# ----- the server: keepalive -----


class Options:
    """A socket that records its options and refuses the ones named."""

    def __init__(self, refused: tuple[int, ...] = ()) -> None:
        self.set: dict[tuple[int, int], int] = {}
        self.refused = refused

    def setsockopt(self, level: int, option: int, value: int) -> None:
        if option in self.refused:
            raise OSError(22, "Invalid argument")
        self.set[(level, option)] = value


def test_keepalive_on_macos_names_the_idle_time_tcp_keepalive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket, "TCP_KEEPALIVE", 0x10, raising=False)
    monkeypatch.delattr(socket, "TCP_KEEPIDLE", raising=False)
    monkeypatch.delattr(socket, "TCP_USER_TIMEOUT", raising=False)
    monkeypatch.setattr(socket, "TCP_KEEPINTVL", 0x101, raising=False)
    monkeypatch.setattr(socket, "TCP_KEEPCNT", 0x102, raising=False)
    sock = Options()
    with platforms.simulated("darwin"):
        keep_alive(sock)
    assert sock.set == {(socket.SOL_SOCKET, socket.SO_KEEPALIVE): 1, (socket.IPPROTO_TCP, 0x10): 30,
                        (socket.IPPROTO_TCP, 0x101): 10, (socket.IPPROTO_TCP, 0x102): 3}


@pytest.mark.skipif(not hasattr(socket, "TCP_KEEPIDLE"), reason="Linux's keepalive options")
def test_one_keepalive_option_refused_leaves_the_others_set() -> None:
    """Older Windows 10 refuses TCP_KEEPCNT; each option is set on its own."""
    sock = Options(refused=(socket.TCP_KEEPCNT,))
    with platforms.simulated("linux"):
        keep_alive(sock)
    tcp = {option: value for (level, option), value in sock.set.items() if level == socket.IPPROTO_TCP}
    assert tcp[socket.TCP_KEEPIDLE] == 30 and tcp[socket.TCP_KEEPINTVL] == 10
    assert socket.TCP_KEEPCNT not in tcp and tcp[socket.TCP_USER_TIMEOUT] == 60_000


# ----- saves: the full sync on macOS -----


def fake_fcntl(monkeypatch: pytest.MonkeyPatch, refuse: bool = False) -> list[str]:
    calls: list[str] = []

    def fcntl(fd: int, command: int) -> int:
        calls.append("full")
        if refuse:
            raise OSError(45, "Operation not supported")
        return 0

    monkeypatch.setitem(sys.modules, "fcntl", types.SimpleNamespace(F_FULLFSYNC=51, fcntl=fcntl))
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append("fsync"))
    monkeypatch.setattr(os, "fdatasync", lambda fd: calls.append("fdatasync"), raising=False)
    return calls


def test_macos_saves_with_the_full_sync(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls = fake_fcntl(monkeypatch)
    with platforms.simulated("darwin"):
        assert files.atomic_write(tmp_path / "save.jsonl", "a line\n")
        files.sync(0, data_only=True)  # the server's saves
    assert calls == ["full", "full"]
    assert (tmp_path / "save.jsonl").read_text() == "a line\n"


def test_a_volume_without_the_full_sync_gets_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = fake_fcntl(monkeypatch, refuse=True)
    with platforms.simulated("darwin"):
        files.sync(0)
    assert calls == ["full", "fsync"]


def test_elsewhere_fsync_and_for_the_server_fdatasync(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = fake_fcntl(monkeypatch)
    with platforms.simulated("linux"):
        files.sync(0)
        files.sync(0, data_only=True)
    assert calls == ["fsync", "fdatasync"]
    monkeypatch.delattr(os, "fdatasync")  # Windows has none
    with platforms.simulated("win32"):
        files.sync(0, data_only=True)
    assert calls[2:] == ["fsync"]


# ----- the data folder on Windows -----


def test_windows_data_in_local_appdata_and_settings_in_roaming(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    with platforms.simulated("win32"):
        assert folders.config_dir() == tmp_path / "Roaming" / "commerce-a11y"
        assert folders.data_dir() == tmp_path / "Local" / "commerce-a11y"
        (tmp_path / "Roaming" / "commerce-a11y").mkdir(parents=True)
        (tmp_path / "Roaming" / "commerce-a11y" / "settings.json").write_text("{}")
        assert folders.data_dir() == tmp_path / "Local" / "commerce-a11y"  # settings alone are not data


def test_windows_data_an_earlier_version_kept_with_the_settings_stays_there(monkeypatch: pytest.MonkeyPatch,
                                                                           tmp_path: Path) -> None:
    earlier = tmp_path / "Roaming" / "commerce-a11y"
    (earlier / "records").mkdir(parents=True)
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    with platforms.simulated("win32"):
        assert folders.data_dir() == earlier
        (tmp_path / "Local" / "commerce-a11y").mkdir(parents=True)  # once the new folder is there, it counts
        assert folders.data_dir() == tmp_path / "Local" / "commerce-a11y"
        monkeypatch.delenv("LOCALAPPDATA")
        assert folders.data_dir() == earlier


# ----- commerce join --tls: the system's certificate store -----


def test_join_tls_checks_against_the_systems_store_through_truststore(monkeypatch: pytest.MonkeyPatch) -> None:
    """python.org's macOS build finds no certificates of its own: truststore (installed on macOS and Windows) asks
    the system; a server's own certificate given with --tls-ca is checked against that alone."""
    import ssl

    from commerce_a11y.client import connection

    made: list[object] = []

    class SystemContext:
        def __init__(self, protocol: int) -> None:
            made.append(protocol)

    monkeypatch.setitem(sys.modules, "truststore", types.SimpleNamespace(SSLContext=SystemContext))
    assert isinstance(connection.tls_context(None), SystemContext) and made == [ssl.PROTOCOL_TLS_CLIENT]
    asked: list[object] = []
    monkeypatch.setattr(ssl, "create_default_context", lambda cafile=None: asked.append(cafile) or "own")
    assert connection.tls_context(Path("own.pem")) == "own" and asked == ["own.pem"] and len(made) == 1


def test_join_tls_without_truststore_uses_the_default_context(monkeypatch: pytest.MonkeyPatch) -> None:
    import ssl

    from commerce_a11y.client import connection

    monkeypatch.setitem(sys.modules, "truststore", None)  # not installed (Linux): the import fails
    context = connection.tls_context(None)
    assert type(context) is ssl.SSLContext
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname


# ----- the console: leaving on Windows -----


class EndOfInput:
    """A console whose every question meets the end of input (Ctrl-Z Enter, or a Ctrl-C that arrived as one)."""

    name = "plain"
    interactive = True
    asked = 0

    def read(self, prompt: str) -> str | None:
        self.asked += 1
        return None


def test_a_ctrl_c_behind_the_end_of_input_cannot_cut_into_the_save_and_the_goodbye() -> None:
    """On Windows a Ctrl-C at a question may arrive as the end of input and then as Ctrl-C a moment later: the
    game leaves as at Ctrl-D, saved and with its sentence, and the Ctrl-C that comes while it saves is dropped."""
    from commerce_a11y.bots import make_bot
    from commerce_a11y.console.game import Game
    from commerce_a11y.console.signals import GUARD
    from commerce_a11y.console.speech import SilentSpeech
    from commerce_a11y.console.terminal import Terminal
    from commerce_a11y.i18n import use_language
    from commerce_a11y.narration.narrator import Narrator
    from commerce_a11y.rules import Match, Player, replay, ruleset

    use_language("en")
    names = ["You", "Anna", "Ben"]
    match = Match(ruleset("commerce"), [Player(n, "human" if s == 0 else "bot:basic") for s, n in enumerate(names)], 5)
    saves: list[list[str]] = []
    console = EndOfInput()

    def save(lines: list[str]) -> bool:
        if console.asked:
            saves.append(list(lines))
            if len(saves) == 1:  # the save on leaving: the Ctrl-C behind the end of input comes now
                GUARD._handle(signal.SIGINT, None)
        return True

    out = io.StringIO()
    game = Game(match, 0, {s: make_bot("basic", s) for s in (1, 2)}, Narrator(match.rules, names, 0),
                Terminal(console, SilentSpeech(), out), save)
    assert game.run() == 0
    lines = out.getvalue().splitlines()
    assert console.asked == 1 and len(saves) == 1 and replay(saves[0]).events == match.events
    assert lines[-1].startswith("Your match is saved. To go on, type: ")
    assert not any(line.startswith("Ctrl-C") for line in lines)


def test_ctrl_break_saves_and_leaves_like_sigterm(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows' Ctrl-Break (SIGBREAK) is a stop signal: save and leave, status 128 + 21."""
    from commerce_a11y.console import signals

    handlers: dict[int, Any] = {}
    fake = types.SimpleNamespace(SIGINT=2, SIGTERM=15, SIGBREAK=21,
                                 signal=lambda number, handler: handlers.__setitem__(number, handler))
    monkeypatch.setattr(signals, "signal", fake)
    guard = signals.SignalGuard()
    guard.install()
    assert set(handlers) == {2, 15, 21}
    with pytest.raises(signals.Stopped) as stop:
        handlers[21](21, None)
    assert stop.value.status == 149 and not stop.value.hangup


# ----- the console: piped input on Windows, and the input back-end it gets -----


class Stream(io.TextIOWrapper):
    """A standard stream over bytes, a console or not."""

    def __init__(self, data: bytes, encoding: str, console: bool = False) -> None:
        super().__init__(io.BytesIO(data), encoding=encoding)
        self.console = console

    def isatty(self) -> bool:
        return self.console


def test_piped_utf8_input_on_windows_is_read_as_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    from commerce_a11y.console.charset import prepare_streams

    for name in ("stdout", "stderr"):
        monkeypatch.setattr(sys, name, Stream(b"", "cp1252"))
    monkeypatch.setattr(sys, "stdin", Stream("Herz-König\n".encode(), "cp1252"))  # a pipe: the ANSI code page
    with platforms.simulated("win32"):
        prepare_streams({})
    assert sys.stdin.readline() == "Herz-König\n"
    monkeypatch.setattr(sys, "stdin", Stream(b"K\xf6nig\n", "cp1252"))
    with platforms.simulated("win32"):
        prepare_streams({"PYTHONIOENCODING": "cp1252"})  # the player's own choice wins
    assert sys.stdin.readline() == "König\n"


def test_a_windows_console_keeps_its_own_input_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    from commerce_a11y.console.charset import prepare_streams

    for name in ("stdout", "stderr"):
        monkeypatch.setattr(sys, name, Stream(b"", "utf-8", console=True))
    monkeypatch.setattr(sys, "stdin", Stream("König\n".encode(), "utf-8", console=True))
    with platforms.simulated("win32"):
        prepare_streams({})
    assert sys.stdin.encoding == "utf-8" and sys.stdin.readline() == "König\n"


def test_a_windows_console_gets_plain_input_unless_rich_is_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows sets no TERM, so the automatic choice (docs/playing.md) is plain input there: the console's own line
    editing and history. Rich input (Tab completion) is had with --input rich."""
    from commerce_a11y.console import terminal

    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.delenv("ACCESSIBLE", raising=False)
    console_in, console_out = Stream(b"", "utf-8", console=True), Stream(b"", "utf-8", console=True)
    with platforms.simulated("win32"):
        assert terminal.make_input("auto", lambda: [], console_in, console_out).name == "plain"
    monkeypatch.setattr(terminal, "RichInput", lambda words: types.SimpleNamespace(name="rich"))
    with platforms.simulated("win32"):
        assert terminal.make_input("rich", lambda: [], console_in, console_out).name == "rich"
