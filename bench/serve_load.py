r"""Load on the table server: many scripted players on loopback, tables of four, what a move costs to deliver.

Starts ``commerce serve`` in a process of its own (fresh data folder), opens N connections from this process (one
asyncio loop): raw telnet that agrees to EOR and GMCP as MUD clients do (``--clients``) and WebSockets as the
browser's page opens them (``--web``, as many by default: ``--web-port``, JSON messages, no ``Origin``, so not taken
for a browser of another site). It logs each in (a new account: one Argon2 hash each), seats them in tables of four
of one transport each and starts the tables. Then, for ``--seconds``, every player answers each question the moment
it comes ("p": pass, or keep, or end the turn), or after a think time (``--think``). It reports, one JSON line per
run and transport:

- moves per second: the people's moves answered during the window (``moves``: how many);
- delivery, the wait for the answer: for each person's move, the time from sending it to the moment every seat of
  the table has the ``Commerce.Status`` that follows it (the status is sent after the move's lines; over WebSocket
  it is a ``data`` message), p50, p95, p99 and the longest;
- memory per connection: the server process's resident memory once everyone of the transport is seated, less
  before, divided by the connections (the worker processes are reported apart);
- the event loop's longest stall during the window, from the server's own load lines in its log (a 20 ms tick that
  notes how late it wakes), with the processor time the loop's thread had during that tick (a stall far longer
  than its work is time the loop waited for a processor that other processes had);
- the server's processor time per person's move during the window (milliseconds a move, which is seconds per 1,000
  moves): the whole process (the event loop and its save threads), and the event loop's thread alone (Linux's
  /proc; the worker processes are not counted). Unlike the delivery times these hardly depend on what else the
  machine is doing, so they compare two versions, or two transports, best. The simulated clients' own processor
  time per move is reported too: they share the machine's two cores;
- what the server wrote to the disk during the window, a second and per move (Linux's /proc: whole pages).

People who answer at once keep the server busy all the time, so their delivery times are mostly the queue (with
500 tables each waiting for its move, a move waits for the moves of the other tables): ``queue_bound_ms`` is what
that alone makes the mean delivery, the tables divided by the moves a second (Little's law); ``--think 2`` runs the
same tables with players who wait 0 to 4 seconds before answering, as people do, and measures the delivery of a move
when the server is not saturated.

Telnet and WebSocket side by side (``--clients N --web N``, the default): one server, everyone connected and seated
at once, and the tables of one transport play while the other's wait (their next move held until their turn comes
back). The windows go telnet (half of ``--seconds``), WebSocket (all of it), telnet (the other half), each after a
few seconds for the change to settle, so that each transport's figures, the processor time a move above all, are
its own, from the same server, player count and pace, and a drift of the machine's load over the run weighs on both
alike. The WebSocket line adds ``server_cpu_vs_telnet`` (and the loop's): its processor time a move over telnet's.

    uv run python bench/serve_load.py --clients 2000 --web 2000 --think 2 --strong-tables 0

The tables play Commerce unless ``--rules`` and ``--option`` name another game. Long matches, whose saves once grew
with the match: a few tables of Braillespiel to 99 marks, measured after ``--warmup`` seconds of play:

    uv run python bench/serve_load.py --clients 8 --web 0 --strong-tables 0 --think 0 \
        --rules braillespiel --option marks=99 --warmup 60 --seconds 20

With ``--strong-tables M``, a second run seats M people each alone with three ``strong`` computer players, whose
decisions (30-60 ms each) are computed in the worker processes; delivery is then from a person's move to their own
seat, while the workers are busy with every other table's computer players (telnet only).

    uv run python bench/serve_load.py --clients 2000 --web 0 --seconds 30 --strong-tables 100

``--server-root DIR`` runs the server of another checkout (its own ``.venv`` if it has one), e.g. a worktree of main
(``git worktree add --detach /tmp/perfmain main``), and ``--alternate`` runs each scenario there and here in turn,
so that two versions are compared side by side in one run on the same noisy machine (``--web 0`` for a version
before ``--web-port``):

    uv run python bench/serve_load.py --server-root /tmp/perfmain --alternate 2 --think 0

Targets on this 2-core machine (issue 18): 2,000 connections in 500 tables with p99 <= 100 ms; with 100 tables of
three strong players, longest stall <= 50 ms and p99 <= 250 ms. Issue 38: 2,000 WebSocket players at people's pace
with p99 <= 10 ms, as telnet. Every loop is bounded in count and time, and only loopback is used.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from commerce_a11y.server.serve import LOAD_EVERY, open_files_allowed  # noqa: E402
from commerce_a11y.wire import telnet as t  # noqa: E402

PASSWORD = "bench-password"
TELNET, WEB = "telnet", "websocket"
"""The two transports, as the report names them."""


def proc_number(path: str, key: str) -> int:
    """The number after ``key`` in one of Linux's /proc files (0 where there is none)."""
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def rss_kib(pid: int) -> int:
    return proc_number(f"/proc/{pid}/status", "VmRSS:")


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """Processor time (user and system) of a process, all its threads, or of one of its threads."""
    path = f"/proc/{pid}/task/{thread}/stat" if thread is not None else f"/proc/{pid}/stat"
    try:
        fields = Path(path).read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def written_bytes(pid: int) -> int:
    """What the kernel counts as written by a process, all its threads (Linux's /proc; 0 elsewhere): whole pages of
    the page cache, so an append of a few hundred bytes counts as a page."""
    return proc_number(f"/proc/{pid}/io", "write_bytes:")


