"""The rules book: every playable ruleset of docs/rules.md as ten short numbered sections, written for the ear.

``commerce rules`` and the in-game ``rules`` command read these sections (through ``seat/reader.py``). Each
sentence is one catalog entry; where a rule is the same in several rulesets, one sentence serves them all, so a
translator writes it once and the rulesets cannot drift apart. What depends on numbers (player counts, option
defaults and ranges, starting counters) is taken from the ruleset and its option specifications, and every hand
rank's example is a real hand named by the engine in the words the game uses during play, so the book follows
the match's actual options and cannot contradict the engine. A sentence that follows a rule of the ruleset's data
(the ante, a face-down or no widow, the dealer's exchange, the calls, the settlement, what is counted) is chosen by
that data; the text that is one ruleset's own is chosen from the ruleset's entry in a table keyed by its name
(``TEXTS``), never by testing the name. Comments name the docs/rules.md rule each sentence tells.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..i18n import _, ngettext, pgettext
from ..invocation import command_line
from ..rules import RULESETS, CounterKind, Ruleset, RulesetName, Settlement, Term, parse_cards
from .narrator import ruleset_title
from .values import value_words
from .words import card_name

SECTION_KEYS = ("players", "goal", "dealing", "turn", "ranking", "showdown", "winning", "options", "tips",
                "glossary")
"""The sections, in reading order; every ruleset's book has all of them."""


@dataclass(frozen=True)
class Section:
    """One section: its key (for jumping by name), its title and its lines (each one or two whole sentences)."""

    key: str
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Rank:
    """One hand rank: what it is, and an example hand of it (record codes) that the engine names the same."""

    category: str
    """The engine's category (``HandName.category``) of the example."""
    text: str
    example: str


def section_titles() -> dict[str, str]:
    """Each section's title in the active language."""
    return {
        "players": _("Players and cards"),
        "goal": _("Goal"),
        "dealing": _("Dealing"),
        "turn": _("Your turn"),
        "ranking": _("Hand ranking"),
        "showdown": _("Showdown"),
        "winning": _("Elimination and winning"),
        "options": _("Options"),
        "tips": _("Tips"),
        "glossary": _("Glossary"),
    }


def rules_book(rules: Ruleset) -> list[Section]:
    """The book of a ruleset with its options, in the active language."""
    titles = section_titles()
    makers: dict[str, Callable[[Ruleset], list[str]]] = {
        "players": _players, "goal": _goal, "dealing": _dealing, "turn": _turn, "ranking": _ranking,
        "showdown": _showdown, "winning": _winning, "options": _options, "tips": _tips, "glossary": _glossary,
    }
    return [Section(key, titles[key], tuple(makers[key](rules))) for key in SECTION_KEYS]


def example_words(rules: Ruleset, codes: str) -> str:
    """A rank's example as said in the book: the cards by name, then the value the game gives them."""
    cards = parse_cards(codes)
    return _("Example: {cards}. Value: {value}.").format(cards=", ".join(card_name(c) for c in cards),
                                                     value=value_words(rules, cards))


# ----- 1. players and cards -----

def _deck_kind(rules: Ruleset) -> str:
    """The deck's size as the ruleset deals it, or "auto" where the size depends on the number of players."""
    sizes = {rules.deck_size(n, rules.options) for n in range(rules.min_players, rules.max_players + 1)}
    return str(sizes.pop()) if len(sizes) == 1 else "auto"


def _players(rules: Ruleset) -> list[str]:
    lines = [_("Players: {low} to {high}.").format(low=rules.min_players, high=rules.players_high)]
    lines += TEXTS[rules.name].notes(rules)
    lines.append(_("Players sit in a circle, and play goes to the left, clockwise."))  # G1
    kind = _deck_kind(rules)
    lines.append({
        "52": _("The deck has 52 cards, without jokers."),
        "32": _("The deck has 32 cards: seven up to ace in four suits."),
        "40": _("The deck has 40 cards: the 52 without eights, nines and tens."),  # R1
        "auto": _("With fewer than 9 players the deck has 32 cards, seven up to ace in four suits; with 9 or "
                  "more it has all 52."),
    }[kind])
    # G8 and G9, for the cards this deck holds.
    if kind == "40":
        lines.append(_("Card values for counting: ace 11; king, queen and jack 10; seven down to two at face "
                       "value."))
        lines.append(_("Rank order, high to low: ace, king, queen, jack, then seven down to two."))
    elif kind == "32":
        lines.append(_("Card values for counting: ace 11; king, queen, jack and ten 10; nine, eight and seven at "
                       "face value."))
        lines.append(_("Rank order, high to low: ace, king, queen, jack, ten, nine, eight, seven."))
    else:
        lines.append(_("Card values for counting: ace 11; king, queen, jack and ten 10; nine down to two at face "
                       "value."))
        lines.append(_("Rank order, high to low: ace, king, queen, jack, ten, then nine down to two."))
    count = rules.starting_count
    if rules.counter is CounterKind.CHIPS:
        lines.append(ngettext("Everyone starts with {count} chip.", "Everyone starts with {count} chips.",
                              count).format(count=count))
        if rules.trade:  # X3, X5
            lines.append(_("A chip lost at a showdown goes back to the box; a chip paid for a trade goes to the "
                           "dealer."))
        else:
            lines.append(_("A lost chip goes back to the box: no one gains it."))
    elif rules.counter is CounterKind.LIVES:
        lines.append(ngettext("Everyone starts with {count} life.", "Everyone starts with {count} lives.",
                              count).format(count=count))
    elif rules.counter is CounterKind.MARKS:
        lines.append(ngettext("Everyone starts with {count} mark.", "Everyone starts with {count} marks.",
                              count).format(count=count))
    else:
        lines.append(_("Everyone starts with no minus points."))
    return lines


