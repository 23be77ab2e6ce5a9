"""A hand's value in words: "pair of nines, odd card ace", "sequence, king high, in hearts", "point, 27".

A value is a phrase, never a sentence of its own: it is said inside a line ("Your hand: point, 27.", "It makes
pair of nines, odd card ace"), so it begins as a word inside a sentence does, lower-case in English and Dutch
(German nouns keep their capital, "Paar Neunen"); a line that begins with a value capitalises it there.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _, active_language, ngettext, npgettext, pgettext
from ..rules import HandName, Ruleset, Term
from .words import rank_name, rank_plural, suit_name


def number(value: float) -> str:
    """A count as people of the active language write it: 30.5 in English, 30,5 in German and Dutch."""
    text = f"{value:g}"
    return text.replace(".", ",") if active_language() in ("de", "nl") else text


def points_words(points: float, rules: Ruleset) -> str:
    """A number of points; Handeln's have their own word in German ("Augen")."""
    if Term.PIPS in rules.terms:
        text = npgettext("handeln", "{points} point", "{points} points", int(points))
    else:
        text = ngettext("{points} point", "{points} points", int(points))
    return text.format(points=number(points))


def value_words(rules: Ruleset, cards: Sequence[int]) -> str:
    """The value of a hand under a ruleset, named briefly and exactly (category, then what decides it)."""
    return name_words(rules.name_hand(cards), rules)


def name_words(name: HandName, rules: Ruleset) -> str:
    """Words for a named hand under its ruleset: each category has its own sentence, and where a ruleset's players
    say it otherwise (Braillespiel's Kunststück in German, Handeln's Augen), its own words."""
    ranks = name.ranks
    category = name.category
    if category == "fire":  # schwimmen: three aces (S4, S7)
        return _("fire, three aces")
    if category == "quad":
        return _("four {ranks}").format(ranks=rank_plural(ranks[0]))
    if category in ("tricon", "kunststueck"):
        if name.points is not None:  # thirty-one: every tricon scores 30.5
            return _("tricon of {ranks}, {points}").format(ranks=rank_plural(ranks[0]),
                                                           points=points_words(name.points, rules))
        if category == "kunststueck":
            # Translators: Braillespiel's three of a rank; German players call it a Kunststück.
            return pgettext("braillespiel", "tricon of {ranks}").format(ranks=rank_plural(ranks[0]))
        return _("tricon of {ranks}").format(ranks=rank_plural(ranks[0]))
    if category == "sequence":
        assert name.suit is not None
        return _("sequence, {rank} high, in {suit}").format(rank=rank_name(ranks[0]), suit=suit_name(name.suit))
    if category == "krikelkrakel":
        return _("Krikelkrakel, {rank} high").format(rank=rank_name(ranks[0]))
    if category == "flush":
        assert name.suit is not None
        return _("flush in {suit}, {first}, {second}, {third}").format(
            suit=suit_name(name.suit), first=rank_name(ranks[0]), second=rank_name(ranks[1]),
            third=rank_name(ranks[2]))
    if category == "pair":
        return _("pair of {ranks}, odd card {odd}").format(ranks=rank_plural(ranks[0]), odd=rank_name(ranks[1]))
    if category == "points" and name.suit is not None:  # braillespiel: all three cards of one suit
        return _("{points}, all in {suit}").format(points=points_words(name.points or 0, rules),
                                                   suit=suit_name(name.suit))
    if category == "point":
        return _("point, {points}").format(points=number(name.points or 0))
    if category == "none":
        return _("no combination")
    if category == "high" and ranks:
        return _("no points, high cards {first}, {second}, {third}").format(
            first=rank_name(ranks[0]), second=rank_name(ranks[1]), third=rank_name(ranks[2]))
    if category == "high":  # handeln: no two cards of a suit or rank
        return _("{points}, highest card only").format(points=points_words(name.points or 0, rules))
    if category == "bust":
        return _("{points}, bust").format(points=points_words(name.points or 0, rules))
    if category == "thirty_one":
        return _("31, the best total")
    return points_words(name.points or 0, rules)
