"""The rules book's section 10: each ruleset's glossary, with the entries several rulesets share (``Shared``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _, pgettext
from ..rules import Ruleset


@dataclass(frozen=True)
class Shared:
    """The glossary's entries that several rulesets share, in the active language."""

    widow: str
    eldest: str
    hand: str
    knock: str
    last_round: str
    stalemate: str

    @classmethod
    def terms(cls) -> Shared:
        return cls(
            widow=_("Widow: the three face-up cards in the middle."),
            eldest=_("Eldest: the player on the dealer's left, who starts every hand."),
            hand=_("Hand: one deal, from the shuffle to the showdown; at the showdown, also each player's three "
                   "cards."),
            knock=_("Knock: the call that gives everyone else one last turn; the knocker is who called it."),
            last_round=_("Last round: the turns after a knock."),
            stalemate=_("Stalemate: every player passing in a row, which ends the swapping."),
        )


def glossary_braillespiel(rules: Ruleset, shared: Shared) -> list[str]:
    lines = [shared.widow, shared.eldest, shared.hand,
             _("Marks: the counters of this game. Pot: the marks put in before a hand."),
             pgettext("braillespiel", "Tricon: three of a rank."),
             pgettext("braillespiel", "Sequence: three ranks in a row in one suit."),
             pgettext("braillespiel", "Points: the count of your cards in a suit you hold two or three of.")]
    if rules.options["krikelkrakel"]:
        lines.append(_("Krikelkrakel: three ranks in a row in three different suits."))
    return lines


def glossary_schwimmen(_rules: Ruleset, shared: Shared) -> list[str]:
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


def glossary_tauschen(_rules: Ruleset, shared: Shared) -> list[str]:
    return [shared.eldest, shared.hand,
            _("Stock: the face-down rest of the deck, held by the dealer; a trade takes its top card."),
            _("Trade: one of your cards for the top card of the stock, for a chip paid to the dealer."),
            _("Offer: a card shown to your right-hand neighbour, who may take it for one of theirs."),
            _("Barter: an offer taken, a card for a card, free, seen only by the two of you."),
            _("Right-hand neighbour: the player whose turn comes just before yours; for the eldest, the dealer."),
            shared.knock, shared.last_round, shared.stalemate, *_combinations(), *_no_combination()]


def glossary_handeln(_rules: Ruleset, shared: Shared) -> list[str]:
    return [_("Widow: the three face-up cards in the middle; the Handeln source calls them the Auslage."),
            shared.eldest, shared.hand,
            _("I'm in: the call that gives everyone else one last turn."),
            _("Fire: the call with 31 or more, which ends the hand at once."),
            _("Minus point: what the fewest points earn; the match ends at the limit.")]


def _open_widow_terms(shared: Shared) -> list[str]:
    return [shared.widow, shared.eldest, shared.hand, shared.knock, shared.last_round, shared.stalemate]


def glossary_thirty_one(_rules: Ruleset, shared: Shared) -> list[str]:
    return [*_open_widow_terms(shared), _("Lives: the counters of this game; in other games they are chips."),
            _("Call 31: show the hands at once when you hold 31.")]


def glossary_trentuno(_rules: Ruleset, shared: Shared) -> list[str]:
    return [*_open_widow_terms(shared), _("Tricon: three of a rank."), _("Bust: a total over 31.")]


def glossary_commerce(rules: Ruleset, shared: Shared) -> list[str]:
    lines = [*_open_widow_terms(shared), *_combinations()]
    if not rules.options.get("extended"):
        lines += _no_combination()
    if rules.pounce:
        lines.append(_("Pounce: taking the fourth card of your Tricon's rank from the widow."))
    return lines
