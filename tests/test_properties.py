"""Properties that hold in every match, checked with hypothesis over every ruleset, several option sets and
player counts: random decision sequences (indices drawn into the legal actions) and matches between computer
players.

After every action: every card of the deck is exactly once in a hand, the widow, the stock or the cards out of play
(the middles laid aside, S5; the cards traded away, X3) (G5, C2, C17, H1); the widow holds three cards (C2), none in
tauschen (X1); chips, lives and marks are never negative and marks are conserved (B1, B8); chips only move between
players by trades and otherwise go back to the supply (X3, X5); a schwimmen player at 0 lives swims and is out only
after going under (S9); minus points are never negative (H6); the match always waits at a seat with legal actions,
or is over. Every legal action is accepted. Matches between computer players end (B11, H8, S10, X6), and their
records replay exactly (G10). A seat's view and its history never hold a card the rules keep from it (G7, S2, X3,
X4): checked against what each seat may know, worked out from the engine's whole record.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from engine_helpers import named_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commerce_a11y.bots import MAX_OWN_TURNS, make_bot
from commerce_a11y.cards import CARDS, Card
from commerce_a11y.rules import (
    Accept,
    Bartered,
    Dealt,
    Decline,
    EndTurn,
    Event,
    ExchangeAll,
    ExchangedAll,
    Fire,
    FirstDealerDrawn,
    IllegalAction,
    Keep,
    Kept,
    Knock,
    Match,
    MatchEnded,
    Offer,
    Offered,
    Pass,
    Phase,
    Player,
    Pounce,
    Pounced,
    Refreshed,
    Showdown,
    Swap,
    Swapped,
    Trade,
    Traded,
    Wait,
    record_lines,
    replay,
    ruleset,
)
from commerce_a11y.rules.rulesets import Settlement

CONFIGS = [
    ("commerce", {}, 12),
    ("commerce", {"swaps_per_turn": 3, "pounce": True}, 12),
    ("commerce", {"extended": True, "ace_low": True, "chips": 2}, 8),
    ("commerce", {"swaps_per_turn": 2, "pounce": True, "extended": True, "chips": 1}, 6),
    ("braillespiel", {"marks": 2}, 9),
    ("braillespiel", {"krikelkrakel": True, "hands": 3, "deck": 52}, 12),
    ("braillespiel", {"deck": 32, "marks": 3}, 9),
    ("handeln", {"limit": 2}, 9),
    ("handeln", {}, 5),
    ("thirty-one", {"chips": 2}, 12),
    ("trentuno", {"chips": 1}, 12),
    ("trentuno", {}, 6),
    ("schwimmen", {}, 9),
    ("schwimmen", {"chips": 1}, 4),
    ("tauschen", {}, 12),
    ("tauschen", {"chips": 2}, 5),
]

QUICK = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOTS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EVERY_CONFIG = pytest.mark.parametrize(
    "config", CONFIGS,
    ids=[" ".join([name, *(f"{k}={v}" for k, v in options.items())]) for name, options, _ in CONFIGS],
)


@st.composite
def setups(draw: st.DrawFn, config: tuple[str, dict, int]) -> tuple[str, dict, int, int]:
    name, options, most = config
    n = draw(st.integers(ruleset(name, **options).min_players, most))
    seed = draw(st.integers(0, 2**32 - 1))
    return name, options, n, seed


def new(name: str, options: dict, n: int, seed: int, kind: str = "human") -> Match:
    return Match(ruleset(name, **options), [Player(f"P{i}", kind) for i in range(n)], seed=seed)


SHARED_CARDS = {id(card): card for card in CARDS}
"""The cards, immutable: a copy of a match shares them (copying each, an ``int`` subclass, was most of the time)."""


def clone(m: Match) -> Match:
    """A copy to try an action on (the immutable ruleset, deck, cards and past events shared, not copied; the
    random stream copied by its state, not number by number)."""
    memo: dict[int, Any] = {**SHARED_CARDS, id(m.rules): m.rules, id(m._deck): m._deck,
                            id(m.events): list(m.events), id(m._logs): [list(log) for log in m._logs]}
    if isinstance(m._rng, random.Random):
        stream = random.Random()
        stream.setstate(m._rng.getstate())
        memo[id(m._rng)] = stream
    return copy.deepcopy(m, memo)


def check_invariants(m: Match, start: list[int]) -> None:
    rules = m.rules
    n = len(m.players)
    deck = rules.deck(n)
    everything = [c for h in m.hands for c in h] + m.widow + m.stock + m.discards
    assert sorted(everything) == sorted(deck)  # conserved: the deck exactly, nothing twice
    assert len(m.widow) == (3 if rules.widow else 0)
    for seat in range(n):
        if seat in m.order:
            assert len(m.hands[seat]) in ((3, 4) if rules.pounce else (3,))
        else:
            assert m.out[seat] and m.hands[seat] == []
    assert all(c >= 0 for c in m.counts)
    if rules.settlement is Settlement.BEST_TAKES_POT:
        assert sum(m.counts) + m.pot == n * rules.starting_count  # B1, B8: marks only move
    elif rules.settlement is Settlement.WORST_LOSES:
        if rules.trade:  # X3, X5: trades move chips to the dealer; showdowns and the dealer's trades to the supply
            assert sum(m.counts) <= sum(start)
        else:  # C13: chips only go back to the supply
            assert all(c <= s for c, s in zip(m.counts, start, strict=True))
        if rules.swim:  # S9: at 0 lives a player swims; only going under puts them out
            assert all(m.counts[s] == 0 for s in range(n) if m.out[s])
            assert m.swimming == {s for s in range(n) if m.counts[s] == 0 and not m.out[s]}
        else:
            assert all(m.out[s] == (m.counts[s] == 0) for s in range(n))
    else:
        assert all(0 <= c <= rules.minus_limit for c in m.counts)  # H6, H7
    if m.over:
        assert m.to_act is None and m.legal_actions() == [] and isinstance(m.events[-1], MatchEnded)
    else:
        assert m.to_act in m.order and not m.out[m.to_act]
        assert m.legal_actions()
        assert m.view(m.to_act).legal == tuple(m.legal_actions())
        assert (m.phase is Phase.ANSWER) == (m.offer is not None)
        if m.offer is not None:  # X4: the right-hand neighbour answers
            assert m.to_act == m.offer.to == m.order[m.order.index(m.offer.player) - 1]
        if m.phase is Phase.TURN and rules.pass_is_final:
            assert m.to_act not in m.passed


def learned(event: Event, seat: int) -> set[Card]:
    """The cards an event of the engine's whole record lets ``seat`` know, by the rules (G7, S2, X3, X4), worked
    out apart from ``visible_to``."""
    match event:
        case FirstDealerDrawn():
            return named_cards(event)  # G2: the draw is open
        case Dealt():
            return set(event.hands.get(seat, ())) | (set() if event.face_down else set(event.widow))
        case Kept():
            return set(event.turned_up)  # S2: the middle turned face up
        case ExchangedAll():
            return set(event.gave) | (set() if event.blind and seat != event.player else set(event.took))
        case Swapped() | Pounced() | Refreshed() | Showdown():
            return named_cards(event)  # laid face up, taken from face up, shown
        case Traded():
            return named_cards(event) if seat == event.player else set()  # X3: only the trader
        case Offered() | Bartered():
            return named_cards(event) if seat in (event.player, event.to) else set()  # X4: only the two
        case _:
            return set()


def check_views_hide(m: Match) -> None:
    """Nothing a seat's view or the events it was told hold reveals a card it may not know; and the view is the
    true state where the seat may see it."""
    for seat in range(len(m.players)):
        view = m.view(seat)
        known: set[Card] = set()
        for event, seen in zip(m.events, view.history, strict=True):
            if isinstance(event, Dealt):
                known = set()  # a new shuffle: each hand's knowledge is its own
            known |= learned(event, seat)
            assert type(seen) is type(event)
            assert named_cards(seen) <= known, (seat, event, seen)
        assert view.hand == tuple(m.hands[seat]) and set(view.hand) <= known
        assert view.widow == (() if m.face_down else tuple(m.widow)) and set(view.widow) <= known
        assert view.face_down == m.face_down
        if view.offer is not None:
            assert view.offer.player == m.offer.player and view.offer.to == m.offer.to
            assert (view.offer.card == m.offer.card) == (seat in (m.offer.player, m.offer.to))
            assert view.offer.card is None or view.offer.card in known


def check_all_legal_accepted(m: Match) -> None:
    for action in m.legal_actions():
        trial = clone(m)
        trial.apply(trial.to_act, action)  # must not raise


@EVERY_CONFIG
@given(data=st.data())
@QUICK
def test_random_decisions_keep_every_invariant(config, data):
    name, options, n, seed = data.draw(setups(config), label="setup")
    m = new(name, options, n, seed)
    start = list(m.counts)
    check_invariants(m, start)
    # Where the match stood when its record last grew: a decline (Done) writes no line, so a record that stops
    # after one replays to the moment before it.
    last_line = (m.to_act, m.phase, [list(hand) for hand in m.hands], list(m.widow))
    steps = data.draw(st.integers(20, 160), label="steps")
    for step in range(steps):
        if m.over:
            break
        legal = m.view(m.to_act).legal
        if step % 9 == 0:
            check_all_legal_accepted(m)
            check_views_hide(m)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        events = m.apply(m.to_act, action)
        assert events or action.kind == "done"
        check_invariants(m, start)
        if events:
            last_line = (m.to_act, m.phase, [list(hand) for hand in m.hands], list(m.widow))
    check_views_hide(m)
    again = replay(record_lines(m.events))
    assert [e.to_record() for e in again.events] == [e.to_record() for e in m.events]
    assert (again.to_act, again.phase, again.hands, again.widow) == last_line


@EVERY_CONFIG
@given(data=st.data(), kind=st.sampled_from(["random", "basic"]), mixed=st.booleans())
@BOTS
def test_bot_only_matches_end_and_replay_exactly(config, data, kind, mixed):
    name, options, n, seed = data.draw(setups(config), label="setup")
    if name == "braillespiel" and not options.get("hands"):
        options = {**options, "marks": min(options.get("marks", 2), 2)}  # keep long braillespiel matches short
    m = new(name, options, n, seed, kind=f"bot:{kind}")
    kinds = [("basic" if mixed and i % 2 else kind) for i in range(n)]
    bots = [make_bot(k, seed + i) for i, k in enumerate(kinds)]
    start = list(m.counts)
    for _ in range(50_000):
        if m.over:
            break
        seat = m.to_act
        view = m.view(seat)
        assert view.own_turns <= MAX_OWN_TURNS + 1  # B11, H8: computer players wind down after the bound
        m.apply(seat, bots[seat].choose(view))
        check_invariants(m, start)
    assert m.over
    end = m.events[-1]
    assert isinstance(end, MatchEnded) and m.winners == end.winners
    assert set(end.winners) <= set(range(n))
    check_views_hide(m)
    again = replay(list(record_lines(m.events)))
    assert [e.to_record() for e in again.events] == [e.to_record() for e in m.events]
    assert again.over and again.winners == m.winners


@EVERY_CONFIG
@given(data=st.data())
@settings(max_examples=4, deadline=None)
def test_illegal_actions_never_change_a_match(config, data):
    name, options, n, seed = data.draw(setups(config), label="setup")
    m = new(name, options, n, seed)
    for _ in range(data.draw(st.integers(0, 40), label="steps")):
        if m.over:
            break
        legal = m.legal_actions()
        m.apply(m.to_act, legal[data.draw(st.integers(0, len(legal) - 1))])
    if m.over:
        return
    stock, hand = m.stock[0] if m.stock else m.discards[0], m.hands[m.to_act][0]
    middle = m.widow[0] if m.widow else stock
    candidates = [Keep(), Wait(), EndTurn(), ExchangeAll(), Fire(), Knock(), Pass(), Pounce(), Decline(),
                  Swap((stock,), (middle,)), Swap((hand,), (stock,)), Swap((hand,), (middle,)),
                  Trade(stock), Trade(hand), Offer(stock), Offer(hand), Accept(stock), Accept(hand)]
    before = [e.to_record() for e in m.events], copy.deepcopy((m.hands, m.widow, m.stock, m.counts)), m.to_act
    for action in candidates:
        if action in m.legal_actions():
            continue
        try:
            m.apply(m.to_act, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was accepted although not legal")
        after = [e.to_record() for e in m.events], (m.hands, m.widow, m.stock, m.counts), m.to_act
        assert after == before


@BOTS
@given(data=st.data())
def test_b12_a_match_with_every_person_out_ends_within_the_final_round(data):
    """Issue 25, item 4 (B12): once the last person is out, the match ends within one more hand for each player
    still in, with the final round marked in its last line where the round ran to its end; its record (format 4)
    replays exactly."""
    n = data.draw(st.integers(3, 7))
    people = data.draw(st.integers(1, n - 1))
    marks = data.draw(st.integers(1, 6))
    hands = data.draw(st.sampled_from([0, 0, 5, 12]))
    seed = data.draw(st.integers(0, 2**32 - 1))
    players = [Player(f"P{i}", "human" if i < people else "bot:heuristic") for i in range(n)]
    m = Match(ruleset("braillespiel", marks=marks, hands=hands), players, seed=seed)
    bots = [make_bot("random" if i < people else "heuristic", seed % 1000 + i) for i in range(n)]
    bound: int | None = None
    began = False
    while not m.over:
        seat, hand = m.to_act, m.hand_no
        m.apply(seat, bots[seat].choose(m.view(seat)))
        if bound is None and not any(m.players[s].kind.is_human and not m.out[s] for s in range(n)):
            # The hand that put the last person out, then a round (B10's limit first, where it comes sooner).
            bound = hand + sum(not out for out in m.out)
            bound = min(bound, hands) if hands else bound
            began = not m.over
        if bound is not None:
            assert m.hand_no <= bound
    end = m.events[-1]
    assert isinstance(end, MatchEnded)
    if bound is not None:
        assert end.final_round == (began and m.hand_no == bound and sum(not o for o in m.out) > 1)
        top = max(m.counts)
        assert end.winners == tuple(s for s in range(n) if m.counts[s] == top)
    else:
        assert not end.final_round
    lines = list(record_lines(m.events))
    assert replay(lines).events == m.events
