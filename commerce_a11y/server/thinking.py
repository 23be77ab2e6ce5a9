"""Computer players' decisions and hints, computed in worker processes so that no table's thinking holds up the
event loop (a strong decision takes 30-60 ms; the loop must pass lines on within milliseconds).

What crosses to a worker is the seat's view only, as a computer player at the local table gets it: a ``Ruleset``
holds functions and does not pickle, so it travels as its name and options and is rebuilt (once per worker); a
decision needs only the current hand's events (computer players reason about ``hand_history``), so a long match
does not grow what is sent. The decision's seed is fixed by the match, the seat and the position
(``bots/seeding.decision_seed``): a table played on after a restart plays exactly as it would have. It is worked out
here, in the server's own process, from the match's key; a worker gets the number alone, from which no deal follows,
and the view, whose match line carries no seed.

The workers end when the server ends, however it ends (SIGKILL and a crash included), on every system. A pool's
workers do not notice by themselves: each waits on its task queue, whose write end every worker holds too, so it
never reads the end of the file. So each worker watches the server itself (``_watch_server``): a thread of its own
waits on multiprocessing's sentinel of the parent process, which is the read end of a pipe whose only write end the
server holds (spawn on macOS, forkserver on Linux: for a worker forked by the forkserver it is still the server's
pipe, not the forkserver's) or, on Windows, a handle of the server process. The moment the server is gone, that
wait returns and the worker leaves at once (``os._exit``: nothing of the server is left to tidy). No polling, no
process ids that the system may hand to another process meanwhile. Linux's ``PR_SET_PDEATHSIG`` would not do: a
forkserver worker's parent is the forkserver, not the server. The forkserver and multiprocessing's resource tracker
then end by themselves: each waits for the end of a pipe that the server and its workers hold, and they are gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from .. import platforms
from ..bots import make_bot
from ..bots.seeding import decision_seed, position
from ..rules import RULESETS, Action, Chance, Ruleset, SeatView, ruleset

Packed = tuple[str, str, SeatView]

_RULESETS: dict[tuple[str, str], Ruleset] = {}


def pack(view: SeatView, whole: bool = False) -> Packed:
    """A view that pickles: the ruleset as its name and options; only the current hand's events unless ``whole``
    (a hint's seed counts the whole history, ``seeding.hint_seed``)."""
    options = json.dumps(dict(view.rules.options), sort_keys=True)
    if whole:
        light = replace(view, rules=None, _log=list(view.history))  # type: ignore[arg-type]
    else:
        events = list(view.hand_history)
        light = replace(view, rules=None, _log=events, _log_size=len(events), _hand_start=0)  # type: ignore[arg-type]
    return view.rules.name, options, light


def unpack(packed: Packed) -> SeatView:
    name, options, light = packed
    rules = _RULESETS.get((name, options))
    if rules is None:
        rules = _RULESETS[(name, options)] = ruleset(name, **json.loads(options))
    return replace(light, rules=rules)


def decide(level: str, seed: int, packed: Packed) -> Action:
    """One computer player's decision (in a worker)."""
    return make_bot(level, seed).choose(unpack(packed))


def seat_decision(level: str, chance: Chance, seat: int, view: SeatView) -> tuple[Any, ...]:
    """The arguments of ``decide`` for a seat's decision now."""
    return level, decision_seed(chance, seat, position(view)), pack(view)


def hint(lang: str, names: list[str], seat: int, verbosity: str, cards: str, packed: Packed) -> list[str]:
    """``hint``'s two sentences for a seat, in its language (in a worker)."""
    from ..i18n import speaking
    from ..narration.narrator import Narrator
    from ..narration.voice import CardStyle, Verbosity
    from ..seat.advice import hint_lines

    view = unpack(packed)
    with speaking(lang):
        narrator = Narrator(view.rules, names, seat, Verbosity(verbosity), CardStyle(cards))
        return hint_lines(view, narrator)


WINDOWS_WORKERS = 61
"""The most worker processes a pool may have on Windows, where waiting on more handles at once fails
(``ProcessPoolExecutor`` refuses more, so the server would not start on a machine of 62 or more processors)."""
BELOW_NORMAL_PRIORITY_CLASS = 0x4000
"""Windows' priority class between idle and normal (``SetPriorityClass``)."""


def _quiet_worker() -> None:
    """Ctrl-C (and on Windows Ctrl-Break, which a console sends to every process in it) belongs to the server,
    which stops the workers itself: a worker never prints a traceback for it, nor dies of it. A worker thinks at a
    lower priority than the server (``lower_priority``)."""
    for name in ("SIGINT", "SIGBREAK"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, signal.SIG_IGN)
    lower_priority()
    _watch_server()


def lower_priority() -> None:
    """Run this process below the server: thinking uses the processor time the event loop leaves, and never keeps
    it from passing lines on (bench/serve_load.py: with the workers at the loop's priority the loop waited up to 65
    ms for a processor while strong players thought at a hundred tables).

    On POSIX the lowest priority, nice 19; not Linux's SCHED_IDLE, which measured as well but starves the computer
    players completely while anything else keeps the processors busy. Windows has no nice (``os.nice`` does not
    exist there): its priority class below normal, not the idle class, which would starve them as SCHED_IDLE does.
    A system that refuses leaves the worker at the server's priority."""
    if platforms.is_windows():
        with contextlib.suppress(Exception):  # no ctypes, or the call refused: the worker thinks all the same
            import ctypes

            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
            kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS)
    elif hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(19)


