"""Friends, invitations and a host's kick on the table server (issue 39, ``server/friends.py``, ``server/kicks.py``),
through the in-process harness, and a kick over real sockets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from server_helpers import Client, RawClient, ServerProcess
from table_harness import Harness


def leave(client: Client) -> None:
    client.send("quit")
    client.expect("Goodbye.")


def test_friends_come_and_go_are_listed_where_they_are_and_named_first_by_who(harness: Harness) -> None:
    ann, bob = harness.person("Ann"), harness.person("Bob")
    for line, heard in (("friend bob", "Bob is your friend: you hear when they come and go."),
                        ("friend BOB", "Bob is your friend already."),
                        ("friend ann", "You are your own friend already."),
                        ("friend Zed", "There is nobody called Zed."),
                        ("unfriend Cid", "Cid is not your friend.")):
        ann.send(line)
        ann.expect(re.escape(heard))
        ann.prompt()
    ann.send("friends")
    ann.expect("Bob is in the lobby.")
    leave(bob)
    ann.expect("Your friend Bob has left.")
    ann.send("friends")
    ann.expect("Not online: Bob.")
    bob = harness.back("Bob")
    ann.expect("Your friend Bob is online.")
    bob.send("create commerce name=Bobs seats=3 bots=easy")
    bob.prompt()
    ann.send("friends")
    ann.expect("Bob is at table Bobs.")
    for name in ("Abe", "Aby"):
        harness.person(name)
    ann.send("who")
    ann.expect(r"Online: 4 people\.\nBob at table Bobs")  # a friend first, though others come before by name
    bob.drain(1)
    assert "Ann" not in bob.text.split("Welcome, Bob")[-1]  # nobody is told they were made a friend
    ann.send("friends off")
    ann.expect("You no longer hear when friends come and go.")
    leave(bob)
    ann.send("friends")
    ann.expect("Not online: Bob.")
    assert "Your friend Bob has left." not in ann.text.split("You no longer hear")[-1]
    leave(ann)
    harness.settle()  # the account's settings written
    ann = harness.back("Ann")  # the setting and the list are kept with the account
    bob = harness.back("Bob")
    ann.send("friends")
    ann.expect("Bob is at table Bobs.")  # back at his table, which waits for him
    assert "Your friend Bob is online." not in ann.text
    ann.send("unfriend bob")
    ann.expect("Bob is no longer your friend.")


def test_an_invitation_lets_a_person_into_a_private_table(harness: Harness) -> None:
    ann, bob, cid = harness.person("Ann"), harness.person("Bob"), harness.person("Cid")
    ann.send("invite Bob")
    ann.expect("Join a table first.")
    ann.send("create commerce name=Quiet seats=3 private=yes")
    ann.prompt()
    bob.send("join Quiet")
    bob.expect("Table Quiet is private")
    ann.send("invite bob")
    ann.expect("You invite Bob to table Quiet.")
    bob.expect("Ann invites you to table Quiet. To sit down: join Quiet")
    bob.send("join Quiet")
    bob.expect("You sit at table Quiet, seat 2")
    cid.send("ignore Bob")
    cid.prompt()
    bob.send("invite cid")
    bob.expect("You invite Cid to table Quiet.")  # as if it had reached Cid
    cid.drain(1)
    assert "invites you" not in cid.text
    cid.send("join Quiet")
    cid.expect("Table Quiet is private")  # a guest's invitation opens no private table


def test_a_host_asks_a_person_to_leave_and_only_an_invitation_brings_them_back(harness: Harness) -> None:
    ann, bob, cid = harness.person("Ann"), harness.person("Bob"), harness.person("Cid")
    ann.send("create commerce name=Home seats=3 bots=easy")
    ann.prompt()
    bob.send("join Home")
    bob.prompt()
    cid.send("watch Home")
    cid.prompt()
    bob.send("kick Cid")
    bob.expect("Only the host, Ann, can ask someone to leave.")
    ann.send("kick ann")
    ann.expect("You cannot ask yourself to leave.")
    ann.send("kick Zed")
    ann.expect("Zed is not at table Home.")
    ann.send("kick cid")
    cid.expect("Ann asked you to leave table Home; you are in the lobby.")
    ann.expect("Ann asked Cid to leave the table.")
    cid.send("watch Home")
    cid.expect("The host of table Home asked you to leave it; only an invitation brings you back.")
    ann.send("start")
    bob.expect("Hand 1.")
    ann.send("kick Bob")
    bob.expect("Ann asked you to leave table Home; you are in the lobby.")
    ann.expect("the computer plays for Bob")
    bob.send("join Home")
    bob.expect("asked you to leave it")
    leave(bob)
    bob = harness.back("Bob")
    bob.drain(1)
    assert "Back at table Home" not in bob.text  # the seat is the computer's now
    ann.send("invite Bob")
    bob.expect("Ann invites you to table Home")
    bob.send("join Home")
    bob.expect("Back at table Home.")


def test_a_person_away_is_asked_to_leave_and_the_computer_plays_their_seat(harness: Harness) -> None:
    ann, bob = harness.person("Ann"), harness.person("Bob")
    ann.send("create commerce name=Home seats=3 bots=easy")
    ann.prompt()
    bob.send("join Home")
    bob.prompt()
    ann.send("start")
    bob.expect("Hand 1.")
    bob.close()
    ann.expect("Bob has lost the connection")
    ann.send("kick bob")
    ann.expect("Ann asked Bob to leave the table.")
    table = harness.server.table("Home")
    assert table is not None and 1 in table.standin and not table.timers


@pytest.mark.e2e
def test_a_kick_over_the_wire(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    try:
        ann, bob = RawClient(server.port), RawClient(server.port, mud=False)
        ann.login("Ann")
        bob.login("Bob")
        ann.send("create commerce name=Wire seats=3")
        ann.prompt()
        bob.send("join Wire")
        bob.expect("You sit at table Wire")
        ann.send("kick Bob")
        bob.expect("Ann asked you to leave table Wire; you are in the lobby.")
        bob.expect("Lobby?")
        bob.send("join Wire")
        bob.expect("only an invitation brings you back")
        ann.close()
        bob.close()
    finally:
        server.stop()
