"""``commerce serve``: one asyncio process that listens, holds the tables, logs, and stops cleanly.

It listens on the loopback address unless told otherwise, says where and how to connect, writes one log line per
connection and table event (never a password, never a line a player typed), and on Ctrl-C or SIGTERM tells everyone,
lets the saves in flight finish and leaves: every table's match is already saved at its last move. After SIGKILL the
next start finds the same: ``Server.restore_tables``.

A data folder it cannot use is refused before anything is opened, in one sentence with exit status 1, never a hang
or a traceback (``check_data``); and whatever a client sends, what nobody caught is one line in the log, never a
traceback on standard error (``QuietErrors``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import gc
import os
import queue
import signal
import sqlite3
import ssl
import stat
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .. import platforms
from ..files import check_writable
from ..i18n import _, active_language, speaking
from ..invocation import command_line
from ..locks import Lock
from ..reasons import os_reason
from .limits import Limits
from .lobby import Lobby
from .operators import grant
from .registry import Server
from .seats import TableState
from .telnet_peer import TelnetPeer
from .thinking import Thinkers

OWN_FILES = ("server.lock", "server.log", "server.db", "server.db-wal", "server.db-shm")
"""The files the server keeps in its data folder (SQLite adds the last two beside its database)."""


class Refused(Exception):
    """The server cannot start on this data folder: its sentence says why (said as it is, then exit status 1)."""


def check_data(data: Path) -> None:
    """Refuse a data folder the server cannot use, in one sentence each (``Refused``), before anything is opened:
    one it cannot make or write in, and one where a file of its own is something else (a folder, a named pipe, a
    device, or a link to one), which would otherwise hang the start (a pipe nobody reads) or let a second server
    in (a lock file that cannot be locked)."""
    try:
        check_writable(data)
    except OSError as error:
        raise Refused(_("Cannot use {path} as the server's data folder: {reason}.").format(
            path=data, reason=os_reason(error))) from None
    for name in OWN_FILES:
        path = data / name
        try:
            mode = path.stat().st_mode  # through a link: a link to a pipe is a pipe
        except FileNotFoundError:
            if path.is_symlink():  # a link to nowhere: opening it would make a file wherever it points
                raise Refused(_not_a_file(path)) from None
            continue
        except OSError as error:
            raise Refused(_cannot_open(path, error)) from None
        if not stat.S_ISREG(mode):
            raise Refused(_not_a_file(path))


def _not_a_file(path: Path) -> str:
    return _("{path} is not an ordinary file but a folder, a named pipe, a device or a broken link; move it away, "
             "or give another --data folder.").format(path=path)


def _cannot_open(path: Path, error: BaseException) -> str:
    reason = os_reason(error) if isinstance(error, OSError) else str(error) or type(error).__name__
    return _("Cannot open {path}: {reason}.").format(path=path, reason=reason)


def open_log(path: Path) -> TextIO:
    """The log, opened to append, never blocking: ``O_NONBLOCK`` where it exists, so that a named pipe put there
    meanwhile (``check_data`` refused one already) fails at once instead of waiting for a reader, and then only an
    ordinary file is taken (``Refused`` else)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as error:
        raise Refused(_cannot_open(path, error)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Refused(_not_a_file(path))
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)
        return open(fd, "a", encoding="utf-8", errors="backslashreplace")  # kept open for the server's life
    except BaseException:
        os.close(fd)
        raise


class LogFile:
    """One line per event, with the time, written by a thread of its own: a write that meets the file system's
    journal may wait, and the event loop must not. A log that cannot be opened refuses the start (``Refused``); a
    line that cannot be written later (a full disk) is left out, and the log goes on once the disk has room again,
    saying how many lines it lost (the server goes on meanwhile)."""

    def __init__(self, path: Path) -> None:
        self.lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self.file: TextIO = open_log(path)
        self.lost = 0
        """Lines that could not be written since the last one that was."""
        self.thread = threading.Thread(target=self.write, name="log", daemon=True)
        self.thread.start()

    def __call__(self, text: str) -> None:
        self.lines.put(time.strftime("%Y-%m-%d %H:%M:%S ") + text.replace("\n", " ") + "\n")

    def write(self) -> None:
        while (line := self.lines.get()) is not None:
            try:
                if self.lost:
                    self.file.write(time.strftime("%Y-%m-%d %H:%M:%S ") + f"{self.lost} log lines lost\n")
                    self.lost = 0
                self.file.write(line)
                if self.lines.empty():
                    self.file.flush()
            except OSError:
                self.lost += 1

    def close(self) -> None:
        self.lines.put(None)
        self.thread.join(5)
        with contextlib.suppress(OSError):
            self.file.close()


