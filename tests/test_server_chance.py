"""Issue 23, item 2, on the wire: a real server deals from a key that no byte sent before the match's end carries.

Before, every match was dealt from ``random.Random(seed)`` with a 31-bit seed that one seat's cards single out, and
the seed went out in the match line of every view and into the server's log. Now the key (256 bits) is in the
server's own save (``tables/*.jsonl``, which the test reads as the operator could) and in the record sent once the
match has ended, and nowhere else.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from server_helpers import RawClient, ServerProcess
from table_helpers import carries

from commerce_a11y.rules import Keyed, replay
from commerce_a11y.wire import telnet as t

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program


def answer(clients: list[RawClient], limit: float = 120) -> None:
    """Every question of the match answered the plainest way (pass; keep; no call; end the turn) until each
    client's table question comes back: the match is over."""
    deadline = time.monotonic() + limit
    over: set[int] = set()
    played: set[int] = set()
    while len(over) < len(clients):
        assert time.monotonic() < deadline, clients[0].text[-2000:]
        for client in clients:
            for kind, index in client.new_prompts():
                question = client.prompts[index]
                if kind == "table" and id(client) in played:  # before the match: the question asked again
                    over.add(id(client))
                elif kind == "turn":
                    played.add(id(client))
                    client.send("keep" if "You deal" in question else "wait" if "You may call" in question
                                else "done" if "goes on" in question else "p")


def test_no_byte_before_the_end_carries_the_key_and_the_record_at_the_end_holds_it(tmp_path: Path) -> None:
    """Issue 23, item 2 (c): a whole Handeln match (dealer's exchange, calls, "I'm in") of two people and a
    computer player, watched by a third: the key of the save is 256 bits; no byte that the players' and the
    spectator's connections received before the record was sent carries it (nor a ``seed`` field), nor does the
    server's log; the record ``commerce join`` gets at the end holds it and replays the match."""
    server = ServerProcess(tmp_path / "data")
    try:
        ada, bo, cy = RawClient(server.port), RawClient(server.port), RawClient(server.port)
        for client, name in ((ada, "Ada"), (bo, "Bo"), (cy, "Cy")):
            client.login(name)
        # asks and records, as commerce join declares
        ada.send_raw(t.gmcp_bytes("Core.Supports.Set", ["Commerce.Ask 1", "Commerce.Record 1"]))
        ada.send("create handeln name=Deal seats=3 bots=basic limit=2")
        ada.prompt()
        bo.send("join Deal")
        bo.prompt()
        cy.send("watch Deal")
        cy.prompt()
        ada.send("start")
        bo.expect("Hand 1")
        saves = sorted((server.data / "tables").glob("*.jsonl"))
        head = json.loads(saves[0].read_text(encoding="utf-8").splitlines()[0])
        assert head["chance"] == "blake2b" and head["format"] == 3
        key = Keyed(bytes.fromhex(head["seed"])).key
        assert len(key) == 32
        answer([ada, bo])
        cy.drain(0.5)
        records = [data for package, data in ada.gmcp if package == "Commerce.Record"]
        assert len(records) == 1
        assert json.loads(records[0]["lines"][0])["seed"] == key.hex()
        assert replay(records[0]["lines"]).over
        sent = ada.raw.index(b"Commerce.Record")
        for before in (ada.raw[:sent], bo.raw, cy.raw):
            assert before and not carries(bytes(before), key)
            assert b'"seed"' not in before
        log = (server.data / "server.log").read_bytes()
        assert b"starts handeln" in log and not carries(log, key)
        for client in (ada, bo, cy):
            client.close()
    finally:
        server.stop()
