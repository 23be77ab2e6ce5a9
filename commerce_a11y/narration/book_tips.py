"""The rules book's section 9: each ruleset's tips, a few sentences of strategy for a new player."""

from __future__ import annotations

from ..i18n import _, pgettext
from ..rules import Ruleset


def tips_braillespiel(_rules: Ruleset) -> list[str]:
    return [
        pgettext("braillespiel", "Two cards of one suit already give points; a third card of that suit adds "
                 "to them."),
        _("With no points, swap two or three cards at once."),
        _("Pass once your hand is good: after that it cannot get worse, but the others may still improve."),
        _("Watch which cards the others take: they show what they collect."),
    ]


def tips_handeln(_rules: Ruleset) -> list[str]:
    return [
        _("Collect cards of one suit or one rank; a card that fits nothing counts for nothing."),
        _("As dealer, look at the widow first: exchanging your whole hand may be better."),
        _("Call I'm in when your points are good; the others get only one last turn."),
        _("With 31 or more, call fire: no one can improve any more."),
    ]


def tips_thirty_one(_rules: Ruleset) -> list[str]:
    return [
        _("Collect one suit: only your best suit counts."),
        _("Aces, tens and face cards are worth the most."),
        _("Knock when you think your hand is not the lowest; everyone else still gets one last turn."),
        _("Watch which cards the others take: they show which suit they collect."),
    ]


def tips_schwimmen(_rules: Ruleset) -> list[str]:
    return [
        _("Collect one suit: only your best suit counts."),
        _("As dealer, keep a hand of about 17 or more; with less, take the face-down widow."),
        _("Knock when you think every other hand is lower than yours; each of them still gets one last turn."),
        _("A pass that completes a round of passes brings a fresh widow for everyone."),
    ]


def tips_tauschen(_rules: Ruleset) -> list[str]:
    return [
        _("A trade costs a chip for sure, and a showdown at most one: trade only when nothing else can save "
          "your hand."),
        _("With a weak hand, offer the card your hand needs least: your neighbour takes it only when it "
          "helps them, and gives you the card they need least."),
        _("Take an offer when the card improves your hand, and give the card you need least."),
        _("Knock when your hand is good for the table: a Flush or better, or a Point of about 25."),
    ]


def tips_trentuno(_rules: Ruleset) -> list[str]:
    return [
        _("Aim for 31: an ace and two face cards."),
        _("Do not go over 31: two aces and a king make 32, which is bust."),
        _("A Tricon is nearly as good as 31, and never bust."),
        _("Knock when you think your hand is not the lowest; everyone else still gets one last turn."),
    ]


def tips_commerce(rules: Ruleset) -> list[str]:
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
