"""Hints at other tables against a person's computer opponents (issue 23, item 10): how long one person waits for
each computer player's move while others ask for hints as fast as the server answers them.

Starts ``commerce serve`` (``--workers`` worker processes, fresh data folder). One person sits at a table of four
with three computer players (``--bots``, default heuristic) and passes at every turn; the time from each pass to
their next question, divided by the computer moves in between (the status's ``position`` counts the events), is the
wait per computer move. Meanwhile ``--flooders`` people, each alone at a table of three with two computer players (where
hints are on), answer every question of theirs with ``hint``: each sends the next hint the moment the last one is
answered, so the workers always have one hint per flooder to do. The same is measured without flooders, side by
side; ``--server-root`` measures another checkout's server (its ``.venv`` if it has one), ``--alternate N`` runs
each there and here in turn.

    uv run python bench/hint_flood.py --flooders 30 --seconds 20
    uv run python bench/hint_flood.py --server-root /tmp/perfmain --alternate 2

The issue's figures (before): 1,800 hints at 30 tables made each computer move wait 2.8-3.2 s (0.12-0.22 s without).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

from serve_load import ROOT, Player, Stats, start_server, stop_server

from commerce_a11y.simulate import percentile


class Flooder(Player):
    """Asks for a hint at every question of theirs, never moving."""

    hints = 0

    def prompt(self, text: str) -> None:
        kind, self.kind = self.kind, ""
        if self.auto and kind == "turn":
            Flooder.hints += 1
            self.send("hint")
        elif self.auto and kind == "table":
            self.send("start")  # the match ended: the next one
        else:
            self.prompts.put_nowait((kind, text))


class Measured(Player):
    """Passes at every question of theirs and notes how long each wait for the computer players was."""

    def __init__(self, name: str, stats: Stats) -> None:
        super().__init__(name, stats)
        self.sent: tuple[float, int] | None = None
        self.waits: list[float] = []

    def prompt(self, text: str) -> None:
        kind, self.kind = self.kind, ""
        if self.auto and kind == "table":
            self.sent = None
            self.send("start")  # the match ended: the next one
            return
        if not (self.auto and kind == "turn"):
            self.prompts.put_nowait((kind, text))
            return
        now = time.perf_counter()
        if self.sent is not None and self.stats.measuring:
            sent, position = self.sent
            computer_moves = max(1, self.position - position - 1)
            self.waits.append((now - sent) / computer_moves)
        self.sent = (now, self.position)
        self.send("p")


async def run(flooders: int, seconds: float, bots: str, workers: int, root: Path) -> dict[str, object]:
    data = Path(tempfile.mkdtemp(prefix="hint-flood-"))
    proc, port = await start_server(data, flooders + 1, root, ["--workers", str(workers)])
    loop = asyncio.get_running_loop()
    stats = Stats()
    Flooder.hints = 0
    try:
        async def connect(kind: type[Player], name: str) -> Player:
            _transport, player = await loop.create_connection(lambda: kind(name, stats), "127.0.0.1", port)
            await player.login()
            return player

        measured = await connect(Measured, "Measured")
        assert isinstance(measured, Measured)
        crowd = [await connect(Flooder, f"F{n:03d}") for n in range(flooders)]
        for index, player in enumerate([measured, *crowd]):
            seats, level = (4, bots) if player is measured else (3, "easy")
            player.send(f"create commerce name=T{index} seats={seats} bots={level}")
            await player.ask()
            player.auto = True
            player.send("start")
        await asyncio.sleep(2.0)
        hints_before = Flooder.hints
        stats.measuring = True
        await asyncio.sleep(seconds)
        stats.measuring = False
        hints = Flooder.hints - hints_before
        waits = sorted(w * 1000 for w in measured.waits)
        for player in [measured, *crowd]:
            if player.transport is not None:
                player.transport.close()
        return {"server": str(root), "flooders": flooders, "workers": workers, "bots": bots,
                "hints_per_second": round(hints / seconds, 1), "computer_moves_timed": len(waits),
                "wait_per_computer_move_p50_ms": round(percentile(waits, 50), 1) if waits else None,
                "wait_per_computer_move_p95_ms": round(percentile(waits, 95), 1) if waits else None}
    finally:
        stop_server(proc, data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--flooders", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bots", default="heuristic", help="the measured person's computer players' level")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--server-root", type=Path, default=ROOT)
    parser.add_argument("--alternate", type=int, default=0, metavar="N")
    args = parser.parse_args()
    roots = [args.server_root.resolve(), ROOT] * args.alternate if args.alternate else [args.server_root.resolve()]
    for root in roots:
        for flooders in (0, args.flooders):
            print(json.dumps(asyncio.run(run(flooders, args.seconds, args.bots, args.workers, root))), flush=True)


if __name__ == "__main__":
    main()