def children(pid: int) -> list[int]:
    try:
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    except OSError:
        return []
    found = [int(x) for x in out.split()]
    return found + [g for c in found for g in children(c)]


class Table:
    def __init__(self, name: str, seats: int) -> None:
        self.name = name
        self.seats = seats
        self.players: list[Person] = []
        self.pending: list[tuple[int, float, set[int]]] = []
        """(position before the move, when it was sent, seats still to receive a later status)."""

    def status(self, seat: int, position: int, now: float, stats: Stats) -> None:
        still = []
        for before, sent, waiting in self.pending:
            if position > before:
                waiting.discard(seat)
            if waiting:
                still.append((before, sent, waiting))
            elif stats.measuring:
                stats.delivery.append(now - sent)
        self.pending = still


class Stats:
    """The people of one transport: how fast they answer, whether their tables play now, and what was measured."""

    def __init__(self, think: float = 0.0) -> None:
        self.think = think
        """Mean seconds a player waits before answering (uniform from 0 to twice this); 0: at once."""
        self.measuring = False
        self.moves = 0
        self.delivery: list[float] = []
        self.playing = True
        """Whether these people's tables play now (side by side with another transport, they take turns)."""
        self.held: list[Callable[[], None]] = []
        """The moves that came due while they did not: made when they play again, each after a think time."""

    def act(self, action: Callable[[], None], paced: bool = True) -> None:
        """Make a move (``action``) after a think time (``paced``), or at once; held while these tables wait."""
        if paced and self.think:
            asyncio.get_running_loop().call_later(random.uniform(0, 2 * self.think), self._due, action)
        else:
            self._due(action)

    def _due(self, action: Callable[[], None]) -> None:
        if self.playing:
            action()
        else:
            self.held.append(action)

    def play(self, on: bool) -> None:
        """Let these people's tables play (the moves held made, each after a think time) or wait."""
        self.playing = on
        if on:
            held, self.held = self.held, []
            for action in held:
                self.act(action)


class Person:
    """One scripted person, whatever the transport: a question comes with its kind (``kind``, then ``prompt``), a
    status with the match's position (``status``); the transport's class sends lines (``send``)."""

    def __init__(self, name: str, stats: Stats) -> None:
        self.name = name
        self.stats = stats
        self.kind = ""
        self.prompts: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.table: Table | None = None
        self.seat = 0
        self.position = 0
        self.auto = False

    def send(self, line: str) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def status(self, position: int) -> None:
        self.position = position
        if self.table is not None:
            self.table.status(self.seat, position, time.perf_counter(), self.stats)

    def prompt(self, text: str) -> None:
        kind, self.kind = self.kind, ""
        if self.auto and kind == "table" and self.seat == 0:
            # the match ended: the host starts the next one, so the load goes on
            self.stats.act(lambda: self.send("start"), paced=False)
        elif self.auto and kind == "turn":
            self.stats.act(self.answer)
        else:
            self.prompts.put_nowait((kind, text))

    def answer(self) -> None:
        table = self.table
        assert table is not None
        people = {p.seat for p in table.players}
        table.pending.append((self.position, time.perf_counter(), people))
        if self.stats.measuring:
            self.stats.moves += 1
        self.send("p")

    async def ask(self, timeout: float = 120) -> tuple[str, str]:
        return await asyncio.wait_for(self.prompts.get(), timeout)

    async def login(self) -> None:
        await self.ask()
        self.send(self.name)
        await self.ask()
        self.send(PASSWORD)
        await self.ask()
        self.send(PASSWORD)
        kind, text = await self.ask()
        assert kind == "lobby", (kind, text)


