"""The rules book's sections 5 to 7: the hand ranks with their examples, the showdown, elimination and winning.

Every hand rank's example is a real hand (``Rank``) that the engine names the same way, in the words the game uses
during play (``example_words``), so the book cannot contradict the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, ngettext, pgettext
from ..rules import CounterKind, Ruleset, Settlement, parse_cards
from .values import value_words
from .words import card_name


@dataclass(frozen=True)
class Rank:
    """One hand rank: what it is, and an example hand of it (record codes) that the engine names the same."""

    category: str
    """The engine's category (``HandName.category``) of the example."""
    text: str
    example: str


def example_words(rules: Ruleset, codes: str) -> str:
    """A rank's example as said in the book: the cards by name, then the value the game gives them."""
    cards = parse_cards(codes)
    return _("Example: {cards}. Value: {value}.").format(cards=", ".join(card_name(c) for c in cards),
                                                     value=value_words(rules, cards))


# ----- 5. hand ranking -----

def ranks_braillespiel(rules: Ruleset) -> list[Rank]:
    # Translators: Braillespiel's hand ranks; German players say Kunststück, Sequenz and Punkte.
    ranks = [Rank("kunststueck", pgettext("braillespiel", "Tricon: three cards of one rank. It beats "
                                          "everything; the higher rank wins."), "JC JD JH")]  # B4
    if rules.options["krikelkrakel"]:  # B9
        ranks.append(Rank("krikelkrakel", pgettext("braillespiel", "Krikelkrakel: three ranks in a row in "
                                                   "three different suits. It ranks below a Tricon and above a "
                                                   "Sequence; the higher top card wins."), "10C 9H 8S"))
    return [*ranks,
        Rank("sequence", pgettext("braillespiel", "Sequence: three ranks in a row in one suit. The higher "
                                  "top card wins."), "QH JH 10H"),  # B5
        Rank("points", pgettext("braillespiel", "Points: the values of your cards in a suit you hold two "
                                "or three of; cards of other suits do not count. More points win."),
             "AS 10S KH"),  # B6
        Rank("high", pgettext("braillespiel", "Three different suits give no points. Such a hand ranks "
                              "below every hand with points; between two of them the higher cards win, the "
                              "highest card first."), "AC 9H 7D"),
    ]


def ranks_handeln(_rules: Ruleset) -> list[Rank]:  # H5
    return [
        Rank("points", _("Cards of one suit add up their values."), "AC KC 10C"),
        Rank("points", _("Cards of one rank add up too. When both are there, the better one counts: two "
                         "jacks make 20 and beat two hearts with 18."), "JS JH 8H"),
        Rank("points", _("Three of a rank count their sum, so three aces make 33, the best hand."),
             "AC AD AH"),
        Rank("high", _("With no two cards of one suit or one rank, only your highest card counts."),
             "7H JS AC"),
    ]


def ranks_thirty_one(_rules: Ruleset) -> list[Rank]:  # T1
    return [
        Rank("points", _("31 is the best: an ace and two of king, queen, jack or ten, all in one suit."),
             "AS KS 10S"),
        Rank("tricon", _("Three of a rank count 30.5: just below 31, above 30."), "7C 7D 7H"),
        Rank("points", _("Otherwise your best suit counts; cards of other suits count nothing. The higher "
                         "count wins."), "KH 9H AC"),
    ]


def ranks_schwimmen(_rules: Ruleset) -> list[Rank]:  # S4, S7
    return [
        Rank("fire", _("Fire: three aces, the best hand."), "AC AD AH"),
        Rank("points", _("31: an ace and two of king, queen, jack or ten, all in one suit."), "AS KS 10S"),
        Rank("tricon", _("Three of a rank count 30.5: just below 31, above 30."), "7C 7D 7H"),
        Rank("points", _("Otherwise your best suit counts; cards of other suits count nothing. The higher "
                         "count wins."), "KH 9H AC"),
    ]


def ranks_trentuno(_rules: Ruleset) -> list[Rank]:  # R2
    return [
        Rank("thirty_one", _("Exactly 31 is the best hand."), "AC KD QH"),
        Rank("tricon", _("Tricon: three of a rank. It ranks between 30 and 31, the higher rank first, and "
                         "counts as a Tricon even when its sum is over 31."), "AC AD AH"),
        Rank("total", _("Otherwise the total closest to 31 wins: 30, then 29, and so on. Equal totals tie "
                        "exactly."), "KC 7D 5H"),
        Rank("bust", _("A total over 31 is bust, below every other hand. Between two busts the lower total "
                       "is better."), "AC AD KH"),
    ]


