"""Issue 37, part 4: the filing is a part the table holds (``filing.Filer``), driven here alone, with no table, no
server and no sockets: a fake table (``Desk``) that notes what it is asked to tell and say, and a fake server whose
saves succeed or fail on demand (written to a real file when they succeed, so that a restart can read them). What a
table does with the filer is tested through the table in test_table_filing.py and test_server_journal.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import new_match
from table_harness import run_virtual

from commerce_a11y.rules import Event, Match, record_lines
from commerce_a11y.server import filing as filing_module
from commerce_a11y.server import saves as saves_module
from commerce_a11y.server.filing import Filer, Filing
from commerce_a11y.server.saves import Save

WAITS = "The server cannot save right now: the game waits, and the server keeps trying."


class Writes:
    """The server's saves: each written into its file (``saves.put``) while ``ok``, else failed as on a full disk."""

    def __init__(self) -> None:
        self.ok = True
        self.tried: list[Save] = []
        self.written: list[Save] = []

    def put(self, save: Save) -> asyncio.Future[bool]:
        self.tried.append(save)
        ok = self.ok and saves_module.put(save)
        if ok:
            self.written.append(save)
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        future.set_result(ok)
        return future


class Rows:
    """One of the store's repositories of records: rows of (account, path, seat)."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, int]] = []

    def add(self, account: str, path: str, seat: int) -> None:
        self.rows.append((account, path, seat))


class Store:
    """The server's store, as far as the records go: who is owed a record (``deliveries``), and who hears of it at
    the next login (``news``)."""

    def __init__(self) -> None:
        self.deliveries = Rows()
        self.news = Rows()


class Hall:
    """What a filer needs of the server (``roles.Hall``)."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.writes = Writes()
        self.store = Store()
        self.sent: list[tuple[str, str, int]] = []
        self.delivered: list[tuple[str, list[tuple[str, int]]]] = []

    async def write(self, function: Callable[..., Any], *args: Any) -> Any:
        return function(*args)

    def records_folder(self, account: str) -> Path:
        folder = self.data / "records" / account
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def send_record(self, person: Any, name: str, seat: int, lines: list[str]) -> bool:
        self.sent.append((person.account, name, seat))
        return bool(person.keeps_records)

    def deliver(self, person: Any, owed: list[tuple[str, int]] | None = None) -> None:
        self.delivered.append((person.account, owed or []))


class Here:
    """A person at the table, as far as the filer looks at them."""

    def __init__(self, account: str, keeps_records: bool) -> None:
        self.account = account
        self.keeps_records = keeps_records


class Desk:
    """The table a filer files for: it notes what it is told to tell (and whether the save of those events was
    written by then) and what it says to everyone."""

    def __init__(self, match: Match | None, hall: Hall) -> None:
        self.lock = asyncio.Lock()
        self.match = match
        self.rules = match.rules if match is not None else None
        self.seating: list[str | None] = ["Ada", None, "Bo"]
        self.present: dict[int, Any] = {}
        self.hall = hall
        self.logged: list[str] = []
        self.said: list[str] = []
        self.told: list[tuple[list[Event], bool, int]] = []
        """Each ``tell``: the events, whether they are the start, and how many record lines were saved by then."""

    def log(self, text: str) -> None:
        self.logged.append(text)

    def tell_all(self, make: Callable[[], list[str]]) -> None:
        self.said += make()

    async def tell(self, events: list[Event], first: bool) -> None:
        written = self.hall.writes.written
        self.told.append((list(events), first, written[-1].lines if written else 0))


def filer_at(tmp_path: Path, match: Match | None = None) -> tuple[Filer, Desk, Hall]:
    hall = Hall(tmp_path)
    desk = Desk(match if match is not None else new_match(), hall)
    return Filer(hall, tmp_path / "t.jsonl", desk), desk, hall  # type: ignore[arg-type]


def move(match: Match) -> None:
    seat = match.to_act
    assert seat is not None
    match.apply(seat, match.view(seat).legal[0])


def test_a_move_is_told_only_once_its_save_is_written_and_what_was_told_is_kept(tmp_path: Path) -> None:
    async def main() -> None:
        filer, desk, _hall = filer_at(tmp_path)
        match = desk.match
        assert match is not None
        filer.begin()
        assert filer.stalled  # the start is made, not saved: nothing of it may be told
        async with desk.lock:
            await filer.save_then_tell()
        start = len(match.events)
        assert desk.told == [(match.events[:start], True, len(list(record_lines(match.events))))]
        assert filer.told == start and not filer.stalled
        move(match)
        assert filer.stalled
        async with desk.lock:
            await filer.save_then_tell()
        assert desk.told[1] == (match.events[start:], False, len(list(record_lines(match.events))))
        assert filer.told == len(match.events) and filer.record == list(record_lines(match.events))
        assert not desk.said and filer.retrying is None

    run_virtual(main())


