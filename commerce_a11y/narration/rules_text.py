"""The rules of each ruleset in a few spoken sentences, for the ``rules`` command during a game.

Short on purpose: the player is in the middle of a hand. Each sentence is its own catalog entry, written for the
ear, with the rule book's choices stated plainly.
"""

from __future__ import annotations

from ..i18n import _
from ..rules import Ruleset


def rules_summary(rules: Ruleset) -> list[str]:
    """The ruleset's rules, one sentence a line, options included where they change the game."""
    name = rules.name
    o = rules.options
    if name == "braillespiel":
        lines = [
            _("Braillespiel Commerce: everyone puts one mark in the pot before each hand; the best hand takes it."),
            _("On your turn swap one, two or three of your cards for as many widow cards, or pass."),
            _("Passing is final: after it you swap no more this hand. When everyone has passed, hands are shown."),
            _("Best first: Kunststück, three of a rank; Sequenz, three in a row in one suit; then Punkte."),
            _("Punkte count the cards of a suit you hold at least twice: ace 11, pictures and ten 10, others "
              "their number. Three different suits count below any Punkte."),
            _("Equal hands: the player earlier in this hand's turn order wins."),
        ]
        if o["krikelkrakel"]:
            lines.append(_("Krikelkrakel, three in a row in three suits, beats a Sequenz."))
        return lines
    if name == "handeln":
        return [
            _("Handeln: after the deal the dealer alone may exchange the whole hand for the three open cards."),
            _("On your turn lay one card with the open cards and take one of the four; taking back your own "
              "card is a pass."),
            _("Instead, call I'm in: everyone else gets one more turn, then hands are shown."),
            _("With 31 points or more you may call fire: hands are shown at once."),
            _("Points count the cards of your best suit or rank held at least twice: ace 11, pictures and ten "
              "10, others their number; three aces make 33. Without a pair of suit or rank, only your highest "
              "card counts."),
            _("The fewest points get a minus point, all of them on a tie. At {limit} minus points the match "
              "ends.").format(limit=o["limit"]),
        ]
    if name == "thirty-one":
        return [
            _("Thirty-One: on your turn swap one card with the widow, pass, or knock."),
            _("After a knock everyone else has one last turn. With 31 you may call it, and hands are shown at once."),
            _("Your hand counts the cards of your best suit: ace 11, pictures and ten 10, others their number. "
              "Three of a rank count 30.5."),
            _("The lowest hand loses a life, all of them on a tie. Without lives you are out; the last player "
              "left wins."),
        ]
    if name == "trentuno":
        return [
            _("Trentuno: a deck of 40, without eights, nines and tens. On your turn swap one card, pass or knock."),
            _("Your hand is the sum of its three cards: ace 11, pictures 10, others their number."),
            _("Best is 31; three of a rank come just below 31; then the total closest to 31. Over 31 is bust, "
              "below everything."),
            _("The worst hand loses a chip, all of them on a tie. Without chips you are out; the last player "
              "left wins."),
        ]
    lines = [
        _("Commerce: on your turn swap one card with the widow, pass, or knock."),
        _("After a knock everyone else has one last turn, then hands are shown. When everyone passes twice in "
          "a row, hands are shown at once."),
        _("Best first: Tricon, three of a rank; Sequence, three in a row in one suit; Flush, three of one "
          "suit; Pair; then Point, the sum of the cards: ace 11, pictures and ten 10, others their number."),
        _("Equal Points tie; ties for worst all lose."),
        _("The worst hand loses a chip. Without chips you are out; the last player left wins."),
    ]
    if o["swaps_per_turn"] > 1:
        lines.append(_("You may swap up to {n} times a turn, each time a different widow card.").format(
            n=o["swaps_per_turn"]))
    if o["ace_low"]:
        lines.append(_("Ace, two, three of one suit is the lowest Sequence."))
    if o["pounce"]:
        lines.append(_("Holding a Tricon, you may pounce on the fourth card of its rank in the widow."))
    if o["extended"]:
        lines.append(_("Extended: only Tricon, Sequence and Flush count; every other hand is no combination."))
    return lines
