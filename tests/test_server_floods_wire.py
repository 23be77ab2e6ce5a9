"""The server for strangers, tried over real sockets as an attacker would (issue 35, items 2, 3, 8 and 9): a flood of
GMCP that costs a bystander nothing, a crowd turned away where every connection hears why, a process short of open
files, and TLS connections that never begin their handshake.

Linux routes all of 127.0.0.0/8 to the loopback device, so a client binds to 127.0.0.N to come from address N."""

from __future__ import annotations

import contextlib
import re
import selectors
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from server_helpers import RawClient, ServerProcess

from commerce_a11y.server.allowances import Work
from commerce_a11y.server.telnet_peer import TLS_HANDSHAKE
from commerce_a11y.wire import telnet as t

pytestmark = [pytest.mark.e2e,  # each test starts a server and attacks it over sockets
              pytest.mark.skipif(sys.platform != "linux", reason="clients from several loopback addresses: Linux")]

TURNED_AWAY = ("The server is full; try again later.", "Too many people are logging in",
               "Too many people are logging in from your address")


def resident_mib(process: subprocess.Popen[str]) -> float:
    """The server's resident memory (Linux's /proc)."""
    status = Path(f"/proc/{process.pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]


def log_of(server: ServerProcess) -> str:
    return (server.data / "server.log").read_text(encoding="utf-8")


def flood(sock: socket.socket, chunk: bytes, stop: threading.Event) -> int:
    """Send ``chunk`` again and again until ``stop`` (or the server closes); the bytes sent."""
    sent = 0
    sock.settimeout(0.5)
    while not stop.is_set():
        try:
            sent += sock.send(chunk)
        except TimeoutError:
            continue
        except OSError:
            break
    return sent


def test_a_gmcp_flood_costs_a_bystander_nothing(tmp_path: Path) -> None:
    """Items 2 and 3: one connection floods ``Core.Supports.Add`` with new names, ``Commerce.Settings`` and pings,
    as fast as the socket takes them, while a stranger from another address makes an account and a table. The
    flood is read at ``INPUT_RATE`` and, beyond its budget, dropped unread: the stranger is answered, the flooder
    gets the budget's worth of pings, and the server's memory barely moves."""
    server = ServerProcess(tmp_path / "data")
    try:
        flooder = RawClient(server.port, source="127.0.0.2")
        flooder.login("Flo")
        before = resident_mib(server.proc)  # type: ignore[arg-type]
        chunk = b"".join(t.gmcp_bytes("Core.Supports.Add", [f"Made.Up{n} 1" for n in range(n, n + 8)])
                         + t.gmcp_bytes("Commerce.Settings", {"verbosity": "brief" if n % 2 else "normal"})
                         + t.gmcp_bytes("Core.Ping") for n in range(0, 4000, 8))
        stop = threading.Event()
        sent: list[int] = []
        worker = threading.Thread(target=lambda: sent.append(flood(flooder.sock, chunk, stop)))
        worker.start()
        try:
            time.sleep(2)
            bystander = RawClient(server.port, source="127.0.0.3")
            bystander.login("Bea")
            bystander.send("create commerce name=Calm")
            bystander.expect("you are the host", timeout=30)
            bystander.send("who")
            bystander.expect("Online: 2 people.", timeout=30)
        finally:
            stop.set()
            worker.join(10)
        flooder.drain(1.0)
        pings = len([m for m in flooder.gmcp if m[0] == "Core.Ping"])
        after = resident_mib(server.proc)  # type: ignore[arg-type]
        assert sent and sent[0] > 1_000_000, sent  # a real flood: megabytes offered
        assert pings <= Work.GMCP.rate.limit
        assert flooder.text.count("Too many changes at once; wait a minute.") <= 1
        assert after - before < 40, (before, after)  # the bystander's Argon2 hash alone may keep 19 MiB
        assert "over budget account flo" in log_of(server)
    finally:
        server.stop()


def crowd(port: int, count: int, source: str, send: bytes = b"") -> dict[str, int]:
    """``count`` connections at once from ``source``, each sending ``send`` at once as a client's negotiation
    would; what each received before the server closed it, told as counts."""
    socks = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind((source, 0))
        sock.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            sock.connect((("127.0.0.1"), port))
        socks.append(sock)
    got: dict[socket.socket, bytes] = {sock: b"" for sock in socks}
    reset: set[socket.socket] = set()
    selector = selectors.DefaultSelector()
    for sock in socks:
        selector.register(sock, selectors.EVENT_READ | selectors.EVENT_WRITE)
    open_ = set(socks)
    deadline = time.monotonic() + 60
    while open_ and time.monotonic() < deadline:
        for key, events in selector.select(0.5):
            sock = key.fileobj
            assert isinstance(sock, socket.socket)
            if events & selectors.EVENT_WRITE:
                with contextlib.suppress(OSError):
                    sock.send(send)
                selector.modify(sock, selectors.EVENT_READ)
                continue
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
                reset.add(sock)
            if data:
                got[sock] += data
                if b"Name?" in got[sock]:  # let in: it leaves by itself
                    data = b""
            if not data:
                selector.unregister(sock)
                open_.discard(sock)
                sock.close()
    for sock in open_:
        sock.close()
    told = [any(s.encode() in data for s in TURNED_AWAY) for data in got.values()]
    named = [b"Name?" in data for data in got.values()]
    return {"told": sum(told), "named": sum(named), "heard": sum(map(any, zip(told, named, strict=True))),
            "nothing": sum(1 for data in got.values() if not data), "reset": len(reset), "open": len(open_)}


def test_every_connection_turned_away_hears_why(tmp_path: Path) -> None:
    """Item 9: 400 connections at once, each sending a client's first negotiation at once, to a server that lets in
    30: each hears the name question or one sentence why it is turned away; none gets nothing, none is reset."""
    server = ServerProcess(tmp_path / "data", "--max-connections", "30", "--per-address", "1000",
                           "--login-connections", "30", "--login-per-address", "1000")
    try:
        counts = crowd(server.port, 400, "127.0.0.4", t.negotiation(t.WILL, t.TTYPE) + b"\r\n")
    finally:
        server.stop()
    assert counts["nothing"] == 0 and counts["open"] == 0, counts
    assert counts["heard"] == 400, counts  # the name question, or why not (a waiting one may hear both)
    assert counts["reset"] == 0, counts


def test_a_process_short_of_files_keeps_its_connections_below_them(tmp_path: Path) -> None:
    """Item 8: with 256 open files allowed, ``--max-connections 500`` is lowered below them (said at the start and
    logged), so that a crowd of 400 is turned away with a sentence each, never by the system; and what asyncio
    reports when files run short is logged once a minute, not once per refused accept."""
    server = ServerProcess(tmp_path / "data", "--max-connections", "500", "--per-address", "1000",
                           "--login-connections", "500", "--login-per-address", "1000", open_files=256)
    try:
        counts = crowd(server.port, 400, "127.0.0.5", b"\r\n")
        log = log_of(server)
    finally:
        server.stop()
    lowered = re.search(r"max connections 500 lowered to (\d+): 256 open files allowed", log)
    assert lowered is not None, log[-2000:]
    assert counts["nothing"] == 0 and counts["heard"] == 400, counts
    assert log.count("out of system resource") <= 2


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


class TlsClient(RawClient):
    """A raw telnet client over TLS, from its own loopback address."""

    def __init__(self, port: int, cert: Path, source: str) -> None:
        context = ssl.create_default_context(cafile=str(cert))
        plain = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        self.mud = True
        super(RawClient, self).__init__(True)
        self.sock = context.wrap_socket(plain, server_hostname="localhost")


def test_tls_connections_that_never_handshake_hold_only_their_share(tmp_path: Path,
                                                                    certificate: tuple[Path, Path]) -> None:
    """Item 8: 200 connections from one address that never begin their TLS handshake count from their first byte:
    beyond the address's share they are closed at once, the others at the handshake's deadline; meanwhile a TLS
    player from another address logs in and plays."""
    cert, key = certificate
    server = ServerProcess(tmp_path / "data", "--tls-cert", str(cert), "--tls-key", str(key), "--per-address", "10",
                           "--login-per-address", "3")
    held = []
    try:
        for _ in range(200):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=("127.0.0.6", 0))
            held.append(sock)
        player = TlsClient(server.port, cert, "127.0.0.7")
        player.login("Tlsa")
        player.send("who")
        player.expect("Online: 1 person.")
        started = time.monotonic()
        closed_at: list[float] = []
        for sock in held:
            sock.settimeout(TLS_HANDSHAKE + 20)
            with contextlib.suppress(OSError):
                while sock.recv(4096):
                    pass
            closed_at.append(time.monotonic() - started)
        log = log_of(server)
    finally:
        for sock in held:
            sock.close()
        server.stop()
    assert len(closed_at) == 200  # every one closed by the server: none held past the deadline's wait
    assert log.count("refused 127.0.0.6") >= 197  # only the address's 3 waiting to log in were let in at all
    assert log.count("no TLS handshake 127.0.0.6") >= 3
