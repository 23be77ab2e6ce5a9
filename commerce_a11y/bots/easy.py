"""The ``easy`` level: the basic player with believable, human mistakes.

Blind players of card apps dislike both bots that never err and bots that are trivial. This one plays the
sources' tips but sometimes keeps the wrong card, hesitates to knock with a good hand, or knocks too early with a
middling one: mistakes a person makes, not random moves. In Tauschen it sometimes pays a chip to trade away the card
its hand needs least (X3), which the basic level never does, and sometimes gives the wrong card for an offer.
"""

from __future__ import annotations

import random

from ..rules import Accept, Action, Knock, Pass, SeatView, Swap, Trade
from .basic import BasicBot, least_needed
from .scoring import after_swap

WRONG_CARD = 0.25
HESITATE = 0.35
RASH_KNOCK = 0.08
TRADE_SLIP = 0.1


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
        if isinstance(action, Pass) and roll > 1 - TRADE_SLIP and any(isinstance(a, Trade) for a in legal):
            return Trade(least_needed(view)[0])  # X3: a chip paid for a card that may not help
        if isinstance(action, Accept) and roll < WRONG_CARD:
            # Takes the offered card but gives another of its own (an overlooked pair or suit).
            gifts = [a for a in legal if isinstance(a, Accept) and a != action]
            return gifts[int(self.rng.random() * len(gifts))]
        return action
