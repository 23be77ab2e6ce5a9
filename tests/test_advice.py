"""``hint``, ``whatif`` and ``explain`` agree with the engine and use only what the player may know."""

from __future__ import annotations

import copy
import random

import advice_checks
import pytest
from engine_helpers import lay, new_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commerce_a11y.bots.knowledge import Knowledge
from commerce_a11y.bots.scoring import after_swap
from commerce_a11y.cards import parse_cards
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.values import value_words
from commerce_a11y.rules import Keep, Knock, Match, Pass, Phase, Player, Pounce, Showdown, Swap, ruleset
from commerce_a11y.seat.advice import hand_after, hint_action, hint_lines, whatif_lines, whatif_value
from commerce_a11y.seat.explain import explain_lines, showdown_lines
from commerce_a11y.seat.parser import Invalid, parse, swap_from_tokens

CONFIGS = [
    ("commerce", {}, 4),
    ("commerce", {"swaps_per_turn": 3, "pounce": True, "chips": 1}, 5),
    ("commerce", {"extended": True, "ace_low": True}, 8),
    ("braillespiel", {"marks": 2}, 5),
    ("braillespiel", {"krikelkrakel": True, "deck": 52}, 12),
    ("handeln", {"limit": 2}, 4),
    ("thirty-one", {"chips": 2}, 5),
    ("trentuno", {}, 3),
    ("schwimmen", {}, 3),
    ("schwimmen", {"chips": 1}, 5),
    ("tauschen", {}, 4),
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
def test_a_hint_is_always_a_legal_action_in_short_lines(config, seed: int, choices: list[int]) -> None:
    match = advanced(config, seed, choices)
    if match.over:
        return
    seat = match.to_act
    view = match.view(seat)
    action = hint_action(view)
    legal = match.legal_actions()
    assert action in legal or (isinstance(action, Swap) and any(same_swap(action, a) for a in legal))
    lines = hint_lines(view, narrator_for(match, seat))
    assert len(lines) >= 2 and all(line.endswith(".") for line in lines)
    assert_short_lines(lines)
    before = [e.to_record() for e in match.events]
    match.apply(seat, action)  # the engine accepts it
    assert [e.to_record() for e in match.events][: len(before)] == before


def assert_short_lines(lines: list[str]) -> None:
    """Issue 25, items 5 and 7: one sentence a line, without semicolons or parentheses (a screen reader reads them
    aloud). A colon comes only after the hint's first word, or inside a hand's value ("Flush in hearts: queen,
    jack, four", the narration's words)."""
    for line in lines:
        assert not set(";()") & set(line), line
        assert line.count(". ") == 0, line


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
    typed = " ".join(f"{view.hand.index(g) + 1}{view.widow.index(t) + 1}" for g, t in zip(swap.gave, swap.took,
                                                                                       strict=True))
    assert same_swap(swap, swap_from_tokens(typed.split(), view))
    line = whatif_lines(view, narrator_for(match, seat), typed.split())
    predicted = whatif_value(view, swap)
    events = match.apply(seat, swap)
    showdown = next((e for e in events if isinstance(e, Showdown)), None)  # a last swap may end the hand
    hand = list(showdown.hands[seat]) if showdown else match.hands[seat]
    assert sorted(hand) == sorted(after_swap(view.hand, swap))
    assert predicted == match.rules.hand_value(hand)
    assert line[0].endswith(f" makes {value_words(match.rules, hand)}.") and line[1].startswith("Now you hold ")
    assert_short_lines(line)


@pytest.mark.parametrize("typed", [["14"], ["9"], ["qs", "hq"], ["ac"], []])
def test_whatif_answers_an_impossible_swap_in_one_sentence_and_changes_nothing(typed: list[str]) -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C 8D 2S", "3C 4D 5S", "9C 10D JS"], "QH KH AH")
    seat = match.to_act
    before = copy.deepcopy(match.hands), list(match.widow)
    lines = whatif_lines(match.view(seat), narrator_for(match, seat), typed)
    assert len(lines) == 1 and lines[0].count(".") == 1 and lines[0].endswith(".")
    assert (match.hands, match.widow) == before


def test_whatif_in_words() -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C QD 2H", "3C 4D 5S", "9C 10D JS"], "QH KH AH")
    seat = match.to_act
    lines = whatif_lines(match.view(seat), narrator_for(match, seat), ["c7", "kh"])
    assert lines == ["Swapping seven of clubs for king of hearts makes point, 22.", "Now you hold point, 19."]


def showdown_of(name: str, hands: list[str], widow: str, **options: object) -> tuple[Match, list]:
    """Lay hands (eldest first, seat 0 the player among them) and pass until the showdown."""
    match = new_match(name, len(hands), seed=4, **options)
    lay(match, hands, widow)
    start = len(match.events)
    while not any(isinstance(e, Showdown) for e in match.events[start:]):
        legal = match.legal_actions()
        match.apply(match.to_act, Pass() if Pass() in legal else legal[-1])
    return match, [e.visible_to(0) for e in match.events]


def holders(seen: list) -> dict[str, int]:
    """Who showed which value, from the showdown event."""
    showdown = next(e for e in reversed(seen) if isinstance(e, Showdown))
    return {text: seat for seat, text in showdown.values.items()}


def test_explain_names_the_loser_and_the_hand_just_above_with_the_deciding_cards() -> None:
    match, seen = showdown_of("commerce", ["9C 9H KS", "7S 7D 2C", "AC 4H 6D"], "2H 3S 5C")
    held = holders(seen)
    seat = held["pair 9 K"]  # the player watches the two others decide it
    narrator = Narrator(match.rules, [p.name for p in match.players], seat)
    lines = explain_lines(match.view(seat), narrator, [e.visible_to(seat) for e in match.events])
    winner, loser = match.players[held["pair 7 2"]].name, match.players[held["point 21"]].name
    assert lines == [f"{winner} beats {loser}: pair of sevens, odd card two against point, 21."]


@pytest.mark.parametrize(("mine", "expected"), [
    ("pair 7 2", "You beat {point}: pair of sevens, odd card two against point, 21."),
    ("point 21", "{pair} beats you: pair of sevens, odd card two against point, 21."),
])
def test_explain_tells_the_player_who_beat_whom(mine: str, expected: str) -> None:
    match, seen = showdown_of("commerce", ["9C 9H KS", "7S 7D 2C", "AC 4H 6D"], "2H 3S 5C")
    held = holders(seen)
    seat = held[mine]
    narrator = Narrator(match.rules, [p.name for p in match.players], seat)
    lines = explain_lines(match.view(seat), narrator, [e.visible_to(seat) for e in match.events])
    assert lines == [expected.format(point=match.players[held["point 21"]].name,
                                     pair=match.players[held["pair 7 2"]].name)]


def test_explain_names_the_pot_winner_in_braillespiel() -> None:
    match, seen = showdown_of("braillespiel", ["9C 9H 9D", "7S 8S 9S", "AC 4H 6D"], "2H 3S 5C", deck=52)
    held = holders(seen)
    seat, winner, second = held["high A 6 4"], held["kunststueck 9"], held["sequence 9 S"]
    narrator = Narrator(match.rules, [p.name for p in match.players], seat)
    lines = explain_lines(match.view(seat), narrator, [e.visible_to(seat) for e in match.events])
    assert lines == [f"{match.players[winner].name} beats {match.players[second].name}: tricon of nines "
                     "against sequence, nine high, in spades."]


def test_explain_reads_an_opponents_swap_from_what_the_player_saw() -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C 8D 2S", "9H 4D 5S", "9C 10D JS"], "9D KH AH")
    first, me = match.order[0], match.order[1]
    match.apply(first, Swap((match.hands[first][1],), (match.widow[0],)))  # takes 9D, keeps 7C... lays 8D
    narrator = Narrator(match.rules, [p.name for p in match.players], me)
    seen = [e.visible_to(me) for e in match.events]
    lines = explain_lines(match.view(me), narrator, seen)
    name = match.players[first].name
    assert lines[0] == f"{name} took nine of diamonds and laid eight of diamonds."
    assert lines[1].startswith(name)


def test_explain_with_a_name_reads_that_players_last_move() -> None:
    match = new_match("commerce", 3, seed=2)
    lay(match, ["7C 8D 2S", "9H 4D 5S", "9C 10D JS"], "9D KH AH")
    first, second, me = match.order
    match.apply(first, Pass())
    match.apply(second, Swap((match.hands[second][0],), (match.widow[0],)))
    narrator = Narrator(match.rules, [p.name for p in match.players], me)
    seen = [e.visible_to(me) for e in match.events]
    view = match.view(me)
    name = match.players[first].name
    assert explain_lines(view, narrator, seen, name.lower()) == [
        f"{name} passed: their cards are good enough, or the widow had nothing they wanted."]
    lines = explain_lines(view, narrator, seen, match.players[second].name)
    assert lines[0] == f"{match.players[second].name} took nine of diamonds and laid nine of hearts."
    assert lines[1] == f"{match.players[second].name} gave up a card that did not fit their other cards."
    assert explain_lines(view, narrator, seen, "Zed")[0].startswith("Name a player: ")


def test_explain_before_anything_happened() -> None:
    match = new_match("commerce", 3, seed=2)
    seat = match.to_act
    narrator = narrator_for(match, seat)
    seen = [e.visible_to(seat) for e in match.events]
    assert explain_lines(match.view(seat), narrator, seen) == [
        "Nothing to explain yet: no one else has moved this hand."]


@pytest.mark.parametrize(("name", "hand", "options", "words"), [
    ("commerce", "KH QH JH", {}, "sequence, king high, in hearts"),
    ("commerce", "KH 7S QD", {}, "point, 27"),
    ("commerce", "9C AH 9S", {}, "pair of nines, odd card ace"),
    ("commerce", "9C 7C 2C", {}, "flush in clubs, nine, seven, two"),
    ("commerce", "AC 2C 3C", {"ace_low": True}, "sequence, three high, in clubs"),
    ("commerce", "9C 7D 2C", {"extended": True}, "no combination"),
    ("braillespiel", "AH KH 2H", {}, "23 points, all in hearts"),
    ("braillespiel", "AH KH 2S", {}, "21 points"),
    ("braillespiel", "AH 8D 7S", {"deck": 52}, "no points, high cards ace, eight, seven"),
    ("braillespiel", "QH QD QS", {}, "tricon of queens"),
    ("handeln", "AH KD 7S", {}, "11 points, highest card only"),
    ("thirty-one", "5H 5D 5S", {}, "tricon of fives, 30.5 points"),
    ("trentuno", "KH QH 2S", {}, "22 points"),
    ("trentuno", "KH QH AS", {}, "31, the best total"),
    ("trentuno", "KH QH JS", {}, "30 points"),
])
def test_values_are_named_precisely_and_briefly(name: str, hand: str, options: dict, words: str) -> None:
    assert value_words(ruleset(name, **options), parse_cards(hand)) == words


# ----- advice that is always right (issue 15) -----


@pytest.mark.parametrize("config", advice_checks.CONFIGS, ids=advice_checks.config_id)
def test_a_last_turn_hint_never_leaves_the_hand_worse_than_passing(config) -> None:
    """C5, C18, H3, T2 and B3: after a knock or a call (also in the later swaps of a C3 turn), and for the last
    player still swapping in braillespiel, no later swap comes: the hint keeps at least the value passing keeps,
    and never promises a next swap."""
    found = advice_checks.Findings()
    for seed in (0, 1):
        advice_checks.last_turn_hints(config, seed, 4, 3, found)
    assert found.checked and not found.problems


@pytest.mark.parametrize("config", advice_checks.CONFIGS, ids=advice_checks.config_id)
def test_following_the_hints_while_the_others_pass_ends_the_swapping(config) -> None:
    """Issue 15: as the last player still swapping (B3, or while everyone else passes), the hint sent a player back
    and forth eleven times in a row. Now it passes within a few turns: each swap that does not raise the hand's
    value takes a card the others left, and none takes back what the player laid."""
    found = advice_checks.Findings()
    for seed in (0, 3):
        advice_checks.follow_hints_alone(config, seed, 4, 4, found)
    assert not found.problems


def test_whatif_and_the_hint_work_with_a_four_card_hand() -> None:
    """C17: after a pounce the hand holds four cards and still swaps one for one; ``whatif`` refused it."""
    match = Match(ruleset("commerce", pounce=True), [Player(f"P{i}") for i in range(3)], seed=5112)
    me = match.to_act
    assert sorted(c.code for c in match.hands[me]) == ["6C", "6D", "6S"] and parse_cards("6H")[0] in match.widow
    match.apply(me, Pounce())
    match.apply(match.to_act, Pass())
    match.apply(match.to_act, Pass())
    view = match.view(me)
    narrator = narrator_for(match, me)
    assert len(view.hand) == 4 and any(isinstance(a, Swap) for a in view.legal)
    assert whatif_lines(view, narrator, ["41"]) == [
        "Swapping six of hearts for eight of hearts makes tricon of sixes.", "Now you hold four sixes."]
    assert whatif_lines(view, narrator, ["51"]) == ["Choose your card from 1 to 4 and the widow card from 1 to 3."]
    assert same_swap(Swap(parse_cards("6H"), parse_cards("8H")), swap_from_tokens(["41"], view))
    lines = hint_lines(view, narrator)
    assert len(lines) >= 2 and hint_action(view) in view.legal


def play_to_showdown(match: Match) -> None:
    """Everyone passes until the hand's showdown (C6)."""
    hand = match.hand_no
    while match.hand_no == hand:
        match.apply(match.to_act, Pass())


def test_explain_tells_the_latest_opponent_move_not_the_last_showdown() -> None:
    """Issue 15: explain preferred a showdown that came since the player's last turn, even when opponents had
    moved after it. The newest of the two wins."""
    match = new_match("commerce", 3, seed=2)
    play_to_showdown(match)
    first, me = match.order[0], match.order[1]
    match.apply(first, Swap((match.hands[first][0],), (match.widow[0],)))
    narrator = narrator_for(match, me)
    seen = [e.visible_to(me) for e in match.events]
    assert explain_lines(match.view(me), narrator, seen)[0].startswith(f"{match.players[first].name} took ")


def test_explain_tells_the_last_showdown_when_nothing_came_after_it() -> None:
    match = new_match("commerce", 3, seed=2)
    play_to_showdown(match)
    me = match.order[0]  # eldest: nobody has moved in the new hand
    seen = [e.visible_to(me) for e in match.events]
    showdown = next(e for e in reversed(seen) if isinstance(e, Showdown))
    narrator = narrator_for(match, me)
    assert explain_lines(match.view(me), narrator, seen) == showdown_lines(match.view(me), narrator, showdown)


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "11 12", "Your card 1 is named twice."),
    ("en", "11 21", "Widow card 1 is named twice."),
    ("en", "7c 7c 8s 9s", "seven of clubs is named twice."),
    ("en", "seven of clubs seven of clubs 8s 9s", "seven of clubs is named twice."),
    ("en", "7c jc 8s 8s", "eight of spades is named twice."),
    ("de", "11 12", "Deine Karte 1 ist doppelt genannt."),
    ("de", "12 32", "Skatkarte 2 ist doppelt genannt."),
    ("de", "kr7 krb pi8 pi8", "Pik 8 ist doppelt genannt."),
    ("nl", "kl7 kl7 sc8 sc9", "klaverenzeven is twee keer genoemd."),
    ("nl", "11 12", "Je kaart 1 is twee keer genoemd."),
    ("nl", "13 23", "Widowkaart 3 is twee keer genoemd."),
])
def test_a_card_named_twice_is_refused_for_what_it_is(lang: str, typed: str, said: str) -> None:
    """Issue 15: "11 12" was refused by blaming a card the player does hold, "11 21" a card in the widow."""
    use_language(lang)
    match = new_match("braillespiel", 3, seed=2)
    lay(match, ["7C JC 9H", "10C 10D 10H", "QC QD QH"], "8S 9S 10S")
    seat = match.to_act
    view = match.view(seat)
    parsed = parse(typed, view)
    assert isinstance(parsed, Invalid) and parsed.message == said
    assert whatif_lines(view, narrator_for(match, seat), typed.split()) == [said]


