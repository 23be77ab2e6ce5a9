"""Words for cards, ranks and suits in the active language, and the short card codes for braille.

Every word is a catalog entry (with a context, since "ten" the card rank and other "ten"s may translate
differently), so translators see whole card names: German puts the suit first ("Herz-Dame", "Kreuz 7"), Dutch
makes compounds ("hartenvrouw"). A code's two parts are catalog entries too, and ``printed_code`` puts them
together the one way the game prints a code. The tables are built once per language, when first asked for.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..cards import CARDS
from ..i18n import active_language, translation


@cache
def _tables(lang: str) -> dict[str, tuple[str, ...]]:
    """All words of one language."""
    t = translation(lang)
    suit_codes, rank_codes = _suit_codes(t), _rank_codes(t)
    codes = tuple(printed_code(suit_codes[c.suit], rank_codes[c.rank - 2]) for c in CARDS)
    return {"card": _card_names(t), "rank": _rank_names(t), "ranks": _rank_plurals(t), "suit": _suit_names(t),
            "code": codes, "suit code": suit_codes, "rank code": rank_codes}


def words(kind: str, lang: str | None = None) -> tuple[str, ...]:
    """One table of words, in ``lang`` or the active language: ``card`` and ``code`` (52, by card number),
    ``rank``, ``ranks`` and ``rank code`` (13, from the two up), ``suit`` and ``suit code`` (4, clubs diamonds
    hearts spades). The code's parts are for measuring other ways of writing a code (``bench/code_speech.py``)."""
    return _tables(lang or active_language())[kind]


def printed_code(suit: str, rank: str) -> str:
    """A card's code as the game prints it: the suit's letters, then the rank, a letter as a capital ("heD",
    "haV", "hQ", "sT"; a digit stays a digit: "kr7").

    Why a capital: most braille players hear speech too, and espeak-ng (as NVDA and Orca use it) read 33 of the
    156 codes in small letters with suit and rank in one syllable, or as a word ("hed" as "heet", "kad" as "kat",
    "hav" as "haf", "st" as "saint"). A change from a small to a capital letter is a word boundary to espeak-ng,
    so "heD" is read "he, D" (issue 36; ``bench/code_speech.py`` measures every code). A capital is never spoken,
    where a separator would be by a screen reader at its default punctuation level (NVDA says "dot" for ".", Orca
    "dash" and "underline" for "-" and "_"); it costs no braille cell in German, whose uncontracted braille drops
    capitals, and one, the capital sign, in Dutch and English. The parser reads codes without case
    (``parser.normalize``), so the small codes players learned still name the same cards."""
    return suit + rank.upper()


def card_name(card: int) -> str:
    """The spoken name of a card, e.g. "queen of hearts", "Herz-Dame", "hartenvrouw"."""
    return words("card")[card]


def card_code(card: int) -> str:
    """The short braille code of a card in the active language: suit first, then rank ("hQ", "heD", "haV")."""
    return words("code")[card]


def rank_name(rank: int) -> str:
    """A rank (2 to 14) as a word, e.g. "king"."""
    return words("rank")[rank - 2]


def rank_plural(rank: int) -> str:
    """A rank in the plural, as in "pair of nines"."""
    return words("ranks")[rank - 2]


def suit_name(suit: int) -> str:
    """A suit as in "in hearts"."""
    return words("suit")[suit]


