r"""Load on the table server: many scripted players on loopback, tables of four, what a move costs to deliver.

Starts ``commerce serve`` in a process of its own (fresh data folder), opens N connections from this process (one
asyncio loop, raw telnet that agrees to EOR and GMCP as MUD clients do), logs each in (a new account: one Argon2
hash each), seats them in tables of four and starts the tables. Then, for ``--seconds``, every player answers each
question the moment it comes ("p": pass, or keep, or end the turn). It reports:

- moves per second: the people's moves answered during the window;
- delivery: for each person's move, the time from sending it to the moment every seat of the table has the
  ``Commerce.Status`` that follows it (the status is sent after the move's lines), p50 and p99;
- memory per connection: the server process's resident memory once everyone is seated, less before anyone
  connected, divided by the connections (the worker processes are reported apart);
- the event loop's longest stall during the window, from the server's own load lines in its log (a 20 ms tick that
  notes how late it wakes), with the processor time the loop's thread had during that tick (a stall far longer
  than its work is time the loop waited for a processor that other processes had);
- the server's processor time per person's move during the window: the whole process (the event loop and its
  save threads), and the event loop's thread alone (Linux's /proc; the worker processes are not counted). Unlike
  the delivery times these hardly depend on what else the machine is doing, so they compare two versions best.
  The simulated clients' own processor time per move is reported too: they share the machine's two cores;
- what the server wrote to the disk during the window, a second and per move (Linux's /proc: whole pages).

People who answer at once keep the server busy all the time, so their delivery times are mostly the queue (with
500 tables each waiting for its move, a move waits for the moves of the other tables): ``queue_bound_ms`` is what
that alone makes the mean delivery, the tables divided by the moves a second (Little's law); ``--think 2`` runs the
same tables with players who wait 0 to 4 seconds before answering, as people do, and measures the delivery of a move
when the server is not saturated.

The tables play Commerce unless ``--rules`` and ``--option`` name another game. Long matches, whose saves once grew
with the match: a few tables of Braillespiel to 99 marks, measured after ``--warmup`` seconds of play:

    uv run python bench/serve_load.py --clients 8 --strong-tables 0 --think 0 \
        --rules braillespiel --option marks=99 --warmup 60 --seconds 20

With ``--strong-tables M``, a second run seats M people each alone with three ``strong`` computer players, whose
decisions (30-60 ms each) are computed in the worker processes; delivery is then from a person's move to their own
seat, while the workers are busy with every other table's computer players.

    uv run python bench/serve_load.py --clients 2000 --seconds 30 --strong-tables 100

``--server-root DIR`` runs the server of another checkout (its own ``.venv`` if it has one), e.g. a worktree of main
(``git worktree add --detach /tmp/perfmain main``), and ``--alternate`` runs each scenario there and here in turn,
so that two versions are compared side by side in one run on the same noisy machine:

    uv run python bench/serve_load.py --server-root /tmp/perfmain --alternate 2 --think 0

Targets on this 2-core machine (issue 18): 2,000 connections in 500 tables with p99 <= 100 ms; with 100 tables of
three strong players, longest stall <= 50 ms and p99 <= 250 ms. Every loop is bounded in count and time, and only
loopback is used.
"""

from __future__ import annotations

import argparse
import asyncio
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
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from commerce_a11y.wire import telnet as t  # noqa: E402

PASSWORD = "bench-password"


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
        self.players: list[Player] = []
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
    def __init__(self, think: float = 0.0) -> None:
        self.think = think
        """Mean seconds a player waits before answering (uniform from 0 to twice this); 0: at once."""
        self.measuring = False
        self.moves = 0
        self.delivery: list[float] = []


