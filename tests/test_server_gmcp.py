"""GMCP as mudstandards.org describe it, and an unsolicited DO ECHO (issue 26, item 9), through raw sockets
against a real ``commerce serve``: bytes in, bytes out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import RawClient, ServerProcess

from commerce_a11y.wire import telnet as t

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("gmcp"))
    yield process
    process.stop()


def test_a_client_that_declared_only_core_gets_no_commerce_messages(server: ServerProcess) -> None:
    client = RawClient(server.port)
    client.prompt()
    client.send_raw(t.gmcp_bytes("Core.Supports.Set", ["Core 1"]))
    client.send("Coreonly")
    client.prompt()
    client.send("secret1")
    client.prompt()
    client.send("secret1")
    client.prompt()
    client.send("who")
    client.expect("Online: ")
    client.drain()
    packages = [package for package, _data in client.gmcp]
    after = packages[packages.index("Commerce.Ask") + 1:] if "Commerce.Ask" in packages else packages
    assert not [p for p in after if p.startswith("Commerce.")], packages
    client.close()


def test_a_client_that_declares_commerce_gets_it_and_one_that_declares_nothing_too(server: ServerProcess) -> None:
    for supports in (["Core 1", "Commerce 1"], ["Commerce.Ask 1"], None):
        client = RawClient(server.port)
        client.prompt()
        if supports is not None:
            client.send_raw(t.gmcp_bytes("Core.Supports.Set", supports))
        client.send("Nobody" if supports is None else "Declared")
        client.prompt()
        assert client.kinds[-1] == "new-password"  # Commerce.Ask came
        client.close()


def test_core_ping_is_answered_with_core_ping(server: ServerProcess) -> None:
    client = RawClient(server.port)
    client.prompt()
    client.send_raw(t.gmcp_bytes("Core.Ping"))
    client.drain()
    assert ("Core.Ping", None) in client.gmcp
    client.close()


def test_quit_sends_core_goodbye_with_the_goodbye_sentence_before_closing(server: ServerProcess) -> None:
    client = RawClient(server.port)
    client.login("Leaver")
    client.send("quit")
    while client.pump(1):
        pass
    assert client.closed
    assert ("Core.Goodbye", "Goodbye.") in client.gmcp
    assert client.raw.endswith(t.gmcp_bytes("Core.Goodbye", "Goodbye."))


def test_an_unsolicited_do_echo_is_answered_wont_echo(server: ServerProcess) -> None:
    client = RawClient(server.port)
    client.prompt()  # the name question: the echo is the client's
    client.send_raw(t.negotiation(t.DO, t.ECHO))
    client.drain()
    assert t.negotiation(t.WONT, t.ECHO) in client.raw
    client.close()


def test_the_third_wrong_password_says_goodbye_then_core_goodbye_then_closes(server: ServerProcess) -> None:
    """Issue 26, items 6 and 9: after three wrong passwords the connection closes with a sentence, and Core.Goodbye
    carries it."""
    owner = RawClient(server.port)
    owner.login("Keeper")
    owner.close()
    guesser = RawClient(server.port, source="127.0.0.61")
    for n in range(3):
        guesser.prompt()
        guesser.send("Keeper")
        guesser.prompt()
        guesser.send(f"not-it-{n}")
    while guesser.pump(1):
        pass
    assert guesser.closed
    goodbye = "Wrong password, the third time: goodbye. Connect again to try once more."
    assert goodbye in guesser.text
    assert ("Core.Goodbye", goodbye) in guesser.gmcp


def test_the_servers_stop_sends_core_goodbye_with_its_sentence(tmp_path: Path) -> None:
    own = ServerProcess(tmp_path / "data")
    try:
        client = RawClient(own.port)
        client.login("Stayer")
        own.stop()
        while client.pump(1):
            pass
        assert ("Core.Goodbye", "The server stops now; your table is saved.") in client.gmcp
    finally:
        own.stop()
