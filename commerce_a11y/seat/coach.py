"""The policy a seat's telling and answering follow: a coach (the tutorial's) or nobody.

The tutorial is an ordinary match whose seat has a coach: it comments on events as they are told, says a step
before each answer, refuses a move that does not fit the step, and ends the game after its one hand. Everything
else (and the whole of an ordinary match, at the terminal or at a table) goes by ``NULL_COACH``, which adds
nothing, so the loops that play a match never ask whether a coach is there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..i18n import _
from ..invocation import command_line
from ..rules import Event, Match, SeatView
from .parser import Parsed


class Coach(Protocol):
    offers_skip: bool
    """Whether the player may be asked to stop following the match (out of it, or passed in Braillespiel)."""

    @property
    def finished(self) -> bool:
        """The coached game is over (before the match is)."""

    def visible(self, events: list[Event]) -> list[Event]:
        """The events the seat is told, of those it may know."""

    def tells(self, events: Sequence[Event], match: Match, seat: int) -> list[str] | None:
        """The lines for events told, or None: told the ordinary way (``Hearing.narrate``)."""

    def instruction(self, view: SeatView) -> list[str]:
        """What is said before the question, at the start of a turn and after each answer."""

    def refuse(self, parsed: Parsed, view: SeatView) -> str | None:
        """One sentence refusing the typed line; None lets the seat answer it."""

    def done(self, parsed: Parsed, view: SeatView) -> None:
        """The seat answered ``parsed`` (a review command said, an action applied)."""

    def leave_question(self) -> str:
        """The question before the player leaves the game."""

    def goodbye(self, saved: bool) -> list[str]:
        """What is said as the player leaves (``saved``: the match's last save was written)."""


class NullCoach:
    """An ordinary game: nothing added, nothing refused."""

    offers_skip = True
    finished = False

    def visible(self, events: list[Event]) -> list[Event]:
        return events

    def tells(self, events: Sequence[Event], match: Match, seat: int) -> list[str] | None:
        return None

    def instruction(self, view: SeatView) -> list[str]:
        return []

    def refuse(self, parsed: Parsed, view: SeatView) -> str | None:
        return None

    def done(self, parsed: Parsed, view: SeatView) -> None:
        pass

    def leave_question(self) -> str:
        # A short question, one braille line in every language: saving is what leaving does.
        return _("Save and leave? Yes or no? ")

    def goodbye(self, saved: bool) -> list[str]:
        if saved:
            return [_("Your match is saved. To go on, type: {command}").format(command=command_line("resume"))]
        return [_("Goodbye. This match could not be saved.")]


NULL_COACH: Coach = NullCoach()
