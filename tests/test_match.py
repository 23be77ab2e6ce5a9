"""The match state machine, rule by rule (docs/rules.md G*, C*, B*, H*, T*, R*).

Matches are seeded, so each test's deal is fixed. Where a rule needs a particular situation, the test lays it
right after construction with ``lay`` (see engine_helpers.py): it sets the public ``hands``, ``widow`` and
``stock`` (and ``counts`` where chips matter) before anyone acts. Seats are named by their place in the hand's turn
order (``m.order``: eldest first, the dealer last), so the tests do not depend on which seat the seed made dealer.
"""

from __future__ import annotations

import dataclasses
import json
from typing import TypeVar

import pytest
from engine_helpers import cards, full_state, kinds, lay, new_match, offer_calls_again, play, refused

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import (
    FINAL_ROUND_FORMAT,
    Anted,
    Dealt,
    Eliminated,
    EndTurn,
    Event,
    ExchangeAll,
    ExchangedAll,
    Fire,
    Fired,
    FirstDealerDrawn,
    Keep,
    Kept,
    Knock,
    Knocked,
    Match,
    MatchEnded,
    MatchStarted,
    Pass,
    Passed,
    Phase,
    Player,
    Pounce,
    Pounced,
    RecordError,
    Settled,
    Showdown,
    Swap,
    Swapped,
    Wait,
    Waived,
    record_lines,
    replay,
    ruleset,
)
from commerce_a11y.rules.record import PLAIN_FORMAT

E = TypeVar("E")


def one(events: list[Event], kind: type[E]) -> E:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, kinds(events)
    return found[0]


def swap(gave: str, took: str) -> Swap:
    return Swap(tuple(cards(gave)), tuple(cards(took)))


def bot_match(name: str, n: int, seed: int, kind: str = "basic", **options) -> Match:
    m = new_match(name, n, seed, **options)
    bots = [make_bot(kind, seed * 100 + i) for i in range(n)]
    while not m.over:
        seat = m.to_act
        m.apply(seat, bots[seat].choose(m.view(seat)))
    return m


def hands_of(m: Match) -> list[list[Event]]:
    """The events of each hand, from its deal on."""
    result: list[list[Event]] = []
    for e in m.events:
        if isinstance(e, Dealt):
            result.append([])
        if result:
            result[-1].append(e)
    return result


# ---------------------------------------------------------------------------------------------------------------
# G1-G7: seats, first dealer, rotation, cut, deal, eldest, open information
# ---------------------------------------------------------------------------------------------------------------

def test_g2_highest_draw_deals_ties_draw_again_among_themselves_only():
    redraws_seen = 0
    for n in range(3, 13):
        for seed in range(12):
            m = new_match("commerce", n, seed)
            match_line, first, deal = m.events[:3]
            assert kinds([match_line, first, deal]) == [MatchStarted, FirstDealerDrawn, Dealt]
            rounds = [first.draws, *first.redraws]
            assert set(rounds[0]) == set(range(n))  # everyone draws
            contenders = set(range(n))
            for draws in rounds:
                assert set(draws) == contenders  # a redraw is among the tied only
                assert len(set(draws.values())) == len(draws)  # one card each, from one shuffled deck
                top = max(c.rank for c in draws.values())  # G9: A high, 2 low
                contenders = {s for s, c in draws.items() if c.rank == top}
            assert contenders == {first.dealer}
            assert m.dealer == first.dealer == deal.dealer
            redraws_seen += len(rounds) > 1
    assert redraws_seen > 0  # the seeds above include ties for highest


def test_g2_an_ace_draw_deals():
    for seed in range(60):
        m = new_match("commerce", 4, seed)
        draws = m.events[1].draws
        aces = [s for s, c in draws.items() if c.rank == 14]
        if len(aces) == 1:
            assert m.dealer == aces[0]
            return
    pytest.fail("no seed with a single ace drawn")


def test_g3_g1_next_dealer_skips_eliminated_seats_also_the_dealer_just_eliminated():
    m = new_match("commerce", 4, seed=5)
    d = m.dealer
    e, second, third, _ = m.order
    assert m.order[-1] == d
    m.counts[d] = m.counts[e] = 1  # the dealer and eldest are on their last chip and tie for worst
    lay(m, {e: "2C 3D 5H", second: "AS AH AD", third: "KS KH KD", d: "2D 3C 5S"}, "9C 10D JH")
    events = play(m, Knock(), Pass(), Pass(), Pass())
    assert list(one(events, Showdown).losers) == sorted([d, e])
    assert sorted(ev.player for ev in events if isinstance(ev, Eliminated)) == sorted([d, e])
    deal = [ev for ev in events if isinstance(ev, Dealt)][-1]
    assert deal.dealer == second == m.dealer  # first seat clockwise from the old dealer still in the match
    assert m.order == (third, second)  # eldest is left of the dealer, the out seats skipped
    assert set(deal.hands) == {second, third}
    assert deal.cut_by == third  # G4: the player to the dealer's right (skipping out seats) cuts


@pytest.mark.parametrize(("name", "n", "options"), [
    ("commerce", 5, {}), ("thirty-one", 4, {}), ("trentuno", 6, {}), ("braillespiel", 4, {"marks": 3}),
    ("handeln", 4, {"limit": 3}),
])
def test_g3_g4_g6_rotation_cut_and_eldest_over_whole_matches(name: str, n: int, options: dict):
    for seed in range(4):
        m = bot_match(name, n, seed, **options)
        out: set[int] = set()
        previous = None
        for hand in hands_of(m):
            deal = hand[0]
            dealer = deal.dealer
            alive = [s for s in range(n) if s not in out]
            assert sorted(deal.hands) == alive  # G1: eliminated players are not dealt in
            if previous is not None:
                # G3: the first seat clockwise from the previous dealer's seat that is still in the match.
                expected = next(s for s in [(previous + k) % n for k in range(1, n + 1)] if s not in out)
                assert dealer == expected
            eldest = next(s for s in [(dealer + k) % n for k in range(1, n + 1)] if s not in out)
            right = next(s for s in [(dealer - k) % n for k in range(1, n + 1)] if s not in out)
            assert deal.cut_by == right  # G4
            turns = [ev for ev in hand if isinstance(ev, Swapped | Passed | Knocked | Pounced)]
            if turns and not any(isinstance(ev, Fired) for ev in hand[: hand.index(turns[0])]):
                assert turns[0].player == eldest  # G6
            exchanges = [ev for ev in hand if isinstance(ev, ExchangedAll)]
            assert all(ev.player == dealer for ev in exchanges)  # H1: only the dealer
            out |= {ev.player for ev in hand if isinstance(ev, Eliminated)}
            previous = dealer


@pytest.mark.parametrize(("name", "n"), [("commerce", 3), ("commerce", 5), ("handeln", 4), ("trentuno", 6),
                                         ("braillespiel", 3), ("braillespiel", 9)])
