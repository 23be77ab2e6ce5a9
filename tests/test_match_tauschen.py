"""Tauschen ("Trade and Barter") in the match state machine, rule by rule (docs/rules.md X1-X6).

As in test_match.py, positions are laid right after construction with ``lay`` (with no widow: ``""``). Seats are
named by their place in the hand's turn order (``m.order``: eldest first, the dealer last); a seat's right-hand
neighbour is the one before it in that order, and eldest's is the dealer.
"""

from __future__ import annotations

import pytest
from engine_helpers import cards, kinds, lay, named_cards, new_match, one, play, play_out, refused

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import (
    Accept,
    Bartered,
    Dealt,
    Decline,
    Declined,
    Eliminated,
    Knock,
    Match,
    Offer,
    Offered,
    OptionError,
    Pass,
    Passed,
    Phase,
    Settled,
    Showdown,
    Swap,
    Trade,
    Traded,
    ruleset,
)


def card(code: str):
    return cards(code)[0]


HANDS = ["2C 5D 9S", "3C 7D JS", "4H 8S QC", "6D 10H KS"]


def laid(n: int = 4, hands: list[str] | None = None, stock: str = "AH AS AD", seed: int = 1) -> Match:
    m = new_match("tauschen", n, seed)
    lay(m, hands or HANDS[:n], "", stock)
    assert (m.phase, m.to_act) == (Phase.TURN, m.order[0])
    return m


# ---------------------------------------------------------------------------------------------------------------
# X1: deck, players, no widow
# ---------------------------------------------------------------------------------------------------------------

def test_x1_52_cards_3_to_12_players_3_chips_and_no_widow():
    rules = ruleset("tauschen")
    assert len(rules.deck(5)) == 52 and (rules.min_players, rules.players_high) == (3, 12)
    for bad in (2, 13):
        with pytest.raises(OptionError):
            rules.check_players(bad)
    assert rules.counter == "chips" and rules.starting_count == 3 and dict(rules.options) == {"chips": 3}
    with pytest.raises(OptionError):
        ruleset("tauschen", pounce=True)
    m = new_match("tauschen", 12, seed=1)
    deal = m.events[2]
    assert isinstance(deal, Dealt) and deal.widow == () and deal.to_record()["skat"] == []
    assert m.widow == [] and len(m.stock) == 52 - 36
    assert all(m.view(s).widow == () and not m.view(s).face_down for s in range(12))


def test_x1_x2_a_turn_has_no_swap_with_a_widow():
    m = laid()
    legal = m.legal_actions()
    assert not any(isinstance(a, Swap) for a in legal)
    e = m.order[0]
    refused(m, e, Swap((m.hands[e][0],), (m.stock[0],)), "There is no widow in this game.")


# ---------------------------------------------------------------------------------------------------------------
# X2: trade, barter, pass, knock; the last round; the stalemate; the ranking
# ---------------------------------------------------------------------------------------------------------------

def test_x2_a_turn_trades_offers_passes_or_knocks():
    m = laid()
    e = m.order[0]
    hand = m.hands[e]
    assert m.legal_actions() == [*(Trade(c) for c in hand), *(Offer(c) for c in hand), Pass(), Knock()]


def test_x2_a_last_turn_may_trade_offer_or_pass_but_never_knock():
    m = laid()
    play(m, Knock())
    legal = m.legal_actions()
    assert Knock() not in legal and Pass() in legal
    assert any(isinstance(a, Trade) for a in legal) and any(isinstance(a, Offer) for a in legal)
    refused(m, m.to_act, Knock(), "No knocking in the last round.")
    events = play(m, Pass(), Pass(), Pass())
    assert kinds(events)[3:5] == [Showdown, Settled]


def test_x2_c6_stalemate_after_every_player_passed_twice_in_a_row():
    m = laid()
    assert Showdown not in kinds(play(m, *[Pass()] * 7))
    events = play(m, Pass())
    assert kinds(events)[:2] == [Passed, Showdown] and one(events, Showdown).stalemate


def test_x2_c6_a_trade_resets_the_count_of_passes():
    m = laid()
    play(m, Pass(), Pass(), Pass())
    play(m, Trade(m.hands[m.to_act][0]))
    assert m.passes == 0


def test_x2_hands_rank_as_in_commerce():
    tauschen, commerce = ruleset("tauschen"), ruleset("commerce")
    for hand in ("AS AH AD", "KS QS JS", "KS 9S 4S", "9C 9D 2H", "KC 9H 2S"):
        assert tauschen.name_hand(cards(hand)) == commerce.name_hand(cards(hand))
    m = laid()
    o = m.order
    events = play(m, Knock(), Pass(), Pass(), Pass())
    show = one(events, Showdown)
    assert show.values == {o[0]: "point 16", o[1]: "point 20", o[2]: "point 22", o[3]: "point 26"}
    assert show.losers == (o[0],)


# ---------------------------------------------------------------------------------------------------------------
# X3: trading with the stock
# ---------------------------------------------------------------------------------------------------------------

