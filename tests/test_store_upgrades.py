"""An old data folder's server.db upgraded in place (issue 37, part 2): files as the servers of each earlier schema
wrote them (tests/stores/schemaN.sql, made by those servers' own Store and dumped), opened by today's store, keep
their rows, reach the latest version, and are not migrated again when opened again. A new file's schema is the one
the server before the migrations made."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from commerce_a11y.server.db import migrations, store
from commerce_a11y.server.db.core import Migration
from commerce_a11y.server.db.store import Store
from commerce_a11y.server.passwords import verify_password

STORES = Path(__file__).parent / "stores"
LATEST = len(migrations.MIGRATIONS)
LATER = {"kept_tells", "kept_tells_receiver", "kept_tells_sender", "ignores", "sqlite_autoindex_ignores_1",
         "ignores_other", "friends", "sqlite_autoindex_friends_1", "friends_other", "operators",
         "sqlite_autoindex_operators_1", "bans", "sqlite_autoindex_bans_1", "mutes", "sqlite_autoindex_mutes_1",
         "reports", "ratings", "ratings_top", "sqlite_autoindex_ratings_1", "rated_matches",
         "sqlite_autoindex_rated_matches_1"}
"""What the steps after the server of 16df226 (schema 2, every table of step 3 there) add: tells, ignores and
friends (4); operators, bans, mutes and reports (5); ratings and the matches counted in them (6)."""
KELVIN_KIM, LONG_S_SAM = "\u212aim", "\u017fam"


def old_file(folder: Path, schema: int) -> Path:
    """server.db as the server of ``schema`` left it."""
    path = folder / "server.db"
    db = sqlite3.connect(path)
    db.executescript((STORES / f"schema{schema}.sql").read_text(encoding="utf-8"))
    db.close()
    return path


def version(store: Store) -> int:
    return int(store.core.read_one("pragma user_version")[0])


def schema(db: sqlite3.Connection) -> set[tuple[str, str]]:
    return {(row[0], row[1]) for row in db.execute("select name, sql from sqlite_master")}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the migrations that ran, in order (the store's own migrations, each counted)."""
    ran: list[int] = []

    def counting(step: Migration) -> Migration:
        run: Callable[[sqlite3.Connection], list[str]] = step.run

        def counted_run(db: sqlite3.Connection) -> list[str]:
            ran.append(step.number)
            return run(db)

        return Migration(step.number, step.title, counted_run)

    monkeypatch.setattr(store, "MIGRATIONS", tuple(counting(step) for step in migrations.MIGRATIONS))
    return ran


def test_a_file_of_the_schema_before_identities_is_upgraded_in_place(tmp_path: Path, counted: list[int]) -> None:
    """The server of e2e8cb6: no identities, no likeness, no addresses, no news, no version."""
    path = old_file(tmp_path, 0)
    log: list[str] = []
    opened = Store(path, log.append)
    try:
        assert counted == [1, 2, 3, 4, 5, 6] and version(opened) == LATEST
        accounts = opened.accounts
        assert accounts.find(KELVIN_KIM)[0] == "Kim"  # type: ignore[index]
        assert verify_password(accounts.find("kim")[1], "kims-secret")  # type: ignore[index]
        assert accounts.find("lan") is None and accounts.find("Ian")[0] == "Ian"  # type: ignore[index]
        assert accounts.find("Jörg")[0] == "JÖRG"  # type: ignore[index]
        assert accounts.find("Sam")[0] == LONG_S_SAM  # type: ignore[index]
        assert accounts.find("zoe") == ("Zoe", accounts.find("Zoe")[1], {"lang": "de"})  # type: ignore[index]
        assert sorted(line.split()[1] for line in log) == sorted([KELVIN_KIM, "lan", "Jörg", "Sam", "\u0410nna1"])
        assert all("disabled" in line for line in log)
        assert opened.deliveries.of("Kim") == [("/records/a.jsonl", 0)]  # 'KIM' in the file: now its identity
        assert opened.deliveries.of("ZOE") == [("/records/b.jsonl", 2)]
        assert opened.news.of("Kim") == []
        assert [(ident, name) for ident, name, _ in opened.index.entries()] == [("t1", "Left")]
        assert not opened.addresses.known("Kim", "127.0.0.1")
    finally:
        opened.close()
    again: list[str] = []
    reopened = Store(path, again.append)
    try:
        assert counted == [1, 2, 3, 4, 5, 6] and not again and version(reopened) == LATEST  # nothing ran again
        assert reopened.accounts.find("lan") is None
    finally:
        reopened.close()


