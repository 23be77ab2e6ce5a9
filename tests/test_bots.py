"""Computer players: they see only their seat, they always act legally, and their look-ahead follows the rules."""

from __future__ import annotations

import copy
import itertools
import random
from dataclasses import dataclass, replace

import pytest
from engine_helpers import lay, named_cards, new_match, play_out

from commerce_a11y.bots import BOT_KINDS, make_bot, without_undo
from commerce_a11y.bots.base import MAX_OWN_TURNS, Bot
from commerce_a11y.bots.dominance import undominated
from commerce_a11y.bots.knowledge import Decision, Knowledge
from commerce_a11y.bots.scoring import after_swap, knock_floor
from commerce_a11y.bots.sim import KNOCK, PASS, SWAP, Sim, best_swap, sim_action
from commerce_a11y.bots.strong import TIE_RULE_FROM, WAIT_BIAS, StrongBot
from commerce_a11y.cards import CARDS, parse_cards
from commerce_a11y.rules import (
    Action,
    Dealt,
    EndTurn,
    Keep,
    Knock,
    Match,
    Pass,
    Phase,
    Player,
    Pounced,
    SeatView,
    Showdown,
    Swap,
    Swapped,
    Trade,
    ruleset,
)
from commerce_a11y.simulate import play_match

RULESETS = [("commerce", {}), ("commerce", {"swaps_per_turn": 3, "pounce": True}), ("braillespiel", {"marks": 2}),
            ("handeln", {"limit": 2}), ("thirty-one", {"chips": 1}), ("trentuno", {"chips": 1}),
            ("schwimmen", {"chips": 1}), ("tauschen", {"chips": 2})]


def advance(match: Match, steps: int, seed: int) -> None:
    """A few legal random moves, so that histories hold swaps, passes and knowledge of taken cards."""
    rng = random.Random(seed)
    for _ in range(steps):
        if match.over:
            return
        legal = [a for a in match.legal_actions() if a.kind != "fire"]
        match.apply(match.to_act, legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("kind", list(BOT_KINDS))
@pytest.mark.parametrize(("name", "options"), RULESETS)
def test_hidden_cards_of_other_seats_never_change_a_decision(kind: str, name: str, options: dict) -> None:
    """Issue 4: a computer player sees only its seat's view; what others hold unseen cannot matter."""
    for seed in range(3):
        match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(4)], seed=seed)
        advance(match, 5 + seed * 3, seed)
        if match.over:
            continue
        seat = match.to_act
        first = make_bot(kind, 99).choose(match.view(seat))
        # Exchange every unseen card of the other seats with the stock: what they hold is now entirely different,
        # while everything this seat saw (its hand, the widow, the history as it was told to this seat) stays as
        # it was.
        seen = set(match.hands[seat]) | set(match.widow)
        for event in match.view(seat).hand_history:
            seen |= named_cards(event)
        stock = [c for c in match.stock if c not in seen]
        for other in match.order:
            if other == seat:
                continue
            for i, card in enumerate(match.hands[other]):
                if card not in seen and stock:
                    match.hands[other][i] = stock.pop()
        second = make_bot(kind, 99).choose(match.view(seat))
        assert first == second


def test_a_view_holds_no_card_another_seat_keeps_hidden() -> None:
    match = Match(ruleset("commerce"), [Player(f"P{i}") for i in range(5)], seed=4)
    advance(match, 7, 4)
    seat = match.to_act
    view = match.view(seat)
    hidden = {c for s in match.order if s != seat for c in match.hands[s]} - set(view.widow)
    taken = {c for e in view.hand_history if isinstance(e, Swapped | Pounced) for c in
             (e.took if isinstance(e, Swapped) else [e.took])}
    hidden -= taken  # G7: a card taken from the widow was seen by all
    shown = set(view.hand) | set(view.widow)
    for event in view.history:
        if isinstance(event, Dealt) and event.hand == view.hand_no:
            assert set(event.hands) == {seat}
    assert not hidden & shown
    assert view.hand == tuple(match.hands[seat])


