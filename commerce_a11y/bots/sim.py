"""A lean copy of one hand's turn rules, for computer players that look ahead thousands of times a decision.

The engine (``rules.match``) is the truth and narrates every step; a search needs none of that, only hands, the
widow, the stock and whose turn it is, as plain lists of card numbers and table lookups. ``Sim`` mirrors the
engine's turn rules from one seat's turn (or an answer to an offer) to the showdown: single swaps, passes, knocks
and calls (C1-C6, B2-B3, H2-H4, T2); schwimmen's swap of all three, the first round without a knock, the fresh
middle after a round of passes and the shows of 31 and three aces with what they cost (S3, S5-S7); tauschen's trades
with the stock and offers to the right-hand neighbour with their answers (X3, X4). ``tests/test_bots.py`` plays the
same decisions through both and compares the outcomes. The dealer's blind choice (S2) comes before any turn: a
search settles it by drawing the face-down middle and starting the ``Sim`` at the eldest's turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeGuard, TypeVar

from ..rules import (
    Accept,
    Action,
    Bartered,
    Decline,
    Event,
    ExchangeAll,
    ExchangedAll,
    Knock,
    Knocked,
    Offer,
    Passed,
    Phase,
    Ruleset,
    SeatView,
    Settlement,
    Swap,
    Swapped,
    Trade,
    Traded,
)

SWAP, PASS, KNOCK, FIRE, ALL, TRADE, OFFER, ACCEPT, DECLINE = range(9)
"""Action kinds in a simulation: ``(SWAP, gave, took)``, ``(PASS,)``, ``(KNOCK,)``, ``(FIRE,)``; S3 ``(ALL,)``,
the whole hand for the whole widow; X3 ``(TRADE, card)``; X4 ``(OFFER, card)``, answered by the neighbour with
``(ACCEPT, card)`` or ``(DECLINE,)``."""

STAY_TURNS = 4
"""In braillespiel playouts, swaps that only keep a hand's value stop after this many rounds of turns."""

SimAction = tuple[Any, ...]
Policy = Callable[["Sim", int], SimAction]
C = TypeVar("C", bound=int)
"""A card as the caller holds it (a ``Card`` or a plain number): ``answer_card`` gives back one of the caller's."""

TURN_ENDS = (Swapped, Passed, Knocked, Traded, Bartered)


def ends_turn(event: Event) -> TypeGuard[Swapped | Passed | Knocked | Traded | Bartered | ExchangedAll]:
    """Whether an event ends a turn of its ``player``: ``TURN_ENDS`` (a barter ends the offerer's turn), and a swap
    of all three on a turn (``ExchangedAll`` not ``blind``: the dealer's blind choice, S2, is no turn)."""
    return isinstance(event, TURN_ENDS) or (isinstance(event, ExchangedAll) and not event.blind)


def sim_action(action: Action) -> SimAction:
    """An engine action as the look-ahead's tuple (a pass, or anything with no tuple of its own, as ``(PASS,)``)."""
    match action:
        case Swap(gave=gave, took=took):
            return (SWAP, gave, took)
        case Knock():
            return (KNOCK,)
        case ExchangeAll():
            return (ALL,)
        case Trade(card=card):
            return (TRADE, card)
        case Offer(card=card):
            return (OFFER, card)
        case Accept(card=card):
            return (ACCEPT, card)
        case Decline():
            return (DECLINE,)
    return (PASS,)


