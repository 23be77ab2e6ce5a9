"""Events into sentences for one seat, in the active language, at the player's verbosity and card style.

The narrator is the only place where the game's events become words; the console prints what it returns and
review commands ask it again, so what is heard live and what is heard on review are the same sentences. Each
sentence is one catalog entry with named placeholders (never glued from fragments), most important word first;
the player's own actions have their own sentences ("You pass.") rather than a name put in the third person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
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
    Pounced,
    Refreshed,
    Ruleset,
    RulesetName,
    Settled,
    Showdown,
    Swapped,
    Swimming,
    Term,
    Traded,
    Waived,
)
from .asking import offered_you
from .results import counts_tell_losers, hand_lines, losses, results, standings
from .voice import CardStyle, Voice


class Narrator(Voice):
    """Speaks for one seat of one match: its events become sentences, in its ``Voice``."""

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
            # (``asking.status_lines``): the same line, so that the first question needs none.
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
            return [offered_you(self, e.player, e.card)]
        return [_("{name} offers {other} a card.").format(name=self.name(e.player), other=self.name(e.to))]

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
            lines += hand_lines(self, e, with_cards=self.verbose)
        if counts_tell_losers(self):  # the losers are told with their counts, a line each (``losses``)
            return lines + results(self, replace(e, losers=()))
        return lines + results(self, e)

    def _chips(self, e: Settled) -> list[str]:
        """The counts after a hand: verbose, everyone's; otherwise the counts that changed in the hand, the
        trades' too (X5; the others stand as they were, and ``chips`` tells them all). In Braillespiel everyone
        paid a mark into the pot: brief names the winner's count and the player's own."""
        totals, changes = e.totals, e.changes
        if self.verbose:
            return [standings(self, totals)]
        if counts_tell_losers(self):
            return losses(self, e)
        if self.brief and self.rules.counter is CounterKind.MARKS:
            changed = {s: totals[s] for s, change in changes.items() if change > 0 or s == self.seat}
        else:
            changed = {s: totals[s] for s in totals if changes.get(s) or e.traded.get(s)}
        return [standings(self, changed)] if changed else []

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
            lines.append(standings(self, e.standings))
        return lines

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
