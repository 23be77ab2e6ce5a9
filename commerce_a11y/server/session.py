"""A person's connection to the server: their account, settings and place, and the one road of output to them.

A ``Session`` is what the login fills in (``login.py``), what the lobby's commands act for (``lobby.py``) and what a
table talks to (as a ``roles.Person``). Every sentence is said in the person's language (``speaking``), which the
account remembers with their verbosity and card style.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from ..i18n import LANGUAGES, N_, _, speaking
from ..narration.narrator import CardStyle, Verbosity
from ..seat.settings import ChangeSetting, Setting, setting_change
from ..wire.asks import AskKind
from .admission import Admission, network
from .allowances import Allowances, Rate, Verdict, Work, holder_of
from .connection import SUPPORTS_ITEMS, Connection
from .db.store import Store
from .names import identity
from .seats import TableState
from .table import Table

TOO_MANY_CHANGES = N_("Too many changes at once; wait a minute.")


class Rooms(Protocol):
    """What a session needs of the server: the index that remembers settings, who is online, the admission that
    counts logins, the budgets of work, the log, and leaving a table that may then be forgotten."""

    store: Store
    admission: Admission
    allowances: Allowances
    online: dict[str, Session]

    def log(self, text: str) -> None: ...

    def drop_if_empty(self, table: Table) -> None: ...


class Session:
    """One connection's person: their account, settings and place (the lobby or a table), and the one road of
    output to their connection: every line, prompt and GMCP message the server sends them goes through ``say``,
    ``prompt`` and ``gmcp`` here, whoever makes it (the login, the lobby, their table, their seat's narrator)."""

    def __init__(self, server: Rooms, conn: Connection) -> None:
        self.server = server
        self.conn = conn
        self.account = ""
        self.lang = "en"
        self.verbosity = "normal"
        self.cards = "names"
        self.chosen: dict[str, str] = {}
        self.place: Table | None = None
        self.client_records = False
        conn.on_gmcp = self.on_gmcp
        conn.on_fault = self.on_fault
        conn.on_reask = self.ask_again
        conn.allow_gmcp = self.allow_gmcp

    # ----- budgets -----

    @property
    def holder(self) -> str:
        """Whom this person's budgets are kept for: their account once logged in, their address before."""
        return holder_of(identity(self.account) if self.account else "", network(self.conn.peer))

    def budget(self, work: Work, rate: Rate | None = None) -> Verdict:
        """Count one piece of ``work`` against the person's budget (``Allowances.take``); the first refusal of a
        streak is one line in the server's log."""
        verdict = self.server.allowances.take(work, self.holder, rate)
        if verdict is Verdict.NO_SAY:
            self.server.log(f"over budget {self.holder} {self.conn.peer}: {work.name.lower()}")
        return verdict

    def allowed(self, work: Work, sentence: str = "", rate: Rate | None = None) -> bool:
        """Whether the person's budget for ``work`` has room (and count it); if not, ``sentence`` (a catalog
        entry) is said, the first time of a streak only."""
        verdict = self.budget(work, rate)
        if verdict is Verdict.NO_SAY and sentence:
            self.say([self.t(sentence)])
        return bool(verdict)

    async def paced(self, work: Work) -> None:
        """Count one piece of ``work``, after waiting until the person's budget has room for it."""
        while not self.server.allowances.take(work, self.holder):
            await asyncio.sleep(max(0.01, self.server.allowances.until(work, self.holder)))

    def allow_gmcp(self) -> bool:
        """A GMCP message from the client may be read (``Connection``): over budget it is dropped unread."""
        return self.allowed(Work.GMCP)

    # ----- output -----

    @property
    def gmcp_on(self) -> bool:
        return self.conn.gmcp

    @property
    def keeps_records(self) -> bool:
        """Whether the client keeps the records sent to it (``commerce join``), not only hears about them."""
        return self.conn.gmcp and self.client_records

    def say(self, lines: list[str]) -> None:
        self.conn.say(lines)

    def prompt(self, text: str, kind: AskKind) -> None:
        """A question, after GMCP ``Commerce.Ask`` with its kind (a client knows what is asked)."""
        self.conn.prompt(text, kind)

    def gmcp(self, package: str, data: Any, declared: bool = False) -> None:
        self.conn.send_gmcp(package, data, declared)

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
            named = any(isinstance(d, str) and d.split()[:1] == ["Commerce.Record"] for d in data[:SUPPORTS_ITEMS])
            if kind == "core.supports.set":
                self.client_records = named
            elif named:
                self.client_records = kind == "core.supports.add"
        elif kind == "commerce.settings" and isinstance(data, dict):
            # ``commerce join`` says the player's language and settings as it connects.
            if not self.allowed(Work.SETTING, TOO_MANY_CHANGES):
                return
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

    async def read(self, timeout: float | None) -> str | None:
        try:
            return await asyncio.wait_for(self.conn.read_line(), timeout)
        except TimeoutError:
            with speaking(self.lang):
                self.say([_("Idle too long; goodbye.")])
            return None

    def keep_settings(self) -> None:
        """Remember the person's settings with their account."""
        self.server.store.accounts.remember(self.account,
                                            {"lang": self.lang, "verbosity": self.verbosity, "cards": self.cards})

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
        table.gone(self)
        self.server.drop_if_empty(table)

    def to_lobby(self) -> None:
        """The table the person was at is gone (closed): they are in the lobby."""
        self.place = None

    async def quit(self) -> None:
        """Leave the server (the connection closes); a seat in a match being played waits for the person."""
        table = self.place
        with speaking(self.lang):
            if table is not None and table.state == TableState.PLAYING and self in table.present.values():
                self.say([_("Goodbye. Your seat waits for you; log in again to play on.")])
            else:
                self.say([_("Goodbye.")])
        self.conn.close()

    # ----- where the person is -----

    def prompt_place(self) -> None:
        """The question of where the person is: the lobby's, or a table's before and after its match (a match's
        questions are the table's)."""
        table = self.place
        with speaking(self.lang):
            if table is None:
                self.prompt(_("Lobby? "), AskKind.LOBBY)
            elif self in table.spectators:
                if table.state != TableState.PLAYING:
                    self.prompt(_("Watching {name}? ").format(name=table.name), AskKind.TABLE)
            elif table.state != TableState.PLAYING:
                self.prompt(_("Table {name}? ").format(name=table.name), AskKind.TABLE)

    def ask_again(self) -> None:
        """The question asked of the person now, again: after a line that was refused before it was read, or news
        said while their question was open (``Connection.say``); none where nothing is asked of them now (a match
        began while they were at the table's question, the turn timer played their turn)."""
        table = self.place
        listener = table.listener_of(self) if table is not None else None
        if listener is not None and listener.reader is not None:
            with speaking(listener.lang):
                self.prompt(listener.reader.prompt(), AskKind.RULES)
            return
        if table is not None and table.state == TableState.PLAYING:
            seat = table.seat_of(self.account)
            if seat is not None and self not in table.spectators:
                table.reask(seat)
            return
        self.prompt_place()

    def setting(self, name: str, argument: str) -> None:
        """A setting typed in the lobby: checked by the seat layer's one settings change, then used (within the
        budget of settings written)."""
        with speaking(self.lang):
            change = setting_change(Setting(name), argument, speech=False)
        said = change if isinstance(change, str) else self.use(change)
        if said:
            self.say([said])

    def use(self, change: ChangeSetting) -> str:
        """A checked setting for this person, remembered with their account (their seat hears with it from now
        on): the sentence that confirms it, in their language as it is now. Over the budget of settings written it
        is not used: the sentence that says so, the first time, else nothing ("")."""
        verdict = self.budget(Work.SETTING)
        if not verdict:
            return self.t(TOO_MANY_CHANGES) if verdict is Verdict.NO_SAY else ""
        if change.setting is Setting.LANGUAGE:
            self.lang = change.value
        elif change.setting is Setting.VERBOSITY:
            self.verbosity = change.value
        elif change.setting is Setting.CARDS:
            self.cards = change.value
        self.chosen.update({"lang": self.lang, "verbosity": self.verbosity, "cards": self.cards})
        self.keep_settings()
        listener = self.place.listener_of(self) if self.place is not None else None
        if listener is not None:
            listener.settle(self.lang, self.verbosity, self.cards)
        with speaking(self.lang):
            return change.said()
