"""The rules core: every ruleset of docs/rules.md as one pure, seeded state machine.

No printing, no input, no global state; randomness only from a match's own seeded generator. The public API::

    from commerce_a11y.rules import ruleset, parse_cards
    rs = ruleset("commerce", ace_low=True)
    rs.hand_value(parse_cards("AH 2H 3H"))   # an int: > better, == exact tie
    rs.name_hand(parse_cards("9C 9H KS"))    # HandName(category="pair", ranks=(9, 13), ...)
    match = Match(rs, [Player("Anna"), Player("Ben", "bot:basic"), Player("Cem", "bot:basic")], seed=7)
    match.legal_actions(); match.apply(match.to_act, Pass()); match.view(0)
"""

from ..cards import Card, parse_card, parse_cards
from .actions import Accept, Action, Decline, Done, ExchangeAll, Fire, Knock, Offer, Pass, Pounce, Swap, Trade
from .errors import IllegalAction, NewerRecordError, OptionError, RecordError, RulesError
from .events import (
    Anted,
    Bartered,
    Dealt,
    Declined,
    Eliminated,
    Event,
    ExchangedAll,
    Fired,
    FirstDealerDrawn,
    Kept,
    Knocked,
    MatchEnded,
    MatchStarted,
    Move,
    Offered,
    Passed,
    Player,
    Pounced,
    Refreshed,
    Settled,
    Showdown,
    Swapped,
    Swimming,
    Traded,
)
from .match import Match, Phase, SeatView
from .options import parse_assignments
from .record import RECORD_FORMAT, record_lines, replay, write_record
from .rulesets import RULESETS, Ruleset, Settlement, ruleset
from .values import HandName

__all__ = [
    "RECORD_FORMAT",
    "RULESETS",
    "Accept",
    "Action",
    "Anted",
    "Bartered",
    "Card",
    "Dealt",
    "Decline",
    "Declined",
    "Done",
    "Eliminated",
    "Event",
    "ExchangeAll",
    "ExchangedAll",
    "Fire",
    "Fired",
    "FirstDealerDrawn",
    "HandName",
    "IllegalAction",
    "Kept",
    "Knock",
    "Knocked",
    "Match",
    "MatchEnded",
    "MatchStarted",
    "Move",
    "NewerRecordError",
    "Offer",
    "Offered",
    "OptionError",
    "Pass",
    "Passed",
    "Phase",
    "Player",
    "Pounce",
    "Pounced",
    "RecordError",
    "Refreshed",
    "RulesError",
    "Ruleset",
    "SeatView",
    "Settled",
    "Settlement",
    "Showdown",
    "Swap",
    "Swapped",
    "Swimming",
    "Trade",
    "Traded",
    "parse_assignments",
    "parse_card",
    "parse_cards",
    "record_lines",
    "replay",
    "ruleset",
    "write_record",
]