@pytest.mark.parametrize("kind", list(BOT_KINDS))
@pytest.mark.parametrize(("name", "options"), RULESETS)
def test_bot_only_matches_end_with_legal_moves(kind: str, name: str, options: dict) -> None:
    rules = ruleset(name, **options)
    lineup = [kind, "basic", kind] if kind != "strong" else [kind, "heuristic", "heuristic"]
    match = play_match(rules, lineup, seed=3)
    assert match.over
    assert match.winners


@pytest.mark.parametrize(("name", "options"), [("commerce", {}), ("commerce", {"extended": True}),
                                                ("thirty-one", {}), ("handeln", {}), ("braillespiel", {}),
                                                ("trentuno", {})])
def test_the_lookahead_follows_the_engines_turn_rules(name: str, options: dict) -> None:
    """``Sim`` mirrors the engine for single swaps, passes, knocks and calls: the same decisions through both end
    at the same showdown, with the same hands and the same losers."""
    rules = ruleset(name, **options)
    for seed in range(40):
        match = Match(rules, [Player(f"P{i}") for i in range(4)], seed=seed)
        while match.phase is not Phase.TURN:
            match.apply(match.to_act, match.legal_actions()[-1])  # decline the dealer's exchange and calls
        sim = Sim(rules, match.order, {s: list(match.hands[s]) for s in match.order}, list(match.widow),
                  match.to_act, match.passes)
        rng = random.Random(seed)
        hand_no = match.hand_no
        while match.hand_no == hand_no and not match.over:
            assert sim.to_act == match.to_act
            legal = [a for a in match.legal_actions() if isinstance(a, Swap | Pass | Knock) and
                     (not isinstance(a, Swap) or len(a.gave) == 1)]
            action = legal[int(rng.random() * len(legal))]
            before = {s: list(match.hands[s]) for s in match.order}
            events = match.apply(match.to_act, action)
            if match.phase is Phase.CONTINUE:  # a call is possible after this swap; the sim always calls
                events += match.apply(match.to_act, match.legal_actions()[-2] if name != "commerce" else
                                      match.legal_actions()[-1])
            sim.apply((SWAP, action.gave, action.took) if isinstance(action, Swap) else
                      (KNOCK,) if isinstance(action, Knock) else (PASS,))
            showdown = next((e for e in events if isinstance(e, Showdown)), None)
            if showdown is not None:
                assert sim.over
                assert {s: sorted(h) for s, h in sim.hands.items()} == \
                    {s: sorted(h) for s, h in showdown.hands.items()}
                if showdown.losers:
                    for seat in match.order:
                        assert (sim.loss(seat) == 1.0) == (seat in showdown.losers)
                break
            assert not sim.over, before


@pytest.mark.parametrize(("name", "players"), [("schwimmen", 2), ("schwimmen", 4), ("schwimmen", 8),
                                               ("tauschen", 3), ("tauschen", 5)])
