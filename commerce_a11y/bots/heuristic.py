"""The ``heuristic`` level: card tracking, inference and a weighed knock, without search.

It remembers every card it saw this hand, infers opponents' hidden cards from what they took, laid down and
declined (``Knowledge``), picks the swap with the best promise (its strength now and what one more swap could
make of it), and knocks when the chance that its hand ends worst, after everyone's last turn against the widow as
it lies, is small enough for the table: lower with more players and when it has few chips left (the sources' tip
of a flush or about 25 points, made precise).
"""

from __future__ import annotations

import random

from ..rules import Action, Done, ExchangeAll, Fire, Knock, Pass, Phase, Pounce, SeatView, Swap
from .basic import BasicBot
from .knowledge import Knowledge
from .scoring import final_turn, knock_floor, promise_of, ranked_swaps
from .sim import KNOCK, Sim, mirrors, sensible_policy
from .strength import promises, strengths

DRAWS = 48
KEEP = 16
KNOCK_RISK = 0.75
"""Knock when the chance of ending worst is below this share of an even share (1 / players)."""
KNOCK_AT_BASE = 0.95
KNOCK_AT_SLOPE = 0.012


def knock_at(players: int) -> float:
    """The strength from which the playout policy knocks, close to where this level's own knocks fall (measured:
    median strength 0.95 at 5 players, lower at larger tables, where waiting is riskier)."""
    return KNOCK_AT_BASE - KNOCK_AT_SLOPE * players


class HeuristicBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fallback = BasicBot(seed)

    def choose(self, view: SeatView) -> Action:
        if not mirrors(view.rules):
            # FALLBACK (issue 17): schwimmen and tauschen are not in this level's look-ahead yet; it plays the basic
            # level's choices there until it learns them.
            return self.fallback.choose(view)
        legal = view.legal
        if Fire() in legal:
            return Fire()
        if Pounce() in legal:
            return Pounce()
        rules = view.rules
        promise = promises(rules, len(view.players))
        if view.phase is Phase.EXCHANGE:
            better = promise_of(promise, view.widow) > promise_of(promise, view.hand)
            return ExchangeAll() if better else Done()
        last = final_turn(view)
        last_turn = last or view.phase is Phase.CONTINUE
        current = float(rules.hand_value(view.hand)) if last_turn else promise_of(promise, view.hand)
        ranked = ranked_swaps([a for a in legal if isinstance(a, Swap)], view.hand, rules, promise, last_turn)
        if Knock() in legal and self.may_knock(view) and self.knock_risk(view) <= self.risk_limit(view):
            return Knock()
        if ranked and ranked[0][0] > current + 1e-9:
            return ranked[0][1]
        if rules.pass_is_final and ranked and not last:
            # B3: a pass ends one's swapping for the hand, so while the widow offers a swap that keeps the
            # hand's value, take it and stay in for the cards the others will lay down (while there are others).
            value = rules.hand_value(view.hand)
            keeping = [s for s in ranked_swaps([s for _, s in ranked], view.hand, rules, promise, True)
                       if s[0] >= value]
            if keeping:
                return keeping[0][1]
        return Done() if Done() in legal else Pass()

    @staticmethod
    def may_knock(view: SeatView) -> bool:
        """Whether the hand reaches the ruleset's floor for knocking (``scoring.KNOCK_TIP``), if it has one."""
        return view.rules.hand_value(view.hand) >= knock_floor(view.rules)

    def knock_risk(self, view: SeatView) -> float:
        """The chance of ending worst if knocking now: each opponent plays its last turn, greedily."""
        know = Knowledge(view)
        deals = know.sample(self.rng, DRAWS, KEEP)
        players = len(view.players)
        policy = sensible_policy(1.0, strengths(view.rules, players), promises(view.rules, players))
        lost = 0.0
        for hands in deals:
            sim = Sim.from_view(view, hands)
            sim.apply((KNOCK,))
            sim.run(policy)
            lost += sim.loss(view.seat)
        return lost / len(deals)

    @staticmethod
    def risk_limit(view: SeatView) -> float:
        players = len(view.order)
        chips = view.counts[view.seat]
        caution = 0.8 if chips <= 1 else 1.0
        return KNOCK_RISK * caution / players
