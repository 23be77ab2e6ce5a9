"""The review commands' lines: what a seat hears when it asks about the match. They read, never change.

Live at the terminal, at a table and on replay the same sentences, from the seat's ``Hearing`` (the events told so
far, as the seat saw them) and its view.
"""

from __future__ import annotations

from dataclasses import replace

from ..i18n import _, active_language, ngettext
from ..narration.asking import value_line
from ..narration.narrator import Narrator, ruleset_title
from ..narration.results import hand_lines, results, standings
from ..narration.voice import Verbosity
from ..rules import SeatView, Showdown
from .advice import whatif_lines
from .explain import explain_lines
from .hearing import Hearing
from .parser import ReviewCommand, answer_vocabulary, normalize

HISTORY_EVENTS = 8
"""How many events ``history`` reads back unless asked for more."""
READING = frozenset({ReviewCommand.HAND, ReviewCommand.WIDOW, ReviewCommand.VALUE, ReviewCommand.SHOW,
                     ReviewCommand.CHIPS, ReviewCommand.HISTORY, ReviewCommand.TURN, ReviewCommand.WHATIF,
                     ReviewCommand.EXPLAIN})
"""The commands answered by ``review_lines`` alone."""


def review_lines(hearing: Hearing, command: ReviewCommand, argument: str, view: SeatView) -> list[str]:
    """The answer to one of the ``READING`` commands."""
    narrator = hearing.narrator
    if not view.hand and command in (ReviewCommand.HAND, ReviewCommand.VALUE, ReviewCommand.WHATIF):
        return [_("You hold no cards now.")]  # out of the match, or before the first deal
    if command is ReviewCommand.HAND:
        return [_("Your cards: {cards}.").format(cards=narrator.cards(view.hand)), value_line(narrator, view)]
    if command is ReviewCommand.WIDOW:
        return [widow_line(narrator, view)]
    if command is ReviewCommand.VALUE:
        return [value_line(narrator, view)]
    if command is ReviewCommand.SHOW:
        return show_lines(hearing)
    if command is ReviewCommand.CHIPS:
        return chips_lines(narrator, view)
    if command is ReviewCommand.HISTORY:
        return history_lines(hearing, normalize(argument))
    if command is ReviewCommand.TURN:
        lines = detailed(narrator).events(hearing.seen[hearing.since_my_turn:])
        return ([_("Your turn. Since your last turn:"), *lines] if lines else
                [_("Your turn. Nothing has happened since your last turn.")])
    if command is ReviewCommand.WHATIF:
        return whatif_lines(view, narrator, argument.split())
    assert command is ReviewCommand.EXPLAIN, command
    return explain_lines(view, narrator, hearing.seen, argument)


def widow_line(narrator: Narrator, view: SeatView) -> str:
    if view.widow:
        return _("Widow: {cards}.").format(cards=narrator.cards(view.widow))
    if view.face_down:  # S2
        return _("The widow lies face down.")
    # X1: no widow, only the dealer's stock to trade with (help leaves ``widow`` out here, docs/playing.md)
    return ngettext("There is no widow in {ruleset}. The stock holds {count} card.",
                    "There is no widow in {ruleset}. The stock holds {count} cards.",
                    view.stock_size).format(ruleset=ruleset_title(view.rules), count=view.stock_size)


def show_lines(hearing: Hearing) -> list[str]:
    """The last showdown in full: every hand's cards and value, and the outcome (what brief and normal speech leave
    out of a showdown is here)."""
    showdown = next((e for e in reversed(hearing.seen) if isinstance(e, Showdown)), None)
    if showdown is None:
        return [_("No hands have been shown yet.")]
    narrator = hearing.narrator
    return [_("Last showdown:"), *hand_lines(narrator, showdown, with_cards=True), *results(narrator, showdown)]


def chips_lines(narrator: Narrator, view: SeatView) -> list[str]:
    lines = [standings(narrator, dict(enumerate(view.counts)))]
    swimming = sorted(view.swimming)
    if swimming:  # S9
        lines.append(_("Swimming: {names}.").format(names=", ".join(narrator.name(s) for s in swimming)))
    out = [s for s, gone in enumerate(view.out) if gone]
    if out:
        lines.append(_("Out: {names}.").format(names=narrator.names_list(out)))
    if view.pot:
        lines.append(_("Pot: {count}.").format(count=narrator.count(view.pot)))
    if view.hand_no:  # brief speech begins a hand with its dealer alone
        lines.append(_("This is hand {number}.").format(number=view.hand_no))
    return lines


def history_lines(hearing: Hearing, arg: str) -> list[str]:
    answer = answer_vocabulary(active_language()).get(arg)
    seen = hearing.seen
    count = len(seen) if answer == "all" else int(arg) if arg.isdecimal() and int(arg) > 0 else HISTORY_EVENTS
    lines = detailed(hearing.narrator).events(seen[-count:])
    return lines or [_("Nothing has happened yet.")]


def detailed(narrator: Narrator) -> Narrator:
    """The narrator for what the player asks to hear again: never brief, since what brief speech leaves out (the
    card an opponent laid, every hand at a showdown) must stay within reach."""
    return replace(narrator, verbosity=Verbosity.NORMAL) if narrator.brief else narrator
