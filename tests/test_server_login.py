"""Logging in to a real server through raw connections from several loopback addresses (issue 23): lookalike names
never take a seat (item 1), parallel guesses are counted before they are checked (item 3), a stranger's guesses
never shut the owner out (item 4), a password that is not UTF-8 is refused (item 5), and slow connections that
never log in hold only their share of the server and lose it at the login's deadline (item 8).

Linux routes all of 127.0.0.0/8 to the loopback device, so a client binds to 127.0.0.N to come from address N."""

from __future__ import annotations

import contextlib
import re
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from server_helpers import RawClient, ServerProcess

from commerce_a11y.server.guesses import ACCOUNT_GUESSES
from commerce_a11y.wire import telnet as t

pytestmark = [pytest.mark.e2e,  # every test here starts a server: logins as an attacker tries them, over sockets
              pytest.mark.skipif(sys.platform != "linux", reason="clients from several loopback addresses: Linux")]

KELVIN_KIM, LONG_S_SAM, FI_FIONA = "\u212aim", "\u017fam", "\ufb01ona"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("login"), "--per-address", "20", "--login-per-address", "10",
                            "--max-connections", "300", "--login-connections", "200", "--logins-per-minute", "1000")
    yield process
    process.stop()


def log_of(server: ServerProcess, until: Callable[[str], bool] = lambda log: True, timeout: float = 30) -> str:
    """The server's log, once ``until(log)`` holds (the server writes its lines as it goes: a test waits for the
    ones it looks for, rather than for a while)."""
    deadline = time.monotonic() + timeout
    while not until(log := (server.data / "server.log").read_text(encoding="utf-8")) and time.monotonic() < deadline:
        time.sleep(0.02)
    return log


def asked(client: RawClient) -> str:
    """The next question's kind (GMCP ``Commerce.Ask``)."""
    client.prompt()
    return client.kinds[client.prompt_seen - 1]


def test_lookalike_names_ask_the_owners_password_and_never_throw_the_owner_out(server: ServerProcess) -> None:
    """Issue 23, item 1: Kim with the Kelvin sign, JÖRG for Jörg, the long s for Sam, the fi ligature for Fiona:
    the newcomer is asked the owner's password (never "is new here"), their own password is wrong, and the owner
    stays in their seat; with the owner's password the lookalike spelling is the owner's own account."""
    owners = {"Kim": KELVIN_KIM, "Jörg": "JÖRG", "Sam": LONG_S_SAM, "Fiona": FI_FIONA}
    clients = {}
    for name in owners:
        clients[name] = RawClient(server.port, source="127.0.0.2")
        clients[name].login(name, "owners-secret")
    kim = clients["Kim"]
    kim.send("create commerce name=Kimstable seats=3 bots=easy")
    kim.expect("you are the host")
    for owner, lookalike in owners.items():
        stranger = RawClient(server.port, source="127.0.0.30")
        stranger.prompt()
        stranger.send(lookalike)
        assert asked(stranger) == "password", owner
        stranger.send("strangers-own")
        stranger.expect("Wrong password.")
        assert "is new here" not in stranger.text and "Welcome" not in stranger.text
        stranger.close()
    for name, client in clients.items():
        client.send("who")
        client.expect("Online: ")
        assert "logged in elsewhere" not in client.text, name
    kim.send("start")
    kim.expect(r"Commerce|Hand 1")
    same = RawClient(server.port, source="127.0.0.31")
    same.login(FI_FIONA, "owners-secret", new=False)
    same.expect("Welcome, Fiona.")
    clients["Fiona"].expect("You logged in elsewhere; goodbye.")
    assert log_of(server).count("new account ") == len(owners)  # no lookalike made an account
    for client in (*clients.values(), same):
        client.close()


