"""Computer players' decisions and hints, computed in worker processes so that no table's thinking holds up the
event loop (a strong decision takes 30-60 ms; the loop must pass lines on within milliseconds).

What crosses to a worker is the seat's view only, as a computer player at the local table gets it: a ``Ruleset``
holds functions and does not pickle, so it travels as its name and options and is rebuilt (once per worker); a
decision needs only the current hand's events (computer players reason about ``hand_history``), so a long match
does not grow what is sent. The decision's seed is fixed by the match, the seat and the position
(``bots/seeding.decision_seed``): a table played on after a restart plays exactly as it would have. It is worked out
here, in the server's own process, from the match's key; a worker gets the number alone, from which no deal follows
(issue 23, item 2), and the view, whose match line carries no seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import signal
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from functools import partial
from typing import Any

from ..bots import make_bot
from ..bots.seeding import decision_seed, position
from ..rules import Action, Chance, Ruleset, SeatView, ruleset

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
    from ..console.advice import hint_lines
    from ..i18n import speaking
    from ..narration.narrator import CardStyle, Narrator, Verbosity

    view = unpack(packed)
    with speaking(lang):
        narrator = Narrator(view.rules, names, seat, Verbosity(verbosity), CardStyle(cards))
        return hint_lines(view, narrator)


def _quiet_worker() -> None:
    """Ctrl-C belongs to the server, which stops the workers itself: a worker never prints a traceback for it. A
    worker runs at the lowest priority (nice 19): thinking uses the processor time the event loop leaves, and never
    keeps it from passing lines on (bench/serve_load.py: with the workers at the loop's priority the loop waited up
    to 65 ms for a processor while strong players thought at a hundred tables). Not Linux's SCHED_IDLE, which
    measured as well but starves the computer players completely while anything else keeps the processors busy."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(19)


def _warm() -> int:
    """Build the value tables the computer players read, before the first decision needs them."""
    from ..bots.strength import strengths

    for name in ("commerce", "thirty-one", "handeln", "braillespiel", "trentuno"):
        rules = ruleset(name)
        for players in (2, 4):
            with contextlib.suppress(Exception):  # a ruleset that does not take this many players
                strengths(rules, players)
    return os.getpid()


class Thinkers:
    """The worker processes: ``await thinkers.run(function, *args)``."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.pool: Executor = self._new_pool()

    def _new_pool(self) -> Executor:
        method = "forkserver" if sys.platform.startswith("linux") else "spawn"
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context(method),
                                   initializer=_quiet_worker)

    async def warm(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self.pool, _warm) for _ in range(self.workers)))

    async def run(self, function: Any, *args: Any) -> Any:
        """``function(*args)`` in a worker; a pool whose worker died (killed, out of memory) is replaced once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, partial(function, *args))
        except BrokenProcessPool:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = self._new_pool()
            return await loop.run_in_executor(self.pool, partial(function, *args))

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
