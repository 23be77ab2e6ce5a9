"""What a ruleset is, as data: its name, what it counts, its players' words and its computer players' settings are
fields of its definition, so the engine, the narration, the rules book and the bots read them instead of testing
the ruleset's name; a ruleset built from another one's definition plays and is told by its own facts. Also the
seat kinds (the record's ``human`` and ``bot:LEVEL``) and the three meanings of a decline (H1, S2; H4, T2; C3)."""

from __future__ import annotations

import dataclasses

import pytest
from engine_helpers import lay, new_match, offer_calls_again, play, play_out

from commerce_a11y.bots import BOT_KINDS, make_bot
from commerce_a11y.bots.heuristic import HeuristicBot
from commerce_a11y.i18n import LANGUAGES, use_language
from commerce_a11y.narration.narrator import Narrator, ruleset_title
from commerce_a11y.narration.rules_book import TEXTS, rules_book
from commerce_a11y.rules import (
    RULESETS,
    CounterKind,
    EndTurn,
    Keep,
    Knocked,
    Match,
    Phase,
    Player,
    PlayerKind,
    Ruleset,
    RulesetName,
    Term,
    Wait,
    record_lines,
    replay,
    ruleset,
)
from commerce_a11y.ruleset_names import RULESET_NAMES


def test_every_ruleset_is_defined_under_its_name_and_the_command_line_lists_them_all() -> None:
    assert tuple(RULESETS) == tuple(RulesetName) and set(TEXTS) == set(RulesetName)
    assert tuple(name.value for name in RulesetName) == RULESET_NAMES
    assert all(type(name) is str for name in RULESET_NAMES)  # click shows the strings, not the members' names
    for name in RulesetName:
        rules = ruleset(name.value)
        assert rules.name is name and rules.name == name.value  # a member is its name's string


@pytest.mark.parametrize("name", list(RulesetName))
def test_every_ruleset_defines_every_fact(name: RulesetName) -> None:
    rules = ruleset(name)
    assert isinstance(rules.counter, CounterKind)
    assert all(isinstance(term, Term) for term in rules.terms)
    # The basic level's knock is a real hand where the ruleset has a knock, and none where it has not (B2).
    assert len(rules.tuning.basic_knock) == (3 if rules.can_knock else 0)
    assert len(rules.tuning.knock_tip) in (0, 3)
    assert 0 < rules.tuning.knock_risk <= 1 and rules.tuning.swaps_searched >= 1
    # Its words: a title and every section of the rules book of its own.
    use_language("en")
    assert ruleset_title(rules)
    assert name in TEXTS


def test_the_counters_are_the_rules_own() -> None:
    """C13, B1, H6, T3, R3, S8, X2: what each ruleset counts."""
    assert {name: ruleset(name).counter for name in RulesetName} == {
        RulesetName.COMMERCE: CounterKind.CHIPS, RulesetName.BRAILLESPIEL: CounterKind.MARKS,
        RulesetName.HANDELN: CounterKind.MINUS_POINTS, RulesetName.THIRTY_ONE: CounterKind.LIVES,
        RulesetName.TRENTUNO: CounterKind.CHIPS, RulesetName.SCHWIMMEN: CounterKind.LIVES,
        RulesetName.TAUSCHEN: CounterKind.CHIPS,
    }


def test_h3_h4_handeln_and_schwimmen_have_words_of_their_own() -> None:
    """H3 "I'm in!", H4 "Fire!", Handeln's points and Schwimmen's pass; the others use the family's words."""
    own = {name: ruleset(name).terms for name in RulesetName if ruleset(name).terms}
    assert own == {RulesetName.HANDELN: {Term.IM_IN, Term.FIRE, Term.PIPS}, RulesetName.SCHWIMMEN: {Term.PUSH}}


def variant() -> Ruleset:
    """A ruleset that is no ruleset of the game's: Commerce's definition with lives, Handeln's words and
    Schwimmen's computer-player settings, several swaps a turn and the pounce."""
    base = ruleset("commerce", chips=2, swaps_per_turn=2, pounce=True)
    return dataclasses.replace(base, counter=CounterKind.LIVES, terms=ruleset("handeln").terms,
                               tuning=ruleset("schwimmen").tuning)


@pytest.mark.parametrize("level", [kind for kind in BOT_KINDS if kind != "strong"])
def test_c3_c17_h3_a_ruleset_built_from_another_definition_plays_and_is_told_by_its_own_facts(level: str) -> None:
    rules = variant()
    match = Match(rules, [Player(f"P{i}", PlayerKind.bot(level)) for i in range(4)], seed=3)
    play_out(match, [make_bot(level, 30 + i) for i in range(4)])
    assert match.over
    use_language("en")
    narrator = Narrator(rules, [p.name for p in match.players], 0)
    told = [line for event in match.events for line in narrator.event(event.visible_to(0))]
    assert "Everyone starts with 2 lives." in told  # its counter, not Commerce's chips
    if any(isinstance(e, Knocked) for e in match.events):
        assert any(line.endswith("calls: I'm in!") or line == "You call: I'm in!" for line in told)  # H3's words
    assert any(line.startswith("Lives: ") for line in told)
    for lang in LANGUAGES:
        use_language(lang)
        assert all(section.lines for section in rules_book(rules))


