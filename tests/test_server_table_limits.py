"""Issue 23, item 9: one account made 2,000 tables in 17 s (create, start, leave), each kept "playing" with nobody
there across restarts. An account may now have a seat at a few tables only when it makes another, and a table nobody
has sat at for ``--close-after`` hours is closed, the match so far kept as a record for those who played. In process
(``table_harness``), on a virtual clock: the hours pass at once."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_harness import Harness

from commerce_a11y.rules import replay
from commerce_a11y.server.limits import Limits

CLOSE_AFTER = 24 * 3600.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Harness]:
    limits = Limits(logins=1000, tables=2, close_after=CLOSE_AFTER, idle=10 * CLOSE_AFTER)
    with Harness(tmp_path / "data", limits) as harness:
        yield harness


def test_an_account_may_sit_at_only_so_many_tables_when_it_makes_another(server: Harness) -> None:
    una = server.person("Una")
    for number in (1, 2):
        una.send(f"create commerce name=Una{number} seats=3 bots=easy")
        una.expect(f"Table Una{number}: ")
        una.send("start")
        una.expect("Hand 1.")
        una.send("leave")
        una.expect("You are in the lobby.")
    una.send("create commerce name=Una3 seats=3 bots=easy")
    una.expect("You have a seat at 2 tables already; finish or leave one first.")
    una.send("tables")
    una.expect("Una2: ")
    assert "Una3" not in una.text.split("finish or leave one first.")[-1]
    una.close()


def test_a_table_nobody_sat_at_for_a_long_time_is_closed_and_its_record_kept(server: Harness) -> None:
    vik, wen = server.person("Vik"), server.person("Wen")
    vik.send("create commerce name=Left seats=3 bots=easy chips=9")
    vik.expect("Table Left: ")
    vik.send("start")
    vik.expect("Hand 1.")
    wen.send("watch Left")
    wen.expect("You watch table Left")
    vik.send("leave")
    vik.expect("You are in the lobby.")
    server.advance(CLOSE_AFTER - 60)
    assert "Table Left is closed" not in wen.text
    wen.expect("Table Left is closed: nobody has played at it for a long time.", timeout=2 * 3600)
    vik.send("tables")
    vik.expect("No table is open.")
    server.settle()
    log = "\n".join(server.log)
    assert "table Left" in log and "closed: nobody sat here" in log
    db = sqlite3.connect(server.data / "server.db")
    try:
        owed = db.execute("select path, seat from deliveries where account = 'Vik'").fetchall()
        assert not db.execute("select 1 from tables where name = 'Left'").fetchall()
    finally:
        db.close()
    assert len(owed) == 1 and owed[0][1] == 0
    record = Path(owed[0][0]).read_text().splitlines()
    match = replay(record)  # the match so far, unfinished: it replays as a record does
    assert not match.over and json.loads(record[0])["players"][0]["name"] == "Vik"
    vik.close()
    wen.close()


def test_a_table_whose_player_is_back_in_time_is_not_closed(server: Harness) -> None:
    xia = server.person("Xia")
    xia.send("create commerce name=Kept seats=3 bots=easy")
    xia.expect("Table Kept: ")
    server.advance(2 * CLOSE_AFTER)  # sitting at it the whole time
    xia.send("tables")
    xia.expect("Kept: ")
    xia.close()
