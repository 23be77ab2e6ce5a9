"""The store's schema, as the numbered steps it grew by. A new file runs them all; a file of an older version runs
those after its own (``core.migrate``), so that a data folder of any earlier server is brought up to date where it
is. A step is never edited once released: a change to the schema is a new step at the end.

Before any version (``user_version`` 0) the file held three tables: accounts (a name, its hash, when it was made, its
settings), the table index and the records owed (``deliveries``).

1. Identities: every account got its identity (``names.identity``) and likeness, oldest first, and an account that
   is the same name as an older one, or looks like one, was disabled (kept, never reachable) and named in the log.
   The likeness (``looks``), the addresses each account logged in from lately (``known``, hashed) and the file's own
   values (``meta``) came with it.
2. Likeness as listeners meet it (ASCII spelling and skeletons in both cases): an account like an older one by that
   wider rule is kept and keeps logging in, named in the log, and no new name like either can be made.
3. News and the address salt: the table of matches that ended while their player was away, and the key of the
   addresses' hashes, which servers of versions 1 and 2 made whenever the file was opened (``create table if not
   exists``), not in a version of their own: a file of version 1 may lack the news.
4. Tells, ignores and friends: the tells kept for a person who was away, and whom each person ignores and calls a
   friend.
5. Moderation: the server's operators, bans and mutes (each until a time, or until lifted), and people's reports.
6. Ratings: each person's rating per ruleset, and the finished matches counted in them (``ratings.py``).
"""

from __future__ import annotations

import secrets
import sqlite3

from ..names import identity, likeness
from .core import Migration

_ACCOUNTS = """create table accounts (
    name text primary key collate nocase, hash text not null, created real not null, settings text not null,
    key text, disabled integer not null default 0
)"""
_BEFORE_IDENTITIES = (
    """create table if not exists tables (
    id text primary key, name text not null unique collate nocase, spec text not null, updated real not null
)""",
    """create table if not exists deliveries (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
)""",
)
_WITH_IDENTITIES = (
    "create table if not exists looks (look text primary key, account text not null)",
    """create table if not exists known (
    account text not null, address text not null, seen real not null, primary key (account, address)
)""",
    "create table if not exists meta (name text primary key, value text not null)",
)
_NEWS = """create table if not exists news (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
)"""


def identities(db: sqlite3.Connection) -> list[str]:
    """Version 1: every account its identity and likeness, oldest first; the log's lines for those disabled."""
    columns = {row[1] for row in db.execute("pragma table_info(accounts)")}
    if not columns:
        db.execute(_ACCOUNTS)
    elif "key" not in columns:
        db.execute("alter table accounts add column key text")
        db.execute("alter table accounts add column disabled integer not null default 0")
    for statement in (*_BEFORE_IDENTITIES, *_WITH_IDENTITIES):
        db.execute(statement)
    lines = []
    owners: dict[str, str] = {}
    rows = db.execute("select rowid, name from accounts order by created, rowid").fetchall()
    db.execute("delete from looks")
    for rowid, name in rows:
        key, seen = identity(name), likeness(name)
        older = owners.get(key) or next((owners[look] for look in sorted(seen) if look in owners), None)
        if older is not None:
            db.execute("update accounts set key = ?, disabled = 1 where rowid = ?", (key, rowid))
            lines.append(f"account {name} disabled: the same name as or a name like {older}, which is older")
            continue
        db.execute("update accounts set key = ?, disabled = 0 where rowid = ?", (key, rowid))
        db.executemany("insert into looks values (?, ?)", [(look, key) for look in seen])
        owners[key] = name
        owners.update((look, name) for look in seen)
    db.create_function("identity", 1, identity, deterministic=True)
    db.execute("update or replace deliveries set account = identity(account)")
    db.execute("create unique index if not exists accounts_key on accounts (key) where not disabled")
    return lines


def likeness_by_ear(db: sqlite3.Connection) -> list[str]:
    """Version 2: every account in use its likeness as listeners meet it, oldest first. An account like an older
    one is kept (its owner logs in as before) and named in the log; the older one owns the likeness they share."""
    lines = []
    owners: dict[str, str] = {}
    db.execute("delete from looks")
    for name, key in db.execute("select name, key from accounts where not disabled order by created, rowid"
                                ).fetchall():
        seen = sorted(likeness(name))
        older = next((owners[look] for look in seen if look in owners), None)
        if older is not None:
            lines.append(f"account {name} kept, though it sounds or reads like {older}, which is older")
        db.executemany("insert or ignore into looks values (?, ?)", [(look, key) for look in seen])
        owners.update((look, name) for look in seen if look not in owners)
    return lines


def news_and_salt(db: sqlite3.Connection) -> list[str]:
    """Version 3: the news table and the address salt, where a file has not got them yet."""
    db.execute(_NEWS)
    db.execute("insert or ignore into meta values ('address salt', ?)", (secrets.token_hex(16),))
    return []


def tells_ignores_and_friends(db: sqlite3.Connection) -> list[str]:
    """Version 4: tells kept for a person who was away, and whom each person ignores and calls a friend
    (``talk.py``)."""
    db.execute("""create table kept_tells (
    receiver text not null, sender text not null, sender_name text not null, text text not null, sent real not null
)""")
    db.execute("create index kept_tells_receiver on kept_tells (receiver)")
    db.execute("create index kept_tells_sender on kept_tells (sender)")
    for table in ("ignores", "friends"):
        db.execute(f"""create table {table} (
    account text not null, other text not null, other_name text not null, primary key (account, other)
)""")
        db.execute(f"create index {table}_other on {table} (other)")
    return []


def moderation(db: sqlite3.Connection) -> list[str]:
    """Version 5: operators, bans, mutes and reports (``moderation.py``)."""
    db.execute("create table operators (account text primary key, name text not null)")
    for table in ("bans", "mutes"):
        db.execute(f"""create table {table} (
    account text primary key, name text not null, until real, reason text not null, by text not null
)""")
    db.execute("""create table reports (
    reporter text not null, reported text not null, reported_name text not null, reason text not null,
    made real not null, heard text not null
)""")
    return []


def ratings(db: sqlite3.Connection) -> list[str]:
    """Version 6: each person's rating per ruleset, and the key of every finished match counted in them
    (``ratings.py``). The list of a ruleset (``top``) is read by its index, best first."""
    db.execute("""create table ratings (
    account text not null, name text not null, ruleset text not null, mu real not null, sigma real not null,
    matches integer not null, updated real not null, primary key (account, ruleset)
)""")
    db.execute("create index ratings_top on ratings (ruleset, mu - 3 * sigma)")
    db.execute("create table rated_matches (key text primary key, ruleset text not null, counted real not null)")
    return []


MIGRATIONS = (
    Migration(1, "identities", identities),
    Migration(2, "likeness as listeners meet it", likeness_by_ear),
    Migration(3, "news and the address salt", news_and_salt),
    Migration(4, "tells, ignores and friends", tells_ignores_and_friends),
    Migration(5, "operators, bans, mutes and reports", moderation),
    Migration(6, "ratings", ratings),
)