def test_new_names_refused_over_the_wire_each_with_one_sentence_then_the_name_again(server: ServerProcess) -> None:
    """Issue 23, item 1: a mixed-script name, a fullwidth one, one with a Hangul filler and one like an account
    that exists are refused before any password; one log line each, never the name typed."""
    owner = RawClient(server.port, source="127.0.0.2")
    owner.login("Ian", "ians-secret")
    client = RawClient(server.port, source="127.0.0.32")
    client.prompt()
    for name, sentence in [("\u0410nna", "Choose a name in one alphabet, for example Anna."),
                           ("\uff31uentin", "Type the name in ordinary letters, not in wide, joined or symbol forms."),
                           ("Mia\u3164", "That name holds invisible characters; type it with visible letters only."),
                           ("lan", "That name looks or sounds like Ian; choose another."),
                           # issue 35, item 1: one name, one voice
                           ("Ian-", "That name looks or sounds like Ian; choose another."),
                           ("\u00cd\u00e0n", "That name looks or sounds like Ian; choose another."),
                           ("\u026aan",
                            "Choose a name in everyday letters, without phonetic letters or small capitals."),
                           ("Y\u00f3u", "That name sounds like You, the game's word for the player; choose another."),
                           ("\u00c1nna", "That name sounds like Anna, a computer player's name; choose another.")]:
        client.send(name)
        client.expect(re.escape(sentence))
        assert asked(client) == "name"
    assert "is new here" not in client.text
    client.close()
    owner.close()
    log = log_of(server, lambda log: log.count("refused 127.0.0.32: a new name") >= 9)
    assert log.count("refused 127.0.0.32: a new name") == 9
    assert "\uff31uentin" not in log and "Mia\u3164" not in log


def test_table_names_have_one_identity_and_a_lookalike_is_refused(server: ServerProcess) -> None:
    """Issue 23, item 1: a table is found by its name's identity (``join`` and ``watch`` in any case or width), and
    a new table may not be called like an existing one."""
    host, guest, other = (RawClient(server.port, source="127.0.0.6") for _ in range(3))
    host.login("Hilde", "hildes-secret")
    guest.login("Gerda", "gerdas-secret")
    other.login("Olaf", "olafs-secret")
    host.send("create commerce name=Ida seats=3")
    host.expect("Table Ida: ")
    for name in ("IDA", "lda", "\u0399da"):  # the same identity, a small L, a Greek capital iota
        other.send(f"create commerce name={name}")
        other.expect(r"There is a table Ida already; choose another name\.|Choose a name in one alphabet")
        other.prompt()
    assert other.text.count("There is a table Ida already") == 2
    guest.send("join \uff29\uff24\uff21")  # fullwidth
    guest.expect("You sit at table Ida, seat 2")
    other.send("watch iDA")
    other.expect("You watch table Ida.")
    for client in (host, guest, other):
        client.close()


def test_parallel_guesses_are_counted_before_they_are_checked(server: ServerProcess) -> None:
    """Issue 23, item 3: 100 connections from 10 addresses all reach the password question, 99 guess wrong at
    once: only the budget's worth of passwords is checked, and the right password after them does not get in."""
    owner = RawClient(server.port, source="127.0.0.3")
    owner.login("Olga", "olgas-secret")
    owner.close()
    clients = [RawClient(server.port, source=f"127.0.0.{10 + n % 10}") for n in range(100)]
    for client in clients:
        client.prompt()
        client.send("Olga")
    for client in clients:
        assert asked(client) == "password"
    for n, client in enumerate(clients[:-1]):
        client.send(f"guess-{n}")
    for client in clients[:-1]:
        client.expect("Wrong password.|Too many wrong passwords for Olga")
    last = clients[-1]
    last.send("olgas-secret")
    last.expect("Too many wrong passwords for Olga; try again in a few minutes.")
    checked = sum("Wrong password." in client.text for client in clients)
    assert checked == ACCOUNT_GUESSES
    assert "Welcome" not in last.text
    for client in clients:
        client.close()
    log = log_of(server, lambda log: len(re.findall(r"failed login \S+ Olga\n", log)) >= checked)
    assert len(re.findall(r"failed login \S+ Olga\n", log)) == checked


def test_a_strangers_wrong_guesses_never_shut_the_owner_out(server: ServerProcess) -> None:
    """Issue 23, item 4: after a stranger's five wrong guesses (from another address, at once), strangers are
    refused for that account, and the owner, from the address they logged in from before, gets in at once with
    the right password."""
    owner = RawClient(server.port, source="127.0.0.4")
    owner.login("Petra", "petras-secret")
    owner.close()
    strangers = [RawClient(server.port, source="127.0.0.40") for _ in range(ACCOUNT_GUESSES)]
    for stranger in strangers:
        stranger.prompt()
        stranger.send("Petra")
        assert asked(stranger) == "password"
    for n, stranger in enumerate(strangers):
        stranger.send(f"guess-{n}")
    for stranger in strangers:
        stranger.expect("Wrong password.")
    another = RawClient(server.port, source="127.0.0.41")
    another.prompt()
    another.send("Petra")
    another.expect("Too many wrong passwords for Petra; try again in a few minutes.")
    assert asked(another) == "name"
    back = RawClient(server.port, source="127.0.0.4")
    back.login("Petra", "petras-secret", new=False)
    back.expect("Welcome, Petra.")
    assert "Too many" not in back.text
    for client in (*strangers, another, back):
        client.close()


