"""One answer to what a seat typed, for both front ends: a parsed line and the seat's view in, an outcome out.

The handler decides what a line means and says everything that is only words; what needs the front end (applying
an action to the match, reading the rules, changing a setting where it is kept, leaving, working out a hint) it
returns as a small value for the front end to do: the console's game at its terminal, the table server from the
network, the replay between its steps.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cleaning import clean
from ..i18n import _, active_language
from ..narration.rules_book import rules_book
from ..rules import Action, SeatView
from .hearing import Hearing
from .parser import Invalid, Parsed, Play, ReviewCommand
from .prompts import help_lines
from .reader import find_section
from .review import READING, review_lines
from .settings import ChangeSetting, Setting, setting_change


@dataclass(frozen=True)
class Say:
    """Lines to say; ``kept`` False for lines that ``repeat`` does not say again (a repeat, the coach's refusal)."""

    lines: tuple[str, ...]
    kept: bool = True


@dataclass(frozen=True)
class Act:
    """An action to apply to the match (a refusal is told with ``prompts.refusal_line``)."""

    action: Action


@dataclass(frozen=True)
class OpenRules:
    """Open the rules reader of this match's rules, at section ``start`` (None: from the beginning)."""

    start: int | None


@dataclass(frozen=True)
class Quit:
    """The player asks to leave."""


@dataclass(frozen=True)
class Hint:
    """The player asks for a hint at their decision: ``advice.hint_lines`` of the view, worked out where the front
    end can afford the search (in process, or in a worker)."""


Outcome = Say | Act | OpenRules | ChangeSetting | Quit | Hint


@dataclass(frozen=True)
class Front:
    """What differs between the front ends, said once."""

    speech: bool = True
    """The game speaks itself (the console); else the player's own program does (the table server)."""
    live: bool = True
    """A match being played (a hint waits for the seat's turn); else a replay, where there is none to wait for."""


CONSOLE = Front()
TABLE = Front(speech=False)
REPLAY = Front(live=False)


def handle(hearing: Hearing, parsed: Parsed, view: SeatView, front: Front = CONSOLE) -> Outcome:
    """The outcome of one parsed line at this seat's view; the coach (if any) refuses or hears what was answered."""
    coach = hearing.coach
    refusal = coach.refuse(parsed, view)
    if refusal is not None:
        return Say((refusal,), kept=False)
    if isinstance(parsed, Invalid):
        return Say((parsed.message,))
    if isinstance(parsed, Play):
        return Act(parsed.action)
    command, argument = parsed.command, parsed.argument
    if command is ReviewCommand.RULES:
        return rules_outcome(hearing, argument)
    if command is ReviewCommand.QUIT:
        return Quit()
    outcome = answer(hearing, command, argument, view, front)
    coach.done(parsed, view)
    return outcome


def answer(hearing: Hearing, command: ReviewCommand, argument: str, view: SeatView, front: Front) -> Outcome:
    """A review command's outcome (but ``rules`` and ``quit``, which the coach does not count as answered)."""
    if command in READING:
        return Say(tuple(review_lines(hearing, command, argument, view)))
    if command is ReviewCommand.REPEAT:
        return Say(tuple(hearing.last_batch or [_("Nothing to repeat yet.")]), kept=False)
    if command is ReviewCommand.HINT:
        if view.legal:
            return Hint()
        return Say((_("A hint comes at your turn.") if front.live else
                    _("No hint here: you have nothing to decide."),))
    if command is ReviewCommand.HELP:
        return Say(tuple(help_lines(view)))
    change = setting_change(Setting(command.value), argument, front.speech)
    return Say((change,)) if isinstance(change, str) else change


def rules_outcome(hearing: Hearing, argument: str) -> OpenRules | Say:
    """The rules reader at the section named (by number, word or title), or the sentence that there is none."""
    if not argument.strip():
        return OpenRules(None)
    start = find_section(rules_book(hearing.narrator.rules), argument, active_language())
    if start is None:
        return Say((_("There is no section {name}. Type rules for all of them.").format(name=clean(argument)[:30]),))
    return OpenRules(start)
