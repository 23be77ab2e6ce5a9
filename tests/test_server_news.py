"""Issue 26, item 3: news that arrives while a question is open on a client's line (telnet, VIP Mud, TinTin++)
begins a line of its own, and the question is asked again after it, with its prompt mark (GA, or EOR where agreed)
and its GMCP ``Commerce.Ask``, as MUD servers do; a burst of news gets one question after it, and what follows an
answer is not news on an open question."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from server_helpers import RawClient, ServerProcess
from test_server_wire import connected

from commerce_a11y.wire import telnet as t
from commerce_a11y.wire.asks import AskKind

GA = bytes((t.IAC, t.GA))


def test_news_on_an_open_question_begins_its_own_line_and_the_question_comes_again_once() -> None:
    async def play() -> list[bytes]:
        conn, transport, _session = connected([], logged_in=True)
        conn.owner = None  # the peer's own question again (a session asks the one of where it is now)
        sent = []

        async def settle() -> None:
            for _ in range(3):
                await asyncio.sleep(0)
            sent.append(bytes(transport.sent))
            transport.sent = bytearray()

        await settle()  # the negotiation the server opens with
        sent.clear()
        conn.prompt("swap, pass, knock? ", AskKind.TURN)
        await settle()
        conn.say(["Ben sits down at seat 2."])
        conn.say(["Anna says: hello", "Cem watches."])  # the same turn: one burst, one question after it
        await settle()
        conn.inbox.put(b"pass")  # the question is answered
        await conn.read_line()
        conn.say(["You pass."])
        await settle()
        return sent

    asked, news, after = asyncio.run(play())
    assert asked == b"swap, pass, knock? " + GA
    assert news == (b"\r\nBen sits down at seat 2.\r\nAnna says: hello\r\nCem watches.\r\n"
                    b"swap, pass, knock? " + GA)
    assert after == b"You pass.\r\n"  # an answer's lines begin where the answer ended the line


def test_a_gmcp_client_gets_the_ask_again_with_the_question() -> None:
    async def play() -> bytes:
        conn, transport, _session = connected([], logged_in=True)  # in the lobby: its question again
        conn.gmcp = True
        conn.prompt("Lobby? ", AskKind.LOBBY)
        for _ in range(3):
            await asyncio.sleep(0)
        transport.sent = bytearray()
        conn.say(["Ben is online."])
        for _ in range(3):
            await asyncio.sleep(0)
        return bytes(transport.sent)

    sent = asyncio.run(play())
    ask = t.ask_bytes(AskKind.LOBBY)
    assert sent.startswith(b"\r\nBen is online.\r\n") and sent.endswith(ask + b"Lobby? " + GA)


def test_no_question_open_no_question_again() -> None:
    async def play() -> bytes:
        conn, transport, _session = connected([], logged_in=True)
        await asyncio.sleep(0)
        transport.sent = bytearray()
        conn.say(["Welcome."])
        for _ in range(3):
            await asyncio.sleep(0)
        return bytes(transport.sent)

    assert asyncio.run(play()) == b"Welcome.\r\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    running = ServerProcess(tmp_path_factory.mktemp("news"))
    yield running
    running.stop()


@pytest.mark.e2e
def test_a_telnet_client_hears_a_guest_sit_down_on_a_line_of_its_own_then_its_question(server: ServerProcess) -> None:
    """Through a real socket, raw bytes: the host waits at the table's question; a guest sits down."""
    host, guest = RawClient(server.port), RawClient(server.port)
    host.login("Hosta")
    guest.login("Gast")
    host.send("create commerce name=Hearth seats=3")
    assert host.prompt() == "Table Hearth? "
    asked = len(host.prompts)
    mark = len(host.raw)
    guest.send("join Hearth")
    guest.prompt()
    host.expect("Gast sits down")
    host.drain(0.3)
    news = bytes(host.raw[mark:])
    data = b"".join(piece for piece in t.Filter().feed(news) if isinstance(piece, bytes))
    assert data.startswith(b"\r\nGast sits down at seat 2.\r\n"), data
    assert data.endswith(b"\r\nTable Hearth? "), data
    assert host.prompts[asked:] == ["Table Hearth? "]  # asked once more, with its mark
    for client in (host, guest):
        client.close()
