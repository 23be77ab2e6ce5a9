"""The telnet peer: one client's telnet connection on the server, and everything that is telnet's own.

Negotiation never waits: the server offers what it can (TTYPE for MTTS, EOR, CHARSET, GMCP) and asks its first
question at once; answers are taken whenever they come, and a client that answers nothing (plain telnet, or
TinTin++ refusing CHARSET) simply gets the defaults: GA after each question, and ASCII spelling until UTF-8 is agreed
(by CHARSET, by MTTS's UTF-8 bit, or by the client sending UTF-8 itself). Until then, a line that is not UTF-8 is
read as Windows-1252, what MUD clients on Windows send; a password never is (``TelnetPeer._text``). A password's
question turns the client's echo off (WILL ECHO) until its line is read. News said while a question is open on the
client's line comes on a line of its own, and the question is asked again after it.

Output goes straight to the transport, whose buffer is the connection's queue: it never blocks, and a client that
stops reading is disconnected once ``OUTPUT_LIMIT`` bytes wait for it, without slowing anyone else. Input is read
within the credit and the share of a turn every peer has (``intake.py``); GMCP messages beyond the person's budget
(``Owner.allow_data``) are dropped before they are parsed, and of a ``Core.Supports`` message only the packages the
server sends are kept (``peer.Declared``).

With TLS, a connection counts from the moment it is accepted (``on_open``, the admission), before its handshake,
which has ``TLS_HANDSHAKE`` seconds; the person's session waits for ``ready``. A connection turned away at the door
(``turn_away``) hears one sentence why, and is closed gracefully, so that the sentence is not lost to a reset.

Whatever a client sends has a defined result: the filter drops what is malformed, an option the server does not
offer is refused, a subnegotiation it does not read is ignored, and a GMCP message of any shape is taken or ignored
(``Session.on_data``). Should handling a client's bytes still fail, that is the last line of defence
(``intake.give_up``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..cleaning import clean, fold
from ..wire import telnet as t
from ..wire.asks import AskKind
from .intake import Inbox, Intake, data_in, give_up
from .peer import Declared, Line, Owner, Refused
from .sockets import tune

OUTPUT_LIMIT = 256 * 1024
"""Bytes that may wait for a client that does not read; beyond them it is disconnected."""
TLS_HANDSHAKE = 5.0
"""Seconds a connection to a TLS server has to finish its handshake (a plain telnet client never begins one)."""
TURN_AWAY_HANDSHAKE = 2.0
"""Seconds a TLS connection turned away at the door has to finish its handshake, to hear why."""
TURN_AWAY_AT_ONCE = 16
"""TLS connections turned away whose handshakes may run at once (to hear why); beyond these, one is simply closed."""
LINGER = 1.0
"""Seconds a connection turned away is read (and what it sends dropped) after its sentence, until it closes: closing
with its bytes unread would reset the connection, and a reset may lose the sentence on its way."""


def spelt(text: str, utf8: bool) -> bytes:
    """Text as the client reads it: UTF-8, or ASCII with every other character spelt as the game spells it under
    LANG=C ("Koenig": ``cleaning.fold``)."""
    if utf8:
        return text.encode("utf-8")
    return fold(text).encode("ascii", errors="replace")


def lines_bytes(lines: list[str], utf8: bool) -> bytes:
    """Whole lines as the wire carries them: CRLF after each, never wrapped (the client wraps)."""
    text = "".join(line.replace("\r", "").replace("\n", " ") + "\r\n" for line in lines)
    return t.escape(spelt(text, utf8))


class TelnetPeer(asyncio.Protocol):
    """The server end of one telnet connection (encrypted with ``tls`` once its handshake is done): a ``Peer``."""

    turning_away = 0
    """TLS connections turned away whose handshake runs now (``turn_away``), in the whole process: a bound shared
    by every server in it (one, but for tests)."""

    def __init__(self, on_open: Callable[[TelnetPeer], None], tls: ssl.SSLContext | None = None,
                 log: Callable[[str], None] = lambda text: None) -> None:
        self.on_open = on_open
        self.tls = tls
        self.log = log
        """The server's log."""
        self.transport: asyncio.Transport | None = None
        self.handshake: asyncio.Future[bool] | None = None
        """True once the connection speaks telnet (at once, or after the TLS handshake), False if it never will."""
        self.handshaking = False
        self.securing: asyncio.Task[Any] | None = None
        """The TLS handshake under way (held here: the event loop keeps only weak references to tasks)."""
        self.leaving = False
        """Turned away: its sentence is said, what it sends is dropped until it closes (``turn_away``)."""
        self.intake = Intake(self._received, self._reading, self.fault)
        self.inbox: Inbox[bytes] = Inbox(lambda on: self.intake.hold("inbox", on))
        """Lines as they came (bytes, decoded by ``read_line`` for the question they answer)."""
        self.owner: Owner | None = None
        self.address = "?"
        self.filter = t.Filter()
        self.reader = t.LineReader()
        self.lost = False
        """The connection is gone (``connection_lost``)."""
        self.declared = Declared()
        self.eor = False
        self.gmcp = False
        self.echo_off = False
        self.outgoing = bytearray()
        self.charset_asked = False
        self.last_line = ""
        """The last line said, the reason ``Core.Goodbye`` gives as the server closes (a goodbye sentence)."""
        self.open_question: tuple[str, AskKind | None] | None = None
        """The question on the client's line, not answered yet (``prompt``): lines said meanwhile begin a line of
        their own, and the question is asked again after them (``say``)."""
        self.interrupted = False
        """Lines were said since the open question was asked: it is asked again once they are out (``_reask``)."""

    @property
    def takes_data(self) -> bool:
        """GMCP agreed."""
        return self.gmcp

    @property
    def closed(self) -> bool:
        """Gone, or closing (closed by the server, or turned away): nothing more is read or sent."""
        return self.lost or self.transport is None or self.transport.is_closing()

    @property
    def faulted(self) -> bool:
        return self.intake.faulted

    def attach(self, owner: Owner) -> None:
        self.owner = owner

    async def ready(self) -> bool:
        return self.handshake is None or await self.handshake

    # ----- asyncio -----

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Accepted: counted (``on_open``) before anything else, a TLS handshake included; then telnet begins."""
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        transport.set_write_buffer_limits(high=OUTPUT_LIMIT)
        tune(transport.get_extra_info("socket"))
        loop = asyncio.get_running_loop()
        self.intake.start(loop.time())
        self.handshake = loop.create_future()
        self.handshaking = self.tls is not None
        try:
            self.on_open(self)
        except Exception as error:
            self.intake.fault(error)
        if self.closed or self.leaving:
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
        if self.handshake is not None and not self.handshake.done():
            self.handshake.set_result(True)

    async def _secure(self, context: ssl.SSLContext, seconds: float) -> bool:
        """The TLS handshake, within ``seconds``: True when done (the connection then speaks through it); else it
        is closed."""
        raw = self.transport
        assert raw is not None
        try:
            secured = await asyncio.get_running_loop().start_tls(raw, self, context, server_side=True,
                                                                  ssl_handshake_timeout=seconds)
        except (OSError, ssl.SSLError, TimeoutError, ConnectionError, RuntimeError) as error:
            self.log(f"no TLS handshake {self.address}: {type(error).__name__}")
            raw.abort()
            if self.handshake is not None and not self.handshake.done():
                self.handshake.set_result(False)
            return False
        if secured is None or self.lost:
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
        if self.handshake is not None and not self.handshake.done():
            self.handshake.set_result(False)
        self.intake.discard()  # read (and drop) whatever it sends, so that closing resets nothing
        if not self.handshaking:
            self._say_goodbye(sentence)
            return
        if self.tls is None or TelnetPeer.turning_away >= TURN_AWAY_AT_ONCE:
            self.abort()
            return
        TelnetPeer.turning_away += 1
        self.securing = asyncio.get_running_loop().create_task(self._turned_away(self.tls, sentence))

    async def _turned_away(self, context: ssl.SSLContext, sentence: str) -> None:
        try:
            secured = await self._secure(context, TURN_AWAY_HANDSHAKE)
        finally:
            TelnetPeer.turning_away -= 1
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
        self.intake.feed(data)

    def _reading(self, on: bool) -> None:
        """Let the transport read, or stop it (``Intake.hold``)."""
        if self.transport is None or self.transport.is_closing():
            return
        with contextlib.suppress(RuntimeError, NotImplementedError):
            if on:
                self.transport.resume_reading()
            else:
                self.transport.pause_reading()

    def fault(self, error: Exception) -> None:
        """Handling this client's bytes failed (``intake.give_up``)."""
        give_up(error, self.address, self.log, self.owner, self.close)

    def _received(self, data: bytes) -> int:
        """Handle what came; how many lines, commands and subnegotiations it held."""
        items = 0
        for item in self.filter.feed(data):
            if isinstance(item, bytes):
                for line in self.reader.feed(item):
                    self.inbox.put(line if isinstance(line, bytes) else Refused.TOO_LONG)
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
        self.lost = True
        self.intake.stopped = True
        self.inbox.end()
        if self.handshake is not None and not self.handshake.done():
            self.handshake.set_result(False)

    def pause_writing(self) -> None:
        # The client stopped reading and OUTPUT_LIMIT bytes wait: it is dropped, nobody else waits for it.
        self.abort()

    # ----- lines in -----

    def _text(self, line: bytes, secret: bool) -> str | Refused:
        """A line as the question being asked takes it. A password (``secret``) is UTF-8 or ``NOT_UTF8``: never
        cleaned or decoded into something else, and never logged. Any other line is cleaned, and read as UTF-8;
        one that is not UTF-8, from a client that agreed no charset, as Windows-1252: what VIP Mud and MUSHclient
        send on Windows unless told otherwise, so that "König" typed there is König. Decoded here rather than as
        the bytes come, so a line typed ahead of a password question is still taken as a password."""
        if secret:
            try:
                return line.decode("utf-8")
            except UnicodeDecodeError:
                return Refused.NOT_UTF8
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            text = line.decode("utf-8" if self.declared.utf8 else "cp1252", errors="replace")
        else:
            if not self.declared.utf8 and any(b > 127 for b in line):
                self.declared = replace(self.declared, utf8=True)  # the client writes UTF-8, so it reads it too
        return clean(text, t.LINE_LIMIT)

    async def read_line(self, secret: bool = False) -> Line:
        """The next line (cleaned of control characters), why there is none (``Refused``), or None when closed.
        After a password's line (``secret``) the client's echo is on again, and its line end is said (the client
        did not echo that either)."""
        try:
            line = await self.inbox.next()
        finally:
            if secret:
                self._echo(False)
        self.open_question, self.interrupted = None, False  # answered: what is said next is about the answer
        if secret:
            self.say([""])
        return self._text(line, secret) if isinstance(line, bytes) else line

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
        if not self.declared.utf8 and not self.charset_asked:
            self.charset_asked = True
            self.write(t.subnegotiation(t.CHARSET, bytes((t.CHARSET_REQUEST,)) + b";UTF-8"))

    def _subnegotiation(self, sub: t.Subnegotiation) -> None:
        if sub.option == t.TTYPE and sub.payload[:1] == bytes((t.TTYPE_IS,)):
            name = sub.payload[1:65]
            bits = t.mtts_bits(name)
            text = clean(name.decode("ascii", errors="replace"), 64) or "?"  # it goes into the log
            declared = self.declared
            if bits is not None:
                self.declared = replace(declared, mtts=bits, screen_reader=bool(bits & t.MTTS_SCREEN_READER),
                                        utf8=declared.utf8 or bool(bits & t.MTTS_UTF8))
            elif text not in declared.clients and len(declared.clients) < 3:
                self.declared = replace(declared, clients=(*declared.clients, text))
                self.write(t.subnegotiation(t.TTYPE, bytes((t.TTYPE_SEND,))))  # the next name: MTTS is the third
        elif sub.option == t.CHARSET and sub.payload[:1] == bytes((t.CHARSET_ACCEPTED,)):
            if sub.payload[1:].strip().upper() in (b"UTF-8", b"UTF8"):
                self.declared = replace(self.declared, utf8=True)
        elif sub.option == t.GMCP:
            if self.owner is not None and not self.owner.allow_data():
                return
            message = t.parse_gmcp(sub.payload)
            if message is None:
                return
            self.declared = data_in(self.declared, self.owner, *message, self.send)

    # ----- out -----

    def write(self, data: bytes) -> None:
        """Queue bytes; everything written in one turn of the event loop leaves in one send (a move's lines, its
        GMCP status and the next question are one packet, not four). Nothing goes out before a TLS handshake."""
        if self.closed or self.handshaking:
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
        self.write(lines_bytes(lines, self.declared.utf8))

    def _reask(self) -> None:
        """The open question again after the lines said meanwhile (all of one turn of the loop: a burst gets one),
        or the one that took its place (``Owner.ask_again``); none if nothing is asked of the person now."""
        if self.open_question is None or not self.interrupted or self.lost:
            return
        if self.owner is not None:
            self.owner.ask_again()
        else:
            self.prompt(*self.open_question)

    def prompt(self, text: str, kind: AskKind | None = None) -> None:
        """A question: GMCP ``Commerce.Ask`` with its kind where given (a client knows what is asked), its text
        without a line end, then GA (or EOR where agreed), so the client knows it came. It stays open until a line
        is read (``say``). A password's question turns the client's echo off first (WILL ECHO: MUD clients take it
        as "password mode"), until its line is read (``read_line``)."""
        if kind is not None:
            if kind.secret:
                self._echo(True)
            if self.gmcp and self.declared.wants("Commerce.Ask"):
                self.write(t.ask_bytes(kind))  # made once per kind: one comes before every question
        mark = bytes((t.IAC, t.EOR)) if self.eor else bytes((t.IAC, t.GA))
        self.write(t.escape(spelt(text, self.declared.utf8)) + mark)
        self.open_question, self.interrupted = (text, kind), False

    def _echo(self, off: bool) -> None:
        """WILL ECHO (the client's echo off) only around a password's question."""
        if off != self.echo_off:
            self.echo_off = off
            self.write(t.negotiation(t.WILL if off else t.WONT, t.ECHO))

    def send(self, package: str, data: Any = None) -> None:
        """A GMCP message, to a client that speaks GMCP and wants its package (``Declared.wants``)."""
        if self.gmcp and self.declared.wants(package):
            self.write(t.gmcp_bytes(package, data))

    def close(self) -> None:
        """Close, after GMCP ``Core.Goodbye`` with the last line said (the goodbye sentence) as its reason."""
        if self.transport is not None and not self.transport.is_closing():
            if not self.lost:
                self.send("Core.Goodbye", self.last_line)
            self.flush()
            self.transport.close()

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()