def test_s3_s5_s7_x3_x4_the_lookahead_follows_the_engine(name: str, players: int) -> None:
    """``Sim`` plays schwimmen's and tauschen's own turn rules as the engine does: swapping all three and no knock
    in the first round (S3), the fresh middle from the stock after a round of passes and the showdown when the
    stock is short (S5), 31 and three aces shown at once and what three aces cost (S6, S7); trades with the stock
    and the chips they cost (X3), offers answered by the right-hand neighbour, whose decline lets the turn go on
    (X4). Random legal decisions through both reach the same seat to act, the same middle and the same showdown."""
    rules = ruleset(name)
    showdowns = 0
    seen: set[str] = set()
    for seed in range(60):
        match = Match(rules, [Player(f"P{i}") for i in range(players)], seed=seed)
        rng = random.Random(seed)
        if match.phase is Phase.EXCHANGE:  # S2: the dealer's blind choice comes before the look-ahead starts
            match.apply(match.to_act, match.legal_actions()[int(rng.random() * 2)])
        if match.phase is not Phase.TURN or match.hand_no != 1:
            continue  # shown at the deal or at the dealer's choice
        sim = Sim.from_view(match.view(match.to_act), {s: list(match.hands[s]) for s in match.order},
                            list(match.stock))
        while True:
            assert sim.to_act == match.to_act
            assert sim.widow == match.widow
            assert sim.stock == match.stock
            legal = match.legal_actions()
            assert (Knock() in legal) == (sim.offer is None and sim.can_knock())
            # Passes often, and knocks and trades seldom: long enough hands for rounds of passes and offers.
            action = Pass() if Pass() in legal and rng.random() < 0.5 else legal[int(rng.random() * len(legal))]
            if isinstance(action, Knock | Trade) and rng.random() < 0.7:
                action = legal[-1]
            seen.add(action.kind)
            events = match.apply(match.to_act, action)
            sim.apply(sim_action(action))
            seen.update(e.kind for e in events if e.kind == "refresh")
            showdown = next((e for e in events if isinstance(e, Showdown)), None)
            if showdown is not None:
                assert sim.over
                assert {s: sorted(h) for s, h in sim.hands.items()} == \
                    {s: sorted(h) for s, h in showdown.hands.items()}
                if not showdown.void:
                    # X3: what a trade cost comes on top of the showdown's loss.
                    lost = {s for s in showdown.hands if sim.loss(s) - sim.paid.get(s, 0) == 1.0}
                    assert lost == set(showdown.losers or ())
                showdowns += 1
                break
            assert not sim.over
    assert showdowns > 30
    expected = {"swap", "pass", "knock", "exchange_all", "refresh"} if name == "schwimmen" else \
        {"pass", "knock", "trade", "offer", "accept", "decline"}
    assert expected <= seen


def test_knowledge_knows_what_was_taken_and_never_draws_a_seen_card() -> None:
    match = Match(ruleset("commerce"), [Player(f"P{i}") for i in range(4)], seed=8)
    advance(match, 9, 8)
    seat = match.to_act
    view = match.view(seat)
    know = Knowledge(view)
    for other, cards in know.known.items():
        assert cards <= set(match.hands[other])
    deals = know.sample(random.Random(1), 40, 10)
    seen = set(view.hand) | set(view.widow)
    for deal in deals:
        cards = [c for hand in deal.values() for c in hand]
        assert len(cards) == len(set(cards))
        assert not (set(cards) - set().union(*know.known.values())) & seen
        assert all(0 <= c < len(CARDS) for c in cards)
        for other, hand in deal.items():
            assert len(hand) == view.hand_sizes[other]


def test_knowledge_weighs_every_way_to_fill_a_hand_when_there_are_few() -> None:
    """After a swap an opponent holds one known card and two of 45 unseen ones: with 990 ways and 700 draws all
    ways are weighed (``ENUMERATE``), not a random few of them; three unknown cards are still drawn."""
    match = Match(ruleset("commerce"), [Player(f"P{i}") for i in range(5)], seed=3)
    seat = match.to_act
    view = match.view(seat)
    taken = view.widow[0]
    match.apply(seat, Swap((match.hands[seat][0],), (taken,)))
    watcher = match.to_act
    know = Knowledge(match.view(watcher))
    assert know.known[seat] == {taken}
    pool = len(know.unseen)
    ways = know.candidates(seat, random.Random(1), 700)
    assert len(ways) == pool * (pool - 1) // 2 == len({frozenset(w) for w in ways})
    stranger = next(s for s in know.opponents if s != seat)
    drawn = know.candidates(stranger, random.Random(1), 600)
    assert len(drawn) == 600 and all(len(hand) == 3 for hand in drawn)


def test_knowledge_judges_a_last_turn_by_value() -> None:
    """In the last round (C5) nobody swaps for later, so a pass there says that no widow card raises the hand's
    value, however much a swap would have promised; before the knock the same pass is judged by promise."""
    view = Match(ruleset("commerce"), [Player(f"P{i}") for i in range(3)], seed=5).view(0)
    know = Knowledge(view)
    other = know.opponents[0]
    widow = tuple(parse_cards("2C 7D QH"))
    values = know.value_strengths
    promise = know.promises

    def raises(table: list[float], hand: tuple[int, ...]) -> bool:
        return best_swap(table, hand, widow)[0] > table[hand[0] * 2704 + hand[1] * 52 + hand[2]]

    hands = [h for h in itertools.combinations(range(len(CARDS)), 3) if not set(h) & set(widow)]
    keeps = next(h for h in hands if not raises(values, h) and raises(promise, h))
    improves = next(h for h in hands if raises(values, h))
    know.decisions[other] = [Decision(other, "pass", widow, last_turn=True)]
    assert know.seat_weight(other, list(keeps)) == 1.0
    assert know.seat_weight(other, list(improves)) < 0.5
    know.decisions[other] = [Decision(other, "pass", widow)]
    assert know.seat_weight(other, list(keeps)) < 1.0


