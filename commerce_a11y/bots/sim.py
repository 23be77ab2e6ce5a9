"""A lean copy of one hand's turn rules, for computer players that look ahead thousands of times a decision.

The engine (``rules.match``) is the truth and narrates every step; a search needs none of that, only hands, the
widow and whose turn it is, as plain lists of card numbers and table lookups. ``Sim`` mirrors the engine's turn
rules for single swaps, passes, knocks and calls (C1-C6, B2-B3, H2-H4, T2), from one seat's turn to the
showdown; ``tests/test_bots.py`` plays the same decisions through both and compares the outcomes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..rules import Ruleset, SeatView, Settlement

SWAP, PASS, KNOCK, FIRE = 0, 1, 2, 3
"""Action kinds in a simulation: ``(SWAP, gave, took)``, ``(PASS,)``, ``(KNOCK,)``, ``(FIRE,)``."""

STAY_TURNS = 4
"""In braillespiel playouts, swaps that only keep a hand's value stop after this many rounds of turns."""

SimAction = tuple
Policy = Callable[["Sim", int], SimAction]


def mirrors(rules: Ruleset) -> bool:
    """Whether ``Sim`` plays this ruleset's turns as the engine does. Not yet schwimmen's (the blind choice, swapping
    all three, the fresh middle and the shows, S2-S7) nor tauschen's (trades and offers, X3, X4): for those the
    heuristic and strong levels fall back to the basic level's choices until they learn them."""
    return rules.widow and not (rules.blind_widow or rules.swap_all or rules.refresh or rules.shows
                                or rules.trade or rules.barter)


class Sim:
    """One hand in progress, to be played out by a policy; cheap to copy."""

    __slots__ = ("fire", "hands", "knocker", "last_round", "lookup", "order", "pass_final", "passed", "passes",
                 "pos", "rules", "stalemate", "turns", "widow")

    def __init__(self, rules: Ruleset, order: Sequence[int], hands: dict[int, list[int]], widow: list[int],
                 to_act: int, passes: int = 0, knocker: int | None = None, passed: Sequence[int] = ()) -> None:
        self.rules = rules
        self.lookup = rules.table.table
        self.order = tuple(order)
        self.hands = hands
        self.widow = widow
        self.pos = self.order.index(to_act)
        self.passes = passes
        self.knocker = knocker
        # C5: after a knock the seats between the one to act and the knocker still have their last turn.
        self.last_round: list[int] | None = None
        if knocker is not None:
            self.last_round = _between(self.order, self.pos, self.order.index(knocker))
        self.passed = set(passed)
        self.stalemate = (rules.stalemate_rounds or 0) * len(self.order)
        self.pass_final = rules.pass_is_final
        self.fire = rules.fire_value
        self.turns = 0

    @classmethod
    def from_view(cls, view: SeatView, hands: dict[int, list[int]]) -> Sim:
        """The hand as the view shows it, with every other seat's cards as given (a determinization)."""
        hands = {s: list(h) for s, h in hands.items()}
        hands[view.seat] = list(view.hand)
        assert view.to_act is not None
        return cls(view.rules, view.order, hands, list(view.widow), view.to_act, view.passes, view.knocker,
                   tuple(view.passed))

    def copy(self) -> Sim:
        new = object.__new__(Sim)
        for name in Sim.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = {s: list(h) for s, h in self.hands.items()}
        new.widow = list(self.widow)
        new.last_round = None if self.last_round is None else list(self.last_round)
        new.passed = set(self.passed)
        return new

    # ----- asking -----

    @property
    def to_act(self) -> int | None:
        return None if self.pos < 0 else self.order[self.pos]

    @property
    def over(self) -> bool:
        return self.pos < 0

    def value(self, seat: int) -> int:
        hand = self.hands[seat]
        if len(hand) == 3:
            a, b, c = hand
            return self.lookup[a * 2704 + b * 52 + c]
        return self.rules.hand_value(hand)

    def can_knock(self) -> bool:
        return self.rules.can_knock and self.last_round is None

    # ----- acting -----

    def apply(self, action: SimAction) -> None:
        seat = self.order[self.pos]
        kind = action[0]
        if kind == SWAP:
            hand, widow = self.hands[seat], self.widow
            for gave, took in zip(action[1], action[2], strict=True):
                hand[hand.index(gave)] = took
                widow[widow.index(took)] = gave
            self.passes = 0
            if self.fire is not None and self.value(seat) >= self.fire:
                self.pos = -1  # H4, T2: a call at the end of one's own swap (a policy always makes it)
                return
        elif kind == PASS:
            self.passes += 1
            if self.pass_final:
                self.passed.add(seat)
        elif kind == KNOCK:
            self.passes = 0
            self.knocker = seat
            self.last_round = _between(self.order, self.pos, self.pos)
        else:
            self.pos = -1
            return
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        if self.last_round is not None:
            if self.last_round:
                self.pos = self.order.index(self.last_round.pop(0))
            else:
                self.pos = -1
            return
        if self.stalemate and self.passes >= self.stalemate:
            self.pos = -1
            return
        n = len(self.order)
        for step in range(1, n + 1):
            p = (self.pos + step) % n
            if self.order[p] not in self.passed:
                self.pos = p
                return
        self.pos = -1

    def run(self, policy: Policy, limit: int = 200) -> None:
        """Play to the showdown; after ``limit`` turns everyone passes or knocks (B11, H8 bound the sources)."""
        while self.pos >= 0:
            seat = self.order[self.pos]
            if self.turns >= limit:
                self.apply((KNOCK,) if self.can_knock() else (PASS,))
            else:
                self.apply(policy(self, seat))

    # ----- the showdown -----

    def loss(self, seat: int) -> float:
        """What the showdown costs ``seat``: 1 for a lost chip, life or a minus point; in braillespiel, minus
        the share of the pot it wins (B7: ties to the eldest)."""
        if self.rules.settlement is Settlement.BEST_TAKES_POT:
            winner = max(self.order, key=self.value)  # the first of equal values: the eldest
            return -len(self.order) if winner == seat else 0.0
        mine = self.value(seat)
        return 1.0 if all(self.value(s) >= mine for s in self.order) else 0.0