class Sim:
    """One hand in progress, to be played out by a policy; cheap to copy."""

    __slots__ = ("counts", "dealer", "feuer", "fire", "fresh", "hands", "knocker", "last_round", "lookup", "offer",
                 "offered", "order", "paid", "pass_final", "passed", "passes", "pos", "refresh", "rules",
                 "stalemate", "stock", "turn_pos", "turns", "widow")

    def __init__(self, rules: Ruleset, order: Sequence[int], hands: dict[int, list[int]], widow: list[int],
                 to_act: int, passes: int = 0, knocker: int | None = None, passed: Sequence[int] = (),
                 stock: Sequence[int] = (), fresh: Sequence[int] = (), counts: Sequence[int] = (),
                 dealer: int | None = None, offer: tuple[int, int] | None = None, offered: bool = False) -> None:
        self.rules = rules
        self.lookup = rules.table.table
        self.order = tuple(order)
        self.hands = hands
        self.widow = widow
        self.pos = self.order.index(to_act)
        # X4: while an offer waits, ``pos`` is the answering neighbour and ``turn_pos`` the offerer, whose turn it is.
        self.offer = offer
        self.turn_pos = self.order.index(offer[0]) if offer is not None else self.pos
        self.offered = offered or offer is not None
        self.passes = passes
        self.knocker = knocker
        # C5: after a knock the seats between the one whose turn it is and the knocker still have their last turn.
        self.last_round: list[int] | None = None
        if knocker is not None:
            self.last_round = _between(self.order, self.turn_pos, self.order.index(knocker))
        self.passed = set(passed)
        self.stalemate = (rules.stalemate_rounds or 0) * len(self.order)
        self.pass_final = rules.pass_is_final
        self.fire = rules.fire_value
        self.feuer = rules.feuer_value
        self.refresh = rules.refresh
        self.stock = list(stock)
        # S3: the seats that have not ended a turn this hand yet, and so may not knock.
        self.fresh = set() if rules.first_round_knock else set(fresh)
        self.counts = list(counts)
        self.dealer = dealer
        self.paid: dict[int, int] = {}
        self.turns = 0

    @classmethod
    def from_view(cls, view: SeatView, hands: dict[int, list[int]], stock: Sequence[int] = ()) -> Sim:
        """The hand as the view shows it, with every other seat's cards as given (a determinization) and, where
        the rules draw on it (S5, X3), the stock's cards in the order they would come."""
        hands = {s: list(h) for s, h in hands.items()}
        hands[view.seat] = list(view.hand)
        assert view.to_act is not None
        offer = None
        if view.phase is Phase.ANSWER:
            assert view.offer is not None and view.offer.card is not None
            offer = (view.offer.player, int(view.offer.card))
        return cls(view.rules, view.order, hands, list(view.widow), view.to_act, view.passes, view.knocker,
                   tuple(view.passed), stock, fresh_seats(view), view.counts, view.dealer, offer, view.turn_offered)

    def copy(self) -> Sim:
        new = object.__new__(Sim)
        for name in Sim.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = {s: list(h) for s, h in self.hands.items()}
        new.widow = list(self.widow)
        new.last_round = None if self.last_round is None else list(self.last_round)
        new.passed = set(self.passed)
        if self.stock:
            new.stock = list(self.stock)
        if self.fresh:
            new.fresh = set(self.fresh)
        if self.counts:
            new.counts = list(self.counts)
        if self.paid:
            new.paid = dict(self.paid)
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
        """C5: not in the last round; S3: not before one's first turn of the hand has ended."""
        return (self.rules.can_knock and self.last_round is None
                and not (self.fresh and self.order[self.pos] in self.fresh))

    def can_offer(self) -> bool:
        """X4: one offer a turn, on a turn (not while answering)."""
        return self.rules.barter and not self.offered

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
                self.pos = -1  # H4, T2: a call at the end of one's own swap (a policy always makes it); S6: a show
                return
        elif kind == PASS:
            self.passes += 1
            if self.pass_final:
                self.passed.add(seat)
        elif kind == KNOCK:
            self.passes = 0
            self.knocker = seat
            self.last_round = _between(self.order, self.pos, self.pos)
        elif kind == FIRE:
            self.pos = -1
            return
        elif kind == ALL:  # S3: the whole hand for the whole widow, then S6, S7
            self.hands[seat], self.widow = self.widow, self.hands[seat]
            self.passes = 0
            if self.fire is not None and self.value(seat) >= self.fire:
                self.pos = -1
                return
        elif kind == TRADE:  # X3: a card for the stock's top, a chip to the dealer (the dealer's own to the box)
            hand = self.hands[seat]
            hand[hand.index(action[1])] = self.stock.pop(0)
            self.counts[seat] -= 1
            self.paid[seat] = self.paid.get(seat, 0) + 1
            if seat != self.dealer and self.dealer is not None:
                self.counts[self.dealer] += 1
            self.passes = 0
        elif kind == OFFER:  # X4: the neighbour answers at once; the turn stays the offerer's
            self.offer = (seat, action[1])
            self.offered = True
            self.turn_pos = self.pos
            self.pos = (self.pos - 1) % len(self.order)
            return
        elif kind == ACCEPT:
            assert self.offer is not None
            offerer, card = self.offer
            mine, theirs = self.hands[seat], self.hands[offerer]
            mine[mine.index(action[1])] = card
            theirs[theirs.index(card)] = action[1]
            self.offer = None
            self.pos = self.turn_pos
            self.passes = 0
        else:  # DECLINE: the offerer's turn goes on, without a second offer
            self.offer = None
            self.pos = self.turn_pos
            return
        self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        if self.fresh:
            self.fresh.discard(self.order[self.pos])
        self.offered = False
        if self.last_round is not None:
            if self.last_round:
                self.pos = self.order.index(self.last_round.pop(0))
            else:
                self.pos = -1
            return
        if self.stalemate and self.passes >= self.stalemate:
            if not (self.refresh and len(self.stock) >= 3):
                self.pos = -1
                return
            # S5: the middle laid aside, three fresh cards from the stock, the count of passes again from zero.
            self.widow, self.stock = self.stock[:3], self.stock[3:]
            self.passes = 0
        n = len(self.order)
        for step in range(1, n + 1):
            p = (self.pos + step) % n
            if self.order[p] not in self.passed:
                self.pos = p
                return
        self.pos = -1

    def run(self, policy: Policy, limit: int = 200) -> None:
        """Play to the showdown; after ``limit`` turns everyone passes or knocks (B11, H8 bound the sources) and
        answers no offer."""
        while self.pos >= 0:
            seat = self.order[self.pos]
            if self.turns >= limit:
                self.apply((DECLINE,) if self.offer is not None else (KNOCK,) if self.can_knock() else (PASS,))
            else:
                self.apply(policy(self, seat))

    # ----- the showdown -----

    def loss(self, seat: int) -> float:
        """What the hand costs ``seat``: 1 for a lost chip, life or a minus point; in braillespiel, minus the share
        of the pot it wins (B7: ties to the eldest); S7: three aces cost everyone else a life; X3: each chip paid
        for a trade."""
        if self.rules.settlement is Settlement.BEST_TAKES_POT:
            winner = max(self.order, key=self.value)  # the first of equal values: the eldest
            return -len(self.order) if winner == seat else 0.0
        mine = self.value(seat)
        paid = self.paid.get(seat, 0) if self.paid else 0
        feuer = self.feuer
        if feuer is not None and any(self.value(s) >= feuer for s in self.order):
            return paid + (0.0 if mine >= feuer else 1.0)
        return paid + (1.0 if all(self.value(s) >= mine for s in self.order) else 0.0)


