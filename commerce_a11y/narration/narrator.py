"""Events into sentences for one seat, in the active language, at the player's verbosity and card style.

The narrator is the only place where the game's events become words; the console prints what it returns and
review commands ask it again, so what is heard live and what is heard on review are the same sentences. Each
sentence is one catalog entry with named placeholders (never glued from fragments), most important word first;
the player's own actions have their own sentences ("You pass.") rather than a name put in the third person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import assert_never

from ..i18n import _, ngettext, pgettext
from ..rules import (
    Anted,
    Bartered,
    CounterKind,
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
    Phase,
    Pounced,
    Refreshed,
    Ruleset,
    RulesetName,
    SeatView,
    Settled,
    Settlement,
    Showdown,
    Swapped,
    Swimming,
    Term,
    Traded,
    Waived,
)
from .values import name_words, value_words
from .words import card_code, card_name


class Verbosity(StrEnum):
    BRIEF = "brief"
    NORMAL = "normal"
    VERBOSE = "verbose"


class CardStyle(StrEnum):
    NAMES = "names"
    CODES = "codes"


@dataclass
class Narrator:
    """Speaks for one seat of one match. Settings are plain attributes: the player may change them in play."""

    rules: Ruleset
    names: Sequence[str]
    seat: int
    verbosity: Verbosity = Verbosity.NORMAL
    card_style: CardStyle = CardStyle.NAMES

    # ----- words -----

    def card(self, card: int) -> str:
        return card_code(card) if self.card_style is CardStyle.CODES else card_name(card)

    def cards(self, cards: Sequence[int]) -> str:
        """Cards as a list: names separated by commas (a pause in speech), codes by spaces (short in braille)."""
        if self.card_style is CardStyle.CODES:
            return " ".join(self.card(c) for c in cards)
        return ", ".join(card_name(c) for c in cards)

    def name(self, seat: int) -> str:
        """A player's name; the player themself is "you" as it stands inside a sentence."""
        if seat == self.seat:
            # Translators: the player, inside a sentence or list, e.g. "Draw for the first deal: you six of clubs".
            return pgettext("in a sentence", "you")
        return self.names[seat]

    def names_list(self, seats: Sequence[int]) -> str:
        return ", ".join(self.names[s] for s in seats)

    def count(self, n: int) -> str:
        """A number of the ruleset's counters: chips, lives, marks or minus points."""
        counter = self.rules.counter
        if counter is CounterKind.LIVES:
            return ngettext("{n} life", "{n} lives", n).format(n=n)
        if counter is CounterKind.MARKS:
            return ngettext("{n} mark", "{n} marks", n).format(n=n)
        if counter is CounterKind.MINUS_POINTS:
            return ngettext("{n} minus point", "{n} minus points", n).format(n=n)
        return ngettext("{n} chip", "{n} chips", n).format(n=n)

    @property
    def brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    @property
    def verbose(self) -> bool:
        return self.verbosity is Verbosity.VERBOSE

    def names_and(self, seats: Sequence[int]) -> str:
        """Names joined as a list is said: "Ben", "Ben and Cem", "Ben, Cem and Dora"; the player first, as "You",
        since such a list begins a sentence."""
        if self.seat in seats:
            seats = [self.seat, *(s for s in seats if s != self.seat)]
        names = [self.name(s) for s in seats]
        if seats and seats[0] == self.seat:
            names[0] = names[0][:1].upper() + names[0][1:]
        if len(names) == 1:
            return names[0]
        # Translators: the end of a list of names, "Ben, Cem and Dora": {names} is "Ben, Cem", {last} is "Dora".
        return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

    # ----- events -----

    def event(self, event: Event) -> list[str]:
        """The lines that announce one event (possibly none at this verbosity). Every kind of event has its case
        (the type checker holds the ``match`` to that), most frequent first."""
        match event:
            case Swapped():
                return self._swap(event)
            case Passed():
                return self._pass(event)
            case Knocked():
                return self._knock(event)
            case Dealt():
                return self._deal(event)
            case Showdown():
                return self._showdown(event)
            case Settled():
                return self._chips(event)
            case Anted():
                return self._ante(event)
            case Fired():
                return self._fire(event)
            case Pounced():
                return self._pounce(event)
            case ExchangedAll():
                return self._exchange_all(event)
            case Kept():
                return self._keep(event)
            case Traded():
                return self._trade(event)
            case Offered():
                return self._offer(event)
            case Bartered():
                return self._barter(event)
            case Declined():
                return self._decline(event)
            case Refreshed():
                return self._refresh(event)
            case Swimming():
                return self._swimming(event)
            case Eliminated():
                return self._eliminated(event)
            case FirstDealerDrawn():
                return self._first_dealer(event)
            case MatchStarted():
                return self._match(event)
            case MatchEnded():
                return self._match_end(event)
            case Waived():
                # C3, H4, T2: a decline is heard as what follows it (the next turn, the next call); nothing of its own.
                return []
            case _:
                assert_never(event)

    def events(self, events: Sequence[Event]) -> list[str]:
        """The lines for events in order; other players' passes in a row are told as one line ("Ben and Cem
        pass."), since a run of moves that changed nothing is one thing to hear. A player's going out is told
        knowing whether the match ends with it."""
        lines: list[str] = []
        run: list[int] = []
        for i, event in enumerate(events):
            if isinstance(event, Passed) and event.player != self.seat:
                run.append(event.player)
                continue
            if run:
                lines += self._passes(run)
                run = []
            if isinstance(event, Eliminated):  # whether the match plays on is in what follows
                lines += self._eliminated(event, any(
                    isinstance(e, MatchEnded) or (isinstance(e, Eliminated) and e.final_round is not None)
                    for e in events[i + 1:]))
            else:
                lines += self.event(event)
        if run:
            lines += self._passes(run)
        return lines

    def _passes(self, seats: list[int]) -> list[str]:
        if Term.PUSH in self.rules.terms:  # German players "schieben" in Schwimmen
            one, many = pgettext("schwimmen", "{name} passes."), pgettext("schwimmen", "{names} pass.")
        else:
            one, many = _("{name} passes."), _("{names} pass.")
        if len(set(seats)) < len(seats):  # someone passed twice in the run: told as it happened, in order
            return [one.format(name=self.name(s)) for s in seats]
        if len(seats) == 1:
            return [one.format(name=self.name(seats[0]))]
        return [many.format(names=self.names_and(seats))]

    def _match(self, e: MatchStarted) -> list[str]:
        # Who plays, what is at stake and the options, in every verbosity: brief is short, never blind.
        rules = self.rules
        others = [s for s in range(len(self.names)) if s != self.seat]
        lines = [_("{ruleset}: you and {others}.").format(ruleset=ruleset_title(rules),
                                                          others=self.names_list(others))]
        if rules.counter is CounterKind.MINUS_POINTS:
            lines.append(_("The match ends at {count}.").format(count=self.count(rules.minus_limit)))
        else:
            lines.append(_("Everyone starts with {count}.").format(count=self.count(rules.starting_count)))
        options = option_words(rules)
        if options:
            lines.append(_("Options: {options}.").format(options=options))
        return lines

    def _first_dealer(self, e: FirstDealerDrawn) -> list[str]:
        # Who deals is said by the first hand's line; the draw itself is told unless speech is brief (G2).
        if self.brief:
            return []
        lines = [_("Draw for the first deal: {draws}.").format(draws=self._draws(e.draws))]
        for redraw in e.redraws:
            lines.append(_("A tie. They draw again: {draws}.").format(draws=self._draws(redraw)))
        return lines

    def _draws(self, draws: Mapping[int, int]) -> str:
        return ", ".join(_("{name} {card}").format(name=self.name(s), card=self.card(c)) for s, c in draws.items())

    def _deal(self, e: Dealt) -> list[str]:
        dealer = e.dealer
        hand = e.hands.get(self.seat)
        if self.brief:  # who deals begins the hand; its number is in ``chips``
            lines = [_("You deal.") if dealer == self.seat else _("{name} deals.").format(name=self.name(dealer))]
        elif dealer == self.seat:
            lines = [_("Hand {number}. You deal.").format(number=e.hand)]
        else:
            lines = [_("Hand {number}. {name} deals.").format(number=e.hand, name=self.name(dealer))]
        cutter = e.cut_by
        if self.verbose:
            lines.append(_("You cut.") if cutter == self.seat else _("{name} cuts.").format(name=self.name(cutter)))
        if hand is not None and e.widow and self.card_style is CardStyle.CODES:
            # With codes, the deal says the cards line the question's status repeats only once it changed
            # (``status_lines``): the same line, so that the first question needs none.
            lines.append(self.cards_line(hand, e.widow))
            return lines
        if hand is not None:
            lines.append(_("Your cards: {cards}.").format(cards=self.cards(hand)))
        if e.widow:
            lines.append(_("Widow: {cards}.").format(cards=self.cards(e.widow)))
        elif e.face_down and not self.brief:  # S2: brief hears the middle when the dealer's choice turns it up
            lines.append(_("The widow lies face down."))
        return lines

    def _ante(self, e: Anted) -> list[str]:
        if self.brief:  # the same every hand (one mark each); ``chips`` tells the pot
            return []
        if self.verbose:
            return [_("Everyone puts one mark in the pot. Pot: {count}.").format(count=self.count(e.pot))]
        return [_("Pot: {count}.").format(count=self.count(e.pot))]

    def _exchange_all(self, e: ExchangedAll) -> list[str]:
        """A whole hand for the whole widow. Brief speech says it as ``brief_swap`` says a swap: what was taken
        is the widow everyone just heard (or the face-down one nobody else saw), so "widow" names it; what was
        laid, the new widow, comes last. The dealer who took the face-down widow hears its cards."""
        widow = self.cards(e.gave)
        me = e.player == self.seat
        if self.brief:
            if e.blind and me:  # S2: what the dealer took unseen is what is new to them
                return [self.brief_swap(self.seat, self.cards(e.took), widow)]
            if e.blind:  # S2: the dealer took the face-down widow unseen; the old hand lies face up
                # Translators: brief speech: the dealer took the face-down widow unseen and laid {cards} face up.
                line = _("{name}: face-down widow for {cards}.")
            else:
                # Translators: brief speech: the whole widow taken for {cards}, as in "Anna: widow for h8 c6 d2".
                line = _("You: widow for {cards}.") if me else _("{name}: widow for {cards}.")
            return [line.format(name=self.name(e.player), cards=widow)]
        if e.blind:
            if me:
                return [_("You take the face-down widow. Your cards: {hand}. New widow: {cards}.").format(
                    hand=self.cards(e.took), cards=widow)]
            return [_("{name} takes the face-down widow. New widow: {cards}.").format(name=self.name(e.player),
                                                                                     cards=widow)]
        if self.rules.swap_all:  # S3: all three on a turn; what was taken lay open in the widow
            if me:
                return [_("You swap all three. Your cards: {hand}.").format(hand=self.cards(e.took))]
            return [_("{name} swaps all three. New widow: {cards}.").format(name=self.name(e.player), cards=widow)]
        if me:
            return [_("You exchange your cards for the widow. New widow: {cards}.").format(cards=widow)]
        return [_("{name} exchanges their cards for the widow. New widow: {cards}.").format(
            name=self.name(e.player), cards=widow)]

    def brief_swap(self, player: int, took: str, gave: str) -> str:
        """Brief speech's swap, the same few words for every player and every kind of swap: who, what was taken,
        what was laid ("Anna h8 for c6", "You h8 c6 d2 for c7 d8 h9").

        Taken first, laid last: the taken card is one the listener has just heard in the widow (or, traded, one
        only the trader learns), so it says which card left; the laid card is new to the table, the one the
        next players may take, and the last words of a line are the ones a listener keeps. No colon after the
        name: it is the line said most often, and a colon is a pause in speech and a word ("colon") in a screen
        reader's default punctuation level."""
        if player == self.seat:
            # Translators: brief speech, the player's own swap: the card(s) taken, then the card(s) laid, as
            # few words as your language allows ("You h8 for c6"). No colon: a screen reader may say it.
            return _("You {took} for {gave}.").format(took=took, gave=gave)
        # Translators: brief speech, another player's swap: the card(s) taken, then the card(s) laid, as few
        # words as your language allows ("Anna h8 for c6"). No colon: a screen reader may say it.
        return _("{name} {took} for {gave}.").format(name=self.name(player), took=took, gave=gave)

    def _keep(self, e: Kept) -> list[str]:
        me = e.player == self.seat
        if e.turned_up:  # S2: the middle is turned face up, said with the keep
            widow = self.cards(e.turned_up)
            if self.brief:
                return [(_("You keep. Widow: {cards}.") if me else _("{name} keeps. Widow: {cards}.")).format(
                    name=self.name(e.player), cards=widow)]
            return [(_("You keep your cards. Widow: {cards}.") if me else
                     _("{name} keeps their cards. Widow: {cards}.")).format(name=self.name(e.player), cards=widow)]
        if me:
            return [_("You keep your cards.")]
        return [_("{name} keeps their cards.").format(name=self.name(e.player))]

    def _trade(self, e: Traded) -> list[str]:
        """X3: the two cards only for the trader; everyone hears who traded and who got the chip."""
        if e.player == self.seat:
            assert e.gave is not None and e.took is not None
            gave, took = self.card(e.gave), self.card(e.took)
            if self.brief:  # a trade always costs a chip: the cards are what is new
                return [self.brief_swap(self.seat, took, gave)]
            if e.paid_to is None:
                return [_("You trade the {gave} for the {took} and pay a chip to the box.").format(gave=gave,
                                                                                                  took=took)]
            return [_("You trade the {gave} for the {took} and pay {name} a chip.").format(
                gave=gave, took=took, name=self.name(e.paid_to))]
        name = self.name(e.player)
        if self.brief:
            if e.paid_to is None:
                return [_("{name} trades and pays the box.").format(name=name)]
            if e.paid_to == self.seat:
                return [_("{name} trades and pays you.").format(name=name)]
            return [_("{name} trades and pays {dealer}.").format(name=name, dealer=self.name(e.paid_to))]
        if e.paid_to is None:
            return [_("{name} trades a card and pays a chip to the box.").format(name=name)]
        if e.paid_to == self.seat:
            return [_("{name} trades a card and pays you a chip.").format(name=name)]
        return [_("{name} trades a card and pays {dealer} a chip.").format(name=name, dealer=self.name(e.paid_to))]

    def _offer(self, e: Offered) -> list[str]:
        """X4: the card only for the two."""
        if e.player == self.seat:
            assert e.card is not None
            return [_("You offer the {card} to {name}.").format(card=self.card(e.card), name=self.name(e.to))]
        if e.to == self.seat:
            assert e.card is not None
            return [self.offered_you(e.player, e.card)]
        return [_("{name} offers {other} a card.").format(name=self.name(e.player), other=self.name(e.to))]

    def offered_you(self, player: int, card: int) -> str:
        """X4: an offer to the player, as the event tells it and as the line before the question says it."""
        return _("{name} offers you the {card}.").format(name=self.name(player), card=self.card(card))

    def _barter(self, e: Bartered) -> list[str]:
        if e.player == self.seat:
            assert e.took is not None
            return [_("{name} takes it and gives you the {card}.").format(name=self.name(e.to),
                                                                         card=self.card(e.took))]
        if e.to == self.seat:
            assert e.gave is not None and e.took is not None
            # The player answered the offer of ``e.player``: gave ``e.took`` for the offered ``e.gave``.
            return [_("You give the {card} for the {offered}.").format(card=self.card(e.took),
                                                                      offered=self.card(e.gave))]
        return [_("{name} takes it.").format(name=self.name(e.to))]

    def _decline(self, e: Declined) -> list[str]:
        if e.player == self.seat:
            return [_("You decline.")]
        return [_("{name} declines.").format(name=self.name(e.player))]

    def _refresh(self, e: Refreshed) -> list[str]:
        """S5: everyone passed, so a fresh widow."""
        widow = self.cards(e.widow)
        if self.brief:
            return [_("New widow: {cards}.").format(cards=widow)]
        if self.verbose:
            return [_("Everyone passed: {aside} laid aside. New widow: {cards}.").format(
                aside=self.cards(e.laid_aside), cards=widow)]
        return [_("Everyone passed. New widow: {cards}.").format(cards=widow)]

    def _swimming(self, e: Swimming) -> list[str]:
        if e.player == self.seat:
            return [_("You swim.") if self.brief else _("You swim: no lives left, but still in.")]
        return [_("{name} swims.").format(name=self.name(e.player))]

    def _swap(self, e: Swapped) -> list[str]:
        took, gave = self.cards(e.took), self.cards(e.gave)
        if self.brief:
            return [self.brief_swap(e.player, took, gave)]
        if e.player == self.seat:
            return [_("You take the {took} for the {gave}.").format(took=took, gave=gave)]
        return [_("{name} takes the {took} for the {gave}.").format(name=self.name(e.player), took=took,
                                                                    gave=gave)]

    def _pass(self, e: Passed) -> list[str]:
        if e.player == self.seat:
            return [pgettext("schwimmen", "You pass.") if Term.PUSH in self.rules.terms else _("You pass.")]
        return self._passes([e.player])

    def _knock(self, e: Knocked) -> list[str]:
        # What a knock means is in the question of every last turn ("Last turn, Anna knocked"); said once more
        # only when speech is verbose.
        handeln = Term.IM_IN in self.rules.terms
        if e.player == self.seat:
            if self.verbose:
                return [_("You call: I'm in! Everyone else has one last turn.") if handeln else
                        _("You knock. Everyone else has one last turn.")]
            return [_("You call: I'm in!") if handeln else _("You knock.")]
        if self.verbose:
            line = (_("{name} calls: I'm in! Everyone else has one last turn.") if handeln else
                    _("{name} knocks. Everyone else has one last turn."))
        else:
            line = _("{name} calls: I'm in!") if handeln else _("{name} knocks.")
        return [line.format(name=self.name(e.player))]

    def _fire(self, e: Fired) -> list[str]:
        if e.call == "fire":  # S7
            if e.player == self.seat:
                return [_("You show three aces: fire!")]
            return [_("{name} shows three aces: fire!").format(name=self.name(e.player))]
        if e.call:  # S6
            if e.player == self.seat:
                return [_("You show 31.")]
            return [_("{name} shows 31.").format(name=self.name(e.player))]
        handeln = Term.FIRE in self.rules.terms
        if e.player == self.seat:
            return [_("You call: Fire!") if handeln else _("You call 31!")]
        return [(_("{name} calls: Fire!") if handeln else _("{name} calls 31!")).format(name=self.name(e.player))]

    def _pounce(self, e: Pounced) -> list[str]:
        took, refill = self.card(e.took), self.card(e.refill)
        if e.player == self.seat:
            return [_("You pounce on the {card}. From the stock to the widow: {refill}.").format(card=took,
                                                                                                 refill=refill)]
        return [_("{name} pounces on the {card}. From the stock to the widow: {refill}.").format(
            name=self.name(e.player), card=took, refill=refill)]

    def _showdown(self, e: Showdown) -> list[str]:
        """Verbose: every hand's cards and value; normal: every hand's value (it names the deciding cards);
        brief: only who lost or won, with the value that decided it. ``show`` gives the cards at any time."""
        lines = []
        if e.stalemate and self.rules.refresh:  # S5: a round of passes, and too few cards for a fresh widow
            lines.append(pgettext("schwimmen", "Everyone passed.") if self.brief else
                         _("Everyone passed, and the stock is too short for a fresh widow, so the hands are shown."))
        elif e.stalemate:
            lines.append(_("Everyone passed.") if self.brief else _("Everyone passed, so the hands are shown."))
        elif not self.brief:
            lines.append(_("Showdown."))
        if not self.brief:
            lines += self.hand_lines(e, with_cards=self.verbose)
        if self._counts_tell_losers():  # the losers are told with their counts, a line each (``_losses``)
            return lines + self.results(replace(e, losers=()))
        return lines + self.results(e)

    def _counts_tell_losers(self) -> bool:
        """Brief speech, where the worst hand loses a chip or a life: who lost is told with the count left, in
        one line each (``_losses``), not once with the losing value and again in a counts line. The value is
        in ``show``."""
        return self.brief and self.rules.settlement is Settlement.WORST_LOSES

    def results(self, e: Showdown) -> list[str]:
        """A showdown's outcome: who wins or loses (C16: or that nobody does)."""
        void = [_("No one would be left, so no one loses this hand.")] if e.void else []
        return void + self._result(e)

    def hand_lines(self, e: Showdown, with_cards: bool) -> list[str]:
        """A showdown's hands, one line each: the value, and with ``with_cards`` the cards first."""
        lines = []
        for seat, cards in e.hands.items():
            value = value_words(self.rules, cards)
            who = _("You") if seat == self.seat else self.name(seat)
            if with_cards:
                lines.append(_("{name}: {value}, with {cards}.").format(name=who, cards=self.cards(cards),
                                                                        value=value))
            else:
                lines.append(_("{name}: {value}.").format(name=who, value=value))
        return lines

    def _result(self, e: Showdown) -> list[str]:
        """Who wins or loses the hand; brief speech names the deciding value with it."""
        counter = self.rules.counter
        hands = e.hands
        if e.winners is not None:
            (winner,) = e.winners
            best = self.rules.hand_value(hands[winner])
            tied = [s for s in hands if s != winner and self.rules.hand_value(hands[s]) == best]
            if tied:  # B7: the first in this hand's turn order wins a tie
                # Equal points in different suits are one value: said without the winner's suit.
                named = self.rules.name_hand(hands[winner])
                value = name_words(replace(named, suit=None) if named.category == "points" else named, self.rules)
                tie = _("{names} tie with {value}.").format(names=self.names_and([winner, *tied]), value=value)
                if winner == self.seat:
                    return [tie, _("You win the pot, first in turn order.")]
                return [tie, _("{name} wins the pot, first in turn order.").format(name=self.name(winner))]
            if self.brief:
                value = self.brief_value(hands[winner])
                if winner == self.seat:
                    return [_("You win the pot: {value}.").format(value=value)]
                return [_("{name} wins the pot: {value}.").format(name=self.name(winner), value=value)]
            if winner == self.seat:
                return [_("You win the pot.")]
            return [_("{name} wins the pot.").format(name=self.name(winner))]
        losers = list(e.losers or ())
        if not losers:
            return []
        # S7: three aces cost everyone else a life, whatever they held: no losing value to name
        fire = any(self.rules.name_hand(cards).category == "fire" for cards in hands.values())
        if self.brief and not fire:
            # Tied losers hold equal values, said once in words; a single loser's hand as brief_value says it.
            value = (self.brief_value(hands[losers[0]]) if len(losers) == 1 else
                     value_words(self.rules, hands[losers[0]]))
            return self._lost_with(losers, counter, value)
        lines = []
        if self.seat in losers:
            lines.append(self._you_lose(counter))
            losers.remove(self.seat)
        if losers:
            lines.append(self._others_lose(losers, counter))
        return lines

    def _you_lose(self, counter: CounterKind) -> str:
        return {CounterKind.LIVES: _("You lose a life."), CounterKind.MINUS_POINTS: _("You get a minus point.")}.get(
            counter, _("You lose a chip."))

    def _others_lose(self, losers: list[int], counter: CounterKind) -> str:
        n = len(losers)
        if counter is CounterKind.LIVES:
            text = ngettext("{names} loses a life.", "{names} each lose a life.", n)
        elif counter is CounterKind.MINUS_POINTS:
            text = ngettext("{names} gets a minus point.", "{names} each get a minus point.", n)
        else:
            text = ngettext("{names} loses a chip.", "{names} each lose a chip.", n)
        return text.format(names=self.names_and(losers))

    def brief_value(self, cards: Sequence[int]) -> str:
        """A deciding hand as brief speech names it: its value in words, or with codes the cards themselves, which
        show a braille reader the value in a few cells (the value in words is on ``show``)."""
        if self.card_style is CardStyle.CODES:
            return self.cards(cards)
        return value_words(self.rules, cards)

    def _lost_with(self, losers: list[int], counter: CounterKind, value: str) -> list[str]:
        """Brief: who loses, and with which value ("Ben loses a chip: Point, 12."); the player first, in a line of
        their own (a list of names beginning with "you" would need another grammatical case in German)."""
        lines = []
        if self.seat in losers:
            text = {CounterKind.LIVES: _("You lose a life: {value}."),
                    CounterKind.MINUS_POINTS: _("You get a minus point: {value}.")}.get(
                counter, _("You lose a chip: {value}."))
            lines.append(text.format(value=value))
        others = [s for s in losers if s != self.seat]
        if others:
            n = len(others)
            if counter is CounterKind.LIVES:
                text = ngettext("{names} loses a life: {value}.", "{names} each lose a life: {value}.", n)
            elif counter is CounterKind.MINUS_POINTS:
                text = ngettext("{names} gets a minus point: {value}.", "{names} each get a minus point: {value}.",
                                n)
            else:
                text = ngettext("{names} loses a chip: {value}.", "{names} each lose a chip: {value}.", n)
            lines.append(text.format(names=self.names_and(others), value=value))
        return lines

    def _chips(self, e: Settled) -> list[str]:
        """The counts after a hand: verbose, everyone's; otherwise the counts that changed in the hand, the
        trades' too (X5; the others stand as they were, and ``chips`` tells them all). In Braillespiel everyone
        paid a mark into the pot: brief names the winner's count and the player's own."""
        totals, changes = e.totals, e.changes
        if self.verbose:
            return [self.standings(totals)]
        if self._counts_tell_losers():
            return self._losses(e)
        if self.brief and self.rules.counter is CounterKind.MARKS:
            changed = {s: totals[s] for s, change in changes.items() if change > 0 or s == self.seat}
        else:
            changed = {s: totals[s] for s in totals if changes.get(s) or e.traded.get(s)}
        return [self.standings(changed)] if changed else []

    def _losses(self, e: Settled) -> list[str]:
        """Brief: each player who lost a chip or a life, the player first, with the count left ("Ben loses a chip,
        2 left."). Losing the last one is said without a count, as the line after it says what it means ("Ben is
        out.", "Ben swims."); a swimmer who loses has nothing left to lose and is told going under."""
        lives = self.rules.counter is CounterKind.LIVES
        lost = [s for s, change in e.changes.items() if change < 0]
        lines = []
        for seat in sorted(lost, key=lambda s: (s != self.seat, s)):
            left = e.totals[seat]
            if seat == self.seat:
                if not left:
                    lines.append(self._you_lose(self.rules.counter))
                elif lives:
                    lines.append(ngettext("You lose a life, {count} left.", "You lose a life, {count} left.",
                                          left).format(count=left))
                else:
                    lines.append(ngettext("You lose a chip, {count} left.", "You lose a chip, {count} left.",
                                          left).format(count=left))
            elif not left:
                lines.append(self._others_lose([seat], self.rules.counter))
            elif lives:
                lines.append(ngettext("{name} loses a life, {count} left.", "{name} loses a life, {count} left.",
                                      left).format(name=self.name(seat), count=left))
            else:
                lines.append(ngettext("{name} loses a chip, {count} left.", "{name} loses a chip, {count} left.",
                                      left).format(name=self.name(seat), count=left))
        return lines

    def standings(self, totals: Mapping[int, int]) -> str:
        """Every player's count, the player first: "Chips: you 3, Anna 2, Ben 1."."""
        seats = [self.seat] if self.seat in totals else []
        seats += [s for s in sorted(totals) if s != self.seat]
        parts = ", ".join(
            _("you {count}").format(count=totals[s]) if s == self.seat else
            _("{name} {count}").format(name=self.name(s), count=totals[s]) for s in seats)
        counter = self.rules.counter
        if counter is CounterKind.LIVES:
            return _("Lives: {list}.").format(list=parts)
        if counter is CounterKind.MARKS:
            return _("Marks: {list}.").format(list=parts)
        if counter is CounterKind.MINUS_POINTS:
            return _("Minus points: {list}.").format(list=parts)
        return _("Chips: {list}.").format(list=parts)

    def _eliminated(self, e: Eliminated, ends: bool = False) -> list[str]:
        """A player out of the match, then, each on a line of its own, what follows: the final round (B12, at
        every verbosity: it ends the match) or, to the player who is out, that the match plays on (not said where
        the lines after it tell how it ends, ``ends``: its end with the same showdown, or the final round begun by
        someone out with the player)."""
        you = e.player == self.seat
        if self.rules.swim:  # S9
            lines = [_("You go under.") if you else _("{name} goes under.").format(name=self.name(e.player))]
        else:
            lines = [_("You are out.") if you else _("{name} is out.").format(name=self.name(e.player))]
        if e.final_round is not None:
            lines.append(ngettext("The match ends after one more hand.", "The match ends after {count} more hands.",
                                  e.final_round).format(count=e.final_round))
        elif you and not ends and not self.brief:
            lines.append(_("The match plays on to its end."))
        return lines

    def played_on(self, hands: int) -> str:
        """For a player who chose to hear only the result: the hands played meanwhile, said before the end."""
        return ngettext("The others played one more hand.", "The others played {count} more hands.",
                        hands).format(count=hands)

    def _match_end(self, e: MatchEnded) -> list[str]:
        winners = list(e.winners)
        if winners == [self.seat]:
            lines = [_("You win the match!")]
        elif self.seat in winners:
            others = self.names_list([s for s in winners if s != self.seat])
            lines = [_("You share the win with {names}.").format(names=others)]
        elif len(winners) == 1:
            lines = [_("{name} wins the match.").format(name=self.name(winners[0]))]
        else:
            lines = [_("{names} share the win.").format(names=self.names_and(winners))]
        if not self.verbose and self.rules.counter in (CounterKind.MARKS, CounterKind.MINUS_POINTS):
            # The hands told only the counts that changed; where the final counts rank everyone (marks, minus
            # points), the end says them all once. Where the last player with chips wins, the winner says it all.
            lines.append(self.standings(e.standings))
        return lines

    # ----- asking -----

    def status_lines(self, view: SeatView, told: tuple[tuple[int, ...], tuple[int, ...]]) -> list[str]:
        """Before a decision's question: an offer to the player (X4), then the cards it is decided on where they
        changed since the player last heard them (``told``, ``stale``).

        A braille display shows the line the cursor is on, the question, and the player pans up from there; the
        question names the moves and has no room for the cards as well (``question``). So with codes the hand and
        the widow are one short line (``cards_line``), said at the deal and again before a decision where either
        changed; with card names, whose hand and widow take a line each, each comes again where it changed."""
        lines = []
        offer = view.offer
        if view.phase is Phase.ANSWER and offer is not None and offer.to == self.seat and offer.card is not None:
            lines.append(self.offered_you(offer.player, offer.card))
        hand, widow = self.stale(view, told)
        if self.card_style is CardStyle.CODES:
            if hand or widow:
                lines.append(self.table_cards(view))
            return lines
        if hand:
            lines.append(_("Your cards: {cards}.").format(cards=self.cards(view.hand)))
        if widow:
            lines.append(_("Widow: {cards}.").format(cards=self.cards(view.widow)))
        return lines

    def stale(self, view: SeatView, told: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[bool, bool]:
        """Whether the hand and the widow of ``view`` are to be said again before a question, against what the
        player last heard of them (``told``): where they changed. Brief speech told every swap with both its
        cards (``brief_swap``), so it says the hand again only where more than one of its cards changed (one is
        what the player's own swap line said), and the widow only where none of the cards last heard in it is
        left: up to two changed cards are followed from the swap lines, as a player of brief speech chose to,
        and ``widow`` says it on demand (issue 25's speech budget: 2 s a hand with codes, 3 s with names). With
        codes both are one line, said again where either is stale."""
        hand, widow = told
        known_hand, known_widow = (1, len(view.widow) - 1) if self.brief else (0, 0)
        hand_stale = len(set(view.hand) - set(hand)) > known_hand or len(view.hand) != len(hand)
        widow_stale = bool(view.widow) and (len(set(view.widow) - set(widow)) > known_widow
                                            or len(view.widow) != len(widow))
        if self.card_style is CardStyle.CODES and (hand_stale or widow_stale):
            return True, bool(view.widow)
        return hand_stale, widow_stale

    def table_cards(self, view: SeatView) -> str:
        """The cards line of ``view`` (``cards_line``)."""
        return self.cards_line(view.hand, view.widow)

    def cards_line(self, hand: Sequence[int], widow: Sequence[int]) -> str:
        """The hand and the widow in one short line of codes: the widow named ("hQ h7 s2, widow c7 d9 h2"), so
        that the line read alone says which cards are whose; the hand alone where no widow lies face up
        (tauschen, X1; schwimmen before the dealer's choice, S2). Brief speech leaves the word "widow" out: the
        order is always the same."""
        if not widow:
            return _("Your cards: {cards}.").format(cards=self.cards(hand))
        if self.brief:
            # Translators: brief speech, a player's cards, then the widow's, as short codes: "hQ h7 s2, c7 d9 h2".
            # Always in this order, so the word "widow" is left to normal speech.
            return _("{hand}, {widow}").format(hand=self.cards(hand), widow=self.cards(widow))
        # Translators: a player's cards, then the widow's, as short codes: "hQ h7 s2, widow c7 d9 h2". The comma
        # costs one braille cell where a semicolon after a digit costs two in German braille.
        return _("{hand}, widow {widow}").format(hand=self.cards(hand), widow=self.cards(widow))

    def situation(self, view: SeatView) -> str | None:
        """What sets this turn apart from an ordinary one, as its question begins: that it goes on (after a swap,
        C3; after a declined offer, X4), or that it is the last one; None for an ordinary turn.

        No player is named: a name at a table may have 20 letters, half a braille line, and the one a decision
        turns on (who knocked, who offers) was said on a line of its own when it happened ("Anna knocks.") and
        ``turn`` says it again."""
        if view.phase is Phase.CONTINUE or (view.phase is Phase.TURN and view.turn_offered):  # C3; X4, declined
            return _("Your turn goes on")
        if view.last_round and view.knocker is not None:
            # Translators: the turn after someone knocked (or called "I'm in"), before the moves possible now:
            # "Last turn: swap, pass?". A braille line holds 40 cells: keep it short.
            return _("Last turn")
        return None

    def question(self, view: SeatView, actions: str) -> str:
        """The question at the player's decision, the same at every verbosity: what sets the decision apart (if
        anything) and the moves possible now, ``actions``, in the words the player types ("Last turn: swap,
        pass? "), so the one line a braille display shows says what to type. It fits 40 braille cells with the
        cursor in every language and ruleset (tests/test_question_cells.py), which leaves no room for the cards:
        those are on the line just before (``status_lines``). An ordinary turn is the moves alone ("swap, pass,
        knock? "): they say whose decision it is, and every word more would push the longest lists (German
        Handeln's "tauschen, passen, eingeschafft, feuer") past the line."""
        if view.phase is Phase.ANSWER:  # X4: asked on another player's turn; the offer is the line before
            offer = view.offer
            assert offer is not None and offer.card is not None
            if self.card_style is CardStyle.CODES:
                # Translators: the answer to an offer, with the offered card's code (the player's own cards are
                # on the line before): "h7 offered: give, decline? ". At most 40 braille cells.
                return _("{card} offered: {actions}? ").format(card=self.card(offer.card), actions=actions)
            return _("{actions}? ").format(actions=actions)
        if view.phase is Phase.EXCHANGE:  # H1; S2, the middle face down
            return _("You deal: {actions}? ").format(actions=actions)
        if view.phase is Phase.CALL:  # H4, T2
            return _("You may call now: {actions}? ").format(actions=actions)
        situation = self.situation(view)
        if situation is None:
            # Translators: an ordinary turn's question is the moves possible now, "swap, pass, knock? ".
            return _("{actions}? ").format(actions=actions)
        return _("{situation}: {actions}? ").format(situation=situation, actions=actions)

    def value_line(self, view: SeatView) -> str:
        return _("Your hand: {value}.").format(value=value_words(self.rules, view.hand))


def option_words(rules: Ruleset) -> str:
    """The options of a match that differ from their defaults (beyond the starting counts and Handeln's limit,
    which the match's first lines say anyway), as a short list: "pounce, ace low"."""
    from ..rules import RULESETS

    words = []
    for spec in RULESETS[rules.name].specs:
        name, value = spec.name, rules.options[spec.name]
        if value == spec.default or name in ("chips", "marks", "limit"):
            continue
        # Translators: the match's options as its first lines name them, "Options: pounce, ace low.".
        if name == "swaps_per_turn":
            words.append(_("{n} swaps a turn").format(n=value))
        elif name == "ace_low":
            words.append(_("ace low"))
        elif name == "pounce":
            words.append(_("pounce"))
        elif name == "extended":
            words.append(_("Extended Commerce"))
        elif name == "deck":
            words.append(_("{n} cards").format(n=value))
        elif name == "krikelkrakel":
            words.append(_("Krikelkrakel"))
        elif name == "hands":
            words.append(_("at most {n} hands").format(n=value))
    return ", ".join(words)


def ruleset_title(rules: Ruleset) -> str:
    """The ruleset's name as players say it."""
    return {
        RulesetName.COMMERCE: _("Commerce"),
        RulesetName.BRAILLESPIEL: _("Commerce, Braillespiel rules"),
        RulesetName.HANDELN: _("Handeln"),
        RulesetName.THIRTY_ONE: _("Thirty-One"),
        RulesetName.TRENTUNO: _("Trentuno"),
        RulesetName.SCHWIMMEN: _("Schwimmen"),
        RulesetName.TAUSCHEN: _("Trade and Barter"),
    }[rules.name]
