"""The table server in the test's own process: a real ``Server`` (lobby, login, tables, saves) in an event loop
whose clock is virtual, driven by clients whose lines go straight into a ``fake_peer.FakePeer``: no socket, no
telnet, no process, and no real second waited for.

The loop (``VirtualLoop``) runs its timers in virtual time: whenever it has nothing to do but wait for a timer (a
grace period, a turn timer, a test's timeout), the clock jumps to that timer at once. Work handed to a thread (a
save's fsync, a password's hash, a value table) happens in no virtual time: while any is under way, the loop waits
for it in real time and its clock stands still, as if the thread had been infinitely fast. So a grace period of
90 seconds passes in a few milliseconds, and never before the save of the move that came first is written.

The computer players think in the loop itself (``inline_thinkers``): the same ``thinking.decide`` and
``thinking.hint`` a worker process runs, through the same ``Thinkers`` queue, with an executor that runs each job
at once where it is handed in.

A client (``PeerClient``) is a ``server_helpers.Client`` like the socket's ``RawClient``: a MUD client (it takes
data, and reads UTF-8) or a plain one, it keeps every line, question and package of data it was sent, in order
(``heard``), and its waits (``prompt``, ``expect``, ``drain``) run the loop until what they wait for came or their
(virtual) timeout passed. The tests read like the socket's, minus the real seconds. A test about telnet itself (its
bytes, GMCP sent by the client) connects with ``telnet=True``: a ``TelnetClient``, whose bytes go through a real
``TelnetPeer`` (as ``test_peer_parity.py`` shows, the two hear the same).
"""

from __future__ import annotations

import asyncio
import contextlib
import selectors
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, Future, ThreadPoolExecutor, thread
from pathlib import Path
from typing import Any

from fake_peer import MUD, FakePeer
from server_helpers import Client

from commerce_a11y.server.limits import Limits
from commerce_a11y.server.lobby import Lobby
from commerce_a11y.server.peer import Declared
from commerce_a11y.server.registry import Server
from commerce_a11y.server.telnet_peer import TelnetPeer
from commerce_a11y.server.thinking import Thinkers
from commerce_a11y.wire.asks import AskKind

REAL_WAIT = 30.0
"""Real seconds the loop waits for a thread's work before the test fails (it takes milliseconds)."""


class VirtualLoop(asyncio.SelectorEventLoop):
    """An event loop whose clock moves only when it would otherwise wait for a timer (see the module).

    From its making to its closing, every job handed to a thread pool (``ThreadPoolExecutor.submit``: the server's
    saves, password hashes, the account store's writes, ``asyncio.to_thread``) counts as work under way, whoever
    hands it in, until its thread has passed its result on (``_WorkItem.run`` returned, so the result's hand-off
    to the loop is queued first): a thread paused between finishing and passing the result on never lets the
    clock jump meanwhile."""

    def __init__(self) -> None:
        self.now = 0.0
        self.busy = 0
        """Jobs handed to threads and not passed on yet: while any is, the clock stands still."""
        self.counting = threading.Lock()
        super().__init__(_VirtualSelector(self))
        self.restore = _count_thread_jobs(self)
        self.threads = ThreadPoolExecutor(2, thread_name_prefix="virtual")
        self.set_default_executor(self.threads)  # shut down by ``close`` (asyncio's own way waits in a thread)

    def time(self) -> float:
        return self.now

    def job_handed(self) -> None:
        with self.counting:
            self.busy += 1

    def job_passed_on(self) -> None:
        with self.counting:
            self.busy -= 1
        with contextlib.suppress(RuntimeError):  # closed: nobody waits any more
            self.call_soon_threadsafe(_nothing)  # wakes the loop to look again

    def close(self) -> None:
        self.threads.shutdown(wait=True)
        self.restore()
        super().close()


def _nothing() -> None:
    pass