COLLECTOR_THRESHOLDS = (50_000, 5, 1000)
"""The cyclic collector's thresholds (CPython's are 700, 10, 10). Most of what a server allocates (events, lines) is
freed by reference counting; a full collection scans every live object and stops the event loop meanwhile (up to
150 ms with 2,000 connections, measured by the load lines), so full collections are made rare and the young ones
larger (bench/serve_load.py)."""
TICK = 0.02
"""The load monitor's tick: how late it wakes is how long the event loop was held up."""
LOAD_EVERY = 5.0


async def monitor(server: Server, log: Callable[[str], None]) -> None:
    """Every ``LOAD_EVERY`` seconds while anyone is connected, one log line: connections, tables, and the event
    loop's longest stall since the line before (``bench/serve_load.py`` reads it), with the processor time the
    loop's thread had in that tick: a stall much longer than its work is the machine's (other processes had the
    processors), not the server's."""
    loop = asyncio.get_running_loop()
    longest = worked = 0.0
    last = loop.time()
    collections = GarbageWatch()
    while True:
        before, cpu = loop.time(), time.thread_time()
        await asyncio.sleep(TICK)
        late = loop.time() - before - TICK
        if late > longest:
            longest, worked = late, time.thread_time() - cpu
        if loop.time() - last >= LOAD_EVERY:
            last = loop.time()
            if server.sessions:
                playing = sum(1 for t in server.tables.values() if t.state == TableState.PLAYING)
                log(f"load: connections {len(server.sessions)}, tables {len(server.tables)}, playing {playing}, "
                    f"longest stall {longest * 1000:.1f} ms (working {worked * 1000:.1f} ms), "
                    f"longest collection {collections.longest * 1000:.1f} ms")
            longest = worked = 0.0
            collections.longest = 0.0


class GarbageWatch:
    """How long the interpreter's cyclic garbage collections take (they stop the event loop while they run)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.started = 0.0
        gc.callbacks.append(self.callback)

    def callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.longest = max(self.longest, time.perf_counter() - self.started)


FILES_KEPT = 64
"""Open files the server keeps beside its connections: the log, the database and its journal on two connections,
the lock, the listening sockets, the files saves and records are being written to, standard streams, the event
loop's own; ``FILES_PER_WORKER`` more for each worker process's pipes."""
FILES_PER_WORKER = 4


def open_files_allowed() -> int | None:
    """How many files this process may have open, raised first to what the system lets it have (on POSIX its hard
    limit, or 10,240 where that is unlimited, as macOS wants it); None where there is no such limit to read
    (Windows, whose sockets do not count against one)."""
    if not platforms.is_posix():
        return None
    import resource  # POSIX only

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for wanted in (hard, 10_240):
        if wanted == resource.RLIM_INFINITY or wanted <= soft:
            continue
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            continue
        return wanted
    return None if soft == resource.RLIM_INFINITY else soft


def fit_connections(limits: Limits, workers: int, say: Callable[[str], None], log: Callable[[str], None]) -> None:
    """Keep ``--max-connections`` below what the process's open files allow, so that the server turns a connection
    away with a sentence before the system refuses it one: said to the host and logged when lowered."""
    allowed = open_files_allowed()
    if allowed is None:
        return
    most = max(1, allowed - FILES_KEPT - FILES_PER_WORKER * workers)
    if limits.connections > most:
        log(f"max connections {limits.connections} lowered to {most}: {allowed} open files allowed")
        say(_("At most {count} connections: the system lets this server open {files} files.").format(
            count=most, files=allowed))
        limits.connections = most


REPEATS_EVERY = 60.0
"""Seconds between two log lines of the same loop error repeated (files running short: each refused accept)."""


class QuietErrors:
    """The event loop's handler of what no one caught (a protocol callback's exception, a task's that nobody
    awaited): one line in the log, never a traceback on standard error, whatever a client sent; the server goes on
    (a transport whose callback failed is closed by asyncio itself).

    When the process runs short of open files, asyncio stops accepting for a second and reports each refused accept
    here: the same error again within ``REPEATS_EVERY`` seconds is counted, not logged, and said once with its count
    (1,200 connections held open wrote 84,000 lines in 20 seconds before)."""

    def __init__(self, log: Callable[[str], None], clock: Callable[[], float] = time.monotonic) -> None:
        self.log = log
        self.clock = clock
        self.last: dict[str, tuple[float, int]] = {}
        """Each repeated error's message: when it was last logged, and how often it came since."""

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        message = str(context.get("message", ""))
        line = f"loop error: {message}" + (f" {error!r}" if error is not None else "")
        if not isinstance(error, OSError) or error.errno not in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS,
                                                                  errno.ENOMEM):
            self.log(line)
            return
        now = self.clock()
        logged, since = self.last.get(message, (-REPEATS_EVERY, 0))
        if now - logged < REPEATS_EVERY:
            self.last[message] = (logged, since + 1)
            return
        self.last[message] = (now, 0)
        self.log(line + (f" (and {since} more like it since the last such line)" if since else ""))


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(cert), str(key))
    return context


