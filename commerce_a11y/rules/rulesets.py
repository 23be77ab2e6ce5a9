"""The rulesets of docs/rules.md as data: which moves exist, how hands score, what is counted and how a match ends.

One engine (``match.py``) plays them all; a ruleset only switches its mechanisms on and off and supplies the
scorer. Everything else that differs between rulesets is data of the definition too: what is counted
(``CounterKind``), what its players call their moves (``Term``) and how the computer players play it (``Tuning``),
so no code tests a ruleset's name. Adding a variant means a name in ``RulesetName``, one definition below, and its
words (its title and its rules book's text, ``narration/``), not another engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any

from ..cards import CARDS, Card, deck, parse_cards
from ..ruleset_names import RulesetName
from .errors import N_, OptionError
from .options import OptionSpec, validate
from .terms import CounterKind, Term
from .tuning import Tuning
from .values import (
    HandName,
    Scorer,
    ValueTable,
    name_four,
    score_braillespiel,
    score_commerce,
    score_handeln,
    score_schwimmen,
    score_thirty_one,
    score_trentuno,
    value_table,
)


class Settlement(StrEnum):
    """How a showdown is paid, and with it how a match ends."""

    WORST_LOSES = "worst_loses"
    """C13-C16, T3, R3, S8, X2: the worst hand loses a chip; a player without chips is out (in schwimmen a player
    without lives swims first, S9); the last one wins."""
    BEST_TAKES_POT = "best_takes_pot"
    """B1, B7, B8, B10: everyone antes a mark, the best hand takes the pot."""
    FEWEST_GET_MINUS = "fewest_get_minus"
    """H6, H7: the fewest points get a minus point; the match ends at the limit."""


def _opt_bool(name: str) -> OptionSpec:
    return OptionSpec(name, False)


_CHIPS = OptionSpec("chips", 3, 1, 9)


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """A ruleset with its options fixed; immutable, shared by matches, states and computer players.

    Built with keywords only: a ruleset has many numbers and switches, and a name beside each says which is which.
    """

    name: RulesetName
    options: Mapping[str, Any]
    min_players: int
    max_players: int
    """The most players the ruleset is for; ``players_high`` is lower where the deck is too small for them."""
    deck_size: Callable[[int, Mapping[str, Any]], int] = field(repr=False)
    """The deck's size for a number of players and the options (braillespiel's depends on both)."""
    scorer: Scorer = field(repr=False)
    scorer_options: Mapping[str, bool] = field(repr=False)
    counter: CounterKind
    """What the chips event counts."""
    starting_count: int
    settlement: Settlement
    swaps_per_turn: int = 1
    multi_swap: bool = False
    pass_is_final: bool = False
    can_knock: bool = True
    fire_value: int | None = None
    """T2, H4: the smallest hand value that allows a call of fire; None where there is no such call."""
    pounce: bool = False
    dealer_exchange: bool = False
    stalemate_rounds: int | None = 2
    """C6: the showdown follows after this many passes per player in a row; None where passing never ends it."""
    match_hands: int = 0
    """B10: the match ends after this many hands (0: no limit)."""
    final_round: bool = False
    """B12: once the last person is out and computer players alone play on, the match ends after one more round
    (a hand for each player still in); only where nothing else ends a match in a bounded number of hands."""
    minus_limit: int = 0
    """H7: the match ends when a player has this many minus points."""
    widow: bool = True
    """G5: three cards lie in the middle; tauschen has none (X1)."""
    blind_widow: bool = False
    """S2: the middle is dealt face down and the dealer chooses (``dealer_exchange``) without seeing it."""
    swap_all: bool = False
    """S3: a turn may swap the whole hand for the whole middle."""
    first_round_knock: bool = True
    """C5 allows a knock on the first turn; S3 does not (nobody knocks before every player has had a turn)."""
    refresh: bool = False
    """S5: when the passes reach the stalemate count, three fresh cards from the stock replace the middle (and the
    count starts again); only a stock of fewer than three cards makes it the showdown."""
    shows: bool = False
    """S6, S7: a hand of ``fire_value`` or more is shown at once by the engine for the player (no call to decide):
    after the deal, after the dealer's choice and after the player's own swap."""
    feuer_value: int | None = None
    """S7: a shown hand of this value or more (three Aces) costs every other player a life."""
    swim: bool = False
    """S9: a player who loses their last life swims on with none, and goes out only when losing again."""
    trade: bool = False
    """X3: a turn may trade a card face down with the stock for a chip paid to the dealer."""
    barter: bool = False
    """X4: a turn may offer a card to the right-hand neighbour, who accepts (giving a card) or declines."""
    terms: frozenset[Term] = frozenset()
    """What its players call their moves and points, where the ruleset has words of its own."""
    tuning: Tuning = field(default_factory=Tuning, repr=False)
    """How the computer players play it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        if self.final_round and self.settlement is not Settlement.BEST_TAKES_POT:
            # B12 follows the last person out of a match where players leave with no marks; nothing else plays it.
            raise ValueError("final_round is a rule of the best-takes-the-pot settlement (B12)")

    @cached_property
    def table(self) -> ValueTable:
        """The three-card value table (built on first use, shared by every ruleset with the same scoring)."""
        return value_table(self.scorer, **self.scorer_options)

    @cached_property
    def _lookup(self) -> list[int]:
        return self.table.table

    @property
    def declines(self) -> bool:
        """Whether a player may decline something other than the dealer's exchange (the actions ``EndTurn`` and
        ``Wait``, a record's ``done`` line): a further swap of the turn (C3), a call right after the deal or after a
        swap (H4, T2)."""
        return (self.swaps_per_turn > 1 and not self.multi_swap) or (self.fire_value is not None and not self.shows)

    def hand_value(self, cards: Sequence[int]) -> int:
        """A comparable value: ``>`` is a better hand, ``==`` an exact tie (docs/rules.md's order)."""
        if len(cards) == 3:
            a, b, c = cards
            return self._lookup[a * 2704 + b * 52 + c]
        return self.name_hand(cards).value

    def name_hand(self, cards: Sequence[int]) -> HandName:
        """What a hand is, in parts the narrator can put in words (category and deciding cards)."""
        hand = [CARDS[c] for c in cards]
        if len(hand) == 4:
            return name_four(hand, self.table)
        if len(hand) != 3:
            raise ValueError(f"a hand has three cards (four after a pounce), not {len(hand)}")
        return self.scorer(hand, **self.scorer_options)

    def deck(self, players: int) -> tuple[Card, ...]:
        """The deck a match of this many players uses (braillespiel's depends on the count)."""
        return deck(self.deck_size(players, self.options))

    @property
    def players_high(self) -> int:
        """The most players the ruleset allows with its options: at most ``max_players``, and no more than its deck
        deals three cards each and the widow's three to (G5: a 32-card Braillespiel deck, 9)."""
        high = self.min_players
        widow = 3 if self.widow else 0
        for players in range(self.min_players, self.max_players + 1):
            if 3 * players + widow <= self.deck_size(players, self.options):
                high = players
        return high

    def check_players(self, players: int) -> None:
        """Refuse a player count the ruleset does not allow, naming the allowed range."""
        high = self.players_high
        if not self.min_players <= players <= high:
            raise OptionError(
                N_("{ruleset} is for {low} to {high} players, not {players}."),
                ruleset=self.name, low=self.min_players, high=high, players=players,
            )


