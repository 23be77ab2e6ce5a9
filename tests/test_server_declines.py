"""Issue 23, item 6: a decline the table heard survives a SIGKILL of the server.

With two swaps a turn (C3), A swapped, said ``done``, everyone heard B's turn begin; after a SIGKILL and a restart A
was asked "Your turn goes on: swap, done?" again, and a Handeln table showed the same: the save is the record so
far, and the record left declines out (a reader inferred them from the line after, and a save ends without one).
Now every decline has its ``done`` line (format 3), saved before anyone hears what follows it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from server_helpers import RawClient, ServerProcess, person

from commerce_a11y.cards import parse_card
from commerce_a11y.rules import ruleset

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program

HANDELN = ruleset("handeln", limit=5)


def back(server: ServerProcess, name: str, table: str) -> RawClient:
    """A person logging in again after the restart, back at their table (no lobby question: a match is on)."""
    client = RawClient(server.port)
    client.prompt()
    client.send(name)
    client.prompt()
    client.send("secret1")
    client.expect(f"Back at table {table}.")
    client.expect("Your saved match goes on")
    return client


Answer = Callable[[RawClient, str], str | None]


def drive(a: RawClient, b: RawClient, answer_a: Answer, limit: float = 240) -> None:
    """Play a table of A (seat 1), B (seat 2) and a computer player until A has declined something (``answer_a``
    returns "done" or "wait" for it) and B is asked next in the same hand; B declines and passes meanwhile, and the
    host (A) starts a new match when one ends. Then the table waits for B."""
    deadline = time.monotonic() + limit
    declined_in: int | None = None  # the hand of A's decline, while no question has followed it
    while True:
        assert time.monotonic() < deadline, a.text[-3000:]
        for client in (a, b):
            for kind, index in client.new_prompts():
                question = client.prompts[index]
                if kind == "table" and client is a:
                    a.send("start")
                    declined_in = None
                if kind != "turn":
                    continue
                hand = client.statuses()[-1]["hand"]
                if client is b:
                    if declined_in == hand:
                        return  # B's question, right after A's decline: the table heard it
                    b.send("keep" if "You deal" in question else "wait" if "You may call" in question else "p")
                    continue
                declined_in = None
                line = answer_a(a, question)
                if line is None:
                    line = "keep" if "You deal" in question else "p"
                elif line in ("done", "wait"):
                    declined_in = hand
                a.send(line)


def two_swaps(a: RawClient, question: str) -> str | None:
    """C3: at an ordinary turn (not the last round), swap once, then end the turn."""
    if question.startswith("Your turn goes on"):
        return "done"
    if question.startswith("swap, pass"):  # an ordinary turn's question: its moves
        return "11"
    return None


def handeln_decline(a: RawClient, question: str) -> str | None:
    """H4: no call after the deal; at a turn, a swap to 31 points or more, then end the turn without "Fire!"."""
    if question.startswith("You may call"):
        return "wait"
    if question.startswith("Your turn goes on"):
        return "done"
    if "You deal" in question:
        return "keep"
    status = a.statuses()[-1]
    hand = [parse_card(c) for c in status["cards"]]
    widow = [parse_card(c) for c in status["widow"]]
    for i in range(len(hand)):
        for j in range(len(widow)):
            swapped = [widow[j] if k == i else c for k, c in enumerate(hand)]
            if HANDELN.fire_value is not None and HANDELN.hand_value(swapped) >= HANDELN.fire_value:
                return f"{i + 1}{j + 1}"
    return None


def test_a_done_heard_by_the_table_is_kept_across_sigkill(tmp_path: Path) -> None:
    """Issue 23, item 6: at a Commerce table with two swaps a turn, A swaps and says done, and B is asked; at a
    Handeln table, C declines a call after the deal or ends a turn after a swap to 31 without "Fire!", and D is
    asked. SIGKILL, restart, everyone logs in again: A and C are not asked again; B and D are, their question the
    same as before the kill."""
    data = tmp_path / "data"
    first = ServerProcess(data)
    try:
        ada, bo = person(first, "Ada"), person(first, "Bo")
        ada.send("create commerce name=Two seats=3 bots=basic swaps_per_turn=2 chips=5")
        ada.prompt()
        bo.send("join Two")
        bo.prompt()
        ada.send("start")
        drive(ada, bo, two_swaps)
        cy, di = person(first, "Cy"), person(first, "Di")
        cy.send("create handeln name=Fire seats=3 bots=basic limit=5")
        cy.prompt()
        di.send("join Fire")
        di.prompt()
        cy.send("start")
        drive(cy, di, handeln_decline)
        asked = {"Bo": bo.prompts[-1], "Di": di.prompts[-1]}
        first.kill()
    finally:
        if first.proc and first.proc.poll() is None:
            first.kill()
    second = ServerProcess(data)
    try:
        for decider, table, waiting in (("Ada", "Two", "Bo"), ("Cy", "Fire", "Di")):
            a = back(second, decider, table)
            b = back(second, waiting, table)
            assert b.prompt() == asked[waiting]  # B is asked what B was asked before the kill
            a.drain(0.3)  # whatever A's login brought is in (it was all sent before B logged in)
            assert "turn" not in a.kinds and not any("goes on" in p or "call" in p for p in a.prompts), a.text
            assert a.statuses()[-1]["turn"] == waiting and not a.statuses()[-1]["yours"]
            a.close()
            b.close()
    finally:
        second.stop()