def _watch_server() -> None:
    """In a worker: leave as soon as the server is gone, however it ended (see the module)."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a worker (the server's own process, in a test)
        return

    def watch() -> None:
        parent.join()  # returns when the server's end of the sentinel is closed: the server is gone
        os._exit(0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


def _warm() -> int:
    """Build the value tables the computer players read, before the first decision needs them."""
    from ..bots.strength import strengths

    for name in RULESETS:  # rulesets that rank alike share their tables (the cache is by table and deck)
        rules = ruleset(name)
        for players in (2, 4):
            with contextlib.suppress(Exception):  # a ruleset that does not take this many players
                strengths(rules, players)
    return os.getpid()


class Thinkers:
    """The worker processes: ``await thinkers.run(function, *args)`` for a computer player's decision, ``await
    thinkers.run(function, *args, owner=name)`` for one person's hint.

    The pool is never handed more jobs than it has workers: the jobs wait here, where their order is ours. A
    decision goes before every hint (a table's computer players keep the game going for everyone at it; a hint is one
    person's wish), and hints take turns by person, one job each in turn, so one person's many hints never hold more
    than their share. Hints may use every worker but one (with one worker, the one), so a decision waits at most for
    the jobs already running. Jobs straight into the pool's own queue in the order they came made a person at
    another table wait about 3 seconds for each computer move while 1,800 hints waited at 30 tables
    (``bench/hint_flood.py``)."""

    def __init__(self, workers: int | None = None, pool: Callable[[], Executor] | None = None) -> None:
        """``workers`` processes (one per processor unless told, and never more than Windows allows there);
        ``pool`` makes the executor instead of a process pool (a test's, that thinks in its own process)."""
        self.workers = workers or max(1, os.cpu_count() or 1)
        if platforms.is_windows():
            self.workers = min(self.workers, WINDOWS_WORKERS)
        self.make_pool = pool
        self.pool: Executor = self._new_pool()
        self.running = 0
        """Jobs in the pool now, hints among them ``hinting``."""
        self.hinting = 0
        self.decisions: deque[_Job] = deque()
        self.hints: OrderedDict[str, deque[_Job]] = OrderedDict()
        """Each person's hints waiting, the person whose turn is next first."""

    def _new_pool(self) -> Executor:
        if self.make_pool is not None:
            return self.make_pool()
        method = "forkserver" if platforms.is_linux() else "spawn"
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context(method),
                                   initializer=_quiet_worker)

    async def warm(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self.pool, _warm) for _ in range(self.workers)))

    async def run(self, function: Any, *args: Any, owner: str | None = None) -> Any:
        """``function(*args)`` in a worker, a decision unless an ``owner`` (the person asking) makes it a hint; a pool
        whose worker died (killed, out of memory) is replaced once."""
        job = _Job(partial(function, *args), asyncio.get_running_loop().create_future(), owner)
        if owner is None:
            self.decisions.append(job)
        else:
            self.hints.setdefault(owner, deque()).append(job)
        self._dispatch()
        return await job.result

    def _next(self) -> _Job | None:
        while self.decisions:
            job = self.decisions.popleft()
            if not job.result.done():  # not given up meanwhile (its table or person went away)
                return job
        while self.hints and self.hinting < max(1, self.workers - 1):
            owner, jobs = next(iter(self.hints.items()))
            job = jobs.popleft()
            if jobs:
                self.hints.move_to_end(owner)
            else:
                del self.hints[owner]
            if not job.result.done():
                return job
        return None

    def _dispatch(self) -> None:
        while self.running < self.workers and (job := self._next()) is not None:
            self._start(job)

    def _start(self, job: _Job) -> None:
        self.running += 1
        self.hinting += job.owner is not None
        work = asyncio.get_running_loop().run_in_executor(self.pool, job.call)
        work.add_done_callback(partial(self._finished, job))

    def _finished(self, job: _Job, work: asyncio.Future[Any]) -> None:
        self.running -= 1
        self.hinting -= job.owner is not None
        error = None if work.cancelled() else work.exception()
        if isinstance(error, BrokenProcessPool) and not job.retried:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new_pool()
            job.retried = True
            self._start(job)
        elif not job.result.done():
            if work.cancelled():
                job.result.cancel()
            elif error is not None:
                job.result.set_exception(error)
            else:
                job.result.set_result(work.result())
        self._dispatch()

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


@dataclass
class _Job:
    """One call waiting for a worker, or running in one."""

    call: Callable[[], Any]
    result: asyncio.Future[Any]
    owner: str | None
    """The person whose hint this is; None for a computer player's decision."""
    retried: bool = False
    """Run again once in a new pool after its worker died."""
