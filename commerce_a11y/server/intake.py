"""What every peer does with a client's input, whatever the transport: a bounded inbox, a rate and a share of the
event loop's turns, and the last line of defence when handling it fails.

Input is read at most ``INPUT_RATE`` bytes a second on average (after a burst of ``INPUT_BURST``), each line,
command or message counted as ``ITEM_COST`` bytes more, since handling one costs more than reading bytes: a client
that sends more waits while the peer stops reading (TCP makes it wait), so no flood takes more of the server's time
than that. At most ``ITEMS_A_TURN`` items are handled in one turn of the event loop; the rest wait for the next.
Lines wait in an ``Inbox`` of ``INPUT_QUEUE``; from half as many on, reading stops until they are handled.

Should handling a client's input still fail, that is the last line of defence (``Intake.take``): one line in the
server's log, the person told in one sentence, that peer closed, and the server goes on; never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .peer import Declared, Owner, Refused

INPUT_QUEUE = 64
"""Lines that may wait to be handled; more (a client pasting a book in one piece) are dropped with one sentence.
From half as many on, the peer stops reading until they are handled (TCP makes the client wait), so that lines
sent one after another wait rather than being lost."""
INPUT_RATE = 1024 * 1024
"""Bytes a second a client may send on average; more wait (the peer stops reading meanwhile)."""
INPUT_BURST = 1024 * 1024
"""Bytes a client may send at once before ``INPUT_RATE`` applies (a paste, a long line refused as too long)."""
ITEM_COST = 1024
"""What a line, a command or a message counts as, in bytes of the input's credit: a client may send about a
thousand a second, however short."""
SLICE = 4096
"""Bytes handled at a time, between two looks at the credit and at this turn's share (``ITEMS_A_TURN``)."""
ITEMS_A_TURN = 256
"""Lines, commands and messages one peer may have handled in one turn of the event loop; the rest of what was read
waits for the next turn."""

Item = TypeVar("Item")


class Inbox(Generic[Item]):
    """Lines as they came (a transport's own form of them: telnet keeps bytes, decoded for the question they
    answer), ``Refused`` among them, and the end; bounded by ``INPUT_QUEUE``. ``hold`` stops reading (True) from
    half full on, and lets it go on (False) once it is down to a quarter."""

    def __init__(self, hold: Callable[[bool], None]) -> None:
        self.hold = hold
        self.lines: deque[Item | Refused | None] = deque()
        self.dropping = False
        self.ended = False
        self.waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self.lines)

    def put(self, line: Item | Refused) -> None:
        """A line (or why there is none); beyond ``INPUT_QUEUE`` lines are dropped, said once (``DROPPED``)."""
        if len(self.lines) >= INPUT_QUEUE:
            if not self.dropping:
                self.dropping = True
                self.lines.append(Refused.DROPPED)
            return
        self.dropping = False
        self.lines.append(line)
        if len(self.lines) >= INPUT_QUEUE // 2:
            self.hold(True)
        self._wake()

    def end(self) -> None:
        """The client is gone: once the lines before are taken, ``next`` gives None."""
        self.ended = True
        self.lines.append(None)
        self._wake()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    async def next(self) -> Item | Refused | None:
        """The next line, waiting for it; None at the end."""
        while not self.lines:
            if self.ended:
                return None
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
            self.waiter = None
        line = self.lines.popleft()
        if len(self.lines) <= INPUT_QUEUE // 4:
            self.hold(False)
        return line