def _no_notes(_rules: Ruleset) -> list[str]:
    return []


def _ideal_players(_rules: Ruleset) -> list[str]:
    return [_("Five to eight players is ideal.")]


def _sources_name_only(rules: Ruleset) -> list[str]:
    return [_("The sources only name {ruleset}; its details here are this game's own choices.").format(
        ruleset=ruleset_title(rules))]


def _schwimmen_names(rules: Ruleset) -> list[str]:
    return [_("{ruleset} is the best-known game of this family in Germany; the game follows its common German "
              "rules.").format(ruleset=ruleset_title(rules)),
            _("It is also called Einunddreißig, Knack, Schnauz or Wutz.")]




# ----- 2. goal -----

def _goal(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].goal(rules)


def _goal_braillespiel(_rules: Ruleset) -> list[str]:
    return [_("The goal: hold the best hand when the hands are shown, which takes the pot, and have the most marks "
              "in the end.")]


def _goal_handeln(_rules: Ruleset) -> list[str]:
    return [_("The goal: never have the fewest points when the hands are shown, because they earn a minus point."),
            _("Whoever has the fewest minus points when the match ends wins.")]


def _goal_thirty_one(_rules: Ruleset) -> list[str]:
    return [_("The goal: never hold the lowest hand when the hands are shown. The lowest hand loses a life, and "
              "the last player with lives wins."),
            _("A good hand has many points in one suit; 31 is the best.")]


def _goal_schwimmen(_rules: Ruleset) -> list[str]:  # S8, S9
    return [_("The goal: never hold the lowest hand at the showdown. The lowest hand loses a life, and the last "
              "player in the match wins."),
            _("A good hand has many points in one suit; 31 is good, and only three aces beat it.")]


def _lowest_loses_a_chip() -> str:
    return _("The goal: never hold the lowest hand at the showdown. The lowest hand loses a chip, and the last "
             "player with chips wins.")


def _goal_trentuno(_rules: Ruleset) -> list[str]:
    return [_lowest_loses_a_chip(), _("A good hand is a total close to 31, without going over.")]


def _goal_commerce(rules: Ruleset) -> list[str]:
    if rules.options.get("extended"):
        return [_lowest_loses_a_chip(),
                _("Only a Tricon, a Sequence or a Flush counts; any of them beats a hand without one.")]
    return [_lowest_loses_a_chip(),
            _("Good hands are a Tricon, a Sequence or a Flush; a Pair or a high Point count may be enough.")]




# ----- 3. dealing -----

def _dealing(rules: Ruleset) -> list[str]:
    lines = [
        _("Before the first hand everyone draws a card, and the highest card deals, ace high. Players tied "
          "for highest draw again, among themselves only."),  # G2
    ]
    if rules.settlement is Settlement.BEST_TAKES_POT:
        lines.append(_("Before each hand everyone puts one mark into the pot."))  # B1
    lines += [
        _("The dealer shuffles, and the player on the dealer's right cuts."),  # G4
        _("Everyone gets three cards, one at a time, starting on the dealer's left."),  # G5
    ]
    lines += _middle(rules)
    lines += [
        _("The player on the dealer's left, called the eldest, takes the first turn of every hand."),  # G6
        _("After each hand the deal passes to the left, to the next player still in the match."),  # G3
    ]
    return lines


def _middle(rules: Ruleset) -> list[str]:
    """The deal's middle and stock, and what happens before the eldest's first turn."""
    if not rules.widow:
        return _no_middle(rules)
    if rules.blind_widow:
        return _blind_middle(rules)
    return _open_middle(rules)