class Player(Person, asyncio.Protocol):
    """A person over telnet (``loop.create_connection`` makes it)."""

    def __init__(self, name: str, stats: Stats) -> None:
        super().__init__(name, stats)
        self.filter = t.Filter()
        self.pending = bytearray()
        self.transport: asyncio.Transport | None = None
        self.closed = asyncio.get_event_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)

    def send(self, line: str) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(line.encode() + b"\r\n")

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        for item in self.filter.feed(data):
            if isinstance(item, bytes):
                self.pending += item
                cut = self.pending.rfind(b"\n")
                if cut >= 0:
                    del self.pending[: cut + 1]
            elif isinstance(item, t.Command):
                if item.option is None:
                    if item.verb in (t.GA, t.EOR):
                        self.prompt(bytes(self.pending).decode("utf-8", "replace"))
                        self.pending.clear()
                elif item.verb == t.WILL and item.option in (t.EOR_OPTION, t.GMCP):
                    assert self.transport is not None
                    self.transport.write(t.negotiation(t.DO, item.option))
            elif item.option == t.GMCP:
                self.gmcp(item.payload)

    def gmcp(self, payload: bytes) -> None:
        package, _sep, rest = payload.partition(b" ")
        if package == b"Commerce.Ask":
            self.kind = json.loads(rest)["kind"]
        elif package == b"Commerce.Status":
            self.status(int(re.search(rb'"position":(\d+)', rest).group(1)))  # type: ignore[union-attr]


