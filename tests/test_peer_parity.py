"""Issue 37, part 1: telnet is one transport, not the server's shape. The same script, played once over the telnet
peer (real bytes through a ``TelnetPeer``) and once over the fake peer the table harness drives its sessions with,
gives each person the same: the same lines, the same questions of the same kinds, the same packages of data, in
the same order. What only telnet has is set aside first: GMCP's own messages (``Core.*``, the question's kind sent
as ``Commerce.Ask``), the line end said after a password (the client's echo was off), a question asked again
after news on its line (the turn timer's news comes on one here; it may be the question that took the open one's
place, so it is set aside unless the fake peer's person was asked it there too), and no kind for the first
question, asked before the client agreed GMCP.

The match's chance is fixed (its key), so that both runs deal the same cards and the computer players decide the
same (their seeds come from the match)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from server_helpers import Client
from table_harness import Harness

from commerce_a11y.server import table as table_module
from commerce_a11y.wire import telnet as t

SCRIPT = ["help", "who", "tables", "say hello, table", "verbosity brief", "verbosity normal",
          "create commerce name=Par seats=3 bots=easy chips=2", "tables", "set timer=60", "help", "start"]
"""Lobby and table lines before the match; in the match every turn's question is answered "p" until its end."""


def heard_over_telnet(client: Client) -> list[tuple[str, Any]]:
    """The telnet client's stream in order, read from its bytes: ("line", text), ("question", text, kind) and
    (package, data), with what is telnet's own set aside (see the module)."""
    stream: list[tuple[str, Any]] = []
    pending, kind = b"", ""
    asked: tuple[str, Any] | None = None
    """The question just asked, while nothing came after it yet."""
    interrupted = False
    """News came on a question's line: the next question may be that one (or the one that took its place) asked
    again, telnet's own; it is marked ("again", text, kind) for ``without_asked_again``."""
    for item in t.Filter().feed(bytes(client.raw)):
        if isinstance(item, bytes):
            pending += item
            while b"\r\n" in pending:
                line, pending = pending.split(b"\r\n", 1)
                if asked is not None and not line:
                    # The line end after a password (the client did not echo it), or before news on a question.
                    interrupted = asked[2] not in ("password", "new-password", "confirm")
                    asked = None
                    continue
                asked = None
                stream.append(("line", line.decode("utf-8")))
        elif isinstance(item, t.Subnegotiation) and item.option == t.GMCP:
            package, _sep, data = item.payload.decode("utf-8").partition(" ")
            if package == "Commerce.Ask":
                kind = json.loads(data)["kind"]
            elif not package.startswith("Core."):
                asked = None
                stream.append((package, json.loads(data) if data else None))
        elif isinstance(item, t.Command) and item.verb in (t.GA, t.EOR) and item.option is None:
            question = ("question", pending.decode("utf-8"), kind)
            stream.append(("again", *question[1:]) if interrupted else question)
            interrupted = False
            asked, pending, kind = question, b"", ""
    return stream


def without_asked_again(telnet: list[tuple[str, Any]], fake: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The telnet stream with each question asked after news kept where the fake peer's person was asked that
    question at that point (a question the table asked), and left out elsewhere (telnet's own asking again)."""
    kept: list[tuple[str, Any]] = []
    for entry in telnet:
        if entry[0] == "again":
            question = ("question", *entry[1:])
            if len(kept) < len(fake) and fake[len(kept)] == question:
                kept.append(question)
            continue
        kept.append(entry)
    return kept


def after_the_match(stream: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The stream without the table's question after the match's end: the answer to the last turn ("p") may be
    read after the match ended (it races the computer players' last moves, in either peer), and the table then asks
    its question again."""
    end = next(i for i, entry in enumerate(stream) if entry[0] == "line" and "wins the match" in entry[1])
    return stream[:end] + [entry for entry in stream[end:] if entry[:3:2] != ("question", "table")]


def heard_over_fake(client: Any) -> list[tuple[str, Any]]:
    """The fake peer's client's stream in order, in the same shape."""
    kinds = iter(client.kinds)
    return [("question", data, next(kinds)) if kind == "question" else
            (kind, data if kind == "line" else json.loads(json.dumps(data)))  # the data as it travels
            for kind, data in client.heard]


def play_script(data: Path, telnet: bool) -> list[tuple[str, Any]]:
    """``SCRIPT`` played by a new account, Ada, to the end of her match; what she got."""
    with Harness(data) as harness:
        ada = harness.connect(telnet=telnet)
        ada.login("Ada")
        for line in SCRIPT:
            ada.send(line)
            ada.prompt()
        deadline = harness.clock() + 600
        while "wins the match" not in ada.text and "You win the match" not in ada.text:
            assert harness.clock() < deadline, ada.text[-1500:]
            for kind, _index in ada.new_prompts():
                if kind == "turn":
                    ada.send("p")
        # The match's end goes on after its last line: the records are kept (in a thread), then the person who is
        # still at the table hears where hers is. Leaving before that would race it.
        assert harness.wait(lambda: "record is kept on the server" in ada.text, 60), ada.text[-1500:]
        ada.send("leave")
        ada.prompt()
        ada.send("quit")
        ada.drain(0.5)
        return heard_over_telnet(ada) if telnet else heard_over_fake(ada)


def test_the_telnet_peer_and_the_fake_peer_give_a_person_the_same(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "secrets", SimpleNamespace(token_bytes=lambda size: bytes(range(size))))
    over_telnet = play_script(tmp_path / "telnet", telnet=True)
    over_fake = play_script(tmp_path / "fake", telnet=False)
    kinds = {entry[0] for entry in over_fake}
    assert {"line", "question", "Commerce.Status"} <= kinds, kinds  # the script reached the match and its end
    assert any(entry[0] == "line" and "win" in entry[1] for entry in over_fake)
    # The first question comes before the telnet client agreed GMCP (negotiation never waits): its kind is not told.
    assert over_telnet[0] == ("question", "Name? ", "") and over_fake[0] == ("question", "Name? ", "name")
    over_fake = after_the_match(over_fake)
    assert after_the_match(without_asked_again(over_telnet[1:], over_fake[1:])) == over_fake[1:]