def opponent_swaps(name: str, options: dict, hands: list[str], widow: str, swaps: list[tuple[str, str]]) -> list[str]:
    """The eldest makes the given swaps on its turns (the others pass); what explain then says to the next player,
    with the eldest's name as "Eve"."""
    match = new_match(name, 3, seed=2, **options)
    lay(match, hands, widow)
    if match.phase is Phase.EXCHANGE:
        match.apply(match.dealer, Keep())  # H1: the dealer keeps the hand
    first, me, last = match.order
    for gave, took in swaps:
        match.apply(first, Swap(parse_cards(gave), parse_cards(took)))
        if match.to_act == me and (gave, took) != swaps[-1]:
            match.apply(me, Pass())
            match.apply(last, Pass())
    names = [p.name for p in match.players]
    names[first] = "Eve"
    seen = [e.visible_to(me) for e in match.events]
    return explain_lines(match.view(me), Narrator(match.rules, names, me), seen)


SUIT_HANDS = (["7C 2D 3S", "4C 5D 6S", "JC QD AS"], "KH QH 2H")
"""The eldest takes the king and then the queen of hearts: two known cards of one suit."""
RUN_HANDS = (["7C 8D 9S", "10C JD QS", "KC AD 7S"], "JH 10S 8H")
"""The eldest takes the jack of hearts and then the ten of spades: two known cards close in rank."""