class WebPlayer(Person):
    """A person over the WebSocket, as the browser's page: a question is an ``ask`` message, the status a ``data``
    message of ``Commerce.Status``, a line goes as ``{"type": "line", ...}``. No pings (a browser sends none; it
    answers the server's) and no ``Origin`` (``web.same_origin``)."""

    def __init__(self, name: str, stats: Stats) -> None:
        super().__init__(name, stats)
        self.connection: ClientConnection | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        """The reader and the sends under way (a send is a coroutine; each line one task, in order)."""

    async def open(self, url: str, source: tuple[str, int] | None) -> None:
        self.connection = await connect(url, local_addr=source, proxy=None, ping_interval=None, compression=None,
                                        max_size=None, open_timeout=120)
        self._keep(self._read())

    def _keep(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a send after the server closed is no news

    async def _read(self) -> None:
        assert self.connection is not None
        with contextlib.suppress(ConnectionClosed):
            async for message in self.connection:
                if isinstance(message, str):
                    self.received(json.loads(message))

    def received(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "ask":
            self.kind = message.get("kind") or ""
            self.prompt(message.get("text") or "")
        elif kind == "data" and message.get("package") == "Commerce.Status":
            self.status(int(message["data"]["position"]))

    def send(self, line: str) -> None:
        if self.connection is not None:
            self._keep(self.connection.send(json.dumps({"type": "line", "text": line})))

    def close(self) -> None:
        if self.connection is not None and self.connection.transport is not None:
            self.connection.transport.abort()


def server_python(root: Path) -> str:
    """The interpreter that runs ``root``'s server: the checkout's own environment if it has one."""
    own = root / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    return str(own) if own.exists() else sys.executable


KEEP: list[bool] = []
"""``--keep``: each run's server data folder (its log) is kept and named."""
PROFILE: list[str] = []
"""``--profile FILE``: the server runs under cProfile, which writes FILE when it stops."""


async def launch(data: Path, connections: int, root: Path = ROOT, extra: Sequence[str] = (), web: bool = False
                 ) -> tuple[subprocess.Popen[str], int, int]:
    """Start ``commerce serve`` (``web``: with ``--web-port``): the process, its telnet port and its browsers' port
    (0 without)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    profiled = ["-m", "cProfile", "-o", PROFILE[0]] if PROFILE else []
    browsers = ["--web-port", "0"] if web else []
    proc = subprocess.Popen(
        [server_python(root), *profiled, "-m", "commerce_a11y", "serve", "--port", "0", "--data", str(data),
         "--lang", "en", "--max-connections", str(connections + 50), "--per-address", str(connections + 50),
         "--logins-per-minute", str(connections * 10), *browsers, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=root)
    assert proc.stdout is not None
    loop = asyncio.get_running_loop()
    port = web_port = 0
    while not port or (web and not web_port):
        line = await loop.run_in_executor(None, proc.stdout.readline)
        if not line:
            raise RuntimeError("the server ended before listening")
        found = re.search(r"port (\d+)\.", line)
        if found and not port:
            port = int(found.group(1))
        found = re.search(r"https?://[^/\s]+:(\d+)/", line)
        if found:
            web_port = int(found.group(1))
    return proc, port, web_port


async def start_server(data: Path, connections: int, root: Path = ROOT, extra: Sequence[str] = ()
                       ) -> tuple[subprocess.Popen[str], int]:
    """Start ``commerce serve`` for telnet alone: the process and its port."""
    proc, port, _web_port = await launch(data, connections, root, extra)
    return proc, port


class Window:
    """What one transport's windows measured, added up."""

    def __init__(self) -> None:
        self.seconds = self.cpu = self.loop_cpu = self.client_cpu = 0.0
        self.written = 0
        self.found: list[tuple[str, str]] = []
        self.collections: list[float] = []


SETTLE = LOAD_EVERY + 0.5
"""Seconds between one transport's window and the next one's, at least: the server's load line that covers the end
of the window is written, the waiting tables' last moves delivered, the others' held moves made."""


def windows(transports: Sequence[str], seconds: float) -> list[tuple[str, float]]:
    """The measuring windows: one for one transport; telnet half, WebSocket whole, telnet half for both."""
    if len(transports) == 1:
        return [(transports[0], seconds)]
    first, second = transports
    return [(first, seconds / 2), (second, seconds), (first, seconds / 2)]


def read_log(data: Path, start: int, end: int, into: Window) -> None:
    """The server's load lines from offset ``start`` to ``end`` of its log; the first may cover seconds before the
    window, so only the ones after it. (A server before 2026-12-01 does not say how long the loop worked.)"""
    with (data / "server.log").open("rb") as file:
        file.seek(start)
        log = file.read(end - start).decode("utf-8", "replace")
    into.found += re.findall(r"longest stall ([\d.]+) ms(?: \(working ([\d.]+) ms\))?", log)[1:]
    into.collections += [float(x) for x in re.findall(r"longest collection ([\d.]+) ms", log)[1:]]


async def run(clients: int, per_table: int, bots: str, seconds: float, label: str, think: float = 0.0,
              root: Path = ROOT, game: str = "commerce", warmup: float = 3.0, web: int = 0) -> list[dict[str, object]]:
    """One server, ``clients`` telnet and ``web`` WebSocket players at tables of ``per_table`` people: one result
    per transport."""
    counts = {TELNET: clients, WEB: web}
    transports = [name for name in (TELNET, WEB) if counts[name]]
    data = Path(tempfile.mkdtemp(prefix="serve-load-"))
    proc, port, web_port = await launch(data, clients + web, root, web=bool(web))
    loop = asyncio.get_running_loop()
    stats = {name: Stats(think) for name in transports}
    everyone: list[Person] = []
    try:
        await asyncio.sleep(1.0)
        # Logging in at once: at most the server's share of connections not logged in yet (a fifth of them), each
        # from a loopback address of its own on Linux (the server allows only a few logins at once per address):
        # 127.0.x.y for telnet, 127.1.x.y for WebSockets.
        limit = asyncio.Semaphore(min(100, (clients + web + 50) // 5))

        async def connect_one(transport: str, index: int) -> Person:
            net = 0 if transport == TELNET else 1
            source = (f"127.{net}.{index // 250}.{1 + index % 250}", 0) if sys.platform == "linux" else None
            async with limit:
                player: Person
                if transport == TELNET:
                    _transport, player = await loop.create_connection(
                        lambda: Player(f"P{index:05d}", stats[TELNET]), "127.0.0.1", port, local_addr=source)
                    everyone.append(player)
                else:
                    player = WebPlayer(f"W{index:05d}", stats[WEB])
                    everyone.append(player)
                    await player.open(f"ws://127.0.0.1:{web_port}/ws", source)
                await player.login()
                return player

        tables: dict[str, list[Table]] = {}
        seated: dict[str, tuple[int, int, float]] = {}
        """Per transport: the server's memory before its people connected and once they sat, and their login's
        seconds."""
        first = min(20, counts[transports[0]] // 2)
        warm = list(await asyncio.gather(*(connect_one(transports[0], i) for i in range(first))))
        await asyncio.sleep(0.5)
        before = rss_kib(proc.pid)  # with the password hashing's memory already in use, as it stays
        for transport in transports:
            started = time.perf_counter()
            start = first if transport == transports[0] else 0
            players = warm if transport == transports[0] else []
            players += await asyncio.gather(*(connect_one(transport, i) for i in range(start, counts[transport])))
            logins = time.perf_counter() - started
            tables[transport] = []
            for number in range(0, len(players), per_table):
                group = players[number: number + per_table]
                table = Table(f"{transport[0].upper()}{number // per_table}", 4)
                host = group[0]
                host.send(f"create {game} name={table.name} seats=4 bots={bots}")
                await host.ask()
                for seat, player in enumerate(group):
                    player.table, player.seat = table, seat
                    if seat:
                        player.send(f"join {table.name}")
                        await player.ask()
                table.players = group
                tables[transport].append(table)
            after = rss_kib(proc.pid)
            seated[transport] = (before, after, logins)
            before = after
        workers = sum(rss_kib(c) for c in children(proc.pid))
        for player in everyone:
            player.auto = True
        for transport in transports:
            for table in tables[transport]:
                table.players[0].send("start")
        await asyncio.sleep(warmup)  # the first deals (or, for --warmup, the matches grown long)
        measured = {name: Window() for name in transports}
        playing = set(transports)
        ending: tuple[int, Window] | None = None
        """The log's offset where the window before began, and what it measures: its load lines are read once the
        next window's settling wrote the one that covers its end."""
        for transport, length in windows(transports, seconds):
            if playing != {transport}:
                for name in transports:
                    stats[name].play(name == transport)
                playing = {transport}
                await asyncio.sleep(max(SETTLE, 2 * think + 1))
            log_at = (data / "server.log").stat().st_size
            if ending is not None:
                read_log(data, ending[0], log_at, ending[1])
            into = measured[transport]
            cpu_before, loop_before = cpu_seconds(proc.pid), cpu_seconds(proc.pid, proc.pid)
            written_before = written_bytes(proc.pid)
            client_before = time.process_time()
            stats[transport].measuring = True
            window = time.perf_counter()
            await asyncio.sleep(length)
            into.seconds += time.perf_counter() - window
            stats[transport].measuring = False
            into.cpu += cpu_seconds(proc.pid) - cpu_before
            into.loop_cpu += cpu_seconds(proc.pid, proc.pid) - loop_before
            into.written += written_bytes(proc.pid) - written_before
            into.client_cpu += time.process_time() - client_before
            ending = (log_at, into)
        await asyncio.sleep(SETTLE)
        assert ending is not None
        read_log(data, ending[0], (data / "server.log").stat().st_size, ending[1])
        results: list[dict[str, object]] = []
        for transport in transports:
            warmed = first if transport == transports[0] else 0
            results.append({"run": label, "server": str(root), "game": game, "think_seconds": think,
                            "connections": clients + web,
                            **report(transport, counts[transport], stats[transport], measured[transport],
                                     seated[transport], len(tables[transport]), counts[transport] - warmed),
                            "workers_rss_mib": round(workers / 1024, 1)})
        if len(results) == 2:  # the second transport against the first, in the same run
            for key in ("server_cpu_ms_per_move", "loop_cpu_ms_per_move"):
                first_cost, second_cost = results[0][key], results[1][key]
                assert isinstance(first_cost, float) and isinstance(second_cost, float)
                results[1][key.replace("_ms_per_move", "_vs_" + transports[0])] = (
                    round(second_cost / first_cost, 2) if first_cost else None)
        return results
    finally:
        for player in everyone:
            player.close()
        stop_server(proc, data)


def report(transport: str, players: int, stats: Stats, into: Window, seated: tuple[int, int, float], tables: int,
           measured: int) -> dict[str, object]:
    """One transport's figures (``measured``: the connections its memory is divided by)."""
    delivery = sorted(stats.delivery)
    moves = max(1, stats.moves)

    def pct(p: float) -> float:
        return delivery[min(len(delivery) - 1, int(p * len(delivery)))] * 1000 if delivery else float("nan")

    stalls = [float(stall) for stall, _work in into.found]
    work = [float(work) if work else None for _stall, work in into.found]
    before, after, logins = seated
    return {
        "transport": transport, "players": players, "tables": tables,
        "login_seconds": round(logins, 1), "seconds": round(into.seconds, 1), "moves": stats.moves,
        "moves_per_second": round(stats.moves / into.seconds, 1), "deliveries": len(delivery),
        "queue_bound_ms": round(tables * into.seconds * 1000 / stats.moves, 1) if stats.moves and not stats.think
        else None,
        "p50_ms": round(pct(0.50), 1), "p95_ms": round(pct(0.95), 1), "p99_ms": round(pct(0.99), 1),
        "max_ms": round(delivery[-1] * 1000, 1) if delivery else None,
        "mean_ms": round(statistics.fmean(delivery) * 1000, 1) if delivery else None,
        "longest_stall_ms": max(stalls) if stalls else None,
        "longest_stall_working_ms": work[stalls.index(max(stalls))] if stalls else None,
        "longest_collection_ms": max(into.collections) if into.collections else None,
        "server_cpu_ms_per_move": round(into.cpu * 1000 / moves, 3),
        "loop_cpu_ms_per_move": round(into.loop_cpu * 1000 / moves, 3),
        "clients_cpu_ms_per_move": round(into.client_cpu * 1000 / moves, 3),
        "server_written_mib_per_second": round(into.written / into.seconds / 2**20, 2),
        "server_written_kib_per_move": round(into.written / 1024 / moves, 2),
        "server_kib_per_connection": round((after - before) / max(1, measured), 1),
        "server_rss_mib": round(after / 1024, 1),
    }


def stop_server(proc: subprocess.Popen[str], data: Path) -> None:
    """Stop a server ``start_server`` started, and remove its data folder (unless ``--keep``)."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
    if KEEP:
        print(f"server data kept in {data}", file=sys.stderr)
    else:
        shutil.rmtree(data, ignore_errors=True)


def enough_files(connections: int) -> None:
    """Raise this process's open files to what the system allows (the server started from it inherits them), and
    stop early where that is too few for the connections (Windows counts none)."""
    allowed = open_files_allowed()
    if allowed is not None and allowed < connections + 100:
        sys.exit(f"{connections} connections need more open files than the {allowed} this process may have "
                 "(ulimit -n)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=2000,
                        help="people over telnet at tables of four (0: none; with --web 0 too, skip these runs)")
    parser.add_argument("--web", type=int, default=None,
                        help="people over the WebSocket at tables of four, beside the telnet ones in the same runs "
                             "(default: as many as --clients; 0: none, as for a server before --web-port)")
    parser.add_argument("--strong-tables", type=int, default=100,
                        help="tables of one person and three strong computer players, over telnet (0: skip)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measuring window of each run and transport")
    parser.add_argument("--think", type=float, action="append", default=None,
                        help="mean seconds a person waits before answering (0: at once); may be given several times, "
                             "one run of the people's tables each (default: 0 and 2)")
    parser.add_argument("--server-root", type=Path, default=ROOT,
                        help="the checkout whose server is measured (default: this one)")
    parser.add_argument("--alternate", type=int, default=0, metavar="N",
                        help="run each scenario N times on --server-root and on this checkout in turn")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile, its statistics written here "
                        "(read them with python -m pstats)")
    parser.add_argument("--keep", action="store_true", help="keep each run's server data folder (server.log)")
    parser.add_argument("--rules", default="commerce", help="the ruleset the tables play (default: commerce)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of the ruleset, e.g. marks=99 (may be given several times)")
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="seconds played before the measuring window (long: the window sees long matches)")
    args = parser.parse_args()
    if args.web is None:
        args.web = args.clients
    if args.keep:
        KEEP.append(True)
    if args.profile:
        PROFILE.append(str(args.profile.resolve()))
    enough_files(max(args.clients + args.web, args.strong_tables))
    game = " ".join([args.rules, *args.option])
    roots = [args.server_root.resolve(), ROOT] * args.alternate if args.alternate else [args.server_root.resolve()]
    if args.clients or args.web:
        for think in args.think or [0.0, 2.0]:
            for root in roots:
                for result in asyncio.run(run(args.clients, 4, "basic", args.seconds, "people", think, root, game,
                                              args.warmup, args.web)):
                    print(json.dumps(result), flush=True)
    if args.strong_tables:
        for root in roots:
            for result in asyncio.run(run(args.strong_tables, 1, "strong", args.seconds, "strong", 0.0, root, game,
                                          args.warmup)):
                print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
