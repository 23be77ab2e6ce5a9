"""A table server in a process of its own, and a raw telnet client that keeps every byte it received.

The client speaks as little telnet as a test needs (it may refuse every option, like the plainest client, or agree
to UTF-8, EOR and GMCP like a MUD client) and collects the server's output as text, prompts (text before IAC GA or
EOR) and GMCP messages, next to the raw bytes (for tests that look at the wire itself).
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from commerce_a11y.wire import telnet as t

ROOT = Path(__file__).resolve().parent.parent


class ServerProcess:
    """``commerce serve`` on a free loopback port, with its own data folder."""

    def __init__(self, data: Path, *args: str, grace: int = 90, open_files: int | None = None,
                 root: Path = ROOT) -> None:
        self.root = root
        """The checkout whose server runs (``bench/attack.py`` runs an older one beside this one)."""
        self.data = data
        self.args = args
        self.grace = grace
        self.open_files = open_files
        """The process's limit of open files (soft and hard), where a test sets one (POSIX)."""
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0
        self.started = ""
        """The line that says where the server listens."""
        self.start()

    def start(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "LANG": "C.UTF-8"}
        env.pop("LANGUAGE", None)
        own = self.root / ".venv" / "bin" / "python"
        python = str(own) if self.root != ROOT and own.exists() else sys.executable
        self.proc = subprocess.Popen(
            [python, "-m", "commerce_a11y", "serve", "--port", "0", "--data", str(self.data), "--lang", "en",
             "--grace", str(self.grace), "--workers", "1", *self.args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=self.root,
            preexec_fn=self._limit_files if self.open_files else None)
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the server ended before listening")
            found = re.search(r"(?i)port (\d+)[.,]", line)  # "Port" in German; a TLS server's line goes on
            if found:
                self.port = int(found.group(1))
                self.started = line.strip()
                return
        raise RuntimeError("the server did not say where it listens")

    def _limit_files(self) -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                return self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                return self.proc.wait(10)
        return self.proc.returncode


class Client:
    """One connection as a client sees it: what it sends, and everything received, read on demand with timeouts.

    How bytes travel is the subclass's: ``RawClient`` over a real socket, ``table_harness.TelnetClient`` straight
    into a server in the test's own event loop (and ``table_harness.PeerClient``, no bytes at all: lines through a
    fake peer). ``pump`` waits for what comes next, ``clock`` says the time that
    timeouts count in (the real one for a socket, the loop's virtual one in the harness)."""

    def __init__(self, mud: bool = True) -> None:
        self.mud = mud
        self.filter = t.Filter()
        self.raw = bytearray()
        self.text = ""
        """Everything shown, prompts included, decoded (lines end with \\n)."""
        self.pending = bytearray()
        self.prompts: list[str] = []
        self.gmcp: list[tuple[str, Any]] = []
        self.kinds: list[str] = []
        """The kind of each prompt (GMCP ``Commerce.Ask``; empty when the client has no GMCP)."""
        self.next_kind = ""
        self.marks: list[int] = []
        self.closed = False
        self.read_from = 0
        self.prompt_seen = 0

    # ----- the transport's -----

    def send_raw(self, data: bytes) -> None:
        raise NotImplementedError

    def pump(self, timeout: float) -> bool:
        """Take what comes within ``timeout`` seconds (``received``); False once the server closed."""
        raise NotImplementedError

    def clock(self) -> float:
        return time.monotonic()

    # ----- what came -----

    def send(self, line: str) -> None:
        self.send_raw(t.escape(line.encode("utf-8")) + b"\r\n")

    def received(self, data: bytes) -> None:
        self.raw += data
        for item in self.filter.feed(data):
            if isinstance(item, bytes):
                self.pending += item
                while b"\n" in self.pending:
                    end = self.pending.index(b"\n")
                    self.text += self.pending[:end].decode("utf-8", "replace").rstrip("\r") + "\n"
                    del self.pending[: end + 1]
            elif isinstance(item, t.Command):
                self.command(item)
            else:
                self.subnegotiation(item)

    def command(self, command: t.Command) -> None:
        if command.option is None:
            if command.verb in (t.GA, t.EOR):
                prompt = self.pending.decode("utf-8", "replace")
                self.pending.clear()
                self.text += prompt + "\n"
                self.prompts.append(prompt)
                self.marks.append(command.verb)
                self.kinds.append(self.next_kind)
                self.next_kind = ""
            return
        if not self.mud:
            if command.verb in (t.DO, t.WILL):
                self.send_raw(t.negotiation(t.WONT if command.verb == t.DO else t.DONT, command.option))
            return
        if command.verb == t.WILL and command.option in (t.EOR_OPTION, t.GMCP, t.CHARSET):
            self.send_raw(t.negotiation(t.DO, command.option))
            if command.option == t.GMCP:
                self.send_raw(t.gmcp_bytes("Core.Hello", {"client": "test", "version": "1"}))
        elif command.verb == t.DO and command.option == t.TTYPE:
            self.send_raw(t.negotiation(t.WILL, t.TTYPE))

    def subnegotiation(self, sub: t.Subnegotiation) -> None:
        if sub.option == t.GMCP:
            message = t.parse_gmcp(sub.payload)
            if message:
                self.gmcp.append(message)
                if message[0] == "Commerce.Ask":
                    self.next_kind = message[1]["kind"]
        elif sub.option == t.CHARSET and sub.payload[:1] == bytes((t.CHARSET_REQUEST,)):
            self.send_raw(t.subnegotiation(t.CHARSET, bytes((t.CHARSET_ACCEPTED,)) + b"UTF-8"))
        elif sub.option == t.TTYPE:
            self.send_raw(t.subnegotiation(t.TTYPE, bytes((t.TTYPE_IS,)) + b"MTTS 4"))

    def prompt(self, timeout: float = 20) -> str:
        """The next question (text before GA/EOR) not yet taken."""
        deadline, ended = self.clock() + timeout, False
        while len(self.prompts) <= self.prompt_seen:
            if ended or self.clock() > deadline:
                raise TimeoutError(f"no prompt; got: {self.text[-2000:]!r}")
            ended = not self.pump(0.2) and self.closed  # what came with the end is looked at first
        self.prompt_seen += 1
        return self.prompts[self.prompt_seen - 1]

    def new_prompts(self, timeout: float = 0.02) -> list[tuple[str, int]]:
        """What arrives within ``timeout``: the questions not yet taken, as (kind, index into ``prompts``), now
        taken; for tests that answer several connections' questions as they come."""
        self.pump(timeout)
        new = [(self.kinds[i], i) for i in range(self.prompt_seen, len(self.prompts))]
        self.prompt_seen = len(self.prompts)
        return new

    def expect(self, pattern: str, timeout: float = 20) -> str:
        """Read until the text received after the last ``expect`` matches ``pattern`` (a regular expression)."""
        deadline, ended = self.clock() + timeout, False
        regex = re.compile(pattern)
        while True:
            found = regex.search(self.text, self.read_from)
            if found:
                self.read_from = found.end()
                return found.group(0)
            if ended or self.clock() > deadline:
                raise TimeoutError(f"{pattern!r} not seen; got: {self.text[self.read_from:][-3000:]!r}")
            ended = not self.pump(0.2) and self.closed  # what came with the end is looked at first

    def drain(self, seconds: float = 0.3) -> None:
        deadline = self.clock() + seconds
        while self.clock() < deadline and self.pump(0.05):
            pass

    def login(self, name: str, password: str = "secret1", new: bool = True) -> None:
        self.prompt()
        self.send(name)
        self.prompt()
        self.send(password)
        if new:
            self.prompt()
            self.send(password)
        self.prompt()  # the lobby's

    def statuses(self) -> list[dict[str, Any]]:
        return [data for package, data in self.gmcp if package == "Commerce.Status"]

    def close(self) -> None:
        raise NotImplementedError




class RawClient(Client):
    """One connection over a real socket."""

    def __init__(self, port: int, mud: bool = True, host: str = "127.0.0.1", source: str | None = None) -> None:
        # ``source``: the client's own address, such as 127.0.0.7 (Linux routes all of 127.0.0.0/8 to the loopback
        # device), for tests of limits per address.
        super().__init__(mud)
        self.sock = socket.create_connection((host, port), timeout=10,
                                             source_address=(source, 0) if source else None)

    def send_raw(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError:  # the server closed the connection: reading tells the test so
            self.closed = True

    def pump(self, timeout: float) -> bool:
        if self.closed:
            return False
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return True
        except OSError:
            self.closed = True
            return False
        if not data:
            self.closed = True
            return False
        self.received(data)
        return True

    def close(self) -> None:
        self.sock.close()


def person(server: ServerProcess, name: str) -> RawClient:
    """A new account's connection, logged in and in the lobby."""
    client = RawClient(server.port)
    client.login(name)
    return client


def status_json(client: RawClient) -> str:
    return json.dumps(client.statuses())