@dataclass(frozen=True)
class _Definition:
    specs: tuple[OptionSpec, ...]
    build: Callable[[dict[str, Any]], Ruleset]


def _commerce(o: dict[str, Any]) -> Ruleset:
    return Ruleset(
        name=RulesetName.COMMERCE, options=o, min_players=3, max_players=12, deck_size=lambda n, _o: 52,
        scorer=score_commerce, scorer_options={"ace_low": o["ace_low"], "extended": o["extended"]},
        counter=CounterKind.CHIPS, starting_count=o["chips"], settlement=Settlement.WORST_LOSES,
        swaps_per_turn=o["swaps_per_turn"], pounce=o["pounce"], stalemate_rounds=1 if o["extended"] else 2,
        # Extended Commerce counts only combinations: knock from the lowest flush up.
        tuning=Tuning(basic_knock=parse_cards("5H 3H 2H" if o["extended"] else "KH 8S 7D")),
    )


def _braillespiel(o: dict[str, Any]) -> Ruleset:
    def deck_size(players: int, opts: Mapping[str, Any]) -> int:
        deck: int = opts["deck"] or (32 if players < 9 else 52)
        return deck

    return Ruleset(
        name=RulesetName.BRAILLESPIEL, options=o, min_players=3, max_players=12, deck_size=deck_size,
        scorer=score_braillespiel, scorer_options={"krikelkrakel": o["krikelkrakel"]},
        counter=CounterKind.MARKS, starting_count=o["marks"], settlement=Settlement.BEST_TAKES_POT,
        multi_swap=True, pass_is_final=True, can_knock=False, stalemate_rounds=None, match_hands=o["hands"],
        final_round=True,
    )


def _handeln(o: dict[str, Any]) -> Ruleset:
    return Ruleset(
        name=RulesetName.HANDELN, options=o, min_players=3, max_players=9, deck_size=lambda n, _o: 32,
        scorer=score_handeln, scorer_options={},
        counter=CounterKind.MINUS_POINTS, starting_count=0, settlement=Settlement.FEWEST_GET_MINUS,
        fire_value=HandName("points", 2, points=31).value, dealer_exchange=True, stalemate_rounds=None,
        minus_limit=o["limit"],
        terms=frozenset({Term.IM_IN, Term.FIRE, Term.PIPS}),
        tuning=Tuning(basic_knock=parse_cards("KH QH 7H")),
    )


