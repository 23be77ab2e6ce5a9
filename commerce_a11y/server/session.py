"""A person on the server: their account, settings and place, and the one road of output to them.

A ``Session`` is what the login fills in (``login.py``), what the lobby's commands act for (``lobby.py``) and what a
table talks to (as a ``roles.Person``). It speaks through a ``peer.Peer``, whatever transport carries it. Every
sentence is said in the person's language (``speaking``), which the account remembers with their verbosity and
card style.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from ..i18n import LANGUAGES, N_, _, speaking
from ..narration.voice import CardStyle, Verbosity
from ..seat.settings import ChangeSetting, Setting, setting_change
from ..wire.asks import AskKind
from .admission import Admission, network
from .allowances import Allowances, Rate, Verdict, Work, holder_of
from .db.moderation import Sanction
from .db.store import Store
from .names import identity
from .peer import Line, Peer
from .resumes import Resumes
from .seats import TableState
from .table import Table

TOO_MANY_CHANGES = N_("Too many changes at once; wait a minute.")
SOUNDS = ("on", "off")
HEARD_KEPT = 50
"""Lines of talk a session keeps (``Session.heard``): what a report can quote (``reporting.HEARD_LINES`` of them
from one person)."""


class Rooms(Protocol):
    """What a session needs of the server: the index that remembers settings, who is online, the admission that
    counts logins, the budgets of work, the log, and leaving a table that may then be forgotten."""

    store: Store
    admission: Admission
    resumes: Resumes
    allowances: Allowances
    online: dict[str, Session]
    clock: Callable[[], float]

    def log(self, text: str) -> None: ...

    def drop_if_empty(self, table: Table) -> None: ...


class Session:
    """One peer's person: their account, settings and place (the lobby or a table), and the one road of output to
    their peer: every line, prompt and message of data the server sends them goes through ``say``, ``prompt`` and
    ``send`` here, whoever makes it (the login, the lobby, their table, their seat's narrator). It is the peer's
    ``Owner``: what the client sends besides lines comes to ``on_data``."""

    def __init__(self, server: Rooms, peer: Peer) -> None:
        self.server = server
        self.peer = peer
        self.account = ""
        self.lang = "en"
        self.verbosity = "normal"
        self.cards = "names"
        self.sounds = "on"
        """The browser page's sound cues, on or off (a client's own setting, kept with the account's)."""
        self.chosen: dict[str, str] = {}
        self.place: Table | None = None
        self.ignoring: dict[str, str] = {}
        """Whom the person ignores (``talk.py``): each one's identity, with their name; read at the login."""
        self.reply_to = ""
        """Who told the person something last (``reply`` answers them)."""
        self.friends: dict[str, str] = {}
        """The person's friends (``friends.py``): each one's identity, with their name; read at the login."""
        self.friend_news = "on"
        """Whether the person is told when a friend comes or goes (a setting kept with the account's)."""
        self.operator = False
        """An operator of the server (``operators.py``); read at the login."""
        self.muted: Sanction | None = None
        """An operator's mute in force (``talk.muted``); read at the login."""
        self.heard: deque[tuple[str, str]] = deque(maxlen=HEARD_KEPT)
        """The last lines of talk the person heard, each with its talker's identity (``talk.tell_line``), for a
        report (``reporting.py``)."""
        peer.attach(self)

    # ----- budgets -----

    @property
    def holder(self) -> str:
        """Whom this person's budgets are kept for: their account once logged in, their address before."""
        return holder_of(identity(self.account) if self.account else "", network(self.peer.address))

    def budget(self, work: Work, rate: Rate | None = None) -> Verdict:
        """Count one piece of ``work`` against the person's budget (``Allowances.take``); the first refusal of a
        streak is one line in the server's log."""
        verdict = self.server.allowances.take(work, self.holder, rate)
        if verdict is Verdict.NO_SAY:
            self.server.log(f"over budget {self.holder} {self.peer.address}: {work.name.lower()}")
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

    def allow_data(self) -> bool:
        """A message of data from the client may be read (``peer.Owner``): over budget it is dropped unread."""
        return self.allowed(Work.GMCP)

    # ----- output -----

    @property
    def takes_data(self) -> bool:
        """Whether the client takes structured data (a table's status, cues, records) at all."""
        return self.peer.takes_data

    @property
    def keeps_records(self) -> bool:
        """Whether the client keeps the records sent to it (``commerce join``), not only hears about them."""
        return self.peer.takes_data and self.peer.declared.records

    def say(self, lines: list[str]) -> None:
        self.peer.say(lines)

    def prompt(self, text: str, kind: AskKind) -> None:
        """A question, its kind told to a client that takes data (it knows what is asked)."""
        self.peer.prompt(text, kind)

    def send(self, package: str, data: Any) -> None:
        """A message of data (``package``: its name on the wire, "Commerce.Status"), if the client wants it."""
        self.peer.send(package, data)

    def settings(self) -> tuple[str, str, str]:
        return self.lang, self.verbosity, self.cards

    def t(self, message: str) -> str:
        """``message`` in the person's language as it is now (while logging in, ``commerce join`` may say it)."""
        with speaking(self.lang):
            return _(message)

    # ----- data from the client -----

    def on_data(self, package: str, data: Any) -> None:
        """A message of data from the client, of any shape, before or after logging in (what the client declares
        about itself, ``Core.Supports``, its peer read already: ``Peer.declared``). The session reads one kind, and
        only in its shape (package names compared without case, as GMCP does): ``Commerce.Settings`` with an object
        whose known settings count if they are known values. Anything else (another package, data of another type)
        is ignored: data wants no answer, and a client's input never ends its connection."""
        if package.lower() == "commerce.settings" and isinstance(data, dict):
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
            if data.get("sounds") in SOUNDS:
                self.sounds = self.chosen["sounds"] = data["sounds"]
            if self.account:
                self.keep_settings()

    def on_fault(self) -> None:
        """Handling this person's input failed (``intake.give_up``, which logs it and closes the peer)."""
        with speaking(self.lang):
            self.say([_("Something went wrong on the server; please log in again.")])

    # ----- the session -----

    async def read(self, timeout: float | None) -> Line:
        try:
            return await asyncio.wait_for(self.peer.read_line(), timeout)
        except TimeoutError:
            with speaking(self.lang):
                self.say([_("Idle too long; goodbye.")])
            return None

    def keep_settings(self) -> None:
        """Remember the person's settings with their account."""
        self.server.store.accounts.remember(self.account, {"lang": self.lang, "verbosity": self.verbosity,
                                                           "cards": self.cards, "sounds": self.sounds,
                                                           "friends": self.friend_news})

    def arrive(self) -> None:
        """Logged in: a second login of the same account takes over from the first."""
        self.server.admission.logged_in(self.peer)
        key = identity(self.account)
        old = self.server.online.get(key)
        if old is not None and old is not self:
            with speaking(old.lang):
                old.say([_("You logged in elsewhere; goodbye.")])
            old.gone()
            old.peer.close()
        self.server.online[key] = self
        self.ignoring = self.server.store.ignores.of(self.account)
        self.friends = self.server.store.friends.of(self.account)
        self.operator = self.server.store.moderation.is_operator(self.account)
        self.muted = self.server.store.moderation.sanction("mutes", self.account, self.server.clock())
        if self.peer.declared.wants("Commerce.Resume"):  # a page that can come back without the password
            self.send("Commerce.Resume", {"token": self.server.resumes.issue(self.account)})
        else:
            self.server.resumes.forget(self.account)  # the token of a login before is worthless
        self.send("Commerce.Settings", {"sounds": self.sounds})
        declared = self.peer.declared
        client = "/".join(declared.clients) or "-"
        self.server.log(f"login {self.account} from {self.peer.address} client {client} mtts {declared.mtts}")

    def gone(self) -> None:
        """The peer is gone: the seat waits for its grace period; a spectator stops watching."""
        key = identity(self.account)
        if self.account and self.server.online.get(key) is self:
            del self.server.online[key]
            self.server.resumes.left(self.account)
        table, self.place = self.place, None
        if table is None:
            return
        table.gone(self)
        self.server.drop_if_empty(table)

    def to_lobby(self) -> None:
        """The table the person was at is gone (closed): they are in the lobby."""
        self.place = None

    async def quit(self) -> None:
        """Leave the server (the peer closes); a seat in a match being played waits for the person."""
        table = self.place
        with speaking(self.lang):
            if table is not None and table.state == TableState.PLAYING and self in table.present.values():
                self.say([_("Goodbye. Your seat waits for you; log in again to play on.")])
            else:
                self.say([_("Goodbye.")])
        self.server.resumes.forget(self.account)  # a quit is not a lost connection: no coming back without a login
        self.peer.close()

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

    def where(self) -> str:
        """Where the person is, as a heading says it ("Lobby", "Table Full", "Watching Full"); "" while logging in
        (``peer.Owner``)."""
        table = self.place
        if not self.account:
            return ""
        with speaking(self.lang):
            if table is None:
                return _("Lobby")
            if self in table.spectators:
                return _("Watching {name}").format(name=table.name)
            return _("Table {name}").format(name=table.name)

    def ask_again(self) -> None:
        """The question asked of the person now, again: after a line that was refused before it was read, or news
        said while their question was open (``TelnetPeer.say``); none where nothing is asked of them now (a match
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
