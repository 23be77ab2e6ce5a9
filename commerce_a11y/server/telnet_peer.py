"""One client's connection on the server: telnet negotiation, lines in, a bounded output.

Negotiation never waits: the server offers what it can (TTYPE for MTTS, EOR, CHARSET, GMCP) and asks its first
question at once; answers are taken whenever they come, and a client that answers nothing (plain telnet, or
TinTin++ refusing CHARSET) simply gets the defaults: GA after each question, and ASCII spelling until UTF-8 is agreed
(by CHARSET, by MTTS's UTF-8 bit, or by the client sending UTF-8 itself). Until then, a line that is not UTF-8 is
read as Windows-1252, what MUD clients on Windows send; a password never is (``Connection._text``).

Output goes straight to the transport, whose buffer is the connection's queue: it never blocks, and a client that
stops reading is disconnected once ``OUTPUT_LIMIT`` bytes wait for it, without slowing anyone else. Input is read at
most ``INPUT_RATE`` bytes a second on average (after a burst of ``INPUT_BURST``), each line, command and
subnegotiation counted as ``ITEM_COST`` bytes more, since handling one costs more than reading bytes: a client that
sends more waits while the connection stops reading (TCP makes it wait), so no flood takes more of the server's time
than that. GMCP messages beyond the person's budget (``allow_gmcp``) are dropped before they are parsed, and of a
``Core.Supports`` message only the packages the server sends are kept.

With TLS, a connection counts from the moment it is accepted (``on_open``, the admission), before its handshake,
which has ``TLS_HANDSHAKE`` seconds; the person's session waits for ``ready``. A connection turned away at the door
(``turn_away``) hears one sentence why, and is closed gracefully, so that the sentence is not lost to a reset.

Whatever a client sends has a defined result: the filter drops what is malformed, an option the server does not
offer is refused, a subnegotiation it does not read is ignored, and a GMCP message of any shape is taken or ignored
(``Session.on_gmcp``). Should handling a client's bytes still fail, that is the last line of defence
(``data_received``): one line in the server's log, the person told in one sentence, that connection closed, and
the server goes on; never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from collections import deque
from collections.abc import Callable
from typing import Any

from .. import platforms
from ..cleaning import clean
from ..wire import telnet as t
from ..wire.asks import AskKind

OUTPUT_LIMIT = 256 * 1024
"""Bytes that may wait for a client that does not read; beyond them it is disconnected."""
SEND_BUFFER = 64 * 1024
"""The kernel's send buffer for one connection."""
INPUT_QUEUE = 64
"""Lines that may wait to be handled; more (a client pasting a book in one piece) are dropped with one sentence.
From half as many on, the connection stops reading until they are handled (TCP makes the client wait), so that
lines sent one after another wait rather than being lost."""
INPUT_RATE = 1024 * 1024
"""Bytes a second a client may send on average; more wait (the connection stops reading meanwhile)."""
INPUT_BURST = 1024 * 1024
"""Bytes a client may send at once before ``INPUT_RATE`` applies (a paste, a long line refused as too long)."""
ITEM_COST = 1024
"""What a line, a telnet command or a subnegotiation counts as, in bytes of the input's credit: a client may send
about a thousand a second, however short."""
SLICE = 4096
"""Bytes handled at a time, between two looks at the credit and at this turn's share (``ITEMS_A_TURN``)."""
ITEMS_A_TURN = 256
"""Lines, commands and subnegotiations one connection may have handled in one turn of the event loop; the rest of
what was read waits for the next turn."""
SUPPORTS_ITEMS = 32
"""Items of one ``Core.Supports`` message that are read; a longer list is read that far."""
PACKAGES = frozenset({"core", "commerce", "commerce.status", "commerce.ask", "commerce.cue", "commerce.record"})
"""The GMCP packages the server sends (and the one that holds them): a client's ``Core.Supports`` keeps only these,
so that a list of a million made-up names costs nothing to keep."""
TLS_HANDSHAKE = 5.0
"""Seconds a connection to a TLS server has to finish its handshake (a plain telnet client never begins one)."""
TURN_AWAY_HANDSHAKE = 2.0
"""Seconds a TLS connection turned away at the door has to finish its handshake, to hear why."""
TURN_AWAY_AT_ONCE = 16
"""TLS connections turned away whose handshakes may run at once (to hear why); beyond these, one is simply closed."""
LINGER = 1.0
"""Seconds a connection turned away is read (and what it sends dropped) after its sentence, until it closes: closing
with its bytes unread would reset the connection, and a reset may lose the sentence on its way."""
CLOSED = None
TOO_LONG = "\x00too long"
DROPPED = "\x00dropped"
NOT_UTF8 = "\x00not utf-8"
"""A password line that is not UTF-8 (the only charset offered): refused, never decoded into something else (not
even as Windows-1252, as other lines are: see ``Connection._text``)."""


