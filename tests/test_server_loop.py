"""Issue 18: work that would stop the table server's event loop for tens of milliseconds is done elsewhere (the
load target: no stall over 50 ms)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from table_harness import inline_thinkers, run_virtual

from commerce_a11y.rules import ruleset
from commerce_a11y.rules.values import ValueTable, value_table
from commerce_a11y.server.registry import Server
from commerce_a11y.server.table import Table


def test_a_first_match_builds_its_value_table_outside_the_event_loop(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The value table of a ruleset (every three-card hand scored) was built at the first showdown a process saw,
    in the event loop: a stall of about 60 ms under load (bench/serve_load.py, ``--think 2``)."""
    built_in: list[threading.Thread] = []
    real_init = ValueTable.__init__

    def noted(self: ValueTable, scorer: object) -> None:
        built_in.append(threading.current_thread())
        real_init(self, scorer)  # type: ignore[arg-type]

    monkeypatch.setattr(ValueTable, "__init__", noted)
    value_table.cache_clear()  # as in a server that has not played these rules yet

    async def first_match() -> Table:
        server = Server(tmp_path, thinkers=inline_thinkers())
        try:
            table = Table(server, "t1", "Abend", ruleset("commerce"), 3, "basic", "Ada")
            table.seating = ["Ada", None, None]
            await table.start()
            assert table.match is not None
            table.match.value(0)  # the showdown's question: the table is there
            return table
        finally:
            server.io.shutdown()
            server.hashing.shutdown()
            server.store.close()
            server.thinkers.close()

    table = run_virtual(first_match())
    assert table.state == "playing"
    assert built_in and threading.main_thread() not in built_in
