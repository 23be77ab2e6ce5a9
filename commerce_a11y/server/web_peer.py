"""The WebSocket peer: one browser's page on the server (``web.py`` accepts it), a ``Peer`` like the telnet one.

What goes to the page is one JSON message per batch of lines said together, per question (its text, its kind and
where the person is, for the page's heading) and per package of data; before the first of them, and whenever the
person's language changes, the page's own words in that language (``page.words``), so that its labels and the
``lang`` of every line follow the person (a screen reader then speaks them with the right voice). The shapes are in
docs/hosting.md, "The browser's page".

What comes from the page is one JSON message per frame: a line (``{"type": "line", "text": ...}``) or a message of
data (``{"type": "data", "package": ..., "data": ...}``, read as a GMCP message is: ``intake.data_in``). A text frame
that is not such an object is taken as a line as it is, so that a plain WebSocket client can play too. A binary frame
is left out with one sentence (``Refused.NOT_TEXT``); a line longer than telnet's is refused as telnet refuses it. A
text frame that is not UTF-8 ends the connection, as RFC 6455 (8.1) requires of every endpoint: the seat then waits
its grace period, and the page comes back with its resume token (``resumes.py``).

Input is read within the credit and the share of a turn every peer has (``intake.py``): past the credit, or with
the inbox half full, the peer stops reading, and the WebSocket library's small queue of frames (``web.FRAMES``) makes
TCP hold the client back. Output never waits: messages queue here and one task sends them in order; a page that
stops reading while ``OUTPUT_LIMIT`` bytes wait for it is dropped, without slowing anyone else.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from ..cleaning import clean, load_json
from ..wire.asks import AskKind
from ..wire.telnet import LINE_LIMIT
from . import page
from .intake import ITEM_COST, ITEMS_A_TURN, Inbox, Intake, data_in, give_up
from .peer import Declared, Line, Owner, Refused
from .sockets import tune

OUTPUT_LIMIT = 256 * 1024
"""Characters of messages that may wait for a page that does not read (beside the socket's own buffer, the library's
``write_limit``); beyond them it is dropped."""
CLOSE_GOODBYE = 1000
"""The close code when the server closes (a quit, a login elsewhere, the server stopping): the page does not come
back by itself."""
CLOSE_TURNED_AWAY = 1013
"""The close code when the page is turned away at the door ("try again later")."""

WEB_DECLARED = Declared(supports=frozenset({"commerce.status", "commerce.cue", "commerce.settings",
                                            "commerce.resume"}), clients=("browser",), utf8=True)
"""What a page is taken to be before it declares anything: the page of ``commerce_a11y/web/`` (it reads UTF-8, takes
the packages it has a use for and keeps no records), so that a page coming back with its resume token, logged in
before its first message is read, has its next token and its settings."""


@dataclass
class Outgoing:
    """A message waiting to be sent, and about how many characters it takes (its lines, text or data)."""

    message: dict[str, Any]
    size: int


class WebPeer:
    """The server end of one page's WebSocket (see the module): a ``Peer``. ``run`` reads it until it closes."""

    def __init__(self, connection: ServerConnection, address: str, resume: str | None,
                 log: Callable[[str], None] = lambda text: None) -> None:
        self.connection = connection
        self.address = address
        """The page's own address: the socket's, or the one a trusted proxy gave (``web.client_address``)."""
        self.log = log
        self.declared = replace(WEB_DECLARED, resume=resume)
        """What the page declared: the resume token it came back with (``/ws?resume=``) at once."""
        self.owner: Owner | None = None
        self.intake = Intake(lambda data: 0, self._reading, self.fault)
        self.inbox: Inbox[str] = Inbox(lambda on: self.intake.hold("inbox", on))
        self.may_read = asyncio.Event()
        self.may_read.set()
        self.outgoing: deque[Outgoing] = deque()
        self.waiting = 0
        """Characters of the messages in ``outgoing``, about what they take to send."""
        self.lang = ""
        """The language of the words the page has (none yet)."""
        self.wake = asyncio.Event()
        self.lost = False
        self.closing: int | None = None
        """The close code, once the server closes the page (after what was said before)."""
        self.writer = asyncio.get_running_loop().create_task(self._write())
        tune(connection.transport.get_extra_info("socket"))

    @property
    def closed(self) -> bool:
        return self.lost or self.closing is not None

    @property
    def takes_data(self) -> bool:
        return True

    async def ready(self) -> bool:
        return not self.closed

    def attach(self, owner: Owner) -> None:
        self.owner = owner

    # ----- the connection's life -----

    async def run(self) -> None:
        """Read the page until it closes (the WebSocket's handler waits here); then the inbox ends."""
        loop = asyncio.get_running_loop()
        self.intake.start(loop.time())
        items = 0
        try:
            while True:
                await self.may_read.wait()
                message = await self.connection.recv()
                if self.intake.stopped:  # turned away or at fault: read and dropped until it closes
                    continue
                try:
                    self._received(message)
                except Exception as error:  # the last line of defence (intake.give_up)
                    self.intake.fault(error)
                    continue
                wait = self.intake.spend(len(message) + ITEM_COST)
                if wait > 0:
                    self.intake.hold("credit", True)
                    loop.call_later(wait, self.intake.hold, "credit", False)
                items += 1
                if items >= ITEMS_A_TURN:  # the others' turn: see intake.py
                    items = 0
                    await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        finally:
            self.lost = True
            self.intake.stopped = True
            self.inbox.end()
            self.wake.set()
        with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
            await self.writer

    def _reading(self, on: bool) -> None:
        """Read on, or stop reading (``Intake.hold``): the frames then wait in the library's queue, and TCP holds
        the page back once it is full."""
        if on:
            self.may_read.set()
        else:
            self.may_read.clear()

    def fault(self, error: Exception) -> None:
        give_up(error, self.address, self.log, self.owner, self.close)

    # ----- in -----

    def _received(self, message: str | bytes) -> None:
        """One frame's message: a line, a message of data, or a refusal (see the module)."""
        if isinstance(message, bytes):
            self.inbox.put(Refused.NOT_TEXT)
            return
        found: Any = None
        if message.startswith("{"):
            with contextlib.suppress(ValueError):
                found = load_json(message)
        if isinstance(found, dict) and found.get("type") == "data" and isinstance(found.get("package"), str):
            if self.owner is None or self.owner.allow_data():
                self.declared = data_in(self.declared, self.owner, found["package"][:64], found.get("data"),
                                        self.send)
            return
        if isinstance(found, dict) and found.get("type") == "line":
            text = found.get("text")
            if not isinstance(text, str):
                return
            message = text
        if len(message.encode("utf-8", "surrogatepass")) > LINE_LIMIT:
            self.inbox.put(Refused.TOO_LONG)
        else:
            self.inbox.put(message)

    async def read_line(self, secret: bool = False) -> Line:
        """The next line: a password (``secret``) as it came (UTF-8 already, never cleaned), any other cleaned of
        control characters."""
        line = await self.inbox.next()
        return clean(line, LINE_LIMIT) if isinstance(line, str) and not secret else line

    # ----- out -----

    def _queue(self, message: dict[str, Any], size: int) -> None:
        """A message for the page, after its words if the person's language changed (see the module)."""
        if self.closed:
            return
        lang = self.owner.lang if self.owner is not None else page.DEFAULT_LANGUAGE
        if lang != self.lang:
            self.lang = lang
            self.outgoing.append(Outgoing({"type": "words", "lang": lang, "words": page.words(lang)}, 0))
        last = self.outgoing[-1] if self.outgoing else None
        if message["type"] == "lines" and last is not None and last.message["type"] == "lines":
            last.message["lines"].extend(message["lines"])  # said in one go: one message
            last.size += size
        else:
            self.outgoing.append(Outgoing(message, size))
        self.waiting += size
        if self.waiting > OUTPUT_LIMIT:
            self.log(f"dropped {self.address}: {self.waiting} characters not read")
            self.abort()
            return
        self.wake.set()

    async def _write(self) -> None:
        """Send what waits, in order, one message at a time (the library waits while the socket's buffer is
        full); after a close, what was said before it, then the close."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outgoing and not self.lost:
                item = self.outgoing.popleft()
                self.waiting -= item.size
                await self.connection.send(json.dumps(item.message, ensure_ascii=False))
            if self.lost:
                return
            if self.closing is not None:
                await self.connection.close(self.closing)
                return

    def say(self, lines: list[str]) -> None:
        if lines:
            self._queue({"type": "lines", "lines": list(lines)}, sum(map(len, lines)))

    def prompt(self, text: str, kind: AskKind | None = None) -> None:
        """A question: its text, its kind (the page makes its input a password field for a secret one) and where
        the person is."""
        where = self.owner.where() if self.owner is not None else ""
        self._queue({"type": "ask", "text": text, "kind": kind.value if kind is not None else None,
                     "heading": where}, len(text) + len(where))

    def send(self, package: str, data: Any = None) -> None:
        """A message of data, if the page wants its package (``Declared.wants``)."""
        if self.declared.wants(package):
            self._queue({"type": "data", "package": package, "data": data}, len(repr(data)))

    def turn_away(self, sentence: str) -> None:
        """Refused at the door: the sentence, then closed ("try again later")."""
        self.intake.discard()
        self.say([sentence])
        self._close(CLOSE_TURNED_AWAY)

    def close(self) -> None:
        """Closed by the server, after what was said."""
        self._close(CLOSE_GOODBYE)

    def _close(self, code: int) -> None:
        if self.closed:
            return
        self.closing = code
        self.wake.set()

    def abort(self) -> None:
        """Dropped at once (a page that does not read): nothing more is sent."""
        self.lost = True
        self.outgoing.clear()
        self.wake.set()
        transport = self.connection.transport
        if transport is not None:
            transport.abort()