def _card_names(t: Any) -> tuple[str, ...]:
    return (
        # Translators: a card's spoken name. German: suit first ("Herz-Dame", "Kreuz 7"); Dutch: one word.
        t.pgettext("card", "two of clubs"),
        t.pgettext("card", "two of diamonds"),
        t.pgettext("card", "two of hearts"),
        t.pgettext("card", "two of spades"),
        t.pgettext("card", "three of clubs"),
        t.pgettext("card", "three of diamonds"),
        t.pgettext("card", "three of hearts"),
        t.pgettext("card", "three of spades"),
        t.pgettext("card", "four of clubs"),
        t.pgettext("card", "four of diamonds"),
        t.pgettext("card", "four of hearts"),
        t.pgettext("card", "four of spades"),
        t.pgettext("card", "five of clubs"),
        t.pgettext("card", "five of diamonds"),
        t.pgettext("card", "five of hearts"),
        t.pgettext("card", "five of spades"),
        t.pgettext("card", "six of clubs"),
        t.pgettext("card", "six of diamonds"),
        t.pgettext("card", "six of hearts"),
        t.pgettext("card", "six of spades"),
        t.pgettext("card", "seven of clubs"),
        t.pgettext("card", "seven of diamonds"),
        t.pgettext("card", "seven of hearts"),
        t.pgettext("card", "seven of spades"),
        t.pgettext("card", "eight of clubs"),
        t.pgettext("card", "eight of diamonds"),
        t.pgettext("card", "eight of hearts"),
        t.pgettext("card", "eight of spades"),
        t.pgettext("card", "nine of clubs"),
        t.pgettext("card", "nine of diamonds"),
        t.pgettext("card", "nine of hearts"),
        t.pgettext("card", "nine of spades"),
        t.pgettext("card", "ten of clubs"),
        t.pgettext("card", "ten of diamonds"),
        t.pgettext("card", "ten of hearts"),
        t.pgettext("card", "ten of spades"),
        t.pgettext("card", "jack of clubs"),
        t.pgettext("card", "jack of diamonds"),
        t.pgettext("card", "jack of hearts"),
        t.pgettext("card", "jack of spades"),
        t.pgettext("card", "queen of clubs"),
        t.pgettext("card", "queen of diamonds"),
        t.pgettext("card", "queen of hearts"),
        t.pgettext("card", "queen of spades"),
        t.pgettext("card", "king of clubs"),
        t.pgettext("card", "king of diamonds"),
        t.pgettext("card", "king of hearts"),
        t.pgettext("card", "king of spades"),
        t.pgettext("card", "ace of clubs"),
        t.pgettext("card", "ace of diamonds"),
        t.pgettext("card", "ace of hearts"),
        t.pgettext("card", "ace of spades"),
    )


def _rank_names(t: Any) -> tuple[str, ...]:
    return (
        # Translators: a rank alone, as in "king high" or "odd card ace".
        t.pgettext("rank", "two"),
        t.pgettext("rank", "three"),
        t.pgettext("rank", "four"),
        t.pgettext("rank", "five"),
        t.pgettext("rank", "six"),
        t.pgettext("rank", "seven"),
        t.pgettext("rank", "eight"),
        t.pgettext("rank", "nine"),
        t.pgettext("rank", "ten"),
        t.pgettext("rank", "jack"),
        t.pgettext("rank", "queen"),
        t.pgettext("rank", "king"),
        t.pgettext("rank", "ace"),
    )


def _rank_plurals(t: Any) -> tuple[str, ...]:
    return (
        # Translators: a rank in the plural, as in "pair of nines" or "tricon of aces".
        t.pgettext("ranks", "twos"),
        t.pgettext("ranks", "threes"),
        t.pgettext("ranks", "fours"),
        t.pgettext("ranks", "fives"),
        t.pgettext("ranks", "sixes"),
        t.pgettext("ranks", "sevens"),
        t.pgettext("ranks", "eights"),
        t.pgettext("ranks", "nines"),
        t.pgettext("ranks", "tens"),
        t.pgettext("ranks", "jacks"),
        t.pgettext("ranks", "queens"),
        t.pgettext("ranks", "kings"),
        t.pgettext("ranks", "aces"),
    )


def _suit_names(t: Any) -> tuple[str, ...]:
    return (
        # Translators: a suit, as in "sequence, king high, in hearts".
        t.pgettext("suit", "clubs"),
        t.pgettext("suit", "diamonds"),
        t.pgettext("suit", "hearts"),
        t.pgettext("suit", "spades"),
    )


def _suit_codes(t: Any) -> tuple[str, ...]:
    return (
        # Translators: the suit part of a card's braille code (docs/accessibility.md: de kr ka he pi, nl kl ru ha sc);
        # lowercase, unique, never told apart by case.
        t.pgettext("suit code", "c"),
        t.pgettext("suit code", "d"),
        t.pgettext("suit code", "h"),
        t.pgettext("suit code", "s"),
    )


def _rank_codes(t: Any) -> tuple[str, ...]:
    return (
        "2",  # digits stay digits
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        # Translators: the rank part of a card's braille code (de: a k d b z, nl: a h v b t for ace, king, queen,
        # jack, ten), one small letter; the game prints it as a capital after the suit ("heD", docs/accessibility.md),
        # so that speech reads suit and rank apart. Unique among the ranks, never told apart by case.
        t.pgettext("rank code", "t"),
        t.pgettext("rank code", "j"),
        t.pgettext("rank code", "q"),
        t.pgettext("rank code", "k"),
        t.pgettext("rank code", "a"),
    )
