"""The connection of ``commerce join`` to a table server: the address, TLS, and the telnet side of the socket.

A ``Wire`` reads the server in a thread of its own and hands on what it heard (``Heard``: lines, prompts, records,
the end) through a queue; it answers the server's negotiation as a screen-reader MUD client would (UTF-8, EOR,
GMCP, the terminal type) and sends the player's lines. What the player sees and types is ``join.py``'s ``Client``.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import ssl
import threading
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, _
from ..seat.parser import command_vocabulary, normalize
from ..wire import telnet as t
from ..wire.asks import AskKind

CLIENT = "commerce-a11y"
# The exit statuses of ``commerce join`` (0: the input ended or the player quit); ``Wire.ended`` gives the last two.
EXIT_LOGIN = 1
EXIT_CONNECT = 2
EXIT_CLOSED = 3
"""The server closed the connection (it stopped or died) without the player quitting."""
EXIT_TLS = 4
"""The server wants TLS and ``--tls`` was not given, or the reverse."""


class Heard(Enum):
    """What the reader thread hands on from the server: a line, a prompt (its text and ``AskKind``), a record to
    keep, or the end of the connection."""

    LINE = "line"
    PROMPT = "prompt"
    RECORD = "record"
    CLOSED = "closed"


class Wire:
    """The socket and the telnet state of one connection (the reader thread's side)."""

    def __init__(self, sock: socket.socket, settings: dict[str, str], tls: bool) -> None:
        self.sock = sock
        self.filter = t.Filter(t.CLIENT_SUBNEGOTIATION_LIMIT)
        self.settings = settings
        self.tls = tls
        self.pending = bytearray()
        self.ttype_answers = 0
        self.events: queue.Queue[tuple[Heard, Any]] = queue.Queue()
        self.kind: AskKind | None = None
        """The kind of the next prompt, from GMCP ``Commerce.Ask`` (None: the server did not say, or said a kind
        this version does not know)."""
        self.echo_off = False
        self.prompts = 0
        self.lock = threading.Lock()
        self.closed = False
        self.heard = False
        """Whether the server sent any byte: a TLS server closes a plain connection before sending one."""
        self.quitting = False
        """Whether the player sent a quit word: the server's close is then the expected end."""

    def send(self, data: bytes) -> None:
        with self.lock:
            try:
                self.sock.sendall(data)
            except OSError:
                self.closed = True

    def send_line(self, text: str, typed: bool = False) -> None:
        """A line to the server; ``typed``: the player's own, which may be a quit word."""
        if typed and normalize(text.strip().partition(" ")[0]) in quit_words():
            self.quitting = True
        self.send(t.escape(text.encode("utf-8")) + b"\r\n")

    def ended(self) -> tuple[str, int] | None:
        """The server closed: the sentence and exit status when the player did not ask for it (None when they
        did)."""
        if not self.heard and not self.tls:
            return _("The server closed at once: if it uses TLS, add --tls."), EXIT_TLS
        if self.quitting:
            return None
        return _("The server closed the connection."), EXIT_CLOSED

    def run(self) -> None:
        """Read until the server closes: lines and prompts go to ``events``."""
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                self.heard = True
                self.feed(data)
        except OSError:
            pass
        finally:
            if self.pending:
                self.events.put((Heard.LINE, self.decode(bytes(self.pending))))
            self.closed = True
            self.events.put((Heard.CLOSED, None))

    @staticmethod
    def decode(data: bytes) -> str:
        from ..cleaning import clean

        text = data.decode("utf-8", errors="replace")
        cleaned = clean(text, 100_000)
        return cleaned + " " if cleaned and text.endswith(" ") else cleaned

    def feed(self, data: bytes) -> None:
        for item in self.filter.feed(data):
            if isinstance(item, bytes):
                self.pending += item
                while True:
                    end = self.pending.find(b"\n")
                    if end < 0:
                        break
                    line = bytes(self.pending[:end]).rstrip(b"\r")
                    del self.pending[: end + 1]
                    self.events.put((Heard.LINE, self.decode(line)))
            elif isinstance(item, t.Command):
                self.command(item)
            else:
                self.subnegotiation(item)

    def command(self, command: t.Command) -> None:
        verb, option = command.verb, command.option
        if option is None:
            if verb in (t.GA, t.EOR):
                text = self.decode(bytes(self.pending))
                self.pending.clear()
                kind = self.kind or (AskKind.PASSWORD if self.echo_off else AskKind.NAME if not self.prompts else None)
                self.prompts += 1
                self.events.put((Heard.PROMPT, (text, kind)))
                self.kind = None
            return
        if verb == t.WONT and option == t.ECHO:
            self.echo_off = False
        elif verb == t.DO:
            self.send(t.negotiation(t.WILL if option == t.TTYPE else t.WONT, option))
        elif verb == t.WILL:
            if option == t.ECHO:
                self.echo_off = True  # the server echoes nothing: a password is asked
                self.send(t.negotiation(t.DO, option))
            elif option in (t.EOR_OPTION, t.CHARSET):
                self.send(t.negotiation(t.DO, option))
            elif option == t.GMCP:
                self.send(t.negotiation(t.DO, t.GMCP))
                from .. import __version__

                self.send(t.gmcp_bytes("Core.Hello", {"client": CLIENT, "version": __version__}))
                self.send(t.gmcp_bytes("Core.Supports.Set", ["Commerce.Status 1", "Commerce.Ask 1",
                                                             "Commerce.Record 1"]))
                self.send(t.gmcp_bytes("Commerce.Settings", self.settings))
            else:
                self.send(t.negotiation(t.DONT, option))

    def subnegotiation(self, sub: t.Subnegotiation) -> None:
        if sub.option == t.TTYPE and sub.payload[:1] == bytes((t.TTYPE_SEND,)):
            names = [CLIENT.upper().encode(), b"ANSI", f"MTTS {t.MTTS_UTF8 | (t.MTTS_TLS if self.tls else 0)}".encode()]
            name = names[min(self.ttype_answers, 2)]
            self.ttype_answers += 1
            self.send(t.subnegotiation(t.TTYPE, bytes((t.TTYPE_IS,)) + name))
        elif sub.option == t.CHARSET and sub.payload[:1] == bytes((t.CHARSET_REQUEST,)):
            self.send(t.subnegotiation(t.CHARSET, bytes((t.CHARSET_ACCEPTED,)) + b"UTF-8"))
        elif sub.option == t.GMCP:
            message = t.parse_gmcp(sub.payload)
            if message is None:
                return
            package, data = message
            if package == "Commerce.Ask" and isinstance(data, dict) and isinstance(data.get("kind"), str):
                self.kind = AskKind(data["kind"]) if data["kind"] in AskKind.__members__.values() else None
            elif package == "Commerce.Record" and isinstance(data, dict):
                self.events.put((Heard.RECORD, data))


@cache
def quit_words() -> frozenset[str]:
    """The quit command's words in every language (the player may use any of them)."""
    return frozenset(word for lang in LANGUAGES for word, command in command_vocabulary(lang).items()
                     if command == "quit")


def split_address(address: str, default_port: int) -> tuple[str, int] | None:
    host, port = address, default_port
    if address.startswith("["):
        end = address.find("]")
        if end < 0:
            return None
        host, rest = address[1:end], address[end + 1:]
        if rest.startswith(":"):
            if not rest[1:].isdecimal():
                return None
            port = int(rest[1:])
    elif address.count(":") == 1:
        host, _sep, text = address.partition(":")
        if not text.isdecimal():
            return None
        port = int(text)
    if not host or not 0 < port < 65536:
        return None
    return host, port


def tls_context(ca: Path | None) -> ssl.SSLContext:
    """How ``--tls`` checks the server's certificate: against ``ca`` when given (a server's own, self-signed), else
    against the system's certificate store, as a browser does.

    Python's default context reads the certificates OpenSSL was built to find: on Linux the system's, but the
    python.org build for macOS finds none until its "Install Certificates" step was run, and on Windows it misses
    the roots Windows fetches only when a certificate needs them. truststore asks the system itself (installed on
    Windows and macOS); without it, the default context."""
    if ca is None:
        with contextlib.suppress(ImportError):
            import truststore

            return truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # type: ignore[no-any-return,unused-ignore]
    return ssl.create_default_context(cafile=str(ca) if ca else None)
