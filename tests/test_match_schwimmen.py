"""Schwimmen in the match state machine, rule by rule (docs/rules.md S1-S10).

As in test_match.py, positions are laid right after construction with ``lay``; ``deal_laid`` then does what the deal
does with the laid hands (the middle face down, the shows of S6 and S7, the dealer's choice of S2). Seats are named
by their place in the hand's turn order (``m.order``: eldest first, the dealer last).
"""

from __future__ import annotations

import dataclasses

import pytest
from engine_helpers import cards, deal_laid, kinds, lay, new_match, one, play, play_out, refused

from commerce_a11y.bots import make_bot
from commerce_a11y.cards import RANK_CODES
from commerce_a11y.rules import (
    Dealt,
    Eliminated,
    Event,
    ExchangeAll,
    ExchangedAll,
    Fire,
    Fired,
    Keep,
    Kept,
    Knock,
    Match,
    MatchEnded,
    OptionError,
    Pass,
    Passed,
    Phase,
    Refreshed,
    Settled,
    Showdown,
    Swap,
    Swapped,
    Swimming,
    parse_cards,
    ruleset,
)


def swap(gave: str, took: str) -> Swap:
    return Swap(tuple(cards(gave)), tuple(cards(took)))


QUIET = ["7C 8D 9S", "7D 8S 9C", "7S 8C 9D"]
"""Three weak hands of the 32-card deck (no 31, no three of a rank)."""


def dealt(n: int = 3, hands: list[str] | None = None, middle: str = "AH KH 10C", seed: int = 1) -> Match:
    """A schwimmen match with a laid deal, at the dealer's choice (S2)."""
    m = new_match("schwimmen", n, seed)
    lay(m, hands or QUIET[:n], middle)
    assert not deal_laid(m)
    return m


def at_turn(n: int = 3, hands: list[str] | None = None, middle: str = "AH KH 10C", seed: int = 1) -> Match:
    """A laid schwimmen deal after the dealer kept the hand: eldest's first turn."""
    m = dealt(n, hands, middle, seed)
    play(m, Keep())
    assert (m.phase, m.to_act) == (Phase.TURN, m.order[0])
    return m


def to_second_round(m: Match) -> None:
    """Everyone passes once (the first round, S3), the last pass refreshing the middle (S5)."""
    play(m, *[Pass()] * len(m.order))


# ---------------------------------------------------------------------------------------------------------------
# S1: deck, players, lives
# ---------------------------------------------------------------------------------------------------------------

def test_s1_32_cards_2_to_9_players_3_lives_and_only_the_option_chips():
    rules = ruleset("schwimmen")
    deck = rules.deck(4)
    assert len(deck) == 32 and {RANK_CODES[c.rank] for c in deck} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert (rules.min_players, rules.players_high) == (2, 9)
    for bad in (1, 10):
        with pytest.raises(OptionError):
            rules.check_players(bad)
    assert rules.counter == "lives" and rules.starting_count == 3
    assert dict(rules.options) == {"chips": 3}
    assert ruleset("schwimmen", chips=5).starting_count == 5
    with pytest.raises(OptionError):
        ruleset("schwimmen", swaps_per_turn=2)
    m = new_match("schwimmen", 9, seed=1)  # nine hands and the middle: 30 of the 32 cards
    assert len(m.stock) + len(m.widow) + sum(len(h) for h in m.hands) == 32 and len(m.stock) == 2
    m = new_match("schwimmen", 2, seed=1)
    assert len(m.order) == 2 and m.counts == [3, 3]


# ---------------------------------------------------------------------------------------------------------------
# S2: the dealer's blind choice
# ---------------------------------------------------------------------------------------------------------------

def test_s2_the_middle_lies_face_down_and_no_seat_sees_it_the_dealer_included():
    m = new_match("schwimmen", 4, seed=1)
    d = m.dealer
    assert (m.phase, m.to_act) == (Phase.EXCHANGE, d)
    assert m.legal_actions() == [ExchangeAll(), Keep()]
    deal = one(m.events, Dealt)
    assert len(deal.widow) == 3 and deal.face_down  # the engine's record holds the cards
    assert deal.to_record()["skat"] == [c.code for c in m.widow] and "face_down" not in deal.to_record()
    for seat in range(4):
        view = m.view(seat)
        assert view.widow == () and view.turn_widow == () and view.face_down
        seen = view.history[-1]
        assert isinstance(seen, Dealt) and seen.widow == () and set(seen.hands) == {seat}
        assert not set(m.widow) & {c for e in view.history for c in getattr(e, "widow", ())}
    assert m.view(d).legal == (ExchangeAll(), Keep())
    refused(m, d, Pass(), "First keep your cards or take the face-down widow.")
    refused(m, d, Knock(), "First keep your cards or take the face-down widow.")
    refused(m, m.order[0], Pass(), "It is not your turn.")


