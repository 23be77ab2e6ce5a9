"""What a seat can know about the others' hands in this hand, and hands drawn to match it.

Everything comes from the seat's own view (G7): cards an opponent took from the widow are known to be in their
hand until they lay them down again; the rest of their hand is among the cards this seat has never seen. Drawing
those uniformly underrates opponents (they keep what fits and pass with what is good), which the issue measured
making a search play worse than a greedy bot. So every drawn deal is weighted by how well it explains what each
opponent was seen to do: passing while the widow offered a big improvement is unlikely, and so is a swap that
was much worse than the best one, or a knock with a weak hand.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from dataclasses import dataclass, replace
from itertools import combinations

from ..rules import (
    Bartered,
    Dealt,
    Declined,
    ExchangedAll,
    Kept,
    Knocked,
    Offered,
    Passed,
    Phase,
    Pounced,
    Refreshed,
    SeatView,
    Swapped,
    Traded,
)
from .scoring import OFFER_BELOW, knock_floor, promise_of
from .sim import best_swap, ends_turn
from .strength import mean_promise, pair_potentials, promises, strength_of, strengths, value_strengths

SWAP_CARE = 60.0
"""How sharply a drawn hand is doubted for a decision worse than the best one (per unit of strength lost)."""
KNOCK_FLOOR = 0.02
"""The smallest chance given to a knock (or a declined knock) that the model finds unlikely: players err."""
OFFER_SHARPNESS = 12.0
OFFER_FLOOR = 0.02
"""X4: the smallest chance given to an offer the model finds unlikely (or to taking one that does not help)."""
OFFER_CARE = 8.0
"""X4: how sharply a drawn hand is doubted for offering a card it needs more than another (the heuristic level
weighs its offers against the neighbour's hand, and offers the card needed least about half the time)."""
ENUMERATE = 1.5
"""When an opponent's unknown cards can be chosen in at most this many times ``draws`` ways, every way is weighed
instead of drawing candidates at random. In Commerce an opponent who swapped holds one known card; with the
strong level's 600 draws its other two are weighed in all ways once at most 42 cards are unseen (861 ways)."""


def _takeable(turn_widow: tuple[int, ...], taken: list[int]) -> tuple[int, ...]:
    """C3: the cards a turn may still take: those the widow held when it began, less the ones taken (the cards
    laid down this turn were never among them)."""
    return tuple(c for c in turn_widow if c not in taken)


def _knocks(strength: float, center: float, sharpness: float) -> float:
    """The modelled chance that a player knocks with a hand of this strength when allowed to (around ``center``,
    as sharply as ``sharpness``: ``Tuning.knock_model``)."""
    return 1 / (1 + math.exp(-sharpness * (strength - center)))


def out_of_play(view: SeatView) -> frozenset[int]:
    """The cards this seat knows to be out of this hand for good: the middles laid aside (S5, seen by all) and the
    cards it traded away face down (X3). Every other card may still reach the widow, or an opponent's hand."""
    gone: set[int] = set()
    for event in view.hand_history:
        if isinstance(event, Refreshed):
            gone.update(event.laid_aside)
        elif isinstance(event, Traded) and event.player == view.seat and event.gave is not None:
            gone.add(event.gave)
    return frozenset(gone)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of an opponent this hand, with the widow cards it could take (as the widow lay before it, or in
    a C3 turn after its first swap the cards still takeable). ``last_turn``: no later turn of this player counts,
    so the decision is judged by value, not by promise."""

    seat: int
    kind: str
    widow: tuple[int, ...]
    gave: tuple[int, ...] = ()
    took: tuple[int, ...] = ()
    could_knock: bool = False
    last_turn: bool = False
    could_offer: bool = False
    """X4: a pass in a turn that could still have made an offer."""


class Knowledge:
    """The seat's knowledge of the current hand, read from its view's history of the hand."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        me = view.seat
        self.opponents = [s for s in view.order if s != me]
        self.known: dict[int, set[int]] = {s: set() for s in self.opponents}
        self.decisions: dict[int, list[Decision]] = {s: [] for s in self.opponents}
        rules = view.rules
        widow: list[int] = []
        can_knock = rules.can_knock
        # S3: no knock before one's first turn of the hand has ended.
        fresh = set() if rules.first_round_knock else set(view.order)
        last_turn = False
        offering: int | None = None  # X4: the seat whose turn has made its offer
        offered: int | None = None  # and the card, where this seat saw it
        # C3: a turn of several single swaps. Its first swap is chosen like any turn's; the ones after it, and
        # ending the turn while a swap was still allowed, by the hand's value among the cards still takeable
        # (those the widow held when the turn began, less the ones taken), as the heuristic level does.
        several = rules.swaps_per_turn > 1 and not rules.multi_swap
        run: list[int] = []  # the cards taken so far this turn by ``runner``
        runner: int | None = None
        turn_widow: tuple[int, ...] = ()
        dealer: int | None = None  # H1: the dealer while their exchange of the whole hand is not seen
        dealt: tuple[int, ...] = ()
        for event in view.hand_history:
            continues = (several and isinstance(event, Swapped) and event.player == runner
                         and len(run) < rules.swaps_per_turn)
            if runner is not None and not continues:
                self._ended_turn(runner, turn_widow, run)
                runner = None
            if ends_turn(event):
                fresh.discard(event.player)
                offering = None
            match event:
                case Dealt():
                    widow = list(event.widow)
                    dealt = tuple(widow)
                    dealer = event.dealer if rules.dealer_exchange else None
                case Kept(player=player):
                    if event.turned_up:  # S2: the face-down middle turned up; the dealer kept an unseen choice
                        widow = list(event.turned_up)
                        if player != me and player in self.known:
                            self.decisions[player].append(Decision(player, "keep_blind", ()))
                        dealer = None
                case ExchangedAll(player=player):
                    if player != me and player in self.known:
                        # H1, S3: the whole widow taken, every card of the hand known; S2: taken face down, none.
                        self.known[player] = set(event.took)
                        self.decisions[player] = []
                    widow = list(event.gave)
                    dealer = None
                case Swapped(player=player):
                    if player != me and player in self.known:
                        lay, knockable, final = ((_takeable(turn_widow, run), False, True) if continues
                                                 else (tuple(widow), can_knock and player not in fresh, last_turn))
                        self.decisions[player].append(Decision(player, "swap", lay, tuple(event.gave),
                                                               tuple(event.took), knockable, final))
                        self.known[player] -= set(event.gave)
                        self.known[player] |= set(event.took)
                    if several:
                        if not continues:
                            runner, turn_widow, run = player, tuple(widow), []
                        run.extend(event.took)
                    for gave, took in zip(event.gave, event.took, strict=True):
                        widow[widow.index(took)] = gave
                case Passed(player=player) | Knocked(player=player):
                    knocked = isinstance(event, Knocked)
                    if player != me and player in self.known:
                        self.decisions[player].append(Decision(
                            player, "knock" if knocked else "pass", tuple(widow),
                            could_knock=can_knock and (player not in fresh or knocked), last_turn=last_turn,
                            could_offer=rules.barter and not knocked and offering != player))
                    if knocked:
                        can_knock = False  # C5: the last round has no knock, so passing in it says nothing about one
                        last_turn = True
                case Pounced(player=player):
                    if player != me and player in self.known:
                        self.known[player].add(event.took)
                    widow[widow.index(event.took)] = event.refill
                case Refreshed():
                    widow = list(event.widow)
                case Traded(player=player):
                    if player != me and player in self.known:
                        # X3: a card unseen for another unseen: what was read from the old hand no longer holds.
                        self.known[player] = set()
                        self.decisions[player] = []
                case Offered(player=player):
                    offering = player
                    offered = event.card
                    if player != me and player in self.known:
                        card = () if event.card is None else (event.card,)
                        self.known[player].update(card)  # X4: offered to this seat, so still theirs for now
                        self.decisions[player].append(Decision(player, "offer", (), gave=card, last_turn=last_turn,
                                                               could_knock=can_knock))
                case Bartered(player=player, to=to):
                    self._bartered(me, player, to, event.gave, event.took)
                case Declined(player=player, to=to):
                    if to == me and player in self.known:
                        assert offered is not None  # this seat's own offer
                        self.decisions[player].append(Decision(player, "decline", (offered,)))
        if runner is not None and view.to_act != runner:
            self._ended_turn(runner, turn_widow, run)
        if dealer in self.known and view.phase is not Phase.EXCHANGE:
            # H1: the dealer kept the hand dealt rather than take the widow (declining leaves no event).
            self.decisions[dealer].insert(0, Decision(dealer, "keep", dealt))
        seen: set[int] = set(view.hand) | set(view.widow) | out_of_play(view)
        for cards in self.known.values():
            seen |= cards
        self.unseen = [c for c in view.rules.deck(len(view.players)) if c not in seen]
        self.slots = {s: view.hand_sizes[s] - len(self.known[s]) for s in self.opponents}
        players = len(view.players)
        self.strengths = strengths(rules, players)
        self.promises = promises(rules, players)
        self.value_strengths = value_strengths(rules, players)
        self.potentials = pair_potentials(rules, players) if rules.barter else []
        # S2: the dealer keeps a hand that promises as much as the face-down middle is worth unseen (an average hand).
        self.keep_promise = mean_promise(rules, players) if rules.blind_widow else 0.0
        self.lookup = rules.table.table
        self.knock_floor = knock_floor(rules)
        self.pass_is_final = rules.pass_is_final
        self.swap_all = rules.swap_all
        self.shown = rules.fire_value if rules.shows else None
        self.knock_model = rules.tuning.knock_model

    def _bartered(self, me: int, offerer: int, to: int, gave: int | None, took: int | None) -> None:
        """X4, an accepted offer: ``offerer`` gave ``gave`` to the neighbour ``to`` for ``took``. The two who
        bartered know both cards; the others only that two hands changed, unseen."""
        if me == offerer:
            assert gave is not None and took is not None
            if to in self.known:
                # The neighbour took this seat's card, giving the one it chose.
                self.decisions[to].append(Decision(to, "accept", (gave,), (took,), (gave,)))
                self.known[to].discard(took)
                self.known[to].add(gave)
            return
        if me == to:
            assert gave is not None and took is not None
            if offerer in self.known:
                decisions = self.decisions[offerer]
                if decisions and decisions[-1].kind == "offer":
                    decisions[-1] = replace(decisions[-1], gave=(gave,), took=(took,))
                self.known[offerer].discard(gave)
                self.known[offerer].add(took)
            return
        for seat in (offerer, to):
            if seat in self.known:
                self.known[seat] = set()
                self.decisions[seat] = []

    def _ended_turn(self, seat: int, turn_widow: tuple[int, ...], taken: list[int]) -> None:
        """C3: ``seat`` ended its turn after the swaps taking ``taken``; if it could have swapped again, ending it
        says no takeable card raised the hand's value (judged like a pass in the last round)."""
        takeable = _takeable(turn_widow, taken)
        if seat in self.known and len(taken) < self.view.rules.swaps_per_turn and takeable:
            self.decisions[seat].append(Decision(seat, "pass", takeable, last_turn=True))

    def seat_weight(self, seat: int, hand: list[int]) -> float:
        """How well a hand for ``seat`` explains its decisions this hand (a likelihood, up to a factor)."""
        hand = list(hand)
        if self.shown is not None and len(hand) == 3 and self._value(hand) >= self.shown:
            return 0.0  # S6, S7: 31 or three aces would have been shown at once
        log_weight = 0.0
        for decision in reversed(self.decisions[seat]):
            if decision.took:
                # The hand before the swap (or the barter, X4): the taken cards back out, the given ones back in.
                for gave, took in zip(decision.gave, decision.took, strict=True):
                    if took not in hand:
                        return 0.0
                    hand[hand.index(took)] = gave
            log_weight += self._log_likelihood(decision, hand)
        return math.exp(log_weight)

    def _log_likelihood(self, decision: Decision, hand: list[int]) -> float:
        if len(hand) != 3:
            return 0.0
        value = self._value(hand)
        kind = decision.kind
        # Below the ruleset's floor for knocking (the tips, ``Tuning.knock_tip``) players are modelled not to
        # knock at all: the strength scale is steep there (in Thirty-One 26 points beat 98.7% of all hands).
        knocks = (_knocks(strength_of(self.strengths, value), *self.knock_model) if value >= self.knock_floor
                  else 0.0)
        if kind == "knock":
            return math.log(KNOCK_FLOOR + knocks)
        if kind == "keep":
            # H1: the dealer exchanges the whole hand when the widow promises more.
            return -SWAP_CARE * max(0.0, promise_of(self.promises, decision.widow) - promise_of(self.promises, hand))
        if kind == "keep_blind":
            # S2: the dealer takes the face-down middle when the hand promises less than an unseen one would.
            return -SWAP_CARE * max(0.0, self.keep_promise - promise_of(self.promises, hand))
        if kind in ("offer", "accept", "decline"):
            return self._barter_likelihood(decision, hand, value, knocks)
        # Not knocking when one could says the hand was not yet strong enough to.
        declined = math.log(1 - (1 - KNOCK_FLOOR) * knocks) if decision.could_knock else 0.0
        if decision.could_offer:
            # X4: nor weak enough to offer a card.
            declined += math.log(1 - (1 - OFFER_FLOOR) * self._offers(value))
        # Swaps and passes are judged by promise, the measure players swap by (it keeps a flush draw where the
        # value alone would break it up); in one's last turn only the value counts, on the strength scale.
        scale = self.value_strengths if decision.last_turn else self.promises
        a, b, c = hand
        held = scale[a * 2704 + b * 52 + c]
        widow = decision.widow
        best = max(held, best_swap(scale, hand, widow)[0])
        if self.swap_all and len(widow) == 3:
            # S3: the whole widow for the whole hand was there to take too.
            x, y, z = widow
            best = max(best, scale[x * 2704 + y * 52 + z])
        if kind == "pass":
            return declined - SWAP_CARE * (best - held)
        after = list(hand)
        for gave, took in zip(decision.gave, decision.took, strict=True):
            after[after.index(gave)] = took
        x, y, z = after
        index = x * 2704 + y * 52 + z
        taken = scale[index]
        if self.pass_is_final and taken < held == best:
            # B3: where a pass ends one's swapping, players with no better swap take one that keeps the hand's
            # value, to stay in for the cards laid later (the heuristic's habit); such a swap is judged by value.
            values = self.value_strengths
            kept = values[index]
            if kept >= values[a * 2704 + b * 52 + c]:
                return declined - SWAP_CARE * max(0.0, best_swap(values, hand, decision.widow)[0] - kept)
        return declined - SWAP_CARE * max(0.0, best - taken)

    def _offers(self, value: int) -> float:
        """X4: the modelled chance that a player offers a card with a hand of this value (``scoring.OFFER_BELOW``)."""
        strength = strength_of(self.strengths, value)
        return 1 / (1 + math.exp(OFFER_SHARPNESS * (strength - OFFER_BELOW)))

    def _barter_likelihood(self, decision: Decision, hand: list[int], value: int, knocks: float) -> float:
        """X4: an offer says the hand was weak (and, to the neighbour who saw it, that the card offered was the one
        the hand needed least); taking an offer, that the card raised the hand's value, the card given back
        leaving the best hand; declining one, that no card of the hand was worth giving for it."""
        values = self.value_strengths
        a, b, c = hand
        if decision.kind == "offer":
            log = math.log(OFFER_FLOOR + self._offers(value))
            if decision.could_knock:
                log += math.log(1 - (1 - KNOCK_FLOOR) * knocks)
            if decision.gave:
                card = decision.gave[0]
                if card not in hand:
                    return -math.inf
                keep = self.potentials
                kept = next(keep[y * 52 + z] for x, y, z in ((a, b, c), (b, a, c), (c, a, b)) if x == card)
                log -= OFFER_CARE * (max(keep[b * 52 + c], keep[a * 52 + c], keep[a * 52 + b]) - kept)
            return log
        card = decision.widow[0]
        held = values[a * 2704 + b * 52 + c]
        options = {a: values[card * 2704 + b * 52 + c], b: values[a * 2704 + card * 52 + c],
                   c: values[a * 2704 + b * 52 + card]}
        best = max(options.values())
        if decision.kind == "decline":
            return -SWAP_CARE * max(0.0, best - held)
        given = options.get(decision.gave[0])
        if given is None:
            return -math.inf
        if given <= held:
            return math.log(OFFER_FLOOR)  # taking a card that does not raise the hand: unlikely
        return -SWAP_CARE * (best - given)

    def _value(self, hand: list[int]) -> int:
        a, b, c = hand
        return self.lookup[a * 2704 + b * 52 + c]

    def candidates(self, seat: int, rng: random.Random, draws: int) -> list[list[int]]:
        """The candidates for the unknown part of ``seat``'s hand: every way to choose it from the unseen cards
        when there are few (``ENUMERATE``), else ``draws`` random ones."""
        pool = self.unseen
        k = self.slots[seat]
        if k > len(pool):
            return [list(pool)]
        if math.comb(len(pool), k) <= ENUMERATE * draws:
            return [list(hand) for hand in combinations(pool, k)]
        return [rng.sample(pool, k) for _ in range(draws)]

    def sample(self, rng: random.Random, draws: int, keep: int) -> list[dict[int, list[int]]]:
        """``keep`` deals of the unseen cards to the opponents, each opponent's part drawn in proportion to how
        well it explains that opponent's decisions.

        The likelihood is one factor per opponent, so each opponent gets candidate hands of its own (``candidates``),
        weighted separately; a deal then picks one candidate per opponent by weight, skipping candidates that
        share a card with those already picked. Weighting whole deals instead would leave a handful of deals
        carrying all the weight once several opponents have acted.
        """
        pool = self.unseen
        candidates: dict[int, tuple[list[list[int]], list[float]]] = {}
        for seat in self.opponents:
            hands = self.candidates(seat, rng, draws)
            if self.decisions[seat] or self.shown is not None:
                known = list(self.known[seat])
                weights = [self.seat_weight(seat, known + h) for h in hands]
            else:
                weights = [1.0] * len(hands)
            total = 0.0
            cumulative = []
            for w in weights:
                total += w
                cumulative.append(total)
            candidates[seat] = (hands, cumulative)
        deals = []
        for _ in range(keep):
            used: set[int] = set()
            deal: dict[int, list[int]] = {}
            for seat in self.opponents:
                hands, cumulative = candidates[seat]
                pick = None
                for _try in range(12):
                    total = cumulative[-1]
                    i = bisect_left(cumulative, rng.random() * total) if total > 0 else int(rng.random() * len(hands))
                    hand = hands[min(i, len(hands) - 1)]
                    if not used.intersection(hand):
                        pick = hand
                        break
                if pick is None:
                    rest = [c for c in pool if c not in used]
                    pick = rng.sample(rest, min(self.slots[seat], len(rest)))
                used.update(pick)
                deal[seat] = [*self.known[seat], *pick]
            deals.append(deal)
        return deals
