"""``hint``, ``whatif`` and ``explain`` agree with the engine and use only what the player may know."""

from __future__ import annotations

import copy
import random

import pytest
from engine_helpers import lay, new_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commerce_a11y.bots.knowledge import Knowledge
from commerce_a11y.bots.scoring import after_swap
from commerce_a11y.cards import parse_cards
from commerce_a11y.console.advice import explain_lines, hint_action, hint_lines, whatif_line, whatif_value
from commerce_a11y.console.parser import swap_from_tokens
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.values import name_words, value_words
from commerce_a11y.rules import Match, Pass, Player, Swap, ruleset

CONFIGS = [
    ("commerce", {}, 4),
    ("commerce", {"swaps_per_turn": 3, "pounce": True, "chips": 1}, 5),
    ("commerce", {"extended": True, "ace_low": True}, 8),
    ("braillespiel", {"marks": 2}, 5),
    ("braillespiel", {"krikelkrakel": True, "deck": 52}, 12),
    ("handeln", {"limit": 2}, 4),
    ("thirty-one", {"chips": 2}, 5),
    ("trentuno", {}, 3),
]
EVERY_CONFIG = pytest.mark.parametrize("config", CONFIGS, ids=[f"{n}-{p}" for n, _, p in CONFIGS])
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True)
def english() -> None:
    use_language("en")


def narrator_for(match: Match, seat: int) -> Narrator:
    return Narrator(match.rules, [p.name for p in match.players], seat)


def advanced(config: tuple[str, dict, int], seed: int, choices: list[int]) -> Match:
    """A match moved on by random legal actions (indices drawn into the legal list)."""
    name, options, players = config
    match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(players)], seed=seed)
    for pick in choices:
        if match.over:
            break
        legal = match.legal_actions()
        match.apply(match.to_act, legal[pick % len(legal)])
    return match


def same_swap(a: Swap, b: object) -> bool:
    return isinstance(b, Swap) and (set(a.gave), set(a.took)) == (set(b.gave), set(b.took))


@EVERY_CONFIG
@FEW
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 400), max_size=40))
def test_a_hint_is_always_a_legal_action_and_two_sentences(config, seed: int, choices: list[int]) -> None:
    match = advanced(config, seed, choices)
    if match.over:
        return
    seat = match.to_act
    view = match.view(seat)
    action = hint_action(view)
    legal = match.legal_actions()
    assert action in legal or (isinstance(action, Swap) and any(same_swap(action, a) for a in legal))
    lines = hint_lines(view, narrator_for(match, seat))
    assert len(lines) == 2 and all(line.endswith(".") for line in lines)
    before = [e.to_record() for e in match.events]
    match.apply(seat, action)  # the engine accepts it
    assert [e.to_record() for e in match.events][: len(before)] == before


def reshuffle_hidden(match: Match, seat: int, rng: random.Random) -> Match:
    """The same position for ``seat`` with every card it cannot know dealt differently among the others."""
    other = copy.deepcopy(match, {id(match.rules): match.rules})
    known = Knowledge(match.view(seat)).known
    slots: list[tuple[int, int]] = []
    pool = list(other.stock)
    for s in other.order:
        if s == seat:
            continue
        for i, card in enumerate(other.hands[s]):
            if card not in known[s]:
                slots.append((s, i))
                pool.append(card)
    rng.shuffle(pool)
    for s, i in slots:
        other.hands[s][i] = pool.pop()
    other.stock = pool
    return other


@pytest.mark.parametrize("config", [CONFIGS[0], CONFIGS[3], CONFIGS[5], CONFIGS[6]], ids=lambda c: c[0])
@FEW
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 400), max_size=25), shuffle=st.integers())
def test_a_hint_never_depends_on_hidden_cards(config, seed: int, choices: list[int], shuffle: int) -> None:
    match = advanced(config, seed, choices)
    if match.over:
        return
    seat = match.to_act
    other = reshuffle_hidden(match, seat, random.Random(shuffle))
    assert sorted([*(c for h in other.hands for c in h), *other.stock]) == sorted(
        [*(c for h in match.hands for c in h), *match.stock])
    narrator = narrator_for(match, seat)
    assert hint_lines(other.view(seat), narrator) == hint_lines(match.view(seat), narrator)


def test_the_same_position_gives_the_same_hint() -> None:
    match = advanced(CONFIGS[0], 11, [3, 1, 4])
    view = match.view(match.to_act)
    narrator = narrator_for(match, match.to_act)
    assert hint_lines(view, narrator) == hint_lines(match.view(match.to_act), narrator)


