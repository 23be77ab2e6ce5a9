"""The order in which the server's worker processes take their jobs (``server/thinking.py``, issue 23, item 10):
hints at other tables stalled a person's computer opponents (1,800 hints at 30 tables: 2.8-3.2 s for each computer
move), because every job went into the pool's queue in the order it came. A decision now goes before every waiting
hint, and people's hints take turns.

The pool here is a stand-in that only notes which job a worker was handed, and finishes a job when the test says:
the order is ``Thinkers``'s alone, with no process and no clock to race (real workers: test_server_workers.py)."""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor, Future
from typing import Any

from commerce_a11y.server.thinking import Thinkers


class Workers(Executor):
    """A pool whose jobs run only when the test finishes them: ``handed`` is the order the jobs were given out."""

    def __init__(self) -> None:
        self.handed: list[str] = []
        self.running: dict[str, Future[Any]] = {}

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        label = fn()  # a job here only says its label
        future: Future[Any] = Future()
        self.handed.append(label)
        self.running[label] = future
        return future

    def finish(self, label: str) -> None:
        self.running.pop(label).set_result(label)


def label(name: str) -> str:
    return name


async def asked(thinkers: Thinkers, jobs: list[tuple[str, str | None]]) -> list[asyncio.Future[Any]]:
    """Ask ``jobs`` (label, owner: None for a decision) at once; the futures of their results."""
    futures = [asyncio.ensure_future(thinkers.run(label, name, owner=owner)) for name, owner in jobs]
    for _turn in range(5):
        await asyncio.sleep(0)  # the jobs are queued and handed out
    return futures


async def finish_all(workers: Workers, futures: list[asyncio.Future[Any]]) -> list[str]:
    """Finish the running jobs one by one, the one handed out first first; the order they were handed out."""
    while workers.running:
        workers.finish(next(iter(workers.running)))
        for _turn in range(5):
            await asyncio.sleep(0)
    await asyncio.gather(*futures)
    return workers.handed


def order(jobs: list[tuple[str, str | None]], workers: int = 1, busy: int = 1) -> list[str]:
    """The labels of ``jobs`` in the order the workers were handed them, all asked at once while ``busy`` hints
    of someone else keep workers busy."""

    async def main() -> list[str]:
        pool = Workers()
        thinkers = Thinkers(workers, pool=lambda: pool)
        first = await asked(thinkers, [(f"busy{n}", "first") for n in range(busy)])
        rest = await asked(thinkers, jobs)
        handed = await finish_all(pool, first + rest)
        return handed[busy:]

    return asyncio.run(main())


def test_a_decision_goes_before_every_waiting_hint() -> None:
    jobs: list[tuple[str, str | None]] = [(f"hint{n}", f"person{n}") for n in range(12)]
    jobs.append(("decision", None))
    handed = order(jobs)
    assert handed[0] == "decision", handed


def test_one_persons_many_hints_take_turns_with_everyone_elses() -> None:
    jobs: list[tuple[str, str | None]] = [(f"flood{n}", "flooder") for n in range(6)]
    jobs += [("ada", "Ada"), ("bo", "Bo")]
    handed = order(jobs)
    assert handed.index("ada") <= 2 and handed.index("bo") <= 3, handed


def test_hints_leave_one_worker_free_for_decisions_when_there_are_two() -> None:
    """With two workers, hints run on one at most: a decision asked with them starts at once, not after a hint."""

    async def main() -> list[str]:
        pool = Workers()
        thinkers = Thinkers(2, pool=lambda: pool)
        futures = await asked(thinkers, [(f"hint{n}", f"person{n}") for n in range(4)])
        assert pool.handed == ["hint0"]  # the second worker is kept for decisions
        futures += await asked(thinkers, [("decision", None)])
        assert pool.handed == ["hint0", "decision"]  # at once, while the hint still runs
        return await finish_all(pool, futures)

    assert asyncio.run(main())[:2] == ["hint0", "decision"]
