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
from pathlib import Path
from typing import Any

from ..i18n import _
from ..invocation import command_line
from ..reasons import os_reason, tls_reason
from ..settings import Settings
from ..wire import telnet as t
from ..wire.asks import AskKind
from .connection import EXIT_CONNECT, EXIT_LOGIN, EXIT_TLS, Heard, Wire, split_address, tls_context

FINISH_SECONDS = 10.0
"""How long ``commerce join`` waits, after its input ended, for the server's last lines to be printed and kept."""


def keep_delivered(data: dict[str, Any], keep: int) -> str:
    """Keep a record the server sent, where ``commerce replay`` finds it, and count it in the statistics; the
    sentence to say."""
    from datetime import datetime

    from ..records import keep_record, remember_seat, time_stamp
    from ..rules import RecordError, replay
    from ..seals import content_digest
    from ..stats import add_match, match_entry
    from ..storage import filing_lock

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