@pytest.mark.parametrize(("name", "options"), [("commerce", {}), ("commerce", {"swaps_per_turn": 3}),
                                               ("braillespiel", {}), ("handeln", {}), ("thirty-one", {}),
                                               ("trentuno", {})])
def test_knowledge_never_doubts_the_heuristic_levels_true_hands(name: str, options: dict) -> None:
    """The swap and pass model is the heuristic level's own rule, so a heuristic opponent's true hand explains
    every swap and pass it made (weight 1): the inference discards only hands that could not have played so. This
    holds for B3's swaps that keep the hand's value, for C3's later swaps of a turn and its end, and for H1's
    dealer keeping the hand dealt; a knock is modelled as a chance, so knocks are left out, as are the passes the
    B11 bound forces."""
    players = 4
    match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(players)], seed=11)
    bots = [make_bot("heuristic", 40 + i) for i in range(players)]
    judged = 0
    while not match.over and match.hand_no <= 8:
        seat = match.to_act
        view = match.view(seat)
        if view.phase is Phase.TURN:
            know = Knowledge(view)
            for other in know.opponents:
                know.decisions[other] = [replace(d, could_knock=False) for i, d in enumerate(know.decisions[other])
                                         if d.kind != "knock" and i < MAX_OWN_TURNS]
                judged += len(know.decisions[other])
                assert know.seat_weight(other, list(match.hands[other])) == 1.0
        match.apply(seat, bots[seat].choose(view))
    assert judged > 60


def test_knowledge_reads_the_declines_that_leave_no_event() -> None:
    """H1: a Handeln dealer who keeps the hand dealt says it promised at least as much as the widow; C3: ending a
    turn after one swap says no card still takeable (not the one just laid) raised the hand's value."""
    match = Match(ruleset("handeln"), [Player(f"P{i}") for i in range(4)], seed=2)
    dealer, dealt = match.dealer, tuple(match.widow)
    match.apply(dealer, Keep())
    while match.view(match.to_act).phase is not Phase.TURN:
        match.apply(match.to_act, match.phase.done)
    know = Knowledge(match.view(match.to_act))
    assert know.decisions[dealer] == [Decision(dealer, "keep", dealt)]

    def promise(hand: tuple[int, ...]) -> float:
        return know.promises[hand[0] * 2704 + hand[1] * 52 + hand[2]]

    hands = list(itertools.combinations(know.unseen, 3))
    weaker = next(h for h in hands if promise(h) < promise(dealt) - 0.05)
    stronger = next(h for h in hands if promise(h) >= promise(dealt))
    assert know.seat_weight(dealer, list(weaker)) < 0.1
    assert know.seat_weight(dealer, list(stronger)) == 1.0

    match = Match(ruleset("commerce", swaps_per_turn=3), [Player(f"P{i}") for i in range(4)], seed=2)
    seat = match.to_act
    widow = tuple(match.widow)
    laid = match.hands[seat][0]
    match.apply(seat, Swap((laid,), (widow[0],)))
    match.apply(seat, EndTurn())
    know = Knowledge(match.view(match.to_act))
    swap, ended = know.decisions[seat]
    assert (swap.kind, swap.widow, swap.last_turn) == ("swap", widow, False)
    assert ended == Decision(seat, "pass", widow[1:], last_turn=True)


