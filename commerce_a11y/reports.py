"""The lines ``commerce simulate`` and ``commerce stats`` print: a run's summary and the player's statistics.

Kept apart from the click commands (``commands.py``), which only gather the numbers and say these lines. Like the
commands, the seat lines are translated when this module is imported: ``commands.py`` imports it at its own import,
after ``init_language``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cleaning import clean
from .i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from .simulate import Summary
    from .stats import Statistics


SEAT_LINES = {
    "chips": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, chips lost {lost}, per hand {rate}."),
    "lives": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, lives lost {lost}, per hand {rate}."),
    "marks": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, marks lost {lost}, per hand {rate}."),
    "minus_points": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, minus points {lost}, "
                      "per hand {rate}."),
}


def summary_lines(summary: Summary) -> list[str]:
    """The text summary: the run first, then one line per seat (seats counted from 1 for people)."""
    data = summary.as_dict()
    lines = [_("{ruleset}: {matches} matches, {hands} hands in {seconds} seconds, {rate} hands a second.").format(
        ruleset=summary.rules.name, matches=summary.matches, hands=summary.hands,
        seconds=f"{summary.seconds:.1f}", rate=f"{summary.hands_per_second:.0f}")]
    template = SEAT_LINES[summary.rules.counter]
    for seat in data["seats"]:
        lines.append(template.format(seat=seat["seat"] + 1, bot=seat["bot"], won=f"{seat['matches_won']:g}",
                                     hands=seat["hands_lost"], lost=seat["chips_lost"],
                                     rate=f"{seat['chips_lost_per_hand']:.3f}"))
    return lines


def _decimal(value: float) -> str:
    """A number with two decimals, with the language's decimal sign."""
    # Translators: the decimal sign of numbers in your language (a comma in German and Dutch).
    return f"{value:.2f}".replace(".", pgettext("decimal sign", "."))


def stats_lines(result: Statistics) -> list[str]:
    """Brief lines, the most important first: all matches, then each ruleset, then each ruleset by opponents."""
    per_ruleset = {
        "chips": _("{ruleset}: {played} played, {won} won, {rate} chips lost per hand."),
        "lives": _("{ruleset}: {played} played, {won} won, {rate} lives lost per hand."),
        "marks": _("{ruleset}: {played} played, {won} won, {rate} marks lost per hand."),
        "minus_points": _("{ruleset}: {played} played, {won} won, {rate} minus points per hand."),
        "points": _("{ruleset}: {played} played, {won} won, {rate} points lost per hand."),
    }
    per_level = {
        "chips": _("{ruleset} against {level}: {played} played, {won} won, {rate} chips lost per hand."),
        "lives": _("{ruleset} against {level}: {played} played, {won} won, {rate} lives lost per hand."),
        "marks": _("{ruleset} against {level}: {played} played, {won} won, {rate} marks lost per hand."),
        "minus_points": _("{ruleset} against {level}: {played} played, {won} won, {rate} minus points per hand."),
        "points": _("{ruleset} against {level}: {played} played, {won} won, {rate} points lost per hand."),
    }
    overall = result.overall
    if not overall.played:
        return [_("No finished match yet. Statistics begin with your first finished match.")]
    lines = [_("Matches: {played} played, {won} won.").format(played=overall.played, won=overall.won)]
    for name in sorted(result.by_ruleset):
        totals = result.by_ruleset[name]
        title, counter = _ruleset_words(name)
        lines.append(per_ruleset[counter].format(
            ruleset=title, played=totals.played, won=totals.won, rate=_decimal(totals.lost_per_hand)))
        if totals.swims:  # S9
            lines.append(ngettext("{ruleset}: you swam {swims} time; went under: {under}.",
                                  "{ruleset}: you swam {swims} times; went under: {under}.", totals.swims).format(
                ruleset=title, swims=totals.swims, under=totals.went_under))
        if totals.paid or totals.received:  # X3, X5
            lines.append(ngettext("{ruleset}: {paid} chip paid for trades; received as dealer: {received}.",
                                  "{ruleset}: {paid} chips paid for trades; received as dealer: {received}.",
                                  totals.paid).format(ruleset=title, paid=totals.paid, received=totals.received))
    for (name, level) in sorted(result.by_level):
        if sum(1 for n, _level in result.by_level if n == name) < 2:
            continue  # one level only: the ruleset's line says it all
        totals = result.by_level[(name, level)]
        title, counter = _ruleset_words(name)
        lines.append(per_level[counter].format(
            ruleset=title, level=_("mixed") if level == "mixed" else clean(level, 20),
            played=totals.played, won=totals.won, rate=_decimal(totals.lost_per_hand)))
    return lines


def _ruleset_words(name: str) -> tuple[str, str]:
    """A ruleset's title and what it counts, for a statistics line; a ruleset this version does not know (a newer
    version counted it) is named as the file names it, cleaned, and its losses counted in points."""
    from .narration.narrator import ruleset_title
    from .rules import RULESETS, ruleset

    if name in RULESETS:
        return ruleset_title(ruleset(name)), ruleset(name).counter
    return clean(name, 30) or "?", "points"