def test_the_bots_read_their_settings_from_the_ruleset_not_its_name() -> None:
    """A Commerce match whose ruleset holds Schwimmen's settings: the heuristic level weighs its knocks as in
    Schwimmen (half the share of risk), the basic level knocks from Schwimmen's reference hand."""
    rules = variant()
    match = Match(rules, [Player(f"P{i}") for i in range(3)], seed=1)
    view = match.view(match.to_act)
    commerce = Match(ruleset("commerce", chips=2), [Player(f"P{i}") for i in range(3)], seed=1)
    limit, usual = HeuristicBot.risk_limit(view), HeuristicBot.risk_limit(commerce.view(commerce.to_act))
    assert limit == pytest.approx(usual * ruleset("schwimmen").tuning.knock_risk / 0.75)


# ----- seat kinds -----

def test_a_seat_kind_is_the_records_text_and_says_what_it_means() -> None:
    assert PlayerKind.human() == "human" and PlayerKind.human().is_human and PlayerKind.human().level is None
    bot = PlayerKind.bot("heuristic")
    assert str(bot) == "bot:heuristic" and not bot.is_human and bot.level == "heuristic"
    assert PlayerKind("bot:basic") == PlayerKind.bot("basic")
    assert Player("Ben", "bot:basic").kind.level == "basic" and Player("Ann").kind.is_human
    assert type(Player("Ben", "bot:basic").kind) is PlayerKind


def test_a_record_with_any_seat_kind_is_written_back_byte_for_byte() -> None:
    """docs/record.md: a player's ``kind`` is read as written, so a record of a newer version (a level this one
    does not know) reads and writes back unchanged."""
    players = [Player("You"), Player("Anna", "bot:future-level"), Player("Ben", PlayerKind.bot("basic"))]
    match = Match(ruleset("commerce"), players, seed=4)
    lines = list(record_lines(match.events))
    assert '"kind":"human"' in lines[0] and '"kind":"bot:future-level"' in lines[0]
    again = replay(lines)
    assert list(record_lines(again.events)) == lines
    assert [p.kind.level for p in again.players] == [None, "future-level", "basic"]


# ----- the three meanings of a decline -----

def test_h1_s2_the_dealer_keeps_the_hand() -> None:
    m = new_match("handeln", 4, seed=2)
    lay(m, ["7C 8D 9S", "7H 8S 10C", "JC QD 7S", "JH QS 8C"], "AC 9D 10H")
    assert m.phase is Phase.EXCHANGE and m.phase.done == Keep() and Keep() in m.legal_actions()
    assert Wait() not in m.legal_actions() and EndTurn() not in m.legal_actions()
    play(m, Keep())
    assert m.phase is Phase.TURN


def test_h4_t2_a_player_who_may_call_right_after_the_deal_waits() -> None:
    m = new_match("thirty-one", 3, seed=1)
    _e, mid, _d = m.order
    lay(m, ["2C 3D 5H", "AH KH QH", "AS KS QS"], "9C 9D 2H")
    offer_calls_again(m)
    assert (m.phase, m.to_act) == (Phase.CALL, mid)
    assert m.phase.done == Wait() and Wait() in m.legal_actions() and Keep() not in m.legal_actions()
    play(m, Wait())


def test_c3_a_turn_ends_after_its_swaps() -> None:
    m = new_match("commerce", 3, seed=1, swaps_per_turn=3)
    assert m.phase is Phase.TURN and m.phase.done == EndTurn() and EndTurn() not in m.legal_actions()
    seat = m.to_act
    play(m, m.legal_actions()[0])
    assert (m.phase, m.to_act) == (Phase.CONTINUE, seat) and m.phase.done == EndTurn()
    assert EndTurn() in m.legal_actions() and Keep() not in m.legal_actions() and Wait() not in m.legal_actions()
    play(m, EndTurn())
    assert m.to_act != seat


def test_the_final_round_is_refused_where_the_worst_hand_loses() -> None:
    """B12 is played by the best-takes-the-pot settlement alone: a ruleset that asks for it elsewhere is refused when
    it is built, not silently played without it."""
    assert ruleset("braillespiel").final_round
    with pytest.raises(ValueError, match="B12"):
        dataclasses.replace(ruleset("commerce"), final_round=True)