class Player(asyncio.Protocol):
    def __init__(self, name: str, stats: Stats) -> None:
        self.name = name
        self.stats = stats
        self.filter = t.Filter()
        self.pending = bytearray()
        self.transport: asyncio.Transport | None = None
        self.kind = ""
        self.prompts: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.table: Table | None = None
        self.seat = 0
        self.position = 0
        self.auto = False
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
            position = int(re.search(rb'"position":(\d+)', rest).group(1))  # type: ignore[union-attr]
            self.position = position
            if self.table is not None:
                self.table.status(self.seat, position, time.perf_counter(), self.stats)

    def prompt(self, text: str) -> None:
        kind, self.kind = self.kind, ""
        if self.auto and kind == "table" and self.seat == 0:
            self.send("start")  # the match ended: the host starts the next one, so the load goes on
        elif self.auto and kind == "turn":
            if self.stats.think:
                delay = random.uniform(0, 2 * self.stats.think)
                asyncio.get_running_loop().call_later(delay, self.answer)
            else:
                self.answer()
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


def server_python(root: Path) -> str:
    """The interpreter that runs ``root``'s server: the checkout's own environment if it has one."""
    own = root / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    return str(own) if own.exists() else sys.executable


KEEP: list[bool] = []
"""``--keep``: each run's server data folder (its log) is kept and named."""
PROFILE: list[str] = []
"""``--profile FILE``: the server runs under cProfile, which writes FILE when it stops."""


async def start_server(data: Path, connections: int, root: Path = ROOT, extra: Sequence[str] = ()
                       ) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    profiled = ["-m", "cProfile", "-o", PROFILE[0]] if PROFILE else []
    proc = subprocess.Popen(
        [server_python(root), *profiled, "-m", "commerce_a11y", "serve", "--port", "0", "--data", str(data),
         "--lang", "en", "--max-connections", str(connections + 50), "--per-address", str(connections + 50),
         "--logins-per-minute", str(connections * 10), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=root)
    assert proc.stdout is not None
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, proc.stdout.readline)
        if not line:
            raise RuntimeError("the server ended before listening")
        found = re.search(r"port (\d+)\.", line)
        if found:
            return proc, int(found.group(1))


