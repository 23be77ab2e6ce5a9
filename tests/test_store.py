"""The store's core (issue 37, part 2): each write one transaction (a failure anywhere in it writes none of its rows),
the cache of what is not written yet serving a read before the writer commits, a row written again before its write
was made written once with the latest values, and the migrations applied in order, once each, recorded."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from commerce_a11y.server.db.core import Core, Migration, Unwritten
from commerce_a11y.server.db.store import Store


def make_rows(db: sqlite3.Connection) -> list[str]:
    db.execute("create table rows (n integer primary key, v text)")
    return []


SCHEMA = (Migration(1, "rows", make_rows),)


@pytest.fixture
def core(tmp_path: Path) -> Iterator[Core]:
    made = Core(tmp_path / "test.db", SCHEMA, lambda text: None)
    yield made
    made.close()


def rows(core: Core) -> list[tuple[int, str]]:
    return [(row[0], row[1]) for row in core.read("select n, v from rows order by n")]


def held(core: Core) -> tuple[threading.Event, Future[bool]]:
    """The writer thread held until the event is set: what is asked meanwhile waits behind it."""
    release = threading.Event()
    return release, core.writer.submit(release.wait, 10)


# ----- one transaction per write -----


def test_a_write_that_fails_on_its_last_row_writes_none_of_them(core: Core) -> None:
    def work(db: sqlite3.Connection) -> None:
        db.execute("insert into rows values (1, 'one')")
        db.execute("insert into rows values (2, 'two')")
        db.execute("insert into rows values (1, 'again')")  # the key taken: the whole write fails

    with pytest.raises(sqlite3.IntegrityError):
        core.write(work).result(10)
    assert rows(core) == []
    assert core.write(lambda db: db.execute("insert into rows values (3, 'three')")).result(10) is not None
    assert rows(core) == [(3, "three")]  # the connection is usable after the rollback


def test_a_write_of_many_rows_is_seen_whole_or_not_at_all(core: Core) -> None:
    release, _ = held(core)
    done = core.write(lambda db: db.executemany("insert into rows values (?, 'x')", [(n,) for n in range(50)]))
    assert rows(core) == []
    release.set()
    done.result(10)
    assert len(rows(core)) == 50


def test_a_python_error_in_the_work_rolls_it_back_too(core: Core) -> None:
    def work(db: sqlite3.Connection) -> None:
        db.execute("insert into rows values (1, 'one')")
        raise RuntimeError("the work's own fault")

    with pytest.raises(RuntimeError):
        core.write(work).result(10)
    assert rows(core) == []


# ----- what is not written yet -----


def test_the_cache_serves_a_read_before_the_writer_commits_and_empties_after(core: Core) -> None:
    release, _ = held(core)
    done = core.write(lambda db: db.execute("insert into rows values (7, 'seven')"), unwritten=[("rows", 7)])
    assert ("rows", 7) in core.unwritten and rows(core) == []  # asked, not committed: the cache knows
    release.set()
    done.result(10)
    assert ("rows", 7) not in core.unwritten and len(core.unwritten) == 0
    assert rows(core) == [(7, "seven")]


def test_a_rolled_back_write_leaves_the_cache_too(core: Core) -> None:
    done = core.write(lambda db: db.execute("insert into nowhere values (1)"), unwritten=[("rows", 1)])
    with pytest.raises(sqlite3.OperationalError):
        done.result(10)
    assert len(core.unwritten) == 0


def test_a_row_held_by_two_writes_stays_until_both_ended() -> None:
    cache = Unwritten()
    cache.hold([("known", "kim")])
    cache.hold([("known", "kim")])
    cache.release([("known", "kim")])
    assert ("known", "kim") in cache
    cache.release([("known", "kim")])
    assert ("known", "kim") not in cache and len(cache) == 0


def test_an_address_is_known_from_the_login_on_though_its_write_waits(tmp_path: Path) -> None:
    store = Store(tmp_path / "server.db")
    try:
        release, _ = held(store.core)
        store.addresses.logged_in_from("Kim", "192.0.2.1")
        assert store.addresses.known("KIM", "192.0.2.1") and not store.addresses.known("Kim", "192.0.2.2")
        assert store.core.read("select * from known") == []
        release.set()
        store.core.settle()
        assert store.addresses.known("Kim", "192.0.2.1") and len(store.core.unwritten) == 0
    finally:
        store.close()


# ----- a row written again before its write was made -----


def test_a_row_asked_many_times_while_its_write_waits_is_written_once_with_the_latest(core: Core) -> None:
    made: list[int] = []
    release, _ = held(core)
    futures = []
    for n in range(100):
        def work(db: sqlite3.Connection, n: int = n) -> None:
            made.append(n)
            db.execute("insert or replace into rows values (1, ?)", (str(n),))
        futures.append(core.write_latest(("row", 1), work))
    assert len(set(map(id, futures))) == 1  # one write waits: every caller waits for it
    release.set()
    futures[-1].result(10)
    assert made == [99] and rows(core) == [(1, "99")]


def test_a_forgotten_row_is_not_written(core: Core) -> None:
    release, _ = held(core)
    core.write_latest(("row", 1), lambda db: db.execute("insert into rows values (1, 'late')"))
    core.forget(("row", 1))
    release.set()
    core.settle()
    assert rows(core) == []


# ----- migrations -----


def steps(ran: list[int]) -> tuple[Migration, ...]:
    def step(number: int, sql: str) -> Migration:
        def run(db: sqlite3.Connection) -> list[str]:
            ran.append(number)
            db.execute(sql)
            return [f"step {number}"]
        return Migration(number, f"step {number}", run)

    return (step(1, "create table a (x integer)"), step(2, "alter table a add column y integer"),
            step(3, "create index a_y on a (y)"))


def version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return int(db.execute("pragma user_version").fetchone()[0])
    finally:
        db.close()


def test_migrations_run_in_order_once_each_and_are_recorded(tmp_path: Path) -> None:
    ran: list[int] = []
    log: list[str] = []
    Core(tmp_path / "test.db", steps(ran)[:2], log.append).close()
    assert ran == [1, 2] and log == ["step 1", "step 2"] and version(tmp_path / "test.db") == 2
    Core(tmp_path / "test.db", steps(ran), log.append).close()  # a later server: only the new step
    assert ran == [1, 2, 3] and log[-1] == "step 3" and version(tmp_path / "test.db") == 3
    Core(tmp_path / "test.db", steps(ran), log.append).close()  # opened again: nothing runs
    assert ran == [1, 2, 3] and len(log) == 3


def test_a_migration_that_fails_leaves_the_file_at_the_version_before(tmp_path: Path) -> None:
    def broken(db: sqlite3.Connection) -> list[str]:
        db.execute("create table b (x integer)")
        raise sqlite3.OperationalError("disk I/O error")

    ran: list[int] = []
    with pytest.raises(sqlite3.OperationalError):
        Core(tmp_path / "test.db", (*steps(ran)[:1], Migration(2, "broken", broken)), lambda text: None)
    assert version(tmp_path / "test.db") == 1
    db = sqlite3.connect(tmp_path / "test.db")
    assert [row[0] for row in db.execute("select name from sqlite_master")] == ["a"]  # b rolled back
    db.close()


def test_migrations_out_of_order_are_refused(tmp_path: Path) -> None:
    ran: list[int] = []
    first, second, third = steps(ran)
    with pytest.raises(ValueError, match="numbered"):
        Core(tmp_path / "test.db", (first, third, second), lambda text: None)
    assert ran == []


def test_a_file_of_a_later_server_is_left_as_it_is(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "test.db")
    db.execute("pragma user_version = 9")
    db.close()
    ran: list[int] = []
    Core(tmp_path / "test.db", steps(ran), lambda text: None).close()
    assert ran == [] and version(tmp_path / "test.db") == 9