def _thirty_one(o: dict[str, Any]) -> Ruleset:
    return Ruleset(
        name=RulesetName.THIRTY_ONE, options=o, min_players=3, max_players=12, deck_size=lambda n, _o: 52,
        scorer=score_thirty_one, scorer_options={},
        counter=CounterKind.LIVES, starting_count=o["chips"], settlement=Settlement.WORST_LOSES,
        fire_value=HandName("points", 1, points=31).value,
        tuning=Tuning(basic_knock=parse_cards("KH QH 7H"), knock_tip=parse_cards("KH QH 9H")),
    )


def _trentuno(o: dict[str, Any]) -> Ruleset:
    return Ruleset(
        name=RulesetName.TRENTUNO, options=o, min_players=3, max_players=12, deck_size=lambda n, _o: 40,
        scorer=score_trentuno, scorer_options={},
        counter=CounterKind.CHIPS, starting_count=o["chips"], settlement=Settlement.WORST_LOSES,
        tuning=Tuning(basic_knock=parse_cards("KH QS 7D"), knock_tip=parse_cards("AH KS QD")),
    )


def _schwimmen(o: dict[str, Any]) -> Ruleset:
    return Ruleset(
        name=RulesetName.SCHWIMMEN, options=o, min_players=2, max_players=9, deck_size=lambda n, _o: 32,
        scorer=score_schwimmen, scorer_options={},
        counter=CounterKind.LIVES, starting_count=o["chips"], settlement=Settlement.WORST_LOSES,
        fire_value=HandName("points", 1, points=31).value, dealer_exchange=True, blind_widow=True, swap_all=True,
        first_round_knock=False, stalemate_rounds=1, refresh=True, shows=True,
        feuer_value=HandName("fire", 2, (14,)).value, swim=True,
        terms=frozenset({Term.PUSH}),
        # The 32-card deck is rich in tens and pictures: the basic level knocks from 28.
        tuning=Tuning(basic_knock=parse_cards("KH QH 8H"), knock_risk=0.375, knock_at=(0.975, 0.0),
                      knock_model=(0.93, 25.0), swaps_searched=5, square_deals=True),
    )


def _tauschen(o: dict[str, Any]) -> Ruleset:
    return Ruleset(
        name=RulesetName.TAUSCHEN, options=o, min_players=3, max_players=12, deck_size=lambda n, _o: 52,
        scorer=score_commerce, scorer_options={"ace_low": False, "extended": False},
        counter=CounterKind.CHIPS, starting_count=o["chips"], settlement=Settlement.WORST_LOSES,
        widow=False, trade=True, barter=True,
        # The basic level knocks as in Commerce, whose hand ranking tauschen plays (X2).
        tuning=Tuning(basic_knock=parse_cards("KH 8S 7D"), knock_at=(0.81, 0.012), knock_model=(0.6, 12.0)),
    )


RULESETS: Mapping[RulesetName, _Definition] = MappingProxyType({
    RulesetName.COMMERCE: _Definition(
        (_CHIPS, OptionSpec("swaps_per_turn", 1, 1, 3), _opt_bool("ace_low"), _opt_bool("pounce"),
         _opt_bool("extended")),
        _commerce,
    ),
    RulesetName.BRAILLESPIEL: _Definition(
        (OptionSpec("deck", 0, choices=(0, 32, 52)), OptionSpec("marks", 10, 1, 99), _opt_bool("krikelkrakel"),
         OptionSpec("hands", 0, 0, 999)),
        _braillespiel,
    ),
    RulesetName.HANDELN: _Definition((OptionSpec("limit", 5, 1, 99),), _handeln),
    RulesetName.THIRTY_ONE: _Definition((_CHIPS,), _thirty_one),
    RulesetName.TRENTUNO: _Definition((_CHIPS,), _trentuno),
    RulesetName.SCHWIMMEN: _Definition((_CHIPS,), _schwimmen),
    RulesetName.TAUSCHEN: _Definition((_CHIPS,), _tauschen),
})
"""Every playable ruleset by name, with its option specifications."""


def ruleset(name: str, **options: object) -> Ruleset:
    """A ruleset by name with options (Python values or their text); ``OptionError`` names what is allowed."""
    if name not in RULESETS:
        raise OptionError(N_("There is no ruleset {ruleset}. Rulesets: {allowed}."),
                          ruleset=name, allowed=", ".join(RULESETS))
    definition = RULESETS[RulesetName(name)]
    specs = {spec.name: spec for spec in definition.specs}
    return definition.build(validate(name, specs, {k.replace("-", "_"): v for k, v in options.items()}))
