"""``commerce join HOST[:PORT]``: the game's own client for a table server, speaking the protocol a MUD client gets.

Everything the server says is printed as whole lines (and spoken, with ``--speech on``), through the local game's
``Terminal``; what the player types goes through the local game's input back-ends (plain lines, or rich editing on
a capable terminal). It answers the server's negotiation as a screen-reader MUD client would (UTF-8, EOR, GMCP),
logs in with ``--name`` and ``--password`` when given, tells the server the player's language and settings, and
keeps each finished match's record where ``commerce replay`` finds it (counted in ``commerce stats`` too).

Piped (standard input not a terminal) it reads one line per question the server asks (a prompt ends with GA or
EOR), prints the question and echoes the line, as ``commerce play`` does, so whole sessions can be scripted; it
exits 0 at the end of its input or when the player quits; when the server closes otherwise it says so and exits
3, and 4 when the server wants TLS and ``--tls`` was not given or the reverse (1: login refused, 2: no connection).
"""

from __future__ import annotations

import _thread
import contextlib
import getpass
import queue
import socket
import ssl
import sys
import threading
from collections.abc import Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, _
from ..invocation import command_line
from ..reasons import os_reason, tls_reason
from ..seat.parser import command_vocabulary, normalize
from ..storage import Settings
from ..wire import telnet as t
from ..wire.asks import AskKind

CLIENT = "commerce-a11y"
EXIT_LOGIN = 1
EXIT_CONNECT = 2
EXIT_CLOSED = 3
"""The server closed the connection (it stopped or died) without the player quitting."""
EXIT_TLS = 4
"""The server wants TLS and ``--tls`` was not given, or the reverse."""
FINISH_SECONDS = 10.0
"""How long ``commerce join`` waits, after its input ended, for the server's last lines to be printed and kept."""


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


def keep_delivered(data: dict[str, Any], keep: int) -> str:
    """Keep a record the server sent, where ``commerce replay`` finds it, and count it in the statistics; the
    sentence to say."""
    from datetime import datetime

    from ..records import keep_record, remember_seat, time_stamp
    from ..rules import RecordError, replay
    from ..stats import add_match, match_entry
    from ..storage import content_digest, filing_lock

    lines = data.get("lines")
    seat = data.get("seat")
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines) or not isinstance(seat, int):
        return _("The server sent a record that cannot be read.")
    try:
        match = replay(lines)
    except (RecordError, ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError):
        return _("The server sent a record that cannot be read.")
    if not 0 <= seat < len(match.players) or not match.over:
        return _("The server sent a record that cannot be read.")
    with filing_lock() as lock:
        lock.acquire(10.0)
        path = keep_record(lines, match.rules.name, keep, time_stamp())
        if path is not None:
            remember_seat(path, seat)  # commerce replay begins at this person's seat, not the table's first
        add_match(match_entry(match, seat, content_digest(lines), datetime.now()))
    if path is None:
        return _("The match's record could not be kept here.")
    return _("Record kept: {command} plays it.").format(command=command_line("replay"))


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


def join(address: str, name: str | None, password: str | None, tls: bool, settings: Mapping[str, str],
         stored: Settings, tls_ca: Path | None = None, lang: str | None = None) -> int:
    """Connect, log in and play until the server closes, the player quits, or (piped) the input ends.

    The language is sent only when the player gave ``--lang`` (``lang``): otherwise the account keeps the one it
    has (a new account gets the server's), so a join from an English terminal does not change a Dutch account."""
    from ..console.session import make_terminal
    from ..console.terminal import interactive
    from ..wire.telnet import DEFAULT_PORT

    terminal = make_terminal(settings)
    found = split_address(address, DEFAULT_PORT)
    if found is None:
        terminal.say([_("Give the server as HOST or HOST:PORT, for example localhost:4000.")])
        return EXIT_CONNECT
    piped = not interactive()
    given_password = password
    if not piped:
        # Asked here, before connecting: the server's name and password questions are then answered for the player.
        while not name:
            name = terminal.ask(_("Name? "))
            if name is None:
                return 0
            name = name.strip()
        while not password:
            try:
                password = getpass.getpass(_("Password? "))
            except (EOFError, KeyboardInterrupt):
                return 0
    host, port = found
    try:
        sock = socket.create_connection((host, port), timeout=10)
        if tls:
            sock = tls_context(tls_ca).wrap_socket(sock, server_hostname=host)
        else:
            # A TLS server closes at once on a record header (five bytes) that is no TLS greeting; a telnet server
            # ignores these three NOPs. (Two bytes alone left a TLS server waiting for the rest, for 10 seconds.)
            sock.sendall(bytes((t.IAC, t.NOP)) * 3)
        sock.settimeout(None)
    except ssl.SSLCertVerificationError as error:
        terminal.say([_("Cannot connect to {host} port {port}: {reason}.").format(
            host=host, port=port, reason=tls_reason(error))])
        return EXIT_CONNECT
    except ssl.SSLError:
        terminal.say([_("That server does not use TLS: leave out --tls.")])
        return EXIT_TLS
    except OSError as error:
        terminal.say([_("Cannot connect to {host} port {port}: {reason}.").format(
            host=host, port=port, reason=os_reason(error))])
        return EXIT_CONNECT
    wanted = {"language": lang} if lang else {}
    for key in ("verbosity", "cards"):
        if settings.get(key):
            wanted[key] = settings[key]
    wire = Wire(sock, wanted, tls)
    threading.Thread(target=wire.run, daemon=True).start()
    session = Client(wire, terminal, name, password, int(settings.get("keep_records", "50")),
                     typed_password=not piped and given_password is None)
    try:
        return session.piped() if piped else session.interactive()
    finally:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            sock.close()


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


