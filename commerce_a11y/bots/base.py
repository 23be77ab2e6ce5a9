"""What every computer player shares: the interface, the bound that makes bot-only matches end, and the rule that
a player never undoes its own swapping for nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ..rules import Action, Event, ExchangedAll, Knock, Pass, Phase, Pounced, SeatView, Swap, Swapped
from .scoring import after_swap

MAX_OWN_TURNS = 12
"""B11, H8: after this many own turns in one hand a computer player stops trading (knocks, calls or passes)."""


class Bot(Protocol):
    """A computer player: one decision from one seat's view."""

    def choose(self, view: SeatView) -> Action: ...


class Bounded:
    """Wraps a bot so that it winds its hand down after ``MAX_OWN_TURNS`` own turns, and never undoes its own
    swapping for nothing (``without_undo``; ``no_undo`` is off only for the random level, which stays uniform over
    every legal action as the floor of the ladder).

    Braillespiel and Handeln have no stalemate rule, so without this bound two bots could trade for ever; the
    wrapper keeps both rules in one place instead of in every level.
    """

    def __init__(self, bot: Bot, limit: int = MAX_OWN_TURNS, no_undo: bool = True) -> None:
        self.bot = bot
        self.limit = limit
        self.no_undo = no_undo

    def choose(self, view: SeatView) -> Action:
        if view.own_turns > self.limit:
            for action in (Knock(), Pass(), view.phase.done):
                if action in view.legal:
                    return action
        return self.bot.choose(without_undo(view) if self.no_undo else view)


def last_swap(view: SeatView) -> tuple[frozenset[int], frozenset[int]] | None:
    """The cards this seat laid and took in its last swapping turn of this hand before the current one (all the
    single swaps of a C3 turn together), or None when it has not swapped yet this hand."""
    events = view.hand_history
    seat = view.seat
    i = len(events)
    if view.phase is Phase.CONTINUE:
        # The swaps of the turn under way come last; the engine already forbids taking back what they laid (C3).
        while i and _swap_of(events[i - 1], seat):
            i -= 1
    while i and not _swap_of(events[i - 1], seat):
        i -= 1
    if not i:
        return None
    gave: set[int] = set()
    took: set[int] = set()
    # One turn is one swap where a turn swaps several cards at once (B2; the last one still swapping makes its
    # turns one after another), and the run of one player's single swaps where a turn may hold several (C3).
    while i and isinstance(swap := events[i - 1], Swapped) and swap.player == seat:
        gave.update(swap.gave)
        took.update(swap.took)
        i -= 1
        if view.rules.multi_swap:
            break
    return frozenset(gave), frozenset(took)


def _swap_of(event: Event, seat: int) -> bool:
    return isinstance(event, Swapped) and event.player == seat


def undoes(swap: Swap, last: tuple[frozenset[int], frozenset[int]]) -> bool:
    """Whether a swap takes back a card laid in ``last`` while giving a card taken in it (in part or in whole)."""
    laid, taken = last
    return not laid.isdisjoint(swap.took) and not taken.isdisjoint(swap.gave)


def laid_unseen(view: SeatView) -> frozenset[int]:
    """The cards this seat laid in the widow since anyone else last changed it: taking one back only goes round in
    a circle (the others passing meanwhile), whatever came between."""
    laid: set[int] = set()
    for event in view.hand_history:
        if isinstance(event, Swapped) and event.player == view.seat:
            laid.update(event.gave)
        elif isinstance(event, Swapped | ExchangedAll | Pounced):
            laid.clear()
    return frozenset(laid)


def without_undo(view: SeatView) -> SeatView:
    """The view with the swaps that undo this seat's own swapping left out of its legal actions, unless they raise
    the hand's value: a swap that undoes its last swap (``undoes``), or that takes back a card it laid since anyone
    else last changed the widow (``laid_unseen``).

    Without it a player whose hand a swap neither helps nor hurts could swap the same two cards back and forth for
    turn after turn (measured in braillespiel: up to eleven turns in a row, and the hint did it as often), or, while
    the others pass, go round three cards (measured in extended commerce, the hint for thirty turns). With it, while
    the others only pass, a player makes at most three swaps that do not raise its hand's value (each one takes one
    of the cards the others left in the widow) before it passes. Passing, knocking and ending the turn always stay,
    so a choice is always left.
    """
    last = last_swap(view)
    laid = laid_unseen(view)
    if last is None and not laid:
        return view
    value = view.rules.hand_value(view.hand)

    def going_back(swap: Swap) -> bool:
        return (((last is not None and undoes(swap, last)) or not laid.isdisjoint(swap.took))
                and view.rules.hand_value(after_swap(view.hand, swap)) <= value)

    legal = tuple(a for a in view.legal if not (isinstance(a, Swap) and going_back(a)))
    return view if len(legal) == len(view.legal) else replace(view, legal=legal)
