"""How computer players and hints are seeded, in one place: afresh for each decision, from the match's chance, the
seat and the position in the match, so that a match interrupted and resumed (a save, a server's restart) plays on
exactly as the same match played straight through (G10): nothing a computer player drew before needs to be kept.

- A match of the seeded chance (the local game, ``commerce simulate``, the tests): the numbers every earlier version
  used, ``decision_seed``'s arithmetic on the seed, so the same seed plays the same match as before.
- A match of the keyed chance (the server's): a keyed hash of the seat and the position (``Keyed.number``). It is
  not invertible and tells nothing about the key, so the worker process that decides is given a number from which
  no deal follows; the seeded arithmetic would hand it the seed itself.
- A hint: from the position and the seat's own view only (its hand), never from the match's chance: the same
  position gives the same hint, and what a worker gets for a hint is the seat's view and nothing more.

The position counts the events so far without the declines (``Waived``, which format 3 added): the count earlier
versions made, so that a decline's event moves no seed, whichever format a resumed save was written in.
"""

from __future__ import annotations

from typing import assert_never

from ..rules import Action, Chance, Keyed, SeatView, Seeded, Waived
from . import make_bot


def position(view: SeatView) -> int:
    """How far the match has come, as seeds count it: its events so far, declines (``Waived``) not counted."""
    return sum(not isinstance(event, Waived) for event in view.history)


def decision_seed(chance: Chance, seat: int, at: int) -> int:
    """The seed of one computer player's decision at position ``at``: the same for the same match, seat and
    position."""
    match chance:
        case Seeded(seed=seed):
            return (seed * 1_000_003 + seat) * 1_000_003 + at
        case Keyed():
            return chance.number(seat, at)
        case _:
            assert_never(chance)


def hint_seed(view: SeatView) -> int:
    """A hint's seed, fixed by the position and the seat's own cards (never the match's chance, which no seat
    knows): the same position gives the same hint."""
    cards = 0
    for card in sorted(view.hand):
        cards = cards * 52 + card
    return (cards * 7919 + view.hand_no * 104_729 + position(view) * 31 + view.seat) % 2**31


class PositionSeeded:
    """A computer player whose randomness is drawn afresh for each decision (``decision_seed``).

    The local game's one hook on the bots: it builds the level's bot (``make_bot``) for each decision, so a level
    keeps no state from one decision to the next beyond what the view tells it."""

    def __init__(self, level: str, chance: Chance, seat: int) -> None:
        self.level = level
        self.chance = chance
        self.seat = seat

    def choose(self, view: SeatView) -> Action:
        return make_bot(self.level, decision_seed(self.chance, self.seat, position(view))).choose(view)