def _open_middle(rules: Ruleset) -> list[str]:
    """G5: the widow face up, the stock unused but by a pounce; then what comes before the eldest's turn."""
    lines = [_("Then three cards go face up in the middle: the widow.")]
    if rules.pounce:
        lines.append(_("The rest of the deck stays face down as the stock; only a pounce takes a card from it."))
    else:
        lines.append(_("The rest of the deck stays face down and is not used."))
    if rules.dealer_exchange:  # H1
        lines.append(_("Then the dealer alone may exchange the whole hand for the widow: the old hand becomes "
                       "the new widow. No one else may."))
    if rules.fire_value is not None and Term.FIRE in rules.terms:  # H4
        lines.append(_("Then, in turn order from the eldest, anyone holding 31 or more may call fire, and the "
                       "hands are shown at once."))
    elif rules.fire_value is not None:  # T2
        lines.append(_("Right after the deal, in turn order from the eldest, anyone holding 31 may call it, and "
                       "the hands are shown at once."))
    return lines


def _blind_middle(_rules: Ruleset) -> list[str]:  # S2, S5, S6
    return [
        _("Then three cards go face down in the middle: the widow."),
        _("The rest of the deck stays face down as the stock; after a round of passes it gives a fresh widow."),
        _("Anyone dealt 31 or three aces shows them at once, and the hands are shown."),
        _("Otherwise the dealer alone looks at their hand and then either keeps it, and the widow is turned face "
          "up, or takes the face-down widow unseen, and the old hand is laid face up as the widow. This choice is "
          "not a turn."),
    ]


def _no_middle(_rules: Ruleset) -> list[str]:  # X1
    return [_("There is no widow: the rest of the deck is the stock, held by the dealer.")]


# ----- 4. your turn -----

def _turn(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].turn(rules)


def _open_widow() -> str:  # G7: what everyone sees.
    return _("The widow is always face up. Everyone sees the cards taken and laid down; only the cards you were "
             "dealt stay private.")


def _turn_braillespiel(_rules: Ruleset) -> list[str]:
    return [
        _("On your turn, either swap one, two or three of your cards for as many widow cards of your "
          "choice, all at once, or pass."),  # B2
        _("There is no knocking."),
        _("Passing is final: once you pass, you swap no more this hand."),  # B3
        _("Players who have not passed keep taking turns and may swap as often as they like. The last one "
          "goes on alone until they pass."),  # B3
        _("When everyone has passed, all hands are shown."),  # B3
        _open_widow(),
    ]


def _turn_schwimmen(_rules: Ruleset) -> list[str]:
    return [
        _("On your turn, do exactly one thing: swap one card, swap all three, pass or knock."),  # S3
        _("Swap: take one widow card into your hand and lay one of your cards face up in its place. The widow "
          "always holds three cards."),  # C2
        _("Swap all three: your whole hand for the whole widow, at once."),  # S3
        # Translators: Schwimmen's pass; German players say "schieben".
        pgettext("schwimmen", "Pass: do nothing; play moves on."),  # C4
        _("Knock: say you are content. The knock is your whole turn, with no swap. Everyone else then gets "
          "exactly one last turn, to swap or pass, and then the hands are shown."),  # S3
        _("Nobody may knock in the first round, before every player has had a turn; the dealer's first turn "
          "ends that round."),  # S3
        _("When every player has passed in a row, the widow is laid aside and three fresh cards from the "
          "stock are laid face up in its place. With fewer than three cards in the stock, the hands are shown "
          "instead."),  # S5
        _("Holding 31 or three aces after your own swap, in the last round too, you show them at once: the "
          "game does it for you, and the hands are shown."),  # S6, S7
    ]


def _turn_tauschen(_rules: Ruleset) -> list[str]:
    return [
        _("On your turn, do exactly one thing: trade, offer a card, pass or knock."),  # X2
        _("Trade: lay one of your cards face down, pay the dealer a chip, and take the top card of the stock. "
          "Only you see the two cards. The dealer's own chip goes back to the box."),  # X3
        _("With one chip left you may not trade, and nobody trades once the stock is empty. Chips you "
          "received earlier in the hand count."),  # X3
        _("Offer: show one of your cards to your right-hand neighbour, who either takes it and gives you a "
          "card of their choice, or declines. Nothing is paid, and only you two see the cards."),  # X4
        _("After a declined offer your turn goes on: trade, pass or knock, but no second offer. You answer "
          "an offer even after you knocked."),  # X4
        _("Pass: do nothing; play moves on."),  # C4
        _("Knock: say you are content. The knock is your whole turn. Everyone else then gets exactly one "
          "last turn, to trade, offer or pass, and then the hands are shown."),  # X2, C5
        _("You may knock on any normal turn, the very first included, but not in the last round. Knocking "
          "brings no bonus and no penalty."),  # C5
        _("When every player has passed twice in a row, the hands are shown at once, with no last round. A "
          "trade, a taken offer or a knock starts the count again."),  # C6, X4
    ]


