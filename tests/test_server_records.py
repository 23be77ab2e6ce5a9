"""Issue 18: a finished match's record and who gets it. ``commerce join`` keeps it (GMCP ``Commerce.Record``); any
other client hears where the server keeps it, and its file is never read for that (the reading was in the event
loop, once for each person at the end of each match)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from table_harness import inline_thinkers

from commerce_a11y.server.registry import Server


class Heard:
    def __init__(self, keeps: bool) -> None:
        self.account, self.lang = "Ada", "en"
        self.keeps_records = keeps
        self.lines: list[str] = []
        self.messages: list[tuple[str, Any]] = []

    def say(self, lines: list[str]) -> None:
        self.lines += lines

    def send(self, package: str, data: Any) -> None:
        self.messages.append((package, data))


def written(server: Server) -> None:
    """The store's writes asked so far are done (they run in its thread, in order)."""
    server.store.core.settle()


@pytest.fixture
def server(tmp_path: Path) -> Any:
    made = Server(tmp_path, thinkers=inline_thinkers())
    yield made
    made.store.close()
    made.io.shutdown()
    made.hashing.shutdown()
    made.thinkers.close()


def test_a_client_that_keeps_no_records_hears_where_it_is_kept_and_nothing_is_read(
        server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "records" / "20261201-120000-commerce.jsonl"
    record.parent.mkdir()
    record.write_text(json.dumps({"format": 1}) + "\n")
    server.store.deliveries.add("Ada", str(record), 0)
    written(server)

    def never(*args: object, **kwargs: object) -> str:
        raise AssertionError("a record read for a client that cannot keep it")

    monkeypatch.setattr(Path, "read_text", never)
    telnet = Heard(keeps=False)
    server.deliver(telnet, [(str(record), 0)])  # type: ignore[arg-type]
    assert telnet.lines == ["The match's record is kept on the server. Log in with commerce join to get it."]
    server.deliver(telnet)  # type: ignore[arg-type]  # a login: still owed, for the next login with commerce join
    written(server)
    assert len(telnet.lines) == 1 and not telnet.messages
    assert server.store.deliveries.of("Ada") == [(str(record), 0)]
    monkeypatch.undo()

    join = Heard(keeps=True)
    server.deliver(join)  # type: ignore[arg-type]
    assert join.messages == [("Commerce.Record", {"name": record.name, "seat": 0, "lines": ['{"format": 1}']})]
    assert not join.lines
    written(server)
    assert server.store.deliveries.of("Ada") == []