@pytest.mark.parametrize(("name", "options", "hope"), [
    ("commerce", {}, "Perhaps for a Flush or a Sequence."),
    ("commerce", {"extended": True}, "Perhaps for a Flush or a Sequence."),
    ("braillespiel", {"deck": 52}, "Perhaps for a Sequence or points in that suit."),
    ("thirty-one", {}, "Perhaps for points in that suit."),
    ("handeln", {}, "Perhaps for points in that suit."),
])
def test_explain_names_only_the_rulesets_own_kinds_of_hand(name: str, options: dict, hope: str) -> None:
    """Issue 15: braillespiel's explain spoke of a flush, which that ruleset does not have (nor do thirty-one and
    handeln, which count points in a suit)."""
    hands, widow = SUIT_HANDS if name != "handeln" else (["7C 8D 9S", "10C JD QS", "KC AD 7S"], "KH QH 9H")
    lines = opponent_swaps(name, options, hands, widow, [(hands[0][:2], "KH"), (hands[0][3:5], "QH")])
    assert lines[1:] == ["Eve now holds at least 2 cards of one suit: king of hearts, queen of hearts.", hope]
    assert_short_lines(lines)


def test_explain_in_trentuno_where_suits_do_not_count() -> None:
    """R2: two cards of one suit say nothing; more points bring the total closer to 31."""
    lines = opponent_swaps("trentuno", {}, *SUIT_HANDS, [("7C", "KH"), ("2D", "QH")])
    assert lines[1] == "Eve gave a lower card for a higher one: a total closer to 31."


