"""``commerce serve --web-port``: the browser's page at ``/`` and its WebSocket at ``/ws``, in the server's own
process and event loop, beside telnet.

One library answers both, ``websockets``: its ``process_request`` hands out the page's three files (``page.py``)
before any WebSocket handshake, and everything else is the handshake or a refusal. It was chosen over aiohttp
because the page needs no more of HTTP than that, and because it is one small dependency whose asyncio connection
gives what a peer needs: messages whole, a bounded queue of frames that makes TCP hold a client back when the peer
stops reading, and a size limit on messages (docs/architecture.md, "The browser's page").

Who may open the WebSocket: a page of this server only. A browser always says which page opens a WebSocket
(``Origin``); one from another site is refused (403), so that no other site's page can play in its visitor's name.
A client that names no page at all is not a browser (a test, a bot) and cannot borrow anyone's login: it is let in,
and logs in as anyone does.

The client's address is the socket's, unless the socket is a proxy the host named (``--trusted-proxy``): then the
address the proxy added last to ``X-Forwarded-For``. The header from anyone else is never read, so that nobody can
choose the address the limits per address count.
"""

from __future__ import annotations

import ipaddress
import logging
import ssl
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from . import page
from .web_peer import WebPeer

if TYPE_CHECKING:
    from .lobby import Lobby

MESSAGE_LIMIT = 64 * 1024
"""Bytes of one message a page may send: a longer one ends its connection (RFC 6455's 1009); up to it, a line too
long is refused with one sentence (``web_peer``)."""
FRAMES = 8
"""Frames the library reads ahead of the peer: past them, reading stops and TCP holds the client back."""
WRITE_LIMIT = 16 * 1024
"""Bytes the socket's transport holds for a page before the peer's queue keeps the rest (``web_peer.OUTPUT_LIMIT``
bounds that)."""


def client_address(connection: ServerConnection, trusted: frozenset[str]) -> str:
    """The client's own address (see the module)."""
    remote = connection.remote_address
    socket_address = str(remote[0]) if isinstance(remote, tuple) and remote else "?"
    if socket_address not in trusted or connection.request is None:
        return socket_address
    forwarded = connection.request.headers.get_all("X-Forwarded-For")
    last = forwarded[-1].split(",")[-1].strip() if forwarded else ""
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return socket_address


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a page at ``origin`` is one of this server's (it is served at ``host``, the request's ``Host``); no
    origin at all is a client that is not a browser (see the module)."""
    if origin is None:
        return True
    if host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.strip().lower()


def answer(status: int, reason: str, body: bytes, content_type: str) -> Response:
    headers = Headers([*page.HEADERS, ("Content-Type", content_type), ("Content-Length", str(len(body)))])
    return Response(status, reason, headers, body)


def refusal(status: int, reason: str) -> Response:
    return answer(status, reason, f"{status} {reason}\n".encode(), "text/plain; charset=utf-8")


class QuietLog(logging.Handler):
    """The library's own log lines, one line each in the server's log, never a traceback on standard error."""

    def __init__(self, log: Callable[[str], None]) -> None:
        super().__init__(logging.INFO)
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.log(f"web: {record.getMessage()}" + (f" {error!r}" if error is not None else ""))


def quiet_logger(log: Callable[[str], None]) -> logging.Logger:
    logger = logging.getLogger(f"commerce_a11y.web.{id(log)}")
    logger.propagate = False
    logger.setLevel(logging.WARNING)
    logger.handlers = [QuietLog(log)]
    return logger


async def listen_web(lobby: Lobby, host: str, port: int, tls: ssl.SSLContext | None, trusted: Iterable[str],
                     language: str, log: Callable[[str], None], **listening: Any) -> WebSocketServer:
    """Listen for browsers; the server listening (``close`` it to stop)."""
    proxies = frozenset(str(ipaddress.ip_address(address)) for address in trusted)

    def process_request(connection: ServerConnection, request: Request) -> Response | None:
        split = urlsplit(request.path)
        if split.path == "/ws":
            if not same_origin(request.headers.get("Origin"), request.headers.get("Host")):
                log(f"refused {client_address(connection, proxies)}: a WebSocket from another site")
                return refusal(403, "Forbidden")
            return None
        name = page.FILES.get(split.path)
        if name is None:
            return refusal(404, "Not Found")
        lang = page.chosen_language(request.headers.get("Accept-Language"), language)
        served = page.page_file(name, lang)
        return answer(200, "OK", served.body, served.content_type)

    async def handler(connection: ServerConnection) -> None:
        assert connection.request is not None
        query = parse_qs(urlsplit(connection.request.path).query)
        resume = query.get("resume", [""])[0] or None  # bounded by resumes.take
        peer = WebPeer(connection, client_address(connection, proxies), resume, log)
        lobby.opened(peer)
        await peer.run()

    return await serve(handler, host, port, process_request=process_request, ssl=tls, server_header=None,
                       compression=None, max_size=MESSAGE_LIMIT, max_queue=FRAMES, write_limit=WRITE_LIMIT,
                       open_timeout=10, close_timeout=2, logger=quiet_logger(log), **listening)
