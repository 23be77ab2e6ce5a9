"""People talking to each other on the table server (issue 39, ``server/talk.py``): a tell to one person and the
reply, tells kept for a person who was away, ``ignore``, and GMCP ``Comm.Channel.Text`` for MUD clients; through
the in-process harness, and over real sockets for the wire."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import Client, RawClient, ServerProcess
from table_harness import Harness

from commerce_a11y.server.db.talk import KEPT_PER_RECEIVER, KEPT_PER_SENDER


def channel(client: Client) -> list[dict[str, Any]]:
    return [data for package, data in client.gmcp if package == "Comm.Channel.Text"]


def test_a_tell_reaches_its_one_person_and_the_reply_goes_back(harness: Harness) -> None:
    ann, bob, cid = harness.person("Ann"), harness.person("Bob"), harness.person("Cid")
    ann.send("tell bob  meet   me at table Ann")
    bob.expect("Ann tells you: meet me at table Ann")
    ann.expect("You tell Bob: meet me at table Ann")
    bob.send("reply on my way")
    ann.expect("Bob tells you: on my way")
    bob.expect("You tell Ann: on my way")
    cid.drain(1)
    assert "tell" not in cid.text
    assert channel(bob)[0] == {"channel": "tell", "talker": "Ann", "text": "Ann tells you: meet me at table Ann"}
    assert channel(ann)[-1] == {"channel": "tell", "talker": "Bob", "text": "Bob tells you: on my way"}


def test_a_tell_said_wrong_gets_one_sentence(harness: Harness) -> None:
    ann = harness.person("Ann")
    for line, heard in (("tell", "Tell whom what? For example: tell Anna hello"),
                        ("tell Zed hello", "There is nobody called Zed."),
                        ("tell ann hello", "You cannot tell yourself."),
                        ("reply hello", "Nobody has told you anything yet."),
                        ("ignore Zed", "There is nobody called Zed."),
                        ("ignore ANN", "You cannot ignore yourself."),
                        ("unignore Zed", "You do not ignore Zed."),
                        ("ignore", "You ignore nobody.")):
        ann.send(line)
        ann.expect(re.escape(heard))
        ann.prompt()


def test_a_tell_to_someone_away_is_kept_and_told_once_at_their_next_login(harness: Harness) -> None:
    dan = harness.person("Dan")
    dan.send("quit")
    dan.expect("Goodbye.")
    ann = harness.person("Ann")
    ann.send("tell dan the match is at eight")
    ann.expect("Dan is not online; they hear it at their next login.")
    dan = harness.back("Dan")
    dan.expect("While you were away, Ann told you: the match is at eight")
    assert channel(dan)[0]["talker"] == "Ann"
    dan.send("reply see you")
    ann.expect("Dan tells you: see you")
    dan.send("quit")
    dan.expect("Goodbye.")
    dan = harness.back("Dan")
    dan.drain(1)
    assert "While you were away" not in dan.text  # told once


def test_kept_tells_are_bounded_per_sender_and_per_receiver(harness: Harness) -> None:
    away = [f"Away{n}" for n in range(KEPT_PER_SENDER + 1)]
    for name in [*away, "Eve"]:
        person = harness.person(name)
        person.send("quit")
        person.expect("Goodbye.")
    ann = harness.person("Ann")
    for number, name in enumerate(away):
        if number and number % 5 == 0:
            harness.advance(11)  # the chat's budget: five in any ten seconds
        ann.send(f"tell {name} hello")
        ann.prompt()
    ann.expect("You have too many messages waiting for others")
    assert ann.text.count("is not online") == KEPT_PER_SENDER
    senders = [harness.person(f"Sender{n}") for n in range(KEPT_PER_RECEIVER // 5 + 1)]
    harness.advance(11)
    for number, sender in enumerate(senders):
        for _ in range(5):
            sender.send("tell Eve hello")
            sender.prompt()
        if number == len(senders) - 1:
            sender.expect("Eve has too many messages waiting; try again later.")
    eve = harness.back("Eve")
    eve.drain(1)
    assert eve.text.count("While you were away") == KEPT_PER_RECEIVER


def test_an_ignored_person_reaches_nobody_who_ignores_them_and_is_not_told(harness: Harness) -> None:
    ann, bob, cid = harness.person("Ann"), harness.person("Bob"), harness.person("Cid")
    bob.send("ignore ann")
    bob.expect("You ignore Ann: their chat and tells no longer reach you.")
    ann.send("say hello all")
    cid.expect("Ann says: hello all")
    ann.send("tell bob hello")
    ann.expect("You tell Bob: hello")  # as if it had reached Bob
    bob.send("ignore")
    bob.expect("You ignore: Ann.")
    bob.drain(1)
    assert "Ann says" not in bob.text and "Ann tells" not in bob.text
    bob.send("quit")  # kept with the account
    bob.expect("Goodbye.")
    ann.send("tell bob are you there")
    ann.expect("Bob is not online; they hear it at their next login.")
    bob = harness.back("Bob")
    bob.send("ignore")
    bob.expect("You ignore: Ann.")
    assert "While you were away" not in bob.text
    bob.send("unignore ANN")
    bob.expect("You hear Ann again.")
    harness.advance(11)
    ann.send("say hello again")
    bob.expect("Ann says: hello again")


def test_at_a_table_an_ignored_persons_moves_are_told_but_not_their_chat(harness: Harness) -> None:
    ann, bob = harness.person("Ann"), harness.person("Bob")
    bob.send("ignore Ann")
    bob.prompt()
    ann.send("create commerce name=Talk seats=3 bots=easy")
    ann.prompt()
    bob.send("join Talk")
    bob.prompt()
    ann.send("say welcome")
    ann.expect("Ann says: welcome")
    ann.send("start")
    bob.expect("Hand 1.")
    bob.drain(1)
    assert "Ann says" not in bob.text
    assert "Ann" in bob.text.split("Hand 1.")[0]  # the match names Ann: her moves are the game's
    assert channel(ann)[0] == {"channel": "table", "talker": "Ann", "text": "Ann says: welcome"}


@pytest.mark.e2e
def test_tells_and_chat_come_as_comm_channel_text_over_the_wire(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    try:
        ann, bob = RawClient(server.port), RawClient(server.port, mud=False)
        ann.login("Ann")
        bob.login("Bob")
        bob.send("tell Ann hello from a plain telnet")
        ann.expect("Bob tells you: hello from a plain telnet")
        ann.send("say hi")
        ann.expect("Ann says: hi")
        bob.expect("Ann says: hi")
        assert channel(ann) == [
            {"channel": "tell", "talker": "Bob", "text": "Bob tells you: hello from a plain telnet"},
            {"channel": "lobby", "talker": "Ann", "text": "Ann says: hi"}]
        assert not bob.gmcp  # no GMCP agreed: the lines alone
        ann.close()
        bob.close()
    finally:
        server.stop()


PEOPLE = ("Ann", "Bob", "Cid")
ACTIONS = st.lists(st.tuples(st.sampled_from(("say", "tell", "ignore", "unignore")), st.sampled_from(PEOPLE),
                             st.sampled_from(PEOPLE)), min_size=1, max_size=12)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ACTIONS)
def test_what_an_ignored_person_says_never_reaches_who_ignores_them(actions: list[tuple[str, str, str]]) -> None:
    """Any order of chat, tells, ignore and unignore among three people in the lobby: a line of someone's chat or
    tell reaches a person exactly when that person does not ignore them at that moment."""
    with tempfile.TemporaryDirectory() as folder, Harness(Path(folder)) as harness:
        clients = {name: harness.person(name) for name in PEOPLE}
        ignoring: dict[str, set[str]] = {name: set() for name in PEOPLE}
        for number, (verb, who, whom) in enumerate(actions):
            harness.advance(6)  # within the budgets of chat (5 in 10 s) and of changes (10 in 60 s)
            line = f"m{number}"
            client = clients[who]
            client.send({"say": f"say {line}", "tell": f"tell {whom} {line}"}.get(verb, f"{verb} {whom}"))
            client.prompt()
            if verb == "ignore" and whom != who:
                ignoring[who].add(whom)
            elif verb == "unignore":
                ignoring[who].discard(whom)
            harness.settle()
            for name, listener in clients.items():
                if name == who:
                    continue
                reached = f": {line}\n" in listener.text
                meant = verb == "say" or (verb == "tell" and whom == name)
                assert reached == (meant and who not in ignoring[name]), (verb, who, whom, name)