def test_g5_three_each_one_at_a_time_from_left_of_dealer_then_skat_then_stock(monkeypatch, name: str, n: int):
    """To see the dealing order, the shuffle is replaced by a known deck order (suit by suit, low to high).
    The first-dealer draw then gives seat n-1 the highest card, and the cut (in the deal event) rotates the deck."""

    def known(self: Match) -> list:
        return sorted(self.rules.deck(len(self.players)), key=lambda c: (c.suit, c.rank))

    monkeypatch.setattr(Match, "_shuffled", known)
    m = new_match(name, n)
    assert m.dealer == n - 1
    deal = m.events[2]
    pack = known(m)
    cut = deal.cut
    assert 1 <= cut < len(pack)
    pack = pack[cut:] + pack[:cut]
    order = [(m.dealer + 1 + i) % n for i in range(n)]  # clockwise from the dealer's left
    assert list(m.order) == order
    for k in range(3 * n):
        assert m.hands[order[k % n]][k // n] == pack[k]
    assert m.widow == pack[3 * n: 3 * n + 3]
    assert m.stock == pack[3 * n + 3:]
    assert {s: list(h) for s, h in deal.hands.items()} == {s: m.hands[s] for s in range(n)}
    assert list(deal.widow) == m.widow


@pytest.mark.parametrize("name", ["commerce", "trentuno", "braillespiel"])
def test_g6_eldest_takes_the_first_turn(name: str):
    for seed in range(5):
        m = new_match(name, 4, seed)
        assert m.to_act == m.order[0] == (m.dealer + 1) % 4
        assert m.phase is Phase.TURN


def test_g6_h1_in_handeln_the_dealers_exchange_comes_before_eldest():
    m = new_match("handeln", 4, seed=2)
    lay(m, ["7C 8D 9S", "7H 8S 10C", "JC QD 7S", "JH QS 8C"], "AC 9D 10H")  # nobody may call fire
    assert (m.phase, m.to_act) == (Phase.EXCHANGE, m.dealer)
    play(m, Keep())
    assert (m.phase, m.to_act) == (Phase.TURN, m.order[0])


def test_g7_views_show_only_the_own_hand_and_the_open_table():
    m = new_match("commerce", 4, seed=3)
    full_deal = m.events[2]
    assert {s: len(h) for s, h in full_deal.hands.items()} == {0: 3, 1: 3, 2: 3, 3: 3}  # the record has all
    for seat in range(4):
        v = m.view(seat)
        assert v.seat == seat
        assert v.hand == tuple(m.hands[seat])
        assert v.widow == tuple(m.widow)  # the widow is always face up
        assert v.counts == (3, 3, 3, 3)  # chip counts are public
        assert v.hand_sizes == (3, 3, 3, 3)
        assert (v.dealer, v.order, v.to_act) == (m.dealer, m.order, m.to_act)
        assert v.legal == (tuple(m.legal_actions()) if seat == m.to_act else ())
        deal = [e for e in v.history if isinstance(e, Dealt)][-1]
        assert deal.hands == {seat: tuple(m.hands[seat])}  # only what this seat was dealt
        assert deal.widow == tuple(m.widow)
        others = {c for s in range(4) if s != seat for c in m.hands[s]}
        for event in v.history[2:]:  # (the first-dealer draw came from another shuffle)
            for value in (getattr(event, f.name) for f in dataclasses.fields(event)):
                flat = value.values() if isinstance(value, dict) else [value]
                for item in flat:
                    items = item if isinstance(item, tuple | list) else [item]
                    assert not others.intersection(c for c in items if hasattr(c, "code"))


def test_g7_the_taken_card_is_announced_and_old_views_stay_as_they_were():
    m = new_match("commerce", 3, seed=3)
    e = m.order[0]
    watcher = m.order[1]
    before = m.view(watcher)
    size = len(before.history)
    gave, took = m.hands[e][0], m.widow[1]
    play(m, Swap((gave,), (took,)))
    seen = m.view(watcher).history[-1]
    assert seen == Swapped(e, (gave,), (took,))
    assert len(before.history) == size  # a view is a snapshot


# ---------------------------------------------------------------------------------------------------------------
# Commerce: C1-C6 turns
# ---------------------------------------------------------------------------------------------------------------

def test_c1_a_normal_turn_offers_swap_pass_or_knock():
    m = new_match("commerce", 3, seed=1)
    legal = m.legal_actions()
    swaps = [a for a in legal if isinstance(a, Swap)]
    assert len(swaps) == 9  # each hand card for each widow card
    assert {(a.gave[0], a.took[0]) for a in swaps} == {(g, t) for g in m.hands[m.to_act] for t in m.widow}
    assert [a for a in legal if not isinstance(a, Swap)] == [Pass(), Knock()]


def test_c2_swap_puts_the_laid_card_where_the_taken_one_lay_and_the_skat_stays_three():
    m = new_match("commerce", 3, seed=1)
    seat = m.to_act
    hand, widow = list(m.hands[seat]), list(m.widow)
    events = m.apply(seat, Swap((hand[1],), (widow[2],)))
    assert kinds(events) == [Swapped]
    assert events == [Swapped(seat, (hand[1],), (widow[2],))]
    assert m.widow == [widow[0], widow[1], hand[1]]
    assert m.hands[seat] == [hand[0], widow[2], hand[2]]
    assert m.to_act == m.order[1]  # one swap is the whole turn by default
    assert m.passes == 0


def test_c2_swap_refusals():
    m = new_match("commerce", 3, seed=1)
    seat = m.to_act
    hand, widow = m.hands[seat], m.widow
    refused(m, seat, Swap((hand[0], hand[1]), (widow[0], widow[1])), "Swap one of your cards for one widow card.")
    refused(m, seat, Swap((hand[0],), ()), "Swap one of your cards for one widow card.")
    stranger = next(c for c in m.stock)
    refused(m, seat, Swap((stranger,), (widow[0],)), f"You do not hold {stranger.code}.")
    refused(m, seat, Swap((hand[0],), (stranger,)), f"{stranger.code} is not in the widow.")
    refused(m, seat, Swap((hand[0],), (hand[1],)), f"{hand[1].code} is not in the widow.")
    other = m.order[1]
    refused(m, other, Swap((m.hands[other][0],), (widow[0],)), "It is not your turn.")


def test_c3_up_to_three_swaps_each_of_a_different_card_of_the_turns_widow():
    m = new_match("commerce", 3, seed=1, swaps_per_turn=3)
    seat = m.to_act
    h, s = list(m.hands[seat]), list(m.widow)
    play(m, Swap((h[0],), (s[0],)))
    assert (m.phase, m.to_act) == (Phase.CONTINUE, seat)
    legal = m.legal_actions()
    assert EndTurn() in legal and Pass() not in legal and Knock() not in legal
    assert {a.took[0] for a in legal if isinstance(a, Swap)} == {s[1], s[2]}  # not the card just laid (h[0])
    refused(m, seat, Swap((h[1],), (h[0],)), "A card laid down this turn cannot be taken back.")
    refused(m, seat, Pass(), "You have swapped this turn.")
    refused(m, seat, Knock(), "You have swapped this turn.")
    play(m, Swap((h[1],), (s[1],)))
    assert (m.phase, m.to_act) == (Phase.CONTINUE, seat)
    assert {a.took[0] for a in m.legal_actions() if isinstance(a, Swap)} == {s[2]}
    events = play(m, Swap((h[2],), (s[2],)))
    assert kinds(events) == [Swapped]  # each single swap is its own event
    assert m.hands[seat] == s and m.widow == h
    assert (m.phase, m.to_act) == (Phase.TURN, m.order[1])  # three swaps end the turn by themselves


def test_c3_a_card_taken_and_laid_again_cannot_be_taken_a_second_time():
    """C3: each swap takes a *different* one of the widow cards that lay there when the turn began; a card laid
    down this turn cannot be taken back (even one that had lain there at the start, taken, and laid down again)."""
    m = new_match("commerce", 3, seed=1, swaps_per_turn=3)
    seat = m.to_act
    h, s = list(m.hands[seat]), list(m.widow)
    play(m, Swap((h[0],), (s[0],)), Swap((s[0],), (s[1],)))  # take s0, then lay s0 down again for s1
    assert s[0] in m.widow
    takeable = {a.took[0] for a in m.legal_actions() if isinstance(a, Swap)}
    assert takeable == {s[2]}
    refused(m, seat, Swap((h[1],), (s[0],)), "A card laid down this turn cannot be taken back.")
    play(m, EndTurn())
    assert m.to_act == m.order[1]


def test_c3_done_ends_the_turn_and_a_turn_without_swap_is_a_pass():
    m = new_match("commerce", 3, seed=1, swaps_per_turn=3)
    seat = m.to_act
    refused(m, seat, EndTurn(), "Nothing to end: you have not swapped yet.")
    play(m, Swap((m.hands[seat][0],), (m.widow[0],)))
    assert play(m, EndTurn()) == [Waived(seat)]  # heard by the table, so an event (issue 23, item 6)
    assert (m.phase, m.to_act, m.passes) == (Phase.TURN, m.order[1], 0)
    play(m, Pass())
    assert m.passes == 1


def test_c3_last_round_turns_allow_three_swaps_too():
    m = new_match("commerce", 3, seed=1, swaps_per_turn=3)
    play(m, Knock())
    seat = m.to_act
    h, s = list(m.hands[seat]), list(m.widow)
    play(m, Swap((h[0],), (s[0],)), Swap((h[1],), (s[1],)))
    assert (m.phase, m.to_act) == (Phase.CONTINUE, seat)
    play(m, Swap((h[2],), (s[2],)))
    assert m.to_act == m.order[2]


def test_c4_pass_changes_nothing_but_the_turn():
    m = new_match("commerce", 3, seed=1)
    seat = m.to_act
    hands, widow = [list(h) for h in m.hands], list(m.widow)
    events = m.apply(seat, Pass())
    assert events == [Passed(seat)]
    assert ([list(h) for h in m.hands], m.widow) == (hands, widow)
    assert (m.to_act, m.passes) == (m.order[1], 1)


def test_c5_knock_gives_each_other_player_one_last_turn_clockwise_then_the_showdown():
    m = new_match("commerce", 4, seed=2)
    o = m.order
    play(m, Pass())  # the knocker may be any seat; here the second
    assert Knock() in m.legal_actions()
    events = play(m, Knock())
    assert kinds(events) == [Knocked]
    assert (m.knocker, m.to_act) == (o[1], o[2])
    assert m.view(o[2]).last_round
    for seat in (o[2], o[3], o[0]):  # each other player once, clockwise from the knocker
        assert m.to_act == seat
        assert Knock() not in m.legal_actions()
        refused(m, seat, Knock(), "No knocking in the last round.")
        events = play(m, Pass())
    assert kinds(events)[:3] == [Passed, Showdown, Settled]  # the knocker is not asked again
    assert m.hand_no == 2


def test_c5_knock_is_allowed_on_the_very_first_turn_and_is_a_whole_turn():
    m = new_match("commerce", 3, seed=4, swaps_per_turn=3)
    assert Knock() in m.legal_actions()
    seat = m.to_act
    play(m, Knock())
    assert m.to_act != seat and m.phase is Phase.TURN


def test_c5_the_knocker_gets_no_bonus_and_no_penalty():
    m = new_match("commerce", 3, seed=1)
    e = m.order[0]
    lay(m, ["2C 3D 5H", "AS AH AD", "9C 9D 2H"], "JC 10D 8H")  # the knocker holds the worst hand
    events = play(m, Knock(), Pass(), Pass())
    assert one(events, Settled).changes == {e: -1}
    m = new_match("commerce", 3, seed=1)
    e, mid, _d = m.order
    lay(m, ["AS AH AD", "2C 3D 5H", "9C 9D 2H"], "JC 10D 8H")  # the knocker holds the best hand
    events = play(m, Knock(), Pass(), Pass())
    assert one(events, Settled).changes == {mid: -1}


@pytest.mark.parametrize(("n", "extended", "limit"), [(3, False, 6), (4, False, 8), (3, True, 3), (5, True, 5)])
def test_c6_c18_stalemate_after_two_rounds_of_passes_one_in_extended(n: int, extended: bool, limit: int):
    m = new_match("commerce", n, seed=1, extended=extended)
    for _ in range(limit - 1):
        assert Showdown not in kinds(play(m, Pass()))
    assert kinds(play(m, Pass()))[:2] == [Passed, Showdown]  # at once, no extra last round


def test_c6_swap_and_knock_reset_the_count_of_passes():
    m = new_match("commerce", 3, seed=1)
    play(m, Pass(), Pass(), Pass(), Pass(), Pass())
    assert m.passes == 5
    play(m, Swap((m.hands[m.to_act][0],), (m.widow[0],)))
    assert m.passes == 0
    events = play(m, *[Pass()] * 5)
    assert Showdown not in kinds(events)
    events = play(m, Knock())  # the sixth action, a knock: the count starts again and a last round follows
    assert Showdown not in kinds(events) and m.passes == 0
    assert kinds(play(m, Pass(), Pass()))[1:3] == [Passed, Showdown]


# ---------------------------------------------------------------------------------------------------------------
# Commerce: C13-C16 showdown and chips
# ---------------------------------------------------------------------------------------------------------------

def showdown_of(m: Match, laid: list[str], widow: str = "JC 10D 8H") -> list[Event]:
    """Lay the hands (in turn order) and go straight to the showdown: eldest knocks, everyone passes."""
    lay(m, laid, widow)
    return play(m, Knock(), *[Pass()] * (len(m.order) - 1))


def test_c13_all_hands_are_shown_and_the_worst_loses_one_chip():
    m = new_match("commerce", 4, seed=1)
    o = m.order
    laid = ["AS AH AD", "KS QS JS", "9C 9D 2H", "2C 3D 5H"]
    events = showdown_of(m, laid)
    show = one(events, Showdown)
    assert show.hands == {s: tuple(cards(h)) for s, h in zip(o, laid, strict=True)}
    assert show.values == {o[0]: "tricon A", o[1]: "sequence K S", o[2]: "pair 9 2", o[3]: "point 10"}
    assert show.losers == (o[3],)
    chips = one(events, Settled)
    assert chips.changes == {o[3]: -1}
    assert chips.totals == {s: (2 if s == o[3] else 3) for s in range(4)}
    assert m.counts == [chips.totals[s] for s in range(4)]
    assert kinds(events)[-1] is Dealt  # the next hand is dealt at once


@pytest.mark.parametrize(("laid", "losers"), [
    (["AS AH AD", "KS QS JS", "9C 4D 2H", "7S 6C 2D"], [2, 3]),  # C11: Point 15 and 15 tie for worst
    (["AS AH AD", "QS JS 10S", "KH 9H 2H", "KC 9C 2C"], [2, 3]),  # suits never break ties
    (["9C 9D 2H", "9H 9S 2C", "2D 3S 5H", "AS KS JS"], [2]),  # a tie between better hands carries no stake
    (["2D 3S 5H", "4C 4D 2H", "2C 3H 5S", "6S 6H 2S"], [0, 2]),  # Point 10 twice (suits differ), pairs above
])
def test_c14_every_player_tied_for_worst_loses_one_chip(laid: list[str], losers: list[int]):
    m = new_match("commerce", 4, seed=1)
    o = m.order
    events = showdown_of(m, laid)
    expected = sorted(o[i] for i in losers)
    assert list(one(events, Showdown).losers) == expected
    assert one(events, Settled).changes == {s: -1 for s in expected}


def test_c15_a_player_without_chips_is_eliminated_and_never_dealt_in_again():
    m = new_match("commerce", 4, seed=1)
    o = m.order
    m.counts[o[3]] = 1
    events = showdown_of(m, ["AS AH AD", "KS QS JS", "9C 9D 2H", "2C 3D 5H"])
    assert one(events, Eliminated).player == o[3]
    assert m.out[o[3]] and m.counts[o[3]] == 0
    assert o[3] not in m.order and o[3] not in events[-1].hands
    assert m.view(o[0]).out[o[3]]
    for _ in range(40):  # the eliminated seat never acts again
        if m.over:
            break
        assert m.to_act != o[3]
        play(m, Pass())


def test_c15_the_last_player_with_chips_wins_and_the_match_is_over():
    m = new_match("commerce", 3, seed=1)
    e, mid, d = m.order
    m.counts[mid] = m.counts[d] = 1
    events = showdown_of(m, ["AS AH AD", "9C 4D 2H", "7S 6C 2D"])  # both on their last chip, tied for worst
    assert kinds(events) == [Knocked, Passed, Passed, Showdown, Settled, Eliminated, Eliminated, MatchEnded]
    end = events[-1]
    assert end.winners == (e,) and end.standings == {e: 3, mid: 0, d: 0}
    assert m.over and m.phase is Phase.OVER and m.to_act is None and m.winners == (e,)
    assert m.legal_actions() == [] and m.view(e).legal == ()
    refused(m, e, Pass(), "The match is over.")


def test_c16_when_nobody_would_be_left_no_chip_is_lost_and_the_next_dealer_deals():
    m = new_match("commerce", 3, seed=1)
    old_dealer = m.dealer
    m.counts[:] = [1, 1, 1]
    events = showdown_of(m, ["9C 4D 2H", "7S 6C 2D", "8H 5S 2C"], widow="JC 10D 3H")  # all Point 15: all tie
    show = one(events, Showdown)
    assert show.losers == () and show.void is True
    assert one(events, Settled).changes == {}
    assert Eliminated not in kinds(events)
    assert m.counts == [1, 1, 1] and not m.over
    assert isinstance(events[-1], Dealt) and events[-1].dealer == m.dealer == (old_dealer + 1) % 3


def test_c16_does_not_apply_while_someone_keeps_chips():
    m = new_match("commerce", 3, seed=1)
    m.counts[:] = [1, 1, 1]
    e, mid, d = m.order
    events = showdown_of(m, ["AS AH AD", "7S 6C 2D", "8H 5S 2C"], widow="JC 10D 3H")
    assert list(one(events, Showdown).losers) == sorted([mid, d])
    assert one(events, MatchEnded).winners == (e,)


def test_c18_extended_hands_without_combination_all_tie_below_every_flush():
    m = new_match("commerce", 3, seed=1, extended=True)
    d = m.order[2]
    # The tricon is best; the lowest flush beats a pair, which is no combination here: only the pair loses.
    events = showdown_of(m, ["5H 3H 2H", "AS AD AC", "KS KD QC"])
    assert one(events, Showdown).losers == (d,)
    m = new_match("commerce", 3, seed=1, extended=True)
    _e, mid, d = m.order
    events = showdown_of(m, ["5H 3H 2H", "9C 9D 2S", "AS KD QC"])
    assert list(one(events, Showdown).losers) == sorted([mid, d])
    assert one(events, Showdown).values[mid] == "none"


# ---------------------------------------------------------------------------------------------------------------
# Commerce: C17 pounce
# ---------------------------------------------------------------------------------------------------------------

def test_c17_pounce_takes_the_fourth_card_and_the_stock_refills_the_widow():
    m = new_match("commerce", 3, seed=1, pounce=True)
    e, mid, _d = m.order
    lay(m, ["7C 7D 7H", "2C 3D 5H", "9C 9D 2H"], "KS 7S JD", stock="QH")
    m.passes = 2
    stock_size = len(m.stock)
    assert Pounce() in m.legal_actions()
    events = play(m, Pounce())
    assert events == [Pounced(e, cards("7S")[0], cards("QH")[0])]
    assert m.hands[e] == cards("7C 7D 7H 7S")
    assert m.widow == cards("KS QH JD")  # the stock's top card lies where the taken one lay
    assert len(m.stock) == stock_size - 1 and m.passes == 0
    assert m.to_act == mid  # a pounce is a whole turn
    assert m.view(mid).hand_sizes[e] == 4


def test_c17_the_four_card_hand_swaps_one_for_one_and_four_of_a_rank_beats_a_tricon():
    m = new_match("commerce", 3, seed=1, pounce=True)
    e, mid, d = m.order
    lay(m, ["7C 7D 7H", "AC AD AH", "2C 3D 5H"], "KS 7S JD")
    play(m, Pounce(), Pass(), Pass())
    swaps = [a for a in m.legal_actions() if isinstance(a, Swap)]
    assert len(swaps) == 12 and all(len(a.gave) == 1 for a in swaps)
    assert Pounce() not in m.legal_actions()  # only while holding three cards
    play(m, swaps[0])
    assert len(m.hands[e]) == 4 and len(m.widow) == 3
    m.hands[e] = cards("7C 7D 7H 7S")  # back to four of a rank for the showdown
    m.widow = [c for c in cards("KS JD 4C") if c not in m.hands[e]]
    events = play(m, Knock(), Pass(), Pass())
    show = one(events, Showdown)
    assert show.values[e] == "quad 7" and show.losers == (d,)
    assert m.rules.hand_value(show.hands[e]) > m.rules.hand_value(show.hands[mid])


def test_c17_pounce_only_with_the_option_only_with_the_fourth_in_the_skat_never_in_the_last_round():
    m = new_match("commerce", 3, seed=1)
    lay(m, ["7C 7D 7H", "2C 3D 5H", "9C 9D 2H"], "KS 7S JD")
    assert Pounce() not in m.legal_actions()
    refused(m, m.to_act, Pounce(), "Pounce is off in this match.")

    m = new_match("commerce", 3, seed=1, pounce=True)
    lay(m, ["7C 7D 8H", "2C 3D 5H", "9C 9D 2H"], "KS 7S JD")  # no tricon
    refused(m, m.to_act, Pounce(), "Pounce needs a Tricon.")

    m = new_match("commerce", 3, seed=1, pounce=True)
    lay(m, ["7C 7D 7H", "2C 3D 5H", "9C 9D 2H"], "KS 8S JD")  # the fourth is not in the skat
    refused(m, m.to_act, Pounce(), "Pounce needs your Tricon's fourth card in the widow.")

    m = new_match("commerce", 3, seed=1, pounce=True)
    lay(m, ["2C 3D 5H", "7C 7D 7H", "9C 9D 2H"], "KS 7S JD")
    play(m, Knock())
    assert Pounce() not in m.legal_actions()  # C5: in the last round only swap or pass
    refused(m, m.to_act, Pounce(), "No pouncing in the last round.")

    m = new_match("commerce", 3, seed=1, pounce=True, swaps_per_turn=3)
    lay(m, ["7C 7D 2H", "2C 3D 5H", "9C 9D 4H"], "KS 7S 7H")
    play(m, swap("2H", "7H"))  # a tricon completed by a swap: pounce is a whole turn, not part of one
    assert Pounce() not in m.legal_actions()


def test_c17_no_pounce_when_the_stock_is_empty():
    """Engine choice: the refill needs a stock card, so without one there is no pounce."""
    m = new_match("commerce", 3, seed=1, pounce=True)
    lay(m, ["7C 7D 7H", "2C 3D 5H", "9C 9D 2H"], "KS 7S JD")
    m.stock = []
    assert Pounce() not in m.legal_actions()


# ---------------------------------------------------------------------------------------------------------------
# Braillespiel: B1-B3, B7, B8, B10
# ---------------------------------------------------------------------------------------------------------------

def test_b1_every_player_antes_one_mark_into_the_pot_after_the_deal():
    m = new_match("braillespiel", 4, seed=1)
    assert kinds(m.events) == [MatchStarted, FirstDealerDrawn, Dealt, Anted]
    ante = m.events[-1]
    assert ante.pot == 4 == m.pot
    assert m.counts == [9, 9, 9, 9] and ante.totals == {0: 9, 1: 9, 2: 9, 3: 9}
    assert m.view(0).pot == 4


def test_b2_swap_one_two_or_three_cards_at_once_then_the_turn_ends():
    m = new_match("braillespiel", 3, seed=1)
    seat = m.to_act
    legal = m.legal_actions()
    sizes = [len(a.gave) for a in legal if isinstance(a, Swap)]
    assert (sizes.count(1), sizes.count(2), sizes.count(3)) == (9, 9, 1)
    assert [a for a in legal if not isinstance(a, Swap)] == [Pass()]  # no knock in braillespiel
    h, s = list(m.hands[seat]), list(m.widow)
    events = play(m, Swap((h[0], h[2]), (s[2], s[0])))
    assert events == [Swapped(events[0].player, (h[0], h[2]), (s[2], s[0]))]
    assert m.hands[seat] == [s[2], h[1], s[0]]  # paired by position
    assert m.widow == [h[2], s[1], h[0]]
    assert m.to_act == m.order[1] and m.phase is Phase.TURN
    seat = m.to_act
    h, s = list(m.hands[seat]), list(m.widow)
    play(m, Swap(tuple(h), tuple(s)))
    assert m.hands[seat] == s and m.widow == h


def test_b2_swap_refusals():
    m = new_match("braillespiel", 3, seed=1)
    seat = m.to_act
    h, s = m.hands[seat], m.widow
    msg = "Swap one, two or three of your cards for as many widow cards."
    refused(m, seat, Swap((h[0], h[1]), (s[0],)), msg)
    refused(m, seat, Swap((), ()), msg)
    refused(m, seat, Swap((h[0], h[0]), (s[0], s[1])), f"{h[0].code} is named twice.")
    refused(m, seat, Swap((h[0], h[1]), (s[0], s[0])), f"{s[0].code} is named twice.")
    refused(m, seat, Knock(), "No knocking in this game.")
    refused(m, seat, EndTurn(), "Nothing to end: you have not swapped yet.")


def test_b3_passing_is_final_and_the_last_player_keeps_turns_alone():
    m = new_match("braillespiel", 3, seed=1)
    e, mid, d = m.order
    play(m, Pass())
    play(m, Swap((m.hands[mid][0],), (m.widow[0],)))
    play(m, Pass())
    assert m.passed == {e, d}
    for _ in range(4):  # mid alone, any number of swaps
        assert m.to_act == mid
        play(m, Swap((m.hands[mid][0],), (m.widow[0],)))
    assert m.to_act == mid
    events = play(m, Pass())
    assert kinds(events)[:3] == [Passed, Showdown, Settled]


def test_b3_when_everyone_passes_the_hands_are_shown():
    m = new_match("braillespiel", 4, seed=1)
    o = m.order
    events = play(m, Pass(), Pass(), Pass())
    assert Showdown not in kinds(events)
    assert m.to_act == o[3]
    events = play(m, Pass())
    assert kinds(events)[:2] == [Passed, Showdown]
    assert [ev.player for ev in events if isinstance(ev, Passed)] == [o[3]]


def test_b3_players_who_passed_are_skipped_between_the_others():
    m = new_match("braillespiel", 4, seed=1)
    o = m.order
    play(m, Swap((m.hands[o[0]][0],), (m.widow[0],)), Pass())  # o[0] swaps, o[1] passes
    seats = []
    for _ in range(6):
        seats.append(m.to_act)
        play(m, Swap((m.hands[m.to_act][0],), (m.widow[0],)))
    assert seats == [o[2], o[3], o[0], o[2], o[3], o[0]]


def test_b7_b8_the_best_hand_takes_the_pot_and_ties_go_to_the_eldest():
    m = new_match("braillespiel", 3, seed=1)
    e, mid, d = m.order
    lay(m, ["7C 8D 10S", "AH KH 7S", "AS KS 9D"], "9C JD 9H")  # mid and d tie with 21 Punkte
    events = play(m, Pass(), Pass(), Pass())
    show = one(events, Showdown)
    assert show.winners == (mid,)  # B7: the one earlier in this hand's turn order
    assert show.values == {e: "high 10 8 7", mid: "points 21", d: "points 21"}
    chips = one(events, Settled)
    assert chips.changes == {e: -1, mid: 2, d: -1}  # B8: the whole pot of three marks
    assert chips.totals == {e: 9, mid: 12, d: 9}
    # The next hand antes again.
    assert kinds(events)[-2:] == [Dealt, Anted] and m.counts[mid] == 11 and m.pot == 3


def test_b7_all_tied_the_eldest_wins():
    m = new_match("braillespiel", 3, seed=1)
    e, _mid, _d = m.order
    lay(m, ["AH KH 7C", "AS KS 8D", "AD KD 9C"], "7D 8S 9H")
    events = play(m, Pass(), Pass(), Pass())
    assert one(events, Showdown).winners == (e,)


def test_b1_b10_a_player_without_marks_is_out_and_one_holding_all_marks_ends_the_match():
    m = new_match("braillespiel", 4, seed=1, marks=2)
    o = m.order
    lay(m, ["AH KH 7C", "7S 8D 10C", "8S 9D JC", "QS 10D 7H"], "9C 9H JD")
    events = play(m, *[Pass()] * 4)
    assert one(events, Settled).totals == {o[0]: 5, o[1]: 1, o[2]: 1, o[3]: 1}
    assert Eliminated not in kinds(events)
    # Second hand: the new turn order, and a new winner.
    o2 = m.order
    winner = o2[0]
    lay(m, ["AH KH QH", "7S 8D 10C", "8S 9D JC", "QS 10D 7C"], "9C 9H JD")
    events = play(m, *[Pass()] * 4)
    totals = one(events, Settled).totals
    assert sum(totals.values()) == 8  # marks move between players only
    broke = sorted(s for s, v in totals.items() if v == 0)
    assert sorted(ev.player for ev in events if isinstance(ev, Eliminated)) == broke
    assert winner not in broke and len(broke) == 2
    assert not m.over and len(m.order) == 2  # the match goes on with the two who still hold marks
    assert set(m.order).isdisjoint(broke) and m.pot == 2


def test_b10_one_player_holding_all_marks_wins():
    m = new_match("braillespiel", 3, seed=1, marks=1)
    e, mid, d = m.order
    lay(m, ["AH KH QH", "7S 8D 10C", "8S 9D JC"], "9C 9H JD")
    events = play(m, Pass(), Pass(), Pass())
    assert kinds(events)[-3:] == [Eliminated, Eliminated, MatchEnded]
    assert events[-1] == MatchEnded((e,), {e: 3, mid: 0, d: 0})
    assert m.over


def test_b10_hands_limit_ends_the_match_and_equal_marks_share_the_win():
    m = new_match("braillespiel", 3, seed=1, marks=5, hands=1)
    e, mid, d = m.order
    m.counts[mid] = 7  # as if mid had won marks before: after the pot goes to e they hold as many
    lay(m, ["AH KH QH", "7S 8D 10C", "8S 9D JC"], "9C 9H JD")
    events = play(m, Pass(), Pass(), Pass())
    end = one(events, MatchEnded)
    assert sorted(end.winners) == sorted([e, mid])
    assert end.standings == {e: 7, mid: 7, d: 4}
    assert m.over and Dealt not in kinds(events)


def test_b10_the_match_ends_after_the_set_number_of_hands():
    for seed in range(3):
        m = bot_match("braillespiel", 4, seed, "random", hands=3)
        assert m.hand_no <= 3
        if not any(isinstance(e, Eliminated) for e in m.events):
            assert m.hand_no == 3


def test_b11_bot_only_braillespiel_hands_end():
    m = bot_match("braillespiel", 5, 7, "random", marks=2)
    assert m.over


def person_out(seed: int, final_round: bool = True, **options) -> Match:
    """Braillespiel of four: a person who always passes (and so goes out), and three heuristic computer players."""
    players = [Player("You", "human"), *(Player(f"Bot {i}", "bot:heuristic") for i in (1, 2, 3))]
    m = Match(ruleset("braillespiel", **options), players, seed, final_round=final_round)
    bots = {s: make_bot("heuristic", seed * 10 + s) for s in (1, 2, 3)}
    while not m.over:
        seat = m.to_act
        m.apply(seat, Pass() if seat == 0 else bots[seat].choose(m.view(seat)))
    return m


def test_b12_once_the_last_person_is_out_each_player_left_deals_once_more():
    """Issue 25, item 4: after a person went out, three computer players played on for hundreds of hands."""
    m = person_out(3)
    out = next(i for i, e in enumerate(m.events) if isinstance(e, Eliminated) and e.player == 0)
    assert m.events[out] == Eliminated(0, 3)
    hand = max(e.hand for e in m.events[:out] if isinstance(e, Dealt))
    deals = [e for e in m.events[out:] if isinstance(e, Dealt)]
    assert [e.hand for e in deals] == [hand + 1, hand + 2, hand + 3]
    assert sorted(e.dealer for e in deals) == [1, 2, 3]  # each deals once
    end = m.events[-1]
    top = max(m.counts)
    assert end == MatchEnded(tuple(s for s in range(4) if m.counts[s] == top), dict(enumerate(m.counts)),
                             final_round=True)


def test_b12_the_hands_option_may_end_the_match_sooner():
    m = person_out(3, hands=12)
    at = next(i for i, e in enumerate(m.events) if isinstance(e, Eliminated) and e.player == 0)
    hand = max(e.hand for e in m.events[:at] if isinstance(e, Dealt))
    assert m.events[at] == Eliminated(0, 12 - hand) and 12 - hand < 3
    assert m.hand_no == 12 and m.events[-1].final_round


def test_b12_matches_of_computer_players_alone_or_people_alone_play_on():
    """B12 is for the person waiting: a match of computer players measures the rules as they are (simulate), a
    match of people always has one in."""
    m = bot_match("braillespiel", 3, 7, "heuristic", marks=3)
    assert not m.final_round and not any(getattr(e, "final_round", None) for e in m.events)
    assert not new_match("braillespiel", 3, 1).final_round


def test_b12_a_record_before_format_4_replays_without_the_final_round():
    """Records written before B12 played on after the last person was out: replayed as they were played, and
    written back in their own format, never as format 4 (whose reader would end them early)."""
    old = person_out(7, final_round=False)
    lines = list(record_lines(old.events))
    assert json.loads(lines[0])["format"] == PLAIN_FORMAT
    again = replay(lines)
    assert again.events == old.events and list(record_lines(again.events)) == lines
    newer = person_out(7)
    assert json.loads(next(record_lines(newer.events)))["format"] == FINAL_ROUND_FORMAT
    assert newer.hand_no < old.hand_no
    head = json.loads(lines[0])
    with pytest.raises(RecordError):  # read as format 4, the old match ends with its final round
        replay([json.dumps({**head, "format": FINAL_ROUND_FORMAT}), *lines[1:]])


# ---------------------------------------------------------------------------------------------------------------
# Handeln: H1-H4, H6, H7
# ---------------------------------------------------------------------------------------------------------------

QUIET = ["7C 8D 9S", "7H 8S 10C", "JC QD 7S", "JH QS 8C"]  # nobody holds 31 (max of the four: 20)


def test_h1_only_the_dealer_may_exchange_the_whole_hand_and_only_first():
    m = new_match("handeln", 4, seed=2)
    d = m.dealer
    lay(m, QUIET, "AC 9D 10H")
    assert m.legal_actions() == [ExchangeAll(), Keep()]
    assert m.view(m.order[0]).legal == ()
    refused(m, m.order[0], ExchangeAll(), "It is not your turn.")
    refused(m, d, Pass(), "First exchange your cards or keep them.")
    refused(m, d, swap(" ".join(c.code for c in m.hands[d][:1]), "AC"), "First exchange your cards or keep them.")
    old_hand, old_widow = list(m.hands[d]), list(m.widow)
    events = play(m, ExchangeAll())
    assert events == [ExchangedAll(d, tuple(old_hand), tuple(old_widow))]
    assert m.hands[d] == old_widow and m.widow == old_hand  # the old hand becomes the new face-up three
    assert (m.phase, m.to_act) == (Phase.TURN, m.order[0])
    play(m, Pass(), Pass(), Pass())
    assert m.to_act == d and ExchangeAll() not in m.legal_actions()
    refused(m, d, ExchangeAll(), "Only the dealer may exchange, right after the deal.")


def test_h1_the_dealer_may_keep_the_hand():
    m = new_match("handeln", 4, seed=2)
    lay(m, QUIET, "AC 9D 10H")
    hands = [list(h) for h in m.hands]
    dealer = m.to_act
    assert play(m, Keep()) == [Kept(dealer)]  # the table hears it (format 2)
    assert [list(h) for h in m.hands] == hands and m.to_act == m.order[0]


def test_h2_a_trade_is_one_card_and_a_pass_shows_no_card():
    m = new_match("handeln", 4, seed=2)
    lay(m, QUIET, "AC 9D 10H")
    play(m, Keep())
    e = m.to_act
    events = play(m, swap("7C", "9D"))
    assert events == [Swapped(e, tuple(cards("7C")), tuple(cards("9D")))]
    assert m.widow == cards("AC 7C 10H") and m.to_act == m.order[1]  # one card per turn
    refused(m, m.to_act, swap("7H 8S", "AC 7C"), "Swap one of your cards for one widow card.")
    refused(m, m.to_act, swap("7H", "9D"), "9D is not in the widow.")  # a card taken back is not on the table
    events = play(m, Pass())
    assert events == [Passed(m.order[1])]
    assert e != m.to_act


def test_h3_eingeschafft_gives_every_other_player_one_more_turn_then_the_showdown():
    m = new_match("handeln", 4, seed=2)
    lay(m, QUIET, "AC 9D 10H")
    play(m, Keep())
    o = m.order
    play(m, Pass())
    events = play(m, Knock())
    assert kinds(events) == [Knocked] and m.knocker == o[1]
    seats = []
    for _ in range(3):
        seats.append(m.to_act)
        refused(m, m.to_act, Knock(), "I'm in was called already.")
        events = play(m, Pass())
    assert seats == [o[2], o[3], o[0]]  # the caller does not trade again
    assert Showdown in kinds(events)


def test_h3_h8_passing_alone_never_ends_a_handeln_hand():
    m = new_match("handeln", 3, seed=2)
    lay(m, QUIET[:3], "AC 9D 10H")
    play(m, Keep())
    events = play(m, *[Pass()] * 30)
    assert Showdown not in kinds(events) and m.hand_no == 1


def test_h4_feuer_right_after_the_deal_in_order_from_eldest():
    m = new_match("handeln", 4, seed=2)
    o = m.order
    lay(m, ["AH KH QH", "7C 8D 9S", "AC AD AS", "JH QS 8C"], "7H 9D 10H")  # o[0] 31, o[2] 33
    play(m, Keep())  # the dealer keeps the hand
    assert (m.phase, m.to_act) == (Phase.CALL, o[0])
    assert m.legal_actions() == [Fire(), Wait()]
    refused(m, o[0], Pass(), "First call, or wait.")
    play(m, Wait())
    assert (m.phase, m.to_act) == (Phase.CALL, o[2])
    events = play(m, Fire())
    assert kinds(events)[:3] == [Fired, Showdown, Settled]  # trading stops at once
    assert events[0].player == o[2]
    assert one(events, Showdown).losers == (o[1],)


def test_h4_after_the_dealers_exchange_the_dealer_may_call_too():
    m = new_match("handeln", 3, seed=2)
    e, _mid, d = m.order
    lay(m, ["7C 8D 9S", "7H 8S 10C", "JC QD 7S"], "AH KH QH")
    play(m, ExchangeAll())
    assert (m.phase, m.to_act) == (Phase.CALL, d)
    play(m, Wait())
    assert (m.phase, m.to_act) == (Phase.TURN, e)


def test_h4_feuer_in_place_of_a_trade_and_at_the_end_of_a_trade():
    m = new_match("handeln", 3, seed=2)
    _e, mid, _d = m.order
    lay(m, ["AH KH QH", "AS KS 7C", "7H 8S 10C"], "QS 9D 8D")
    play(m, Keep(), Wait())  # no exchange; e declines the call after the deal
    assert m.phase is Phase.TURN and Fire() in m.legal_actions()  # in place of a trade
    play(m, Pass())
    play(m, swap("7C", "QS"))  # mid reaches 31 with the trade
    assert (m.phase, m.to_act) == (Phase.CONTINUE, mid)
    assert m.legal_actions() == [Fire(), EndTurn()]
    events = play(m, Fire())
    assert kinds(events)[:2] == [Fired, Showdown] and events[0].player == mid


def test_h4_feuer_in_the_last_turns_after_eingeschafft():
    m = new_match("handeln", 3, seed=2)
    _e, _mid, d = m.order
    lay(m, ["7C 8D 9S", "7H 8S 10C", "AS KS 7D"], "QS 9D 8C")
    play(m, Keep(), Pass(), Knock())
    play(m, swap("7D", "QS"))
    assert (m.phase, m.to_act) == (Phase.CONTINUE, d)
    events = play(m, Fire())
    assert kinds(events)[:2] == [Fired, Showdown]  # e's last turn does not come


def test_h4_feuer_only_with_31_or_more():
    m = new_match("handeln", 3, seed=2)
    lay(m, ["KH QH 10H", "7H 8S 10C", "AS KS 7D"], "QS 9D 8C")  # 30 is not enough
    play(m, Keep())
    assert (m.phase, m.to_act) == (Phase.TURN, m.order[0])
    assert Fire() not in m.legal_actions()
    refused(m, m.to_act, Fire(), "You may call only with 31 points or more.")
    play(m, swap("10H", "9D"))
    assert m.to_act == m.order[1]  # no offer of fire after a trade below 31


def test_h6_all_players_tied_for_fewest_get_a_minus_point():
    m = new_match("handeln", 4, seed=2)
    o = m.order
    lay(m, ["7C 8D 9S", "7H 8S 9C", "AH KH 9H", "JH JS 8C"], "10C 9D 10H")  # 9, 9, 30, 20
    play(m, Keep(), Knock(), Pass(), Pass(), )
    events = play(m, Pass())
    show = one(events, Showdown)
    assert list(show.losers) == sorted([o[0], o[1]])
    assert show.values[o[0]] == "high 9"
    chips = one(events, Settled)
    assert chips.changes == {o[0]: 1, o[1]: 1}
    assert chips.totals == {s: (1 if s in (o[0], o[1]) else 0) for s in range(4)}
    assert Eliminated not in kinds(events)


def test_h7_the_match_ends_when_a_player_reaches_the_limit():
    m = new_match("handeln", 3, seed=2, limit=2)
    e, mid, d = m.order
    m.counts[e] = 1
    lay(m, ["7C 8D 9S", "7H 8S 9C", "AH KH 9H"], "10C 9D 10H")
    events = play(m, Keep(), Knock(), Pass(), Pass())
    end = one(events, MatchEnded)
    assert end.standings == {e: 2, mid: 1, d: 0}
    assert end.winners == (d,) and end.losers == (e,)
    assert m.over


def test_h7_several_players_may_share_either_place():
    m = new_match("handeln", 4, seed=2, limit=1)
    o = m.order
    lay(m, ["7C 8D 9S", "7H 8S 9C", "AH KH 9H", "AC KC 8H"], "JC 9D 10H")
    events = play(m, Keep(), Knock(), Pass(), Pass(), Pass())
    end = one(events, MatchEnded)
    assert sorted(end.winners) == sorted([o[2], o[3]])
    assert sorted(end.losers) == sorted([o[0], o[1]])


# ---------------------------------------------------------------------------------------------------------------
# Thirty-One: T1-T3; Trentuno: R1-R3
# ---------------------------------------------------------------------------------------------------------------

def test_t2_calling_31_right_after_the_deal_in_order_from_eldest():
    m = new_match("thirty-one", 3, seed=1)
    e, mid, d = m.order
    lay(m, ["2C 3D 5H", "AH KH QH", "AS KS QS"], "9C 9D 2H")
    offer_calls_again(m)
    assert (m.phase, m.to_act) == (Phase.CALL, mid)
    assert m.legal_actions() == [Fire(), Wait()]
    play(m, Wait())
    assert (m.phase, m.to_act) == (Phase.CALL, d)
    events = play(m, Fire())
    assert kinds(events)[:3] == [Fired, Showdown, Settled]
    assert one(events, Showdown).losers == (e,)  # T3


def test_t2_calling_31_in_place_of_a_swap_or_at_the_end_of_a_swap_also_in_the_last_round():
    m = new_match("thirty-one", 3, seed=1)
    e, mid, d = m.order
    lay(m, ["AH KH QH", "2C 3D 5H", "AS KS 7D"], "QS 9D 8C")
    offer_calls_again(m)
    play(m, Wait())
    assert m.phase is Phase.TURN and m.to_act == e and Fire() in m.legal_actions()  # in place of a swap
    play(m, Knock())
    play(m, Pass())
    play(m, swap("7D", "QS"))  # d's last-round swap reaches 31
    assert (m.phase, m.to_act) == (Phase.CONTINUE, d)
    assert m.legal_actions() == [Fire(), EndTurn()]
    events = play(m, Fire())
    assert kinds(events)[:2] == [Fired, Showdown]
    assert one(events, Showdown).losers == (mid,)


def test_t2_a_swap_below_31_ends_the_turn_and_a_tricon_30_5_cannot_call():
    m = new_match("thirty-one", 3, seed=1)
    lay(m, ["7C 7D 7H", "2C 3D 5H", "AS KS 6D"], "QS 9D 8C")
    offer_calls_again(m)
    assert m.phase is Phase.TURN
    refused(m, m.to_act, Fire(), "You may call only with 31 points or more.")
    play(m, swap("7C", "8C"))
    assert m.to_act == m.order[1] and m.phase is Phase.TURN


def test_t3_lowest_value_loses_a_life_all_tied_for_lowest_lose_one():
    m = new_match("thirty-one", 4, seed=1)
    o = m.order
    events = showdown_of(m, ["10C 2D 3S", "JC 4D 5S", "7C 7D 7H", "AH 2H 3D"], widow="9C 10D 8H")  # 10 10 30.5 13
    show = one(events, Showdown)
    assert list(show.losers) == sorted([o[0], o[1]])
    assert show.values[o[2]] == "tricon 7 30.5"
    assert one(events, Settled).totals == {s: (2 if s in (o[0], o[1]) else 3) for s in range(4)}


def test_r1_trentuno_plays_the_40_card_deck():
    m = new_match("trentuno", 6, seed=3)
    every = [c for h in m.hands for c in h] + m.widow + m.stock
    assert len(every) == len(set(every)) == 40
    assert not {c.rank for c in every} & {8, 9, 10}


def test_r2_r3_a_bust_loses_and_tied_worst_each_lose():
    m = new_match("trentuno", 3, seed=3)
    e = m.order[0]
    events = showdown_of(m, ["AC AD KH", "2C 2D 3H", "AH KS QD"], widow="4C 5D 6H")
    assert one(events, Showdown).losers == (e,)
    assert one(events, Showdown).values[e] == "bust 32"
    m = new_match("trentuno", 3, seed=3)
    e, mid, _d = m.order
    events = showdown_of(m, ["AC AD KH", "AS AH QC", "7H 7S 7D"], widow="4C 5D 6H")
    assert list(one(events, Showdown).losers) == sorted([e, mid])
    assert one(events, Settled).changes == {e: -1, mid: -1}


def test_r1_trentuno_turns_and_stalemate_as_commerce():
    m = new_match("trentuno", 3, seed=3)
    assert Knock() in m.legal_actions() and Fire() not in m.legal_actions()
    events = play(m, *[Pass()] * 6)
    assert Showdown in kinds(events)


# ---------------------------------------------------------------------------------------------------------------
# Refusals change nothing; G10 determinism
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["commerce", "braillespiel", "handeln", "thirty-one", "trentuno"])
def test_illegal_actions_are_refused_and_change_nothing(name: str):
    m = new_match(name, 4, seed=6)
    seat = m.to_act
    other = next(s for s in range(4) if s != seat)
    stock_card = m.stock[0]
    refused(m, other, Pass(), "It is not your turn.")
    refused(m, None, Pass(), "It is not your turn.")
    refused(m, seat, Swap((stock_card,), (m.widow[0],)))
    refused(m, seat, Pounce())
    if name != "handeln":
        refused(m, seat, ExchangeAll(), "No exchange of the whole hand in this game.")
        refused(m, seat, EndTurn(), "Nothing to end: you have not swapped yet.")
    if name in ("commerce", "trentuno", "braillespiel"):
        refused(m, seat, Fire(), "No call in this game.")
    # Still at the same decision: a legal action is accepted afterwards.
    before = full_state(m)
    play(m, m.legal_actions()[-1])
    assert full_state(m) != before


