"""What every peer's socket is set to, whatever speaks over it: a bounded send buffer and TCP keepalive."""

from __future__ import annotations

import contextlib
import socket
from typing import Any

from .. import platforms

SEND_BUFFER = 64 * 1024
"""The kernel's send buffer for one connection: the kernel's share of what waits for a client that does not read
is bounded too (loopback would otherwise take megabytes)."""


def tune(sock: Any) -> None:
    """A new connection's socket (None where the transport has none): ``SEND_BUFFER`` and ``keep_alive``."""
    if sock is None:
        return
    with contextlib.suppress(OSError, AttributeError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
    keep_alive(sock)


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
