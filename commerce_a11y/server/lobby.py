"""The server's people: the lobby's commands, and handing a person's lines to their table.

A connection logs in first (``login.py``: a name, a password), then it is in the lobby, or back in its seat if it
sat at a table. Every sentence is said in the person's language (``speaking``), which the account remembers with
their verbosity and card style. People and tables are known by their names' identities (``names.identity``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from ..bots import BOT_KINDS
from ..console.parser import normalize, setting_vocabulary, setting_word
from ..console.session import match_title
from ..i18n import LANGUAGES, _, speaking
from ..narration.narrator import CardStyle, Verbosity
from ..rules import OptionError, parse_assignments, ruleset
from .accounts import Store
from .admission import Admission
from .connection import DROPPED, TOO_LONG, Connection
from .guesses import Guesses
from .login import Login
from .names import identity, looks, same, table_name_refusal
from .saves import Writes
from .table import GRACE, Table
from .thinking import Thinkers
from .words import GAME_SETTINGS, lobby_command, lobby_word

LOGIN_SECONDS = 60.0
"""A connection must log in within this time: the name and the password (for a new account, both passwords)."""
LOBBY_IDLE = 30 * 60.0
"""A connection idle this long in the lobby is closed (one seated at a table is never timed out)."""
LOGINS_PER_MINUTE = 20
"""Login attempts (names given) per address and minute."""
WAITING_PER_ADDRESS = 3
"""Connections from one address that may be logging in at once."""
CHAT_LINES, CHAT_WINDOW = 5, 10.0
"""At most this many chat lines in this many seconds."""
CHAT_LIMIT = 300
SEATS_DEFAULT, LEVEL_DEFAULT = 4, "heuristic"
TABLES_PER_ACCOUNT = 5
"""Tables one account may have a seat at when it makes another (one account made 2,000 tables in 17 s)."""
CLOSE_AFTER = 7 * 24 * 3600.0
"""Seconds after which a table nobody has sat at is closed, its record kept for those who played."""
SWEEP_EVERY = 600.0
SAVE_THREADS = 4
"""Threads that write saves and records: they mostly wait in fsync, which runs in parallel; more of them only
contend with the event loop for the interpreter (bench/serve_load.py: 8 threads stalled the loop up to 100 ms)."""


@dataclass
class Limits:
    """What one server allows: connections in all and per address, seconds idle in the lobby and to log in, the
    grace period of a dropped seat, login attempts per address and minute, connections not logged in yet, in all
    (None: a fifth of ``connections``) and per address (``admission.py``), the tables one account may sit at, and
    the seconds after which a table nobody has sat at is closed."""

    connections: int = 500
    per_address: int = 10
    idle: float = LOBBY_IDLE
    login: float = LOGIN_SECONDS
    grace: int = GRACE
    logins: int = LOGINS_PER_MINUTE
    waiting: int | None = None
    waiting_per_address: int = WAITING_PER_ADDRESS
    tables: int = TABLES_PER_ACCOUNT
    close_after: float = CLOSE_AFTER


def within_rate(times: deque[float], limit: int, window: float, add: bool = True) -> bool:
    """Whether another event stays within ``limit`` per ``window`` seconds, given the times of the ones before
    (``times``, oldest first; those older than the window are dropped), and count it unless ``add`` is False."""
    now = time.monotonic()
    while times and now - times[0] > window:
        times.popleft()
    if len(times) >= limit:
        return False
    if add:
        times.append(now)
    return True


class Server:
    """Everything one ``commerce serve`` process holds: people, tables, accounts, workers and the log."""

    def __init__(self, data: Path, limits: Limits | None = None, thinkers: Thinkers | None = None,
                 log: Callable[[str], None] | None = None, clock: Callable[[], float] = time.time) -> None:
        self.data = data
        self.clock = clock
        """The wall clock (seconds since the epoch) by which tables nobody sits at are closed (a test's own)."""
        self.limits = limits or Limits()
        self._log = log or (lambda text: None)
        self.store = Store(data / "server.db", self.log)
        self.thinkers = thinkers or Thinkers()
        self.io = ThreadPoolExecutor(SAVE_THREADS, thread_name_prefix="save")
        self.writes = Writes(self.io, SAVE_THREADS)
        self.hashing = ThreadPoolExecutor(2, thread_name_prefix="hash")
        self.tables: dict[str, Table] = {}
        self.online: dict[str, Session] = {}
        self.sessions: set[Session] = set()
        self.admission = Admission(self.limits, self.log)
        self.attempts: dict[str, deque[float]] = {}
        self.guesses = Guesses()
        self.tasks: set[asyncio.Task[None]] = set()

    def log(self, text: str) -> None:
        self._log(text)

    async def write(self, function: Callable[..., Any], *args: Any) -> Any:
        """File work (saves, records) in a thread: the disk never holds up the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.io, function, *args)

    def records_folder(self, account: str) -> Path:
        digest = hashlib.sha256(identity(account).encode("utf-8")).hexdigest()[:16]
        return self.data / "records" / digest

    # ----- tables -----

    def restore_tables(self) -> None:
        """Every table of the index, its match from its save: the same cards and turn as at the last move."""
        for ident, name, spec in self.store.tables():
            try:
                rules = ruleset(spec["ruleset"], **spec["options"])
                table = Table(self, ident, name, rules, int(spec["seats"]), spec["level"], spec["host"],
                              spec.get("code"), spec.get("hints"), spec.get("timer"), int(spec.get("grace", GRACE)))
                seating = list(spec["seating"])[: table.seats]
                table.seating = seating + [None] * (table.seats - len(seating))
                table.seen = float(spec.get("seen", table.seen))
            except (KeyError, TypeError, ValueError, OptionError) as error:
                self.log(f"table {name} not restored: {error!r}")
                continue
            if table.restore():  # whatever the index says: its last write may have failed on a full disk
                self.log(f"table {name} restored at hand {table.match.hand_no if table.match else 0}")
                if table.match is not None and table.match.over:
                    # Stopped between the match's last save and its filing: the records are kept now.
                    task = asyncio.get_running_loop().create_task(table.finish())
                    self.tasks.add(task)
                    task.add_done_callback(self.tasks.discard)
            elif not table.people:
                self.store.drop_table(ident)
                continue
            self.tables[identity(name)] = table

    def table(self, name: str) -> Table | None:
        return self.tables.get(identity(name.strip()))

    def lookalike_table(self, name: str) -> Table | None:
        """A table whose name looks like ``name`` (``names.looks``), which a new table may not be called."""
        seen = looks(name)
        return next((table for table in self.tables.values() if looks(table.name) & seen), None)

    def seated_at(self, account: str) -> Table | None:
        """The table where the account has a seat in a match being played (or waiting to be started)."""
        for table in self.tables.values():
            if table.seat_of(account) is not None and table.state in ("playing", "waiting"):
                return table
        return None

    def drop_if_empty(self, table: Table) -> None:
        if table.present or table.spectators or table.state == "playing":
            return
        if table.people and table.state == "waiting":
            return
        self.forget(table)
        self.log(f"table {table.name} closed")

    def forget(self, table: Table) -> None:
        """The table is gone: from the tables people can name, and from the index."""
        if self.tables.get(identity(table.name)) is table:
            del self.tables[identity(table.name)]
        self.store.drop_table(table.ident)

    async def sweep(self) -> None:
        """Close every table nobody has sat at for ``Limits.close_after`` seconds, now and then for as long as the
        server runs (a table kept "playing" with nobody there costs the index and ``tables`` for ever)."""
        while True:
            for table in self.abandoned():
                await table.close()
            await asyncio.sleep(min(SWEEP_EVERY, self.limits.close_after / 2))

    def abandoned(self) -> list[Table]:
        now = self.clock()
        return [t for t in self.tables.values() if not t.present and now - t.seen > self.limits.close_after]

    def open_tables(self, account: str) -> int:
        """How many tables the account has a seat at (waiting, playing or just over)."""
        return sum(1 for table in self.tables.values() if table.seat_of(account) is not None)

    # ----- records owed -----

    def deliver(self, session: Session, owed: list[tuple[str, int]] | None = None) -> None:
        """Send the records this person is owed (``owed``: a match that just ended, else those the store lists) to
        ``commerce join`` (GMCP ``Commerce.Record``), which keeps them where ``commerce replay`` finds them. Another
        client hears where a just finished match's record is kept on the server; it stays owed, so that the person's
        next login with ``commerce join`` brings it home.

        Only a client that keeps records has its records read (in the event loop, which every table waits for: at
        the end of each match, once for each person, for nothing when nobody could keep them)."""
        if not self.keeps_records(session):
            with speaking(session.lang):
                for path, _seat in owed or ():
                    session.say([_("The match's record is kept on the server as {name}.").format(
                        name=Path(path).name)])
            return
        for path, seat in self.store.owed(session.account) if owed is None else owed:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except OSError:
                self.store.delivered(session.account, path)
                continue
            self.send_record(session, Path(path).name, seat, text.splitlines())
            self.store.delivered(session.account, path)  # commerce join says where it kept it

    @staticmethod
    def keeps_records(session: Session) -> bool:
        """Whether the client keeps the records sent to it (``commerce join``), not only hears about them."""
        return session.conn.gmcp and session.client_records

    def send_record(self, session: Session, name: str, seat: int, lines: list[str]) -> bool:
        """A finished match's record to a client that keeps records (``commerce join``); False for other clients."""
        if not self.keeps_records(session):
            return False
        session.gmcp("Commerce.Record", {"name": name, "seat": seat, "lines": lines})
        return True

    # ----- connections -----

    def opened(self, conn: Connection) -> None:
        conn.log = self.log
        if not self.admission.admit(conn):
            return
        session = Session(self, conn)
        self.sessions.add(session)
        self.log(f"connect {conn.peer}")
        task = asyncio.get_running_loop().create_task(session.run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def closed(self, session: Session) -> None:
        self.sessions.discard(session)
        self.admission.closed(session.conn)
        self.log(f"disconnect {session.conn.peer} {session.account or '-'}")

    def rate(self, book: dict[str, deque[float]], key: str, limit: int, window: float, add: bool = True) -> bool:
        """Whether another event under ``key`` stays within ``limit`` per ``window`` seconds (and count it)."""
        return within_rate(book.setdefault(key, deque()), limit, window, add)

    def lobby_sessions(self) -> list[Session]:
        return [s for s in self.online.values() if s.place is None]


class Session:
    """One connection's person: their account, settings and place (the lobby or a table)."""

    def __init__(self, server: Server, conn: Connection) -> None:
        self.server = server
        self.conn = conn
        self.account = ""
        self.lang = "en"
        self.verbosity = "normal"
        self.cards = "names"
        self.chosen: dict[str, str] = {}
        self.place: Table | None = None
        self.chat: deque[float] = deque()
        self.client_records = False
        conn.on_gmcp = self.on_gmcp
        conn.on_fault = self.on_fault

    # ----- output -----

    @property
    def gmcp_on(self) -> bool:
        return self.conn.gmcp

    def say(self, lines: list[str]) -> None:
        self.conn.say(lines)

    def prompt(self, text: str, kind: str) -> None:
        self.conn.send_ask(kind)
        self.conn.prompt(text)

    def gmcp(self, package: str, data: Any) -> None:
        self.conn.send_gmcp(package, data)

    def settings(self) -> tuple[str, str, str]:
        return self.lang, self.verbosity, self.cards

    def t(self, message: str) -> str:
        """``message`` in the person's language as it is now (while logging in, ``commerce join`` may say it)."""
        with speaking(self.lang):
            return _(message)

    # ----- GMCP from the client -----

    def on_gmcp(self, package: str, data: Any) -> None:
        """A GMCP message from the client, of any shape, before or after logging in. The server reads two kinds, and
        only in the shape they have (package names compared without case, as GMCP does): ``Core.Supports.Set`` (or
        ``.Add``, ``.Remove``) with a list of "Package version" strings, of which only ``Commerce.Record`` counts
        (the client keeps records), and ``Commerce.Settings`` with an object whose known settings count if they
        are known values. Anything else (another package, data of another type, an empty or odd item) is ignored:
        GMCP wants no answer, and a client's bytes never end its connection."""
        kind = package.lower()
        if kind in ("core.supports.set", "core.supports.add", "core.supports.remove"):
            if not isinstance(data, list):
                return
            named = any(isinstance(d, str) and d.split()[:1] == ["Commerce.Record"] for d in data)
            if kind == "core.supports.set":
                self.client_records = named
            elif named:
                self.client_records = kind == "core.supports.add"
        elif kind == "commerce.settings" and isinstance(data, dict):
            # ``commerce join`` says the player's language and settings as it connects.
            lang = data.get("language")
            if lang in LANGUAGES:
                self.lang = lang
                self.chosen["lang"] = lang
            if data.get("verbosity") in Verbosity.__members__.values():
                self.verbosity = self.chosen["verbosity"] = data["verbosity"]
            if data.get("cards") in CardStyle.__members__.values():
                self.cards = self.chosen["cards"] = data["cards"]
            if self.account:
                self.keep_settings()

    def on_fault(self) -> None:
        """Handling this person's bytes failed (``Connection.fault``, which logs it and closes the connection)."""
        with speaking(self.lang):
            self.say([_("Something went wrong on the server; please log in again.")])

    # ----- the session -----

    async def run(self) -> None:
        try:
            if await Login(self).run():
                self.arrive()
                await self.lobby()
        except (ConnectionError, asyncio.CancelledError):
            pass
        except Exception as error:  # one person's fault never stops the server
            self.server.log(f"error {self.account or self.conn.peer}: {error!r}")
            with contextlib.suppress(Exception), speaking(self.lang):
                self.say([_("Something went wrong on the server; please log in again.")])
        finally:
            self.gone()
            self.conn.close()
            self.server.closed(self)

    async def read(self, timeout: float | None) -> str | None:
        try:
            return await asyncio.wait_for(self.conn.read_line(), timeout)
        except TimeoutError:
            with speaking(self.lang):
                self.say([_("Idle too long; goodbye.")])
            return None

    def keep_settings(self) -> None:
        self.server.store.remember(self.account, {"lang": self.lang, "verbosity": self.verbosity, "cards": self.cards})

    def arrive(self) -> None:
        """Logged in: a second login of the same account takes over from the first."""
        self.server.admission.logged_in(self.conn)
        key = identity(self.account)
        old = self.server.online.get(key)
        if old is not None and old is not self:
            with speaking(old.lang):
                old.say([_("You logged in elsewhere; goodbye.")])
            old.gone()
            old.conn.close()
        self.server.online[key] = self
        client = "/".join(self.conn.ttypes) or "-"
        self.server.log(f"login {self.account} from {self.conn.peer} client {client} mtts {self.conn.mtts}")

    def gone(self) -> None:
        """The connection ended: the seat waits for its grace period; a spectator stops watching."""
        key = identity(self.account)
        if self.account and self.server.online.get(key) is self:
            del self.server.online[key]
        table, self.place = self.place, None
        if table is None:
            return
        if self in table.spectators:
            del table.spectators[self]
        else:
            seat = table.seat_of(self.account)
            if seat is not None and table.present.get(seat) is self:
                if table.state == "playing":
                    table.away(seat)
                else:
                    table.present.pop(seat, None)
                    table.pass_host()
        self.server.drop_if_empty(table)

    async def quit(self) -> None:
        with speaking(self.lang):
            if self.place is not None and self.place.state == "playing" and self in self.place.present.values():
                self.say([_("Goodbye. Your seat waits for you; log in again to play on.")])
            else:
                self.say([_("Goodbye.")])
        self.conn.close()

    # ----- the lobby -----

    async def lobby(self) -> None:
        with speaking(self.lang):
            tables = len(self.server.tables)
            self.say([_("Welcome, {name}. Online: {people}; tables: {tables}. Type help for the commands.").format(
                name=self.account, people=len(self.server.online), tables=tables)])
            self.server.deliver(self)
        table = self.server.seated_at(self.account)
        if table is not None:
            self.place = table
            with speaking(self.lang):
                self.say([_("Back at table {name}.").format(name=table.name)])
            table.back(self)
        self.prompt_place(first=True)
        while True:
            idle = self.server.limits.idle if self.place is None else None
            line = await self.read(idle)
            if line is None:
                return
            with speaking(self.lang):
                if line in (TOO_LONG, DROPPED):
                    self.say([_("That line is too long; it is left out.") if line == TOO_LONG else
                              _("Too many lines at once; some were left out.")])
                    self.ask_again()
                else:
                    try:
                        await self.handle(line)
                    except (ConnectionError, asyncio.CancelledError):
                        raise
                    except Exception as error:  # one command's fault: logged, said in one sentence, play goes on
                        self.server.log(f"error {self.account}: {error!r}")
                        self.say([_("That did not work on the server; the game goes on.")])
            if self.conn.closed or self.conn.transport is None or self.conn.transport.is_closing():
                return

    def prompt_place(self, first: bool = False) -> None:
        """The question of where the person is: the lobby's, or a table's before and after its match (a match's
        questions are the table's)."""
        table = self.place
        with speaking(self.lang):
            if table is None:
                self.prompt(_("Lobby? "), "lobby")
            elif self in table.spectators:
                if table.state != "playing":
                    self.prompt(_("Watching {name}? ").format(name=table.name), "table")
            elif table.state != "playing":
                self.prompt(_("Table {name}? ").format(name=table.name), "table")

    def ask_again(self) -> None:
        """The question the person was last asked, again (after a line that was refused before it was read)."""
        table = self.place
        if table is not None and table.state == "playing":
            seat = table.seat_of(self.account)
            if seat is not None and self not in table.spectators:
                table.reask(seat)
            return
        self.prompt_place()

    async def handle(self, line: str) -> None:
        if not line.strip():
            if self.place is None or self.place.state != "playing":
                self.prompt_place()
            return
        command, rest = lobby_command(line, self.lang)
        table = self.place
        playing = table is not None and table.match is not None and table.state in ("playing", "over")
        if command is None or (playing and command in GAME_SETTINGS):
            if playing:
                assert table is not None
                await table.line(self, line)
                if table.state == "over" and self.place is table:
                    self.prompt_place()
                return
            self.say([_("I do not know {word}. Type help for the commands.").format(word=line.split()[0][:20])])
        else:
            await self.command(command, rest)
        if not self.conn.closed and (self.place is None or self.place.state != "playing"):
            self.prompt_place()

    async def command(self, command: str, rest: str) -> None:
        handler = getattr(self, "do_" + command)
        await handler(rest)

    async def do_help(self, rest: str) -> None:
        w = lambda c: lobby_word(self.lang, c)  # noqa: E731
        if self.place is None:
            self.say([
                _("Lobby: {tables}, {create}, {join} NAME, {watch} NAME, {who}, {say} TEXT, {quit}.").format(
                    tables=w("tables"), create=w("create"), join=w("join"), watch=w("watch"), who=w("who"),
                    say=w("say"), quit=w("quit")),
                _("New table: {create} commerce name=NAME seats=4 bots=heuristic, then ruleset options (chips=5), "
                  "private=yes, hints=on, timer=60.").format(create=w("create")),
                _("Settings: {language} de, {verbosity} brief, {cards} codes.").format(
                    language=w("language"), verbosity=w("verbosity"), cards=w("cards")),
            ])
        else:
            self.say([_("Table: {start} (the host), {leave}, {say} TEXT, {who}, {set} hints=on or timer=60.").format(
                start=w("start"), leave=w("leave"), say=w("say"), who=w("who"), set=w("set"))])

    async def do_quit(self, rest: str) -> None:
        await self.quit()

    async def do_tables(self, rest: str) -> None:
        tables = list(self.server.tables.values())
        if not tables:
            self.say([_("No tables yet. Make one with: create commerce")])
            return
        self.say([table_line(t) for t in tables])

    async def do_who(self, rest: str) -> None:
        people = []
        for session in self.server.online.values():
            where = session.place.name if session.place is not None else _("lobby")
            people.append(_("{name} ({language}, {place})").format(name=session.account, language=session.lang,
                                                                    place=where))
        self.say([_("Online: {people}.").format(people=", ".join(people))])

    async def do_say(self, rest: str) -> None:
        text = rest.strip()[:CHAT_LIMIT]
        if not text:
            self.say([_("Say what? For example: say hello")])
            return
        if not within_rate(self.chat, CHAT_LINES, CHAT_WINDOW):
            self.say([_("Too many messages; wait a moment.")])
            return
        name = self.account
        listeners = self.place.everyone() if self.place is not None else self.server.lobby_sessions()
        for session in listeners:
            with speaking(session.lang):
                session.say([_("{name} says: {text}").format(name=name, text=text)])

    async def do_language(self, rest: str) -> None:
        self.setting("language", rest)

    async def do_verbosity(self, rest: str) -> None:
        self.setting("verbosity", rest)

    async def do_cards(self, rest: str) -> None:
        self.setting("cards", rest)

    async def do_speech(self, rest: str) -> None:
        self.setting("speech", rest)

    def setting(self, name: str, argument: str) -> None:
        """A setting for this person, remembered with their account; their seat hears with it from now on."""
        arg = normalize(argument)
        value = setting_vocabulary(self.lang).get(arg, arg)
        if name == "language" and arg in LANGUAGES:
            self.lang = arg
            with speaking(self.lang):
                self.say([_("Language: English.")])
        elif name == "verbosity" and value in Verbosity.__members__.values():
            self.verbosity = value
            self.say([_("Verbosity: {value}.").format(value=setting_word(self.lang, value))])
        elif name == "cards" and value in CardStyle.__members__.values():
            self.cards = value
            self.say([_("Cards: {value}.").format(value=setting_word(self.lang, value))])
        elif name == "speech":
            self.say([_("Speech comes from your own program: commerce join --speech on, or your screen reader.")])
            return
        else:
            self.say([{
                "verbosity": _("Type verbosity brief, normal or verbose."),
                "cards": _("Type cards names or cards codes."),
                "language": _("Type language de, nl or en."),
            }[name]])
            return
        self.chosen.update({"lang": self.lang, "verbosity": self.verbosity, "cards": self.cards})
        self.keep_settings()
        listener = self.place.listener_of(self) if self.place is not None else None
        if listener is not None:
            listener.settle(self.lang, self.verbosity, self.cards)

    async def do_create(self, rest: str) -> None:
        if self.place is not None:
            self.say([_("Leave this table first.")])
            return
        words = rest.split()
        if not words or "=" in words[0]:
            self.say([_("Which ruleset? For example: create commerce name=Evening seats=4 bots=heuristic")])
            return
        try:
            table_options = parse_assignments(words[1:])
        except OptionError as error:
            self.say([error.sentence(_)])
            return
        seated = self.server.open_tables(self.account)
        if seated >= self.server.limits.tables:
            self.say([_("You have a seat at {count} tables already; finish or leave one first.").format(count=seated)])
            return
        name = table_options.pop("name", "") or self.account
        refusal = table_name_refusal(name)
        if refusal is not None:
            self.say([refusal.sentence()])
            return
        existing = self.server.table(name) or self.server.lookalike_table(name)
        if existing is not None:
            self.say([_("There is a table {name} already; choose another name.").format(name=existing.name)])
            return
        seats_text = table_options.pop("seats", str(SEATS_DEFAULT))
        level = table_options.pop("bots", LEVEL_DEFAULT)
        private = table_options.pop("private", "no").lower() in ("yes", "on", "true", "1")
        hints_text = table_options.pop("hints", "")
        timer_text = table_options.pop("timer", "off")
        grace_text = table_options.pop("grace", str(self.server.limits.grace))
        if level not in BOT_KINDS:
            self.say([_("{level} is not a computer player level. Levels: {levels}.").format(
                level=level[:20], levels=", ".join(BOT_KINDS))])
            return
        if not seats_text.isdecimal():
            self.say([_("How many seats? For example seats=4.")])
            return
        timer = None if timer_text.lower() in ("off", "no", "0", "") else timer_text
        if timer is not None and (not timer.isdecimal() or not 5 <= int(timer) <= 600):
            self.say([_("The turn timer: seconds from 5 to 600, or timer=off.")])
            return
        if not grace_text.isdecimal() or not 0 <= int(grace_text) <= 3600:
            self.say([_("The grace period: seconds from 0 to 3600.")])
            return
        hints = None if not hints_text else hints_text.lower() in ("on", "yes", "true", "1")
        try:
            rules = ruleset(words[0].lower(), **table_options)
            rules.check_players(int(seats_text))
        except OptionError as error:
            self.say([error.sentence(_)])
            return
        code = f"{secrets.randbelow(10**6):06d}" if private else None
        table = Table(self.server, secrets.token_hex(6), name, rules, int(seats_text), level, self.account, code,
                      hints, int(timer) if timer else None, int(grace_text))
        self.server.tables[identity(name)] = table  # the name is taken from now on
        table.sit(self)
        self.place = table
        if not await table.remembered():  # only a table a restart will find
            self.place = None
            self.server.forget(table)
            self.say([_("The server cannot save right now: try again in a moment.")])
            return
        self.server.log(f"table {name} created by {self.account}: {rules.name} {dict(rules.options)} "
                        f"seats {table.seats} bots {level}{' private' if private else ''}")
        self.say([_("Table {name}: {ruleset}, {seats} seats; you are the host. Say start when everyone is "
                    "seated.").format(name=name, ruleset=match_title(rules), seats=table.seats)])
        if code:
            self.say([_("Private table; its invite code is {code}: join {name} {code}.").format(code=code, name=name)])

    def named_table(self, rest: str) -> tuple[Table | None, str]:
        """The table a command names first (said when there is none) and the invite code after its name."""
        name, _sep, code = rest.strip().partition(" ")
        table = self.server.table(name) if name else None
        if table is None:
            self.say([_("There is no table {name}. Say tables for the list.").format(name=name[:20])])
        return table, code.strip()

    async def do_join(self, rest: str) -> None:
        table, code = self.named_table(rest)
        if table is None:
            return
        if self.place is not None and self.place is not table:
            self.say([_("Leave this table first.")])
            return
        if table.code and table.seat_of(self.account) is None and code != table.code:
            self.say([_("Table {name} is private: join it with its invite code.").format(name=table.name)])
            return
        if table.seat_of(self.account) is not None:
            self.place = table
            self.say([_("Back at table {name}.").format(name=table.name)])
            table.back(self)
            return
        seat = table.sit(self)
        if seat is None:
            self.say([_("Table {name} has no free seat; you can watch it.").format(name=table.name)])
            return
        self.place = table
        account = self.account
        table.tell_all(lambda: [_("{name} sits down at seat {seat}.").format(name=account, seat=seat + 1)],
                       exclude=self)
        self.say([_("You sit at table {name}, seat {seat}; {host} is the host.").format(
            name=table.name, seat=seat + 1, host=table.host)])
        self.server.log(f"{account} joins {table.name}")

    async def do_watch(self, rest: str) -> None:
        table, code = self.named_table(rest)
        if table is None:
            return
        if self.place is not None:
            self.say([_("Leave this table first.")])
            return
        if table.code and code != table.code:
            self.say([_("Table {name} is private: join it with its invite code.").format(name=table.name)])
            return
        if table.seat_of(self.account) is not None:
            self.say([_("You have a seat at table {name}: join {name} to play on.").format(name=table.name)])
            return
        self.place = table
        table.watch(self)
        match = table.match
        if match is not None and not match.over:
            self.say([_("You watch table {name}: {ruleset}, hand {hand}.").format(
                name=table.name, ruleset=match_title(match.rules), hand=match.hand_no)])
        else:
            self.say([_("You watch table {name}.").format(name=table.name)])
        self.server.log(f"{self.account} watches {table.name}")

    async def do_leave(self, rest: str) -> None:
        table = self.place
        if table is None:
            self.say([_("You are in the lobby.")])
            return
        self.place = None
        account = self.account
        table.stand_up(self)
        if table.state != "playing":
            table.tell_all(lambda: [_("{name} leaves the table.").format(name=account)])
        self.server.drop_if_empty(table)
        self.say([_("You are in the lobby.")])
        self.server.log(f"{account} leaves {table.name}")

    async def do_start(self, rest: str) -> None:
        table = self.place
        if table is None or self in table.spectators:
            self.say([_("Join a table first.")])
            return
        if not same(table.host, self.account):
            self.say([_("Only the host, {name}, can start.").format(name=table.host)])
            return
        if table.state == "playing":
            self.say([_("The match is on.")])
            return
        await table.start()

    async def do_set(self, rest: str) -> None:
        table = self.place
        if table is None or not same(table.host, self.account):
            self.say([_("Only a table's host can set its options.")])
            return
        try:
            options = parse_assignments(rest.split())
        except OptionError as error:
            self.say([error.sentence(_)])
            return
        for key, value in options.items():
            value = value.lower()
            if key == "hints" and value in ("on", "off", "yes", "no"):
                table.hints = value in ("on", "yes")
                table.tell_all(partial(_hints_lines, table.hints))
            elif key == "timer" and (value in ("off", "0") or (value.isdecimal() and 5 <= int(value) <= 600)):
                table.timer = None if value in ("off", "0") else int(value)
                table.tell_all(partial(_timer_lines, table.timer))
            else:
                self.say([_("Set hints=on, hints=off, timer=SECONDS or timer=off.")])
                return
        table.remember()


def _hints_lines(on: bool) -> list[str]:
    return [_("Hints: on.") if on else _("Hints: off.")]


def _timer_lines(seconds: int | None) -> list[str]:
    return [_("Turn timer: {seconds} seconds.").format(seconds=seconds) if seconds else _("Turn timer: off.")]


def table_line(table: Table) -> str:
    """One table in one line: name, ruleset, seats taken (by whom, in which language), and where it stands."""
    taken = len(table.people)
    if table.code:
        return _("{name}: private, {taken} of {seats} seats taken.").format(name=table.name, taken=taken,
                                                                            seats=table.seats)
    people = ", ".join(
        _("{name} ({language})").format(name=a, language=table.present[s].lang if s in table.present else "-")
        for s, a in enumerate(table.seating) if a is not None)
    title = match_title(table.rules)
    if table.state == "playing" and table.match is not None:
        return _("{name}: {ruleset}, hand {hand}; {people}; {computers} computer players.").format(
            name=table.name, ruleset=title, hand=table.match.hand_no, people=people,
            computers=table.seats - taken)
    return _("{name}: {ruleset}, {taken} of {seats} seats taken: {people}; host {host}.").format(
        name=table.name, ruleset=title, taken=taken, seats=table.seats, people=people, host=table.host)
