"""What the server needs of one client's connection, whatever carries it: the ``Peer`` protocol.

A person's session, the login, the lobby and the admission talk to a ``Peer`` and to nothing below it, so that a
second transport (a browser's WebSocket beside telnet) is one more class that answers to it, not a change in any of
them. What is a transport's own stays in its peer: for telnet (``telnet_peer.py``) the IAC bytes, the marks after a
question, the character set and the ASCII spelling, the echo turned off for a password, and the question asked again
after news.

A line read is text, or a ``Refused`` saying why there is none to take (the limits are typed values, not strings a
client could send), or None once the client is gone. What the client declared about itself (its name, the packages
of structured data it takes, its character set) is read once, by the peer, into one ``Declared`` value.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Protocol

from ..i18n import N_
from ..wire.asks import AskKind

SUPPORTS_ITEMS = 32
"""Items of one ``Core.Supports`` message that are read; a longer list is read that far."""
PACKAGES = frozenset({"core", "commerce", "commerce.status", "commerce.ask", "commerce.cue", "commerce.record",
                      "commerce.settings", "commerce.resume", "comm", "comm.channel", "comm.channel.text"})
"""The packages of data the server sends (and the one that holds them): a client's ``Core.Supports`` keeps only
these, so that a list of a million made-up names costs nothing to keep."""
UNASKED = frozenset({"commerce.cue", "commerce.settings", "commerce.resume"})
"""Packages newer than the server's reading of ``Core.Supports``: a client that declared no packages at all was
never sent them, has no use for them, and is not sent them now."""
NAMED_ONLY = frozenset({"commerce.settings", "commerce.resume"})
"""Packages a client gets only if it named them (not with all of ``Commerce``): the browser's page's own, a resume
token above all, which no client that did not ask for it should hold."""
RECORDS = "commerce.record"
"""The package a client names to say it keeps the records sent to it (``commerce join``)."""


class Refused(Enum):
    """Why a line read is not a line to take: each is said to the person, and the question asked again."""

    TOO_LONG = "too long"
    """A line longer than the client may send; its text was dropped as it came."""
    DROPPED = "dropped"
    """Lines beyond the inbox (a book pasted in one piece): left out, and said once."""
    NOT_UTF8 = "not utf-8"
    """A secret line (a password) that is not UTF-8 text: refused, never decoded into something else."""
    NOT_TEXT = "not text"
    """A message that is not a line of text (a WebSocket's binary frame): left out."""


REFUSALS = {
    Refused.TOO_LONG: N_("That line is too long; it is left out."),
    Refused.DROPPED: N_("Too many lines at once; some were left out."),
    Refused.NOT_UTF8: N_("That password is not valid UTF-8 text; set your client to UTF-8."),
    Refused.NOT_TEXT: N_("Only lines of text are read here; that message is left out."),
}
"""What the person hears for each refusal (a catalog entry), whoever read the line."""

Line = str | Refused | None
"""What ``Peer.read_line`` gives: a line's text, why there is none, or None when the client is gone."""


@dataclass(frozen=True, slots=True)
class Declared:
    """What a client said about itself, as its peer read it (once: nobody else parses it again)."""

    supports: frozenset[str] | None = None
    """The packages the client declared (``Core.Supports``), lower case and only those the server sends; None
    until it declares any, and then it gets every package (old clients keep what they had)."""
    clients: tuple[str, ...] = ()
    """The names the client gave itself (telnet's terminal types, for the log)."""
    mtts: int | None = None
    """The MUD terminal type standard's bits, where the client sent them."""
    screen_reader: bool = False
    """The client says a screen reader reads along (MTTS): a new account hears brief sentences."""
    utf8: bool = False
    """The client reads UTF-8 (agreed, or shown by what it sends); else it is spelt ASCII."""
    resume: str | None = None
    """The resume token the client came back with (a browser's page: ``resumes.py``), for the login to take."""

    @property
    def records(self) -> bool:
        """Whether the client keeps the records sent to it (it named ``Commerce.Record`` itself)."""
        return self.supports is not None and RECORDS in self.supports

    def wants(self, package: str) -> bool:
        """Whether the client gets ``package`` ("Commerce.Status"): ``Core`` always; another if it or a package it
        is part of ("Commerce") was declared, the ``NAMED_ONLY`` only by their names; every one but the ``UNASKED``
        while it declared nothing."""
        parts = package.lower().split(".")
        if parts[0] == "core":
            return True
        if self.supports is None:
            return package.lower() not in UNASKED
        if package.lower() in NAMED_ONLY:
            return package.lower() in self.supports
        return any(".".join(parts[:n]) in self.supports for n in range(1, len(parts) + 1))

    def supporting(self, kind: str, data: Any) -> Declared:
        """After a ``Core.Supports.Set``, ``.Add`` or ``.Remove`` (``kind`` in lower case) with ``data`` a list of
        "Package version" strings: what the client declared from now on (itself for anything else)."""
        if kind not in ("core.supports.set", "core.supports.add", "core.supports.remove") or not isinstance(data, list):
            return self
        names = {d.split()[0].lower() for d in data[:SUPPORTS_ITEMS] if isinstance(d, str) and d.split()} & PACKAGES
        if kind == "core.supports.set":
            return replace(self, supports=frozenset(names))
        if kind == "core.supports.add":
            return replace(self, supports=(self.supports or frozenset()) | names)
        if self.supports is None:  # a Remove before any Set or Add leaves everything on
            return self
        return replace(self, supports=self.supports - names)


class Owner(Protocol):
    """What a peer tells the session it carries (``Peer.attach``), and what it may ask of it."""

    @property
    def lang(self) -> str:
        """The person's language now ("de"): a peer that marks its text with a language (the browser's page, so
        that a screen reader speaks it with the right voice) reads it here."""
        ...

    def where(self) -> str:
        """Where the person is, as a heading says it in their language ("Lobby", "Table Full"), or "" while they
        log in: a peer that shows a heading (the browser's page) reads it here with each question."""
        ...

    def allow_data(self) -> bool:
        """Whether another message of data from the client may be read (its budget); if not, it is dropped unread."""
        ...

    def on_data(self, package: str, data: Any) -> None:
        """A message of data from the client, of any shape (the peer answered what was its own already)."""
        ...

    def on_fault(self) -> None:
        """Handling the client's input failed: the person is told (the peer logs it and closes)."""
        ...

    def ask_again(self) -> None:
        """The question asked of the person now, again (a peer whose question was interrupted asks for it)."""
        ...


class Peer(Protocol):
    """One client's connection as the server's rooms use it, whatever the transport."""

    @property
    def address(self) -> str:
        """The client's own address (an IP address), what the limits per address count: the peer's to know, so
        that a proxy in front of a transport can never make every client one address."""
        ...

    @property
    def declared(self) -> Declared:
        """What the client declared about itself so far."""
        ...

    @property
    def closed(self) -> bool:
        """The client is gone (or was closed): nothing more is read or sent."""
        ...

    @property
    def takes_data(self) -> bool:
        """Whether the client takes structured data (``send``) at all."""
        ...

    async def ready(self) -> bool:
        """True once the peer can speak (at once, or after a handshake); False if it never will."""
        ...

    def attach(self, owner: Owner) -> None:
        """The session this peer carries from now on."""
        ...

    async def read_line(self, secret: bool = False) -> Line:
        """The next line; with ``secret`` it is a password: never cleaned, logged or decoded as anything but UTF-8."""
        ...

    def say(self, lines: list[str]) -> None:
        """Whole lines."""
        ...

    def prompt(self, text: str, kind: AskKind | None = None) -> None:
        """A question (its kind, where given, tells a client what is asked); it stays open until a line is read."""
        ...

    def send(self, package: str, data: Any = None) -> None:
        """A message of data, if the client takes data and wants the package (``Declared.wants``)."""
        ...

    def turn_away(self, sentence: str) -> None:
        """Refused at the door: one sentence why, then closed."""
        ...

    def close(self) -> None:
        """Closed by the server (after whatever was said)."""
        ...