def listening() -> dict[str, Any]:
    """How the server listens, besides where. ``reuse_address`` only on POSIX, where it lets a restarted server
    take its port at once while the last connections linger; on Windows it would let a second server bind the
    same port beside the first, and which of them gets a connection would be chance. Never with asyncio's own TLS:
    a connection is counted from the moment it is accepted, and its handshake begins only once it is let in
    (``TelnetPeer``)."""
    return {"backlog": 1024, "reuse_address": platforms.is_posix()}


def stop_on_signals(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> Callable[[], None]:
    """Ctrl-C and SIGTERM (on Windows Ctrl-Break too) set ``stop``, so the server stops the clean way and says so
    to everyone; the function returned puts the handlers before back.

    On POSIX the event loop's own signal handlers. Windows' event loop has none (``add_signal_handler`` is not
    implemented there), so there the signals get Python's handlers, which run in the main thread, and hand the
    stop to the loop with ``call_soon_threadsafe``; the loop wakes for a signal by itself (it watches Python's
    wake-up descriptor)."""
    if platforms.is_posix():
        added = []
        for name in ("SIGINT", "SIGTERM"):
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(number, stop.set)
                    added.append(number)

        def remove() -> None:
            for number in added:
                with contextlib.suppress(RuntimeError, ValueError):
                    loop.remove_signal_handler(number)

        return remove

    def handle(signum: int, frame: object) -> None:
        loop.call_soon_threadsafe(stop.set)

    before: dict[int, Any] = {}
    for name in ("SIGINT", "SIGTERM", "SIGBREAK"):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(ValueError, OSError):  # not the main thread: Ctrl-C stays Python's
                before[number] = signal.signal(number, handle)

    def restore() -> None:
        for number, handler in before.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(number, handler)

    return restore


async def serve(host: str, port: int, data: Path, limits: Limits, tls: ssl.SSLContext | None = None,
                say: Callable[[str], None] = print, workers: int | None = None,
                ready: Callable[[int], None] | None = None, web: Web | None = None,
                roles: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())) -> int:
    """Run until Ctrl-C or SIGTERM; the exit status."""
    lock = Lock(data / "server.lock", strict=True)
    try:
        check_data(data)
        try:
            taken = not lock.acquire()
        except OSError as error:
            raise Refused(_cannot_open(lock.path, error)) from None
        if taken:
            raise Refused(_("Another server uses {path}; stop it first, or give another --data folder.").format(
                path=data))
        log = LogFile(data / "server.log")
    except Refused as refusal:
        lock.release()
        say(str(refusal))
        return 1
    thinkers = Thinkers(workers)
    fit_connections(limits, thinkers.workers, say, log)
    try:
        server = Server(data, limits, thinkers, log, language=active_language())
    except (OSError, sqlite3.Error) as error:  # a database file that is not one, or cannot be opened
        say(_cannot_open(data / "server.db", error))
        thinkers.close()
        lock.release()
        log.close()
        return 1
    grant(server, *roles, say)  # --operator, --not-operator
    lobby = Lobby(server)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(QuietErrors(log))
    unhandle = stop_on_signals(loop, stop)
    try:
        await thinkers.warm()
        server.restore_tables()
        # What exists now (modules, catalogs, restored tables and their value tables) lives as long as the process:
        # kept out of the cyclic collector's scans, which stop the event loop for as long as they take.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)
        try:
            listener = await loop.create_server(lambda: TelnetPeer(lobby.opened, tls, log), host, port, **listening())
        except OSError as error:
            say(_("Cannot listen on {host} port {port}: {reason}.").format(host=host, port=port,
                                                                             reason=os_reason(error)))
            return 1
        bound = listener.sockets[0].getsockname()[1] if listener.sockets else port
        log(f"listening on {host}:{bound} data {data}")
        shown = host if ":" not in host else f"[{host}]"
        browsers = None
        if web is not None:
            from .web import listen_web  # the WebSocket library, only for a server that serves browsers

            try:
                browsers = await listen_web(lobby, host, web.port, tls, web.trusted, server.language, log,
                                            **listening())
            except OSError as error:
                say(_("Cannot listen on {host} port {port}: {reason}.").format(host=host, port=web.port,
                                                                                 reason=os_reason(error)))
                listener.close()
                return 1
        if tls is None:
            say(_("Listening on {host} port {port}. Connect with: {command}, or telnet {host} {port}.")
                .format(host=host, port=bound, command=command_line(f"join {shown}:{bound}")))
        else:  # a telnet client cannot speak to it: the command that can, and what a self-signed one needs
            say(_("Listening on {host} port {port}, with TLS. Connect with: {command}, or a MUD client with TLS on.")
                .format(host=host, port=bound, command=command_line(f"join --tls {shown}:{bound}")))
            say(_("With a certificate of your own, clients give it with --tls-ca instead of --tls."))
        if browsers is not None:
            web_bound = next(iter(browsers.sockets)).getsockname()[1] if browsers.sockets else 0
            log(f"listening for browsers on {host}:{web_bound}")
            scheme = "https" if tls is not None else "http"
            say(_("Browsers: open {address} to play.").format(address=f"{scheme}://{shown}:{web_bound}/"))
        if host in ("127.0.0.1", "localhost", "::1"):
            say(_("Only this computer can connect; to host for friends, start with --host 0.0.0.0."))
        say(_("Log: {path}. Stop with Ctrl-C.").format(path=data / "server.log"))
        if ready is not None:
            ready(bound)
        watching = loop.create_task(monitor(server, log))
        sweeping = loop.create_task(server.sweep())
        await stop.wait()
        watching.cancel()
        sweeping.cancel()
        log("stopping")
        listener.close()
        if browsers is not None:
            browsers.close(close_connections=False)  # the sessions say goodbye first, below
        for session in list(server.sessions):
            with speaking(session.lang):
                session.say([_("The server stops now; your table is saved.")])
            session.peer.close()
        for task in list(server.tasks):
            task.cancel()
        await asyncio.sleep(0.1)
        return 0
    finally:
        server.io.shutdown(wait=True)  # the saves in flight finish
        server.hashing.shutdown(wait=False, cancel_futures=True)
        thinkers.close()
        server.store.close()
        lock.release()
        log("stopped")
        log.close()
        unhandle()  # only now: a second Ctrl-C while the saves finish only asks again for the stop under way


@dataclass(frozen=True)
class Web:
    """``--web-port`` and ``--trusted-proxy``: where browsers connect, and the proxies whose word on a client's
    address is taken (``web.py``)."""

    port: int
    trusted: tuple[str, ...] = ()


def run(host: str, port: int, data: Path, limits: Limits, tls: ssl.SSLContext | None = None,
        workers: int | None = None, web: Web | None = None,
        roles: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())) -> int:
    def say(text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

    try:
        return asyncio.run(serve(host, port, data, limits, tls, say, workers, web=web, roles=roles))
    except KeyboardInterrupt:
        return 0
