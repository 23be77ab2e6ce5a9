"""Who a player plays against: the computer players' names and levels, and the names no opponent may take.

Domain words shared by the command line (``commerce play --opponents``), the local game and the table server (a
computer player in an empty seat takes one of these names). The levels are the bots' (``bots.BOT_KINDS``), imported
only when opponents are read: ``commerce --help`` loads this module and never the computer players.
"""

from __future__ import annotations

from .cleaning import NAME_LIMIT, clean
from .i18n import LANGUAGES, _, translation

OPPONENT_NAMES = ("Anna", "Ben", "Cem", "Dana", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jule", "Kai")
"""Default names of computer players: short, distinct by ear, said the same in German, Dutch and English."""

DIFFICULTY_LEVELS = {"easy": "easy", "normal": "heuristic", "hard": "strong"}
"""The computer players' level for each difficulty the player may choose."""


class OpponentsRefused(ValueError):
    """Opponents that cannot be played against, with the one sentence (in the player's language) that says why."""


def own_words() -> set[str]:
    """The word the game calls the player by, in every language, case aside: the default name of a player who gave
    none, and no name for an opponent (who would be confused with the player: "You takes nine of hearts")."""
    return {translation(lang).gettext("You").casefold() for lang in LANGUAGES}


def parse_opponents(spec: str | None, count: int | None, default_level: str = "heuristic") -> list[tuple[str, str]]:
    """``"Anna:strong,Ben:easy"``, ``"basic,random"``, ``"Anna,Ben"`` or nothing, as (name, level) pairs; a
    missing level is ``default_level``; names are cleaned of control characters; ``OpponentsRefused`` if wrong."""
    from .bots import BOT_KINDS

    items = [s.strip() for s in spec.split(",") if s.strip()] if spec else []
    if not items:
        items = [default_level] * (count - 1 if count else 3)
    result: list[tuple[str, str]] = []
    for index, item in enumerate(items):
        name, sep, level = item.partition(":")
        if not sep:
            name, level = ((OPPONENT_NAMES[index % len(OPPONENT_NAMES)], item) if item in BOT_KINDS
                           else (item, default_level))
        name = clean(name)[:NAME_LIMIT] or OPPONENT_NAMES[index % len(OPPONENT_NAMES)]
        if name.casefold() in own_words():
            raise OpponentsRefused(_("{name} is the word for you in the game; give that player another name.")
                                   .format(name=name))
        level = level.strip() or default_level
        if level not in BOT_KINDS:
            raise OpponentsRefused(_("{level} is not a computer player level. Levels: {levels}.").format(
                level=level, levels=", ".join(BOT_KINDS)))
        result.append((name, level))
    if count is not None and len(result) != count - 1:
        raise OpponentsRefused(_("{players} players need {opponents} opponents, not {given}.").format(
            players=count, opponents=count - 1, given=len(result)))
    return result