def test_explain_in_extended_commerce_where_points_count_for_nothing() -> None:
    """C18: only Tricon, Sequence and Flush count, so a higher card is not "more points"."""
    assert opponent_swaps("commerce", {}, *SUIT_HANDS, [("7C", "KH")])[1] == (
        "Eve gave a lower card for a higher one: more points, or a start on a suit.")
    assert opponent_swaps("commerce", {"extended": True}, *SUIT_HANDS, [("7C", "KH")])[1] == (
        "Eve gave up a card that did not fit their other cards.")


def test_explain_names_a_krikelkrakel_only_where_it_is_played() -> None:
    """B9: three ranks in a row in three suits count only with the option."""
    swaps = [("7C", "JH"), ("8D", "10S")]
    assert opponent_swaps("braillespiel", {"krikelkrakel": True}, *RUN_HANDS, swaps)[1] == (
        "Eve now holds ten of spades, jack of hearts, close in rank: perhaps for a Krikelkrakel.")
    assert "Krikelkrakel" not in opponent_swaps("braillespiel", {}, *RUN_HANDS, swaps)[1]


def test_the_reasons_speak_of_no_later_swap_and_no_waiting_where_there_is_none(monkeypatch) -> None:
    """The second sentence of a hint fits the turn: in the last round a swap that keeps the value is for the others'
    last turns and a pass is no waiting; a pass that completes the stalemate (C6) ends the hand."""
    import commerce_a11y.seat.advice as advice

    def hint_for(match: Match, action) -> list[str]:
        monkeypatch.setattr(advice, "hint_action", lambda view: action)
        lines = hint_lines(match.view(match.to_act), narrator_for(match, match.to_act))
        return lines[1:] if lines[0] == "Hint: pass." else lines[2:]

    match = new_match("thirty-one", 3, seed=2)
    lay(match, ["2C 3D 4S", "9H 5C 2D", "JC QD KS"], "7C 8D 10S")
    match.apply(match.to_act, Knock())
    assert hint_for(match, Swap(parse_cards("5C"), parse_cards("7C"))) == [
        "It keeps 9 points.", "It takes seven of clubs from the players after you."]
    assert hint_for(match, Pass()) == ["You hold 9 points.", "It beats 10 of 100 hands.",
                                       "On average a swap helps the others more."]
    match = new_match("thirty-one", 3, seed=2)
    lay(match, ["2C 3D 4S", "9H 5C 2D", "JC QD KS"], "7C 8D 10S")
    for _ in range(5):
        match.apply(match.to_act, Pass())
    assert hint_for(match, Pass())[-1] == "On average passing now loses least."


