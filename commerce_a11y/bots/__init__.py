"""Computer players: each sees only its seat's view (``SeatView``) and returns one action.

``make_bot("basic", seed)`` builds one; ``BOT_KINDS`` lists the levels. Every bot is wrapped in ``Bounded`` so
that a match between computer players always ends (B11, H8), whatever the level decides, and so that no level
that chooses by value swaps the same cards back and forth (``without_undo``).
"""

from __future__ import annotations

from collections.abc import Callable

from .base import MAX_OWN_TURNS, Bot, Bounded, without_undo
from .basic import BasicBot
from .easy import EasyBot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .strong import StrongBot

BOT_KINDS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "easy": EasyBot, "basic": BasicBot, "heuristic": HeuristicBot, "strong": StrongBot,
}
"""Every level by the name players and the record use (the record writes ``bot:NAME``), each made from a seed."""


def make_bot(kind: str, seed: int) -> Bot:
    """A computer player of a level, with its own seeded randomness, bounded so its hands always end."""
    try:
        cls = BOT_KINDS[kind]
    except KeyError:
        raise ValueError(f"no computer player {kind!r} (levels: {', '.join(BOT_KINDS)})") from None
    return Bounded(cls(seed), no_undo=kind != "random")


__all__ = ["BOT_KINDS", "MAX_OWN_TURNS", "BasicBot", "Bot", "Bounded", "EasyBot", "HeuristicBot", "RandomBot",
           "StrongBot", "make_bot", "without_undo"]