def test_s2_keeping_the_hand_turns_the_middle_face_up_and_is_not_a_turn():
    m = dealt()
    e, _mid, d = m.order
    middle = tuple(m.widow)
    events = play(m, Keep())
    assert events == [Kept(d, middle)]
    assert events[0].to_record() == {"event": "keep", "player": d}  # the middle is in the deal line already
    assert all(m.view(s).widow == middle and not m.view(s).face_down for s in range(3))
    assert (m.phase, m.to_act) == (Phase.TURN, e)
    assert m.own_turns[d] == 0 and m.own_turns[e] == 1


def test_s2_taking_the_middle_unseen_lays_the_old_hand_face_up():
    m = dealt()
    e, mid, d = m.order
    old, middle = tuple(m.hands[d]), tuple(m.widow)
    events = play(m, ExchangeAll())
    assert events == [ExchangedAll(d, old, middle, blind=True)]
    assert events[0].to_record() == {"event": "exchange_all", "player": d, "gave": [c.code for c in old],
                                     "took": [c.code for c in middle]}
    assert m.hands[d] == list(middle) and m.widow == list(old)
    assert events[0].visible_to(d).took == middle  # the dealer holds them now
    for other in (e, mid):
        seen = events[0].visible_to(other)
        assert seen.took == () and seen.gave == old  # the old hand lies face up; what was taken stays unseen
        assert m.view(other).widow == old and not set(middle) & set(m.view(other).widow)
    assert (m.phase, m.to_act) == (Phase.TURN, e) and m.own_turns[d] == 0


def test_s2_s6_a_hand_dealt_31_is_shown_at_once_and_there_is_no_choice():
    m = new_match("schwimmen", 3, seed=1)
    e, mid, d = m.order
    lay(m, ["7C 8D 9S", "AH KH QH", "AS 10S JS"], "7H 8H 9H")  # mid and the dealer both hold 31
    events = deal_laid(m)
    fires = [ev for ev in events if isinstance(ev, Fired)]
    assert fires == [Fired(mid, "31"), Fired(d, "31")]  # S6: each shows, in turn order from eldest
    assert [f.to_record() for f in fires] == [{"event": "fire", "player": s, "kind": "31"} for s in (mid, d)]
    assert not fires[0].decided  # the engine showed it: no decision
    assert kinds(events)[2:4] == [Showdown, Settled]  # one showdown
    assert one(events, Showdown).losers == (e,)
    assert not any(isinstance(ev, Kept | ExchangedAll) for ev in events)
    assert m.hand_no == 2  # the next hand is dealt at once


def test_s2_a_seed_whose_deal_held_a_show_played_it_before_any_choice():
    m = new_match("schwimmen", 3, seed=3)
    first = m.events[: next(i for i, ev in enumerate(m.events) if isinstance(ev, Dealt) and ev.hand == 2)]
    assert isinstance(first[2], Dealt) and isinstance(first[3], Fired) and isinstance(first[4], Showdown)
    assert not any(isinstance(ev, Kept | ExchangedAll | Swapped | Passed) for ev in first)


def test_s2_s6_the_dealer_shows_31_taken_with_the_middle():
    m = dealt(middle="AH KH QH")
    d = m.order[-1]
    events = play(m, ExchangeAll())
    assert kinds(events)[:3] == [ExchangedAll, Fired, Showdown]
    assert events[1] == Fired(d, "31")


# ---------------------------------------------------------------------------------------------------------------
# S3: the turn, no knock in the first round, the last turns
# ---------------------------------------------------------------------------------------------------------------