def test_a_knock_hint_with_a_hand_likely_to_end_lowest_says_why_waiting_is_worse() -> None:
    """Trade and Barter (X2): the hint knocked with "the chance it ends lowest is about 88 in 100" and nothing
    more, which reads as wrong advice. Where the chance is above the one the heuristic level knocks at, the reason
    says that waiting helps the others more (what the search found); below it, the chance alone."""
    from commerce_a11y.bots import make_bot
    from commerce_a11y.bots.heuristic import HeuristicBot

    explained = plain = 0
    for seed in range(1, 6):
        match = Match(ruleset("tauschen"), [Player(f"P{i}") for i in range(4)], seed=seed)
        bots = [make_bot("basic", seed * 10 + s) for s in range(4)]
        while not match.over and match.hand_no <= 6:
            seat = match.to_act
            view = match.view(seat)
            if seat == 0 and view.phase is Phase.TURN and Knock() in view.legal:
                what, *why_lines = hint_lines(view, narrator_for(match, 0))
                why = " ".join(why_lines)
                if what == "Hint: knock.":
                    risk = int(why.split("about ")[1].split(" times in 100")[0])
                    limit = 100 * HeuristicBot(0).risk_limit(view)
                    if abs(risk - limit) >= 1:  # the said chance is rounded: at the limit it cannot tell
                        likely = risk > limit
                        assert ("But waiting helps the others more." in why) == likely, why
                        explained += likely
                        plain += not likely
            match.apply(seat, bots[seat].choose(view))
    assert explained and plain


