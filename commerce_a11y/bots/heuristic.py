"""The ``heuristic`` level: card tracking, inference and a weighed knock, without search.

It remembers every card it saw this hand, infers opponents' hidden cards from what they took, laid down and
declined (``Knowledge``), picks the swap with the best promise (its strength now and what one more swap could
make of it), and knocks when the chance that its hand ends worst, after everyone's last turn against the widow as
it lies, is small enough for the table: lower with more players and when it has few chips left (the sources' tip
of a flush or about 25 points, made precise).

Schwimmen (S2-S7): as dealer it keeps a hand that promises as much as an average one and otherwise takes the
face-down middle unseen (it never looks at it: only its own hand and the deck decide); swapping all three is one
more swap, weighed by promise; no knock in the first round (the engine's rule), and when its pass would end the
hand (a round of passes with fewer than three cards left in the stock, S5) the pass is weighed like a knock without
the last round: it passes only when the chance of ending lowest now is small enough, and otherwise keeps the hand
going with a swap. Its inference knows that nobody holds 31 or three aces (they would have been shown).

Tauschen (X3, X4): see ``tauschen_choice``.
"""

from __future__ import annotations

import random

from ..rules import (
    Accept,
    Action,
    Decline,
    ExchangeAll,
    Fire,
    Keep,
    Knock,
    Offer,
    Pass,
    Phase,
    Pounce,
    Ruleset,
    SeatView,
    Swap,
    Tuning,
)
from .knowledge import Knowledge
from .scoring import final_turn, knock_floor, promise_of, ranked_swaps
from .sim import KNOCK, Policy, Sim, SimAction, answer_card, barter_policy, sensible_policy
from .strength import mean_promise, pair_potentials, promises, strengths

DRAWS = 48
KEEP = 16
OFFER_DEALS = 48
"""X4: deals of the others' hands over which an offer is weighed (16 and 128 measured as well as 48 against
``basic`` in 5-player tauschen, 100 deal groups: ratios 0.949, 0.944 and 0.944)."""
POLICY_OFFER_BELOW = 0.25
"""X4: the playouts' model of this level's offers, made when each offer is weighed against the neighbour's
inferred hand (``best_offer``): measured, its offers fall at strengths from 0.02 to 0.38, median 0.16, and it passes
with hands from 0.09 up; the playouts offer the card needed least below this strength."""


def knock_at(players: int, tuning: Tuning) -> float:
    """The strength from which the playout policy knocks, close to where this level's own knocks fall
    (``Tuning.knock_at``)."""
    base, slope = tuning.knock_at
    return base - slope * players


def playout_policy(rules: Ruleset, players: int, knock_strength: float | None = None) -> Policy:
    """The policy the look-ahead plays everyone by, for this ruleset: the heuristic level's habits."""
    table = strengths(rules, players)
    at = knock_at(players, rules.tuning) if knock_strength is None else knock_strength
    if rules.barter:
        return barter_policy(at, table, POLICY_OFFER_BELOW, pair_potentials(rules, players))
    return sensible_policy(at, table, promises(rules, players), knock_floor(rules), rules.swap_all)


class HeuristicBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if Fire() in legal:
            return Fire()
        if Pounce() in legal:
            return Pounce()
        rules = view.rules
        if rules.barter:
            return self.tauschen_choice(view)
        promise = promises(rules, len(view.players))
        if view.phase is Phase.EXCHANGE:
            if view.face_down:  # S2: only the own hand against an average unseen one
                keep = promise_of(promise, view.hand) >= mean_promise(rules, len(view.players))
                return Keep() if keep else ExchangeAll()
            better = promise_of(promise, view.widow) > promise_of(promise, view.hand)
            return ExchangeAll() if better else Keep()
        last = final_turn(view)
        last_turn = last or view.phase is Phase.CONTINUE
        current = float(rules.hand_value(view.hand)) if last_turn else promise_of(promise, view.hand)
        ranked: list[tuple[float, Action]] = list(ranked_swaps([a for a in legal if isinstance(a, Swap)], view.hand,
                                                               rules, promise, last_turn))
        if ExchangeAll() in legal:  # S3: all three, one more swap to weigh
            whole = float(rules.hand_value(view.widow)) if last_turn else promise_of(promise, view.widow)
            ranked.append((whole, ExchangeAll()))
            ranked.sort(key=lambda pair: -pair[0])
        if Knock() in legal and self.may_knock(view) and self.knock_risk(view) <= self.risk_limit(view):
            return Knock()
        if ranked and ranked[0][0] > current + 1e-9:
            return ranked[0][1]
        if ranked and not last and self.pass_ends_hand(view) and self.showdown_risk(view) > self.risk_limit(view):
            # S5: everyone else has passed and the stock cannot refresh the middle, so a pass is the showdown
            # with the hands as they are; too likely lowest, keep the hand going with the swap that keeps the
            # most value.
            by_value = ranked_swaps([a for _, a in ranked if isinstance(a, Swap)], view.hand, rules, promise, True)
            if by_value:
                return by_value[0][1]
        if rules.pass_is_final and ranked and not last:
            # B3: a pass ends one's swapping for the hand, so while the widow offers a swap that keeps the
            # hand's value, take it and stay in for the cards the others will lay down (while there are others).
            value = rules.hand_value(view.hand)
            keeping = [s for s in ranked_swaps([s for _, s in ranked if isinstance(s, Swap)], view.hand, rules,
                                               promise, True)
                       if s[0] >= value]
            if keeping:
                return keeping[0][1]
        return view.phase.done if view.phase.done in legal else Pass()

    def tauschen_choice(self, view: SeatView) -> Action:
        """X3, X4. It never trades: a trade costs a chip for certain (to the dealer, who gains it), and a showdown
        costs at most one, so no trade can save more than it costs. Offered a card, it takes it when it raises the
        hand's value, and of the cards that leave its best hand it gives back the one that helps the offerer
        least, judged by the offerer's hand as inferred (weak, since it offered, without the card it offered).
        On its turn it knocks when the chance of ending lowest after everyone's last turn is small enough, as in
        Commerce; otherwise, with a weak hand (``scoring.OFFER_BELOW``), it offers the card it needs least."""
        if view.phase is Phase.ANSWER:
            return self.answer(view)
        legal = view.legal
        if Knock() in legal and self.knock_risk(view) <= self.risk_limit(view):
            return Knock()
        if not view.turn_offered and any(isinstance(a, Offer) for a in legal):
            offer = self.best_offer(view)
            if offer is not None:
                return offer
        return Pass()

    def best_offer(self, view: SeatView, deals: int = OFFER_DEALS, draws: int = DRAWS) -> Offer | None:
        """X4: the offer that most lowers the chance of ending lowest, each deal of the others' hands as inferred
        answered by the neighbour's rule (take a card that raises the hand's value, give the one that leaves the
        best hand), the hands then shown as they are; None when no offer lowers it."""
        rules = view.rules
        table = rules.table
        neighbour = view.neighbour
        sampled = Knowledge(view).sample(self.rng, draws, deals)
        hand = [int(c) for c in view.hand]
        losses: dict[int | None, float] = {None: 0.0, **{c: 0.0 for c in hand}}
        for hands in sampled:
            others = [rules.hand_value(h) for s, h in hands.items() if s != neighbour]
            theirs = hands[neighbour]
            rest = min(others, default=None)
            for card in losses:
                mine = hand
                answer = theirs
                if card is not None:
                    taken = answer_card(table.table, theirs, card)
                    if taken is not None:
                        answer = [card if c == taken else c for c in theirs]
                        mine = [taken if c == card else c for c in hand]
                value = table.value(mine)
                low = table.value(answer)
                if rest is not None:
                    low = min(low, rest)
                losses[card] += 1.0 if low >= value else 0.0
        best = min(losses, key=losses.__getitem__)  # no offer first among equal losses
        return None if best is None else Offer(view.hand[view.hand.index(best)])

    def answer(self, view: SeatView) -> Action:
        """X4: take an offer that raises the hand's value; of the cards that leave the best hand, give the one the
        offerer's inferred hand gains least from."""
        rules = view.rules
        offer = view.offer
        assert offer is not None and offer.card is not None
        current = rules.hand_value(view.hand)
        after = {g: rules.hand_value([offer.card if c == g else c for c in view.hand]) for g in view.hand}
        best = max(after.values())
        if best <= current:
            return Decline()
        gives = [g for g in view.hand if after[g] == best]
        if len(gives) == 1:
            return Accept(gives[0])
        players = len(view.players)
        table = strengths(rules, players)
        deals = Knowledge(view).sample(self.rng, DRAWS, KEEP)
        offerer = offer.player

        def gain(give: int) -> float:
            total = 0.0
            for hands in deals:
                kept = [c for c in hands[offerer] if c != offer.card]
                total += table.get(rules.hand_value([*kept[:2], give]), 0.0) if len(kept) >= 2 else 0.0
            return total

        return Accept(min(gives, key=gain))

    @staticmethod
    def may_knock(view: SeatView) -> bool:
        """Whether the hand reaches the ruleset's floor for knocking (``Tuning.knock_tip``), if it has one."""
        return view.rules.hand_value(view.hand) >= knock_floor(view.rules)

    def knock_risk(self, view: SeatView) -> float:
        """The chance of ending worst if knocking now: each opponent plays its last turn, greedily."""
        return self._risk(view, (KNOCK,))

    def showdown_risk(self, view: SeatView) -> float:
        """The chance of ending worst if the showdown came now, with the hands as they are."""
        return self._risk(view, None)

    def _risk(self, view: SeatView, action: SimAction | None) -> float:
        know = Knowledge(view)
        deals = know.sample(self.rng, DRAWS, KEEP)
        policy = playout_policy(view.rules, len(view.players), 1.0)
        lost = 0.0
        for hands in deals:
            sim = Sim.from_view(view, hands)
            if action is not None:
                sim.apply(action)
                sim.run(policy)
            lost += sim.loss(view.seat)
        return lost / len(deals)

    @staticmethod
    def pass_ends_hand(view: SeatView) -> bool:
        """S5: a pass now completes a round of passes, and the stock cannot lay a fresh middle: the showdown."""
        rules = view.rules
        return (rules.refresh and view.stock_size < 3 and not view.last_round
                and view.passes + 1 >= (rules.stalemate_rounds or 0) * len(view.order))

    @staticmethod
    def risk_limit(view: SeatView) -> float:
        players = len(view.order)
        chips = view.counts[view.seat]
        caution = 0.8 if chips <= 1 else 1.0
        return view.rules.tuning.knock_risk * caution / players
