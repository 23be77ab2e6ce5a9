"""A client's bytes of any shape against the table server (issue 23, items 11 and 13): every GMCP message, before
and after logging in, from many connections at once, gets a defined result and never a traceback; what still
fails while the server handles a client's bytes is one line in the log and that connection closed, the server
going on; and no line or paragraph separator a client types reaches anyone else.

Through raw sockets against a real ``commerce serve`` (its standard error is merged into the standard output that
the test reads at the end), and in-process: a property test feeds random telnet streams, subnegotiations and GMCP
messages into a ``TelnetPeer`` and its ``Session`` with a fake transport."""

from __future__ import annotations

import asyncio
import json
import random
import re
import socket
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import RawClient, ServerProcess

from commerce_a11y.cleaning import clean
from commerce_a11y.server.allowances import Allowances
from commerce_a11y.server.peer import Line
from commerce_a11y.server.serve import QuietErrors
from commerce_a11y.server.session import Session
from commerce_a11y.server.telnet_peer import TelnetPeer
from commerce_a11y.wire import telnet as t
from commerce_a11y.wire.asks import AskKind

GMCP_SHAPES = [
    'Core.Supports.Set [""]', 'Core.Supports.Set [" "]', "Core.Supports.Set [1]", "Core.Supports.Set {}",
    "Core.Supports.Set null", "Core.Supports.Set", 'Core.Supports.Set "Commerce.Record 1"',
    'Core.Supports.Set [[""], {"a": []}, null, true, 1.5e308]', 'Core.Supports.Add [""]',
    'core.supports.remove [" ", ""]', "Commerce.Settings []", 'Commerce.Settings {"language": ["de"]}',
    'Commerce.Settings {"language": {"x": 1}, "verbosity": [], "cards": null}', "Commerce.Settings 5",
    "Commerce.Settings", 'Commerce.Settings ""', "Unknown.Package {}", "Core.Hello [" * 40 + "]" * 40,
    "Core.Hello " + "[" * 5000, "Commerce.Settings NaN", "Commerce.Settings 1" + "0" * 5000, " ", "",
    "X" * 100 + " {}", "Core.Supports.Set [\"\\ud800\"]",
]
"""GMCP messages of every shape: empty items, wrong types, nested, not objects, unknown packages, bad JSON."""
RAW_PAYLOADS = [b"\xff\xfe\xfd", b"Commerce.Settings {\"language\": \"\xe4\"}", b"\x00" * 10, b"x" * 9000]
"""GMCP payloads that are not UTF-8, or too long to keep."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("wire"), "--per-address", "300", "--max-connections", "400",
                            "--logins-per-minute", "1000", "--login-per-address", "300", "--login-connections", "400")
    yield process
    process.stop()


def hostile_bytes() -> list[bytes]:
    """Every shape above as the wire carries it, then garbage: random bytes with IAC in them, unfinished
    subnegotiations, an IAC SE to end whatever is open, no line end among them (a line is asked for after)."""
    rng = random.Random(23)
    messages = [t.subnegotiation(t.GMCP, text.encode("utf-8", "surrogatepass")) for text in GMCP_SHAPES]
    messages += [t.subnegotiation(t.GMCP, payload) for payload in RAW_PAYLOADS]
    for _ in range(20):
        garbage = bytes(rng.choice([b for b in range(256) if b not in (10, 13)]) for _ in range(rng.randint(1, 60)))
        messages.append(garbage + bytes((t.IAC, t.SB, t.GMCP)) + garbage[:10] + bytes((t.IAC, t.SE)))
    messages += [bytes((t.IAC, t.SB, t.TTYPE, t.TTYPE_IS)) + b"\x1b[2J\rlogin Admin\x00" + bytes((t.IAC, t.SE)),
                 bytes((t.IAC, t.SB, t.CHARSET, t.CHARSET_ACCEPTED)) + b"\xff\xff" + bytes((t.IAC, t.SE)),
                 bytes((t.IAC, t.SB, t.NAWS, 0, 80, 0, 24, t.IAC, t.SE)), bytes((t.IAC, t.WILL, t.NAWS)),
                 bytes((t.IAC, t.SB)), bytes((t.IAC, t.IAC, t.IAC, t.SE))]
    return messages


@pytest.mark.e2e
def test_gmcp_of_any_shape_before_and_after_login_from_many_connections_never_ends_one(
        server: ServerProcess) -> None:
    hostile = b"".join(hostile_bytes()) + bytes((t.IAC, t.SE))
    # Before logging in: many connections at once, each sending every shape, then still asked and answered.
    crowd = [RawClient(server.port) for _ in range(40)]
    for client in crowd:
        client.prompt()
        client.send_raw(hostile)
        client.send_raw(t.gmcp_bytes("Core.Supports.Set", [""]) + b"\r\n")
    for index, client in enumerate(crowd):
        client.prompt()  # the name question again, after the line of garbage (a name refused, or none)
        client.send(f"Crowd{index}")
        assert "password" in client.prompt().lower(), client.text[-500:]
        assert not client.closed
        client.close()
    # After logging in: the same bytes, and the lobby still answers on this connection.
    player = RawClient(server.port)
    player.login("Shaper")
    player.send_raw(hostile + b"\r\n")
    for text in GMCP_SHAPES:
        player.send_raw(t.subnegotiation(t.GMCP, text.encode("utf-8", "surrogatepass")))
    player.send("who")
    player.expect("Online: ")
    assert not player.closed
    # Another person is still served.
    other = RawClient(server.port)
    other.login("Bystander")
    other.send("who")
    other.expect("Shaper in the lobby")
    for client in (player, other):
        client.close()
    log = (server.data / "server.log").read_text(encoding="utf-8")
    assert "error" not in log  # every shape had its defined result: the last line of defence was not needed
    assert all(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ", line) for line in log.splitlines())


@pytest.mark.e2e
def test_the_server_prints_no_traceback_for_a_clients_bytes(tmp_path: Path) -> None:
    """Its own server, so that everything it printed can be read once it stopped."""
    process = ServerProcess(tmp_path / "data", "--per-address", "100", "--login-per-address", "100")
    try:
        hostile = hostile_bytes()
        socks = []
        for _ in range(40):
            sock = socket.create_connection(("127.0.0.1", process.port), timeout=10)
            for piece in hostile:
                sock.sendall(piece)
            sock.sendall(t.gmcp_bytes("Core.Supports.Set", [""]))
            socks.append(sock)
        client = RawClient(process.port)
        client.login("Still")
        client.send_raw(b"".join(hostile))
        client.send_raw(bytes((t.IAC, t.SE)) + b"\r\nwho\r\n")
        client.expect("Still in the lobby")
        client.close()
        for sock in socks:
            sock.close()
    finally:
        process.stop()
    assert process.proc is not None and process.proc.stdout is not None
    printed = process.proc.stdout.read()
    assert "Traceback" not in printed and "Error" not in printed, printed[:3000]


# ----- in-process: the connection and its session with a fake transport -----


class FakeTransport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.sent = bytearray()
        self.closing = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("192.0.2.1", 4000) if name == "peername" else default

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        pass

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.sent += data

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True


def connected(log: list[str], logged_in: bool) -> tuple[TelnetPeer, FakeTransport, Session]:
    """A telnet peer as the server makes one, with its session (logged in as Ada, or not yet)."""
    store = SimpleNamespace(accounts=SimpleNamespace(remember=lambda name, settings: None))
    server = SimpleNamespace(store=store, log=log.append, allowances=Allowances())
    holder: dict[str, Session] = {}

    def opened(conn: TelnetPeer) -> None:
        holder["session"] = Session(server, conn)  # type: ignore[arg-type]

    conn = TelnetPeer(opened, log=log.append)
    transport = FakeTransport()
    conn.connection_made(transport)
    session = holder["session"]
    if logged_in:
        session.account = "Ada"
    return conn, transport, session


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                  max_size=4), max_leaves=12)
PACKAGES = st.sampled_from(["Core.Supports.Set", "Core.Supports.Add", "core.supports.remove", "Commerce.Settings",
                            "Core.Hello", "Char.Vitals", "", " ", "Commerce.Record"])
GMCP_TEXT = st.one_of(
    st.builds(lambda p, d: f"{p} {json.dumps(d)}", PACKAGES, JSON),
    st.builds(lambda p, d: f"{p} {json.dumps(d)}", PACKAGES,
              st.lists(st.sampled_from(["", " ", "Commerce.Record", "Commerce.Record 1", "\u2028"]), max_size=4)),
    st.builds(lambda p, d: f"{p} {json.dumps(d)}", st.just("Commerce.Settings"),
              st.fixed_dictionaries({}, optional={"language": JSON | st.sampled_from(["de", "nl", "en"]),
                                                  "verbosity": JSON | st.just("brief"),
                                                  "cards": JSON | st.just("codes")})),
    st.builds(lambda p, s: f"{p} {s}", PACKAGES, st.text(max_size=30)),
)
PIECES = st.one_of(
    st.binary(max_size=40),
    st.builds(lambda text: t.subnegotiation(t.GMCP, text.encode("utf-8", "surrogatepass")), GMCP_TEXT),
    st.builds(lambda data: t.subnegotiation(t.GMCP, data), st.binary(max_size=60)),
    st.builds(lambda option, data: bytes((t.IAC, t.SB, option)) + data + bytes((t.IAC, t.SE)),
              st.sampled_from([t.TTYPE, t.CHARSET, t.NAWS, t.GMCP, t.ECHO, 0, 255]), st.binary(max_size=40)),
    st.builds(lambda data: t.subnegotiation(t.TTYPE, bytes((t.TTYPE_IS,)) + data), st.binary(max_size=70)),
    st.builds(lambda data: t.subnegotiation(t.CHARSET, bytes((t.CHARSET_ACCEPTED,)) + data), st.binary(max_size=20)),
    st.builds(lambda verb, option: bytes((t.IAC, verb, option)),
              st.sampled_from([t.WILL, t.WONT, t.DO, t.DONT]), st.integers(0, 255)),
    st.builds(lambda command: bytes((t.IAC, command)), st.integers(0, 255)),
    st.sampled_from([b"\r\n", b"\r", b"\n", b"\r\x00", b"\xff", b"\xff\xf0", b"\xff\xfa", b"hello\xe2\x80\xa8"]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PIECES, max_size=25), st.lists(st.integers(1, 50), min_size=1, max_size=20), st.booleans(),
       st.booleans())
def test_no_exception_escapes_from_any_bytes_a_client_sends(pieces: list[bytes], sizes: list[int],
                                                             logged_in: bool, password: bool) -> None:
    """Random streams of data, commands and subnegotiations (GMCP of every shape among them), split anywhere:
    nothing raises, and the last line of defence is never needed (the connection stays open, nothing logged)."""
    stream = b"".join(pieces)

    async def feed() -> tuple[TelnetPeer, FakeTransport, list[str]]:
        log: list[str] = []
        conn, transport, _session = connected(log, logged_in)
        if password:
            conn.prompt("Password? ", AskKind.PASSWORD)  # the client's echo off, its lines read as secrets
        position, index = 0, 0
        while position < len(stream):
            size = sizes[index % len(sizes)]
            conn.data_received(stream[position:position + size])
            position += size
            index += 1
        await asyncio.sleep(0)  # the flush of what the connection answered
        lines.extend([await conn.read_line(secret=password) for _ in range(len(conn.inbox))])
        return conn, transport, log

    lines: list[Line] = []
    conn, transport, log = asyncio.run(feed())
    assert not conn.faulted and not transport.closing and log == []
    if not password:  # a password is kept as typed (never echoed, never logged)
        for line in lines:
            assert not isinstance(line, str) or not any(ch in line for ch in "\r\n\u2028\u2029\x85\x0b\x0c")
    for name in conn.declared.clients:  # they go into the log: one line each
        assert name == clean(name) and name


def test_a_terminal_type_goes_into_the_log_cleaned() -> None:
    async def run() -> TelnetPeer:
        conn, _transport, _session = connected([], logged_in=False)
        conn.data_received(t.subnegotiation(t.TTYPE, bytes((t.TTYPE_IS,)) + b"Mud\x1b[2J\rlogin\x07 Admin\n"))
        return conn

    assert asyncio.run(run()).declared.clients == ("Mudlogin Admin",)


def test_an_exception_while_handling_a_clients_bytes_is_one_log_line_and_that_connection_closes() -> None:
    async def run() -> tuple[TelnetPeer, FakeTransport, list[str]]:
        log: list[str] = []
        conn, transport, session = connected(log, logged_in=True)

        def broken(package: str, data: Any) -> None:
            raise KeyError("a bug in handling GMCP")

        session.on_data = broken  # type: ignore[method-assign]
        conn.data_received(t.gmcp_bytes("Core.Hello", {}))  # raises nothing
        conn.data_received(b"more\r\n")  # a connection at fault reads nothing more
        await asyncio.sleep(0)
        return conn, transport, log

    conn, transport, log = asyncio.run(run())
    assert conn.faulted and transport.closing and len(conn.inbox) == 0
    assert len(log) == 1 and log[0].startswith("error 192.0.2.1: ") and "KeyError" in log[0] and "\n" not in log[0]
    assert b"Something went wrong on the server; please log in again." in transport.sent


def test_the_loops_exception_handler_logs_one_line_and_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    log: list[str] = []

    async def run() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(QuietErrors(log.append))
        loop.call_exception_handler({"message": "Fatal error: protocol.data_received() call failed.",
                                     "exception": IndexError("list index out of range")})
        loop.call_soon(lambda: 1 / 0)  # a callback that fails
        await asyncio.sleep(0.01)

    asyncio.run(run())
    printed = capsys.readouterr()
    assert printed.out == "" and printed.err == ""
    assert len(log) == 2 and all(line.startswith("loop error: ") for line in log)
    assert "IndexError" in log[0] and "ZeroDivisionError" in log[1]


# ----- item 13: line and paragraph separators -----


def test_clean_strips_every_line_and_paragraph_separator() -> None:
    breaks = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
    for ch in breaks:
        assert clean(f"a{ch}b") == "ab"
        assert len(f"a{clean(f'a{ch}b')}b".splitlines()) == 1
    assert clean("a\u00a0b c\u3000d") == "a\u00a0b c\u3000d"  # other spaces stay


@given(st.text(max_size=80))
def test_a_cleaned_line_is_one_line_however_it_is_split(text: str) -> None:
    cleaned = clean(text)
    assert len(cleaned.splitlines()) <= 1 and "\u2028" not in cleaned and "\u2029" not in cleaned


@pytest.mark.e2e
def test_separators_in_chat_names_and_table_names_reach_nobody(server: ServerProcess) -> None:
    speaker, listener = RawClient(server.port), RawClient(server.port)
    listener.login("Hearer")
    speaker.prompt()
    speaker.send("Fake\u2028Name")  # cleaned to one word: the name the account gets holds no separator
    speaker.prompt()
    speaker.send("secret1")
    speaker.prompt()
    speaker.send("secret1")
    speaker.prompt()
    speaker.send("say hello\u2028Server: everyone lost\u2029again\x85end\x0bvt\x0cff")
    listener.expect("FakeName says: helloServer: everyone lostagainendvtff")
    speaker.send("create commerce name=Eve\u2029ning seats=3")
    speaker.expect("Table Evening:")
    speaker.prompt()
    listener.send("join Even\u2028ing")
    listener.expect("You sit at table Evening")
    listener.prompt()
    speaker.send("say \u2028at\u2029 the\u2028table")
    listener.expect("FakeName says: at thetable")
    speaker.drain()
    listener.drain()
    for client in (speaker, listener):
        received = bytes(client.raw)
        for separator in ("\u2028", "\u2029", "\x85"):
            assert separator.encode("utf-8") not in received
        data = b"".join(item for item in t.Filter().feed(received) if isinstance(item, bytes))
        assert b"\x0b" not in data and b"\x0c" not in data
        client.close()
