"""A person at a table, as the table talks to them: the network adapter around their seat's ``Hearing``.

The seat layer (``commerce_a11y.seat``) holds what one listener has heard and what they hear next, and answers
what they type; a ``Listener`` adds only what the network needs: the connection it says lines to (none while the
person is away), the language it speaks, where the person was when they went away, and the rules reader while they
read. A spectator is the same with no seat of its own (seat -1): ``visible_to(-1)`` hides every hand, and nothing
asks it a question.

Everything said to a listener is said inside ``speaking(listener.lang)``: the narration, the parser's words and the
review commands all speak that listener's language, whatever the others at the table speak.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..i18n import _, speaking
from ..narration.narrator import Narrator
from ..narration.voice import CardStyle, Verbosity
from ..rules import Event, Match, MatchStarted
from ..seat.hearing import Hearing
from ..seat.reader import Reader


class Person(Protocol):
    """What a listener needs of a person's session: their settings, and their connection to say lines to."""

    lang: str
    verbosity: str
    cards: str

    def say(self, lines: list[str]) -> None: ...


def narrator_for(match: Match, seat: int, lang: str, verbosity: str, cards: str) -> Narrator:
    """A narrator for ``seat`` (-1: a spectator), the listener called "You" in their own language."""
    with speaking(lang):
        names = [_("You") if s == seat else p.name for s, p in enumerate(match.players)]
    return Narrator(match.rules, names, seat, Verbosity(verbosity), CardStyle(cards))


@dataclass
class Listener:
    """One seat's (or one spectator's) hearing of a table's match, over the network."""

    hearing: Hearing
    lang: str = "en"
    account: str | None = None
    session: Person | None = None
    """The person's connection while they are here."""
    mark: int = 0
    """How many events the listener had heard when they went away (what they missed is told on return)."""
    reader: Reader | None = None
    """The rules reader while the listener reads the rules."""
    restored: bool = False
    """The table came back after a restart: the listener's return is told as a resumed match is."""

    @classmethod
    def create(cls, match: Match, seat: int, lang: str, verbosity: str, cards: str,
               account: str | None = None) -> Listener:
        return cls(Hearing(match, seat, narrator_for(match, seat, lang, verbosity, cards)), lang, account)

    @property
    def seat(self) -> int:
        return self.hearing.seat

    @property
    def narrator(self) -> Narrator:
        return self.hearing.narrator

    @property
    def spectator(self) -> bool:
        return self.seat < 0

    def attach(self, session: Person | None) -> None:
        self.session = session
        if session is not None:
            self.settle(session.lang, session.verbosity, session.cards)

    def settle(self, lang: str, verbosity: str, cards: str) -> None:
        """Speak with the listener's current settings (they may change them in the lobby or at the table)."""
        if lang != self.lang:
            self.lang = lang
            self.hearing.narrator = narrator_for(self.hearing.match, self.seat, lang, verbosity, cards)
        self.narrator.verbosity = Verbosity(verbosity)
        self.narrator.card_style = CardStyle(cards)

    def say(self, lines: Sequence[str], kept: bool = True) -> None:
        """Lines to the person, if they are here; ``kept`` ones are what ``repeat`` says next."""
        if kept:
            self.hearing.keep(lines)
        if self.session is not None:
            self.session.say(list(lines))

    def hear(self, events: Sequence[Event]) -> None:
        """The events as this listener may know them (a spectator never hears the match line's "you")."""
        if self.spectator:
            events = [e for e in events if not isinstance(e, MatchStarted)]
        with speaking(self.lang):
            lines = self.hearing.tell(events)
            if lines:
                self.say(lines)

    def release(self) -> bool:
        """Tell the passes held back, now that the table waits for a person; whether there were any (the status
        held back with them follows them)."""
        with speaking(self.lang):
            lines = self.hearing.release()
            if lines:
                self.say(lines)
        return bool(lines)

    def missed(self) -> list[str]:
        """What happened since the listener went away (``mark``): at most ``RESUME_LINES`` lines, else the current
        hand from its deal."""
        with speaking(self.lang):
            return self.hearing.missed(self.mark)