def test_x3_a_trade_lays_the_card_face_down_takes_the_top_of_the_stock_and_pays_the_dealer():
    m = laid()
    e, second, _third, d = m.order
    events = play(m, Trade(card("2C")))
    assert events == [Traded(e, card("2C"), card("AH"), d)]
    assert events[0].to_record() == {"event": "trade", "player": e, "gave": "2C", "took": "AH", "paid_to": d}
    assert m.hands[e] == cards("AH 5D 9S") and m.discards == cards("2C") and m.stock[:2] == cards("AS AD")
    assert (m.counts[e], m.counts[d]) == (2, 4)  # X5: the dealer's at once
    assert m.to_act == second and m.passes == 0
    for seat in range(4):  # only the trader sees the two cards
        seen = events[0].visible_to(seat)
        assert (seen.gave, seen.took) == ((card("2C"), card("AH")) if seat == e else (None, None))
        assert seen.paid_to == d
        told = m.view(seat).history[-len(events):]  # the deal before was the seed's, not the laid hands
        assert (card("2C") in {c for ev in told for c in named_cards(ev)}) == (seat == e)


def test_x3_the_dealers_chip_goes_back_to_the_supply():
    m = laid()
    d = m.order[-1]
    play(m, Pass(), Pass(), Pass())
    events = play(m, Trade(card("6D")))
    assert events[0] == Traded(d, card("6D"), card("AH"), None)
    assert events[0].to_record()["paid_to"] is None
    assert m.counts[d] == 2 and sum(m.counts) == 11


def test_x3_no_trade_on_the_last_chip_but_chips_received_count():
    m = laid()
    e, _second, _third, d = m.order
    m.counts[e] = 1
    m.counts[d] = 1
    assert not any(isinstance(a, Trade) for a in m.legal_actions())
    refused(m, e, Trade(card("2C")), "You may not pay your last chip for a trade.")
    play(m, Pass(), Trade(card("3C")))  # second pays the dealer, who now has two
    play(m, Pass())
    assert m.to_act == d and m.counts[d] == 2
    assert Trade(card("6D")) in m.legal_actions()


def test_x3_nobody_trades_once_the_stock_is_empty():
    m = laid()
    e = m.order[0]
    m.stock = []
    assert not any(isinstance(a, Trade) for a in m.legal_actions())
    refused(m, e, Trade(card("2C")), "The stock is empty: no trade.")
    refused(m, e, Trade(card("AC")), "You do not hold AC.")


# ---------------------------------------------------------------------------------------------------------------
# X4: bartering with the right-hand neighbour
# ---------------------------------------------------------------------------------------------------------------

def test_x4_an_offer_goes_to_the_right_hand_neighbour_who_answers_on_the_offerers_turn():
    m = laid()
    e, second, third, d = m.order
    turns = list(m.own_turns)
    events = play(m, Offer(card("5D")))
    assert events == [Offered(e, d, card("5D"))]  # eldest's neighbour is the dealer
    assert m.view(e).neighbour == d and m.view(second).neighbour == e  # what players and the hint name
    assert events[0].to_record() == {"event": "offer", "player": e, "to": d, "card": "5D"}
    assert (m.phase, m.to_act) == (Phase.ANSWER, d)
    assert m.legal_actions() == [*(Accept(c) for c in m.hands[d]), Decline()]
    assert m.own_turns == turns  # an answer is not a turn
    assert m.view(d).offer == m.view(e).offer == Offered(e, d, card("5D"))
    for other in (second, third):
        assert m.view(other).offer == Offered(e, d, None) and events[0].visible_to(other).card is None
    refused(m, e, Pass(), "It is not your turn.")
    refused(m, d, Pass(), "First answer the offer: give a card for it, or decline.")
    refused(m, d, Knock(), "First answer the offer: give a card for it, or decline.")
    refused(m, d, Accept(card("2C")), "You do not hold 2C.")
    play(m, Decline())
    play(m, Pass())
    events = play(m, Offer(card("3C")))  # second's neighbour is eldest
    assert events == [Offered(second, e, card("3C"))]


def test_x4_a_spectators_view_has_no_hand_no_offered_card_and_no_moves():
    """``Match.public_view``: what a spectator at a server table may know; the offered card is the two players'."""
    m = laid()
    e, _second, _third, d = m.order
    play(m, Offer(card("5D")))
    public, dealer = m.public_view(), m.view(d)
    assert (public.seat, public.hand, public.legal, public.own_turns) == (-1, (), (), 0)
    assert public.offer == Offered(e, d, None)
    assert public.history == public.hand_history == ()
    for field in ("counts", "widow", "hand_sizes", "to_act", "phase", "dealer", "pot", "stock_size"):
        assert getattr(public, field) == getattr(dealer, field), field


def test_x4_an_accepted_offer_swaps_the_two_cards_seen_only_by_the_two_and_ends_the_turn():
    m = laid()
    e, second, third, d = m.order
    play(m, Offer(card("5D")))
    events = play(m, Accept(card("KS")))
    assert events == [Bartered(e, d, card("5D"), card("KS"))]
    assert events[0].to_record() == {"event": "barter", "player": e, "to": d, "gave": "5D", "took": "KS"}
    assert events[0].actor == d
    assert m.hands[e] == cards("2C KS 9S") and m.hands[d] == cards("6D 10H 5D")
    assert (m.phase, m.to_act) == (Phase.TURN, second) and m.offer is None
    for seat in (second, third):
        assert (events[0].visible_to(seat).gave, events[0].visible_to(seat).took) == (None, None)
    assert events[0].visible_to(d) == events[0]
    assert sum(m.counts) == 12  # nothing is paid


