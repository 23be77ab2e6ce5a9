"""Rulesets and their options (docs/rules.md: each ruleset's header, C3, C8, C17, C18, B9, B10, H7, R1), validated so
that a refusal names what is allowed; player counts checked when a match starts (G1)."""

from __future__ import annotations

import pytest

from commerce_a11y.rules import RULESETS, Match, OptionError, Player, RulesError, parse_assignments, ruleset
from commerce_a11y.rules.rulesets import Settlement

DEFAULTS = {
    "commerce": {"chips": 3, "swaps_per_turn": 1, "ace_low": False, "pounce": False, "extended": False},
    "braillespiel": {"deck": 0, "marks": 10, "krikelkrakel": False, "hands": 0},
    "handeln": {"limit": 5},
    "thirty-one": {"chips": 3},
    "trentuno": {"chips": 3},
    "schwimmen": {"chips": 3},
    "tauschen": {"chips": 3},
}


def players(n: int) -> list[Player]:
    return [Player(f"P{i}") for i in range(n)]


def test_the_seven_playable_rulesets():
    assert set(RULESETS) == set(DEFAULTS)


@pytest.mark.parametrize("name", list(DEFAULTS))
def test_defaults(name: str):
    rs = ruleset(name)
    assert rs.name == name
    assert dict(rs.options) == DEFAULTS[name]


def test_options_are_read_only():
    rs = ruleset("commerce")
    with pytest.raises(TypeError):
        rs.options["chips"] = 7  # type: ignore[index]


def test_commerce_default_shape():
    """C1-C6, C13: 3 chips, one swap a turn, knock, stalemate after two rounds of passes, worst loses."""
    rs = ruleset("commerce")
    assert (rs.counter, rs.starting_count, rs.settlement) == ("chips", 3, Settlement.WORST_LOSES)
    assert (rs.min_players, rs.max_players) == (3, 12)
    assert rs.swaps_per_turn == 1 and rs.can_knock and not rs.multi_swap and not rs.pounce
    assert rs.stalemate_rounds == 2
    assert len(rs.deck(3)) == len(rs.deck(12)) == 52


def test_commerce_options_switch_their_rules_on():
    assert ruleset("commerce", chips=5).starting_count == 5
    assert ruleset("commerce", swaps_per_turn=3).swaps_per_turn == 3  # C3
    assert ruleset("commerce", pounce=True).pounce  # C17
    assert ruleset("commerce", extended=True).stalemate_rounds == 1  # C18: one pass each ends it


def test_braillespiel_shape_and_deck_by_player_count():
    """Braillespiel header, B1-B3, B8, B10: 32 cards below 9 players, 52 from 9 on, unless `deck` says."""
    rs = ruleset("braillespiel")
    assert (rs.counter, rs.starting_count, rs.settlement) == ("marks", 10, Settlement.BEST_TAKES_POT)
    assert rs.multi_swap and rs.pass_is_final and not rs.can_knock and rs.stalemate_rounds is None
    assert len(rs.deck(3)) == len(rs.deck(8)) == 32
    assert len(rs.deck(9)) == len(rs.deck(12)) == 52
    assert len(ruleset("braillespiel", deck=52).deck(3)) == 52
    assert len(ruleset("braillespiel", deck=32).deck(9)) == 32
    assert ruleset("braillespiel", marks=3).starting_count == 3
    assert ruleset("braillespiel", hands=7).match_hands == 7


@pytest.mark.parametrize(("name", "options", "high"), [
    ("commerce", {}, 12), ("braillespiel", {}, 12), ("braillespiel", {"deck": 52}, 12),
    ("braillespiel", {"deck": 32}, 9), ("handeln", {}, 9), ("thirty-one", {}, 12), ("trentuno", {}, 12),
])
def test_the_most_players_follow_from_the_deck(name, options, high):
    """G1, G5: a deck must deal three cards each and the widow's three; 32 cards are enough for 9 players, not 10
    (the ruleset's data says so: no ruleset is named in the check)."""
    rs = ruleset(name, **options)
    assert rs.players_high == high
    rs.check_players(high)
    with pytest.raises(OptionError):
        rs.check_players(high + 1)