def _turn_handeln(_rules: Ruleset) -> list[str]:
    return [
        _("On your turn, lay one of your cards with the widow, making four, then take one of the four. "
          "Exactly one card a turn."),  # H2
        _("Taking back the card you just laid is allowed: it is the same as passing, so the game offers "
          "pass for it. A pass shows no card."),  # H2
        _("Instead of swapping, you may call I'm in. Everyone else then gets one last turn, in turn order, "
          "to swap or pass; you may not swap again. Then all hands are shown."),  # H3
        _("Calling I'm in brings no bonus and no penalty."),  # H3
        _("Holding 31 or more, you may call Fire instead of a swap or right after your own swap, also in the "
          "last turns after I'm in. Swapping stops and all hands are shown."),  # H4
        _("Only a call ends the swapping."),  # H8
        _open_widow(),
    ]


def _turn_widow(rules: Ruleset) -> list[str]:
    """The turn of the Commerce family: swap, pass or knock, with the options' swaps, pounce and calls."""
    lines = [
        _("On your turn, do exactly one thing: swap, pass or knock."),  # C1
        _("Swap: take one widow card into your hand and lay one of your cards face up in its place. The widow "
          "always holds three cards."),  # C2
    ]
    swaps = rules.swaps_per_turn
    if swaps > 1:  # C3
        lines.append(ngettext(
            "Here a turn may hold up to {count} swap, each taking a different card that lay in the widow when "
            "your turn began; a card you just laid cannot be taken back that turn.",
            "Here a turn may hold up to {count} swaps, each taking a different card that lay in the widow when "
            "your turn began; a card you just laid cannot be taken back that turn.", swaps).format(count=swaps))
        lines.append(_("Your last turn after a knock allows the same."))  # C3
        lines.append(_("A turn without any swap counts as a pass."))  # C6
    lines += [
        _("Pass: do nothing; play moves on."),  # C4
        _("Knock: say you are content. The knock is your whole turn, with no swap. Everyone else then gets "
          "exactly one last turn, to swap or pass, and then the hands are shown."),  # C5
        _("You may knock on any normal turn, the very first included, but not in the last round. Knocking "
          "brings no bonus and no penalty."),  # C5
    ]
    if rules.pounce:  # C17
        lines.append(_("Pounce: if you hold a Tricon and the fourth card of its rank lies in the widow, you may "
                       "pounce on a normal turn and take it without giving a card back. The top card of the stock "
                       "then goes face up into the widow."))
        lines.append(_("A pounce is a whole turn, never in the last round, and only while you hold three "
                       "cards. With four cards you still swap one for one."))
    if rules.fire_value is not None:  # T2
        lines.append(_("Holding 31, you may call it instead of a swap, or right after your own swap, in the last "
                       "round too. The hands are shown at once."))
    if rules.options.get("extended"):  # C18
        lines.append(_("There is no limit on rounds. When every player has passed once in a row, swapping ends "
                       "and the hands are shown at once."))
    elif rules.pounce:  # C6
        lines.append(_("When every player has passed twice in a row, the hands are shown at once, with no last "
                       "round. A swap, a knock or a pounce starts the count again."))
    else:  # C6
        lines.append(_("When every player has passed twice in a row, the hands are shown at once, with no last "
                       "round. A swap or a knock starts the count again."))
    lines.append(_open_widow())
    return lines




# ----- 5. hand ranking -----

def hand_ranks(rules: Ruleset) -> list[Rank]:
    """Every hand rank of the ruleset with its options, best first, each with an example hand."""
    return TEXTS[rules.name].ranks(rules)


def _ranks_braillespiel(rules: Ruleset) -> list[Rank]:
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


def _ranks_handeln(_rules: Ruleset) -> list[Rank]:  # H5
    return [
        Rank("points", _("Cards of one suit add up their values."), "AC KC 10C"),
        Rank("points", _("Cards of one rank add up too. When both are there, the better one counts: two "
                         "jacks make 20 and beat two hearts with 18."), "JS JH 8H"),
        Rank("points", _("Three of a rank count their sum, so three aces make 33, the best hand."),
             "AC AD AH"),
        Rank("high", _("With no two cards of one suit or one rank, only your highest card counts."),
             "7H JS AC"),
    ]


