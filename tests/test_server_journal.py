"""Issue 35, item 10, through the server: a table's save is a journal (``server/saves.py``). A server upgraded in the
middle of a match restores the table from its save in the earlier form, and its next save goes on as a journal;
a save that would pass the file limit is refused before it is written, its move is not told, and the log says why.
In process (``table_harness``): the real server on a virtual clock."""

from __future__ import annotations

import json

import pytest
from table_harness import Harness
from test_server_tables import play, table

from commerce_a11y.seals import seal
from commerce_a11y.server import saves as saves_module
from commerce_a11y.server.saves import TableSaves
from commerce_a11y.server.table import Table

WAITS = "The server cannot save right now: the game waits, and the server keeps trying."


def the_table(harness: Harness) -> Table:
    (found,) = harness.server.tables.values()
    return found


def test_a_table_saved_in_the_earlier_form_goes_on_after_an_upgrade_as_a_journal(harness: Harness) -> None:
    ada = harness.person("Ada")
    table(ada, "commerce name=Up seats=3 bots=easy chips=9")
    ada.send("start")
    play([ada], lambda: len(the_table(harness).filer.record) > 12)
    path = the_table(harness).path
    harness.stop()
    loaded = TableSaves(path).load()
    assert loaded is not None
    lines = loaded[0]
    # What the version before the journal left: the whole record sealed, the last save and the one before.
    path.write_text("".join(line + "\n" for line in seal(lines)), encoding="utf-8")
    path.with_name(path.stem + ".2.jsonl").write_text("".join(line + "\n" for line in seal(lines[:-1])),
                                                      encoding="utf-8")
    harness.server = harness.start()
    assert any("table Up restored" in line for line in harness.log), harness.log[-5:]
    back = harness.connect()
    back.login("Ada", new=False)
    back.expect("Back at table Up.")
    restored = the_table(harness)
    assert restored.filer.record[:len(lines)] == lines
    if back.kinds[-1] == "turn":  # the login took the question
        back.send("p")
    play([back], lambda: len(restored.filer.record) > len(lines) + 3)
    harness.settle()
    assert not path.exists()  # the earlier form's last save, gone once the journal was written
    journal = path.with_name(path.stem + ".2.jsonl").read_text(encoding="utf-8").splitlines()
    assert "save" not in json.loads(journal[0]) and "save" in json.loads(journal[-1])
    kept = [line for line in journal if not line.startswith('{"save":')]
    assert kept == restored.filer.record[:len(kept)] and len(kept) > len(lines) + 3
    assert TableSaves(path).load()[0] == kept  # type: ignore[index]
    back.close()


def test_a_save_past_the_file_limit_is_refused_not_told_and_logged(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    ada = harness.person("Ada")
    table(ada, "commerce name=Long seats=3 bots=easy chips=9")
    ada.send("start")
    play([ada], lambda: len(the_table(harness).filer.record) > 6)
    harness.settle()
    path = the_table(harness).path
    size = path.stat().st_size
    monkeypatch.setattr(saves_module, "FILE_LIMIT", size + 40)  # room for a mark, not for a move
    play([ada], lambda: WAITS in ada.text)
    kept = path.read_bytes()
    assert len(kept) <= size + 40
    stalled = the_table(harness)
    assert stalled.stalled
    heard = ada.text
    harness.advance(10)
    assert ada.text == heard  # nothing told or asked while the save is refused
    assert path.read_bytes() == kept
    before = TableSaves(path).load()[0]  # type: ignore[index]
    record = stalled.filer.record
    assert before == record[:len(before)] and len(before) < len(record)  # the move not saved
    assert any("save refused" in line for line in harness.log)
    assert not any("save failed" in line for line in harness.log)  # told apart from a write that failed
    monkeypatch.setattr(saves_module, "FILE_LIMIT", 16 * 1024 * 1024)
    harness.advance(31)  # the next try writes it, and the game goes on
    harness.settle()
    assert not stalled.stalled
    saved = TableSaves(path).load()
    assert saved is not None and len(saved[0]) > len(before)
    assert saved[0] == stalled.filer.record[:len(saved[0])]
    ada.close()
