"""How much of the strong level's loss comes from not seeing the hidden cards: the same search told the true hands.

The ``strong`` level searches deals drawn to match what each opponent did. Here a copy of it is given the true
hands instead, at all of its decisions, only before the knock, or only in the last round after it, and seated among
``heuristic`` players like a ladder cell (the same deals, seats rotated). The gap between ``none`` and ``all`` is
what perfect inference would be worth; ``before`` and ``last`` split it by time, ``knock`` and ``swap`` by kind:
with ``knock`` the true hands decide only whether to knock, with ``swap`` only which swap (or pass) to make when it
does not knock. A measuring stick only: no player is ever given other seats' cards.

    uv run python bench/oracle_gap.py [--deals 60] [--seed 3000] [--rules commerce] [--players 5]
        [--part none --part all --part before --part last --part knock --part swap]
"""

from __future__ import annotations

import argparse
import random
import time

from ladder import rates, ratio_interval

from commerce_a11y.bots import make_bot
from commerce_a11y.bots.strong import StrongBot, best_of
from commerce_a11y.rules import Action, Knock, Match, Player, SeatView, ruleset
from commerce_a11y.simulate import MatchResult
from commerce_a11y.tally import tally

PARTS = ("none", "all", "before", "last", "knock", "swap")


class Peeking(StrongBot):
    """The strong level, told the true hands in the ``part`` of the hand it is given (one deal is then exact:
    the playouts' policy has no randomness)."""

    def __init__(self, seed: int, match: Match, part: str) -> None:
        super().__init__(seed)
        self.match = match
        self.part = part
        self.peek = False

    def estimates(self, view: SeatView) -> list[tuple[Action, float]]:
        if self.part not in ("knock", "swap"):
            self.peek = {"all": True, "before": not view.last_round, "last": view.last_round}.get(self.part, False)
            return super().estimates(view)
        self.peek = False
        drawn = super().estimates(view)
        self.peek = True
        true = super().estimates(view)
        # Knocking or not is decided by one set of estimates, the swap (or pass) by the other: the estimates
        # returned make ``best_of`` choose exactly that.
        decides_knock, decides_swap = (true, drawn) if self.part == "knock" else (drawn, true)
        if best_of(decides_knock) == Knock():
            return [pair for pair in decides_knock if pair[0] == Knock()]
        return [pair for pair in decides_swap if pair[0] != Knock()]

    def hidden_hands(self, view: SeatView, count: int, draws: int) -> list[dict[int, list[int]]]:
        if not self.peek:
            return super().hidden_hands(view, count, draws)
        return [{s: list(self.match.hands[s]) for s in view.order if s != view.seat}]


def play(rules_name: str, players: int, seed: int, shift: int, part: str) -> MatchResult:
    """One match with the peeking player in seat ``shift`` among heuristic players; entrant 0 is the tested one."""
    rules = ruleset(rules_name)
    match = Match(rules, [Player(f"P{i}", "bot") for i in range(players)], seed)
    bots = [make_bot("heuristic", seed * 100 + i) for i in range(players)]
    bots[shift] = Peeking(seed * 100 + shift, match, part)
    while not match.over:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.view(seat)))
    tallies, _ = tally(match.events, players, rules.counter)
    seats = [(j + shift) % players for j in range(players)]  # entrant j in seats[j], as ``simulate`` rotates
    return MatchResult(match.hand_no, [tallies[s].lost for s in seats], [tallies[s].hands_played for s in seats])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=60, help="deal groups (each played from every seat)")
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--rules", default="commerce")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--part", action="append", choices=PARTS)
    args = parser.parse_args()
    print(f"{args.rules}, {args.players} players, {args.deals} deal groups from seed {args.seed}; "
          "strong told the true hands, among heuristic players")
    for part in args.part or PARTS:
        started = time.perf_counter()
        results = [play(args.rules, args.players, args.seed + g, shift, part)
                   for g in range(args.deals) for shift in range(args.players)]
        tested, others = rates(results)
        low, high = ratio_interval(results, args.players, random.Random(7))
        print(f"true hands {part:6}: {tested:.4f} vs {others:.4f} per hand, ratio {tested / others:.3f} "
              f"[{low:.2f}, {high:.2f}]; {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