def ranks_commerce(rules: Ruleset) -> list[Rank]:
    o = rules.options
    ranks = []
    if rules.pounce:  # C17
        ranks.append(Rank("quad", _("Four of a rank, only after a pounce, beats every three-card hand; two of "
                                    "them compare by rank. A four-card hand without four of a rank counts its "
                                    "best three cards."), "KC KD KH KS"))
    ranks.append(Rank("tricon", _("Tricon: three cards of one rank. Three aces are highest, three twos "
                                  "lowest."), "QC QD QS"))  # C7
    if o.get("ace_low"):  # C8
        sequence = _("Sequence: three ranks in a row in one suit. Ace, king, queen is highest, then king, queen, "
                     "jack, down to four, three, two, and lowest of all ace, two, three. Ranks never wrap around: "
                     "king, ace, two is no Sequence.")
    else:
        sequence = _("Sequence: three ranks in a row in one suit. Ace, king, queen is highest, then king, queen, "
                     "jack, down to four, three, two. Ranks never wrap around: king, ace, two is no Sequence.")
    ranks += [
        Rank("sequence", sequence, "9H 8H 7H"),
        Rank("flush", _("Flush: three cards of one suit that are not a Sequence. The highest card decides, then "
                        "the middle one, then the lowest."), "KS 9S 4S"),  # C9
    ]
    if o.get("extended"):  # C18
        ranks.append(Rank("none", _("No combination: every other hand. All of them tie with each other, below "
                                    "every Flush."), "9C 9H KS"))
        return ranks
    return [*ranks,
        Rank("pair", _("Pair: two cards of one rank and one other card. The higher pair wins. Equal pairs are "
                       "decided by the odd card's rank, so a king beats a ten, although both are worth 10."),
             "9C 9H KS"),  # C10
        Rank("point", _("Point: any other hand. It counts the values of all three cards; the higher count wins. "
                        "Equal counts tie exactly: nine, four, two and seven, six, two both make 15. Three ranks "
                        "in a row in mixed suits are no combination here."), "KC 9H 2S"),  # C11, C12
    ]


def hands_best_first() -> str:
    return _("Hands, best first.")


def best_suit() -> str:
    return _("Your hand counts the values of the cards in your best suit.")


def combinations_count() -> str:  # H5
    return _("Only cards that form a combination count: cards of one suit, or cards of one rank. The most points "
             "are best.")


def sum_of_all_three() -> str:  # R2
    return _("Your hand is the sum of all three card values; suits do not count.")


# ----- 6. showdown -----

def showdown_pot(_rules: Ruleset) -> list[str]:
    return [
        _("The best hand takes the whole pot."),  # B8
        _("Between equal hands, of the same kind and value, the player who came first in this hand's turn "
          "order wins, the eldest first."),  # B7
    ]


def showdown_minus(_rules: Ruleset) -> list[str]:
    return [_("The fewest points get one minus point. Everyone tied for fewest gets one.")]  # H6


def showdown_schwimmen(_rules: Ruleset) -> list[str]:  # S7, S8, S9
    return [
        _("The lowest hand loses one life."),
        _("When several hands tie exactly for lowest, each of those players loses a life."),
        _("Three aces shown cost every other player a life, whatever they hold."),
        _("If a showdown would leave no one in the match, no life is lost, and the next dealer deals a new "
          "hand."),
    ]


def showdown_thirty_one(_rules: Ruleset) -> list[str]:  # T3, C14, C16
    return [
        _("The lowest hand loses one life."),
        _("When several hands tie exactly for lowest, each of those players loses a life."),
        _("Ties between better hands do not matter, since only the lowest hand pays."),
        _("If a showdown would leave no one with lives, no life is lost, and the next dealer deals a new "
          "hand."),
    ]


def showdown_chips(rules: Ruleset) -> list[str]:  # C13, C14, R3
    lines = [
        _("The lowest hand loses one chip."),
        _("When several hands tie exactly for lowest, each of those players loses a chip. Suits never break a "
          "tie."),
        _("Ties between better hands do not matter, since only the lowest hand pays."),
    ]
    if rules.options.get("extended"):  # C18
        lines.append(_("All hands without a combination tie, so each of them loses a chip when no hand is "
                       "lower."))
    lines.append(_("If a showdown would leave no one with chips, no chip is lost, and the next dealer deals a "
                   "new hand."))  # C16
    return lines


# ----- 7. elimination and winning -----

def winning(rules: Ruleset) -> list[str]:
    skipped = _("Players who are out are skipped in dealing and in turns. The match goes on with two players "
                "left.")  # G1
    if rules.settlement is Settlement.BEST_TAKES_POT:  # B1, B10, B12
        hands = rules.match_hands
        lines = [_("A player with no marks when a hand starts is out."), skipped]
        if hands:
            lines.append(ngettext("The match ends when one player holds all the marks, or after {count} hand at "
                                  "the latest.",
                                  "The match ends when one player holds all the marks, or after {count} hands "
                                  "at the latest.", hands).format(count=hands))
        else:
            lines.append(_("The match ends when one player holds all the marks."))
        if rules.final_round:  # B12
            lines.append(_("Once only computer players are left in, each of them deals one more hand, then the "
                           "match ends."))
        lines.append(_("Then the most marks win; equal marks share the win."))
        return lines
    if rules.settlement is Settlement.FEWEST_GET_MINUS:  # H7
        limit = rules.minus_limit
        return [
            _("No one drops out before the end."),
            ngettext("The match ends as soon as a player reaches {count} minus point.",
                     "The match ends as soon as a player reaches {count} minus points.", limit).format(count=limit),
            _("The most minus points lose and the fewest win; several players may share either place."),
        ]
    if rules.swim:  # S9
        first = _("A player who loses their last life swims: they play on with no lives. A swimmer who loses "
                  "again goes under and is out. The last player in the match wins.")
    elif rules.counter is CounterKind.LIVES:  # C15 with lives
        first = _("A player who loses their last life is out. The last player with lives wins the match.")
    else:  # C15
        first = _("A player who loses their last chip is out. The last player with chips wins the match.")
    return [first, skipped]