def test_a_failed_save_is_not_told_is_said_once_and_is_tried_again_until_it_is_written(tmp_path: Path) -> None:
    async def main() -> None:
        filer, desk, hall = filer_at(tmp_path)
        match = desk.match
        assert match is not None
        async with desk.lock:
            await filer.save_then_tell()
        told = filer.told
        hall.writes.ok = False  # a full disk
        move(match)
        async with desk.lock:
            await filer.save_then_tell()
        assert len(desk.told) == 1 and filer.told == told and filer.stalled
        assert desk.said == [WAITS] and filer.retrying is not None
        await asyncio.sleep(10 * filing_module.RETRY_MOST)  # tried again and again meanwhile, said once
        assert len(hall.writes.tried) > 5 and desk.said == [WAITS] and len(desk.told) == 1
        assert "save failed" in desk.logged
        hall.writes.ok = True
        await asyncio.sleep(filing_module.RETRY_MOST + 1)
        assert desk.told[1] == (match.events[told:], False, len(list(record_lines(match.events))))
        assert not filer.stalled and filer.retrying is None and "saved again" in desk.logged
        assert desk.said == [WAITS]

    run_virtual(main())


def test_a_save_past_the_file_limit_is_refused_before_it_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        filer, desk, hall = filer_at(tmp_path)
        monkeypatch.setattr(saves_module, "FILE_LIMIT", 10)
        async with desk.lock:
            await filer.save_then_tell()
        assert not hall.writes.tried and not desk.told and filer.stalled and desk.said == [WAITS]
        assert any(line.startswith("save refused") for line in desk.logged)
        filer.stop()  # the table is closed: not tried again
        await asyncio.sleep(10 * filing_module.RETRY_MOST)
        assert sum(line.startswith("save refused") for line in desk.logged) == 1 and not desk.told

    run_virtual(main())


def test_a_restart_restores_the_match_as_saved_and_all_of_it_told(tmp_path: Path) -> None:
    async def main() -> None:
        filer, desk, hall = filer_at(tmp_path)
        match = desk.match
        assert match is not None
        for _ in range(3):
            async with desk.lock:
                await filer.save_then_tell()
            move(match)
        hall.writes.ok = False  # the last move's save fails: a restart has the match as it stood before it
        async with desk.lock:
            await filer.save_then_tell()
        filer.stop()
        again, _desk, _hall = filer_at(tmp_path)
        restored = again.restore()
        assert restored is not None and len(restored.events) == filer.told
        assert again.told == filer.told and again.record == list(record_lines(restored.events))
        assert filer_at(tmp_path / "none")[0].restore() is None

    run_virtual(main())


def test_the_records_are_kept_for_each_seat_before_the_save_goes_and_a_full_disk_keeps_the_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        filer, desk, hall = filer_at(tmp_path)
        desk.present = {0: Here("Ada", keeps_records=True)}  # Bo (seat 2) is away
        async with desk.lock:
            await filer.save_then_tell()
        real_keep = filing_module.keep_record
        monkeypatch.setattr(filing_module, "keep_record", lambda *args: None)  # no room for a record
        await filer.finish()
        assert [(a, s) for a, _name, s in hall.sent] == [("Ada", 0)]  # sent to commerce join first of all
        assert isinstance(filer.unfiled, Filing) and not filer.unfiled.kept
        assert filer.writer.load() is not None  # the save stays
        assert not await filer.ready()  # no new match while the records are not kept
        monkeypatch.setattr(filing_module, "keep_record", real_keep)
        assert await filer.ready() and filer.unfiled is None
        assert filer.writer.load() is None  # kept: the save is gone
        assert [(a, s) for a, _path, s in hall.store.news.rows] == [("Bo", 2)]  # told how it ended at the next login
        assert [(a, s) for a, _path, s in hall.store.deliveries.rows] == [("Bo", 2)]  # Ada's client has it already
        assert not hall.delivered

    run_virtual(main())


def test_a_table_closed_mid_match_keeps_the_match_so_far_as_each_players_record(tmp_path: Path) -> None:
    async def main() -> None:
        filer, desk, hall = filer_at(tmp_path)
        match = desk.match
        assert match is not None
        async with desk.lock:
            await filer.save_then_tell()
        assert await filer.close()
        assert sorted(a for a, _path, _seat in hall.store.deliveries.rows) == ["Ada", "Bo"]
        kept = Path(hall.store.deliveries.rows[0][1]).read_text(encoding="utf-8").splitlines()
        assert kept == list(record_lines(match.events))
        assert filer.writer.load() is None

    run_virtual(main())
