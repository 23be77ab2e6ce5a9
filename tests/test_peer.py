"""Issue 37, part 1: the seams every peer shares, alone: what a client declared (``peer.Declared``, read once), the
bounded inbox and the last line of defence (``intake.py``), and the fake peer the table harness drives sessions
with answering to the ``Peer`` protocol as the telnet peer does."""

from __future__ import annotations

import asyncio
from typing import Any

from fake_peer import FakePeer

from commerce_a11y.server.intake import INPUT_QUEUE, Inbox, give_up
from commerce_a11y.server.peer import PACKAGES, Declared, Refused
from commerce_a11y.wire.asks import AskKind


def test_a_client_that_declares_nothing_gets_every_package_but_the_ones_made_after_declaring_was_read() -> None:
    nothing = Declared()
    assert nothing.wants("Commerce.Status") and nothing.wants("Commerce.Record") and nothing.wants("Core.Goodbye")
    assert not nothing.wants("Commerce.Cue") and not nothing.records


def test_core_supports_set_add_and_remove_keep_only_the_packages_the_server_sends() -> None:
    made_up = [f"Made.Up{n} 1" for n in range(100)]
    declared = Declared().supporting("core.supports.set", ["Commerce.Status 1", *made_up])
    assert declared.supports == {"commerce.status"} and declared.supports <= PACKAGES
    assert declared.wants("Commerce.Status") and not declared.wants("Commerce.Ask") and declared.wants("Core.Ping")
    declared = declared.supporting("core.supports.add", ["Commerce 1", "Commerce.Record 1"])
    assert declared.wants("Commerce.Cue") and declared.records  # "Commerce" holds every Commerce package
    declared = declared.supporting("core.supports.remove", ["Commerce.Record"])
    assert not declared.records and declared.wants("Commerce.Record")  # still part of the "Commerce" declared
    assert Declared().supporting("core.supports.remove", ["Commerce 1"]).supports is None  # a Remove first: all on
    for odd in ({}, "Commerce 1", None, [1, None, "", " "]):
        assert Declared().supporting("core.supports.set", odd).supports in (None, frozenset())
    assert Declared().supporting("commerce.settings", ["Commerce 1"]) == Declared()


def test_the_inbox_holds_reading_from_half_full_and_drops_what_is_beyond_it_said_once() -> None:
    holds: list[bool] = []

    async def run() -> list[Any]:
        inbox: Inbox[str] = Inbox(holds.append)
        for number in range(INPUT_QUEUE + 10):
            inbox.put(str(number))
        inbox.end()
        return [await inbox.next() for _ in range(INPUT_QUEUE + 3)]

    read = asyncio.run(run())
    assert read[:INPUT_QUEUE] == [str(n) for n in range(INPUT_QUEUE)]
    assert read[INPUT_QUEUE:] == [Refused.DROPPED, None, None]  # the end comes after, and stays
    assert holds[0] is True and holds[-1] is False  # reading stopped from half full, going on once it was read


def test_the_last_line_of_defence_takes_every_step_even_if_one_fails() -> None:
    steps: list[str] = []

    class Owner:
        def on_fault(self) -> None:
            steps.append("told")
            raise RuntimeError("telling failed too")

    def log(text: str) -> None:
        steps.append(text)

    give_up(KeyError("a bug"), "192.0.2.1", log, Owner(), lambda: steps.append("closed"))  # type: ignore[arg-type]
    assert steps == ["error 192.0.2.1: a client's bytes: KeyError('a bug')", "told", "closed"]


class Heard:
    def __init__(self) -> None:
        self.said: list[tuple[str, Any]] = []

    def line(self, text: str) -> None:
        self.said.append(("line", text))

    def question(self, text: str, kind: AskKind | None) -> None:
        self.said.append(("question", text))

    def data(self, package: str, data: Any) -> None:
        self.said.append((package, data))

    def gone(self) -> None:
        self.said.append(("gone", None))


def test_the_fake_peer_is_a_peer_refuses_a_line_too_long_and_sends_only_what_the_client_wants() -> None:
    heard = Heard()
    fake = FakePeer(heard)

    async def run() -> list[Any]:
        fake.type("x" * 2000)
        fake.type("hello\x1b[2J")
        fake.declare("Core.Supports.Set", ["Commerce.Status 1"])
        fake.prompt("Lobby? ", AskKind.LOBBY)
        fake.send("Commerce.Status", {"hand": 1})
        fake.send("Commerce.Cue", {"cue": "turn"})
        fake.close()
        return [await fake.read_line() for _ in range(3)]

    assert asyncio.run(run()) == [Refused.TOO_LONG, "hello", None]
    assert heard.said == [("question", "Lobby? "), ("Commerce.Status", {"hand": 1}), ("gone", None)]
    assert fake.closed