def _ranks_thirty_one(_rules: Ruleset) -> list[Rank]:  # T1
    return [
        Rank("points", _("31 is the best: an ace and two of king, queen, jack or ten, all in one suit."),
             "AS KS 10S"),
        Rank("tricon", _("Three of a rank count 30.5: just below 31, above 30."), "7C 7D 7H"),
        Rank("points", _("Otherwise your best suit counts; cards of other suits count nothing. The higher "
                         "count wins."), "KH 9H AC"),
    ]


def _ranks_schwimmen(_rules: Ruleset) -> list[Rank]:  # S4, S7
    return [
        Rank("fire", _("Fire: three aces, the best hand."), "AC AD AH"),
        Rank("points", _("31: an ace and two of king, queen, jack or ten, all in one suit."), "AS KS 10S"),
        Rank("tricon", _("Three of a rank count 30.5: just below 31, above 30."), "7C 7D 7H"),
        Rank("points", _("Otherwise your best suit counts; cards of other suits count nothing. The higher "
                         "count wins."), "KH 9H AC"),
    ]


def _ranks_trentuno(_rules: Ruleset) -> list[Rank]:  # R2
    return [
        Rank("thirty_one", _("Exactly 31 is the best hand."), "AC KD QH"),
        Rank("tricon", _("Tricon: three of a rank. It ranks between 30 and 31, the higher rank first, and "
                         "counts as a Tricon even when its sum is over 31."), "AC AD AH"),
        Rank("total", _("Otherwise the total closest to 31 wins: 30, then 29, and so on. Equal totals tie "
                        "exactly."), "KC 7D 5H"),
        Rank("bust", _("A total over 31 is bust, below every other hand. Between two busts the lower total "
                       "is better."), "AC AD KH"),
    ]


def _ranks_commerce(rules: Ruleset) -> list[Rank]:
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




def _hands_best_first() -> str:
    return _("Hands, best first.")


def _best_suit() -> str:
    return _("Your hand counts the values of the cards in your best suit.")


def _combinations_count() -> str:  # H5
    return _("Only cards that form a combination count: cards of one suit, or cards of one rank. The most points "
             "are best.")


def _sum_of_all_three() -> str:  # R2
    return _("Your hand is the sum of all three card values; suits do not count.")




def _ranking(rules: Ruleset) -> list[str]:
    intro = TEXTS[rules.name].ranking()
    return [intro] + [f"{rank.text} {example_words(rules, rank.example)}" for rank in hand_ranks(rules)]


# ----- 6. showdown -----

def _showdown(rules: Ruleset) -> list[str]:
    return [_("When the hands are shown, every hand is revealed and announced."),  # C13
            *TEXTS[rules.name].showdown(rules)]


def _showdown_pot(_rules: Ruleset) -> list[str]:
    return [
        _("The best hand takes the whole pot."),  # B8
        _("Between equal hands, of the same kind and value, the player who came first in this hand's turn "
          "order wins, the eldest first."),  # B7
    ]


def _showdown_minus(_rules: Ruleset) -> list[str]:
    return [_("The fewest points get one minus point. Everyone tied for fewest gets one.")]  # H6


def _showdown_schwimmen(_rules: Ruleset) -> list[str]:  # S7, S8, S9
    return [
        _("The lowest hand loses one life."),
        _("When several hands tie exactly for lowest, each of those players loses a life."),
        _("Three aces shown cost every other player a life, whatever they hold."),
        _("If a showdown would leave no one in the match, no life is lost, and the next dealer deals a new "
          "hand."),
    ]


def _showdown_thirty_one(_rules: Ruleset) -> list[str]:  # T3, C14, C16
    return [
        _("The lowest hand loses one life."),
        _("When several hands tie exactly for lowest, each of those players loses a life."),
        _("Ties between better hands do not matter, since only the lowest hand pays."),
        _("If a showdown would leave no one with lives, no life is lost, and the next dealer deals a new "
          "hand."),
    ]


def _showdown_chips(rules: Ruleset) -> list[str]:  # C13, C14, R3
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

def _winning(rules: Ruleset) -> list[str]:
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


# ----- 8. options -----

def _on_off(value: bool, on: str, off: str) -> str:
    return on if value else off


