"""The rules book's section 8: each option of the ruleset, its value in this match, its range and its default."""

from __future__ import annotations

from ..i18n import _
from ..invocation import command_line
from ..rules import RULESETS, CounterKind, Ruleset


def _on_off(value: bool, on: str, off: str) -> str:
    return on if value else off


def options(rules: Ruleset) -> list[str]:
    o = rules.options
    specs = {spec.name: spec for spec in RULESETS[rules.name].specs}
    lines: list[str] = []
    for key in specs:
        spec, value = specs[key], o[key]
        low, high, default = spec.low, spec.high, spec.default
        if key == "chips":
            template = (_("chips is {value}: the lives everyone starts with, from {low} to {high}. The default is "
                          "{default}.") if rules.counter is CounterKind.LIVES else
                        _("chips is {value}: the chips everyone starts with, from {low} to {high}. The default is "
                          "{default}."))
            lines.append(template.format(value=value, low=low, high=high, default=default))
        elif key == "swaps_per_turn":  # C3
            lines.append(_("swaps_per_turn is {value}: how many single swaps a turn may hold, from {low} to "
                           "{high}. The default is {default}, the traditional rule.").format(
                value=value, low=low, high=high, default=default))
        elif key == "ace_low":  # C8
            lines.append(_on_off(value, _("ace_low is on: ace, two, three of one suit is the lowest Sequence. The "
                                          "default is off."),
                                 _("ace_low is off, the default. When on, ace, two, three of one suit is the "
                                   "lowest Sequence.")))
        elif key == "pounce":  # C17
            lines.append(_on_off(value, _("pounce is on: with a Tricon you may take the fourth card of its rank "
                                          "from the widow. The default is off."),
                                 _("pounce is off, the default. When on, a player holding a Tricon may take the "
                                   "fourth card of its rank from the widow.")))
        elif key == "extended":  # C18
            lines.append(_on_off(value, _("extended is on: Extended Commerce, where only Tricon, Sequence and "
                                          "Flush count. The default is off."),
                                 _("extended is off, the default. When on, only Tricon, Sequence and Flush count, "
                                   "and one round of passes ends the swapping.")))
        elif key == "deck":
            lines.append({
                0: _("deck is automatic, the default: 32 cards for fewer than 9 players, 52 for 9 or more. It "
                     "can be set to 32 or 52."),
                32: _("deck is 32: seven up to ace, for at most 9 players. The default chooses by the number of "
                      "players."),
                52: _("deck is 52: all cards. The default chooses by the number of players."),
            }[value])
        elif key == "marks":
            lines.append(_("marks is {value}: the marks everyone starts with, from {low} to {high}. The default is "
                           "{default}.").format(value=value, low=low, high=high, default=default))
        elif key == "krikelkrakel":  # B9
            lines.append(_on_off(value, _("krikelkrakel is on: three ranks in a row in three different suits are "
                                          "a Krikelkrakel. The default is off."),
                                 _("krikelkrakel is off, the default. When on, three ranks in a row in three "
                                   "different suits are a Krikelkrakel, above a Sequence.")))
        elif key == "hands":  # B10
            lines.append(_("hands is 0, the default: no limit on the number of hands.") if not value else
                         _("hands is {value}: the match ends after this many hands at the latest, from 1 to "
                           "{high}. The default, 0, means no limit.").format(value=value, high=high))
        elif key == "limit":  # H7
            lines.append(_("limit is {value}: the minus points that end the match, from {low} to {high}. The "
                           "default is {default}.").format(value=value, low=low, high=high, default=default))
    example = "chips=5" if "chips" in specs else next(f"{k}={v}" for k, v in (("marks", 5), ("limit", 3))
                                                       if k in specs)
    lines.append(_("Options are set when a match starts, for example: {command}").format(
        command=command_line(f"play --rules {rules.name} --option {example}")))
    return lines
