"""Who may connect: connections in all and per address, and the smaller share of those who have not logged in yet.

People who have not logged in get at most ``Limits.waiting`` of the connections (a fifth of ``--max-connections``
unless ``--login-connections`` says otherwise), at most ``Limits.waiting_per_address`` from one address, and the
whole login within ``Limits.login`` seconds (``login.py``); those logged in keep the rest. When that share is full,
a newcomer still comes in: the connection not logged in from the address that holds the most of them, the oldest of
those, is closed for it. So a crowd of slow connections (a byte every few seconds, from many addresses) holds only
its share and cannot keep out a person who logs in.

Addresses are counted by network (``network``): an IPv6 address by its /64, which one household or one machine
usually has whole.
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..i18n import _
from .peer import Peer

if TYPE_CHECKING:
    from .limits import Limits


def network(address: str) -> str:
    """What a peer is counted by, from its own address (``Peer.address``): an IPv4 address whole (also one mapped
    into IPv6), an IPv6 address by its /64; anything else (a Unix socket's name) as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


class Admission:
    """The server's connections, by address, and which of them have not logged in (oldest first)."""

    def __init__(self, limits: Limits, log: Callable[[str], None]) -> None:
        self.limits = limits
        self.log = log
        self.open: dict[Peer, str] = {}
        self.waiting: dict[Peer, str] = {}
        """The connections not logged in, oldest first, to their address."""
        self.open_from: Counter[str] = Counter()
        self.waiting_from: Counter[str] = Counter()

    @property
    def share(self) -> int:
        """How many connections not logged in there may be at once."""
        return self.limits.waiting or max(1, self.limits.connections // 5)

    def admit(self, peer: Peer) -> bool:
        """Take a new connection in, or tell it why not and close it; it waits to log in."""
        address = network(peer.address)
        if self.open_from[address] >= self.limits.per_address:
            return self._refuse(peer, _("The server is full; try again later."), "full for the address")
        if self.waiting_from[address] >= self.limits.waiting_per_address:
            return self._refuse(peer, _("Too many people are logging in from your address; try again in a minute."),
                                "too many logging in from the address")
        if len(self.waiting) >= self.share or len(self.open) >= self.limits.connections:
            if not self.waiting:
                return self._refuse(peer, _("The server is full; try again later."), "full")
            self._make_room()
        self.open[peer] = self.waiting[peer] = address
        self.open_from[address] += 1
        self.waiting_from[address] += 1
        return True

    def _refuse(self, peer: Peer, sentence: str, reason: str) -> bool:
        peer.turn_away(sentence)
        self.log(f"refused {peer.address}: {reason}")
        return False

    def _make_room(self) -> None:
        """Close the oldest connection not logged in from the address that holds the most of them."""
        most = max(self.waiting_from.values())
        peer = next(p for p, address in self.waiting.items() if self.waiting_from[address] == most)
        self.closed(peer)
        peer.turn_away(_("Too many people are logging in at once; connect again to log in."))
        self.log(f"closed {peer.address}: not logged in, its place given to a newcomer")

    def logged_in(self, peer: Peer) -> None:
        """The connection has logged in: it no longer counts against the share of those who have not."""
        address = self.waiting.pop(peer, None)
        if address is not None:
            self._count_down(self.waiting_from, address)

    def closed(self, peer: Peer) -> None:
        self.logged_in(peer)
        address = self.open.pop(peer, None)
        if address is not None:
            self._count_down(self.open_from, address)

    @staticmethod
    def _count_down(counter: Counter[str], address: str) -> None:
        counter[address] -= 1
        if counter[address] <= 0:
            del counter[address]