def fresh_seats(view: SeatView) -> tuple[int, ...]:
    """S3: the seats of the hand that have not ended a turn in it yet (none where a first turn may knock)."""
    if view.rules.first_round_knock:
        return ()
    ended = {e.player for e in view.hand_history if ends_turn(e)}
    return tuple(s for s in view.order if s not in ended)


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
                    knock_from: int = 0, swap_all: bool = False) -> Policy:
    """The playout policy, the heuristic level's habits at table speed: call when allowed, knock from a strength
    (and a value, ``knock_from``) on, else the swap with the best promise (in the last round: the best value),
    else pass. With ``swap_all`` (S3) the whole widow for the whole hand is one more swap to weigh.

    The issue's lesson from a toy version of this family: playouts by a sensible policy, not random moves, make a
    search rate a position like the players who will really play it.
    """
    def policy(sim: Sim, seat: int) -> SimAction:
        value = sim.value(seat)
        if sim.fire is not None and value >= sim.fire:
            return (FIRE,)
        if sim.last_round is not None:
            best, gave, took = best_single_swap(sim, seat)
            if swap_all:
                x, y, z = sim.widow
                whole = sim.lookup[x * 2704 + y * 52 + z]
                if whole > best and whole > value:
                    return (ALL,)
            return (SWAP, (gave,), (took,)) if best > value else (PASS,)
        if sim.can_knock() and value >= knock_from and strengths.get(value, 1.0) >= knock_at:
            return (KNOCK,)
        hand = sim.hands[seat]
        if len(hand) != 3:
            return (PASS,)
        a, b, c = hand
        best, gave, took = best_swap(promises, hand, sim.widow)
        held = promises[a * 2704 + b * 52 + c]
        if swap_all:
            x, y, z = sim.widow
            promised = promises[x * 2704 + y * 52 + z]
            if promised > best and promised > held:
                return (ALL,)
        if best > held:
            return (SWAP, (gave,), (took,))
        if sim.pass_final and sim.turns < STAY_TURNS * len(sim.order):
            # B3: passing ends one's swapping, so a swap that keeps the value keeps one in (as the heuristic does).
            best, gave, took = best_single_swap(sim, seat)
            if best >= value:
                return (SWAP, (gave,), (took,))
        return (PASS,)

    return policy