class Intake:
    """A client's input handled a slice at a time within its credit and its share of a turn (see the module):
    ``handle`` takes a slice and says how many items it held; ``reading`` stops (False) or resumes (True) the
    transport's reading; ``fault`` is called once, with the error, when handling failed."""

    def __init__(self, handle: Callable[[bytes], int], reading: Callable[[bool], None],
                 fault: Callable[[Exception], None]) -> None:
        self.handle = handle
        self.reading = reading
        self.on_fault = fault
        self.credit = float(INPUT_BURST)
        self.credited = 0.0
        self.held: set[str] = set()
        """Why reading is stopped, if it is: "credit" (``spend``), "inbox" (half full: ``Inbox``), "backlog"
        (bytes read and not handled yet: ``take``)."""
        self.backlog = b""
        """Bytes read and not handled yet: the rest of a chunk, once a turn's share or the credit was used up."""
        self.faulted = False
        self.stopped = False
        """Nothing more is handled: the peer is closed, at fault, or turned away (``discard``)."""

    def start(self, now: float) -> None:
        """The credit counts from ``now`` (the loop's time)."""
        self.credited = now

    def feed(self, data: bytes) -> None:
        """Bytes read: handled now, or after the backlog that came first."""
        if self.faulted or self.stopped:
            return
        if self.backlog:  # read before reading stopped: handled after what came first
            self.backlog += data
            return
        self.take(data)

    def take(self, data: bytes) -> None:
        """Handle ``data`` a slice at a time (``SLICE`` bytes), each counted against the input's credit: once the
        credit is used up, or this turn's share of items (``ITEMS_A_TURN``), the rest waits, reading stopped."""
        offset, items = 0, 0
        while offset < len(data):
            piece = data[offset:offset + SLICE]
            offset += len(piece)
            try:
                count = self.handle(piece)
            except Exception as error:  # the last line of defence: see the module
                self.fault(error)
                return
            items += count
            wait = self.spend(len(piece) + ITEM_COST * count)
            if offset < len(data) and (wait > 0 or items >= ITEMS_A_TURN):
                self.backlog = data[offset:]
                self.hold("backlog", True)
                asyncio.get_running_loop().call_later(wait, self._more)
                return
            if wait > 0:
                self.hold("credit", True)
                asyncio.get_running_loop().call_later(wait, self.hold, "credit", False)

    def _more(self) -> None:
        """Go on with the bytes read and not handled yet."""
        data, self.backlog = self.backlog, b""
        self.hold("backlog", False)
        if data and not self.faulted and not self.stopped:
            self.take(data)

    def spend(self, cost: int) -> float:
        """Count ``cost`` bytes against the input's credit (``INPUT_RATE``, ``INPUT_BURST``); the seconds until it
        has grown back above nothing (0 while there is some)."""
        now = asyncio.get_running_loop().time()
        self.credit = min(float(INPUT_BURST), self.credit + (now - self.credited) * INPUT_RATE) - cost
        self.credited = now
        return max(0.0, -self.credit / INPUT_RATE)

    def hold(self, reason: str, on: bool) -> None:
        """Stop reading for ``reason``, or stop holding for it; reading goes on once nothing holds it."""
        before = bool(self.held)
        if on:
            self.held.add(reason)
        else:
            self.held.discard(reason)
        if bool(self.held) != before:
            self.reading(not self.held)

    def discard(self) -> None:
        """From now on what comes is dropped unread: the backlog, and every hold let go (a client turned away is
        read until it closes, so that closing resets nothing)."""
        self.stopped = True
        self.backlog = b""
        for reason in list(self.held):
            self.hold(reason, False)

    def fault(self, error: Exception) -> None:
        """Handling the client's input failed: nothing more is handled, and the peer's ``fault`` says so."""
        self.faulted = True
        with contextlib.suppress(Exception):
            self.on_fault(error)


def data_in(declared: Declared, owner: Owner | None, package: str, data: Any,
            send: Callable[[str], None]) -> Declared:
    """A message of data from the client, read (within the person's budget: the peer asked ``Owner.allow_data``
    before parsing it) as every peer reads one: ``Core.Ping`` answered at once, what it declares about itself kept
    (``Declared.supporting``), and the message handed to the session; what the client declared from now on."""
    if package.lower() == "core.ping":
        send("Core.Ping")
    declared = declared.supporting(package.lower(), data)
    if owner is not None:
        owner.on_data(package, data)
    return declared


def give_up(error: Exception, address: str, log: Callable[[str], None], owner: Owner | None,
            close: Callable[[], None]) -> None:
    """The last line of defence, when handling a client's input failed: one line in the log, the person told
    (``Owner.on_fault``), the peer closed (its session then ends as after any disconnection). Each step is taken
    even if the one before failed."""
    with contextlib.suppress(Exception):
        log(f"error {address}: a client's bytes: {error!r}")
    if owner is not None:
        with contextlib.suppress(Exception):
            owner.on_fault()
    with contextlib.suppress(Exception):
        close()
