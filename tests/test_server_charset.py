"""Input from MUD clients on Windows (issue 27, item 6): VIP Mud and MUSHclient send Windows-1252 unless told
otherwise and agree no charset, so a line that is not UTF-8 from such a client is read as Windows-1252 ("König" is
König, not refused); a client that agreed UTF-8 gets no such guess, and a password is never guessed: Latin-1 bytes
of a UTF-8 password are refused as not UTF-8 and not counted as a wrong one, typed ahead of its question too.

In-process with a fake transport (a ``TelnetPeer`` alone), and through raw sockets against a real ``commerce
serve``."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest
from server_helpers import RawClient, ServerProcess
from test_server_wire import connected

from commerce_a11y.server.peer import Line, Refused
from commerce_a11y.wire import telnet as t

KOENIG = "König".encode("cp1252") + b"\r\n"
NOT_UTF8_SENTENCE = "That password is not valid UTF-8 text; set your client to UTF-8."


def lines_read(feed: list[bytes], password: bool = False, agree: bool = False) -> tuple[list[Line], str]:
    """What ``read_line`` gives for each line of ``feed`` (sent before anything is read), read as passwords if
    ``password``, after the client agreed UTF-8 by CHARSET if ``agree``; and the connection's output encoding."""

    async def run() -> tuple[list[Line], str]:
        conn, _transport, _session = connected([], logged_in=False)
        if agree:
            conn.data_received(t.subnegotiation(t.CHARSET, bytes((t.CHARSET_ACCEPTED,)) + b"UTF-8"))
        for data in feed:
            conn.data_received(data)
        read = [await conn.read_line(secret=password) for _ in feed]
        return read, "utf-8" if conn.declared.utf8 else "ascii"

    return asyncio.run(run())


def test_a_line_not_utf8_from_a_client_that_agreed_no_charset_is_windows_1252() -> None:
    read, encoding = lines_read([KOENIG, "Grüße €5".encode("cp1252") + b"\r\n"])
    assert read == ["König", "Grüße €5"]
    assert encoding == "ascii"  # it is still answered in ASCII spelling: no charset was agreed


def test_utf8_is_read_as_utf8_and_then_no_line_is_guessed() -> None:
    read, encoding = lines_read(["Jörg".encode() + b"\r\n", KOENIG])
    assert read == ["Jörg", "K\ufffdnig"] and encoding == "utf-8"
    read, encoding = lines_read([KOENIG], agree=True)
    assert read == ["K\ufffdnig"] and encoding == "utf-8"


def test_a_password_is_never_read_as_windows_1252_even_typed_ahead() -> None:
    assert lines_read([KOENIG], password=True)[0] == [Refused.NOT_UTF8]
    assert lines_read(["König".encode() + b"\r\n"], password=True)[0] == ["König"]
    # Typed ahead: the line came while the name was asked, and is read at the password question.
    async def ahead() -> list[Line]:
        conn, _transport, _session = connected([], logged_in=False)
        conn.data_received(b"Katrin\r\n" + KOENIG)
        name = await conn.read_line()
        return [name, await conn.read_line(secret=True)]

    assert asyncio.run(ahead()) == ["Katrin", Refused.NOT_UTF8]


def test_the_undefined_windows_1252_bytes_are_replaced_and_control_characters_cleaned() -> None:
    read, _encoding = lines_read([b"A\x81B\x9dC\x1b[2J\r\n"])
    assert read == ["A\ufffdB\ufffdC"]


# ----- through raw sockets -----


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("charset"))
    yield process
    process.stop()


@pytest.mark.e2e
def test_a_windows_1252_client_logs_in_as_koenig_and_its_latin_password_is_refused(server: ServerProcess) -> None:
    """A plain client (it refuses CHARSET, TTYPE, everything) types König in Windows-1252: the account König is
    made, and told back in ASCII spelling; its password typed in Windows-1252 is refused as not UTF-8, in both
    questions of a new account and at the login, and is never counted as a wrong password."""
    latin = "Kätzchen1".encode("cp1252") + b"\r\n"
    first = RawClient(server.port, mud=False)
    first.prompt()
    first.send_raw(KOENIG)
    first.expect(re.escape("Koenig is new here."))
    assert first.prompt() == "Choose a password? "
    first.send_raw(latin)
    first.expect(re.escape(NOT_UTF8_SENTENCE))
    assert first.prompt() == "Choose a password? "
    first.send("secret1")
    assert first.prompt() == "The password again? "
    first.send("secret1")
    first.expect(re.escape("Welcome, Koenig."))
    first.close()

    again = RawClient(server.port, mud=False)
    again.prompt()
    again.send_raw(KOENIG + latin)  # the password typed ahead of its question
    again.expect(re.escape(NOT_UTF8_SENTENCE))
    assert again.prompt() == "Password? "
    again.send("secret1")
    again.expect(re.escape("Welcome, Koenig."))
    assert "Wrong password." not in again.text and "is new here" not in again.text
    again.close()


@pytest.mark.e2e
def test_a_client_that_agreed_utf8_gets_no_guess(server: ServerProcess) -> None:
    """A MUD client that agreed UTF-8 (CHARSET and MTTS) and then sends Windows-1252 bytes: the line is not read
    as König, so the name is refused and asked again, never taken for the account König or a new one."""
    client = RawClient(server.port)  # agrees UTF-8, EOR and GMCP
    client.prompt()
    client.drain()
    client.send_raw(KOENIG)
    assert client.prompt() == "Name? "
    assert "password" not in client.text.lower() and "is new here" not in client.text
    client.close()

