"""Words for cards, ranks and suits in the active language, and the short card codes for braille.

Every word is a catalog entry (with a context, since "ten" the card rank and other "ten"s may translate
differently), so translators see whole card names: German puts the suit first ("Herz-Dame", "Kreuz 7"), Dutch
makes compounds ("hartenvrouw"). The tables are built once per language, when first asked for.
"""

from __future__ import annotations

from functools import cache

from ..cards import CARDS
from ..i18n import active_language, pgettext


@cache
def _tables(lang: str) -> dict[str, tuple[str, ...]]:
    """All words of one language (``lang`` is only the cache key: the active translation answers)."""
    del lang
    return {"card": _card_names(), "rank": _rank_names(), "ranks": _rank_plurals(), "suit": _suit_names(),
            "suit_code": _suit_codes(), "rank_code": _rank_codes()}


def words(kind: str) -> tuple[str, ...]:
    """One table of words in the active language: ``card`` (52, by card number), ``rank`` and ``ranks``
    (13, from the two up), ``suit`` (4, clubs diamonds hearts spades), ``suit_code`` and ``rank_code``."""
    return _tables(active_language())[kind]


def card_name(card: int) -> str:
    """The spoken name of a card, e.g. "queen of hearts", "Herz-Dame", "hartenvrouw"."""
    return words("card")[card]


def card_code(card: int) -> str:
    """The short braille code of a card in the active language: suit first, then rank ("hq", "hed", "hav")."""
    c = CARDS[card]
    return words("suit_code")[c.suit] + words("rank_code")[c.rank - 2]


def rank_name(rank: int) -> str:
    """A rank (2 to 14) as a word, e.g. "king"."""
    return words("rank")[rank - 2]


def rank_plural(rank: int) -> str:
    """A rank in the plural, as in "pair of nines"."""
    return words("ranks")[rank - 2]


def suit_name(suit: int) -> str:
    """A suit as in "in hearts"."""
    return words("suit")[suit]



def _card_names() -> tuple[str, ...]:
    # Translators: a card's spoken name. German: suit first ("Herz-Dame", "Kreuz 7"); Dutch: one word.
    return (
        pgettext("card", "two of clubs"),
        pgettext("card", "two of diamonds"),
        pgettext("card", "two of hearts"),
        pgettext("card", "two of spades"),
        pgettext("card", "three of clubs"),
        pgettext("card", "three of diamonds"),
        pgettext("card", "three of hearts"),
        pgettext("card", "three of spades"),
        pgettext("card", "four of clubs"),
        pgettext("card", "four of diamonds"),
        pgettext("card", "four of hearts"),
        pgettext("card", "four of spades"),
        pgettext("card", "five of clubs"),
        pgettext("card", "five of diamonds"),
        pgettext("card", "five of hearts"),
        pgettext("card", "five of spades"),
        pgettext("card", "six of clubs"),
        pgettext("card", "six of diamonds"),
        pgettext("card", "six of hearts"),
        pgettext("card", "six of spades"),
        pgettext("card", "seven of clubs"),
        pgettext("card", "seven of diamonds"),
        pgettext("card", "seven of hearts"),
        pgettext("card", "seven of spades"),
        pgettext("card", "eight of clubs"),
        pgettext("card", "eight of diamonds"),
        pgettext("card", "eight of hearts"),
        pgettext("card", "eight of spades"),
        pgettext("card", "nine of clubs"),
        pgettext("card", "nine of diamonds"),
        pgettext("card", "nine of hearts"),
        pgettext("card", "nine of spades"),
        pgettext("card", "ten of clubs"),
        pgettext("card", "ten of diamonds"),
        pgettext("card", "ten of hearts"),
        pgettext("card", "ten of spades"),
        pgettext("card", "jack of clubs"),
        pgettext("card", "jack of diamonds"),
        pgettext("card", "jack of hearts"),
        pgettext("card", "jack of spades"),
        pgettext("card", "queen of clubs"),
        pgettext("card", "queen of diamonds"),
        pgettext("card", "queen of hearts"),
        pgettext("card", "queen of spades"),
        pgettext("card", "king of clubs"),
        pgettext("card", "king of diamonds"),
        pgettext("card", "king of hearts"),
        pgettext("card", "king of spades"),
        pgettext("card", "ace of clubs"),
        pgettext("card", "ace of diamonds"),
        pgettext("card", "ace of hearts"),
        pgettext("card", "ace of spades"),
    )


def _rank_names() -> tuple[str, ...]:
    # Translators: a rank alone, as in "king high" or "ace odd card".
    return (
        pgettext("rank", "two"),
        pgettext("rank", "three"),
        pgettext("rank", "four"),
        pgettext("rank", "five"),
        pgettext("rank", "six"),
        pgettext("rank", "seven"),
        pgettext("rank", "eight"),
        pgettext("rank", "nine"),
        pgettext("rank", "ten"),
        pgettext("rank", "jack"),
        pgettext("rank", "queen"),
        pgettext("rank", "king"),
        pgettext("rank", "ace"),
    )


def _rank_plurals() -> tuple[str, ...]:
    # Translators: a rank in the plural, as in "pair of nines" or "tricon of aces".
    return (
        pgettext("ranks", "twos"),
        pgettext("ranks", "threes"),
        pgettext("ranks", "fours"),
        pgettext("ranks", "fives"),
        pgettext("ranks", "sixes"),
        pgettext("ranks", "sevens"),
        pgettext("ranks", "eights"),
        pgettext("ranks", "nines"),
        pgettext("ranks", "tens"),
        pgettext("ranks", "jacks"),
        pgettext("ranks", "queens"),
        pgettext("ranks", "kings"),
        pgettext("ranks", "aces"),
    )


def _suit_names() -> tuple[str, ...]:
    # Translators: a suit, as in "sequence, king high, in hearts".
    return (
        pgettext("suit", "clubs"),
        pgettext("suit", "diamonds"),
        pgettext("suit", "hearts"),
        pgettext("suit", "spades"),
    )


def _suit_codes() -> tuple[str, ...]:
    # Translators: the suit part of a card's braille code (ACCESSIBILITY.md: de kr ka he pi, nl kl ru ha sc);
    # lowercase, unique, never told apart by case.
    return (
        pgettext("suit code", "c"),
        pgettext("suit code", "d"),
        pgettext("suit code", "h"),
        pgettext("suit code", "s"),
    )


def _rank_codes() -> tuple[str, ...]:
    # Translators: the rank part of a card's braille code (de: a k d b z, nl: a h v b t for ace, king, queen,
    # jack, ten); digits stay digits.
    return (
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        pgettext("rank code", "t"),
        pgettext("rank code", "j"),
        pgettext("rank code", "q"),
        pgettext("rank code", "k"),
        pgettext("rank code", "a"),
    )
