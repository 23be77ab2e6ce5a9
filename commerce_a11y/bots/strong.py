"""The ``strong`` level: inference first, then search.

For each decision it draws deals of the unseen cards weighted by how well they explain what each opponent took,
laid down and declined (``Knowledge``), and plays every candidate action out to the showdown in each deal with a
sensible policy for everyone (the heuristic level's habits at table speed). It takes the action with the smallest
average loss. The counts of deals and candidates are fixed, never clock limits, so a match replays identically.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..rules import Accept, Action, Decline, ExchangeAll, Keep, Knock, Offer, Pass, Phase, SeatView, Swap, Tuning
from .dominance import HandMove, undominated
from .heuristic import HeuristicBot, playout_policy
from .knowledge import Knowledge
from .scoring import after_swap, final_turn, hand_after, ranked_swaps
from .sim import Sim, sim_action
from .strength import promises

WAIT_BIAS = 0.01
"""Added to waiting's average loss when a knock is possible. Measured with ``bench/knock_calibration.py`` over
5,000 of this level's knock-or-wait decisions in Commerce at 5 players, each played out with the real players:
where the search rated knocking 0 to 0.04 worse than waiting, knocking really was 0.01 to 0.05 worse, so the
former bias of 0.03 knocked too often; with 0.01 (and ``DRAWS``) the level lost 0.743 instead of 0.754 times the
heuristic's chips per hand on the same 200 deal groups."""
DEALS = 144
"""Deals searched per decision up to 6 players (fewer at larger tables). Measured in Commerce at 5 players against
``heuristic`` over 200 deal groups: 48 deals lost 0.83 [0.78, 0.88] times the heuristic's chips per hand, 144
deals 0.80 [0.77, 0.83]; 240 deals looked only slightly better in a short run (0.75 against 0.77 for 144 on the
same 40 deal groups) at a cost near the 100 ms budget."""
DRAWS = 600
"""Candidate hands drawn per opponent, from which ``Knowledge`` picks each deal's hands by weight. With 150 the few
candidates that explain an opponent's moves well were reused across most deals, and the search trusted its knocks
too much (the knocks it chose lost 0.166, predicted 0.108, over 175 knocks); with 600 they lost 0.103 (predicted
0.086), and the level lost 0.754 instead of 0.767 times the heuristic's chips per hand on the same 200 deal groups,
for about 5 ms more a decision."""

TIE_RULE_FROM = 6
"""Tauschen: from this many players in the hand, a knock the search rates exactly as well as passing is decided by
the heuristic level's weighed risk. ``bench/knock_calibration.py`` at 8 players found 902 of 1,200 knock-or-wait
positions rated equal (hands barely change, so knocking now and on the next turn come out the same; played out they
were: -0.001 +- 0.013), where ``WAIT_BIAS`` made the level knock every time and keep no turn for an offer: it lost
as much as the heuristic level (0.994 [0.966, 1.023] of its losses per hand); with the rule at every table 0.959
[0.929, 0.989], with it from 6 players 0.966 [0.938, 0.996]. At smaller tables knocking at such a tie won (on the
same 60 deal groups, 3 and 5 players: 0.838 and 0.917 with it, 0.901 and 0.960 with the rule)."""

NOISE = 1.0
"""Two moves that change the hand are told apart by the search only where the difference of their average losses
is more than this many standard errors of it (over the same deals, so the error of the difference is small for
moves whose playouts mostly agree); closer than that, the move with the better hand now is chosen (issue 36: the
hint passed over a higher Flush for 15 points, the search rating them a few deals apart)."""

BIG_TABLE = 8
"""Above this many players the deals shrink with the square of the table and the candidate hands with the table
(``bench/table_wait.py``, one heuristic seat among 11 strong players at 12 players): the longest wait between two
of the heuristic's turns fell from 1.2 s to 0.63 s in commerce and 0.69 s in thirty-one; counted from any seat, a
round of the others' turns now takes at most 0.62 s in thirty-one and 0.85 s in braillespiel."""


