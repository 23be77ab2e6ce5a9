"""A seat at the terminal: says what the seat's handler answers, and does at the terminal what it leaves to the
front end (the rules reader, a setting, a hint worked out in this process). Both the game and the replay speak
through one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..i18n import use_language
from ..narration.voice import CardStyle, Verbosity
from ..rules import SeatView
from ..seat.advice import hint_lines
from ..seat.handler import Hint, OpenRules, Say
from ..seat.hearing import Hearing
from ..seat.reader import Reader
from ..seat.settings import ChangeSetting, Setting
from .reading import drive
from .speech import open_speech
from .terminal import Terminal


def forget(settings: dict[str, str]) -> object:
    """Remembers no setting (a game whose settings are not kept)."""
    return None


@dataclass
class Speaker:
    hearing: Hearing
    terminal: Terminal
    remember: Callable[[dict[str, str]], object] = field(default=forget)
    """Stores a changed setting for the next game."""

    def say(self, lines: Sequence[str], interrupt: bool = False, kept: bool = True) -> None:
        """Say lines at the terminal; ``kept`` ones are what ``repeat`` says next."""
        self.terminal.say(lines, interrupt=interrupt)
        if kept:
            self.hearing.keep(lines)

    def answer(self, outcome: Say | OpenRules | ChangeSetting | Hint, view: SeatView) -> bool:
        """Do what the seat's handler answered; False when input ended inside the rules reader."""
        if isinstance(outcome, Say):
            self.say(outcome.lines, kept=outcome.kept)
        elif isinstance(outcome, OpenRules):
            reader = Reader.of(self.hearing.narrator.rules)
            self.terminal.say(reader.open(outcome.start))
            return drive(self.terminal, reader)
        elif isinstance(outcome, ChangeSetting):
            self.change(outcome)
        else:
            self.say(hint_lines(view, self.hearing.narrator))
        return True

    def change(self, change: ChangeSetting) -> None:
        """Apply a setting here (narrator, speech, language), remember it, and confirm it."""
        narrator = self.hearing.narrator
        if change.setting is Setting.VERBOSITY:
            narrator.verbosity = Verbosity(change.value)
        elif change.setting is Setting.CARDS:
            narrator.card_style = CardStyle(change.value)
        elif change.setting is Setting.SPEECH:
            self.terminal.speech.close()
            self.terminal.speech = open_speech(change.value == "on", self.terminal.notice)
        else:
            use_language(change.value)
        self.remember(change.stored)
        self.say([change.said()])