class Client:
    """What the player sees and types, over one ``Wire``."""

    def __init__(self, wire: Wire, terminal: Any, name: str | None, password: str | None, keep: int,
                 typed_password: bool = False) -> None:
        self.wire = wire
        self.terminal = terminal
        self.name = name
        self.password = password
        self.typed_password = typed_password
        """The player typed the password at the start (no ``--password``): a new account asks for it again."""
        self.keep = keep
        self.pending: tuple[Heard, Any] | None = None
        """The first event after logging in (``log_in``), for the printer thread to begin with."""
        self.names_sent = 0
        self.refused = False
        self.leaving = threading.Event()
        self.output = threading.Lock()
        self.open_prompt = False

    def login_answer(self, kind: AskKind) -> str | None:
        """The answer to a login question from ``--name`` and ``--password``; None when they are not given, or the
        server asks for the name again (they were refused)."""
        if kind == AskKind.NAME:
            self.names_sent += 1
            if self.names_sent > 1 and self.name:
                self.refused = True
                return None
            return self.name
        if self.names_sent > 1:
            return None
        if kind == AskKind.CONFIRM and self.typed_password:
            # A new account: the password typed once at the start is asked again, as the server asks it.
            try:
                again = getpass.getpass(_("The password again? "))
            except (EOFError, KeyboardInterrupt):
                again = ""
            return again
        return self.password

    def shown(self, kind: Heard, data: Any) -> str | None:
        """What to print for a line or a record the server sent (None: nothing)."""
        if kind == Heard.LINE:
            return data or None  # the server's line end after a password the client did not echo: nothing to read
        if kind == Heard.RECORD:
            return keep_delivered(data, self.keep)
        return None

    def piped(self) -> int:
        """One line of standard input per question, echoed after it; what the server says meanwhile (another
        player sitting down, the others' moves) is printed as it comes, by a thread of its own."""
        prompts: queue.Queue[tuple[str, AskKind | None] | None] = queue.Queue()
        printer = threading.Thread(target=self.print_piped, args=(prompts,), daemon=True)
        printer.start()
        while True:
            item = prompts.get()
            if item is None:
                printer.join(FINISH_SECONDS)
                return EXIT_LOGIN if self.refused else self.closed_by_server()
            text, asked = item
            line = self.login_answer(asked) if asked is not None and asked.login else None
            if self.refused:
                self.say_line(_("The server did not accept the name and password."))
                return EXIT_LOGIN
            if line is None:
                # As ``commerce play`` reads a script: the question, then the line read, echoed after it.
                with self.output:
                    self.write(text)
                    self.open_prompt = True
                read = sys.stdin.readline()
                with self.output:
                    if self.open_prompt:
                        self.write("" if not read or (asked is not None and asked.secret)
                                   else read.rstrip("\r\n"))
                        self.write("\n")
                        self.open_prompt = False
                if not read:
                    self.finish(printer)
                    return 0
                line = read.rstrip("\r\n")
                self.wire.send_line(line, typed=True)
                continue
            self.wire.send_line(line)

    def closed_by_server(self) -> int:
        """The server closed the connection: say so unless the player quit; the exit status."""
        ended = self.wire.ended()
        if ended is None:
            return 0
        self.say_line(ended[0])
        return ended[1]

    def finish(self, printer: threading.Thread) -> None:
        """The input ended: tell the server we are done (it closes), and let what it sent before be printed and
        kept (a finished match's record) before leaving."""
        with contextlib.suppress(OSError):
            self.wire.sock.shutdown(socket.SHUT_WR)
        printer.join(FINISH_SECONDS)

    def print_piped(self, prompts: queue.Queue[tuple[str, AskKind | None] | None]) -> None:
        while True:
            kind, data = self.wire.events.get()
            if kind == Heard.CLOSED:
                prompts.put(None)
                return
            if kind == Heard.PROMPT:
                prompts.put(data)
            elif (text := self.shown(kind, data)) is not None:
                self.say_line(text)

    def say_line(self, text: str) -> None:
        """A whole line, after the open question's line is ended (a script's transcript keeps one line each)."""
        with self.output:
            if self.open_prompt:
                self.write("\n")
                self.open_prompt = False
            self.write(text + "\n")

    def write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.terminal.stdout.write(text)
            self.terminal.stdout.flush()

    def interactive(self) -> int:
        """The player may type at any time, as in a MUD client: the server's lines and questions are printed (and
        spoken) as they come, by a thread of their own, while this one reads what the player types."""
        if self.terminal.backend.name == "rich":
            # prompt_toolkit redraws its input line below whatever another thread prints, instead of printing over it.
            from prompt_toolkit.patch_stdout import patch_stdout

            with patch_stdout(raw=True):
                self.terminal.stdout = sys.stdout
                return self.read_typed()
        return self.read_typed()

    def read_typed(self) -> int:
        import signal


        status: list[int] = []
        woken: list[bool] = []

        def interrupted(signum: int, frame: Any) -> None:
            """Ctrl-C, or the printer waking this thread to leave (``wake_main``, which may send its signal more
            than once, the main thread being slow to answer under load): once it is time to leave, only the first
            one interrupts, wherever it lands; another would end the leaving client as Ctrl-C does."""
            if status and woken:
                return
            woken.extend([True] if status else [])
            raise KeyboardInterrupt

        ended = self.log_in()
        if ended is not None:
            return ended
        with contextlib.suppress(ValueError, OSError):  # ValueError: not the main thread
            signal.signal(signal.SIGINT, interrupted)
        printer = threading.Thread(target=self.print_events, args=(status,), daemon=True)
        # Plain input: a burst of lines waits for its question and is written with it, the question on the cursor's
        # line (``print_events``); prompt_toolkit keeps its own input line below what is printed, line by line.
        plain = self.terminal.backend.name == "plain"
        with self.terminal.holding() if plain else contextlib.nullcontext():
            return self.read_lines(printer, status, woken)

    def read_lines(self, printer: threading.Thread, status: list[int], woken: list[bool]) -> int:
        """Send what the player types until the server closes or the input ends, while ``printer`` prints."""
        import signal

        from ..console.terminal import INTERRUPTED

        try:
            # Started inside the ``try``: its wake-up may come before the first read (the server closed during the
            # login, and the printer tells it at once).
            printer.start()
            while True:
                try:
                    typed = self.terminal.backend.read("")
                except KeyboardInterrupt:
                    typed = INTERRUPTED
                except (OSError, ValueError, EOFError):
                    typed = None
                self.terminal.answered()
                if status or self.wire.closed or typed is None:
                    woken.append(True)  # from now on every wake-up is a late one
                    break
                if typed == INTERRUPTED:
                    continue
                self.wire.send_line(typed, typed=True)
        except KeyboardInterrupt:  # the wake-up came between two reads, or just before the line above
            if not status:
                raise
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # leaving: neither a late wake-up nor Ctrl-C ends it now
        self.leaving.set()
        return status[0] if status else 0

    def log_in(self) -> int | None:
        """The login, in this (the main) thread, before the player may type: the name and password questions
        answered, a new account's password asked again of the player (``login_answer``), what the server says
        meanwhile printed; the exit status if it ended there, else None (the first event after it is
        ``pending``)."""
        while True:
            try:
                kind, data = self.wire.events.get()
            except KeyboardInterrupt:  # Ctrl-C before the player is in: leave
                return 0
            if kind == Heard.PROMPT and data[1] is not None and data[1].login:
                line = self.login_answer(data[1])
                if line is None:
                    self.terminal.say([_("The server did not accept the name and password.")])
                    return EXIT_LOGIN
                self.wire.send_line(line)
            elif kind in (Heard.LINE, Heard.RECORD):
                if (text := self.shown(kind, data)) is not None:
                    self.terminal.say([text])
            else:
                self.pending = (kind, data)
                return None

    def print_events(self, status: list[int]) -> None:
        while True:
            if self.pending is not None:
                (kind, data), self.pending = self.pending, None
            else:
                kind, data = self.wire.events.get()
            if kind == Heard.CLOSED:
                ended = self.wire.ended()
                if ended is not None:
                    self.terminal.say([ended[0]])
                status.append(ended[1] if ended else 0)
                break
            if kind != Heard.PROMPT:
                if (text := self.shown(kind, data)) is not None:
                    self.terminal.say([text])
                continue
            text, asked = data
            if asked == AskKind.TURN:
                self.terminal.ring()
            if asked is not None and asked.login:
                line = self.login_answer(asked)
                if line is None:
                    self.terminal.say([_("The server did not accept the name and password.")])
                    status.append(EXIT_LOGIN)
                    wake_main(self.leaving, EXIT_LOGIN)
                    return
                self.wire.send_line(line)
                continue
            if text.strip():
                if self.terminal.backend.name == "plain":
                    self.terminal.prompt(text)  # on the cursor's line, as the local game asks
                else:
                    self.terminal.say([text.rstrip()])
        wake_main(self.leaving)


def wake_main(leaving: threading.Event, status: int = 0) -> None:
    """The main thread waits for a typed line: make it leave now. A signal sent to that very thread interrupts the
    waiting read (``interrupt_main`` alone would only take effect after the next line); it is sent again until the
    main thread has left (one may land just before the read begins), and after two seconds the process ends."""
    import os
    import signal

    for _attempt in range(10):
        if hasattr(signal, "pthread_kill"):
            with contextlib.suppress(OSError, ValueError):
                signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
        else:
            _thread.interrupt_main()
        if leaving.wait(0.2):
            return
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    os._exit(status)