class StrongBot:
    def __init__(self, seed: int, deals: int = DEALS, draws: int = DRAWS, candidates: int | None = None,
                 tie_rule_from: int = TIE_RULE_FROM) -> None:
        """``tie_rule_from``: from how many players a tied knock in tauschen is the heuristic level's to decide;
        the hint (``seat/advice.py``) sets 0, as its reason names that level's chance of ending lowest."""
        self.rng = random.Random(seed)
        self.tie_rule_from = tie_rule_from
        self.heuristic = HeuristicBot(seed + 1)
        self.deals = deals
        self.draws = draws
        self.candidates_kept = candidates

    def choose(self, view: SeatView) -> Action:
        """The action, never one that another move of the turn dominates (``dominance``): the search and the
        heuristic level's choices below see only the moves no other move beats in every way."""
        view = undominated(view)
        legal = view.legal
        if view.phase is Phase.EXCHANGE and view.face_down:
            return settle(view, self.search(view))  # S2: keep or take the middle, searched without seeing it
        if view.phase not in (Phase.TURN, Phase.ANSWER) or any(a.kind in ("fire", "pounce") for a in legal):
            return self.heuristic.choose(view)
        if view.rules.barter and view.phase is Phase.TURN:
            return self.tauschen_turn(view)
        if final_turn(view) and not view.last_round:
            # B3, the last player still swapping: nothing will change but this hand, so the best value reachable
            # is the whole answer (the heuristic level takes it, then passes); a search only finds ties.
            return self.heuristic.choose(view)
        return settle(view, self.search(view))

    def tauschen_turn(self, view: SeatView) -> Action:
        """X2-X4: knocking or waiting by the search; an offer, while the turn may make one and the search does not
        knock, weighed as the heuristic level weighs it (``HeuristicBot.best_offer``) over this level's deals.
        Measured in 5-player tauschen against ``heuristic``, 40 deal groups: offers searched by playouts like the
        other actions lost (1.047 [1.00, 1.09] of the heuristic's losses per hand), as the playouts' model of the
        others' later offers blurred them; weighed against the neighbour's inferred hand they won (0.912 [0.85,
        0.97] with 144 deals, 0.922 with the heuristic's 48).

        At a big table a knock the search rates exactly as well as passing is the heuristic level's to decide
        (``tie_rule_from``)."""
        estimates = self.estimates(view)
        choice = best_of(estimates)
        losses = {type(a): loss for a, loss in estimates}
        if Knock in losses and losses[Knock] == losses[Pass] and len(view.order) >= self.tie_rule_from:
            # Hands barely change, so knocking now and on the next turn come out the same in nearly every deal:
            # the search cannot tell, and the heuristic level's weighed risk decides.
            heuristic = self.heuristic
            choice = Knock() if heuristic.knock_risk(view) <= heuristic.risk_limit(view) else Pass()
        if isinstance(choice, Knock):
            return choice
        if any(isinstance(a, Offer) for a in view.legal):
            deals, draws = self.effort(len(view.order), view.rules.tuning)
            offer = self.heuristic.best_offer(view, deals, draws)
            if offer is not None:
                return offer
        return choice

    def candidates(self, view: SeatView) -> list[Action]:
        """The actions worth searching, in the order that wins ties: the best swaps by promise, swapping all
        three (S3), passing and knocking; an answer's ways to give a card and declining (X4); the dealer's keeping
        and taking the face-down middle (S2). Never a trade: it costs a chip for certain, and a showdown costs at
        most one (X3); the offers are weighed apart (``tauschen_turn``)."""
        legal = view.legal
        rules = view.rules
        if view.phase is Phase.EXCHANGE:
            return [Keep(), ExchangeAll()]
        if view.phase is Phase.ANSWER:
            # X4: declining first, so that it wins ties (far from the bottom of a big table every answer loses
            # nothing in every deal): declining keeps the weak offerer weak. With the heuristic level's answer
            # first instead the level lost more at 5 players (0.960 [0.920, 1.001] of the heuristic's losses per
            # hand against 0.917 [0.874, 0.960] on the same 60 deal groups) and as much at 3 (0.845 and 0.838).
            return [Decline(), *(a for a in legal if isinstance(a, Accept))]
        promise = promises(rules, len(view.players))
        swaps = [a for a in legal if isinstance(a, Swap)]
        whole = ExchangeAll() in legal
        if rules.pass_is_final or view.last_round:
            # B3: the hand may end whenever the others have passed, so a swap that lowers the hand's value for
            # its promise is a gamble the playouts overrate (measured: it lost to the heuristic level). In the
            # last round no later swap can make up for it: the search may rate such a swap as well as passing
            # when both lose the same, but a player must never be worse off than passing.
            value = rules.hand_value(view.hand)
            swaps = [s for s in swaps if rules.hand_value(after_swap(view.hand, s)) >= value]
            whole = whole and rules.hand_value(view.widow) >= value
        ranked = ranked_swaps(swaps, view.hand, rules, promise, view.last_round)
        kept = self.candidates_kept or rules.tuning.swaps_searched
        candidates: list[Action] = [s for _, s in ranked[:kept]]
        if whole:
            candidates.append(ExchangeAll())  # S3
        # Equal losses go to the first candidate. In the last round that is passing: a swap rated no better
        # than keeping the hand as it is only tells the others more (measured: the search rated swaps that
        # lowered the hand as well as passing, and the hint advised them).
        if Pass() in legal:  # not where a swap to a better hand beats it (``dominance.last_word``)
            candidates.insert(0 if view.last_round else len(candidates), Pass())
        if Knock() in legal:
            candidates.append(Knock())
        return candidates

    def estimates(self, view: SeatView) -> list[tuple[Action, float]]:
        """Each candidate action with its average loss over the searched deals, the same deals for every
        candidate (so their differences are not blurred by different cards)."""
        return self.search(view).estimates()

    def search(self, view: SeatView) -> Searched:
        """Each candidate action with its loss in every searched deal."""
        rules = view.rules
        players = len(view.players)
        candidates = self.candidates(view)
        deals, draws = self.effort(len(view.order), view.rules.tuning)
        policy = playout_policy(rules, players)
        losses: list[list[float]] = [[] for _ in candidates]
        know = Knowledge(view)
        sampled = self.hidden_hands(view, deals, draws, know)
        stocked = rules.refresh or view.phase is Phase.EXCHANGE  # S5 draws on the stock (X3's trades are never made)
        for hands in sampled:
            rest = self.rest(know, hands) if stocked else []
            if view.phase is Phase.EXCHANGE:
                # S2: the face-down middle is any three of the cards this seat has not seen, the stock the others.
                middle, stock = rest[:3], rest[3:3 + view.stock_size]
                sims = [_chosen(view, hands, middle, stock, take) for take in (False, True)]
            else:
                base = Sim.from_view(view, hands, rest[: view.stock_size])
                sims = []
                for action in candidates:
                    sim = base.copy()
                    sim.apply(sim_action(action))
                    sims.append(sim)
            for i, sim in enumerate(sims):
                sim.run(policy)
                losses[i].append(sim.loss(view.seat))
        return Searched(candidates, losses)

    def rest(self, know: Knowledge, hands: dict[int, list[int]]) -> list[int]:
        """The unseen cards no opponent holds in this deal, shuffled: the stock's cards in the order they come
        (S5, X3), and before the dealer's blind choice the face-down middle first (S2)."""
        held = {c for hand in hands.values() for c in hand}
        rest: list[int] = [c for c in know.unseen if c not in held]
        self.rng.shuffle(rest)
        return rest

    def hidden_hands(self, view: SeatView, count: int, draws: int,
                     know: Knowledge | None = None) -> list[dict[int, list[int]]]:
        """The opponents' hands to search over: ``count`` deals drawn (from ``draws`` candidate hands per
        opponent) to match what each opponent did. ``bench/oracle_gap.py`` replaces them with the true hands, to
        measure what the inference leaves out."""
        return (know or Knowledge(view)).sample(self.rng, draws, count)

    def effort(self, table: int, tuning: Tuning) -> tuple[int, int]:
        """Deals searched and candidate hands drawn per opponent at a table of this many players still in the
        hand (of a ruleset with this ``tuning``): fewer deals as each playout grows longer (where playouts run
        longest, with the square of the table, ``Tuning.square_deals``), and above ``BIG_TABLE``, where a person
        waits for everyone else's decisions in turn, fewer of both."""
        power = 2 if tuning.square_deals else 1
        deals = self.deals if table <= 6 else max(8, self.deals * 6**power // table**power)
        if table <= BIG_TABLE:
            return deals, self.draws
        # A round of the table is (table - 1) decisions, each with playouts about ``table`` turns long.
        return max(8, deals * BIG_TABLE**2 // table**2), self.draws * BIG_TABLE // table


@dataclass(frozen=True)
class Searched:
    """What a search found: each candidate action with its loss in every deal searched (the same deals, in the same
    order, for every candidate)."""

    actions: list[Action]
    losses: list[list[float]]

    def estimates(self) -> list[tuple[Action, float]]:
        """Each candidate with its average loss."""
        return [(action, sum(lost) / max(1, len(lost))) for action, lost in zip(self.actions, self.losses,
                                                                                 strict=True)]

    def within_noise(self, action: Action, chosen: Action) -> bool:
        """Whether ``action`` loses on average no more than ``NOISE`` standard errors more than ``chosen``, the
        error taken over the deals' differences (paired: the same deals for both)."""
        mine = self.losses[self.actions.index(action)]
        best = self.losses[self.actions.index(chosen)]
        n = len(mine)
        if n < 2:
            return mine == best
        diffs = [a - b for a, b in zip(mine, best, strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return mean <= NOISE * spread


def settle(view: SeatView, searched: Searched) -> Action:
    """The search's choice (``best_of``); where it changes the hand, the move with the best hand now among those
    the search cannot tell from it (``NOISE``), the search's own choice first among equal hands."""
    chosen = best_of(searched.estimates())
    if not isinstance(chosen, HandMove):
        return chosen
    rules = view.rules

    def value(action: Action) -> int:
        hand = hand_after(view, action)
        return -1 if hand is None else rules.hand_value(hand)

    close = [a for a in searched.actions if isinstance(a, HandMove) and a != chosen
             and searched.within_noise(a, chosen)]
    return max([chosen, *close], key=value)


def best_of(estimates: list[tuple[Action, float]]) -> Action:
    """The candidate with the smallest estimated loss (the first of equal ones); when knocking is among them,
    waiting pays ``WAIT_BIAS``, as playouts rate it a little too well against knocking."""
    knock_possible = any(isinstance(a, Knock) for a, _ in estimates)

    def cost(pair: tuple[Action, float]) -> float:
        action, loss = pair
        return loss + WAIT_BIAS if knock_possible and not isinstance(action, Knock) else loss

    return min(estimates, key=cost)[0]


def _chosen(view: SeatView, hands: dict[int, list[int]], middle: list[int], stock: list[int], take: bool) -> Sim:
    """S2: the hand after the dealer's choice, at the eldest's first turn: kept (the middle turned face up) or
    taken unseen (the old hand face up in the middle); a dealer who took 31 or three aces shows them at once."""
    hand: list[int] = list(view.hand)
    if take:
        hand, middle = list(middle), hand
    order = view.order
    sim = Sim(view.rules, order, {**{s: list(h) for s, h in hands.items()}, view.seat: hand}, list(middle), order[0],
              stock=stock, fresh=order)
    fire = view.rules.fire_value
    if take and fire is not None and sim.value(view.seat) >= fire:
        sim.pos = -1
    return sim
