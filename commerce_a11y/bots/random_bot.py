"""The ``random`` level: any legal action, uniformly; the floor of the ladder."""

from __future__ import annotations

import random

from ..rules import Action, SeatView


class RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]
