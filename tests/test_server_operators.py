"""Operators and reports on the table server (issue 39, ``server/operators.py``, ``server/reporting.py``): the role
from ``--operator``, ban and unban, mute and unmute, broadcast, closing a table, the audit log, and reports;
through the in-process harness, and a ban at the login over real sockets."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from server_helpers import Client, RawClient, ServerProcess
from table_harness import Harness

from commerce_a11y.server.operators import AUDIT, grant


def operator(harness: Harness, name: str = "Oda") -> Client:
    """A person made an operator as ``--operator`` does it, logged in again (the role is read at the login)."""
    client = harness.person(name)
    said: list[str] = []
    grant(harness.server, (name,), (), said.append)
    assert not said
    client.send("quit")
    client.expect("Goodbye.")
    return harness.back(name)


def ends(client: Client) -> bool:
    """Whether the server closes the connection within ten seconds."""
    for _ in range(20):
        if not client.pump(0.5):
            return True
    return client.closed


def audit_lines(harness: Harness) -> list[dict[str, object]]:
    harness.settle()
    path = harness.data / AUDIT
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_only_an_existing_account_is_made_an_operator_and_only_operators_act(harness: Harness) -> None:
    said: list[str] = []
    grant(harness.server, ("Nobody",), (), said.append)
    assert said == ["There is no account Nobody yet: log in with it once, then give it --operator."]
    bob = harness.person("Bob")
    for line in ("ban Oda", "mute Oda", "broadcast hello", "close T", "reports", "unban Oda"):
        bob.send(line)
        bob.expect("Only the server's operators can do that.")
    oda = operator(harness)
    oda.send("help")
    oda.expect("Operators: ban NAME 7d REASON")
    oda.send("ban oda")
    oda.expect("Oda is an operator.")
    grant(harness.server, ("Ida",), (), said.append)  # not yet an account
    grant(harness.server, (), ("Oda",), said.append)
    oda.send("quit")
    oda = harness.back("Oda")
    oda.send("ban Bob")
    oda.expect("Only the server's operators can do that.")


def test_a_ban_ends_the_connection_keeps_the_account_out_until_it_ends_and_is_audited(harness: Harness) -> None:
    oda, bob = operator(harness), harness.person("Bob")
    oda.send("ban bob 2h spam in the lobby")
    oda.expect(r"Bob is banned until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.")
    bob.expect(r"This account is banned until .* UTC: spam in the lobby")
    assert ends(bob)
    again = harness.connect()
    again.prompt()
    again.send("Bob")
    again.prompt()
    again.send("secret1")
    again.expect("This account is banned until")
    assert ends(again)
    harness.advance(2 * 3600 + 1)
    harness.back("Bob").expect("Welcome, Bob.")
    oda = harness.back("Oda")  # idle for two hours: gone
    oda.send("ban Bob for ever")  # no duration: until lifted
    oda.expect("Bob is banned.")
    oda.send("unban bob")
    oda.expect("Bob may log in again.")
    oda.send("unban bob")
    oda.expect("Bob is not banned.")
    lines = audit_lines(harness)
    assert [(line["operator"], line["action"], line["target"]) for line in lines] == [
        ("Oda", "ban", "Bob"), ("Oda", "ban", "Bob"), ("Oda", "unban", "Bob")]
    assert lines[0]["reason"] == "spam in the lobby" and isinstance(lines[0]["until"], float)
    assert lines[1]["reason"] == "for ever" and lines[1]["until"] is None


def test_a_mute_silences_chat_tells_and_invitations_until_it_ends(harness: Harness) -> None:
    oda, cid, dan = operator(harness), harness.person("Cid"), harness.person("Dan")
    oda.send("mute cid 10m")
    cid.expect("An operator muted you until")
    for line in ("say hello", "tell Dan hello"):
        cid.send(line)
        cid.expect("You are muted until")
    cid.send("create commerce name=Mute seats=3")
    cid.prompt()
    cid.send("invite Dan")
    cid.expect("You are muted until")
    dan.drain(1)
    assert "Cid says" not in dan.text and "Cid tells" not in dan.text and "invites you" not in dan.text
    oda.send("unmute cid")
    oda.expect("Cid may speak again.")
    cid.expect("You may speak again.")
    cid.send("tell dan now I can")
    dan.expect("Cid tells you: now I can")
    oda.send("mute Dan 1m")
    oda.expect("Dan is muted until")
    harness.advance(61)
    dan.send("say it ran out")
    oda.expect("Dan says: it ran out")


def test_a_broadcast_reaches_everyone_and_an_operator_closes_a_table(harness: Harness) -> None:
    oda, bob, cid = operator(harness), harness.person("Bob"), harness.person("Cid")
    bob.send("create commerce name=Shut seats=3 bots=easy")
    bob.prompt()
    cid.send("watch Shut")
    cid.prompt()
    oda.send("broadcast The server restarts at ten.")
    for client in (oda, bob, cid):
        client.expect("From the server, Oda: The server restarts at ten.")
    assert ("Comm.Channel.Text", {"channel": "broadcast", "talker": "Oda",
                                  "text": "From the server, Oda: The server restarts at ten."}) in bob.gmcp
    oda.send("close Nowhere")
    oda.expect("There is no table Nowhere.")
    bob.send("start")
    bob.expect("Hand 1.")
    oda.send("close shut")
    oda.expect("Table Shut is closed.")
    for client in (bob, cid):
        client.expect("Oda closed table Shut.")
        client.expect(re.escape("Lobby?"))
    assert harness.server.table("Shut") is None
    assert [line["action"] for line in audit_lines(harness)] == ["broadcast", "close"]


def test_a_report_carries_what_the_reporter_heard_from_that_person_and_operators_read_it(harness: Harness) -> None:
    oda, eve, dan = operator(harness), harness.person("Eve"), harness.person("Dan")
    dan.send("say you are all fools")
    eve.expect("Dan says: you are all fools")
    dan.send("tell eve and you most of all")
    eve.expect("Dan tells you: and you most of all")
    for line, heard in (("report", "Report whom, and why?"), ("report Dan", "Report whom, and why?"),
                        ("report eve rude", "You cannot report yourself."),
                        ("report Zed rude", "There is nobody called Zed.")):
        eve.send(line)
        eve.expect(re.escape(heard))
    eve.send("report dan insults in chat")
    eve.expect("Thank you; the operators will read your report about Dan.")
    oda.expect("A new report about Dan. Say reports to read it.")
    oda.send("reports")
    oda.expect(r"Report 1: Eve about Dan, .* UTC: insults in chat")
    oda.send("reports 1")
    oda.expect("Dan says: you are all fools\nDan tells you: and you most of all")
    oda.send("reports 9")
    oda.expect("There is no report 9 among the latest.")
    dan.drain(1)
    assert "report" not in dan.text.lower()  # the person reported is not told
    harness.settle()
    kept = [json.loads(line) for line in (harness.data / "reports.jsonl").read_text().splitlines()]
    assert kept[0]["heard"] == ["Dan says: you are all fools", "Dan tells you: and you most of all"]


@pytest.mark.e2e
def test_a_ban_at_the_login_over_the_wire(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    try:
        for name in ("Oda", "Bob"):
            first = RawClient(server.port)
            first.login(name)
            first.close()
    finally:
        server.stop()
    server = ServerProcess(tmp_path, "--operator", "oda")
    try:
        oda, bob = RawClient(server.port), RawClient(server.port)
        oda.login("Oda", new=False)
        bob.login("Bob", new=False)
        oda.send("ban Bob 1d cheating")
        bob.expect("This account is banned until .* UTC: cheating")
        assert ends(bob)
        again = RawClient(server.port)
        again.prompt()
        again.send("Bob")
        again.prompt()
        again.send("secret1")
        again.expect("This account is banned until .* UTC: cheating")
        oda.close()
    finally:
        server.stop()
    assert json.loads((tmp_path / AUDIT).read_text().splitlines()[0])["reason"] == "cheating"
