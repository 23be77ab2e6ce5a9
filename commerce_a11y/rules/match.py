"""The match: one state machine for every ruleset, driven by actions, reporting events.

``Match`` holds the whole truth (every hand, the stock, the chance it shuffles with); a seat only ever gets a
``SeatView``. Chance never waits for anyone: dealing, showdowns, chips and the next deal happen inside ``apply`` as
soon as the rules call for them, so the match always stands at a seat's decision (or is over). All randomness comes
from the match's chance (``chance.py``: ``random.Random(seed)`` or the server's keyed stream), drawn as floats in
[0, 1) alone, with our own Fisher-Yates shuffle, because Python only promises ``random()`` to stay the same across
versions (G10).

Why one class, over 600 lines: ``Match`` is one state machine for every ruleset, in the style of OpenSpiel's and
pokerkit's one-class states. Its phases (the draw, the deal, turns, calls, offers, the showdown, the settlement)
share the whole truth (hands, widow, stock, counters, whose turn, the passes in a row, the knock), and each rule is
an invariant over that truth, kept in one ``apply``. Split by phase, every part would read and write the same state,
and the invariants (a card in exactly one place, the turn always at a seat that may decide) would be spread over
modules that each hold only some of it. What varies by ruleset is data (``rulesets.py``, ``terms.py``), and the
pieces that need no state are modules of their own (``actions.py``, ``events.py``, ``values.py``, ``chance.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from ..cards import Card
from .actions import Accept, Action, Decline, ExchangeAll, Fire, Knock, Offer, Pass, Pounce, Swap, Trade
from .chance import Chance, Seeded
from .done import Done, EndTurn, Keep, Wait
from .errors import N_, IllegalAction
from .events import (
    Anted,
    Bartered,
    Dealt,
    Declined,
    Eliminated,
    Event,
    ExchangedAll,
    Fired,
    FirstDealerDrawn,
    Kept,
    Knocked,
    MatchEnded,
    MatchStarted,
    Offered,
    Passed,
    Player,
    Pounced,
    Refreshed,
    Settled,
    Showdown,
    Swapped,
    Swimming,
    Traded,
    Waived,
)
from .rulesets import Ruleset, Settlement
from .terms import Term


class Phase(StrEnum):
    """What the seat to act is being asked."""

    EXCHANGE = "exchange"
    """H1, S2: the dealer may exchange the whole hand (ExchangeAll) or keep it (Keep); in schwimmen the widow lies
    face down meanwhile (no seat's view shows it) and this choice is not a turn."""
    CALL = "call"
    """H4, T2: right after the deal, a player holding enough may call fire (Fire) or not (Wait)."""
    TURN = "turn"
    """A normal or last-round turn."""
    CONTINUE = "continue"
    """After a swap, when the turn may hold more: another swap (C3), fire (H4, T2) or the end of the turn (EndTurn)."""
    ANSWER = "answer"
    """X4: the offerer's right-hand neighbour (``to_act``) answers an offer made on the offerer's turn: gives a card
    for it (Accept) or declines (Decline). It is not a turn of the neighbour's (``own_turns`` does not count it); a
    decline gives the turn back to the offerer (TURN, without a second offer)."""
    OVER = "over"

    @property
    def done(self) -> Done:
        """The decline this decision offers: the dealer's ``Keep`` (H1, S2), ``Wait`` with a call after the deal (H4,
        T2), ``EndTurn`` after a swap (C3); at any other decision ``EndTurn``, which the rules refuse with their
        reason ("Nothing to end: you have not swapped yet.")."""
        if self is Phase.EXCHANGE:
            return Keep()
        if self is Phase.CALL:
            return Wait()
        return EndTurn()


def swimmers(rules: Ruleset, counts: Sequence[int], out: Sequence[bool]) -> frozenset[int]:
    """S9: where a player swims on without lives, the seats at 0 still in the match."""
    return frozenset(s for s, count in enumerate(counts) if rules.swim and count == 0 and not out[s])


@dataclass(frozen=True)
class SeatView:
    """All that one seat may know (G7): its own hand, the open table, the counts and the public history."""

    rules: Ruleset
    seat: int
    players: tuple[Player, ...]
    hand: tuple[Card, ...]
    widow: tuple[Card, ...]
    """The middle's face-up cards: empty in tauschen (X1), and while the schwimmen middle lies face down (S2)."""
    face_down: bool
    """S2: three cards lie face down in the middle, before the dealer's choice (``widow`` is empty meanwhile)."""
    counts: tuple[int, ...]
    """Every seat's chips, lives, marks or minus points (public, G7); a schwimmen swimmer has 0 (``swimming``)."""
    out: tuple[bool, ...]
    hand_sizes: tuple[int, ...]
    dealer: int
    hand_no: int
    order: tuple[int, ...]
    """The seats in this hand, eldest first."""
    phase: Phase
    to_act: int | None
    knocker: int | None
    last_round: bool
    passed: frozenset[int]
    pot: int
    stock_size: int
    own_turns: int
    """How many turns this seat has begun in this hand (computer players bound their play by it, B11, H8)."""
    turn_widow: tuple[Card, ...]
    """The widow cards that lay there when this turn began and have not been taken this turn (C3)."""
    passes: int
    offer: Offered | None
    """X4: the offer waiting for its answer, as this seat may see it (the card only for the offerer and the
    neighbour, ``offer.to``); None when no offer waits."""
    turn_offered: bool
    """X4: the turn under way has made its offer (declined, when the turn is asked again): no second one."""
    legal: tuple[Action, ...]
    _log: list[Event]
    _log_size: int
    _hand_start: int = 0

    @property
    def swimming(self) -> frozenset[int]:
        """S9: the seats still in the match with no lives left (they swim; losing again, they go under)."""
        return swimmers(self.rules, self.counts, self.out)

    @property
    def neighbour(self) -> int:
        """X4: the right-hand neighbour, who answers this seat's offers: the nearest seat before it still in."""
        n = len(self.players)
        return next(s for k in range(1, n) if not self.out[s := (self.seat - k) % n])

    @property
    def history(self) -> tuple[Event, ...]:
        """Every event of the match so far, as this seat saw it."""
        return tuple(self._log[: self._log_size])

    @property
    def hand_history(self) -> tuple[Event, ...]:
        """The events of the current hand, from its deal on (what a computer player reasons about)."""
        return tuple(self._log[self._hand_start : self._log_size])


class Match:
    """A match of one ruleset between seated players, from the first dealer's draw to the match end."""

    def __init__(self, rules: Ruleset, players: Sequence[Player], seed: Chance | int, final_round: bool = True
                 ) -> None:
        """A match about to begin: the first dealer drawn and the first hand dealt. ``seed``: where its chance comes
        from (G10, ``chance.py``); a plain number is the seeded chance, ``Seeded(seed)``, the record's seed.
        ``final_round``: whether B12 holds (where the ruleset has it); records before format 4 were played without
        it, so their replay turns it off."""
        rules.check_players(len(players))
        self.rules = rules
        self.players = tuple(players)
        self.chance: Chance = Seeded(seed) if isinstance(seed, int) else seed
        self._rng = self.chance.draws()
        n = len(players)
        self._deck = rules.deck(n)
        self.counts = [rules.starting_count] * n
        self.out = [False] * n
        self.events: list[Event] = []
        self._logs: list[list[Event]] = [[] for _ in range(n)]
        self._new: list[Event] = []
        self.hand_no = 0
        self.dealer = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.widow: list[Card] = []
        self.face_down = False
        """S2: the widow lies face down (before the schwimmen dealer's choice)."""
        self.stock: list[Card] = []
        self.discards: list[Card] = []
        """The cards out of play this hand: the middles laid aside (S5), the cards traded away face down (X3)."""
        self.offer: Offered | None = None
        """X4: the offer waiting for the neighbour's answer."""
        self.turn_offered = False
        """X4: the turn under way has made its one offer."""
        self.pot = 0
        self.order: tuple[int, ...] = ()
        self.phase = Phase.OVER
        self.to_act: int | None = None
        self.passes = 0
        self.knocker: int | None = None
        self.last_round: list[int] | None = None
        self.passed: set[int] = set()
        self.calls: list[int] = []
        self.turn_widow: tuple[Card, ...] = ()
        self.turn_swaps = 0
        self.own_turns = [0] * n
        self.winners: tuple[int, ...] = ()
        self._hand_start = 0
        self.final_round = (final_round and rules.final_round and any(p.kind.is_human for p in players)
                            and not all(p.kind.is_human for p in players))
        """B12: the match can come to a final round, having begun with a person and a computer player."""
        self.last_hand: int | None = None
        """B12: the last hand the final round allows, once no person is left in."""
        self._emit(MatchStarted(rules.name, dict(rules.options), self.players, self.chance.recorded,
                                self.chance.kind, self.final_round))
        self._choose_first_dealer()
        self._start_hand()

    # ----- asking -----

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def value(self, seat: int) -> int:
        """The value of a seat's hand now."""
        return self.rules.hand_value(self.hands[seat])

    @property
    def swimming(self) -> frozenset[int]:
        """S9: the seats still in the match with no lives left."""
        return swimmers(self.rules, self.counts, self.out)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now."""
        return self._view(seat)

    def public_view(self) -> SeatView:
        """What anyone may know now (a spectator's): the counts, the widow and whose turn it is, no hand, no offered
        card (X4: it is the two players'), no legal moves and no events (seat -1)."""
        return self._view(None)

    def _view(self, seat: int | None) -> SeatView:
        hidden = self.face_down
        log: list[Event] = [] if seat is None else self._logs[seat]
        return SeatView(
            rules=self.rules, seat=-1 if seat is None else seat, players=self.players,
            hand=() if seat is None else tuple(self.hands[seat]),
            widow=() if hidden else tuple(self.widow), face_down=hidden, counts=tuple(self.counts),
            out=tuple(self.out), hand_sizes=tuple(len(h) for h in self.hands), dealer=self.dealer,
            hand_no=self.hand_no, order=self.order, phase=self.phase, to_act=self.to_act, knocker=self.knocker,
            last_round=self.last_round is not None, passed=frozenset(self.passed), pot=self.pot,
            stock_size=len(self.stock), own_turns=0 if seat is None else self.own_turns[seat],
            turn_widow=() if hidden else self.turn_widow, passes=self.passes,
            offer=None if self.offer is None else self.offer.visible_to(-1 if seat is None else seat),
            turn_offered=self.turn_offered,
            legal=tuple(self.legal_actions()) if seat is not None and seat == self.to_act else (),
            _log=log, _log_size=len(log), _hand_start=0 if seat is None else self._hand_start,
        )

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (swaps in one canonical pairing each)."""
        return self._legal(swaps=True)

    def _swaps(self, hand: list[Card]) -> list[Swap]:
        """The swaps the seat to act may make now (C2, C3; Braillespiel B2), in one canonical pairing each."""
        if self.phase is Phase.TURN and self.rules.multi_swap:
            return [Swap(g, t) for k in (1, 2, 3) for g in combinations(hand, k) for t in combinations(self.widow, k)]
        if self.turn_swaps < self.rules.swaps_per_turn:
            takeable = [c for c in self.widow if c in self.turn_widow]
            return [Swap((g,), (t,)) for g in hand for t in takeable]
        return []

    def _legal(self, swaps: bool) -> list[Action]:
        """``legal_actions``; without the swaps (``swaps`` False) when only another action is checked (``_check``):
        a Braillespiel turn has 19 of them."""
        phase = self.phase
        if phase is Phase.OVER:
            return []
        if phase is Phase.EXCHANGE:
            return [ExchangeAll(), Keep()]
        if phase is Phase.CALL:
            return [Fire(), Wait()]
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        if phase is Phase.ANSWER:
            return [*(Accept(c) for c in hand), Decline()]  # X4
        actions: list[Action] = [*self._swaps(hand)] if swaps else []
        if phase is Phase.TURN:
            if self.rules.swap_all:
                actions.append(ExchangeAll())  # S3
            if self._may_trade(seat):
                actions += [Trade(c) for c in hand]  # X3
            if self.rules.barter and not self.turn_offered:
                actions += [Offer(c) for c in hand]  # X4
            actions.append(Pass())
            if self._may_knock(seat):
                actions.append(Knock())
            if self._pounce_card(seat) is not None:
                actions.append(Pounce())
        if self._may_fire(seat):
            actions.append(Fire())
        if phase is Phase.CONTINUE:
            actions.append(EndTurn())
        return actions

    # ----- acting -----

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Let ``seat`` take ``action``; the events that follow, or ``IllegalAction`` with nothing changed."""
        if self.phase is Phase.OVER:
            raise IllegalAction(N_("The match is over."))
        if seat != self.to_act:
            raise IllegalAction(N_("It is not your turn."))
        self._check(seat, action)
        self._new = []
        match action:
            case Swap():
                self._swap(seat, action)
            case Pass():
                self.passes += 1
                if self.rules.pass_is_final:
                    self.passed.add(seat)
                self._emit(Passed(seat))
                self._end_turn(seat)
            case Knock():
                self.passes = 0
                self.knocker = seat
                self._emit(Knocked(seat))
                i = self.order.index(seat)
                self.last_round = list(self.order[i + 1:] + self.order[:i])
                self._end_turn(seat)
            case Fire():
                self._emit(Fired(seat))
                self._showdown()
            case Pounce():
                took = self._pounce_card(seat)
                assert took is not None
                refill = self.stock.pop(0)
                self.hands[seat].append(took)
                self.widow[self.widow.index(took)] = refill
                self.passes = 0
                self._emit(Pounced(seat, took, refill))
                self._end_turn(seat)
            case ExchangeAll():
                self._exchange_all(seat)
            case Keep():
                # H1, S2: the table sees the dealer keep the hand (nothing changes hands, but everyone waited); a
                # face-down middle is turned face up.
                turned = tuple(self.widow) if self.face_down else ()
                self.face_down = False
                self._emit(Kept(seat, turned))
                self._offer_calls()
            case Wait():
                # H4, T2: a call not made; the table heard it, so it is an event (and a record line, which a save
                # keeps across a kill).
                self._emit(Waived(seat))
                self.calls.pop(0)
                self._next_call()
            case EndTurn():
                # C3, H4, T2: a turn ended after its swaps; heard by the table as well.
                self._emit(Waived(seat))
                self._end_turn(seat)
            case Trade(card=card):
                self._trade(seat, card)
            case Offer(card=card):
                # X4: the right-hand neighbour (the seat whose turn comes just before) answers at once.
                self.offer = Offered(seat, self._next_alive(seat, -1), card)
                self.turn_offered = True
                self._emit(self.offer)
                self.phase = Phase.ANSWER
                self.to_act = self.offer.to
            case Accept(card=card):
                self._barter(seat, card)
            case Decline():
                offer = self.offer
                assert offer is not None
                self.offer = None
                self._emit(Declined(seat, offer.player))
                # X4: the offerer's turn goes on (no second offer): the same turn, not a new one.
                self.phase = Phase.TURN
                self.to_act = offer.player
        return self._new

    def _check(self, seat: int, action: Action) -> None:
        """Refuse an action the rules do not allow now, with the reason a player needs (the interface adds what is
        possible instead)."""
        if isinstance(action, Swap):
            self._check_swap(seat, action)
            return
        if action in self._legal(swaps=False):
            return
        rules, phase = self.rules, self.phase
        asked = ((isinstance(action, Trade) and rules.trade and phase is Phase.TURN)
                 or (isinstance(action, Offer) and rules.barter and phase is Phase.TURN)
                 or (isinstance(action, Accept) and phase is Phase.ANSWER))
        if asked and isinstance(action, Trade | Offer | Accept) and action.card not in self.hands[seat]:
            raise IllegalAction(N_("You do not hold {card}."), card=action.card)
        raise IllegalAction(self._reason(seat, action))

    def _reason(self, seat: int, action: Action) -> str:
        """Why an action other than a swap is not allowed now: one short sentence, the rule that forbids it."""
        rules, phase = self.rules, self.phase
        if phase is Phase.EXCHANGE and self.face_down:
            return N_("First keep your cards or take the face-down widow.")  # S2
        if phase is Phase.EXCHANGE:
            return N_("First exchange your cards or keep them.")  # H1
        if phase is Phase.CALL:
            return N_("First call, or wait.")  # H4, T2: right after the deal
        if phase is Phase.ANSWER:
            return N_("First answer the offer: give a card for it, or decline.")  # X4
        if isinstance(action, Accept | Decline):
            return N_("There is no offer to answer.")  # X4
        if isinstance(action, Trade):  # X3
            if not rules.trade:
                return N_("No trading with the stock in this game.")
            if phase is Phase.CONTINUE:
                return N_("You have swapped this turn.")
            if not self.stock:
                return N_("The stock is empty: no trade.")
            return N_("You may not pay your last chip for a trade.")
        if isinstance(action, Offer):  # X4
            if not rules.barter:
                return N_("No offers in this game.")
            if phase is Phase.CONTINUE:
                return N_("You have swapped this turn.")
            return N_("You have made an offer this turn.")
        if isinstance(action, Fire):
            if rules.fire_value is None:
                return N_("No call in this game.")
            if rules.shows:
                return N_("The game shows 31 and three aces for you.")  # S6, S7
            return N_("You may call only with 31 points or more.")
        if isinstance(action, ExchangeAll):
            if not rules.dealer_exchange:
                return N_("No exchange of the whole hand in this game.")
            return N_("Only the dealer may exchange, right after the deal.")  # H1
        if isinstance(action, Done):
            return N_("Nothing to end: you have not swapped yet.")
        if phase is Phase.CONTINUE:
            return N_("You have swapped this turn.")  # C3, H4, T2: swap again, call, or end the turn
        if isinstance(action, Knock):
            if not rules.can_knock:
                return N_("No knocking in this game.")  # B2, B3: passing ends one's swapping
            if self.last_round is None:
                return N_("No knocking in the first round.")  # S3
            if Term.IM_IN in rules.terms:
                return N_("I'm in was called already.")  # H3
            return N_("No knocking in the last round.")  # C5
        assert isinstance(action, Pounce)
        hand = self.hands[seat]
        if not rules.pounce:
            return N_("Pounce is off in this match.")
        if self.last_round is not None:
            return N_("No pouncing in the last round.")  # C17
        if len(hand) != 3:
            return N_("You have pounced already.")
        if not hand[0].rank == hand[1].rank == hand[2].rank:
            return N_("Pounce needs a Tricon.")
        if all(card.rank != hand[0].rank for card in self.widow):
            return N_("Pounce needs your Tricon's fourth card in the widow.")
        return N_("The stock is empty: no pounce.")  # nothing to refill the widow with

    def _check_swap(self, seat: int, swap: Swap) -> None:
        if self.phase not in (Phase.TURN, Phase.CONTINUE):
            raise IllegalAction(self._reason(seat, swap))
        if not self.rules.widow:
            raise IllegalAction(N_("There is no widow in this game."))  # X1
        k = len(swap.gave)
        most = 3 if self.rules.multi_swap else 1
        if k != len(swap.took) or not 1 <= k <= most:
            raise IllegalAction(N_("Swap one of your cards for one widow card.") if most == 1 else
                                N_("Swap one, two or three of your cards for as many widow cards."))
        for side in (swap.gave, swap.took):
            for card in side:
                if side.count(card) > 1:
                    raise IllegalAction(N_("{card} is named twice."), card=card)
        hand = self.hands[seat]
        for card in swap.gave:
            if card not in hand:
                raise IllegalAction(N_("You do not hold {card}."), card=card)
        for card in swap.took:
            if card not in self.widow:
                raise IllegalAction(N_("{card} is not in the widow."), card=card)
        if self.turn_swaps >= self.rules.swaps_per_turn:
            raise IllegalAction(N_("No more swaps this turn."))
        if any(card not in self.turn_widow for card in swap.took):
            raise IllegalAction(N_("A card laid down this turn cannot be taken back."))

    def _swap(self, seat: int, swap: Swap) -> None:
        hand = self.hands[seat]
        for gave, took in zip(swap.gave, swap.took, strict=True):
            hand[hand.index(gave)] = took
            self.widow[self.widow.index(took)] = gave
        self.passes = 0
        self.turn_swaps += 1
        # C3: each swap takes a *different* card of those that lay in the widow when the turn began, and a card
        # laid down this turn cannot be taken back; a taken card laid down again would otherwise look takeable,
        # since it did lie there at the turn's start. So a taken card leaves the turn's takeable cards.
        self.turn_widow = tuple(c for c in self.turn_widow if c not in swap.took)
        self._emit(Swapped(seat, swap.gave, swap.took))
        if self._show([seat]):  # S6, S7: after one's own swap
            return
        more_swaps = self.turn_swaps < self.rules.swaps_per_turn and any(c in self.turn_widow for c in self.widow)
        if not self.rules.multi_swap and (more_swaps or self._may_fire(seat)):
            self.phase = Phase.CONTINUE
        else:
            self._end_turn(seat)

    def _exchange_all(self, seat: int) -> None:
        """H1 and S2, the dealer's exchange (in schwimmen blind, the middle lying face down); S3, a swap of all
        three on a turn."""
        hand, widow = self.hands[seat], self.widow
        self.hands[seat], self.widow = list(widow), list(hand)
        if self.phase is Phase.EXCHANGE:
            blind, self.face_down = self.face_down, False
            self._emit(ExchangedAll(seat, tuple(hand), tuple(widow), blind))
            self._offer_calls()
            return
        self.passes = 0
        self._emit(ExchangedAll(seat, tuple(hand), tuple(widow)))
        if not self._show([seat]):  # S6, S7: after one's own swap
            self._end_turn(seat)

    def _trade(self, seat: int, card: Card) -> None:
        """X3: the card face down on the discard pile, the top of the stock into the hand, a chip to the dealer
        (the dealer's own to the supply). A trade counts as a swap for C6 [choice]: it changed a hand."""
        hand = self.hands[seat]
        took = self.stock.pop(0)
        hand[hand.index(card)] = took
        self.discards.append(card)
        self.counts[seat] -= 1
        paid_to = None if seat == self.dealer else self.dealer
        if paid_to is not None:
            self.counts[paid_to] += 1  # X5: the dealer's at once
        self.passes = 0
        self._emit(Traded(seat, card, took, paid_to))
        self._end_turn(seat)

    def _barter(self, seat: int, card: Card) -> None:
        """X4: the neighbour (``seat``) accepts the offer, giving ``card`` for the offered one; the offerer's turn
        ends, and for C6 it counts as a swap."""
        offer = self.offer
        assert offer is not None and offer.card is not None
        offerer, given = offer.player, offer.card
        mine, theirs = self.hands[offerer], self.hands[seat]
        mine[mine.index(given)] = card
        theirs[theirs.index(card)] = given
        self.offer = None
        self.passes = 0
        self._emit(Bartered(offerer, seat, given, card))
        self.phase = Phase.TURN
        self.to_act = offerer
        self._end_turn(offerer)

    # ----- the flow of a hand -----

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._new.append(event)
        for seat, log in enumerate(self._logs):
            log.append(event.visible_to(seat))

    def _shuffled(self) -> list[Card]:
        cards = list(self._deck)
        rnd = self._rng.random
        for i in range(len(cards) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    def _alive(self) -> list[int]:
        return [s for s in range(len(self.players)) if not self.out[s]]

    def _next_alive(self, seat: int, step: int = 1) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            s = (seat + step * k) % n
            if not self.out[s]:
                return s
        raise AssertionError("no player left")

    def _choose_first_dealer(self) -> None:
        """G2: everyone draws; the highest rank deals; a tie for highest draws again among the tied."""
        contenders = list(range(len(self.players)))
        rounds: list[dict[int, Card]] = []
        while len(contenders) > 1 or not rounds:
            cards = self._shuffled()
            draws = dict(zip(contenders, cards, strict=False))
            rounds.append(draws)
            top = max(c.rank for c in draws.values())
            contenders = [s for s in contenders if draws[s].rank == top]
        self.dealer = contenders[0]
        self._emit(FirstDealerDrawn(rounds[0], self.dealer, tuple(rounds[1:])))

    def _start_hand(self) -> None:
        """G4, G5 (and B1's ante): shuffle, cut, deal three each and three face up."""
        self.hand_no += 1
        cards = self._shuffled()
        cutter = self._next_alive(self.dealer, -1)
        cut = 1 + int(self._rng.random() * (len(cards) - 1))
        cards = cards[cut:] + cards[:cut]
        first = self._next_alive(self.dealer)
        alive = self._alive()
        i = alive.index(first)
        self.order = tuple(alive[i:] + alive[:i])
        self.hands = [[] for _ in self.players]
        for k, seat in enumerate(self.order * 3):
            self.hands[seat].append(cards[k])
        dealt = 3 * len(self.order)
        middle = 3 if self.rules.widow else 0  # X1: tauschen has no widow
        self.widow = cards[dealt:dealt + middle]
        self.stock = cards[dealt + middle:]
        self.discards = []
        self.face_down = self.rules.blind_widow  # S2
        self.offer = None
        self.passes = 0
        self.knocker = None
        self.last_round = None
        self.passed = set()
        self.own_turns = [0] * len(self.players)
        self._hand_start = len(self.events)
        self._emit(Dealt(self.hand_no, self.dealer, {s: tuple(self.hands[s]) for s in self.order}, tuple(self.widow),
                         cutter, cut, self.face_down))
        if self.rules.settlement is Settlement.BEST_TAKES_POT:
            for seat in self.order:
                self.counts[seat] -= 1
            self.pot = len(self.order)
            self._emit(Anted(self.pot, self._totals()))
        if self._show(self.order):  # S2, S6, S7: shown before the dealer's choice, which then is not made
            return
        if self.rules.dealer_exchange:
            self.phase = Phase.EXCHANGE
            self.to_act = self.dealer
        else:
            self._offer_calls()

    def _offer_calls(self) -> None:
        """H4, T2: after the deal (and the dealer's exchange) each player holding enough may call, eldest first;
        S2: in schwimmen the engine shows such a hand itself (only the dealer's can be new after the choice)."""
        if self.rules.shows:
            if not self._show(self.order):
                self._begin_turn(self.order[0])
            return
        fire = self.rules.fire_value
        self.calls = [] if fire is None else [s for s in self.order if self.value(s) >= fire]
        self._next_call()

    def _next_call(self) -> None:
        if self.calls:
            self.phase = Phase.CALL
            self.to_act = self.calls[0]
        else:
            self._begin_turn(self.order[0])

    def _begin_turn(self, seat: int) -> None:
        self.phase = Phase.TURN
        self.to_act = seat
        self.turn_widow = tuple(self.widow)
        self.turn_swaps = 0
        self.turn_offered = False
        self.own_turns[seat] += 1

    def _show(self, seats: Sequence[int]) -> bool:
        """S6, S7: where the engine shows for the players, each of ``seats`` holding 31 or three Aces shows it, in
        the order given, and the showdown follows; whether anyone did."""
        rules = self.rules
        fire = rules.fire_value
        if not rules.shows or fire is None:
            return False
        feuer = rules.feuer_value
        shown = [(s, self.value(s)) for s in seats if self.value(s) >= fire]
        for seat, value in shown:
            self._emit(Fired(seat, "fire" if feuer is not None and value >= feuer else "31"))
        if shown:
            self._showdown()
        return bool(shown)

    def _end_turn(self, seat: int) -> None:
        """Whose turn is next after ``seat``'s, or the showdown (C5 last round, C6 stalemate, B3 everyone passed);
        S5: where the stalemate count refreshes the middle, fresh cards while the stock holds three."""
        if self.last_round is not None:
            if self.last_round:
                self._begin_turn(self.last_round.pop(0))
            else:
                self._showdown()
            return
        rounds = self.rules.stalemate_rounds
        if rounds is not None and self.passes >= rounds * len(self.order):
            if not (self.rules.refresh and len(self.stock) >= 3):
                self._showdown(stalemate=True)
                return
            laid = tuple(self.widow)
            self.discards += laid
            self.widow, self.stock = self.stock[:3], self.stock[3:]
            self.passes = 0
            self._emit(Refreshed(laid, tuple(self.widow)))
        i = self.order.index(seat)
        following = self.order[i + 1:] + self.order[: i + 1]
        waiting = [s for s in following if s not in self.passed]
        if not waiting:
            self._showdown()
        else:
            self._begin_turn(waiting[0])

    def _may_fire(self, seat: int) -> bool:
        """H4, T2: a call the player may make (never where the engine shows for the player, S6)."""
        fire = self.rules.fire_value
        return fire is not None and not self.rules.shows and self.value(seat) >= fire

    def _may_knock(self, seat: int) -> bool:
        """C5, H3: not in the last round; S3: nor in the first round (this seat's first turn of the hand)."""
        rules = self.rules
        return (rules.can_knock and self.last_round is None
                and (rules.first_round_knock or self.own_turns[seat] > 1))

    def _may_trade(self, seat: int) -> bool:
        """X3: while the stock holds a card, by a player with more than one chip."""
        return self.rules.trade and bool(self.stock) and self.counts[seat] > 1

    def _pounce_card(self, seat: int) -> Card | None:
        """C17: the widow card that completes this seat's tricon, when a pounce is allowed now."""
        hand = self.hands[seat]
        if (not self.rules.pounce or self.phase is not Phase.TURN or self.last_round is not None
                or len(hand) != 3 or not self.stock or not hand[0].rank == hand[1].rank == hand[2].rank):
            return None
        return next((c for c in self.widow if c.rank == hand[0].rank), None)

    # ----- the end of a hand -----

    def _totals(self) -> dict[int, int]:
        return dict(enumerate(self.counts))

    def _showdown(self, stalemate: bool = False) -> None:
        """C13-C16, B7-B10, H5-H7: show every hand, settle, eliminate, and end the match or deal again.

        ``stalemate``: C6 (or C18's round of passes) ended the swapping; the showdown line says so, so that a
        listener hears why the hands are shown."""
        rules = self.rules
        values = {s: self.value(s) for s in self.order}
        shown = {s: tuple(self.hands[s]) for s in self.order}
        names = {s: rules.name_hand(self.hands[s]).text for s in self.order}
        worst, best = min(values.values()), max(values.values())
        bottom = sorted(s for s in self.order if values[s] == worst)
        gone: list[int] = []
        if rules.settlement is Settlement.WORST_LOSES:
            feuer = rules.feuer_value
            fire = [s for s in self.order if feuer is not None and values[s] >= feuer]
            if fire:  # S7: three Aces cost every other player a life
                bottom = sorted(s for s in self.order if s not in fire)
            # C15; S9: a swimmer (no lives left) who loses goes under, a player losing the last life swims on.
            floor = 0 if rules.swim else 1
            gone = [s for s in bottom if self.counts[s] - 1 < floor]
            survivors = [s for s in self.order if s not in gone]
            losers = bottom if survivors else []  # C16, S9: nobody would be left, so nobody loses
            if not survivors:
                gone = []
            self._emit(Showdown(shown, names, losers=tuple(losers), void=not survivors, stalemate=stalemate))
            changes = {s: -1 if self.counts[s] > 0 else 0 for s in losers}
        elif rules.settlement is Settlement.BEST_TAKES_POT:
            winner = next(s for s in self.order if values[s] == best)  # B7: eldest first wins a tie
            self._emit(Showdown(shown, names, winners=(winner,)))
            changes = {s: -1 for s in self.order}
            changes[winner] = self.pot - 1
            self.counts[winner] += self.pot  # the antes were taken at the deal
            self.pot = 0
        else:
            self._emit(Showdown(shown, names, losers=tuple(bottom)))
            changes = {s: 1 for s in bottom}
        if rules.settlement is not Settlement.BEST_TAKES_POT:
            for seat, change in changes.items():
                self.counts[seat] += change
        traded: dict[int, int] = {}
        for event in self.events[self._hand_start:]:
            if isinstance(event, Traded):  # X5: the hand's trades, paid and received
                traded[event.player] = traded.get(event.player, 0) - 1
                if event.paid_to is not None:
                    traded[event.paid_to] = traded.get(event.paid_to, 0) + 1
        self._emit(Settled(changes, self._totals(), {s: n for s, n in traded.items() if n}))
        if rules.swim:
            for seat in self.order:
                if changes.get(seat) == -1 and self.counts[seat] == 0:
                    self._emit(Swimming(seat))  # S9
        if rules.settlement is not Settlement.FEWEST_GET_MINUS:
            leaving = [s for s in self.order
                       if s in gone or (rules.settlement is Settlement.BEST_TAKES_POT and self.counts[s] <= 0)]
            for seat in leaving:
                self.out[seat] = True
            final = self._final_round(leaving)
            for seat in leaving:
                self._emit(Eliminated(seat, final if seat == leaving[-1] else None))
        if self._match_ends():
            return
        self.dealer = self._next_alive(self.dealer)
        self._start_hand()

    def _final_round(self, leaving: Sequence[int]) -> int | None:
        """B12: when ``leaving`` (out now) takes the last person out of a match that goes on, the final round
        begins: one more hand for each player still in, so that each deals once (fewer if the option ``hands``
        ends the match sooner). How many hands it has, or None where it does not begin now."""
        alive = self._alive()
        if (not self.final_round or self.last_hand is not None or not leaving or len(alive) < 2
                or any(self.players[s].kind.is_human for s in alive)):
            return None
        hands = len(alive)
        limit = self.rules.match_hands
        if limit:
            if self.hand_no >= limit:
                return None  # B10 ends the match now
            hands = min(hands, limit - self.hand_no)
        self.last_hand = self.hand_no + hands
        return hands

    def _match_ends(self) -> bool:
        """C15, B10, H7: end the match when its ruleset says so, naming winners (and losers where there are)."""
        rules, counts = self.rules, self.counts
        losers: tuple[int, ...] | None = None
        final = False
        alive = self._alive()
        if rules.settlement is Settlement.WORST_LOSES:
            if len(alive) > 1:
                return False
            winners = alive
        elif rules.settlement is Settlement.BEST_TAKES_POT:
            final = len(alive) > 1 and self.last_hand is not None and self.hand_no >= self.last_hand  # B12
            if len(alive) > 1 and not (rules.match_hands and self.hand_no >= rules.match_hands) and not final:
                return False
            top = max(counts)
            winners = [s for s in range(len(counts)) if counts[s] == top]
        else:
            if max(counts) < rules.minus_limit:
                return False
            winners = [s for s in range(len(counts)) if counts[s] == min(counts)]
            losers = tuple(s for s in range(len(counts)) if counts[s] == max(counts))
        self.winners = tuple(winners)
        self._emit(MatchEnded(self.winners, self._totals(), losers, final))
        self.phase = Phase.OVER
        self.to_act = None
        return True
