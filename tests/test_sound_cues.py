"""Issue 26, item 10: sound cues. At a table, GMCP ``Commerce.Cue`` tells a soundpack when to play: the person's
turn, a knock, a hand lost or won, going out, the match's end, each after the line it is for and only to a client
that declared the package. In the local game, ``--bell on`` rings the terminal's bell once before each turn's
question, and nothing rings without it."""

from __future__ import annotations

import json

import pytest
from piped_game import run
from table_harness import Harness
from test_server_tables import play, table

from commerce_a11y.wire import telnet as t


def gmcp_and_lines(raw: bytes) -> list[tuple[str, object]]:
    """The client's stream in order: ("line", text) for each line, (package, data) for each GMCP message."""
    found: list[tuple[str, object]] = []
    pending = b""
    for item in t.Filter().feed(raw):
        if isinstance(item, bytes):
            pending += item
            while b"\r\n" in pending:
                line, pending = pending.split(b"\r\n", 1)
                found.append(("line", line.decode("utf-8", "replace")))
        elif isinstance(item, t.Subnegotiation) and item.option == t.GMCP:
            package, _sep, data = item.payload.decode("utf-8").partition(" ")
            found.append((package, json.loads(data) if data else None))
        elif isinstance(item, t.Command) and item.verb in (t.GA, t.EOR) and item.option is None:
            found.append(("question", pending.decode("utf-8", "replace")))
            pending = b""
    return found


def test_cues_follow_their_lines_and_go_only_to_a_client_that_asked(harness: Harness) -> None:
    ada, bo = harness.person("Ada", telnet=True), harness.person("Bo", telnet=True)
    ada.send_raw(t.gmcp_bytes("Core.Supports.Set", ["Commerce 1"]))
    bo.send_raw(t.gmcp_bytes("Core.Supports.Set", ["Core 1"]))  # no cues, no status
    table(ada, "commerce name=Cues seats=4 bots=basic chips=2")
    bo.send("watch Cues")
    bo.expect("You watch table Cues.")
    cy = harness.person("Cy", telnet=True)  # declares nothing: what such a client got before cues existed, and no cue
    cy.send("watch Cues")
    cy.expect("You watch table Cues.")
    ada.send("start")
    play([ada], lambda: "wins the match" in ada.text or "You win the match" in ada.text)
    ada.drain(0.3)
    stream = gmcp_and_lines(bytes(ada.raw))
    cues = [(i, data) for i, (kind, data) in enumerate(stream) if kind == "Commerce.Cue"]
    names = [data["cue"] for _i, data in cues]  # type: ignore[index]
    assert {"turn", "knock", "lost", "over"} <= set(names), names
    for i, data in cues:
        cue = data["cue"]  # type: ignore[index]
        if cue == "turn":  # right before the question (the cards line may come between)
            assert any(kind == "question" for kind, _ in stream[i + 1:i + 4]), stream[i:i + 4]
            assert data["you"] is True  # type: ignore[index]
        elif cue == "knock":  # after the line it is for
            assert any(kind == "line" and str(text).endswith(("knocks.", "knock.")) for kind, text in stream[:i])
    assert names[-1] == "over"
    assert not [kind for kind, _ in gmcp_and_lines(bytes(bo.raw)) if kind in ("Commerce.Cue", "Commerce.Status")]
    undeclared = {kind for kind, _ in gmcp_and_lines(bytes(cy.raw))}
    assert "Commerce.Status" in undeclared and "Commerce.Cue" not in undeclared
    for client in (ada, bo, cy):
        client.close()


@pytest.mark.e2e
def test_the_bell_rings_once_before_each_turn_only_when_asked() -> None:
    script = "p\n" * 60
    quiet = run("play", "--seed", "3", "--option", "chips=2", stdin=script)
    assert quiet.returncode == 0 and "\a" not in quiet.stdout
    rung = run("play", "--seed", "3", "--option", "chips=2", "--bell", "on", stdin=script)
    assert rung.returncode == 0, rung.stderr
    questions = [line for line in rung.stdout.split("\n") if line.rstrip().endswith("? p")]
    assert rung.stdout.count("\a") == len(questions) > 0
    assert rung.stdout.replace("\a", "") == quiet.stdout  # nothing else changes