@pytest.mark.parametrize("name", ["thirty-one", "trentuno"])
def test_heuristic_knocks_only_from_the_tips_floor(name: str) -> None:
    """Thirty-One from 29, Trentuno only with 31 (``Tuning.knock_tip``); the playouts of the search and the
    inference model the same floor."""
    rules = ruleset(name)
    floor = knock_floor(rules)
    assert floor == rules.hand_value(parse_cards("KH QH 9H" if name == "thirty-one" else "AH KS QD"))
    knocks = 0
    for seed in range(6):
        match = Match(rules, [Player(f"P{i}", "bot") for i in range(4)], seed)
        bots = [make_bot("heuristic", seed * 10 + i) for i in range(4)]
        while not match.over:
            seat = match.to_act
            action = bots[seat].choose(match.view(seat))
            if isinstance(action, Knock):
                knocks += 1
                assert rules.hand_value(match.hands[seat]) >= floor
            match.apply(seat, action)
    assert knocks > 0


def test_strong_takes_the_candidate_its_search_rates_best() -> None:
    """``strong`` chooses by its own estimates (waiting pays ``WAIT_BIAS`` when a knock is possible): the numbers
    ``bench/knock_calibration.py`` compares with real outcomes are the ones that decide. Of the moves no other move
    dominates (issue 36); and where another swap is within the search's noise of its choice, the swap with the
    better hand now (``settle``)."""
    rules = ruleset("commerce")
    checked = settled = 0
    for seed in range(4):
        match = Match(rules, [Player(f"P{i}", "bot") for i in range(5)], seed)
        advance(match, 3 + seed, seed)
        while not match.over and checked < 4 * (seed + 1):
            seat = match.to_act
            view = match.view(seat)
            if view.phase is Phase.TURN:
                searched = StrongBot(seed, deals=12, draws=60).search(undominated(view))
                estimates = searched.estimates()
                assert all(0.0 <= loss <= 1.0 for _, loss in estimates)  # the chance of losing the one chip
                assert {a for a, _ in estimates} <= set(view.legal)
                bias = WAIT_BIAS if Knock() in view.legal else 0.0
                best = min(estimates, key=lambda pair: pair[1] + (0.0 if isinstance(pair[0], Knock) else bias))[0]
                chosen = StrongBot(seed, deals=12, draws=60).choose(view)
                if chosen != best:
                    assert isinstance(chosen, Swap) and isinstance(best, Swap)
                    assert searched.within_noise(chosen, best)
                    value = match.rules.hand_value
                    assert value(after_swap(view.hand, chosen)) > value(after_swap(view.hand, best))
                    settled += 1
                checked += 1
            match.apply(seat, make_bot("basic", seed).choose(view))
    assert checked == 16 and settled < checked


def test_strong_searches_less_at_big_tables() -> None:
    """Up to 6 players 144 deals; fewer as playouts grow longer; above ``BIG_TABLE`` deals with the square of the
    table and candidate hands with the table, so that eleven computer players do not keep a person waiting
    (bench/table_wait.py measures the waits)."""
    bot = StrongBot(1)
    commerce, schwimmen = ruleset("commerce").tuning, ruleset("schwimmen").tuning
    assert [bot.effort(n, commerce) for n in (3, 6, 8, 12)] == [(144, 600), (144, 600), (108, 600), (32, 400)]
    assert [bot.effort(n, schwimmen) for n in (6, 8, 9)] == [(144, 600), (81, 600), (50, 533)]


def undoing(match: Match, seat: int, swap: Swap, last: dict[int, Swap]) -> bool:
    """Whether a swap takes back what the seat laid in its last swap while giving what it took then, without
    raising the hand's value (counted from the events, independently of ``without_undo``)."""
    before = last.get(seat)
    if before is None or set(swap.took).isdisjoint(before.gave) or set(swap.gave).isdisjoint(before.took):
        return False
    hand = list(match.hands[seat])
    for gave, took in zip(swap.gave, swap.took, strict=True):
        hand[hand.index(gave)] = took
    return match.rules.hand_value(hand) <= match.value(seat)


@pytest.mark.parametrize("kind", ["easy", "basic", "heuristic", "strong"])
@pytest.mark.parametrize(("name", "options"), [("braillespiel", {"marks": 2}), ("commerce", {}),
                                                ("thirty-one", {"chips": 1}), ("handeln", {"limit": 1})])
