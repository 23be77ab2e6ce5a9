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

This module is the book's entry: its sections, their titles and order, and ``TEXTS``. The sentences are in a
module per part of the book: ``book_play.py`` (players and cards, goal, dealing, a turn), ``book_hands.py`` (hand
ranking, showdown, elimination and winning), ``book_options.py``, ``book_tips.py`` and ``book_glossary.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..i18n import _
from ..rules import Ruleset, RulesetName
from .book_glossary import (
    Shared,
    glossary_braillespiel,
    glossary_commerce,
    glossary_handeln,
    glossary_schwimmen,
    glossary_tauschen,
    glossary_thirty_one,
    glossary_trentuno,
)
from .book_hands import (
    Rank,
    best_suit,
    combinations_count,
    example_words,
    hands_best_first,
    ranks_braillespiel,
    ranks_commerce,
    ranks_handeln,
    ranks_schwimmen,
    ranks_thirty_one,
    ranks_trentuno,
    showdown_chips,
    showdown_minus,
    showdown_pot,
    showdown_schwimmen,
    showdown_thirty_one,
    sum_of_all_three,
    winning,
)
from .book_options import options
from .book_play import (
    dealing,
    goal_braillespiel,
    goal_commerce,
    goal_handeln,
    goal_schwimmen,
    goal_thirty_one,
    goal_trentuno,
    ideal_players,
    no_notes,
    players,
    schwimmen_names,
    sources_name_only,
    turn_braillespiel,
    turn_handeln,
    turn_schwimmen,
    turn_tauschen,
    turn_widow,
)
from .book_tips import (
    tips_braillespiel,
    tips_commerce,
    tips_handeln,
    tips_schwimmen,
    tips_tauschen,
    tips_thirty_one,
    tips_trentuno,
)

SECTION_KEYS = ("players", "goal", "dealing", "turn", "ranking", "showdown", "winning", "options", "tips",
                "glossary")
"""The sections, in reading order; every ruleset's book has all of them."""


@dataclass(frozen=True)
class Section:
    """One section: its key (for jumping by name), its title and its lines (each one or two whole sentences)."""

    key: str
    title: str
    lines: tuple[str, ...]


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
        "players": _players, "goal": _goal, "dealing": dealing, "turn": _turn, "ranking": _ranking,
        "showdown": _showdown, "winning": winning, "options": options, "tips": _tips, "glossary": _glossary,
    }
    return [Section(key, titles[key], tuple(makers[key](rules))) for key in SECTION_KEYS]


def _players(rules: Ruleset) -> list[str]:
    return players(rules, TEXTS[rules.name].notes(rules))


def _goal(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].goal(rules)


def _turn(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].turn(rules)


def hand_ranks(rules: Ruleset) -> list[Rank]:
    """Every hand rank of the ruleset with its options, best first, each with an example hand."""
    return TEXTS[rules.name].ranks(rules)


def _ranking(rules: Ruleset) -> list[str]:
    intro = TEXTS[rules.name].ranking()
    return [intro] + [f"{rank.text} {example_words(rules, rank.example)}" for rank in hand_ranks(rules)]


def _showdown(rules: Ruleset) -> list[str]:
    return [_("When the hands are shown, every hand is revealed and announced."),  # C13
            *TEXTS[rules.name].showdown(rules)]


def _tips(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].tips(rules)


def _glossary(rules: Ruleset) -> list[str]:
    return TEXTS[rules.name].glossary(rules, Shared.terms())


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
    glossary: Callable[[Ruleset, Shared], list[str]]


TEXTS: Mapping[RulesetName, RulesetText] = {
    RulesetName.COMMERCE: RulesetText(
        notes=ideal_players, goal=goal_commerce, turn=turn_widow, ranks=ranks_commerce,
        ranking=hands_best_first, showdown=showdown_chips, tips=tips_commerce, glossary=glossary_commerce),
    RulesetName.BRAILLESPIEL: RulesetText(
        notes=no_notes, goal=goal_braillespiel, turn=turn_braillespiel, ranks=ranks_braillespiel,
        ranking=hands_best_first, showdown=showdown_pot, tips=tips_braillespiel, glossary=glossary_braillespiel),
    RulesetName.HANDELN: RulesetText(
        notes=no_notes, goal=goal_handeln, turn=turn_handeln, ranks=ranks_handeln,
        ranking=combinations_count, showdown=showdown_minus, tips=tips_handeln, glossary=glossary_handeln),
    RulesetName.THIRTY_ONE: RulesetText(
        notes=sources_name_only, goal=goal_thirty_one, turn=turn_widow, ranks=ranks_thirty_one,
        ranking=best_suit, showdown=showdown_thirty_one, tips=tips_thirty_one, glossary=glossary_thirty_one),
    RulesetName.TRENTUNO: RulesetText(
        notes=sources_name_only, goal=goal_trentuno, turn=turn_widow, ranks=ranks_trentuno,
        ranking=sum_of_all_three, showdown=showdown_chips, tips=tips_trentuno, glossary=glossary_trentuno),
    RulesetName.SCHWIMMEN: RulesetText(
        notes=schwimmen_names, goal=goal_schwimmen, turn=turn_schwimmen, ranks=ranks_schwimmen,
        ranking=best_suit, showdown=showdown_schwimmen, tips=tips_schwimmen, glossary=glossary_schwimmen),
    RulesetName.TAUSCHEN: RulesetText(
        notes=sources_name_only, goal=goal_commerce, turn=turn_tauschen, ranks=ranks_commerce,
        ranking=hands_best_first, showdown=showdown_chips, tips=tips_tauschen, glossary=glossary_tauschen),
}
"""Each ruleset's own text in the book (a new ruleset brings its entry)."""