@EVERY_CONFIG
@FEW
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 400), max_size=30), pick=st.integers(0, 10**6))
def test_whatif_names_the_value_the_hand_has_after_that_swap(config, seed: int, choices: list[int],
                                                             pick: int) -> None:
    match = advanced(config, seed, choices)
    if match.over:
        return
    seat = match.to_act
    swaps = [a for a in match.legal_actions() if isinstance(a, Swap)]
    if not swaps:
        return
    swap = swaps[pick % len(swaps)]
    view = match.view(seat)
    typed = " ".join(f"{view.hand.index(g) + 1}{view.skat.index(t) + 1}" for g, t in zip(swap.gave, swap.took,
                                                                                       strict=True))
    assert same_swap(swap, swap_from_tokens(typed.split(), view))
    line = whatif_line(view, narrator_for(match, seat), typed.split())
    predicted = whatif_value(view, swap)
    events = match.apply(seat, swap)
    showdown = next((e for e in events if e.kind == "showdown"), None)  # a last swap may end the hand
    hand = list(showdown["hands"][seat]) if showdown else match.hands[seat]
    assert sorted(hand) == sorted(after_swap(view.hand, swap))
    assert predicted == match.rules.hand_value(hand)
    assert f": {name_words(match.rules.name_hand(hand))}. Now: " in line


@pytest.mark.parametrize("typed", [["14"], ["9"], ["qs", "hq"], ["ac"], []])
def test_whatif_answers_an_impossible_swap_in_one_sentence_and_changes_nothing(typed: list[str]) -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C 8D 2S", "3C 4D 5S", "9C 10D JS"], "QH KH AH")
    seat = match.to_act
    before = copy.deepcopy(match.hands), list(match.skat)
    line = whatif_line(match.view(seat), narrator_for(match, seat), typed)
    assert line.count(".") == 1 and line.endswith(".")
    assert (match.hands, match.skat) == before


def test_whatif_in_words() -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C QD 2H", "3C 4D 5S", "9C 10D JS"], "QH KH AH")
    seat = match.to_act
    line = whatif_line(match.view(seat), narrator_for(match, seat), ["c7", "kh"])
    assert line == ("If you swap seven of clubs for king of hearts: Point, 22. Now: Point, 19.")


def showdown_of(name: str, hands: list[str], skat: str, **options: object) -> tuple[Match, list]:
    """Lay hands (eldest first, seat 0 the player among them) and pass until the showdown."""
    match = new_match(name, len(hands), seed=4, **options)
    lay(match, hands, skat)
    start = len(match.events)
    while not any(e.kind == "showdown" for e in match.events[start:]):
        legal = match.legal_actions()
        match.apply(match.to_act, Pass() if Pass() in legal else legal[-1])
    return match, [e.visible_to(0) for e in match.events]


def holders(seen: list) -> dict[str, int]:
    """Who showed which value, from the showdown event."""
    showdown = next(e for e in reversed(seen) if e.kind == "showdown")
    return {text: seat for seat, text in showdown["values"].items()}


def test_explain_names_the_loser_and_the_hand_just_above_with_the_deciding_cards() -> None:
    match, seen = showdown_of("commerce", ["9C 9H KS", "7S 7D 2C", "AC 4H 6D"], "2H 3S 5C")
    held = holders(seen)
    seat = held["pair 9 K"]  # the player watches the two others decide it
    narrator = Narrator(match.rules, [p.name for p in match.players], seat)
    lines = explain_lines(match.view(seat), narrator, [e.visible_to(seat) for e in match.events], 0)
    winner, loser = match.players[held["pair 7 2"]].name, match.players[held["point 21"]].name
    assert lines == [f"{winner} beats {loser}: Pair of sevens, two odd card against Point, 21."]


@pytest.mark.parametrize(("mine", "expected"), [
    ("pair 7 2", "You beat {point}: Pair of sevens, two odd card against Point, 21."),
    ("point 21", "{pair} beats you: Pair of sevens, two odd card against Point, 21."),
])
def test_explain_tells_the_player_who_beat_whom(mine: str, expected: str) -> None:
    match, seen = showdown_of("commerce", ["9C 9H KS", "7S 7D 2C", "AC 4H 6D"], "2H 3S 5C")
    held = holders(seen)
    seat = held[mine]
    narrator = Narrator(match.rules, [p.name for p in match.players], seat)
    lines = explain_lines(match.view(seat), narrator, [e.visible_to(seat) for e in match.events], 0)
    assert lines == [expected.format(point=match.players[held["point 21"]].name,
                                     pair=match.players[held["pair 7 2"]].name)]


