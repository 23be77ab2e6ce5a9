"""What each seat played and lost in a match, read from its events: the one count behind ``commerce simulate``'s
summary and the player's own statistics (``commerce stats``), so both mean the same by "lost per hand".

What counts as lost: the chips, lives or marks a showdown costs, and each minus point. In schwimmen going under
counts as one more (S9: the swim was a last life of sorts, and the showdown cost it). In tauschen a chip paid for a
trade counts as lost too (X3: it leaves the player's count as surely as a showdown's), and the chips a dealer
receives for the others' trades are not netted against it: they come from the others' play, not the seat's own
(``paid`` and ``received`` keep both apart).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import CounterKind, Dealt, Eliminated, Event, Move, Settled, Showdown, Swimming, Traded


@dataclass
class SeatTally:
    """One seat's numbers in one match."""

    hands_played: int = 0
    """Hands the seat was dealt into (a player out of the match plays no more hands)."""
    hands_lost: int = 0
    lost: int = 0
    """Counters lost: chips, lives and minus points; in braillespiel, the marks paid into pots won by others; in
    schwimmen one more for going under; in tauschen the chips paid for trades too."""
    paid: int = 0
    """Tauschen: chips paid for trades (X3), also counted in ``lost``."""
    received: int = 0
    """Tauschen: chips received as dealer for the others' trades (X5)."""
    swims: int = 0
    """Schwimmen: times the seat lost its last life and swam on (S9)."""
    went_under: int = 0
    """Schwimmen: 1 if the seat went under (S9: out of the match after losing while swimming)."""


def tally(events: Sequence[Event], players: int, counter: CounterKind) -> tuple[list[SeatTally], int]:
    """Each seat's tally and the number of decisions taken, from a match's events (``counter`` is the ruleset's);
    schwimmen's shows are no decisions (S6, S7: the engine makes them)."""
    seats = [SeatTally() for _ in range(players)]
    decisions = 0
    for event in events:
        if isinstance(event, Move):
            decisions += event.decided
            if isinstance(event, Traded):
                seats[event.player].paid += 1
                seats[event.player].lost += 1
                if event.paid_to is not None:
                    seats[event.paid_to].received += 1
        elif isinstance(event, Swimming):
            seats[event.player].swims += 1
        elif isinstance(event, Eliminated) and seats[event.player].swims:  # S9: only a swimmer goes out
            seats[event.player].went_under += 1
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
                # S9: a change of 0 is a swimmer going under, the only loser whose count cannot fall.
                counted = change if counter is CounterKind.MINUS_POINTS else -change if change else 1
                if counted > 0:
                    seats[seat].lost += counted
    return seats, decisions
