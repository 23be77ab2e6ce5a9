"""Floods that must cost nobody else (issue 35, items 2, 3, 4, 6, 7 and 9), in process (``table_harness``): the
server's own connections, sessions, lobby and store, driven by clients that speak telnet without a socket, on a
virtual clock (a budget's window passes at once). The same attacks over real sockets are in
``test_server_floods_wire.py``."""

from __future__ import annotations

import re
from collections.abc import Hashable
from pathlib import Path

from server_helpers import Client
from table_harness import Harness

from commerce_a11y.server import invites
from commerce_a11y.server.allowances import Work
from commerce_a11y.server.limits import Limits
from commerce_a11y.server.peer import PACKAGES
from commerce_a11y.wire import telnet as t

GMCP_LIMIT = Work.GMCP.rate.limit
SETTING_LIMIT = Work.SETTING.rate.limit
CHAT_LIMIT = Work.CHAT.rate.limit


def server_conn(harness: Harness, client: Client) -> object:
    """The server's end of ``client``'s connection."""
    return client.conn  # type: ignore[attr-defined]


def count(client: Client, text: str) -> int:
    return client.text.count(text)


def until_said(client: Client, text: str, times: int, limit: float = 120) -> None:
    """Read until ``text`` came ``times`` times (within ``limit`` of the client's seconds)."""
    deadline = client.clock() + limit
    while count(client, text) < times:
        assert client.clock() < deadline and client.pump(0.2), client.text[-1500:]


# ----- item 2: Core.Supports and GMCP of any kind -----


def test_a_supports_flood_keeps_only_the_packages_the_server_sends(tmp_path: Path) -> None:
    """5,000 ``Core.Supports.Add`` messages of new names, then the same as one list of 100,000: the client's set
    holds only packages the server sends, and only the GMCP budget's worth of messages is read at all."""
    with Harness(tmp_path / "data") as harness:
        client = harness.connect(telnet=True)
        client.prompt()
        for number in range(5000):
            client.send_raw(t.gmcp_bytes("Core.Supports.Add", [f"Made.Up{number} 1", "Commerce 1"]))
        client.send_raw(t.gmcp_bytes("Core.Supports.Set", [f"P{n} 1" for n in range(100_000)]))
        harness.settle()
        conn = server_conn(harness, client)
        supports = conn.declared.supports  # type: ignore[attr-defined]
        assert supports is not None and supports <= PACKAGES
        assert supports == {"commerce"}  # the Set came over budget: unread


def test_gmcp_beyond_its_budget_is_dropped_unread_and_the_budget_is_the_addresses(tmp_path: Path) -> None:
    """Pings answered: the budget's worth within its window, on this connection and on a second one from the same
    address; a fresh window answers again."""
    with Harness(tmp_path / "data") as harness:
        first, second = harness.connect(telnet=True), harness.connect(telnet=True)
        for client in (first, second):
            client.prompt()
        for _ in range(GMCP_LIMIT * 3):
            first.send_raw(t.gmcp_bytes("Core.Ping"))
        first.drain(0.5)
        for _ in range(10):
            second.send_raw(t.gmcp_bytes("Core.Ping"))
        second.drain(0.5)
        pings = [len([m for m in c.gmcp if m[0] == "Core.Ping"]) for c in (first, second)]
        assert pings == [GMCP_LIMIT - 2, 0]  # each client's Core.Hello, as it agreed to GMCP, counted too
        harness.advance(Work.GMCP.rate.window + 1)
        second.send_raw(t.gmcp_bytes("Core.Ping"))
        second.drain(0.5)
        assert len([m for m in second.gmcp if m[0] == "Core.Ping"]) == 1


# ----- item 3: settings written, by GMCP, typed in the lobby, by a table's host -----


def test_a_settings_flood_writes_the_budgets_worth_once_each_and_says_so_once(tmp_path: Path) -> None:
    with Harness(tmp_path / "data") as harness:
        flooder = harness.person("Flo", telnet=True)
        store = harness.server.store.core
        made: list[object] = []
        latest = store._make_latest

        def counted(row: Hashable) -> None:
            made.append(row)
            latest(row)

        store._make_latest = counted  # type: ignore[method-assign]
        for number in range(2000):
            flooder.send_raw(t.gmcp_bytes("Commerce.Settings", {"verbosity": "brief" if number % 2 else "normal"}))
        bystander = harness.connect()
        bystander.login("Bea")  # a new account while the flood is read
        bystander.send("create commerce")
        bystander.expect("you are the host")
        flooder.drain(0.5)
        harness.settle()
        assert 1 <= len([row for row in made if row[0] == "settings"]) <= SETTING_LIMIT
        assert count(flooder, "Too many changes at once; wait a minute.") == 1
        assert len(store.waiting) == 0


def test_settings_typed_in_the_lobby_are_confirmed_within_the_budget_then_refused_once(tmp_path: Path) -> None:
    with Harness(tmp_path / "data") as harness:
        client = harness.person("Tia")
        for number in range(40):
            client.send("verbosity brief" if number % 2 else "verbosity normal")
        until_said(client, "Lobby? ", 41)
        said = len(re.findall(r"Verbosity: (brief|normal)\.", client.text))
        assert said == SETTING_LIMIT
        assert count(client, "Too many changes at once; wait a minute.") == 1