def barter_policy(knock_at: float, strengths: dict[int, float], offer_below: float,
                  potentials: list[float]) -> Policy:
    """The tauschen playout policy, the heuristic level's habits at table speed: never trade (X3: a certain chip
    against at most one at the showdown); answer an offer by taking it when it raises the hand's value, giving the
    card that leaves the best hand; knock from a strength on; offer the card needed least (``least_needed``) with a
    hand weaker than ``offer_below``; else pass."""
    def policy(sim: Sim, seat: int) -> SimAction:
        hand = sim.hands[seat]
        a, b, c = hand
        lookup = sim.lookup
        value = lookup[a * 2704 + b * 52 + c]
        if sim.offer is not None:
            give = answer_card(lookup, hand, sim.offer[1])
            return (DECLINE,) if give is None else (ACCEPT, give)
        strength = strengths.get(value, 1.0)
        if sim.can_knock() and strength >= knock_at:
            return (KNOCK,)
        if strength < offer_below and sim.can_offer():
            return (OFFER, least_needed(potentials, hand))
        return (PASS,)

    return policy


def answer_card(lookup: Sequence[int], hand: Sequence[C], card: int) -> C | None:
    """X4, the answer rule every level from ``basic`` up plays and the playouts model: the hand card given for the
    offered ``card`` when taking it raises the hand's value (the first of the cards whose place it fills best),
    None to decline."""
    a, b, c = hand
    best, give = lookup[a * 2704 + b * 52 + c], None
    for v, g in ((lookup[card * 2704 + b * 52 + c], a), (lookup[a * 2704 + card * 52 + c], b),
                 (lookup[a * 2704 + b * 52 + card], c)):
        if v > best:
            best, give = v, g
    return give


def least_needed(potentials: Sequence[float], hand: Sequence[int]) -> int:
    """X4: the card of a three-card hand whose place a random card fills best on average (the other two cards'
    ``strength.pair_potentials`` is the highest): the odd card beside a pair, the card of the wrong suit."""
    a, b, c = hand
    keep_bc, keep_ac, keep_ab = potentials[b * 52 + c], potentials[a * 52 + c], potentials[a * 52 + b]
    if keep_bc >= keep_ac and keep_bc >= keep_ab:
        return a
    return b if keep_ac >= keep_ab else c
