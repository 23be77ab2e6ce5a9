"""The telnet wire, both ends: an incremental IAC filter, lines split as they come, negotiations, GMCP messages
(the server's own lines out, spelt for each client, are its telnet peer's: ``server.telnet_peer``).

Our own small filter rather than a telnet library: the server needs only a handful of options (ECHO, SGA, TTYPE
for MTTS, EOR, CHARSET, GMCP), and it must bound every buffer an untrusted client can fill (a subnegotiation that
never ends, a line of ten megabytes), never wait for an answer a client does not send (TinTin++ refuses CHARSET),
and survive malformed sequences. That is one state machine of about a hundred lines here, shared by the server and
``commerce join``, with no dependency whose interface may change under us.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

DEFAULT_PORT = 4000
"""The port ``commerce serve`` listens on and ``commerce join`` connects to unless told another."""

IAC, DONT, DO, WONT, WILL, SB, GA, EL, EC, AYT, AO, IP, BRK, DM, NOP, SE, EOR = (
    255, 254, 253, 252, 251, 250, 249, 248, 247, 246, 245, 244, 243, 242, 241, 240, 239)
ECHO, SGA, TTYPE, EOR_OPTION, NAWS, LINEMODE, CHARSET, GMCP = 1, 3, 24, 25, 31, 34, 42, 201

TTYPE_IS, TTYPE_SEND = 0, 1
CHARSET_REQUEST, CHARSET_ACCEPTED, CHARSET_REJECTED = 1, 2, 3

MTTS_UTF8 = 4
MTTS_SCREEN_READER = 64
MTTS_TLS = 2048

LINE_LIMIT = 1024
"""The longest line a client may send, in bytes; a longer one is refused with a sentence (the connection stays)."""
SUBNEGOTIATION_LIMIT = 8192
"""The longest subnegotiation the server keeps (a client's GMCP message); a longer one is dropped whole."""
CLIENT_SUBNEGOTIATION_LIMIT = 16 * 1024 * 1024
"""The longest one ``commerce join`` keeps: a finished match's record comes as one GMCP message (the longest match
measured, 245 hands of Braillespiel, is about 180 KB; a saved match may hold 16 MB)."""

TOO_LONG = object()
"""What ``LineReader.feed`` yields in place of a line longer than ``LINE_LIMIT`` (its bytes are dropped)."""


@dataclass(frozen=True, slots=True)
class Command:
    """A negotiation (``verb`` is WILL, WONT, DO or DONT) or a bare command (``option`` None: GA, EOR, IP...)."""

    verb: int
    option: int | None = None


@dataclass(frozen=True, slots=True)
class Subnegotiation:
    option: int
    payload: bytes


class Filter:
    """Splits a byte stream into data and telnet commands, a chunk at a time (any split works).

    Malformed input never raises: an IAC followed by a byte that is no command is dropped with it, a subnegotiation
    longer than ``SUBNEGOTIATION_LIMIT`` is dropped, and a stray IAC SE outside one is ignored."""

    def __init__(self, limit: int = SUBNEGOTIATION_LIMIT) -> None:
        self.limit = limit
        self._state = 0  # 0 data, 1 after IAC, 2 after a verb, 3 in SB (option next), 4 SB payload, 5 IAC in SB
        self._verb = 0
        self._option = 0
        self._payload = bytearray()
        self._overflow = False

    def feed(self, data: bytes) -> Iterator[bytes | Command | Subnegotiation]:
        state = self._state
        i = 0
        n = len(data)
        while i < n:
            if state == 0:
                found = data.find(b"\xff", i)
                if found < 0:
                    self._state = 0
                    yield data[i:]
                    return
                if found > i:
                    yield data[i:found]
                i = found + 1
                state = 1
                continue
            byte = data[i]
            i += 1
            if state == 1:
                if byte == IAC:
                    yield b"\xff"
                    state = 0
                elif byte in (WILL, WONT, DO, DONT):
                    self._verb = byte
                    state = 2
                elif byte == SB:
                    state = 3
                else:
                    state = 0
                    if byte != SE:
                        yield Command(byte)
            elif state == 2:
                state = 0
                yield Command(self._verb, byte)
            elif state == 3:
                self._option = byte
                self._payload.clear()
                self._overflow = False
                state = 4
            elif state == 4:
                if byte == IAC:
                    state = 5
                    continue
                end = data.find(b"\xff", i)  # the rest of the payload up to the next IAC, in one piece
                end = n if end < 0 else end
                room = self.limit - len(self._payload)
                piece = data[i - 1:end]
                if len(piece) > room:
                    self._overflow = True
                    piece = piece[:max(room, 0)]
                self._payload += piece
                i = end
            else:  # state 5: IAC inside a subnegotiation
                if byte == SE:
                    state = 0
                    if not self._overflow:
                        yield Subnegotiation(self._option, bytes(self._payload))
                elif byte == IAC:
                    if len(self._payload) < self.limit:
                        self._payload.append(IAC)
                    state = 4
                else:  # IAC and something else inside SB: malformed; the subnegotiation is dropped
                    state = 0
        self._state = state


class LineReader:
    """Data bytes into lines: CR LF, CR NUL, a lone CR or LF end a line; a line longer than ``LINE_LIMIT`` bytes is
    dropped as it comes (memory stays bounded) and reported once as ``TOO_LONG``."""

    def __init__(self, limit: int = LINE_LIMIT) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._dropping = False
        self._after_cr = False

    def feed(self, data: bytes) -> Iterator[bytes | object]:
        i, n = 0, len(data)
        while i < n:
            if self._after_cr:
                self._after_cr = False
                if data[i] in (10, 0):  # CR LF or CR NUL: the CR ended the line already
                    i += 1
                    continue
            cr, lf = data.find(b"\r", i), data.find(b"\n", i)
            end = min(cr if cr >= 0 else n, lf if lf >= 0 else n)
            piece = data[i:end]
            if not self._dropping:
                if len(self._buffer) + len(piece) > self.limit:
                    self._dropping = True
                    self._buffer.clear()
                else:
                    self._buffer += piece
            if end == n:
                return
            self._after_cr = data[end] == 13
            i = end + 1
            if self._dropping:
                self._dropping = False
                yield TOO_LONG
            else:
                yield bytes(self._buffer)
            self._buffer.clear()


def escape(data: bytes) -> bytes:
    """Data with IAC doubled, as the wire needs it."""
    return data.replace(b"\xff", b"\xff\xff")


def negotiation(verb: int, option: int) -> bytes:
    return bytes((IAC, verb, option))


def subnegotiation(option: int, payload: bytes) -> bytes:
    return bytes((IAC, SB, option)) + escape(payload) + bytes((IAC, SE))


_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
"""One encoder for every GMCP message (``json.dumps`` with options builds a new one each call)."""


def gmcp_bytes(package: str, data: Any = None) -> bytes:
    """One GMCP message: ``Package.Message`` and its JSON (UTF-8, as GMCP is)."""
    text = package if data is None else package + " " + _JSON.encode(data)
    return subnegotiation(GMCP, text.encode("utf-8"))


@functools.cache
def ask_bytes(kind: str) -> bytes:
    """``Commerce.Ask`` before a question of ``kind`` (one of a few words the server itself chooses): made once per
    kind, since one precedes every question."""
    return gmcp_bytes("Commerce.Ask", {"kind": kind})


def parse_gmcp(payload: bytes) -> tuple[str, Any] | None:
    """A GMCP message's package and data; None if it is not one (bad UTF-8, bad JSON, a nameless package)."""
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        return None
    package, _sep, rest = text.partition(" ")
    if not package or len(package) > 64:
        return None
    if not rest.strip():
        return package, None
    from ..cleaning import load_json

    try:
        return package, load_json(rest)
    except ValueError:
        return None


def mtts_bits(name: bytes) -> int | None:
    """The bits of an MTTS answer ("MTTS 137"), or None for another terminal type answer."""
    text = name.decode("ascii", errors="replace").strip()
    if text.upper().startswith("MTTS "):
        number = text[5:].strip()
        if number.isdecimal() and len(number) < 10:
            return int(number)
    return None
