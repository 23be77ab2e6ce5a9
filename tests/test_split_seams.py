"""The seams issue 37 cut where modules passed 600 lines: each new module stands on its own.

- ``narration/voice.py``: a seat's settings and words. The showdown's results (``results.py``) and what is said at a
  decision (``asking.py``) need only a ``Voice``, not a narrator; the narrator is a ``Voice`` and says the same.
- ``client/connection.py``: the address ``commerce join`` is given, read without a socket.
- ``narration/rules_book.py``: the entry; every section it reads comes from the book's own modules.
"""

from __future__ import annotations

import pytest

from commerce_a11y.cards import parse_cards
from commerce_a11y.client.connection import split_address
from commerce_a11y.narration.asking import status_lines, value_line
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.results import results, standings
from commerce_a11y.narration.rules_book import SECTION_KEYS, TEXTS, hand_ranks, rules_book
from commerce_a11y.narration.voice import CardStyle, Verbosity, Voice
from commerce_a11y.rules import RULESETS, Match, Player, RulesetName, Showdown, ruleset

NAMES = ["You", "Anna", "Ben"]


@pytest.mark.parametrize("style", list(CardStyle))
@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_results_and_asking_need_only_a_voice_and_say_what_the_narrator_says(verbosity: Verbosity,
                                                                             style: CardStyle) -> None:
    rules = ruleset("commerce")
    voice, narrator = Voice(rules, NAMES, 0, verbosity, style), Narrator(rules, NAMES, 0, verbosity, style)
    assert isinstance(narrator, Voice)
    lost = Showdown({0: tuple(parse_cards("AH 8D 7S")), 1: tuple(parse_cards("QH QD QS"))}, {}, losers=(0,))
    assert results(voice, lost) == results(narrator, lost) and results(voice, lost)
    assert standings(voice, {0: 3, 1: 2}) == standings(narrator, {0: 3, 1: 2}) == "Chips: you 3, Anna 2."
    view = Match(rules, [Player(n) for n in NAMES], seed=1).view(0)
    assert status_lines(voice, view, ((), ())) == status_lines(narrator, view, ((), ())) != []
    assert value_line(voice, view) == value_line(narrator, view)


@pytest.mark.parametrize(("address", "found"), [
    ("localhost", ("localhost", 4000)),
    ("example.org:4001", ("example.org", 4001)),
    ("[::1]:4002", ("::1", 4002)),
    ("[::1]", ("::1", 4000)),
    ("host:", None),
    ("host:port", None),
    ("host:70000", None),
    ("[::1", None),
    (":4000", None),
])
def test_join_reads_the_address_it_is_given(address: str, found: tuple[str, int] | None) -> None:
    assert split_address(address, 4000) == found


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_ruleset_has_its_own_text_and_a_whole_book(name: str) -> None:
    rules = ruleset(name)
    assert RulesetName(name) in TEXTS
    assert [section.key for section in rules_book(rules)] == list(SECTION_KEYS)
    assert hand_ranks(rules) == TEXTS[rules.name].ranks(rules)