def test_x4_after_a_decline_the_turn_goes_on_without_a_second_offer():
    m = laid()
    e, second, _third, d = m.order
    play(m, Offer(card("5D")))
    events = play(m, Decline())
    assert events == [Declined(d, e)]
    assert events[0].to_record() == {"event": "decline", "player": d, "to": e}
    assert (m.phase, m.to_act) == (Phase.TURN, e) and m.own_turns[e] == 1
    assert m.view(e).turn_offered and m.view(e).offer is None
    legal = m.legal_actions()
    assert not any(isinstance(a, Offer) for a in legal)
    assert Trade(card("2C")) in legal and Pass() in legal and Knock() in legal
    refused(m, e, Offer(card("2C")), "You have made an offer this turn.")
    play(m, Pass())
    assert m.to_act == second and not m.view(second).turn_offered
    assert any(isinstance(a, Offer) for a in m.legal_actions())  # a new turn, a new offer


def test_x4_an_offer_is_answered_by_a_neighbour_who_knocked():
    m = laid()
    e, second, _third, _d = m.order
    play(m, Knock())
    assert m.to_act == second
    events = play(m, Offer(card("7D")))
    assert events == [Offered(second, e, card("7D"))]
    assert m.to_act == e and Accept(card("2C")) in m.legal_actions()
    play(m, Accept(card("2C")))
    assert m.hands[e] == cards("7D 5D 9S")


def test_x4_c6_an_accepted_offer_counts_as_a_swap_a_declined_one_ending_in_a_pass_as_a_pass():
    m = laid()
    play(m, Pass(), Pass())
    play(m, Offer(m.hands[m.to_act][0]), Decline(), Pass())
    assert m.passes == 3
    play(m, Offer(m.hands[m.to_act][0]))
    play(m, Accept(m.hands[m.to_act][0]))
    assert m.passes == 0


def test_x4_answers_outside_an_offer_are_refused():
    m = laid()
    e = m.order[0]
    refused(m, e, Accept(card("2C")), "There is no offer to answer.")
    refused(m, e, Decline(), "There is no offer to answer.")
    refused(m, e, Offer(card("AC")), "You do not hold AC.")
    refused(m, e, Trade(card("AC")), "You do not hold AC.")


# ---------------------------------------------------------------------------------------------------------------
# X5: the chips of trades, the showdown
# ---------------------------------------------------------------------------------------------------------------

def test_x5_chips_received_count_and_the_chips_line_has_the_showdowns_changes_and_the_totals():
    m = laid()
    e, second, third, d = m.order
    play(m, Trade(card("2C")), Trade(card("3C")))
    assert m.counts[d] == 5
    events = play(m, Knock(), Pass(), Pass(), Pass())
    show = one(events, Showdown)
    loser = show.losers[0]
    chips = one(events, Settled)
    assert chips.changes == {loser: -1}
    expected = {e: 2, second: 2, third: 3, d: 5}
    expected[loser] -= 1
    assert chips.totals == expected


def test_x5_c15_a_player_without_chips_at_the_showdown_is_out():
    m = laid()
    e = m.order[0]
    m.counts[e] = 1
    events = play(m, Knock(), Pass(), Pass(), Pass())  # eldest's point 16 is the worst
    assert one(events, Showdown).losers == (e,)
    assert one(events, Eliminated) == Eliminated(e) and m.out[e]


def test_x5_c16_nobody_loses_when_nobody_would_be_left():
    m = laid(n=3, hands=["2C 5D 9S", "2D 5S 9H", "2H 5C 9D"])
    m.counts[:] = [1, 1, 1]
    events = play(m, Knock(), Pass(), Pass())
    assert one(events, Showdown).void and m.counts == [1, 1, 1]


# ---------------------------------------------------------------------------------------------------------------
# X6: computer players end their matches and answer every offer
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [3, 5, 8, 12])
@pytest.mark.parametrize("kind", ["random", "easy", "basic", "heuristic", "strong"])
def test_x6_a_match_between_computer_players_ends_and_every_offer_is_answered(n: int, kind: str):
    # The strong level searches: its matches are played with one chip each, which keeps them to seconds.
    options = {"chips": 1} if kind == "strong" else {}
    m = play_out(new_match("tauschen", n, seed=n, **options), [make_bot(kind, 7 * n + i) for i in range(n)])
    assert len(m.winners) == 1
    offers = [e for e in m.events if isinstance(e, Offered)]
    answers = [e for e in m.events if isinstance(e, Bartered | Declined)]
    assert len(offers) == len(answers)
    assert all(isinstance(m.events[i + 1], Bartered | Declined) for i, e in enumerate(m.events)
               if isinstance(e, Offered))