async def run(clients: int, per_table: int, bots: str, seconds: float, label: str, think: float = 0.0,
              root: Path = ROOT, game: str = "commerce", warmup: float = 3.0) -> dict[str, object]:
    data = Path(tempfile.mkdtemp(prefix="serve-load-"))
    proc, port = await start_server(data, clients, root)
    loop = asyncio.get_running_loop()
    stats = Stats(think)
    try:
        await asyncio.sleep(1.0)
        before = rss_kib(proc.pid)
        players: list[Player] = []
        # Logging in at once: at most the server's share of connections not logged in yet (a fifth of them), each
        # from a loopback address of its own on Linux (the server allows only a few logins at once per address).
        limit = asyncio.Semaphore(min(100, (clients + 50) // 5))

        async def connect(index: int) -> Player:
            source = (f"127.0.{index // 250}.{1 + index % 250}", 0) if sys.platform == "linux" else None
            async with limit:
                _transport, player = await loop.create_connection(
                    lambda: Player(f"P{index:05d}", stats), "127.0.0.1", port, local_addr=source)
                await player.login()
                return player

        started = time.perf_counter()
        first = min(20, clients // 2)
        players = list(await asyncio.gather(*(connect(i) for i in range(first))))
        await asyncio.sleep(0.5)
        before = rss_kib(proc.pid)  # with the password hashing's memory already in use, as it stays
        players += await asyncio.gather(*(connect(i) for i in range(first, clients)))
        login_seconds = time.perf_counter() - started
        tables = []
        for number in range(0, clients, per_table):
            group = players[number: number + per_table]
            table = Table(f"T{number // per_table}", 4)
            host = group[0]
            host.send(f"create {game} name={table.name} seats=4 bots={bots}")
            await host.ask()
            for seat, player in enumerate(group):
                player.table, player.seat = table, seat
                if seat:
                    player.send(f"join {table.name}")
                    await player.ask()
            table.players = group
            tables.append(table)
        seated = rss_kib(proc.pid)
        workers = sum(rss_kib(c) for c in children(proc.pid))
        for player in players:
            player.auto = True
        for table in tables:
            table.players[0].send("start")
        await asyncio.sleep(warmup)  # the first deals (or, for --warmup, the matches grown long)
        log_start_measured = (data / "server.log").stat().st_size
        cpu_before, loop_before = cpu_seconds(proc.pid), cpu_seconds(proc.pid, proc.pid)
        written_before = written_bytes(proc.pid)
        client_before = time.process_time()
        stats.measuring = True
        window = time.perf_counter()
        await asyncio.sleep(seconds)
        window = time.perf_counter() - window
        stats.measuring = False
        cpu, loop_cpu = cpu_seconds(proc.pid) - cpu_before, cpu_seconds(proc.pid, proc.pid) - loop_before
        written = written_bytes(proc.pid) - written_before
        client_cpu = time.process_time() - client_before
        await asyncio.sleep(5.5)
        text = (data / "server.log").read_text()
        log = text[log_start_measured:]
        # The first load line may cover seconds before the window: only the ones after it. (A server before
        # 2026-12-01 does not say how long the loop worked.)
        found = re.findall(r"longest stall ([\d.]+) ms(?: \(working ([\d.]+) ms\))?", log)[1:]
        stalls = [float(stall) for stall, _work in found]
        work = [float(work) if work else None for _stall, work in found]
        collections = [float(x) for x in re.findall(r"longest collection ([\d.]+) ms", log)[1:]]
        delivery = sorted(stats.delivery)

        def pct(p: float) -> float:
            return delivery[min(len(delivery) - 1, int(p * len(delivery)))] * 1000 if delivery else float("nan")

        result = {
            "run": label, "server": str(root), "game": game, "think_seconds": think, "connections": clients,
            "tables": len(tables),
            "login_seconds": round(login_seconds, 1),
            "moves_per_second": round(stats.moves / window, 1), "deliveries": len(delivery),
            "queue_bound_ms": round(len(tables) * window * 1000 / stats.moves, 1) if stats.moves and not think
            else None,
            "p50_ms": round(pct(0.50), 1), "p99_ms": round(pct(0.99), 1),
            "max_ms": round(delivery[-1] * 1000, 1) if delivery else None,
            "mean_ms": round(statistics.fmean(delivery) * 1000, 1) if delivery else None,
            "longest_stall_ms": max(stalls) if stalls else None,
            "longest_stall_working_ms": work[stalls.index(max(stalls))] if stalls else None,
            "longest_collection_ms": max(collections) if collections else None,
            "server_cpu_ms_per_move": round(cpu * 1000 / max(1, stats.moves), 3),
            "loop_cpu_ms_per_move": round(loop_cpu * 1000 / max(1, stats.moves), 3),
            "clients_cpu_ms_per_move": round(client_cpu * 1000 / max(1, stats.moves), 3),
            "server_written_mib_per_second": round(written / window / 2**20, 2),
            "server_written_kib_per_move": round(written / 1024 / max(1, stats.moves), 2),
            "server_kib_per_connection": round((seated - before) / max(1, clients - first), 1),
            "server_rss_mib": round(seated / 1024, 1), "workers_rss_mib": round(workers / 1024, 1),
        }
        for player in players:
            if player.transport is not None:
                player.transport.close()
        return result
    finally:
        stop_server(proc, data)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=2000, help="people at tables of four (0: skip this run)")
    parser.add_argument("--strong-tables", type=int, default=100,
                        help="tables of one person and three strong computer players (0: skip)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measuring window of each run")
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
    if args.keep:
        KEEP.append(True)
    if args.profile:
        PROFILE.append(str(args.profile.resolve()))
    game = " ".join([args.rules, *args.option])
    roots = [args.server_root.resolve(), ROOT] * args.alternate if args.alternate else [args.server_root.resolve()]
    if args.clients:
        for think in args.think or [0.0, 2.0]:
            for root in roots:
                result = asyncio.run(run(args.clients, 4, "basic", args.seconds, "people", think, root, game,
                                         args.warmup))
                print(json.dumps(result), flush=True)
    if args.strong_tables:
        for root in roots:
            result = asyncio.run(run(args.strong_tables, 1, "strong", args.seconds, "strong", 0.0, root, game,
                                     args.warmup))
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
