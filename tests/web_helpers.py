"""A table server with its browsers' endpoint in the test's own event loop, on a real loopback socket, and a page as
a WebSocket client sees it (``Page``): every message kept, read on demand with timeouts.

No process is started: the server, its lobby and ``web.listen_web`` run in the loop ``asyncio.run`` gives the test,
the computer players' moves computed inline.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from table_harness import inline_thinkers
from websockets.asyncio.client import ClientConnection, connect

from commerce_a11y.server.limits import Limits
from commerce_a11y.server.lobby import Lobby
from commerce_a11y.server.registry import Server
from commerce_a11y.server.web import listen_web


class Site:
    """The server and where browsers reach it."""

    def __init__(self, server: Server, port: int, log: list[str]) -> None:
        self.server = server
        self.port = port
        self.log = log

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


@contextlib.asynccontextmanager
async def site(data: Path, limits: Limits | None = None, trusted: tuple[str, ...] = ()) -> AsyncIterator[Site]:
    log: list[str] = []
    server = Server(data, limits or Limits(), thinkers=inline_thinkers(), log=log.append)
    listener = await listen_web(Lobby(server), "127.0.0.1", 0, None, trusted, "en", log.append)
    try:
        yield Site(server, next(iter(listener.sockets)).getsockname()[1], log)
    finally:
        listener.close()
        for session in list(server.sessions):
            session.peer.close()
        await asyncio.sleep(0.05)
        for task in list(server.tasks):
            task.cancel()
        await listener.wait_closed()
        server.thinkers.close()
        server.io.shutdown()
        server.hashing.shutdown()
        server.store.close()


class Page:
    """One page's WebSocket: what it sends, and every message it received."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.messages: list[dict[str, Any]] = []
        self.read = 0

    @classmethod
    async def open(cls, site: Site, resume: str | None = None, **options: Any) -> Page:
        url = site.url + (f"?resume={resume}" if resume else "")
        return cls(await connect(url, **options))

    async def line(self, text: str) -> None:
        await self.connection.send(json.dumps({"type": "line", "text": text}))

    async def until(self, found: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Read until a message for which ``found(message)`` holds (looking at those not looked at yet first)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            while self.read < len(self.messages):
                message = self.messages[self.read]
                self.read += 1
                if found(message):
                    return message
            left = deadline - asyncio.get_running_loop().time()
            try:
                if left <= 0:
                    raise TimeoutError
                self.messages.append(json.loads(await asyncio.wait_for(self.connection.recv(), left)))
            except TimeoutError:
                raise AssertionError(f"not received; the last messages: {self.messages[-6:]}") from None

    async def ask(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next question of ``kind``."""
        return await self.until(lambda m: m["type"] == "ask" and m["kind"] == kind, timeout)

    def lines(self) -> list[str]:
        return [line for m in self.messages if m["type"] == "lines" for line in m["lines"]]

    def data(self, package: str) -> list[Any]:
        return [m["data"] for m in self.messages if m["type"] == "data" and m["package"] == package]

    async def log_in(self, name: str, password: str = "secret1", new: bool = True) -> None:
        await self.ask("name")
        await self.line(name)
        if new:
            await self.ask("new-password")
            await self.line(password)
            await self.ask("confirm")
        else:
            await self.ask("password")
        await self.line(password)
        await self.ask("lobby")

    async def close(self) -> None:
        await self.connection.close()


def raw_socket(port: int, origin: str | None = None) -> socket.socket:
    """A WebSocket opened by hand, to send frames no library would (the handshake's answer read and dropped)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    head = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n")
    if origin is not None:
        head += f"Origin: {origin}\r\n"
    sock.sendall((head + "\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def frame(opcode: int, payload: bytes, fin: bool = True) -> bytes:
    """One client frame (masked, as a client's must be)."""
    mask = b"\x01\x02\x03\x04"
    head = bytes([(0x80 if fin else 0) | opcode])
    size = len(payload)
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 65536:
        head += bytes([0x80 | 126]) + size.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + size.to_bytes(8, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