def _between(order: tuple[int, ...], pos: int, knocker_pos: int) -> list[int]:
    """The seats after ``pos`` in turn order up to (not including) the knocker's position."""
    n = len(order)
    result = []
    p = (pos + 1) % n
    while p != knocker_pos:
        result.append(order[p])
        p = (p + 1) % n
    return result


def best_swap(table: Sequence[float], hand: Sequence[int], widow: Sequence[int]) -> tuple[float, int, int]:
    """The single swap whose hand scores best in ``table`` (values or promises, indexed like the value table):
    (score, hand card, widow card), the first of equal scores; score -1 for a hand that is not of three cards."""
    best = (-1.0, 0, 0)
    if len(hand) != 3:
        return best
    a, b, c = hand
    # The hand's index with one place left open, for each place: the playouts' innermost loop.
    rest_a, rest_b, rest_c = b * 52 + c, a * 2704 + c, a * 2704 + b * 52
    top = -1.0
    for t in widow:
        v = table[t * 2704 + rest_a]
        if v > top:
            top, best = v, (v, a, t)
        v = table[rest_b + t * 52]
        if v > top:
            top, best = v, (v, b, t)
        v = table[rest_c + t]
        if v > top:
            top, best = v, (v, c, t)
    return best


def best_single_swap(sim: Sim, seat: int) -> tuple[float, int, int]:
    """The single swap that gives the best hand: (value after, hand card, widow card); value -1 when none."""
    return best_swap(sim.lookup, sim.hands[seat], sim.widow)


def sensible_policy(knock_at: float, strengths: dict[int, float], promises: list[float],
                    knock_from: int = 0) -> Policy:
    """The playout policy, the heuristic level's habits at table speed: call when allowed, knock from a strength
    (and a value, ``knock_from``) on, else the swap with the best promise (in the last round: the best value),
    else pass.

    The issue's lesson from a toy version of this family: playouts by a sensible policy, not random moves, make a
    search rate a position like the players who will really play it.
    """
    def policy(sim: Sim, seat: int) -> SimAction:
        value = sim.value(seat)
        if sim.fire is not None and value >= sim.fire:
            return (FIRE,)
        if sim.last_round is not None:
            best, gave, took = best_single_swap(sim, seat)
            return (SWAP, (gave,), (took,)) if best > value else (PASS,)
        if sim.can_knock() and value >= knock_from and strengths.get(value, 1.0) >= knock_at:
            return (KNOCK,)
        hand = sim.hands[seat]
        if len(hand) != 3:
            return (PASS,)
        a, b, c = hand
        best, gave, took = best_swap(promises, hand, sim.widow)
        if best > promises[a * 2704 + b * 52 + c]:
            return (SWAP, (gave,), (took,))
        if sim.pass_final and sim.turns < STAY_TURNS * len(sim.order):
            # B3: passing ends one's swapping, so a swap that keeps the value keeps one in (as the heuristic does).
            best, gave, took = best_single_swap(sim, seat)
            if best >= value:
                return (SWAP, (gave,), (took,))
        return (PASS,)

    return policy
