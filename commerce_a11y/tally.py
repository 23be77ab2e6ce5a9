"""What each seat played and lost in a match, read from its events: the one count behind ``commerce simulate``'s
summary and the player's own statistics (``commerce stats``), so both mean the same by "lost per hand"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Dealt, Event, Move, Settled, Showdown


@dataclass
class SeatTally:
    """One seat's numbers in one match."""

    hands_played: int = 0
    """Hands the seat was dealt into (a player out of the match plays no more hands)."""
    hands_lost: int = 0
    lost: int = 0
    """Counters lost: chips, lives and minus points; in braillespiel, the marks paid into pots won by others."""


def tally(events: Sequence[Event], players: int, counter: str) -> tuple[list[SeatTally], int]:
    """Each seat's tally and the number of decisions taken, from a match's events (``counter`` is the ruleset's)."""
    seats = [SeatTally() for _ in range(players)]
    decisions = 0
    for event in events:
        if isinstance(event, Move):
            decisions += 1
        elif isinstance(event, Dealt):
            for seat in event.hands:
                seats[seat].hands_played += 1
        elif isinstance(event, Showdown):
            losers = event.losers
            if losers is None:
                winners = set(event.winners or ())
                losers = tuple(s for s in event.hands if s not in winners)
            for seat in losers:
                seats[seat].hands_lost += 1
        elif isinstance(event, Settled):
            for seat, change in event.changes.items():
                counted = change if counter == "minus_points" else -change
                if counted > 0:
                    seats[seat].lost += counted
    return seats, decisions
