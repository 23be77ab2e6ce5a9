"""The ``easy`` level: the basic player with believable, human mistakes.

Blind players of card apps dislike both bots that never err and bots that are trivial. This one plays the
sources' tips but sometimes keeps the wrong card, hesitates to knock with a good hand, or knocks too early with a
middling one: mistakes a person makes, not random moves.
"""

from __future__ import annotations

import random

from ..rules import Action, Knock, Pass, SeatView, Swap
from .basic import BasicBot
from .scoring import after_swap

WRONG_CARD = 0.25
HESITATE = 0.35
RASH_KNOCK = 0.08


class EasyBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.basic = BasicBot(seed)

    def choose(self, view: SeatView) -> Action:
        action = self.basic.choose(view)
        rules = view.rules
        legal = view.legal
        roll = self.rng.random()
        if isinstance(action, Swap) and roll < WRONG_CARD:
            # Takes the same widow card but lays another of its own cards (an overlooked pair or suit).
            others = [a for a in legal if isinstance(a, Swap) and a.took == action.took and a != action]
            if others:
                return others[int(self.rng.random() * len(others))]
        if isinstance(action, Knock) and roll < HESITATE:
            swaps = [a for a in legal if isinstance(a, Swap)]
            current = rules.hand_value(view.hand)
            better = [s for s in swaps if rules.hand_value(after_swap(view.hand, s)) > current]
            return better[0] if better else Pass()
        if isinstance(action, Pass) and Knock() in legal and roll < RASH_KNOCK:
            return Knock()
        return action