@pytest.mark.parametrize(("name", "options"), [("commerce", {"swaps_per_turn": 3, "pounce": True}),
                                               ("braillespiel", {"marks": 3}), ("handeln", {}),
                                               ("thirty-one", {}), ("trentuno", {})])
def test_g10_the_same_seed_and_decisions_give_the_same_match(name: str, options: dict):
    a = bot_match(name, 4, seed=11, kind="random", **options)
    b = bot_match(name, 4, seed=11, kind="random", **options)
    assert [e.to_record() for e in a.events] == [e.to_record() for e in b.events]
    c = new_match(name, 4, seed=12, **options)
    assert c.events[2] != a.events[2]


def test_g7_every_seat_sees_the_whole_history_but_only_its_own_dealt_hands():
    m = bot_match("handeln", 4, seed=3, kind="random")
    for seat in range(4):
        history = m.view(seat).history
        assert len(history) == len(m.events)
        for seen, event in zip(history, m.events, strict=True):
            if isinstance(event, Dealt):
                assert seen == dataclasses.replace(event, hands={seat: event.hands[seat]})
            elif isinstance(event, MatchStarted):
                assert seen == dataclasses.replace(event, seed=None)  # G10: the seed makes every card computable
            else:
                assert seen == event  # everything else is public: swaps, exchanges, the showdown
