"""What a showdown decided and what it cost, as one seat hears it: the hands, who wins or loses, and the counts.

The narrator says these as the showdown and the settlement happen (``narrator.py``); the review commands say them
again (``seat/review.py``: the last showdown, the standings), in the same sentences.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..i18n import _, ngettext
from ..rules import CounterKind, Settled, Settlement, Showdown
from .values import name_words, value_words
from .voice import CardStyle, Voice


def counts_tell_losers(voice: Voice) -> bool:
    """Brief speech, where the worst hand loses a chip or a life: who lost is told with the count left, in
    one line each (``losses``), not once with the losing value and again in a counts line. The value is
    in ``show``."""
    return voice.brief and voice.rules.settlement is Settlement.WORST_LOSES


def results(voice: Voice, e: Showdown) -> list[str]:
    """A showdown's outcome: who wins or loses (C16: or that nobody does)."""
    void = [_("No one would be left, so no one loses this hand.")] if e.void else []
    return void + _result(voice, e)


def hand_lines(voice: Voice, e: Showdown, with_cards: bool) -> list[str]:
    """A showdown's hands, one line each: the value, and with ``with_cards`` the cards first."""
    lines = []
    for seat, cards in e.hands.items():
        value = value_words(voice.rules, cards)
        who = _("You") if seat == voice.seat else voice.name(seat)
        if with_cards:
            lines.append(_("{name}: {value}, with {cards}.").format(name=who, cards=voice.cards(cards),
                                                                    value=value))
        else:
            lines.append(_("{name}: {value}.").format(name=who, value=value))
    return lines


def _result(voice: Voice, e: Showdown) -> list[str]:
    """Who wins or loses the hand; brief speech names the deciding value with it."""
    counter = voice.rules.counter
    hands = e.hands
    if e.winners is not None:
        (winner,) = e.winners
        best = voice.rules.hand_value(hands[winner])
        tied = [s for s in hands if s != winner and voice.rules.hand_value(hands[s]) == best]
        if tied:  # B7: the first in this hand's turn order wins a tie
            # Equal points in different suits are one value: said without the winner's suit.
            named = voice.rules.name_hand(hands[winner])
            value = name_words(replace(named, suit=None) if named.category == "points" else named, voice.rules)
            tie = _("{names} tie with {value}.").format(names=voice.names_and([winner, *tied]), value=value)
            if winner == voice.seat:
                return [tie, _("You win the pot, first in turn order.")]
            return [tie, _("{name} wins the pot, first in turn order.").format(name=voice.name(winner))]
        if voice.brief:
            value = brief_value(voice, hands[winner])
            if winner == voice.seat:
                return [_("You win the pot: {value}.").format(value=value)]
            return [_("{name} wins the pot: {value}.").format(name=voice.name(winner), value=value)]
        if winner == voice.seat:
            return [_("You win the pot.")]
        return [_("{name} wins the pot.").format(name=voice.name(winner))]
    losers = list(e.losers or ())
    if not losers:
        return []
    # S7: three aces cost everyone else a life, whatever they held: no losing value to name
    fire = any(voice.rules.name_hand(cards).category == "fire" for cards in hands.values())
    if voice.brief and not fire:
        # Tied losers hold equal values, said once in words; a single loser's hand as brief_value says it.
        value = (brief_value(voice, hands[losers[0]]) if len(losers) == 1 else
                 value_words(voice.rules, hands[losers[0]]))
        return _lost_with(voice, losers, counter, value)
    lines = []
    if voice.seat in losers:
        lines.append(_you_lose(voice, counter))
        losers.remove(voice.seat)
    if losers:
        lines.append(_others_lose(voice, losers, counter))
    return lines


def _you_lose(voice: Voice, counter: CounterKind) -> str:
    return {CounterKind.LIVES: _("You lose a life."), CounterKind.MINUS_POINTS: _("You get a minus point.")}.get(
        counter, _("You lose a chip."))