def _options(rules: Ruleset) -> list[str]:
    o = rules.options
    specs = {spec.name: spec for spec in RULESETS[rules.name].specs}
    lines: list[str] = []
    for key in specs:
        spec, value = specs[key], o[key]
        low, high, default = spec.low, spec.high, spec.default
        if key == "chips":
            template = (_("chips is {value}: the lives everyone starts with, from {low} to {high}. The default is "
                          "{default}.") if rules.counter is CounterKind.LIVES else
                        _("chips is {value}: the chips everyone starts with, from {low} to {high}. The default is "
                          "{default}."))
            lines.append(template.format(value=value, low=low, high=high, default=default))
        elif key == "swaps_per_turn":  # C3
            lines.append(_("swaps_per_turn is {value}: how many single swaps a turn may hold, from {low} to "
                           "{high}. The default is {default}, the traditional rule.").format(
                value=value, low=low, high=high, default=default))
        elif key == "ace_low":  # C8
            lines.append(_on_off(value, _("ace_low is on: ace, two, three of one suit is the lowest Sequence. The "
                                          "default is off."),
                                 _("ace_low is off, the default. When on, ace, two, three of one suit is the "
                                   "lowest Sequence.")))
        elif key == "pounce":  # C17
            lines.append(_on_off(value, _("pounce is on: with a Tricon you may take the fourth card of its rank "
                                          "from the widow. The default is off."),
                                 _("pounce is off, the default. When on, a player holding a Tricon may take the "
                                   "fourth card of its rank from the widow.")))
        elif key == "extended":  # C18
            lines.append(_on_off(value, _("extended is on: Extended Commerce, where only Tricon, Sequence and "
                                          "Flush count. The default is off."),
                                 _("extended is off, the default. When on, only Tricon, Sequence and Flush count, "
                                   "and one round of passes ends the swapping.")))
        elif key == "deck":
            lines.append({
                0: _("deck is automatic, the default: 32 cards for fewer than 9 players, 52 for 9 or more. It "
                     "can be set to 32 or 52."),
                32: _("deck is 32: seven up to ace, for at most 9 players. The default chooses by the number of "
                      "players."),
                52: _("deck is 52: all cards. The default chooses by the number of players."),
            }[value])
        elif key == "marks":
            lines.append(_("marks is {value}: the marks everyone starts with, from {low} to {high}. The default is "
                           "{default}.").format(value=value, low=low, high=high, default=default))
        elif key == "krikelkrakel":  # B9
            lines.append(_on_off(value, _("krikelkrakel is on: three ranks in a row in three different suits are "
                                          "a Krikelkrakel. The default is off."),
                                 _("krikelkrakel is off, the default. When on, three ranks in a row in three "
                                   "different suits are a Krikelkrakel, above a Sequence.")))
        elif key == "hands":  # B10
            lines.append(_("hands is 0, the default: no limit on the number of hands.") if not value else
                         _("hands is {value}: the match ends after this many hands at the latest, from 1 to "
                           "{high}. The default, 0, means no limit.").format(value=value, high=high))
        elif key == "limit":  # H7
            lines.append(_("limit is {value}: the minus points that end the match, from {low} to {high}. The "
                           "default is {default}.").format(value=value, low=low, high=high, default=default))
    example = "chips=5" if "chips" in specs else next(f"{k}={v}" for k, v in (("marks", 5), ("limit", 3))
                                                       if k in specs)
    lines.append(_("Options are set when a match starts, for example: {command}").format(
        command=command_line(f"play --rules {rules.name} --option {example}")))
    return lines


# ----- 9. tips -----

def _tips(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].tips(rules)


def _tips_braillespiel(_rules: Ruleset) -> list[str]:
    return [
        pgettext("braillespiel", "Two cards of one suit already give points; a third card of that suit adds "
                 "to them."),
        _("With no points, swap two or three cards at once."),
        _("Pass once your hand is good: after that it cannot get worse, but the others may still improve."),
        _("Watch which cards the others take: they show what they collect."),
    ]


def _tips_handeln(_rules: Ruleset) -> list[str]:
    return [
        _("Collect cards of one suit or one rank; a card that fits nothing counts for nothing."),
        _("As dealer, look at the widow first: exchanging your whole hand may be better."),
        _("Call I'm in when your points are good; the others get only one last turn."),
        _("With 31 or more, call fire: no one can improve any more."),
    ]


def _tips_thirty_one(_rules: Ruleset) -> list[str]:
    return [
        _("Collect one suit: only your best suit counts."),
        _("Aces, tens and face cards are worth the most."),
        _("Knock when you think your hand is not the lowest; everyone else still gets one last turn."),
        _("Watch which cards the others take: they show which suit they collect."),
    ]


def _tips_schwimmen(_rules: Ruleset) -> list[str]:
    return [
        _("Collect one suit: only your best suit counts."),
        _("As dealer, keep a hand of about 17 or more; with less, take the face-down widow."),
        _("Knock when you think every other hand is lower than yours; each of them still gets one last turn."),
        _("A pass that completes a round of passes brings a fresh widow for everyone."),
    ]