def test_s3_a_turn_swaps_one_swaps_all_three_or_passes_and_the_first_round_has_no_knock():
    m = at_turn()
    e = m.order[0]
    legal = m.legal_actions()
    assert sum(isinstance(a, Swap) for a in legal) == 9  # one hand card for one middle card
    assert ExchangeAll() in legal and Pass() in legal
    assert Knock() not in legal and Fire() not in legal
    refused(m, e, Knock(), "No knocking in the first round.")
    refused(m, e, swap("7C 8D", "AH KH"), "Swap one of your cards for one widow card.")
    hand, middle = tuple(m.hands[e]), tuple(m.widow)
    events = play(m, ExchangeAll())  # all three at once, a whole turn
    assert events == [ExchangedAll(e, hand, middle)]
    assert events[0].visible_to(m.order[1]) == events[0]  # the middle lay face up: everyone saw it
    assert m.hands[e] == list(middle) and m.widow == list(hand) and m.to_act == m.order[1]


def test_s3_the_dealers_first_turn_ends_the_first_round_then_knocking_is_allowed():
    m = at_turn()
    e, _mid, d = m.order
    play(m, Pass(), swap("7D", "AH"))
    assert m.to_act == d
    refused(m, d, Knock(), "No knocking in the first round.")
    play(m, Pass())
    assert m.to_act == e and Knock() in m.legal_actions()


def test_s3_after_a_knock_each_other_player_has_exactly_one_last_turn_without_a_knock():
    hands = [*QUIET, "10C 10D JS"]
    m = at_turn(n=4, hands=hands, middle="AH KH QD")
    e, second, third, d = m.order
    to_second_round(m)
    lay(m, hands, "AH KH QD")
    play(m, Knock())
    assert m.knocker == e and m.last_round == [third, d] and m.to_act == second
    legal = m.legal_actions()
    assert Knock() not in legal and ExchangeAll() in legal and Pass() in legal
    refused(m, second, Knock(), "No knocking in the last round.")
    play(m, ExchangeAll(), Pass())  # second swaps all three, third passes
    assert m.to_act == d
    events = play(m, swap("JS", "7D"))  # the dealer's last turn, from the middle second laid
    assert kinds(events)[:2] == [Swapped, Showdown]


# ---------------------------------------------------------------------------------------------------------------
# S4: scoring
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "text"), [
    ("AH KH QH", "points 31"), ("AH KH 7C", "points 21"), ("AH KS QD", "points 11"),
    ("7H 7S 7D", "tricon 7 30.5"), ("AH AS AD", "fire A"), ("9C 8C 7C", "points 24"),
])
def test_s4_the_best_suit_counts_three_of_a_rank_30_5_and_three_aces_are_fire(hand: str, text: str):
    assert ruleset("schwimmen").name_hand(parse_cards(hand)).text == text


