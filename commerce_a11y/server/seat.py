"""A person at a table, as the table talks to them: the local game's ``Game`` for one seat, minus its loop.

``Game`` holds everything one listener needs (the narrator, the events told so far, the held passes, the cards as
last heard, the review commands, the question and the help); the local game drives it from a terminal loop, the
table drives it from the network. So a seat here *is* a ``Game`` whose terminal is the player's connection and
whose loop is the table's: no second narrator, parser or review. A spectator is the same with no seat of its own
(``seat`` -1): ``visible_to(-1)`` hides every hand, and nothing asks it a question.

Everything said to a listener is said inside ``speaking(listener.lang)``: the narration, the parser's words and the
review commands all speak that listener's language, whatever the others at the table speak.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..console.game import Game
from ..console.speech import SilentSpeech
from ..i18n import _, speaking
from ..narration.narrator import CardStyle, Narrator, Verbosity
from ..rules import Event, Match, MatchStarted

if TYPE_CHECKING:
    from .roles import Person as Session


class SeatTerminal:
    """What ``Game`` says goes to the listener's connection, or nowhere while they are away. Nothing is asked
    through it (the table asks), and a connection is never "interactive" in the local game's sense: nothing is
    offered that a script could not expect."""

    interactive = False

    def __init__(self) -> None:
        self.session: Session | None = None
        self.speech = SilentSpeech()

    def say(self, lines: Iterable[str], interrupt: bool = False) -> None:
        if self.session is not None:
            self.session.say(list(lines))

    def notice(self, text: str) -> None:
        self.say([text])


def narrator_for(match: Match, seat: int, lang: str, verbosity: str, cards: str) -> Narrator:
    """A narrator for ``seat`` (-1: a spectator), the listener called "You" in their own language."""
    with speaking(lang):
        names = [_("You") if s == seat else p.name for s, p in enumerate(match.players)]
    return Narrator(match.rules, names, seat, Verbosity(verbosity), CardStyle(cards))


@dataclass
class Listener(Game):
    """One seat's (or one spectator's) hearing of a table's match."""

    lang: str = "en"
    account: str | None = None
    mark: int = 0
    """How many events the listener had heard when they went away (what they missed is told on return)."""
    reader: object | None = None
    """The rules reader while the listener reads the rules (``console.reader.Reader``)."""
    restored: bool = False
    """The table came back after a restart: the listener's return is told as a resumed match is."""

    @classmethod
    def create(cls, match: Match, seat: int, lang: str, verbosity: str, cards: str,
               account: str | None = None) -> Listener:
        terminal = SeatTerminal()
        listener = cls(match, seat, {}, narrator_for(match, seat, lang, verbosity, cards), terminal,  # type: ignore[arg-type]
                       lambda lines: True, lang=lang, account=account)
        return listener

    @property
    def spectator(self) -> bool:
        return self.seat < 0

    @property
    def session(self) -> Session | None:
        return self.terminal.session  # type: ignore[attr-defined]  # a Terminal of the server has a session

    def attach(self, session: Session | None) -> None:
        self.terminal.session = session  # type: ignore[attr-defined]
        if session is not None:
            self.settle(session.lang, session.verbosity, session.cards)

    def settle(self, lang: str, verbosity: str, cards: str) -> None:
        """Speak with the listener's current settings (they may change them in the lobby or at the table)."""
        if lang != self.lang:
            self.lang = lang
            self.narrator = narrator_for(self.match, self.seat, lang, verbosity, cards)
        self.narrator.verbosity = Verbosity(verbosity)
        self.narrator.card_style = CardStyle(cards)

    def hear(self, events: Sequence[Event]) -> None:
        """The events as this listener may know them (a spectator never hears the match line's "you")."""
        if self.spectator:
            events = [e for e in events if not isinstance(e, MatchStarted)]
        with speaking(self.lang):
            self.tell(events)

    def missed(self) -> list[str]:
        """What happened since the listener went away (``mark``), told as ``Game.resume`` tells a resumed match: at
        most ``RESUME_LINES`` lines, else the current hand from its deal."""
        with speaking(self.lang):
            _since, told = self.catch_up(self.mark)
            return [_("Since you left:"), *told] if told else []
