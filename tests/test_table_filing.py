"""Issue 23, item 7, at the match's end: a table whose records cannot be kept (a full disk) removed the match's save
all the same, and a new match's first save removed the earlier match's files before it was written. Now the save of
a finished match stays until every record is kept, and the next match begins only once they are. In process: a
real ``Server`` and ``Table`` in a virtual-time event loop, a person who knocks whenever asked, computer players
thinking in the loop (``table_harness``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from table_harness import inline_thinkers, run_virtual
from table_helpers import Person

from commerce_a11y.rules import Knock, ruleset
from commerce_a11y.server import filing as filing_module
from commerce_a11y.server.registry import Server
from commerce_a11y.server.saves import TableSaves
from commerce_a11y.server.table import Table


async def play_to_the_end(table: Table) -> None:
    while table.match is not None and not table.match.over:
        if table.match.to_act == 0 and not table.stalled:
            await table.act(0, Knock() if Knock() in table.match.view(0).legal else table.match.view(0).legal[0])
        await asyncio.sleep(0.01)


def test_a_finished_matchs_save_stays_until_its_records_are_kept_and_no_new_match_begins_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        server = Server(tmp_path, thinkers=inline_thinkers())
        try:
            table = Table(server, "t1", "Full", ruleset("commerce", chips=1), 3, "easy", "Ada")
            ada = Person("Ada", client=False)
            table.sit(ada)  # type: ignore[arg-type]
            real_keep = filing_module.keep_record
            monkeypatch.setattr(filing_module, "keep_record", lambda *args: None)  # no room for a record
            await table.start()
            await play_to_the_end(table)
            assert table.match is not None and table.match.over
            saves = TableSaves(table.path)
            loaded = saves.load()
            assert loaded is not None and "ended" in loaded[1]  # the finished match's save is still there
            await table.start()
            assert "The server cannot save right now: try again in a moment." in ada.heard
            assert table.match.over  # no new match over the records not kept
            monkeypatch.setattr(filing_module, "keep_record", real_keep)
            await table.start()
            assert table.state == "playing" and table.filer.unfiled is None
            server.store.core.settle()  # the delivery is written in the store's thread
            owed = server.store.deliveries.of("Ada")
            assert len(owed) == 1 and Path(owed[0][0]).exists()
            fresh = TableSaves(table.path).load()
            assert fresh is not None and "ended" not in fresh[1]
        finally:
            server.thinkers.close()
            server.io.shutdown()
            server.store.close()

    run_virtual(main())


def test_a_matchs_first_save_that_fails_is_told_once_and_tried_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The start's first save fails: nothing of the match is told (not even the deal) until it is written."""
    failing = [True]
    real_put = TableSaves.done

    def done(self: Any, ok: bool) -> bool:
        return real_put(self, ok and not failing[0])

    async def main() -> None:
        server = Server(tmp_path, thinkers=inline_thinkers())
        try:
            table = Table(server, "t2", "First", ruleset("commerce"), 3, "easy", "Bo")
            bo = Person("Bo", client=False)
            table.sit(bo)  # type: ignore[arg-type]
            monkeypatch.setattr(TableSaves, "done", done)
            await table.start()
            assert bo.heard == ["The server cannot save right now: the game waits, and the server keeps trying."]
            await asyncio.sleep(10 * filing_module.RETRY_MOST)  # tried again and again meanwhile, told once
            assert len(bo.heard) == 1
            failing[0] = False
            for _ in range(100):
                if not table.stalled:
                    break
                await asyncio.sleep(1)
            assert not table.stalled and any(line.startswith("Hand 1.") for line in bo.heard)
        finally:
            server.thinkers.close()
            server.io.shutdown()
            server.store.close()

    run_virtual(main())
