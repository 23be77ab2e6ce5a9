"""How well the ``strong`` level rates knocking against waiting: its search's estimate beside the real outcome.

At each of the strong player's turns where a knock is allowed (seat 0, among ``heuristic`` players), it takes the
search's average loss for knocking and for its best way of waiting, then plays the hand out twice from that very
position with the real players: once after a knock, once after that wait. A position's true hands are fixed, so
each playout is one 0-or-1 outcome; averaged over many positions with a similar estimate it shows whether the
search over- or underrates knocking (what ``strong.WAIT_BIAS`` pays back).

    uv run python bench/knock_calibration.py [--positions 2500] [--seed 20000] [--rules commerce] [--players 5]
"""

from __future__ import annotations

import argparse
import copy
import math
from itertools import pairwise

from commerce_a11y.bots import make_bot
from commerce_a11y.bots.strong import WAIT_BIAS, StrongBot, best_of
from commerce_a11y.rules import Action, Knock, Match, Phase, Player, ruleset

EDGES = (-1.0, -0.1, -0.05, -0.02, -0.005, 0.005, 0.02, 0.04, 0.07, 0.1, 0.2, 1.0)
"""Bands of the estimated difference (knocking's loss minus waiting's)."""


def play_out(match: Match, action: Action, seed: int, players: int) -> int:
    """Seat 0's loss (0 or 1 counter) when it takes ``action`` now and everyone plays the hand out."""
    match = copy.deepcopy(match, {id(match.rules): match.rules})  # the ruleset is immutable and shared
    hand, before = match.hand_no, match.counts[0]
    bots = [StrongBot(seed)] + [make_bot("heuristic", seed * 7 + i) for i in range(1, players)]
    match.apply(0, action)
    while not match.over and match.hand_no == hand:
        seat = match.to_act
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return 1 if match.counts[0] < before else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--rules", default="commerce")
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    rules = ruleset(args.rules)
    rows: list[tuple[float, int, int, bool]] = []
    number = 0
    while len(rows) < args.positions:
        seed = args.seed + number
        number += 1
        match = Match(rules, [Player(f"P{i}", "bot") for i in range(args.players)], seed)
        strong = StrongBot(seed)
        bots = [strong] + [make_bot("heuristic", seed * 10 + i) for i in range(1, args.players)]
        while not match.over and len(rows) < args.positions:
            seat = match.to_act
            view = match.view(seat)
            if seat == 0 and Knock() in view.legal and view.phase is Phase.TURN:
                estimates = strong.estimates(view)
                knock = next(loss for a, loss in estimates if isinstance(a, Knock))
                wait, wait_loss = min(((a, loss) for a, loss in estimates if not isinstance(a, Knock)),
                                      key=lambda pair: pair[1])
                action: Action = best_of(estimates)  # what the level plays: knock, or that wait
                rows.append((knock - wait_loss, play_out(match, Knock(), seed, args.players),
                             play_out(match, wait, seed, args.players), isinstance(action, Knock)))
            else:
                action = bots[seat].choose(view)
            match.apply(seat, action)
    print(f"{args.rules}, {args.players} players, {len(rows)} positions of the strong level (WAIT_BIAS {WAIT_BIAS})")
    print("estimated knock - wait    positions  knocked  true knock - wait")
    for low, high in pairwise(EDGES):
        band = [r for r in rows if low <= r[0] < high]
        if not band:
            continue
        n = len(band)
        diffs = [k - w for _, k, w, _ in band]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)
        estimate = sum(r[0] for r in band) / n
        knocked = sum(r[3] for r in band) / n
        print(f"[{low:+.3f}, {high:+.3f}): {estimate:+.3f}  {n:9}  {knocked:7.2f}  {mean:+.3f} ± {1.96 * spread:.3f}")
    chosen = [k if knocked else w for _, k, w, knocked in rows]
    print(f"loss per position as played: {sum(chosen) / len(rows):.4f}")


if __name__ == "__main__":
    main()