def test_swapping_all_three_for_a_weaker_hand_is_explained_as_a_swap_that_is_no_better_yet() -> None:
    """S3: swapping all three is a swap of every card. The search may lay a good hand in the widow to take it back
    later; its reason said "It makes 15 points, better than 5 in 100 hands", which reads as wrong advice."""
    from commerce_a11y.rules import ExchangeAll
    from commerce_a11y.seat.advice import _why

    match = new_match("schwimmen", 3, 1)
    lay(match, ["AC KC 9C", "7D 8S 9S", "7S 8C 9D"], "7H 8H 10D")
    match.apply(match.to_act, Keep())  # the dealer keeps the hand: the eldest's first turn
    seat = match.order[0]
    why = _why(match.view(seat), narrator_for(match, seat), ExchangeAll())
    assert why == ["It gives 15 points, no better yet.", "It can improve on the next swap."]
    lay(match, ["7H 8H 10D", "7D 8S 9S", "7S 8C 9D"], "AC KC 9C")
    why = _why(match.view(seat), narrator_for(match, seat), ExchangeAll())
    assert why[0] == "It makes 30 points." and why[1].startswith("It beats ")


# ----- every hint right (issue 25, item 3) -----


def played_as_at_the_terminal(name: str, seed: int, mine: list[Swap | None]) -> Match:
    """The match ``commerce play --rules NAME --seed SEED`` plays: three heuristic computer players, seeded per
    decision as at the terminal; seat 0 makes the given moves on its turns (None: stop there, at its decision)."""
    from commerce_a11y.bots.seeding import PositionSeeded
    from commerce_a11y.rules import PlayerKind

    players = [Player("You", PlayerKind.human()), *(Player(n, PlayerKind.bot("heuristic")) for n in NAMES)]
    match = Match(ruleset(name), players, seed)
    bots = {s: PositionSeeded("heuristic", match.chance, s) for s in (1, 2, 3)}
    moves = list(mine)
    while True:
        seat = match.to_act
        if seat == 0:
            move = moves.pop(0)
            if move is None:
                return match
            match.apply(0, move)
        else:
            match.apply(seat, bots[seat].choose(match.view(seat)))


NAMES = ("Anna", "Ben", "Cem")