def test_no_level_undoes_its_own_last_swap_for_nothing(kind: str, name: str, options: dict) -> None:
    """Issue 15: computer players swapped the same two cards back and forth for up to eleven turns in a row. A
    level may take back what it laid in its last swap for what it took only when that raises its hand's value."""
    hands = 1 if kind == "strong" else 6
    for seed in range(2 if kind == "strong" else 4):
        match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(4)], seed=seed)
        bots = {s: make_bot(kind, seed * 10 + s) for s in range(4)}
        last: dict[int, Swap] = {}
        while not match.over and match.hand_no <= hands:
            seat = match.to_act
            action = bots[seat].choose(match.view(seat))
            if isinstance(action, Swap):
                assert not undoing(match, seat, action, last), (name, kind, seed, match.hand_no)
            events = match.apply(seat, action)
            if any(isinstance(e, Dealt) for e in events):
                last = {}
            elif isinstance(action, Swap):
                last[seat] = action


def test_without_undo_leaves_out_taking_back_for_nothing_and_keeps_a_choice() -> None:
    """The one place every level (and the hint) keeps the rule: an undo, or taking back a card laid while the
    others only passed, is left out unless it raises the hand's value; passing always stays."""
    match = new_match("thirty-one", 3, seed=5)
    lay(match, ["2C 9H 5S", "7C 8D 2H", "JC 10D 3H"], "3D 4S KD")
    seat = match.order[0]
    two, three, four = parse_cards("2C 3D 4S")
    match.apply(seat, Swap((two,), (three,)))  # 9 points in hearts stay the best suit: the value is unchanged
    for other in match.order[1:]:
        match.apply(other, Pass())
    view = match.view(seat)
    kept = without_undo(view).legal
    assert Swap((three,), (two,)) in view.legal and Swap((three,), (two,)) not in kept  # the undo
    assert Swap((three,), (four,)) in kept  # a card nobody laid: not going back
    assert Pass() in kept and Knock() in kept
    match.apply(seat, Swap((three,), (four,)))
    for other in match.order[1:]:
        match.apply(other, Pass())
    kept = without_undo(match.view(seat)).legal
    assert Swap((four,), (two,)) not in kept  # round in a circle: 2C was laid while the others only passed
    assert Swap((parse_cards("5S")[0],), (parse_cards("KD")[0],)) in kept


@pytest.mark.parametrize("kind", list(BOT_KINDS))
def test_s2_the_dealers_blind_choice_never_depends_on_the_face_down_widow(kind: str) -> None:
    """S2: the widow lies face down at the dealer's choice; other cards there change nothing."""
    for seed in range(12):
        match = Match(ruleset("schwimmen"), [Player(f"P{i}") for i in range(4)], seed=seed)
        if match.phase is not Phase.EXCHANGE:
            continue
        seat = match.to_act
        first = make_bot(kind, 5).choose(match.view(seat))
        match.widow, match.stock[:3] = match.stock[:3], match.widow
        assert make_bot(kind, 5).choose(match.view(seat)) == first


