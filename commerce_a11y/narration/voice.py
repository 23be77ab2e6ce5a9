"""How one seat hears things named: its settings (verbosity, card style) and the words for cards, players and counts.

Every sentence a seat hears names its cards, the players and the counters through one ``Voice``: the events
(``narrator.py``), a showdown's outcome and the counts (``results.py``), and what is said before and at a decision
(``asking.py``); so a card, a name or a count is said the same way in each of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..i18n import _, ngettext, pgettext
from ..rules import CounterKind, Ruleset
from .words import card_code, card_name


class Verbosity(StrEnum):
    BRIEF = "brief"
    NORMAL = "normal"
    VERBOSE = "verbose"


class CardStyle(StrEnum):
    NAMES = "names"
    CODES = "codes"


@dataclass
class Voice:
    """The settings and the words of one seat of one match. Settings are plain attributes: the player may change
    them in play."""

    rules: Ruleset
    names: Sequence[str]
    seat: int
    verbosity: Verbosity = Verbosity.NORMAL
    card_style: CardStyle = CardStyle.NAMES

    def card(self, card: int) -> str:
        return card_code(card) if self.card_style is CardStyle.CODES else card_name(card)

    def cards(self, cards: Sequence[int]) -> str:
        """Cards as a list: names separated by commas (a pause in speech), codes by spaces (short in braille)."""
        if self.card_style is CardStyle.CODES:
            return " ".join(self.card(c) for c in cards)
        return ", ".join(card_name(c) for c in cards)

    def name(self, seat: int) -> str:
        """A player's name; the player themself is "you" as it stands inside a sentence."""
        if seat == self.seat:
            # Translators: the player, inside a sentence or list, e.g. "Draw for the first deal: you six of clubs".
            return pgettext("in a sentence", "you")
        return self.names[seat]

    def names_list(self, seats: Sequence[int]) -> str:
        return ", ".join(self.names[s] for s in seats)

    def count(self, n: int) -> str:
        """A number of the ruleset's counters: chips, lives, marks or minus points."""
        counter = self.rules.counter
        if counter is CounterKind.LIVES:
            return ngettext("{n} life", "{n} lives", n).format(n=n)
        if counter is CounterKind.MARKS:
            return ngettext("{n} mark", "{n} marks", n).format(n=n)
        if counter is CounterKind.MINUS_POINTS:
            return ngettext("{n} minus point", "{n} minus points", n).format(n=n)
        return ngettext("{n} chip", "{n} chips", n).format(n=n)

    @property
    def brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    @property
    def verbose(self) -> bool:
        return self.verbosity is Verbosity.VERBOSE

    def names_and(self, seats: Sequence[int]) -> str:
        """Names joined as a list is said: "Ben", "Ben and Cem", "Ben, Cem and Dora"; the player first, as "You",
        since such a list begins a sentence."""
        if self.seat in seats:
            seats = [self.seat, *(s for s in seats if s != self.seat)]
        names = [self.name(s) for s in seats]
        if seats and seats[0] == self.seat:
            names[0] = names[0][:1].upper() + names[0][1:]
        if len(names) == 1:
            return names[0]
        # Translators: the end of a list of names, "Ben, Cem and Dora": {names} is "Ben, Cem", {last} is "Dora".
        return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

    def cards_line(self, hand: Sequence[int], widow: Sequence[int]) -> str:
        """The hand and the widow in one short line of codes: the widow named ("hQ h7 s2, widow c7 d9 h2"), so
        that the line read alone says which cards are whose; the hand alone where no widow lies face up
        (tauschen, X1; schwimmen before the dealer's choice, S2). Brief speech leaves the word "widow" out: the
        order is always the same."""
        if not widow:
            return _("Your cards: {cards}.").format(cards=self.cards(hand))
        if self.brief:
            # Translators: brief speech, a player's cards, then the widow's, as short codes: "hQ h7 s2, c7 d9 h2".
            # Always in this order, so the word "widow" is left to normal speech.
            return _("{hand}, {widow}").format(hand=self.cards(hand), widow=self.cards(widow))
        # Translators: a player's cards, then the widow's, as short codes: "hQ h7 s2, widow c7 d9 h2". The comma
        # costs one braille cell where a semicolon after a digit costs two in German braille.
        return _("{hand}, widow {widow}").format(hand=self.cards(hand), widow=self.cards(widow))