def test_a_file_of_schema_1_is_rekeyed_and_gets_the_news(tmp_path: Path, counted: list[int]) -> None:
    """The server of 7223425: identities, a likeness by the narrower rule, no news table yet. René is like Rene by
    today's rule only: both keep logging in, and the log names René."""
    path = old_file(tmp_path, 1)
    log: list[str] = []
    opened = Store(path, log.append)
    try:
        assert counted == [2, 3, 4, 5, 6] and version(opened) == LATEST
        assert log == ["account René kept, though it sounds or reads like Rene, which is older"]
        assert opened.accounts.find("René")[0] == "René"  # type: ignore[index]
        assert opened.accounts.find("rene")[0] == "Rene"  # type: ignore[index]
        assert dict(opened.accounts.lookalikes("René"))["rene"] == "Rene"  # the older one owns what they share
        assert opened.accounts.find("Zoe")[2] == {"lang": "nl"}  # type: ignore[index]
        assert opened.addresses.known("Kim", "127.0.0.1")  # the file's salt kept: its hashes still match
        assert opened.deliveries.of("kim") == [("/records/a.jsonl", 0)]
        opened.news.add("Zoe", "/records/c.jsonl", 1)
        opened.core.settle()
        assert opened.news.of("zoe") == [("/records/c.jsonl", 1)]
    finally:
        opened.close()
    reopened = Store(path, log.append)
    reopened.close()
    assert counted == [2, 3, 4, 5, 6] and len(log) == 1


def test_todays_file_keeps_every_row_and_only_gets_its_version(tmp_path: Path, counted: list[int]) -> None:
    """The server of 16df226 (before the migrations): schema 2, every table there; migration 3 finds nothing to do
    but to record itself, and 4 and 5 add their tables."""
    path = old_file(tmp_path, 2)
    before = sqlite3.connect(path)
    rows = {table: before.execute(f"select * from {table} order by 1, 2").fetchall()
            for table in ("accounts", "tables", "deliveries", "news", "looks", "known", "meta")}
    tables = schema(before)
    before.close()
    log: list[str] = []
    opened = Store(path, log.append)
    try:
        assert counted == [3, 4, 5, 6] and not log and version(opened) == LATEST
        for table, kept in rows.items():
            assert opened.core.read(f"select * from {table} order by 1, 2") == kept, table
        assert {item for item in schema(opened.core.db) if item[0] not in LATER} == tables
        settings = {"lang": "de", "verbosity": "brief", "cards": "codes"}
        assert opened.accounts.find("zoe")[2] == settings  # type: ignore[index]
        assert opened.addresses.known("Kim", "127.0.0.1")
        assert opened.news.of("Ian") == [("/records/b.jsonl", 1)]
        assert opened.index.entries()[0][2] == {"ruleset": "commerce", "seats": 3, "host": "kim"}
    finally:
        opened.close()
    Store(path, log.append).close()
    assert counted == [3, 4, 5, 6]


def test_a_new_file_has_the_schema_the_server_before_the_migrations_made(tmp_path: Path) -> None:
    """tests/stores/schema2.sql was a new file of that server: today's new file has the same tables and index, and
    those of the steps since (``LATER``)."""
    made = Store(tmp_path / "new" / "server.db")
    try:
        fresh = schema(made.core.db)
        assert version(made) == LATEST
    finally:
        made.close()
    assert {item for item in fresh if item[0] not in LATER} == schema(sqlite3.connect(old_file(tmp_path, 2)))
    assert {item[0] for item in fresh} >= LATER


def test_a_file_of_schema_4_gets_the_ratings_and_keeps_its_rows(tmp_path: Path, counted: list[int],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A server of schema 4 (tells, ignores and friends): steps 5 and 6 alone run on its file, its rows stay, and
    the ratings begin empty."""
    path = tmp_path / "server.db"
    steps = store.MIGRATIONS  # counted (the fixture)
    monkeypatch.setattr(store, "MIGRATIONS", steps[:4])
    older = Store(path)
    try:
        older.ignores.add("Kim", "Zoe")
        older.core.settle()
    finally:
        older.close()
    monkeypatch.setattr(store, "MIGRATIONS", steps)
    opened = Store(path)
    try:
        assert counted == [1, 2, 3, 4, 5, 6] and version(opened) == LATEST == 6
        assert opened.ignores.of("kim") == {"zoe": "Zoe"}
        assert opened.ratings.of("Kim") == [] and opened.ratings.top("commerce", 10) == []
    finally:
        opened.close()
