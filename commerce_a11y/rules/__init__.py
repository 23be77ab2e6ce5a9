"""The rules core: every ruleset of docs/rules.md as one pure, deterministic state machine.

No printing, no input, no global state; randomness only from the chance a match is handed (``chance.py``: a seed,
or the server's keyed stream). The public API::

    from commerce_a11y.rules import ruleset, parse_cards
    rs = ruleset("commerce", ace_low=True)
    rs.hand_value(parse_cards("AH 2H 3H"))   # an int: > better, == exact tie
    rs.name_hand(parse_cards("9C 9H KS"))    # HandName(category="pair", ranks=(9, 13), ...)
    match = Match(rs, [Player("Anna"), Player("Ben", "bot:basic"), Player("Cem", "bot:basic")], seed=7)
    match.legal_actions(); match.apply(match.to_act, Pass()); match.view(0)
    Match(rs, players, seed=Keyed(secrets.token_bytes(32)))   # the server's: no seat can work out the cards
"""

from ..cards import Card, parse_card, parse_cards
from ..ruleset_names import RulesetName
from .actions import Accept, Action, Decline, ExchangeAll, Fire, Knock, Offer, Pass, Pounce, Swap, Trade
from .chance import Chance, Keyed, Seeded
from .done import Done, EndTurn, Keep, Wait
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
    PlayerKind,
    Pounced,
    Refreshed,
    Settled,
    Showdown,
    Swapped,
    Swimming,
    Traded,
    Waived,
)
from .match import Match, Phase, SeatView
from .options import parse_assignments
from .record import DECLINES_FORMAT, FINAL_ROUND_FORMAT, RECORD_FORMAT, record_lines, replay, write_record
from .rulesets import RULESETS, Ruleset, Settlement, ruleset
from .terms import CounterKind, Term
from .tuning import Tuning
from .values import HandName

__all__ = [
    "DECLINES_FORMAT",
    "FINAL_ROUND_FORMAT",
    "RECORD_FORMAT",
    "RULESETS",
    "Accept",
    "Action",
    "Anted",
    "Bartered",
    "Card",
    "Chance",
    "CounterKind",
    "Dealt",
    "Decline",
    "Declined",
    "Done",
    "Eliminated",
    "EndTurn",
    "Event",
    "ExchangeAll",
    "ExchangedAll",
    "Fire",
    "Fired",
    "FirstDealerDrawn",
    "HandName",
    "IllegalAction",
    "Keep",
    "Kept",
    "Keyed",
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
    "PlayerKind",
    "Pounce",
    "Pounced",
    "RecordError",
    "Refreshed",
    "RulesError",
    "Ruleset",
    "RulesetName",
    "SeatView",
    "Seeded",
    "Settled",
    "Settlement",
    "Showdown",
    "Swap",
    "Swapped",
    "Swimming",
    "Term",
    "Trade",
    "Traded",
    "Tuning",
    "Wait",
    "Waived",
    "parse_assignments",
    "parse_card",
    "parse_cards",
    "record_lines",
    "replay",
    "ruleset",
    "write_record",
]
