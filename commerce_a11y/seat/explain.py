"""``explain``: why another player moved as they did, or how the last showdown was decided, in words.

It reads only events the player saw: an opponent's move and what it does for the cards that opponent is known to
hold (taken this hand and not laid down again), or a showdown's deciding hands. Like the advice (``advice.py``) it
never changes the match; it is apart from it because it reasons about the others' moves, not the player's own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import CARDS, Card
from ..i18n import _, ngettext, npgettext, pgettext
from ..narration.narrator import Narrator
from ..narration.values import value_words
from ..rules import (
    Bartered,
    Dealt,
    Declined,
    Event,
    ExchangedAll,
    Fired,
    Kept,
    Knocked,
    Offered,
    Passed,
    Pounced,
    SeatView,
    Showdown,
    Swapped,
    Term,
    Traded,
)
from ..rules.values import score_braillespiel, score_commerce, score_trentuno
from .parser import normalize

ExplainedMove = (Swapped | Passed | Knocked | Fired | Pounced | ExchangedAll | Kept | Traded | Offered | Bartered
                 | Declined)
"""The moves ``explain`` tells the reasons of: every decision of another player (in Handeln the dealer keeping the
hand dealt says nothing, since the widow lay open for everyone)."""
MOVES = (Swapped, Passed, Knocked, Fired, Pounced, ExchangedAll, Kept, Traded, Offered, Bartered, Declined)


def _explained(event: Event) -> ExplainedMove | None:
    """The event as a move ``explain`` tells the reasons of, or None (S6, S7: a show the game made is told with
    the showdown's reasons too)."""
    if isinstance(event, MOVES) and not (isinstance(event, Kept) and not event.turned_up):
        return event
    return None


def explain_lines(view: SeatView, narrator: Narrator, seen: Sequence[Event], who: str = "") -> list[str]:
    """Why: the newest of an opponent's last move this hand and the last showdown (which ended the hand before
    it, so no move of this hand is older); with a name, that opponent's last move this hand."""
    if who:
        return _named_move(view, narrator, seen, who)
    for event in reversed(seen):
        move = _explained(event)
        if move is not None and move.actor != view.seat:
            return move_lines(view, narrator, move, seen)
        if isinstance(event, Showdown):
            return showdown_lines(view, narrator, event)
    return [_("Nothing to explain yet: no one else has moved this hand.")]


def _named_move(view: SeatView, narrator: Narrator, seen: Sequence[Event], who: str) -> list[str]:
    others = [s for s in range(len(view.players)) if s != view.seat]
    seat = next((s for s in others if normalize(narrator.names[s]) == normalize(who)), None)
    if seat is None:
        return [_("Name a player: {names}.").format(names=narrator.names_list(others))]
    for event in reversed(seen):
        move = _explained(event)
        if move is not None and move.actor == seat:
            return move_lines(view, narrator, move, seen)
        if isinstance(event, Dealt):
            break
    return [_("{name} has not moved yet this hand.").format(name=narrator.name(seat))]


def move_lines(view: SeatView, narrator: Narrator, event: ExplainedMove, seen: Sequence[Event]) -> list[str]:
    """An opponent's move: what they did, then what it may do for the cards they are known to hold."""
    name = narrator.name(event.actor)
    if isinstance(event, Traded | Offered | Bartered | Declined):
        return _barter_lines(view, narrator, event)
    if isinstance(event, Kept):  # S2
        return [_("{name} kept the hand dealt: good enough not to risk the face-down widow.").format(name=name)]
    if isinstance(event, Swapped):
        took, gave = list(event.took), list(event.gave)
        lines = [_("{name} took {took} and laid {gave}.").format(name=name, took=narrator.cards(took),
                                                                gave=narrator.cards(gave))]
        known = _known_after(view, seen, event)
        return [*lines, *_intent(view, narrator, name, known, took, gave)]
    if isinstance(event, Passed):
        if not view.rules.widow:  # X1
            return [_("{name} passed: their cards are good enough, or not worth a chip for a trade.").format(
                name=name)]
        if view.rules.pass_is_final:
            return [_("{name} passed and swaps no more this hand: their cards are good enough, or the widow had "
                      "nothing they wanted.").format(name=name)]
        return [_("{name} passed: their cards are good enough, or the widow had nothing they wanted.").format(
            name=name)]
    if isinstance(event, Knocked):
        return [_("{name} expects not to be lowest. You have one last turn to beat someone.").format(name=name)]
    if isinstance(event, Fired) and event.call == "fire":  # S7
        return [_("{name} holds three aces, fire, which the game shows at once: everyone else loses a "
                  "life.").format(name=name)]
    if isinstance(event, Fired) and event.call:  # S6
        return [_("{name} holds 31, which the game shows at once: the hand ends, and the lowest hand loses a "
                  "life.").format(name=name)]
    if isinstance(event, Fired):
        return [_("{name} called with cards hard to beat.").format(name=name), _("The hand ends at once.")]
    if isinstance(event, Pounced):
        return [_("{name} took the fourth card of their Tricon: four of a rank beats every three-card "
                  "hand.").format(name=name)]
    widow = event.took  # ExchangedAll: the dealer's exchange (H1), a swap of all three (S3)
    if not widow:  # S2: taken face down, unseen by the others; the hand laid face up is what they held
        return [_("{name} took the face-down widow unseen: the hand they laid, {cards}, that is {value}, was too "
                  "weak to keep.").format(name=name, cards=narrator.cards(event.gave),
                                          value=value_words(view.rules, event.gave))]
    return [_("{name} took the whole widow: {cards}, that is {value}.").format(
        name=name, cards=narrator.cards(widow), value=value_words(view.rules, widow))]


def _barter_lines(view: SeatView, narrator: Narrator, event: Traded | Offered | Bartered | Declined) -> list[str]:
    """X3, X4: what a trade, an offer or its answer says about a hand. An offer gives away the card one's hand
    needs least; taking it says the card helps, declining says it does not; paying for a trade says the hand was
    weak. Cards are named only where this seat saw them."""
    me = view.seat
    name = narrator.name(event.actor)
    if isinstance(event, Traded):
        return [_("{name} paid a chip for an unseen card from the stock: a hand weak enough to pay for a "
                  "chance.").format(name=name)]
    if isinstance(event, Offered):
        if event.to == me and event.card is not None:
            return [_("{name} offered you {card}, the card their hand needs least: they are unlikely to collect "
                      "its suit or rank.").format(name=name, card=narrator.card(event.card))]
        return [_("{name} offered {other} a card: it costs nothing, and is the card their hand needs least, so "
                  "their hand is likely weak.").format(name=name, other=narrator.name(event.to))]
    if isinstance(event, Bartered):  # the neighbour (``to``) took the offer of ``player``
        if event.player == me and event.gave is not None and event.took is not None:
            gave = narrator.card(event.gave)
            return [_("{name} took your {gave}: it helps their hand.").format(name=name, gave=gave),
                    _("They likely collect its suit or rank."),
                    _("They gave you {took}, which helped them least.").format(took=narrator.card(event.took))]
        return [_("{name} took the card {other} offered: it helps their hand, and they gave back the card they "
                  "needed least.").format(name=name, other=narrator.name(event.player))]
    offer = next((e for e in reversed(view.hand_history) if isinstance(e, Offered) and e.player == event.to), None)
    if event.to == me and offer is not None and offer.card is not None:
        return [_("{name} declined your {card}: it does not improve their hand, so they likely collect neither "
                  "its suit nor its rank.").format(name=name, card=narrator.card(offer.card))]
    return [_("{name} declined the card {other} offered: it would not improve their hand.").format(
        name=name, other=narrator.name(event.to))]


def _known_after(view: SeatView, seen: Sequence[Event], upto: Swapped) -> list[int]:
    """The cards an opponent is known to hold after ``upto``: taken this hand and not laid down again."""
    seat = upto.player
    known: list[int] = []
    for event in seen:
        if isinstance(event, Dealt):
            known = []
        elif isinstance(event, Swapped) and event.player == seat:
            known = [c for c in known if c not in event.gave] + list(event.took)
        elif isinstance(event, ExchangedAll) and event.player == seat:
            known = list(event.took)
        elif isinstance(event, Pounced) and event.player == seat:
            known.append(event.took)
        if event is upto:
            break
    return known


def _intent(view: SeatView, narrator: Narrator, name: str, known: list[int], took: Sequence[int],
            gave: Sequence[int]) -> list[str]:
    """What a swap does for the cards the opponent is known to hold, in the ruleset's own kinds of hand."""
    rules = view.rules
    cards = [CARDS[c] for c in known]
    for card in (CARDS[c] for c in took):
        same_rank = [c for c in cards if c.rank == card.rank]
        if len(same_rank) >= 2:
            return [_("{name} now holds at least {count} of one rank: {cards}.").format(
                name=name, count=len(same_rank), cards=narrator.cards(same_rank))]
        same_suit = [c for c in cards if c.suit == card.suit]
        if len(same_suit) >= 2 and rules.scorer is not score_trentuno:  # R2: suits do not count
            return _suit_line(view, narrator, name, same_suit)
        if rules.options.get("krikelkrakel"):  # B9: ranks in a row in three suits
            near = [c for c in cards if c.suit != card.suit and 0 < abs(c.rank - card.rank) <= 2]
            if near:
                return [_("{name} now holds {cards}, close in rank: perhaps for a Krikelkrakel.").format(
                    name=name, cards=narrator.cards([card, near[0]]))]
    took_points = sum(CARDS[c].points for c in took)
    gave_points = sum(CARDS[c].points for c in gave)
    if took_points > gave_points and not rules.options.get("extended"):  # C18: points count for nothing
        if rules.scorer is score_trentuno:  # R2: the total is all that counts
            return [ngettext("{name} gave a lower card for a higher one: a total closer to 31.",
                             "{name} gave lower cards for higher ones: a total closer to 31.",
                             len(took)).format(name=name)]
        if Term.PIPS in rules.terms:
            # Translators: Handeln's points (German "Augen").
            return [npgettext("handeln", "{name} gave a lower card for a higher one: more points, or a start on "
                              "a suit.", "{name} gave lower cards for higher ones: more points, or a start on a "
                              "suit.", len(took)).format(name=name)]
        return [ngettext("{name} gave a lower card for a higher one: more points, or a start on a suit.",
                         "{name} gave lower cards for higher ones: more points, or a start on a suit.",
                         len(took)).format(name=name)]
    return [ngettext("{name} gave up a card that did not fit their other cards.",
                     "{name} gave up cards that did not fit their other cards.", len(took)).format(name=name)]


def _suit_line(view: SeatView, narrator: Narrator, name: str, same_suit: list[Card]) -> list[str]:
    """Cards of one suit, then what they may become: each ruleset's own kinds of hand (C8, C9, B5, B6, H5, T1)."""
    rules = view.rules
    holds = _("{name} now holds at least {count} cards of one suit: {cards}.").format(
        name=name, count=len(same_suit), cards=narrator.cards(same_suit))
    if rules.scorer is score_commerce:  # C8, C9: a Flush and a Sequence rank
        return [holds, _("Perhaps for a Flush or a Sequence.")]
    if rules.scorer is score_braillespiel:  # B5, B6: a Sequence ranks, else points in one suit
        return [holds, pgettext("braillespiel", "Perhaps for a Sequence or points in that suit.")]
    if Term.PIPS in rules.terms:
        # Translators: Handeln's points (German "Augen").
        return [holds, pgettext("handeln", "Perhaps for points in that suit.")]
    return [holds, _("Perhaps for points in that suit.")]


def showdown_lines(view: SeatView, narrator: Narrator, event: Showdown) -> list[str]:
    """Who won or lost a showdown, and the hands that decided it."""
    rules = view.rules
    hands = event.hands
    values = {s: rules.hand_value(cards) for s, cards in hands.items()}
    words = {s: value_words(rules, cards) for s, cards in hands.items()}
    order = list(hands)
    if event.winners is not None:
        (winner,) = event.winners
        best = values[winner]
        tied = [s for s in order if values[s] == best and s != winner]
        if tied:
            return [_("{first} and {others} tie with {value}.").format(
                first=narrator.name(winner), others=narrator.names_list(tied), value=words[winner]),
                _("{first}, first in turn order, wins the pot.").format(first=narrator.name(winner))]
        rest = sorted((s for s in order if s != winner), key=lambda s: -values[s])
        return [_beats(narrator, winner, rest[0], words)] if rest else []
    losers = list(event.losers or ())
    if not losers:
        return [_("No one lost this hand.")]
    fire = [s for s in order if words[s] and rules.name_hand(hands[s]).category == "fire"]
    if fire:  # S7: three aces cost everyone else a life, whatever they held
        return [_("{name} showed three aces: everyone else loses a life.").format(name=narrator.name(fire[0]))]
    lowest = values[losers[0]]
    above = [s for s in order if values[s] > lowest]
    if len(losers) > 1:
        line = _("{names} tie for the lowest hand, {value}.").format(
            names=narrator.names_and(losers), value=words[losers[0]])
        if not above:
            return [line]
        nearest = min(above, key=lambda s: values[s])
        return [line, _beats(narrator, nearest, losers[0], words)]
    nearest = min(above, key=lambda s: values[s])
    return [_beats(narrator, nearest, losers[0], words)]


def _beats(narrator: Narrator, winner: int, loser: int, words: dict[int, str]) -> str:
    """One seat's hand beats another's, with both hands' deciding cards."""
    me = narrator.seat
    if winner == me:
        return _("You beat {loser}: {mine} against {theirs}.").format(
            loser=narrator.name(loser), mine=words[winner], theirs=words[loser])
    if loser == me:
        return _("{winner} beats you: {theirs} against {mine}.").format(
            winner=narrator.name(winner), theirs=words[winner], mine=words[loser])
    return _("{winner} beats {loser}: {theirs} against {other}.").format(
        winner=narrator.name(winner), loser=narrator.name(loser), theirs=words[winner], other=words[loser])