def test_the_hint_takes_the_sequence_one_swap_away_in_braillespiel() -> None:
    """Issue 25, item 3: ``commerce play --rules braillespiel --seed 4``, after ``12 33``, hinted "swap your seven
    of clubs for queen of clubs ... no better yet" while ``whatif 32`` named a Sequence."""
    match = played_as_at_the_terminal("braillespiel", 4, [Swap(parse_cards("JH 10C"), parse_cards("JD 7C")), None])
    view = match.view(0)
    assert [c.code for c in view.hand] == ["JD", "10D", "7C"] and [c.code for c in view.widow] == ["QC", "9D", "10C"]
    assert same_swap(Swap(parse_cards("7C"), parse_cards("9D")), hint_action(view))
    lines = hint_lines(view, narrator_for(match, 0))
    assert lines[:3] == ["Hint: type 32.", "Swap your seven of clubs for nine of diamonds.",
                         "It makes sequence, jack high, in diamonds."]


def old_hint(view) -> object:
    """What the hint was before issue 25: the strong level's choice alone."""
    from commerce_a11y.bots import without_undo
    from commerce_a11y.bots.seeding import hint_seed
    from commerce_a11y.bots.strong import StrongBot

    return StrongBot(hint_seed(view), tie_rule_from=0).choose(without_undo(view))


def followed_to(config: tuple[str, dict], seed: int, hand: str) -> Match:
    """The match of ``advice_checks.follow_hints`` (seat 0 following the hints as they were before issue 25) up
    to seat 0's first decision holding ``hand``: a position reached by play."""
    from commerce_a11y.bots import make_bot

    name, options = config
    match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(4)], seed)
    bots = {s: make_bot("heuristic", seed * 100 + s) for s in range(1, 4)}
    wanted = sorted(parse_cards(hand))
    while True:
        seat = match.to_act
        view = match.view(seat)
        if seat == 0 and sorted(view.hand) == wanted:
            return match
        match.apply(seat, old_hint(view) if seat == 0 else bots[seat].choose(view))


def test_the_hint_takes_the_flush_instead_of_breaking_a_pair_for_a_lower_card() -> None:
    """Issue 25, item 3: in commerce a hint swapped a pair's odd card for a lower one, "no better yet", with a Flush
    one swap away (the strong level's choice, 7D for 3C). Since issue 36 the strong level itself takes the Flush:
    it keeps both hearts, so it is as good as 3C for every card that could come next, and better now."""
    match = followed_to(("commerce", {}), 16, "9H 7H 7D")
    view = match.view(0)
    assert [c.code for c in view.widow] == ["2H", "3C", "8D"]
    assert same_swap(Swap(parse_cards("7D"), parse_cards("2H")), old_hint(view))
    assert same_swap(Swap(parse_cards("7D"), parse_cards("2H")), hint_action(view))
    assert hint_lines(view, narrator_for(match, 0))[2] == "It makes flush in hearts, nine, seven, two."


def test_the_hint_does_not_take_back_the_card_it_had_the_player_lay() -> None:
    """Issue 25, item 3: the next hint took back the card the hint before had the player lay, for nothing (here a
    Kunststück of sevens, laying one seven and taking it back two turns later)."""
    config = ("braillespiel", {})
    counts = advice_checks.HintCounts()
    advice_checks.follow_hints(config, 3, 4, 40, counts)
    assert counts.hints and not counts.taken_back and not counts.passed_over


@pytest.mark.parametrize("config", advice_checks.HINT_CONFIGS, ids=advice_checks.config_id)
def test_followed_hints_never_pass_over_a_higher_category_nor_take_back_a_card(config) -> None:
    counts = advice_checks.HintCounts()
    for seed in (0, 2):
        advice_checks.follow_hints(config, seed, 4, 25, counts)
    assert counts.hints and not counts.passed_over and not counts.taken_back, (counts.passed_over, counts.taken_back)


@EVERY_CONFIG
@FEW
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 400), max_size=40))
def test_no_hint_leaves_the_hand_no_better_while_one_swap_makes_a_higher_category(config, seed: int,
                                                                                 choices: list[int]) -> None:
    match = advanced(config, seed, choices)
    if match.over:
        return
    view = match.view(match.to_act)
    after = hand_after(view, hint_action(view))
    if after is not None and match.rules.hand_value(after) <= match.rules.hand_value(view.hand):
        assert not advice_checks.higher_category_swap(view)