def keep_alive(sock: Any) -> None:
    """TCP keepalive, so that a client whose network vanished without closing is found gone in about a minute:
    probes after 30 s of silence, gone after three unanswered; and (Linux) what is sent but never acknowledged for
    60 s ends the connection too (a seat's grace period then begins).

    The systems name the options apart (macOS calls the time before the first probe ``TCP_KEEPALIVE``), and each
    system knows a different set of them, some only in later versions (Windows 10 before 1709 refuses them all but
    ``SO_KEEPALIVE``): each is set on its own, so one refused leaves the others set."""
    idle = "TCP_KEEPALIVE" if platforms.is_macos() else "TCP_KEEPIDLE"
    with contextlib.suppress(OSError, AttributeError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for name, value in ((idle, 30), ("TCP_KEEPINTVL", 10), ("TCP_KEEPCNT", 3), ("TCP_USER_TIMEOUT", 60_000)):
        number = getattr(socket, name, None)
        if number is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, number, value)


class Connection(asyncio.Protocol):
    """The server end of one telnet connection (encrypted with ``tls`` once its handshake is done)."""

    turning_away = 0
    """TLS connections turned away whose handshake runs now (``turn_away``), in the whole process: a bound shared
    by every server in it (one, but for tests)."""

    def __init__(self, on_open: Callable[[Connection], None], tls: ssl.SSLContext | None = None) -> None:
        self.on_open = on_open
        self.tls = tls
        self.transport: asyncio.Transport | None = None
        self.ready: asyncio.Future[bool] | None = None
        """True once the connection speaks telnet (at once, or after the TLS handshake), False if it never will."""
        self.handshaking = False
        self.securing: asyncio.Task[Any] | None = None
        """The TLS handshake under way (held here: the event loop keeps only weak references to tasks)."""
        self.leaving = False
        """Turned away: its sentence is said, what it sends is dropped until it closes (``turn_away``)."""
        self.credit = float(INPUT_BURST)
        self.credited = 0.0
        self.held: set[str] = set()
        """Why reading is stopped, if it is: "credit" (``_spend``), "inbox" (half full: ``_line``), "backlog"
        (bytes read and not handled yet: ``_take``)."""
        self.backlog = b""
        """Bytes read and not handled yet: the rest of a chunk, once a turn's share or the credit was used up."""
        self.allow_gmcp: Callable[[], bool] = lambda: True
        """Whether another GMCP message may be read (the person's budget: ``Session.allow_gmcp``)."""
        self.peer = "?"
        self.filter = t.Filter()
        self.reader = t.LineReader()
        self.lines: deque[bytes | str | None] = deque()
        """Lines as they came (bytes), ``TOO_LONG`` and ``DROPPED`` among them, and None at the end."""
        self.waiter: asyncio.Future[None] | None = None
        self.closed = False
        self.encoding = "ascii"
        self.eor = False
        self.gmcp = False
        self.echo_off = False
        self.screen_reader = False
        self.mtts: int | None = None
        self.ttypes: list[str] = []
        self.on_gmcp: Callable[[str, Any], None] | None = None
        self.on_fault: Callable[[], None] | None = None
        """Says the person's goodbye when handling their bytes failed (``fault``)."""
        self.log: Callable[[str], None] = lambda text: None
        """The server's log (set as the server takes the connection)."""
        self.faulted = False
        self.outgoing = bytearray()
        self.dropping = False
        self.charset_asked = False
        self.supports: set[str] | None = None
        """The GMCP packages the client declared (``Core.Supports``), lower case; None until it declares any, and
        then it gets every package, as before Core.Supports was read (old clients keep what they had)."""
        self.last_line = ""
        """The last line said, the reason ``Core.Goodbye`` gives as the server closes (a goodbye sentence)."""
        self.open_question: tuple[str, AskKind | None] | None = None
        """The question on the client's line, not answered yet (``prompt``): lines said meanwhile begin a line of
        their own, and the question is asked again after them (``say``)."""
        self.interrupted = False
        """Lines were said since the open question was asked: it is asked again once they are out (``_reask``)."""
        self.on_reask: Callable[[], None] | None = None
        """Asks the question of where the person is now (``Session.ask_again``): the open one, unless what was said
        meanwhile changed it (a match began; the turn timer played the turn)."""

    # ----- asyncio -----

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Accepted: counted (``on_open``) before anything else, a TLS handshake included; then telnet begins."""
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        transport.set_write_buffer_limits(high=OUTPUT_LIMIT)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            # The kernel's share of the queue bounded too (loopback would otherwise take megabytes).
            with contextlib.suppress(OSError, AttributeError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
            keep_alive(sock)
        loop = asyncio.get_running_loop()
        self.credited = loop.time()
        self.ready = loop.create_future()
        self.handshaking = self.tls is not None
        try:
            self.on_open(self)
        except Exception as error:
            self.fault(error)
        if self.closed or transport.is_closing() or self.leaving:
            return
        if self.tls is None:
            self._begin()
        else:
            self.securing = loop.create_task(self._secure(self.tls, TLS_HANDSHAKE))

    def _begin(self) -> None:
        """Telnet begins: the options offered (nothing is waited for)."""
        self.handshaking = False
        self.write(t.negotiation(t.DO, t.TTYPE) + t.negotiation(t.WILL, t.EOR_OPTION)
                   + t.negotiation(t.WILL, t.CHARSET) + t.negotiation(t.WILL, t.GMCP))
        if self.ready is not None and not self.ready.done():
            self.ready.set_result(True)

    async def _secure(self, context: ssl.SSLContext, seconds: float) -> bool:
        """The TLS handshake, within ``seconds``: True when done (the connection then speaks through it); else it
        is closed."""
        raw = self.transport
        assert raw is not None
        try:
            secured = await asyncio.get_running_loop().start_tls(raw, self, context, server_side=True,
                                                                  ssl_handshake_timeout=seconds)
        except (OSError, ssl.SSLError, TimeoutError, ConnectionError, RuntimeError) as error:
            self.log(f"no TLS handshake {self.peer}: {type(error).__name__}")
            raw.abort()
            if self.ready is not None and not self.ready.done():
                self.ready.set_result(False)
            return False
        if secured is None or self.closed:
            return False
        self.transport = secured
        if not self.leaving:
            self._begin()
        return True

    def turn_away(self, sentence: str) -> None:
        """Refused at the door (the server is full, too many from the address): one sentence why, then closed.
        Over TLS the sentence needs the handshake, which a few at a time get (``TURN_AWAY_AT_ONCE``, within
        ``TURN_AWAY_HANDSHAKE`` seconds); the others are closed at once."""
        self.leaving = True
        if self.ready is not None and not self.ready.done():
            self.ready.set_result(False)
        self.backlog = b""
        for reason in list(self.held):  # read (and drop) whatever it sends, so that closing resets nothing
            self._hold(reason, False)
        if not self.handshaking:
            self._say_goodbye(sentence)
            return
        if self.tls is None or Connection.turning_away >= TURN_AWAY_AT_ONCE:
            self.abort()
            return
        Connection.turning_away += 1
        self.securing = asyncio.get_running_loop().create_task(self._turned_away(self.tls, sentence))

    async def _turned_away(self, context: ssl.SSLContext, sentence: str) -> None:
        try:
            secured = await self._secure(context, TURN_AWAY_HANDSHAKE)
        finally:
            Connection.turning_away -= 1
        if secured:
            self.handshaking = False
            self._say_goodbye(sentence)

    def _say_goodbye(self, sentence: str) -> None:
        """The sentence, then an end of what is sent (where the transport can half-close); what the client sends
        is read and dropped until it closes, for ``LINGER`` seconds at most."""
        self.say([sentence])
        self.flush()
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        if not transport.can_write_eof():
            self.close()
            return
        with contextlib.suppress(OSError, RuntimeError):
            transport.write_eof()
        asyncio.get_running_loop().call_later(LINGER, self.abort)

    def data_received(self, data: bytes) -> None:
        if self.faulted or self.leaving:
            return
        if self.backlog:  # read before reading stopped: handled after what came first
            self.backlog += data
            return
        self._take(data)

    def _take(self, data: bytes) -> None:
        """Handle ``data`` a slice at a time (``SLICE`` bytes), each counted against the input's credit: once the
        credit is used up (``INPUT_RATE``) or this turn of the event loop has handled ``ITEMS_A_TURN`` items, the
        rest waits (``backlog``) and reading stops until it is handled, so that no chunk, however full of tiny
        messages, holds up the event loop for long."""
        items = offset = 0
        while offset < len(data):
            piece = data[offset:offset + SLICE]
            offset += len(piece)
            try:
                count = self._received(piece)
            except Exception as error:  # the last line of defence: see the module
                self.fault(error)
                return
            items += count
            wait = self._spend(len(piece) + ITEM_COST * count)
            if offset < len(data) and (wait > 0 or items >= ITEMS_A_TURN):
                self.backlog = data[offset:]
                self._hold("backlog", True)
                asyncio.get_running_loop().call_later(wait, self._more)
                return
            if wait > 0:
                self._hold("credit", True)
                asyncio.get_running_loop().call_later(wait, self._hold, "credit", False)

    def _more(self) -> None:
        """Go on with the bytes read and not handled yet."""
        data, self.backlog = self.backlog, b""
        self._hold("backlog", False)
        if data and not self.faulted and not self.leaving and not self.closed:
            self._take(data)

    def _spend(self, cost: int) -> float:
        """Count ``cost`` bytes against the input's credit (``INPUT_RATE``, ``INPUT_BURST``); the seconds until it
        has grown back above nothing (0 while there is some)."""
        now = asyncio.get_running_loop().time()
        self.credit = min(float(INPUT_BURST), self.credit + (now - self.credited) * INPUT_RATE) - cost
        self.credited = now
        return max(0.0, -self.credit / INPUT_RATE)

    def _hold(self, reason: str, on: bool) -> None:
        """Stop reading for ``reason``, or stop holding for it; reading goes on once nothing holds it."""
        before = bool(self.held)
        if on:
            self.held.add(reason)
        else:
            self.held.discard(reason)
        if bool(self.held) == before or self.transport is None or self.transport.is_closing():
            return
        with contextlib.suppress(RuntimeError, NotImplementedError):
            if self.held:
                self.transport.pause_reading()
            else:
                self.transport.resume_reading()

    def fault(self, error: Exception) -> None:
        """Handling this client's bytes failed: one line in the log, one sentence to the person, the connection
        closed (its session then ends as after any disconnection)."""
        self.faulted = True
        with contextlib.suppress(Exception):
            self.log(f"error {self.peer}: a client's bytes: {error!r}")
        if self.on_fault is not None:
            with contextlib.suppress(Exception):
                self.on_fault()
        with contextlib.suppress(Exception):
            self.close()

    def _received(self, data: bytes) -> int:
        """Handle what came; how many lines, commands and subnegotiations it held."""
        items = 0
        for item in self.filter.feed(data):
            if isinstance(item, bytes):
                for line in self.reader.feed(item):
                    self._line(line)
                    items += 1
            else:
                items += 1
                if isinstance(item, t.Command):
                    self._command(item)
                else:
                    self._subnegotiation(item)
        return items

    def eof_received(self) -> bool | None:
        return None  # close our end too

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.lines.append(CLOSED)
        if self.ready is not None and not self.ready.done():
            self.ready.set_result(False)
        self._wake()

    def pause_writing(self) -> None:
        # The client stopped reading and OUTPUT_LIMIT bytes wait: it is dropped, nobody else waits for it.
        self.abort()

    # ----- lines in -----

    def _line(self, line: bytes | object) -> None:
        """A line as it came (its bytes, or ``TOO_LONG``), to wait for ``read_line``, which decodes it for the
        question it answers."""
        if len(self.lines) >= INPUT_QUEUE:
            if not self.dropping:
                self.dropping = True
                self.lines.append(DROPPED)
            return
        self.dropping = False
        self.lines.append(line if isinstance(line, bytes) else TOO_LONG)
        if len(self.lines) >= INPUT_QUEUE // 2:
            self._hold("inbox", True)  # read again once it is a quarter full (``read_line``)
        self._wake()

    def _text(self, line: bytes) -> str:
        """A line as the question being asked takes it. A password (echo off) is UTF-8 or ``NOT_UTF8``: never
        cleaned or decoded into something else, and never logged. Any other line is cleaned, and read as UTF-8;
        one that is not UTF-8, from a client that agreed no charset, as Windows-1252: what VIP Mud and MUSHclient
        send on Windows unless told otherwise, so that "König" typed there is König. Decoded here rather than as
        the bytes come, so a line typed ahead of a password question is still taken as a password."""
        if self.echo_off:
            try:
                return line.decode("utf-8")
            except UnicodeDecodeError:
                return NOT_UTF8
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            text = line.decode("utf-8" if self.encoding == "utf-8" else "cp1252", errors="replace")
        else:
            if self.encoding != "utf-8" and any(b > 127 for b in line):
                self.encoding = "utf-8"  # the client writes UTF-8, so it reads it too
        return clean(text, t.LINE_LIMIT)

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def read_line(self) -> str | None:
        """The next line (cleaned of control characters), ``TOO_LONG``, ``DROPPED``, ``NOT_UTF8`` (a password), or
        None when closed."""
        while not self.lines:
            if self.closed:
                return None
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
            self.waiter = None
        line = self.lines.popleft()
        if len(self.lines) <= INPUT_QUEUE // 4:
            self._hold("inbox", False)
        self.open_question, self.interrupted = None, False  # answered: what is said next is about the answer
        return self._text(line) if isinstance(line, bytes) else line

    # ----- negotiation -----

    def _command(self, command: t.Command) -> None:
        verb, option = command.verb, command.option
        if option is None:  # IP, BRK (Ctrl-C from a telnet client) and the like: nothing to cancel on a server
            return
        if verb == t.WILL:
            if option == t.TTYPE:
                self.write(t.subnegotiation(t.TTYPE, bytes((t.TTYPE_SEND,))))
            elif option == t.CHARSET:
                self._offer_charset()
            else:
                self.write(t.negotiation(t.DONT, option))
        elif verb == t.DO:
            if option == t.EOR_OPTION:
                self.eor = True
            elif option == t.GMCP:
                self.gmcp = True
            elif option == t.CHARSET:
                self._offer_charset()
            elif option == t.ECHO:
                if not self.echo_off:  # unsolicited: the echo is the client's own except around a password
                    self.write(t.negotiation(t.WONT, t.ECHO))
                # else we said WILL ECHO around a password; the client agrees
            else:
                self.write(t.negotiation(t.WONT, option))
        elif verb == t.DONT:
            if option == t.EOR_OPTION:
                self.eor = False
            elif option == t.GMCP:
                self.gmcp = False
        # WONT needs no answer: the option stays off.

    def _offer_charset(self) -> None:
        if self.encoding != "utf-8" and not self.charset_asked:
            self.charset_asked = True
            self.write(t.subnegotiation(t.CHARSET, bytes((t.CHARSET_REQUEST,)) + b";UTF-8"))

    def _subnegotiation(self, sub: t.Subnegotiation) -> None:
        if sub.option == t.TTYPE and sub.payload[:1] == bytes((t.TTYPE_IS,)):
            name = sub.payload[1:65]
            bits = t.mtts_bits(name)
            text = clean(name.decode("ascii", errors="replace"), 64) or "?"  # it goes into the log
            if bits is not None:
                self.mtts = bits
                self.screen_reader = bool(bits & t.MTTS_SCREEN_READER)
                if bits & t.MTTS_UTF8:
                    self.encoding = "utf-8"
            elif text not in self.ttypes and len(self.ttypes) < 3:
                self.ttypes.append(text)
                self.write(t.subnegotiation(t.TTYPE, bytes((t.TTYPE_SEND,))))  # the next name: MTTS is the third
        elif sub.option == t.CHARSET and sub.payload[:1] == bytes((t.CHARSET_ACCEPTED,)):
            if sub.payload[1:].strip().upper() in (b"UTF-8", b"UTF8"):
                self.encoding = "utf-8"
        elif sub.option == t.GMCP:
            if not self.allow_gmcp():
                return
            message = t.parse_gmcp(sub.payload)
            if message is None:
                return
            self._core(*message)
            if self.on_gmcp is not None:
                self.on_gmcp(*message)

    def _core(self, package: str, data: Any) -> None:
        """The GMCP ``Core`` messages the connection itself answers: ``Core.Supports.Set``, ``.Add``, ``.Remove``
        (a list of "Package version" strings) say which packages the client gets; ``Core.Ping`` is answered."""
        kind = package.lower()
        if kind == "core.ping":
            self.send_gmcp("Core.Ping")
            return
        if kind not in ("core.supports.set", "core.supports.add", "core.supports.remove") or not isinstance(data, list):
            return
        names = {d.split()[0].lower() for d in data[:SUPPORTS_ITEMS] if isinstance(d, str) and d.split()} & PACKAGES
        if kind == "core.supports.set":
            self.supports = names
        elif kind == "core.supports.add":
            self.supports = (self.supports or set()) | names
        elif self.supports is not None:  # a Remove before any Set or Add leaves everything on
            self.supports -= names

    def allows(self, package: str) -> bool:
        """Whether the client gets ``package`` ("Commerce.Status"): ``Core`` always, another if it or a package
        it is part of ("Commerce") was declared, every one while the client declared nothing."""
        if self.supports is None:
            return True
        parts = package.lower().split(".")
        if parts[0] == "core":
            return True
        return any(".".join(parts[:n]) in self.supports for n in range(1, len(parts) + 1))

    # ----- out -----

    def write(self, data: bytes) -> None:
        """Queue bytes; everything written in one turn of the event loop leaves in one send (a move's lines, its
        GMCP status and the next question are one packet, not four). Nothing goes out before a TLS handshake."""
        if self.transport is None or self.closed or self.transport.is_closing() or self.handshaking:
            return
        if not self.outgoing:
            asyncio.get_running_loop().call_soon(self.flush)
        self.outgoing += data

    def flush(self) -> None:
        data, self.outgoing = bytes(self.outgoing), bytearray()
        if data and self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def say(self, lines: list[str]) -> None:
        """Whole lines. While a question is open on the client's line (news from the table as the person is asked
        something), they begin on a line of their own, and the question is asked again once they are out, with its
        mark, as MUD servers do: a client that speaks the prompt line hears the question last again, and nothing
        lands behind it."""
        if not lines:
            return
        self.last_line = lines[-1]
        if self.open_question is not None and not self.interrupted:
            self.interrupted = True
            self.write(b"\r\n")
            asyncio.get_running_loop().call_soon(self._reask)
        self.write(t.lines_bytes(lines, self.encoding))

    def _reask(self) -> None:
        """The open question again after the lines said meanwhile (all of one turn of the loop: a burst gets one),
        or the one that took its place (``on_reask``); none if nothing is asked of the person now."""
        if self.open_question is None or not self.interrupted or self.closed:
            return
        if self.on_reask is not None:
            self.on_reask()
        else:
            self.prompt(*self.open_question)

    def prompt(self, text: str, kind: AskKind | None = None) -> None:
        """A question: GMCP ``Commerce.Ask`` with its kind where given (a client knows what is asked), its text
        without a line end, then GA (or EOR where agreed), so the client knows it came. It stays open until a line
        is read (``say``)."""
        if kind is not None:
            self.send_ask(kind)
        mark = bytes((t.IAC, t.EOR)) if self.eor else bytes((t.IAC, t.GA))
        self.write(t.escape(t.encode(text, self.encoding)) + mark)
        self.open_question, self.interrupted = (text, kind), False

    def password_mode(self, on: bool) -> None:
        """WILL ECHO only around a password prompt: MUD clients take it as "password mode"."""
        if on != self.echo_off:
            self.echo_off = on
            self.write(t.negotiation(t.WILL if on else t.WONT, t.ECHO))

    def send_gmcp(self, package: str, data: Any = None, declared: bool = False) -> None:
        """A GMCP message, to a client that speaks GMCP and declared its package (``allows``); with ``declared``
        only if it declared packages at all (a package newer than what a client that declares nothing was given
        before Core.Supports was read, which it has no use for)."""
        if self.gmcp and self.allows(package) and (self.supports is not None or not declared):
            self.write(t.gmcp_bytes(package, data))

    def send_ask(self, kind: AskKind) -> None:
        """GMCP ``Commerce.Ask`` before a prompt, to a client that speaks GMCP."""
        if self.gmcp and self.allows("Commerce.Ask"):
            self.write(t.ask_bytes(kind))

    def close(self) -> None:
        """Close, after GMCP ``Core.Goodbye`` with the last line said (the goodbye sentence) as its reason."""
        if self.transport is not None and not self.transport.is_closing():
            if not self.closed:
                self.send_gmcp("Core.Goodbye", self.last_line)
            self.flush()
            self.transport.close()

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()