def test_handeln_shape():
    """Handeln header, H1, H4, H6, H7: 32 cards, 3 to 9 players, minus points up to `limit`."""
    rs = ruleset("handeln")
    assert (rs.counter, rs.starting_count, rs.settlement) == ("minus_points", 0, Settlement.FEWEST_GET_MINUS)
    assert rs.dealer_exchange and rs.can_knock and rs.fire_value is not None and rs.stalemate_rounds is None
    assert (rs.min_players, rs.max_players) == (3, 9)
    assert len(rs.deck(3)) == len(rs.deck(9)) == 32
    assert rs.minus_limit == 5
    assert ruleset("handeln", limit=2).minus_limit == 2


def test_thirty_one_and_trentuno_shape():
    """T1-T3 (lives, call of 31), R1 (40 cards)."""
    t = ruleset("thirty-one")
    assert (t.counter, t.starting_count, t.settlement) == ("lives", 3, Settlement.WORST_LOSES)
    assert t.fire_value is not None and t.can_knock and t.stalemate_rounds == 2 and len(t.deck(5)) == 52
    r = ruleset("trentuno")
    assert (r.counter, r.starting_count, r.settlement) == ("chips", 3, Settlement.WORST_LOSES)
    assert r.fire_value is None and r.can_knock and r.stalemate_rounds == 2 and len(r.deck(5)) == 40
    assert ruleset("thirty-one", chips=9).starting_count == 9


@pytest.mark.parametrize(("name", "options", "expected"), [
    ("commerce", {"chips": "5"}, {"chips": 5}),
    ("commerce", {"chips": " 7 "}, {"chips": 7}),
    ("commerce", {"ace_low": "yes"}, {"ace_low": True}),
    ("commerce", {"ace_low": "ON"}, {"ace_low": True}),
    ("commerce", {"ace_low": "true"}, {"ace_low": True}),
    ("commerce", {"pounce": "1"}, {"pounce": True}),
    ("commerce", {"pounce": "no"}, {"pounce": False}),
    ("commerce", {"extended": "off"}, {"extended": False}),
    ("commerce", {"extended": "False"}, {"extended": False}),
    ("commerce", {"swaps_per_turn": "3"}, {"swaps_per_turn": 3}),
    ("commerce", {"swaps-per-turn": 2}, {"swaps_per_turn": 2}),
    ("braillespiel", {"deck": "52", "marks": "99", "krikelkrakel": "yes", "hands": "0"},
     {"deck": 52, "marks": 99, "krikelkrakel": True, "hands": 0}),
    ("braillespiel", {"hands": 999, "marks": 1}, {"hands": 999, "marks": 1}),
    ("handeln", {"limit": "99"}, {"limit": 99}),
    ("handeln", {"limit": 1}, {"limit": 1}),
    ("thirty-one", {"chips": "1"}, {"chips": 1}),
    ("trentuno", {"chips": 9}, {"chips": 9}),
])
def test_valid_values_python_or_text(name: str, options: dict, expected: dict):
    rs = ruleset(name, **options)
    assert dict(rs.options) == {**DEFAULTS[name], **expected}


def test_text_and_python_values_give_the_same_ruleset():
    text, python = ruleset("commerce", chips="5", ace_low="yes"), ruleset("commerce", chips=5, ace_low=True)
    assert dict(text.options) == dict(python.options)
    assert text.options["chips"] == 5 and type(text.options["chips"]) is int
    assert text.options["ace_low"] is True


def test_unknown_ruleset_names_the_rulesets():
    with pytest.raises(OptionError) as info:
        ruleset("poker")
    err = info.value
    assert err.params["ruleset"] == "poker"
    for name in DEFAULTS:
        assert name in err.params["allowed"]
        assert name in str(err)
    assert "poker" in str(err)
    assert str(err) == err.template.format(**err.params)


@pytest.mark.parametrize(("name", "option", "allowed"), [
    ("commerce", "marks", ["chips", "swaps_per_turn", "ace_low", "pounce", "extended"]),
    ("thirty-one", "ace_low", ["chips"]),
    ("trentuno", "pounce", ["chips"]),
    ("handeln", "chips", ["limit"]),
    ("braillespiel", "chips", ["deck", "marks", "krikelkrakel", "hands"]),
])
def test_unknown_option_names_the_options(name: str, option: str, allowed: list[str]):
    with pytest.raises(OptionError) as info:
        ruleset(name, **{option: 1})
    err = info.value
    assert (err.params["ruleset"], err.params["option"]) == (name, option)
    assert err.params["allowed"].split(", ") == allowed
    assert option in str(err) and all(a in str(err) for a in allowed)
    assert str(err) == err.template.format(**err.params)