def _tips_tauschen(_rules: Ruleset) -> list[str]:
    return [
        _("A trade costs a chip for sure, and a showdown at most one: trade only when nothing else can save "
          "your hand."),
        _("With a weak hand, offer the card your hand needs least: your neighbour takes it only when it "
          "helps them, and gives you the card they need least."),
        _("Take an offer when the card improves your hand, and give the card you need least."),
        _("Knock when your hand is good for the table: a Flush or better, or a Point of about 25."),
    ]


def _tips_trentuno(_rules: Ruleset) -> list[str]:
    return [
        _("Aim for 31: an ace and two face cards."),
        _("Do not go over 31: two aces and a king make 32, which is bust."),
        _("A Tricon is nearly as good as 31, and never bust."),
        _("Knock when you think your hand is not the lowest; everyone else still gets one last turn."),
    ]


def _tips_commerce(rules: Ruleset) -> list[str]:
    if rules.options.get("extended"):  # C18
        lines = [_("Early on, swap towards three cards of one suit: without a Flush or better your hand "
                   "counts nothing."),
                 _("Knock when you hold a Flush or better: in Extended Commerce nothing less counts.")]
    else:
        lines = [_("Early on, swap towards three cards of one suit: a Flush beats every Pair."),
                 _("Knock when your hand is good for the table: a Flush or better, or a Point of about 25.")]
    return [*lines,
            _("Watch the widow: every card taken and laid is announced, so you know what the others collect."),
            _("In your last turn after a knock, swap if your hand is weak: any improvement may save your chip.")]




# ----- 10. glossary -----

def _glossary(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].glossary(rules, _Shared.terms())


@dataclass(frozen=True)
class _Shared:
    """The glossary's entries that several rulesets share, in the active language."""

    widow: str
    eldest: str
    hand: str
    knock: str
    last_round: str
    stalemate: str

    @classmethod
    def terms(cls) -> _Shared:
        return cls(
            widow=_("Widow: the three face-up cards in the middle."),
            eldest=_("Eldest: the player on the dealer's left, who starts every hand."),
            hand=_("Hand: one deal, from the shuffle to the showdown; at the showdown, also each player's three "
                   "cards."),
            knock=_("Knock: the call that gives everyone else one last turn; the knocker is who called it."),
            last_round=_("Last round: the turns after a knock."),
            stalemate=_("Stalemate: every player passing in a row, which ends the swapping."),
        )


def _glossary_braillespiel(rules: Ruleset, shared: _Shared) -> list[str]:
    lines = [shared.widow, shared.eldest, shared.hand,
             _("Marks: the counters of this game. Pot: the marks put in before a hand."),
             pgettext("braillespiel", "Tricon: three of a rank."),
             pgettext("braillespiel", "Sequence: three ranks in a row in one suit."),
             pgettext("braillespiel", "Points: the count of your cards in a suit you hold two or three of.")]
    if rules.options["krikelkrakel"]:
        lines.append(_("Krikelkrakel: three ranks in a row in three different suits."))
    return lines


def _glossary_schwimmen(_rules: Ruleset, shared: _Shared) -> list[str]:
    return [_("Widow: the three cards in the middle, dealt face down and turned up after the dealer's choice."),
            shared.eldest, shared.hand, shared.knock, shared.last_round,
            # Translators: Schwimmen's pass; German players say "schieben".
            pgettext("schwimmen", "Pass: doing nothing on your turn; when everyone has passed in a row, the widow "
                     "is replaced."),
            _("Stock: the face-down rest of the deck, which gives the fresh widows."),
            _("Lives: the counters of this game; in other games they are chips."),
            _("Swimming: playing on with no lives left; losing again, you go under."),
            _("Going under: losing while swimming, which puts you out of the match."),
            # Translators: German players call 31 "Schnauz".
            _("31: an ace and two of king, queen, jack or ten in one suit, shown at once."),
            _("Fire: three aces.")]


def _combinations() -> list[str]:
    """The Commerce family's combinations, best first."""
    return [_("Tricon: three of a rank."),
            _("Sequence: three ranks in a row in one suit, also called a straight flush."),
            _("Flush: three cards of one suit.")]


def _no_combination() -> list[str]:
    return [_("Pair: two of a rank; the third card is the odd card."),
            _("Point: the count of a hand without a combination.")]


def _glossary_tauschen(_rules: Ruleset, shared: _Shared) -> list[str]:
    return [shared.eldest, shared.hand,
            _("Stock: the face-down rest of the deck, held by the dealer; a trade takes its top card."),
            _("Trade: one of your cards for the top card of the stock, for a chip paid to the dealer."),
            _("Offer: a card shown to your right-hand neighbour, who may take it for one of theirs."),
            _("Barter: an offer taken, a card for a card, free, seen only by the two of you."),
            _("Right-hand neighbour: the player whose turn comes just before yours; for the eldest, the dealer."),
            shared.knock, shared.last_round, shared.stalemate, *_combinations(), *_no_combination()]


