"""What every computer player shares: the interface and the bound that makes bot-only matches end."""

from __future__ import annotations

from typing import Protocol

from ..rules import Action, Done, Knock, Pass, SeatView

MAX_OWN_TURNS = 12
"""B11, H8: after this many own turns in one hand a computer player stops trading (knocks, calls or passes)."""


class Bot(Protocol):
    """A computer player: one decision from one seat's view."""

    def choose(self, view: SeatView) -> Action: ...


class Bounded:
    """Wraps a bot so that it winds its hand down after ``MAX_OWN_TURNS`` own turns.

    Braillespiel and Handeln have no stalemate rule, so without this bound two bots could trade for ever; the
    wrapper keeps the guarantee in one place instead of in every level.
    """

    def __init__(self, bot: Bot, limit: int = MAX_OWN_TURNS) -> None:
        self.bot = bot
        self.limit = limit

    def choose(self, view: SeatView) -> Action:
        if view.own_turns > self.limit:
            for action in (Knock(), Pass(), Done()):
                if action in view.legal:
                    return action
        return self.bot.choose(view)