def _others_lose(voice: Voice, losers: list[int], counter: CounterKind) -> str:
    n = len(losers)
    if counter is CounterKind.LIVES:
        text = ngettext("{names} loses a life.", "{names} each lose a life.", n)
    elif counter is CounterKind.MINUS_POINTS:
        text = ngettext("{names} gets a minus point.", "{names} each get a minus point.", n)
    else:
        text = ngettext("{names} loses a chip.", "{names} each lose a chip.", n)
    return text.format(names=voice.names_and(losers))


def brief_value(voice: Voice, cards: Sequence[int]) -> str:
    """A deciding hand as brief speech names it: its value in words, or with codes the cards themselves, which
    show a braille reader the value in a few cells (the value in words is on ``show``)."""
    if voice.card_style is CardStyle.CODES:
        return voice.cards(cards)
    return value_words(voice.rules, cards)


def _lost_with(voice: Voice, losers: list[int], counter: CounterKind, value: str) -> list[str]:
    """Brief: who loses, and with which value ("Ben loses a chip: Point, 12."); the player first, in a line of
    their own (a list of names beginning with "you" would need another grammatical case in German)."""
    lines = []
    if voice.seat in losers:
        text = {CounterKind.LIVES: _("You lose a life: {value}."),
                CounterKind.MINUS_POINTS: _("You get a minus point: {value}.")}.get(
            counter, _("You lose a chip: {value}."))
        lines.append(text.format(value=value))
    others = [s for s in losers if s != voice.seat]
    if others:
        n = len(others)
        if counter is CounterKind.LIVES:
            text = ngettext("{names} loses a life: {value}.", "{names} each lose a life: {value}.", n)
        elif counter is CounterKind.MINUS_POINTS:
            text = ngettext("{names} gets a minus point: {value}.", "{names} each get a minus point: {value}.",
                            n)
        else:
            text = ngettext("{names} loses a chip: {value}.", "{names} each lose a chip: {value}.", n)
        lines.append(text.format(names=voice.names_and(others), value=value))
    return lines


def losses(voice: Voice, e: Settled) -> list[str]:
    """Brief: each player who lost a chip or a life, the player first, with the count left ("Ben loses a chip,
    2 left."). Losing the last one is said without a count, as the line after it says what it means ("Ben is
    out.", "Ben swims."); a swimmer who loses has nothing left to lose and is told going under."""
    lives = voice.rules.counter is CounterKind.LIVES
    lost = [s for s, change in e.changes.items() if change < 0]
    lines = []
    for seat in sorted(lost, key=lambda s: (s != voice.seat, s)):
        left = e.totals[seat]
        if seat == voice.seat:
            if not left:
                lines.append(_you_lose(voice, voice.rules.counter))
            elif lives:
                lines.append(ngettext("You lose a life, {count} left.", "You lose a life, {count} left.",
                                      left).format(count=left))
            else:
                lines.append(ngettext("You lose a chip, {count} left.", "You lose a chip, {count} left.",
                                      left).format(count=left))
        elif not left:
            lines.append(_others_lose(voice, [seat], voice.rules.counter))
        elif lives:
            lines.append(ngettext("{name} loses a life, {count} left.", "{name} loses a life, {count} left.",
                                  left).format(name=voice.name(seat), count=left))
        else:
            lines.append(ngettext("{name} loses a chip, {count} left.", "{name} loses a chip, {count} left.",
                                  left).format(name=voice.name(seat), count=left))
    return lines


def standings(voice: Voice, totals: Mapping[int, int]) -> str:
    """Every player's count, the player first: "Chips: you 3, Anna 2, Ben 1."."""
    seats = [voice.seat] if voice.seat in totals else []
    seats += [s for s in sorted(totals) if s != voice.seat]
    parts = ", ".join(
        _("you {count}").format(count=totals[s]) if s == voice.seat else
        _("{name} {count}").format(name=voice.name(s), count=totals[s]) for s in seats)
    counter = voice.rules.counter
    if counter is CounterKind.LIVES:
        return _("Lives: {list}.").format(list=parts)
    if counter is CounterKind.MARKS:
        return _("Marks: {list}.").format(list=parts)
    if counter is CounterKind.MINUS_POINTS:
        return _("Minus points: {list}.").format(list=parts)
    return _("Chips: {list}.").format(list=parts)