def test_s4_fire_beats_31_beats_30_5_beats_30_and_equal_sums_tie():
    rules = ruleset("schwimmen")
    order = ["AH AS AD", "AC KC 10C", "KH KS KD", "KH QH JH", "AH KH 8S"]
    values = [rules.hand_value(parse_cards(h)) for h in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == 5
    assert rules.hand_value(parse_cards("7D 7S 7H")) == values[2]  # every tricon but the Aces: 30.5
    assert rules.hand_value(parse_cards("AH 9H 7C")) == rules.hand_value(parse_cards("KS QS 7D"))  # 20 = 20


# ---------------------------------------------------------------------------------------------------------------
# S5: a round of passes brings fresh middle cards
# ---------------------------------------------------------------------------------------------------------------

def test_s5_a_full_round_of_passes_lays_the_middle_aside_and_deals_three_fresh_cards():
    m = dealt()
    play(m, Keep())
    e = m.order[0]
    old, fresh = tuple(m.widow), tuple(m.stock[:3])
    stock = len(m.stock)
    play(m, Pass(), Pass())
    events = play(m, Pass())  # the third pass in a row: every player passed
    assert events == [Passed(m.order[-1]), Refreshed(old, fresh)]
    assert events[1].to_record() == {"event": "refresh", "laid_aside": [c.code for c in old],
                                     "skat": [c.code for c in fresh]}
    assert m.widow == list(fresh) and m.discards == list(old) and len(m.stock) == stock - 3
    assert m.passes == 0 and (m.phase, m.to_act) == (Phase.TURN, e)
    assert m.view(e).widow == fresh
    play(m, Pass(), Pass())
    assert Refreshed in kinds(play(m, Pass()))  # the count of passes starts again


def test_s5_a_swap_breaks_the_round_of_passes():
    m = at_turn()
    play(m, Pass(), swap("7D", "AH"), Pass())
    assert not any(isinstance(ev, Refreshed) for ev in m.events) and m.passes == 1


def test_s5_with_fewer_than_three_cards_in_the_stock_the_showdown_follows():
    m = at_turn(n=3)
    m.stock = m.stock[:2]
    events = play(m, Pass(), Pass(), Pass())
    assert kinds(events)[3:5] == [Showdown, Settled] and one(events, Showdown).stalemate


def test_s5_nine_players_leave_two_cards_so_a_round_of_passes_ends_the_hand():
    m = new_match("schwimmen", 9, seed=2)
    while m.phase is not Phase.TURN:
        m.apply(m.to_act, Keep())
    assert len(m.stock) == 2
    events = play(m, *[Pass()] * 9)
    assert Refreshed not in kinds(events) and one(events, Showdown).stalemate


# ---------------------------------------------------------------------------------------------------------------
# S6, S7: 31 and three Aces are shown at once
# ---------------------------------------------------------------------------------------------------------------

def test_s6_31_after_ones_own_swap_is_shown_at_once_and_ends_the_hand():
    m = at_turn(hands=["KH QH 7C", "7D 8S 9C", "7S 8C 9D"], middle="AH 10C JC")
    e, _mid, _d = m.order
    refused(m, e, Fire(), "The game shows 31 and three aces for you.")
    events = play(m, swap("7C", "AH"))
    assert kinds(events)[:3] == [Swapped, Fired, Showdown]
    assert events[1] == Fired(e, "31")
    assert e not in one(events, Showdown).losers


def test_s6_31_after_swapping_all_three_and_in_the_last_round_too():
    m = at_turn(middle="AH KH QH")
    e = m.order[0]
    events = play(m, ExchangeAll())
    assert events[1] == Fired(e, "31")
    hands = ["KC QC 10C", "7D 8D 9S", "KH QH 8S"]
    m = at_turn(hands=hands, middle="AD 9D JC")
    to_second_round(m)
    lay(m, hands, "AH 9D JC")
    d = m.order[-1]
    play(m, Knock(), Pass())
    events = play(m, swap("8S", "AH"))  # the dealer's last turn
    assert events[1] == Fired(d, "31")
    assert kinds(events)[2] is Showdown


def test_s7_three_aces_cost_every_other_player_a_life_a_31_shown_with_them_included():
    m = new_match("schwimmen", 4, seed=1)
    e, second, third, d = m.order
    lay(m, ["AH AS AD", "KC QC AC", "7C 8D 9S", "7D 8S 9C"], "KH QH 10H")
    events = deal_laid(m)
    assert [ev for ev in events if isinstance(ev, Fired)] == [Fired(e, "fire"), Fired(second, "31")]
    assert list(one(events, Showdown).losers) == sorted([second, third, d])
    assert one(events, Settled).changes == {second: -1, third: -1, d: -1}


def test_s7_fire_after_a_swap_costs_everyone_else_a_life():
    m = at_turn(hands=["AH AS 7C", "7D 8S 9C", "7S 8C 9D"], middle="AD 10C JC")
    e, mid, d = m.order
    events = play(m, swap("7C", "AD"))
    assert events[1] == Fired(e, "fire")
    assert list(one(events, Showdown).losers) == sorted([mid, d])


# ---------------------------------------------------------------------------------------------------------------
# S8, S9: losing, swimming, going under
# ---------------------------------------------------------------------------------------------------------------

def knocked_showdown(m: Match) -> list[Event]:
    """From eldest's first turn: a round of passes (the middle refreshed), eldest knocks, everyone passes."""
    to_second_round(m)
    return play(m, Knock(), *[Pass()] * (len(m.order) - 1))


def test_s8_the_lowest_value_loses_a_life_all_tied_for_lowest_lose_one():
    m = at_turn(n=4, hands=["7C 8D 9S", "7D 8S 9C", "KH QH 7S", "AC 10C 8C"], middle="AH KS 10D")
    o = m.order
    events = knocked_showdown(m)
    show = one(events, Showdown)
    assert list(show.losers) == sorted([o[0], o[1]])  # 9 and 9
    assert show.values[o[3]] == "points 29"
    assert one(events, Settled).changes == {o[0]: -1, o[1]: -1}


def test_s9_losing_the_last_life_the_player_swims_on():
    m = at_turn(hands=["7C 8D 9S", "KH QH 7S", "AC 10C 8C"], middle="AD KD 10D")
    e, mid, _d = m.order
    m.counts[e] = 1
    events = knocked_showdown(m)
    chips = one(events, Settled)
    assert chips.changes == {e: -1} and chips.totals[e] == 0
    assert one(events, Swimming) == Swimming(e)
    assert kinds(events)[kinds(events).index(Settled) + 1] is Swimming  # told right after the lives
    assert Eliminated not in kinds(events)
    assert not m.out[e] and e in m.order and m.swimming == {e} and m.view(mid).swimming == {e}


def test_s9_a_swimmer_who_loses_again_goes_under():
    m = at_turn(n=4, hands=["7C 8D 9S", "KH QH 7S", "AC 10C 8C", "KS QS JS"], middle="AD KD 10D")
    e = m.order[0]
    m.counts[e] = 0
    events = knocked_showdown(m)
    assert one(events, Settled).changes == {e: 0}  # S9: change 0, total 0
    assert one(events, Eliminated) == Eliminated(e)
    assert Swimming not in kinds(events)
    assert m.out[e] and e not in m.order and not m.swimming


def test_s9_the_last_player_in_the_match_wins_and_swimmers_are_still_in():
    m = at_turn(n=2, hands=["7C 8D 9S", "KH QH 7S"], middle="AD KD 10D")
    e, d = m.order
    m.counts[e], m.counts[d] = 0, 1
    events = knocked_showdown(m)
    assert one(events, Settled).changes == {e: 0}
    end = one(events, MatchEnded)
    assert end.winners == (d,) and m.over


def test_s9_when_nobody_would_be_left_nobody_loses():
    m = at_turn(n=3, hands=["7C 8D 9S", "7D 8S 9C", "7S 8C 9D"])  # 9, 9, 9
    m.counts[:] = [0, 0, 0]
    events = knocked_showdown(m)
    show = one(events, Showdown)
    assert show.losers == () and show.void
    assert one(events, Settled).changes == {} and Eliminated not in kinds(events) and not m.over


def test_s9_swimmers_and_the_living_lose_as_usual_and_only_the_swimmer_goes_under():
    m = at_turn(n=3, hands=["7C 8D 9S", "7D 8S 9C", "AC 10C 8C"], middle="AD KD 10D")
    e, mid, _d = m.order
    m.counts[e], m.counts[mid] = 0, 2
    events = knocked_showdown(m)
    assert one(events, Settled).changes == {e: 0, mid: -1}
    assert one(events, Eliminated) == Eliminated(e) and m.counts[mid] == 1


# ---------------------------------------------------------------------------------------------------------------
# S10 and the whole: computer players end their matches
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 5, 9])
@pytest.mark.parametrize("kind", ["random", "easy", "basic", "heuristic", "strong"])
def test_s10_a_match_between_computer_players_ends(n: int, kind: str):
    # The strong level searches: its matches are played with one chip each, which keeps them to seconds.
    options = {"chips": 1} if kind == "strong" else {}
    m = play_out(new_match("schwimmen", n, seed=n, **options), [make_bot(kind, 7 * n + i) for i in range(n)])
    assert len(m.winners) == 1


def test_g7_s2_a_seats_history_never_holds_the_face_down_middle():
    m = new_match("schwimmen", 3, seed=5)
    bots = [make_bot("random", i) for i in range(3)]
    hidden: set = set()
    while not m.over and m.hand_no < 6:
        if m.phase is Phase.EXCHANGE:
            hidden = set(m.widow)
            for seat in range(3):
                assert not hidden & set(m.view(seat).widow)
        m.apply(m.to_act, bots[m.to_act].choose(m.view(m.to_act)))
    for seat in range(3):
        for seen, event in zip(m.view(seat).history, m.events, strict=True):
            if isinstance(event, Dealt):
                assert seen == dataclasses.replace(event, hands={seat: event.hands[seat]} if seat in event.hands
                                                   else {}, widow=())