def test_explain_names_the_pot_winner_in_braillespiel() -> None:
    match, seen = showdown_of("braillespiel", ["9C 9H 9D", "7S 8S 9S", "AC 4H 6D"], "2H 3S 5C", deck=52)
    held = holders(seen)
    seat, winner, second = held["high A 6 4"], held["kunststueck 9"], held["sequence 9 S"]
    narrator = Narrator(match.rules, [p.name for p in match.players], seat)
    lines = explain_lines(match.view(seat), narrator, [e.visible_to(seat) for e in match.events], 0)
    assert lines == [f"{match.players[winner].name} beats {match.players[second].name}: Kunststück of nines "
                     "against Sequence, nine high, in spades."]


def test_explain_reads_an_opponents_swap_from_what_the_player_saw() -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C 8D 2S", "9H 4D 5S", "9C 10D JS"], "9D KH AH")
    first, me = match.order[0], match.order[1]
    match.apply(first, Swap((match.hands[first][1],), (match.skat[0],)))  # takes 9D, keeps 7C... lays 8D
    narrator = Narrator(match.rules, [p.name for p in match.players], me)
    seen = [e.visible_to(me) for e in match.events]
    lines = explain_lines(match.view(me), narrator, seen, len(seen))
    name = match.players[first].name
    assert lines[0] == f"{name} took nine of diamonds and laid eight of diamonds."
    assert lines[1].startswith(name)


def test_explain_with_a_name_reads_that_players_last_move() -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C 8D 2S", "9H 4D 5S", "9C 10D JS"], "9D KH AH")
    first, second, me = match.order
    match.apply(first, Pass())
    match.apply(second, Swap((match.hands[second][0],), (match.skat[0],)))
    narrator = Narrator(match.rules, [p.name for p in match.players], me)
    seen = [e.visible_to(me) for e in match.events]
    view = match.view(me)
    name = match.players[first].name
    assert explain_lines(view, narrator, seen, len(seen), name.lower()) == [
        f"{name} passed: the hand is good enough for them, or the widow had nothing they wanted."]
    lines = explain_lines(view, narrator, seen, len(seen), match.players[second].name)
    assert lines[0] == f"{match.players[second].name} took nine of diamonds and laid nine of hearts."
    assert lines[1] == f"{match.players[second].name} gave up a card that did not fit the rest of their hand."
    assert explain_lines(view, narrator, seen, len(seen), "Zed")[0].startswith("Name a player: ")


def test_explain_before_anything_happened() -> None:
    match = new_match("commerce", 3, seed=2)
    seat = match.to_act
    narrator = narrator_for(match, seat)
    seen = [e.visible_to(seat) for e in match.events]
    assert explain_lines(match.view(seat), narrator, seen, len(seen)) == [
        "Nothing to explain yet: no one else has moved this hand."]


@pytest.mark.parametrize(("name", "hand", "options", "words"), [
    ("commerce", "KH QH JH", {}, "Sequence, king high, in hearts"),
    ("commerce", "KH 7S QD", {}, "Point, 27"),
    ("commerce", "9C AH 9S", {}, "Pair of nines, ace odd card"),
    ("commerce", "9C 7C 2C", {}, "Flush in clubs: nine, seven, two"),
    ("commerce", "AC 2C 3C", {"ace_low": True}, "Sequence, three high, in clubs"),
    ("commerce", "9C 7D 2C", {"extended": True}, "No combination"),
    ("braillespiel", "AH KH 2H", {}, "23 points, all in hearts"),
    ("braillespiel", "AH KH 2S", {}, "21 points"),
    ("braillespiel", "AH 8D 7S", {"deck": 52}, "No points, high cards ace, eight, seven"),
    ("braillespiel", "QH QD QS", {}, "Kunststück of queens"),
    ("handeln", "AH KD 7S", {}, "11 points, highest card only"),
    ("thirty-one", "5H 5D 5S", {}, "Tricon of fives, 30.5 points"),
    ("trentuno", "KH QH 2S", {}, "22 points"),
    ("trentuno", "KH QH AS", {}, "31, the best total"),
    ("trentuno", "KH QH JS", {}, "30 points"),
])
def test_values_are_named_precisely_and_briefly(name: str, hand: str, options: dict, words: str) -> None:
    assert value_words(ruleset(name, **options), parse_cards(hand)) == words