def _glossary_handeln(_rules: Ruleset, shared: _Shared) -> list[str]:
    return [_("Widow: the three face-up cards in the middle; the Handeln source calls them the Auslage."),
            shared.eldest, shared.hand,
            _("I'm in: the call that gives everyone else one last turn."),
            _("Fire: the call with 31 or more, which ends the hand at once."),
            _("Minus point: what the fewest points earn; the match ends at the limit.")]


def _open_widow_terms(shared: _Shared) -> list[str]:
    return [shared.widow, shared.eldest, shared.hand, shared.knock, shared.last_round, shared.stalemate]


def _glossary_thirty_one(_rules: Ruleset, shared: _Shared) -> list[str]:
    return [*_open_widow_terms(shared), _("Lives: the counters of this game; in other games they are chips."),
            _("Call 31: show the hands at once when you hold 31.")]


def _glossary_trentuno(_rules: Ruleset, shared: _Shared) -> list[str]:
    return [*_open_widow_terms(shared), _("Tricon: three of a rank."), _("Bust: a total over 31.")]


def _glossary_commerce(rules: Ruleset, shared: _Shared) -> list[str]:
    lines = [*_open_widow_terms(shared), *_combinations()]
    if not rules.options.get("extended"):
        lines += _no_combination()
    if rules.pounce:
        lines.append(_("Pounce: taking the fourth card of your Tricon's rank from the widow."))
    return lines


@dataclass(frozen=True)
class RulesetText:
    """The book's text that is one ruleset's own, one maker per section; the rest of each section follows the
    ruleset's data and options."""

    notes: Callable[[Ruleset], list[str]]
    """Its players and its sources, after the player count."""
    goal: Callable[[Ruleset], list[str]]
    turn: Callable[[Ruleset], list[str]]
    ranks: Callable[[Ruleset], list[Rank]]
    ranking: Callable[[], str]
    """The sentence before the hand ranks: how a hand counts."""
    showdown: Callable[[Ruleset], list[str]]
    """Who pays at the showdown, after every hand is shown."""
    tips: Callable[[Ruleset], list[str]]
    glossary: Callable[[Ruleset, _Shared], list[str]]


TEXTS: Mapping[RulesetName, RulesetText] = {
    RulesetName.COMMERCE: RulesetText(
        notes=_ideal_players, goal=_goal_commerce, turn=_turn_widow, ranks=_ranks_commerce,
        ranking=_hands_best_first, showdown=_showdown_chips, tips=_tips_commerce, glossary=_glossary_commerce),
    RulesetName.BRAILLESPIEL: RulesetText(
        notes=_no_notes, goal=_goal_braillespiel, turn=_turn_braillespiel, ranks=_ranks_braillespiel,
        ranking=_hands_best_first, showdown=_showdown_pot, tips=_tips_braillespiel, glossary=_glossary_braillespiel),
    RulesetName.HANDELN: RulesetText(
        notes=_no_notes, goal=_goal_handeln, turn=_turn_handeln, ranks=_ranks_handeln,
        ranking=_combinations_count, showdown=_showdown_minus, tips=_tips_handeln, glossary=_glossary_handeln),
    RulesetName.THIRTY_ONE: RulesetText(
        notes=_sources_name_only, goal=_goal_thirty_one, turn=_turn_widow, ranks=_ranks_thirty_one,
        ranking=_best_suit, showdown=_showdown_thirty_one, tips=_tips_thirty_one, glossary=_glossary_thirty_one),
    RulesetName.TRENTUNO: RulesetText(
        notes=_sources_name_only, goal=_goal_trentuno, turn=_turn_widow, ranks=_ranks_trentuno,
        ranking=_sum_of_all_three, showdown=_showdown_chips, tips=_tips_trentuno, glossary=_glossary_trentuno),
    RulesetName.SCHWIMMEN: RulesetText(
        notes=_schwimmen_names, goal=_goal_schwimmen, turn=_turn_schwimmen, ranks=_ranks_schwimmen,
        ranking=_best_suit, showdown=_showdown_schwimmen, tips=_tips_schwimmen, glossary=_glossary_schwimmen),
    RulesetName.TAUSCHEN: RulesetText(
        notes=_sources_name_only, goal=_goal_commerce, turn=_turn_tauschen, ranks=_ranks_commerce,
        ranking=_hands_best_first, showdown=_showdown_chips, tips=_tips_tauschen, glossary=_glossary_tauschen),
}
"""Each ruleset's own text in the book (a new ruleset brings its entry)."""
