"""How long matches between computer players last: hands per match and decisions per hand, per ruleset, player
count and level (S10, X6, B11, H8 promise that they always end; this shows how soon).

    uv run python bench/match_lengths.py [--rules schwimmen --rules tauschen] [--matches 200]

Every seat plays the same level. A decision is a move a seat chose (schwimmen's shows of 31 and three aces are the
engine's, not decisions; an offer and its answer are two). Own turns are the turns one seat began in one hand, which
``Bounded`` caps (``MAX_OWN_TURNS``).
"""

from __future__ import annotations

import argparse
from statistics import mean

from commerce_a11y.rules import Dealt, Move, ruleset
from commerce_a11y.simulate import percentile, play_match

PLAYERS = {"schwimmen": (2, 3, 5, 9), "tauschen": (3, 5, 8, 12)}
LEVELS = ("random", "easy", "basic")


def hand_figures(events: list) -> list[tuple[int, int]]:
    """Each hand's decisions and the most turns one seat began in it."""
    hands: list[tuple[int, int]] = []
    decisions = 0
    turns: dict[int, int] = {}
    for event in events:
        if isinstance(event, Dealt):
            if turns or decisions:
                hands.append((decisions, max(turns.values(), default=0)))
            decisions, turns = 0, {}
        elif isinstance(event, Move) and event.decided:
            decisions += 1
            # A turn ends in one of these, by its own seat (a barter ends the offerer's turn; a declined offer does
            # not end it, and the turn's end comes after).
            if event.kind in ("swap", "pass", "knock", "trade", "exchange_all", "pounce", "barter"):
                turns[event.player] = turns.get(event.player, 0) + 1
    hands.append((decisions, max(turns.values(), default=0)))
    return hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rules", action="append", choices=list(PLAYERS))
    parser.add_argument("--matches", type=int, default=200)
    args = parser.parse_args()
    print("ruleset    players level   hands/match (max)  decisions/hand (p95, max)  own turns (max)")
    for name in args.rules or list(PLAYERS):
        rules = ruleset(name)
        for players in PLAYERS[name]:
            for level in LEVELS:
                per_match = []
                per_hand: list[tuple[int, int]] = []
                for seed in range(args.matches):
                    match = play_match(rules, [level] * players, seed)
                    per_match.append(match.hand_no)
                    per_hand += hand_figures(match.events)
                decisions = [d for d, _ in per_hand]
                turns = [t for _, t in per_hand]
                print(f"{name:10} {players:7} {level:7} {mean(per_match):6.1f} ({max(per_match):3})       "
                      f"{mean(decisions):6.1f} ({percentile(decisions, 95):3.0f}, {max(decisions):3})          "
                      f"{mean(turns):4.1f} ({max(turns):2})")


if __name__ == "__main__":
    main()