@pytest.mark.parametrize(("name", "option", "bad", "allowed"), [
    ("commerce", "chips", 0, "1 to 9"),
    ("commerce", "chips", 10, "1 to 9"),
    ("commerce", "chips", "ten", "1 to 9"),
    ("commerce", "chips", "", "1 to 9"),
    ("commerce", "chips", 2.5, "1 to 9"),
    ("commerce", "chips", True, "1 to 9"),
    ("commerce", "swaps_per_turn", 4, "1 to 3"),
    ("commerce", "swaps_per_turn", 0, "1 to 3"),
    ("commerce", "ace_low", "maybe", "on or off"),
    ("commerce", "ace_low", 2, "on or off"),
    ("commerce", "pounce", "", "on or off"),
    ("braillespiel", "deck", 40, "0, 32, 52"),
    ("braillespiel", "deck", "36", "0, 32, 52"),
    ("braillespiel", "marks", 0, "1 to 99"),
    ("braillespiel", "marks", -1, "1 to 99"),
    ("braillespiel", "hands", 1000, "0 to 999"),
    ("handeln", "limit", 0, "1 to 99"),
    ("handeln", "limit", "100", "1 to 99"),
    ("thirty-one", "chips", 0, "1 to 9"),
    ("trentuno", "chips", 10, "1 to 9"),
])
def test_bad_values_are_refused_naming_what_is_allowed(name: str, option: str, bad: object, allowed: str):
    with pytest.raises(OptionError) as info:
        ruleset(name, **{option: bad})
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, RulesError)
    assert {k: err.params[k] for k in ("option", "ruleset", "value")} == {"option": option, "ruleset": name,
                                                                        "value": bad}
    text = str(err)
    assert option in text and name in text and text.endswith(f"Allowed: {allowed}.") and str(bad) in text
    assert text == err.template.format(**err.params)


@pytest.mark.parametrize(("name", "options", "count", "high"), [
    ("commerce", {}, 13, 12),
    ("commerce", {}, 2, 12),
    ("handeln", {}, 10, 9),
    ("handeln", {}, 2, 9),
    ("braillespiel", {"deck": 32}, 10, 9),
    ("braillespiel", {}, 13, 12),
    ("thirty-one", {}, 13, 12),
    ("trentuno", {}, 2, 12),
])
def test_player_counts_outside_the_range_are_refused(name: str, options: dict, count: int, high: int):
    rs = ruleset(name, **options)
    with pytest.raises(OptionError) as info:
        Match(rs, players(count), seed=1)
    err = info.value
    assert err.params == {"ruleset": name, "low": 3, "high": high, "players": count}
    assert str(err) == f"{name} is for 3 to {high} players, not {count}."


@pytest.mark.parametrize(("name", "options", "count"), [
    ("commerce", {}, 3), ("commerce", {}, 12),
    ("handeln", {}, 3), ("handeln", {}, 9),
    ("braillespiel", {}, 3), ("braillespiel", {}, 9), ("braillespiel", {}, 12),
    ("braillespiel", {"deck": 32}, 9), ("braillespiel", {"deck": 52}, 3),
    ("thirty-one", {}, 12), ("trentuno", {}, 12),
])
def test_player_counts_inside_the_range_start_a_match(name: str, options: dict, count: int):
    match = Match(ruleset(name, **options), players(count), seed=1)
    deck = ruleset(name, **options).deck(count)
    dealt = sum(len(h) for h in match.hands) + len(match.widow) + len(match.stock)
    assert dealt == len(deck)


def test_braillespiel_deck_is_fixed_by_the_count_at_the_start():
    """Braillespiel header: the deck is chosen when the match starts (32 below 9 players)."""
    m8 = Match(ruleset("braillespiel"), players(8), seed=3)
    assert {c.rank for h in m8.hands for c in h} | {c.rank for c in m8.widow + m8.stock} == set(range(7, 15))
    m9 = Match(ruleset("braillespiel"), players(9), seed=3)
    assert len(m9.stock) + len(m9.widow) + 27 == 52


def test_parse_assignments_from_the_command_line():
    assert parse_assignments(["chips=5", " ace-low = yes "]) == {"chips": "5", "ace_low": "yes"}
    assert ruleset("commerce", **parse_assignments(["chips=5", "ace-low=yes"])).options["ace_low"] is True
    for bad in (["chips"], ["=5"]):
        with pytest.raises(OptionError) as info:
            parse_assignments(bad)
        assert info.value.params == {"text": bad[0]}
        assert "KEY=VALUE" in str(info.value)
