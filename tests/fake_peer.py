"""A peer with no transport under it, for driving the server's sessions in a test: ``FakePeer``.

It answers to ``peer.Peer`` as the telnet peer does, with the same inbox (``intake.Inbox``) and the same reading of
what a client declares (``peer.Declared``), but a line typed is text at once and what the server says reaches the
test as it was said: a line, a question with its kind, a package of data with its data (``Heard``). Nothing of
telnet is in it: no bytes, no marks, no question asked again after news, no ``Core.Goodbye``.
"""

from __future__ import annotations

from typing import Any, Protocol

from commerce_a11y.cleaning import clean
from commerce_a11y.server.intake import Inbox, data_in
from commerce_a11y.server.peer import Declared, Line, Owner, Refused
from commerce_a11y.wire.asks import AskKind
from commerce_a11y.wire.telnet import LINE_LIMIT

MUD = Declared(mtts=4, utf8=True)
"""What the harness's MUD client declares over telnet (MTTS 4: UTF-8), for a fake peer that stands in for one."""


class Heard(Protocol):
    """Where a fake peer's output goes: the test's client."""

    def line(self, text: str) -> None: ...

    def question(self, text: str, kind: AskKind | None) -> None: ...

    def data(self, package: str, data: Any) -> None: ...

    def gone(self) -> None: ...


class FakePeer:
    """A ``Peer`` driven by a test (see the module): ``type`` a line, ``declare`` data from the client, ``hang_up``;
    what the server says goes to ``heard``."""

    def __init__(self, heard: Heard, address: str = "127.0.0.1", takes_data: bool = True,
                 declared: Declared = MUD) -> None:
        self.heard = heard
        self.address = address
        self.takes_data = takes_data
        self.declared = declared
        self.lost = False
        self.owner: Owner | None = None
        self.inbox: Inbox[str] = Inbox(lambda on: None)

    @property
    def closed(self) -> bool:
        return self.lost

    async def ready(self) -> bool:
        return not self.lost

    def attach(self, owner: Owner) -> None:
        self.owner = owner

    # ----- the client's side -----

    def type(self, line: str) -> None:
        """A line the client sends: too long for a line, it is refused as the telnet peer refuses it."""
        if self.lost:
            return
        if len(line.encode("utf-8", "surrogatepass")) > LINE_LIMIT:
            self.inbox.put(Refused.TOO_LONG)
        else:
            self.inbox.put(line)

    def declare(self, package: str, data: Any = None) -> None:
        """A message of data the client sends, read as a peer reads one (within the person's budget)."""
        if self.lost or (self.owner is not None and not self.owner.allow_data()):
            return
        self.declared = data_in(self.declared, self.owner, package, data, self.send)

    def hang_up(self) -> None:
        """The client is gone."""
        if not self.lost:
            self.lost = True
            self.inbox.end()
            self.heard.gone()

    # ----- the server's side -----

    async def read_line(self, secret: bool = False) -> Line:
        line = await self.inbox.next()
        return line if secret or not isinstance(line, str) else clean(line, LINE_LIMIT)

    def say(self, lines: list[str]) -> None:
        if not self.lost:
            for text in lines:
                self.heard.line(text)

    def prompt(self, text: str, kind: AskKind | None = None) -> None:
        if not self.lost:
            self.heard.question(text, kind)

    def send(self, package: str, data: Any = None) -> None:
        if not self.lost and self.takes_data and self.declared.wants(package):
            self.heard.data(package, data)

    def turn_away(self, sentence: str) -> None:
        self.say([sentence])
        self.close()

    def close(self) -> None:
        self.hang_up()

