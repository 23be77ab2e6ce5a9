"""Events into sentences for one seat, in the active language, at the player's verbosity and card style.

The narrator is the only place where the game's events become words; the console prints what it returns and
review commands ask it again, so what is heard live and what is heard on review are the same sentences. Each
sentence is one catalog entry with named placeholders (never glued from fragments), most important word first;
the player's own actions have their own sentences ("You pass.") rather than a name put in the third person.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..i18n import _, ngettext, pgettext
from ..rules import Event, Ruleset, SeatView
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
            return " ".join(card_code(c) for c in cards)
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
        if counter == "lives":
            return ngettext("{n} life", "{n} lives", n).format(n=n)
        if counter == "marks":
            return ngettext("{n} mark", "{n} marks", n).format(n=n)
        if counter == "minus_points":
            return ngettext("{n} minus point", "{n} minus points", n).format(n=n)
        return ngettext("{n} chip", "{n} chips", n).format(n=n)

    @property
    def brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    @property
    def verbose(self) -> bool:
        return self.verbosity is Verbosity.VERBOSE

    # ----- events -----

    def event(self, event: Event) -> list[str]:
        """The lines that announce one event (possibly none at this verbosity)."""
        handler = getattr(self, "_" + event.kind, None)
        return handler(event) if handler is not None else []

    def events(self, events: Sequence[Event]) -> list[str]:
        return [line for event in events for line in self.event(event)]

    def _match(self, e: Event) -> list[str]:
        if self.brief:
            return []
        others = [s for s in range(len(self.names)) if s != self.seat]
        lines = [_("{ruleset}: you and {others}.").format(ruleset=ruleset_title(self.rules),
                                                          others=self.names_list(others))]
        if self.rules.counter != "minus_points":
            lines.append(_("Everyone starts with {count}.").format(count=self.count(self.rules.starting_count)))
        return lines

    def _first_dealer(self, e: Event) -> list[str]:
        dealer = e["dealer"]
        lines = []
        if not self.brief:
            draws = ", ".join(_("{name} {card}").format(name=self.name(s), card=self.card(c))
                              for s, c in e["draws"].items())
            lines.append(_("Draw for the first deal: {draws}.").format(draws=draws))
            for redraw in e.get("redraws", []):
                draws = ", ".join(_("{name} {card}").format(name=self.name(s), card=self.card(c))
                                  for s, c in redraw.items())
                lines.append(_("A tie; they draw again: {draws}.").format(draws=draws))
        if dealer == self.seat:
            lines.append(_("You deal first."))
        else:
            lines.append(_("{name} deals first.").format(name=self.name(dealer)))
        return lines

    def _deal(self, e: Event) -> list[str]:
        dealer = e["dealer"]
        hand = e["hands"].get(self.seat)
        lines = []
        if self.brief:
            lines.append(_("Hand {number}.").format(number=e["hand"]))
        elif dealer == self.seat:
            lines.append(_("Hand {number}. You deal.").format(number=e["hand"]))
        else:
            lines.append(_("Hand {number}. {name} deals.").format(number=e["hand"], name=self.name(dealer)))
        cutter = e.get("cut_by")
        if self.verbose and cutter is not None:
            lines.append(_("You cut.") if cutter == self.seat else _("{name} cuts.").format(name=self.name(cutter)))
        if hand is not None:
            lines.append(_("Your cards: {cards}.").format(cards=self.cards(hand)))
        lines.append(_("Widow: {cards}.").format(cards=self.cards(e["skat"])))
        return lines

    def _ante(self, e: Event) -> list[str]:
        return [_("Everyone puts one mark in the pot. Pot: {count}.").format(count=self.count(e["pot"]))]

    def _exchange_all(self, e: Event) -> list[str]:
        skat = self.cards(e["gave"])
        if e.player == self.seat:
            return [_("You exchange your whole hand. New widow: {cards}.").format(cards=skat)]
        return [_("{name} exchanges the whole hand for the widow. New widow: {cards}.").format(
            name=self.name(e.player), cards=skat)]

    def _swap(self, e: Event) -> list[str]:
        took, gave = self.cards(e["took"]), self.cards(e["gave"])
        if e.player == self.seat:
            return [_("You take {took} and lay {gave}.").format(took=took, gave=gave)]
        return [_("{name} takes {took} and lays {gave}.").format(name=self.name(e.player), took=took, gave=gave)]

    def _pass(self, e: Event) -> list[str]:
        if e.player == self.seat:
            return [_("You pass.")]
        return [_("{name} passes.").format(name=self.name(e.player))]

    def _knock(self, e: Event) -> list[str]:
        handeln = self.rules.name == "handeln"
        if e.player == self.seat:
            line = _("You call: I'm in! Everyone else has one more turn.") if handeln else \
                _("You knock. Everyone else has one last turn.")
        else:
            line = (_("{name} calls: I'm in! Everyone else has one more turn.") if handeln else
                    _("{name} knocks. Everyone else has one last turn.")).format(name=self.name(e.player))
        return [line]

    def _fire(self, e: Event) -> list[str]:
        handeln = self.rules.name == "handeln"
        if e.player == self.seat:
            return [_("You call: Fire!") if handeln else _("You call 31!")]
        return [(_("{name} calls: Fire!") if handeln else _("{name} calls 31!")).format(name=self.name(e.player))]

    def _pounce(self, e: Event) -> list[str]:
        took, refill = self.card(e["took"]), self.card(e["refill"])
        if e.player == self.seat:
            return [_("You pounce on {card}. From the stock to the widow: {refill}.").format(card=took, refill=refill)]
        return [_("{name} pounces on {card}. From the stock to the widow: {refill}.").format(
            name=self.name(e.player), card=took, refill=refill)]

    def _showdown(self, e: Event) -> list[str]:
        lines = [] if self.brief else [_("Showdown.")]
        for seat, cards in e["hands"].items():
            value = value_words(self.rules, cards)
            who = _("You") if seat == self.seat else self.name(seat)
            if self.brief:
                lines.append(_("{name}: {value}.").format(name=who, value=value))
            else:
                lines.append(_("{name}: {cards}; {value}.").format(name=who, cards=self.cards(cards), value=value))
        if e.get("void"):
            lines.append(_("Nobody would be left, so no one loses this hand."))
        for line in self._result(e):
            lines.append(line)
        return lines

    def _result(self, e: Event) -> list[str]:
        counter = self.rules.counter
        if "winners" in e.fields:
            (winner,) = e["winners"]
            if winner == self.seat:
                return [_("You win the pot.")]
            return [_("{name} wins the pot.").format(name=self.name(winner))]
        losers = list(e["losers"])
        if not losers:
            return []
        lines = []
        if self.seat in losers:
            lines.append({"lives": _("You lose a life."), "minus_points": _("You get a minus point.")}.get(
                counter, _("You lose a chip.")))
            losers.remove(self.seat)
        if losers:
            names = self.names_list(losers)
            n = len(losers)
            if counter == "lives":
                text = ngettext("{names} loses a life.", "{names} each lose a life.", n)
            elif counter == "minus_points":
                text = ngettext("{names} gets a minus point.", "{names} each get a minus point.", n)
            else:
                text = ngettext("{names} loses a chip.", "{names} each lose a chip.", n)
            lines.append(text.format(names=names))
        return lines

    def _chips(self, e: Event) -> list[str]:
        if self.brief:
            return []
        return [self.standings(e["totals"])]

    def standings(self, totals: dict[int, int]) -> str:
        """Every player's count, the player first: "Chips: you 3, Anna 2, Ben 1."."""
        seats = [self.seat] + [s for s in sorted(totals) if s != self.seat]
        parts = ", ".join(
            _("you {count}").format(count=totals[s]) if s == self.seat else
            _("{name} {count}").format(name=self.name(s), count=totals[s]) for s in seats)
        counter = self.rules.counter
        if counter == "lives":
            return _("Lives: {list}.").format(list=parts)
        if counter == "marks":
            return _("Marks: {list}.").format(list=parts)
        if counter == "minus_points":
            return _("Minus points: {list}.").format(list=parts)
        return _("Chips: {list}.").format(list=parts)

    def _eliminated(self, e: Event) -> list[str]:
        if e.player == self.seat:
            return [_("You are out. The match plays on to its end.")]
        return [_("{name} is out.").format(name=self.name(e.player))]

    def _match_end(self, e: Event) -> list[str]:
        winners = list(e["winners"])
        if winners == [self.seat]:
            lines = [_("You win the match!")]
        elif self.seat in winners:
            others = self.names_list([s for s in winners if s != self.seat])
            lines = [_("You share the win with {names}.").format(names=others)]
        elif len(winners) == 1:
            lines = [_("{name} wins the match.").format(name=self.name(winners[0]))]
        else:
            lines = [_("{names} share the win.").format(names=self.names_list(winners))]
        if self.brief:
            # Otherwise the last hand's chips line has just said these standings (they are always the same).
            lines.append(self.standings(e["standings"]))
        return lines

    # ----- asking -----

    def hand_line(self, view: SeatView) -> str:
        """The status line: hand and skat. With codes and brief speech it fits a 40-cell braille display."""
        return _("Hand: {hand}. Widow: {skat}.").format(hand=self.cards(view.hand), skat=self.cards(view.skat))

    def value_line(self, view: SeatView) -> str:
        return _("Your hand: {value}.").format(value=name_words(self.rules.name_hand(view.hand)))


def ruleset_title(rules: Ruleset) -> str:
    """The ruleset's name as players say it."""
    return {
        "commerce": _("Commerce"),
        "braillespiel": _("Commerce, Braillespiel rules"),
        "handeln": _("Handeln"),
        "thirty-one": _("Thirty-One"),
        "trentuno": _("Trentuno"),
    }[rules.name]