def redeal_unseen(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of the match in which every card ``seat`` has not seen (in the other hands, the stock and a face-down
    middle) is shuffled among those places, everything the seat saw staying where it was."""
    view = match.view(seat)
    seen = set(view.hand) | set(view.widow) | ({view.offer.card} if view.offer and view.offer.card else set())
    for event in view.hand_history:
        seen |= named_cards(event)
    redealt = copy.deepcopy(match, {id(match.rules): match.rules})  # the ruleset is shared, not copied
    places = [redealt.hands[s] for s in redealt.order if s != seat] + [redealt.stock]
    if view.face_down:
        places.append(redealt.widow)
    slots = [(cards, i) for cards in places for i, card in enumerate(cards) if card not in seen]
    unseen = [cards[i] for cards, i in slots]
    rng.shuffle(unseen)
    for (cards, i), card in zip(slots, unseen, strict=True):
        cards[i] = card
    return redealt


@dataclass
class Blindfolded:
    """Plays a level in a match and, at some of its decisions, asks the level afresh about the match as it is and
    about the match with the unseen cards redealt (``redeal_unseen``): the two answers must agree."""

    kind: str
    bot: Bot
    match: Match | None = None
    checked: int = 0
    moved: int = 0

    def choose(self, view: SeatView) -> Action:
        assert self.match is not None and view.seat == self.match.to_act
        rng = random.Random(len(self.match.events))
        if not self.checked or rng.random() < (0.1 if self.kind == "strong" else 0.3):
            seat = view.seat
            first = make_bot(self.kind, 7).choose(view)
            other = redeal_unseen(self.match, seat, rng)
            assert make_bot(self.kind, 7).choose(other.view(seat)) == first
            self.checked += 1
            self.moved += other.hands != self.match.hands
        return self.bot.choose(view)


FAMILY_TABLES = [("schwimmen", 2), ("schwimmen", 3), ("schwimmen", 5), ("schwimmen", 8), ("tauschen", 3),
                 ("tauschen", 5), ("tauschen", 8)]


@pytest.mark.parametrize("kind", list(BOT_KINDS))
@pytest.mark.parametrize(("name", "players"), FAMILY_TABLES)
def test_s1_x1_every_level_plays_schwimmen_and_tauschen_to_the_end_seeing_only_its_seat(
        kind: str, name: str, players: int) -> None:
    """Issue 17: every level plays whole bot-only matches of both rulesets at every table size with legal moves
    and within the bound of its own turns (S10, X6), among players of the level below (the heuristic level among
    strong ones); and whatever the unseen cards are, its decisions stay the same (G7: it sees only its seat)."""
    rules = ruleset(name, chips=1 if name == "schwimmen" else 2)
    others = {"random": "easy", "easy": "random", "strong": "heuristic"}.get(kind, "basic")
    checked = moved = 0
    for seed in range(1 if kind == "strong" else 3):
        match = Match(rules, [Player(f"P{i}") for i in range(players)], seed=seed)
        tested = Blindfolded(kind, make_bot(kind, seed), match)
        bots: list[Bot] = [tested] + [make_bot(others, seed * 10 + i) for i in range(1, players)]
        play_out(match, bots)
        assert match.winners
        checked += tested.checked
        moved += tested.moved
    assert checked and moved  # the redeal changed what the others hold


def test_x4_x6_strong_leaves_a_knock_rated_as_well_as_passing_to_the_heuristic_rule() -> None:
    """Tauschen at a big table (``TIE_RULE_FROM``): where the search rates knocking and passing exactly equal (hands
    barely change), the heuristic level's weighed risk decides; where they differ, the search does. Else it would
    knock at every such tie and keep no turn for an offer. At a small table a tie knocks (``WAIT_BIAS``)."""
    rules = ruleset("tauschen")
    seen: set[tuple[bool, bool]] = set()
    for seed in range(30):
        match = Match(rules, [Player(f"P{i}", "bot") for i in range(TIE_RULE_FROM)], seed)
        advance(match, 6, seed)
        if match.over or match.phase is not Phase.TURN or Knock() not in match.legal_actions():
            continue
        view = match.view(match.to_act)
        for tie in (True, False):
            strong = StrongBot(seed, deals=8, draws=40)
            estimates = [(Pass(), 0.2), (Knock(), 0.2 if tie else 0.1)]
            strong.estimates = lambda _view, e=estimates: e  # type: ignore[method-assign]
            heuristic = StrongBot(seed, deals=8, draws=40).heuristic
            rule_knocks = heuristic.knock_risk(view) <= heuristic.risk_limit(view)
            choice = strong.choose(view)
            if tie:
                assert isinstance(choice, Knock) == rule_knocks
                seen.add((tie, rule_knocks))
            else:
                assert choice == Knock()
    assert (True, True) in seen and (True, False) in seen
    match = Match(rules, [Player(f"P{i}", "bot") for i in range(TIE_RULE_FROM - 1)], 1)
    advance(match, 6, 1)
    assert Knock() in match.legal_actions()
    strong = StrongBot(1, deals=8, draws=40)
    strong.estimates = lambda _view: [(Pass(), 0.2), (Knock(), 0.2)]  # type: ignore[method-assign]
    assert strong.choose(match.view(match.to_act)) == Knock()