def test_a_password_that_is_not_utf8_is_refused_and_asked_again(server: ServerProcess) -> None:
    """Issue 23, item 5: Kätzchen-Öl-ß1 sent as Latin-1 (for a new account, to log in, and typed ahead of the
    question) is refused with one sentence and the same question again; it is never hashed, so no other high
    bytes in those places get in, and a wrong guess is not counted for it."""
    secret = "Kätzchen-Öl-ß1"
    latin = t.escape(secret.encode("latin-1")) + b"\r\n"
    refusal = "That password is not valid UTF-8 text; set your client to UTF-8."
    new = RawClient(server.port, source="127.0.0.5")
    new.prompt()
    new.send("Katrin")
    assert asked(new) == "new-password"
    new.send_raw(latin)
    new.expect(re.escape(refusal))
    assert asked(new) == "new-password"
    new.send(secret)
    assert asked(new) == "confirm"
    new.send(secret)
    new.expect("Welcome, Katrin.")
    new.close()

    again = RawClient(server.port, source="127.0.0.5")
    again.prompt()
    again.send("Katrin")
    for wrong in (latin, b"K\xe9tzchen-\xc4l-\xfc1\r\n"):
        assert asked(again) == "password"
        again.send_raw(wrong)
        again.expect(re.escape(refusal))
    assert asked(again) == "password"
    again.send(secret)
    again.expect("Welcome, Katrin.")
    assert "Wrong password." not in again.text
    again.close()

    ahead = RawClient(server.port, source="127.0.0.5")
    ahead.prompt()
    ahead.send_raw(b"Katrin\r\n" + latin)
    ahead.expect(re.escape(refusal))
    assert "Welcome" not in ahead.text and "Wrong password." not in ahead.text
    ahead.close()
    assert secret not in log_of(server)


class Slow:
    """A connection that never logs in: a byte now and then, never a line end."""

    def __init__(self, port: int, source: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        self.sock.setblocking(False)
        self.heard = b""
        self.closed = False

    def drip(self) -> None:
        self.read()
        if not self.closed:
            with contextlib.suppress(OSError):
                self.sock.send(b"x")

    def read(self) -> None:
        while not self.closed:
            try:
                data = self.sock.recv(65536)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self.closed = True
                self.sock.close()
                return
            self.heard += data


def test_slow_connections_hold_only_their_share_and_a_stranger_logs_in(tmp_path: Path) -> None:
    """Issue 23, item 8: 100 connections from 50 addresses sending a byte every second, never a line end: a
    stranger from another address still connects, logs in and reaches the lobby; the slow ones hold at most their
    share (a fifth of --max-connections) and each is closed with one sentence, when its place goes to a newcomer or
    at the login's deadline."""
    small = ServerProcess(tmp_path / "data", "--max-connections", "60", "--login-time", "6")
    slow: list[Slow] = []
    try:
        for n in range(100):
            slow.append(Slow(small.port, f"127.0.1.{1 + n % 50}"))
            if n % 10 == 9:
                for connection in slow:
                    connection.drip()
        stranger = RawClient(small.port, source="127.0.2.1")
        stranger.login("Nadia", "nadias-secret")
        stranger.expect("Welcome, Nadia.")
        stranger.send("who")
        stranger.expect("Nadia in the lobby")
        share = 60 // 5
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not all(connection.closed for connection in slow):
            for connection in slow:
                connection.drip()
            time.sleep(1)
        assert all(connection.closed for connection in slow)
        evicted = [c for c in slow if b"Too many people are logging in at once; connect again to log in." in c.heard]
        late = [c for c in slow if b"You did not log in within 6 seconds; goodbye." in c.heard]
        assert len(evicted) + len(late) == len(slow)
        assert 1 <= len(late) <= share - 1  # the stranger took one of the share's places
        stranger.send("who")
        stranger.expect("Nadia in the lobby")  # logged in, the deadline is not theirs
        stranger.close()
    finally:
        for connection in slow:
            with contextlib.suppress(OSError):
                connection.sock.close()
        small.stop()