def test_a_hosts_repeated_table_settings_reach_the_table_within_the_budget(tmp_path: Path) -> None:
    with Harness(tmp_path / "data") as harness:
        host, guest = harness.person("Hal"), harness.person("Gil")
        host.send("create commerce name=Set seats=4")
        host.prompt()
        guest.send("join Set")
        guest.prompt()
        asked = count(host, "Table Set? ")
        for number in range(50):
            host.send("set hints=on" if number % 2 else "set hints=off")
        until_said(host, "Table Set? ", asked + 50)
        guest.drain(0.5)
        heard = len(re.findall(r"Hints: o(n|ff)\.", guest.text))
        assert heard == SETTING_LIMIT
        assert count(host, "Too many changes at once; wait a minute.") == 1
        assert count(guest, "Too many changes") == 0


def test_lines_over_their_budget_wait_and_none_is_lost(tmp_path: Path) -> None:
    """Lines typed faster than ``Work.LINE`` allows are answered later, every one."""
    limit = Work.LINE.rate.limit
    with Harness(tmp_path / "data") as harness:
        client = harness.person("Lin")
        for _ in range(limit + 20):
            client.send("who")
            client.drain(0.01)
        until_said(client, "Lobby? ", limit + 21)
        assert count(client, "Online: 1 person.") == limit + 20


# ----- item 4: chat by account -----


def test_the_chat_allowance_is_the_accounts_and_logging_in_again_keeps_it(tmp_path: Path) -> None:
    with Harness(tmp_path / "data") as harness:
        talker, listener = harness.person("Tom"), harness.person("Lis")
        for number in range(CHAT_LIMIT):
            talker.send(f"say hello {number}")
            talker.prompt()
        talker.send("quit")
        talker.drain(0.2)
        again = harness.connect()
        again.login("Tom", new=False)
        for number in range(20):
            again.send(f"say more {number}")
        again.drain(1.0)
        listener.drain(0.5)
        assert count(listener, "Tom says:") == CHAT_LIMIT
        assert count(again, "Too many messages; wait a moment.") == 1
        harness.advance(Work.CHAT.rate.window + 1)
        again.send("say later")
        listener.expect("Tom says: later")


# ----- item 6: blanks in chat -----


def test_chat_padded_with_blanks_reaches_everyone_with_single_spaces(tmp_path: Path) -> None:
    with Harness(tmp_path / "data") as harness:
        talker, listener = harness.person("Sam"), harness.person("Lou")
        for blanks in (" " * 120, "\u00a0" * 80, "\u3000" * 50, "\u2003" * 60, "\u2800" * 70, "\t \u2800 \u3000"):
            talker.send(f"say hi{blanks}Anna knocks.{blanks}")
            listener.expect(r"Sam says: hi Anna knocks\.\n")
            harness.advance(Work.CHAT.rate.window)  # six lines: the chat budget's window passes between them
        assert "  " not in listener.text


# ----- item 7: invite codes -----


def test_an_invite_code_is_long_reads_well_and_its_guesses_are_counted(tmp_path: Path) -> None:
    with Harness(tmp_path / "data") as harness:
        host = harness.person("Hil")
        host.send("create commerce name=Hidden seats=4 private=yes")
        code = host.expect(r"invite code is \w+").split()[-1]
        assert len(code) == invites.LENGTH and set(code) <= set(invites.ALPHABET)
        guesser = harness.person("Gus2")
        wrong = "22222222" if code != "22222222" else "33333333"
        for _ in range(Work.CODE.rate.limit):
            guesser.send(f"watch Hidden {wrong}")
            guesser.expect("That is not the invite code of table Hidden.")
        guesser.send(f"watch Hidden {code}")  # the right one too, once the budget is spent: never compared
        guesser.expect("Too many wrong invite codes; try again in a few minutes.")
        other = harness.person("Ola")  # another account from the same address: the address's budget is spent
        other.send(f"join Hidden {code}")
        other.expect("Too many wrong invite codes")
        elsewhere = harness.connect(host="192.0.2.7")
        elsewhere.login("Eve")
        elsewhere.send(f"join Hidden {code.upper()[:4]}-{code.upper()[4:]}")  # as a person may type it
        elsewhere.expect("You sit at table Hidden")
        harness.advance(Work.CODE.rate.window + 1)
        guesser.send(f"join Hidden {code}")
        guesser.expect("You sit at table Hidden")


# ----- item 9: every line at the name question counts -----


def test_every_line_given_at_the_name_question_counts_against_the_logins_a_minute(tmp_path: Path) -> None:
    with Harness(tmp_path / "data", Limits(logins=20)) as harness:
        client = harness.connect()
        client.prompt()
        for number in range(25):
            client.send(["", "x" * 2000, "   ", "\u200b"][number % 4])
        client.expect("Too many logins from your address; try again in a minute.")
        client.drain(0.5)
        assert client.closed
        assert count(client, "Name?") == 21  # the first question, and again after each of the 20 lines taken
