"""The order in which the server's worker processes take their jobs (``server/thinking.py``, issue 23, item 10):
hints at other tables stalled a person's computer opponents (1,800 hints at 30 tables: 2.8-3.2 s for each computer
move), because every job went into the pool's queue in the order it came. A decision now goes before every waiting
hint, and people's hints take turns. Real worker processes; the jobs only note when they ran."""

from __future__ import annotations

import asyncio
import time

import pytest

from commerce_a11y.server.thinking import Thinkers

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program


def stamp(label: str, pause: float) -> tuple[str, float]:
    """A job (in a worker): waits ``pause`` seconds, then says when it ended."""
    time.sleep(pause)
    return label, time.time()


def finishing_order(jobs: list[tuple[str, str | None]], workers: int = 1, busy: int = 1, hint: float = 0.05
                    ) -> list[str]:
    """The labels of ``jobs`` (label, owner: None for a decision) in the order they ended, all asked at once, after
    ``busy`` hints that keep workers busy for a moment; each hint takes ``hint`` seconds, a decision 0.01."""

    async def main() -> list[str]:
        thinkers = Thinkers(workers)
        try:
            await thinkers.warm()
            first = [asyncio.ensure_future(thinkers.run(stamp, f"busy{n}", 0.3, owner="first")) for n in range(busy)]
            await asyncio.sleep(0.05)
            asked = [asyncio.ensure_future(thinkers.run(stamp, label, pause, owner=owner))
                     for label, owner, pause in ((*job, 0.01 if job[1] is None else hint) for job in jobs)]
            done = await asyncio.gather(*first, *asked)
            return [label for label, _when in sorted(done[busy:], key=lambda item: item[1])]
        finally:
            thinkers.close()

    return asyncio.run(main())


def test_a_decision_goes_before_every_waiting_hint() -> None:
    jobs: list[tuple[str, str | None]] = [(f"hint{n}", f"person{n}") for n in range(12)]
    jobs.append(("decision", None))
    order = finishing_order(jobs)
    assert order[0] == "decision", order


def test_one_persons_many_hints_take_turns_with_everyone_elses() -> None:
    jobs: list[tuple[str, str | None]] = [(f"flood{n}", "flooder") for n in range(6)]
    jobs += [("ada", "Ada"), ("bo", "Bo")]
    order = finishing_order(jobs)
    assert order.index("ada") <= 2 and order.index("bo") <= 3, order


def test_hints_leave_one_worker_free_for_decisions_when_there_are_two() -> None:
    """With two workers, hints run on one at most: a decision asked with them starts at once, not after a hint."""
    jobs: list[tuple[str, str | None]] = [(f"hint{n}", f"person{n}") for n in range(4)]
    order = finishing_order([*jobs, ("decision", None)], workers=2, busy=0, hint=0.3)
    assert order[0] == "decision", order
