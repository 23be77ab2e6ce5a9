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
from .actions import Action, Done, ExchangeAll, Fire, Knock, Pass, Pounce, Swap
from .errors import IllegalAction, NewerRecordError, OptionError, RecordError, RulesError
from .events import Event
from .match import Match, Phase, Player, SeatView
from .options import parse_assignments
from .record import RECORD_FORMAT, record_lines, replay, write_record
from .rulesets import RULESETS, Ruleset, Settlement, ruleset
from .values import HandName

__all__ = [
    "RECORD_FORMAT",
    "RULESETS",
    "Action",
    "Card",
    "Done",
    "Event",
    "ExchangeAll",
    "Fire",
    "HandName",
    "IllegalAction",
    "Knock",
    "Match",
    "NewerRecordError",
    "OptionError",
    "Pass",
    "Phase",
    "Player",
    "Pounce",
    "RecordError",
    "RulesError",
    "Ruleset",
    "SeatView",
    "Settlement",
    "Swap",
    "parse_assignments",
    "parse_card",
    "parse_cards",
    "record_lines",
    "replay",
    "ruleset",
    "write_record",
]
