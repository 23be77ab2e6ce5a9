"""The rules book's sections 1 to 4: players and cards, the goal, the dealing and a turn (``rules_book.py``).

Each ruleset's own sentences are a maker here that ``rules_book.TEXTS`` names; the rest follows the ruleset's data.
"""

from __future__ import annotations

from ..i18n import _, ngettext, pgettext
from ..rules import CounterKind, Ruleset, Settlement, Term
from .narrator import ruleset_title

# ----- 1. players and cards -----

def _deck_kind(rules: Ruleset) -> str:
    """The deck's size as the ruleset deals it, or "auto" where the size depends on the number of players."""
    sizes = {rules.deck_size(n, rules.options) for n in range(rules.min_players, rules.max_players + 1)}
    return str(sizes.pop()) if len(sizes) == 1 else "auto"


def players(rules: Ruleset, notes: list[str]) -> list[str]:
    """The players and cards section, with the ruleset's own ``notes`` after the player count."""
    lines = [_("Players: {low} to {high}.").format(low=rules.min_players, high=rules.players_high)]
    lines += notes
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


def no_notes(_rules: Ruleset) -> list[str]:
    return []


def ideal_players(_rules: Ruleset) -> list[str]:
    return [_("Five to eight players is ideal.")]


def sources_name_only(rules: Ruleset) -> list[str]:
    return [_("The sources only name {ruleset}; its details here are this game's own choices.").format(
        ruleset=ruleset_title(rules))]


def schwimmen_names(rules: Ruleset) -> list[str]:
    return [_("{ruleset} is the best-known game of this family in Germany; the game follows its common German "
              "rules.").format(ruleset=ruleset_title(rules)),
            _("It is also called Einunddreißig, Knack, Schnauz or Wutz.")]


# ----- 2. goal -----

def goal_braillespiel(_rules: Ruleset) -> list[str]:
    return [_("The goal: hold the best hand when the hands are shown, which takes the pot, and have the most marks "
              "in the end.")]


def goal_handeln(_rules: Ruleset) -> list[str]:
    return [_("The goal: never have the fewest points when the hands are shown, because they earn a minus point."),
            _("Whoever has the fewest minus points when the match ends wins.")]


def goal_thirty_one(_rules: Ruleset) -> list[str]:
    return [_("The goal: never hold the lowest hand when the hands are shown. The lowest hand loses a life, and "
              "the last player with lives wins."),
            _("A good hand has many points in one suit; 31 is the best.")]


def goal_schwimmen(_rules: Ruleset) -> list[str]:  # S8, S9
    return [_("The goal: never hold the lowest hand at the showdown. The lowest hand loses a life, and the last "
              "player in the match wins."),
            _("A good hand has many points in one suit; 31 is good, and only three aces beat it.")]


def _lowest_loses_a_chip() -> str:
    return _("The goal: never hold the lowest hand at the showdown. The lowest hand loses a chip, and the last "
             "player with chips wins.")


def goal_trentuno(_rules: Ruleset) -> list[str]:
    return [_lowest_loses_a_chip(), _("A good hand is a total close to 31, without going over.")]


def goal_commerce(rules: Ruleset) -> list[str]:
    if rules.options.get("extended"):
        return [_lowest_loses_a_chip(),
                _("Only a Tricon, a Sequence or a Flush counts; any of them beats a hand without one.")]
    return [_lowest_loses_a_chip(),
            _("Good hands are a Tricon, a Sequence or a Flush; a Pair or a high Point count may be enough.")]


# ----- 3. dealing -----

def dealing(rules: Ruleset) -> list[str]:
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

def _open_widow() -> str:  # G7: what everyone sees.
    return _("The widow is always face up. Everyone sees the cards taken and laid down; only the cards you were "
             "dealt stay private.")


def turn_braillespiel(_rules: Ruleset) -> list[str]:
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


def turn_schwimmen(_rules: Ruleset) -> list[str]:
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


def turn_tauschen(_rules: Ruleset) -> list[str]:
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


def turn_handeln(_rules: Ruleset) -> list[str]:
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


def turn_widow(rules: Ruleset) -> list[str]:
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