def _count_thread_jobs(loop: VirtualLoop) -> Callable[[], None]:
    """Count every thread pool's jobs for ``loop`` (see ``VirtualLoop``); the function that stops it."""
    submit, run = ThreadPoolExecutor.submit, thread._WorkItem.run

    def counted_submit(executor: ThreadPoolExecutor, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        loop.job_handed()
        try:
            return submit(executor, fn, *args, **kwargs)
        except BaseException:
            loop.job_passed_on()
            raise

    def counted_run(item: Any) -> None:
        try:
            run(item)
        finally:
            loop.job_passed_on()

    ThreadPoolExecutor.submit = counted_submit  # type: ignore[method-assign]
    thread._WorkItem.run = counted_run  # type: ignore[method-assign]

    def restore() -> None:
        ThreadPoolExecutor.submit = submit  # type: ignore[method-assign]
        thread._WorkItem.run = run  # type: ignore[method-assign]

    return restore


class _VirtualSelector(selectors.DefaultSelector):
    """The loop's selector: ready file descriptors (the loop's own wake-up pipe, a thread's result) come at once;
    a wait for a timer makes the clock jump instead of sleeping."""

    def __init__(self, loop: VirtualLoop) -> None:
        super().__init__()
        self.loop = loop

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = super().select(0)
        if ready or timeout == 0:
            return ready
        if self.loop.busy or timeout is None:  # a thread is at work: wait for it in real time, the clock still
            ready = super().select(REAL_WAIT)
            if not ready:
                raise TimeoutError(f"the loop waited {REAL_WAIT} real seconds for a thread (or for nothing)")
            return ready
        self.loop.now += timeout
        return []


class InlineExecutor(Executor):
    """Runs each job at once, in the thread that hands it in (the event loop's)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:
            future.set_exception(error)
        return future


def inline_thinkers() -> Thinkers:
    """Computer players and hints computed in the loop: the same functions and queue, one job at a time."""
    return Thinkers(1, pool=InlineExecutor)


def run_virtual(main: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run`` on a ``VirtualLoop``: for a test that drives a ``Table`` itself, with waits that take no
    real time."""
    loop = VirtualLoop()
    try:
        return loop.run_until_complete(main)
    finally:
        loop.close()


class Harness:
    """One server in a virtual-time loop, with its data folder; ``connect`` gives it a client."""

    def __init__(self, data: Path, limits: Limits | None = None) -> None:
        self.data = data
        self.limits = limits or Limits(logins=1000)
        self.loop = VirtualLoop()
        self.changed = asyncio.Event()
        """Set whenever a client receives bytes or is closed: what the clients' waits wake on."""
        self.log: list[str] = []
        self.clients: list[PeerClient | TelnetClient] = []
        self.epoch = time.time()
        self.sweeping: asyncio.Task[None] | None = None
        self.server = self.start()

    def start(self) -> Server:
        """A server on the data folder, its tables restored from their saves, closing those nobody sat at for
        long (as ``commerce serve`` starts)."""
        server = Server(self.data, self.limits, inline_thinkers(), self.log.append, self.wall_clock)
        self.lobby = Lobby(server)
        self.sweeping = self.run(_started(server))
        return server

    def wall_clock(self) -> float:
        """The server's wall clock: the real one at the harness's start, moving on with the loop's."""
        return self.epoch + self.loop.time()

    def run(self, work: Coroutine[Any, Any, Any]) -> Any:
        return self.loop.run_until_complete(work)

    def clock(self) -> float:
        return self.loop.time()

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass (virtual seconds: at once, unless a thread is at work)."""
        self.run(asyncio.sleep(seconds))

    def settle(self) -> None:
        """Run the loop until no work is under way in a thread (the account store's writes, a save): what the
        server has begun writing is on the disk."""
        self.run(self._settling())

    async def _settling(self) -> None:
        while self.loop.busy:
            await asyncio.sleep(0)  # the clock stands still meanwhile

    def wait(self, until: Callable[[], bool], timeout: float) -> bool:
        """Run the loop until ``until()`` holds (checked whenever a client received something) or ``timeout``
        virtual seconds passed; whether it holds."""
        return bool(self.run(self._waiting(until, timeout)))

    async def _waiting(self, until: Callable[[], bool], timeout: float) -> bool:
        deadline = self.loop.time() + timeout
        while not until():
            remaining = deadline - self.loop.time()
            if remaining <= 0:
                return False
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), remaining)
        return True

    def connect(self, mud: bool = True, host: str = "127.0.0.1", telnet: bool = False) -> PeerClient | TelnetClient:
        """A client of the server: through a fake peer, or with ``telnet`` through a telnet peer's bytes."""
        client = TelnetClient(self, mud, host) if telnet else PeerClient(self, mud, host)
        self.clients.append(client)
        return client

    def person(self, name: str, telnet: bool = False) -> PeerClient | TelnetClient:
        """A new account's connection, logged in and in the lobby."""
        client = self.connect(telnet=telnet)
        client.login(name)
        return client

    def back(self, name: str) -> PeerClient | TelnetClient:
        """An existing account's next login, in the lobby (or back at a table that waits for them)."""
        client = self.connect()
        client.login(name, new=False)
        return client

    def restart(self) -> None:
        """The server stops as ``commerce serve`` does on SIGTERM (every connection closed, the saves in flight
        written) and starts again on the same data folder."""
        self.stop()
        self.server = self.start()

    def stop(self) -> None:
        server = self.server
        for client in self.clients:
            client.close()
        for session in list(server.sessions):
            session.peer.close()
        if self.sweeping is not None:
            self.sweeping.cancel()
        self.run(_settled(server))
        server.io.shutdown(wait=True)
        server.hashing.shutdown(wait=True)
        server.thinkers.close()
        server.store.close()

    def close(self) -> None:
        self.stop()
        self.loop.close()

    def __enter__(self) -> Harness:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


async def _started(server: Server) -> asyncio.Task[None]:
    server.restore_tables()
    return asyncio.get_running_loop().create_task(server.sweep())


async def _settled(server: Server) -> None:
    """Every session ended and every task of the server's done."""
    for _turn in range(100):
        if not server.sessions and not server.tasks:
            return
        await asyncio.sleep(0.01)
    for task in list(server.tasks):
        task.cancel()
    await asyncio.gather(*server.tasks, return_exceptions=True)


class PeerClient(Client):
    """A client straight into the harness's server through a ``FakePeer`` (see the module): what it types reaches
    the server in the loop's next turn, as over a network; what the server says comes at once, as it was said."""

    def __init__(self, harness: Harness, mud: bool, host: str) -> None:
        super().__init__(mud)
        self.harness = harness
        self.heard: list[tuple[str, Any]] = []
        """Everything the server said, in order: ("line", text), ("question", text), (package, data)."""
        self.peer = FakePeer(self, host, takes_data=mud, declared=MUD if mud else Declared())
        harness.run(self._open())

    async def _open(self) -> None:
        self.harness.lobby.opened(self.peer)  # its session's task needs the loop

    def clock(self) -> float:
        return self.harness.clock()

    def send(self, line: str) -> None:
        if self.closed:
            return
        self.harness.loop.call_soon(self.peer.type, line)

    def send_data(self, package: str, data: Any = None) -> None:
        """A message of data from the client (GMCP over telnet)."""
        if not self.closed:
            self.harness.loop.call_soon(self.peer.declare, package, data)

    def send_raw(self, data: bytes) -> None:
        raise NotImplementedError("a fake peer carries no bytes: connect with telnet=True")

    def pump(self, timeout: float) -> bool:
        if self.closed:
            return False
        seen = len(self.heard)
        self.harness.wait(lambda: len(self.heard) > seen or self.closed, timeout)
        return not self.closed

    def close(self) -> None:
        """The client hangs up."""
        self.harness.loop.call_soon(self.peer.hang_up)
        self.closed = True

    # ----- what the fake peer hears -----

    def line(self, text: str) -> None:
        self.heard.append(("line", text))
        self.text += text + "\n"
        self.harness.changed.set()

    def question(self, text: str, kind: AskKind | None) -> None:
        self.heard.append(("question", text))
        self.text += text + "\n"
        self.prompts.append(text)
        self.kinds.append(str(kind) if kind is not None and self.mud else "")
        self.harness.changed.set()

    def data(self, package: str, data: Any) -> None:
        self.heard.append((package, data))
        self.gmcp.append((package, data))
        self.harness.changed.set()

    def gone(self) -> None:
        self.closed = True
        self.harness.changed.set()


class TelnetClient(Client):
    """A connection straight into the harness's server through its bytes (see the module): the server's end is a
    real ``TelnetPeer``, its transport hands the bytes over in the loop's next turn, as a network would."""

    def __init__(self, harness: Harness, mud: bool, host: str) -> None:
        super().__init__(mud)
        self.harness = harness
        self.conn = TelnetPeer(harness.lobby.opened, log=harness.log.append)
        self.transport = _Transport(self, self.conn, host)
        harness.run(self._open())

    async def _open(self) -> None:
        self.conn.connection_made(self.transport)  # the server's first bytes and its session's task need the loop

    def clock(self) -> float:
        return self.harness.clock()

    def send_raw(self, data: bytes) -> None:
        if self.closed or self.transport.is_closing():
            self.closed = True
            return
        self.harness.loop.call_soon(self.transport.deliver, data)

    def pump(self, timeout: float) -> bool:
        if self.closed:
            return False
        seen = len(self.raw)
        self.harness.wait(lambda: len(self.raw) > seen or self.closed, timeout)
        return not self.closed

    def close(self) -> None:
        """The client hangs up."""
        self.transport.hang_up()

    def gone(self) -> None:
        self.closed = True
        self.harness.changed.set()

    def arrived(self, data: bytes) -> None:
        self.received(data)
        self.harness.changed.set()


class _Transport(asyncio.Transport):
    """The server's end of a harness connection: what the server writes reaches the client at once; what the client
    sends, and either side's hanging up, reaches the server in the loop's next turn."""

    def __init__(self, client: TelnetClient, protocol: TelnetPeer, host: str) -> None:
        super().__init__()
        self.client = client
        self.protocol = protocol
        self.host = host
        self.closing = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": (self.host, 50000 + id(self) % 10000)}.get(name, default)

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0

    def is_closing(self) -> bool:
        return self.closing

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not self.closing:
            self.client.arrived(bytes(data))

    def deliver(self, data: bytes) -> None:
        if not self.closing:
            self.protocol.data_received(data)

    def close(self) -> None:
        """The server hangs up."""
        self.hang_up()

    def abort(self) -> None:
        self.hang_up()

    def hang_up(self) -> None:
        if self.closing:
            return
        self.closing = True
        self.client.gone()
        self.client.harness.loop.call_soon(self.protocol.connection_lost, None)
