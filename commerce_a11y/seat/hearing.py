"""What one seat has heard of a match, and the lines it hears next: events in, lines out.

A seat is told the events as it may know them (``visible_to``), in its own narrator's words, and nothing twice: the
cards and the widow only where they changed since it last heard them (``told``), a run of other players' passes
as one line (the passes at the end are held back until something else happens), an offer to the seat not as an
event when the lines before its question say it (``status``). Both front ends hold one ``Hearing`` per seat (the
console's game for its player, the table server for each person and spectator) and say what it returns; it never
writes anywhere itself, so it is tested with events and lines alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from ..i18n import _, ngettext
from ..narration.asking import stale, status_lines
from ..narration.narrator import Narrator, ruleset_title
from ..narration.results import standings
from ..narration.voice import Verbosity
from ..rules import (
    Dealt,
    Eliminated,
    Event,
    ExchangedAll,
    Kept,
    Match,
    MatchEnded,
    Move,
    Offered,
    Passed,
    Phase,
    Refreshed,
    SeatView,
    Settled,
    Showdown,
    Swapped,
    Swimming,
)
from .coach import NULL_COACH, Coach

RESUME_LINES = 30
"""At most this many lines tell a returning player what happened since their last turn; more, and only the current
hand is told from its deal."""
MISSED_HANDS = 5
"""A person back at a table hears at most this many of the hands that ended while they were away, each by its
outcome alone; the older ones are counted in one line."""
OUTCOME = (Showdown, Settled, Swimming, Eliminated)
"""The events that tell how a hand ended: all a returning person hears of a hand that ended while they were away."""

Told = tuple[tuple[int, ...], tuple[int, ...]]
"""The hand and the widow as the seat last heard them."""


class Skip(StrEnum):
    """What a player may choose, once a match, to stop following: the rest of the match after they are out (then
    only its result is told), or the others' swaps after their pass in Braillespiel (until the showdown)."""

    OUT = "out"
    PASSED = "passed"

    def question(self) -> str:
        if self is Skip.OUT:
            return _("Follow the rest? Yes or no? ")
        return _("Follow the others? Yes or no? ")

    @property
    def unanswered(self) -> bool | None:
        """The answer an empty line or a script (never asked) gives: out of the match, "no", the result only, since
        nothing the player could do is left and the one thing they wait for is who wins (every move stays in the
        record, for ``commerce replay``); after a pass, None: an empty line asks again, and a script follows on.
        The end of input saves and leaves here as at every question (``console.game``)."""
        return False if self is Skip.OUT else None


@dataclass
class Hearing:
    """One seat's (or, seat -1, one spectator's) hearing of a match."""

    match: Match
    seat: int
    narrator: Narrator
    coach: Coach = NULL_COACH
    """The tutorial's coach, or nobody (``NULL_COACH``): what it adds to the telling and to the answers."""
    seen: list[Event] = field(default_factory=list)
    """Every event told so far, as the seat saw it."""
    since_my_turn: int = 0
    """Where in ``seen`` the seat's last move is (``turn`` tells from there)."""
    told: Told = ((), ())
    held: list[Event] = field(default_factory=list)
    """Other players' passes not told yet (``tell``)."""
    skip: dict[Skip, bool] = field(default_factory=dict)
    """The player's answers to "follow the rest?"; True skips."""
    hiding: bool = False
    """The others' swaps after the player's pass are not told (``skip[Skip.PASSED]``) until the showdown."""
    unheard: int = 0
    """The hands dealt since the player chose to hear only the result (``skip[Skip.OUT]``)."""
    last_batch: list[str] = field(default_factory=list)
    """The lines said last (``repeat`` says them again)."""

    def keep(self, lines: Sequence[str]) -> None:
        """The front end said ``lines``: they are what ``repeat`` says next."""
        if lines:
            self.last_batch = list(lines)

    # ----- events -----

    def tell(self, events: Sequence[Event]) -> list[str]:
        """The lines for events just happened; the seat's own move among them marks its last turn."""
        visible = self.coach.visible([e.visible_to(self.seat) for e in events])
        if visible and isinstance(visible[0], Move) and visible[0].player == self.seat:
            self.since_my_turn = len(self.seen)
        self.seen += visible
        self.heard(visible)
        coached = self.coach.tells(visible, self.match, self.seat)
        return self.narrate(visible) if coached is None else coached

    def narrate(self, visible: Sequence[Event]) -> list[str]:
        """The ordinary telling (unless the coach tells them): the held passes first, the passes at the end held
        back until something else happens, so that a run of them is one line."""
        told, self.held = self.held + self.unasked(visible), []
        if not self.match.over:
            keep = len(told)
            while keep and _others_pass(told[keep - 1], self.seat):
                keep -= 1
            told, self.held = told[:keep], told[keep:]
        return self.narrated(told)

    def release(self) -> list[str]:
        """The passes held back by ``tell``: said before the seat is asked anything, or leaves."""
        held, self.held = self.held, []
        return self.narrated(held) if held else []

    def unasked(self, events: Sequence[Event]) -> list[Event]:
        """``events`` without the offer said before the next question (``asked_next``)."""
        return [e for e in events if not self.asked_next(e)]

    def asked_next(self, event: Event) -> bool:
        """X4: an offer to the player that the lines before its question say ("Ben offers you ...", ``status``):
        said once, there. History and replay tell it as an event, and so does anything told once the offer is
        answered."""
        match = self.match
        return (isinstance(event, Offered) and event.to == self.seat and match.phase is Phase.ANSWER
                and match.to_act == self.seat and match.offer is not None and match.offer.player == event.player)

    def heard(self, events: Sequence[Event]) -> None:
        """What the lines for ``events`` say in full counts as heard (``told``): the deal's cards and widow, an
        exchange's new widow (and, one's own, the new hand: the widow just heard)."""
        for event in events:
            if isinstance(event, Dealt) and self.seat in event.hands:
                self.told = (tuple(event.hands[self.seat]), tuple(event.widow))
            elif isinstance(event, ExchangedAll):
                hand = tuple(event.took) if event.player == self.seat else self.told[0]
                self.told = (hand, tuple(event.gave))
            elif isinstance(event, Kept) and event.turned_up:  # S2: the widow turned face up is said with the keep
                self.told = (self.told[0], tuple(event.turned_up))
            elif isinstance(event, Refreshed):  # S5: so is a fresh widow
                self.told = (self.told[0], tuple(event.widow))
            elif isinstance(event, Swapped) and event.player == self.seat and self.narrator.brief:
                self.told = _swapped(self.told, event)

    def narrated(self, events: Sequence[Event]) -> list[str]:
        """The lines for events as the player chose to follow them (``skip``): everything; or, out of the match,
        only the result, after a line saying how many hands the others played meanwhile; or, after a pass in
        Braillespiel, nothing more of the hand until its showdown."""
        if self.skip.get(Skip.OUT):
            lines = []
            for event in events:
                if isinstance(event, Dealt):
                    self.unheard += 1
                elif isinstance(event, MatchEnded):
                    if self.unheard:
                        lines.append(self.narrator.played_on(self.unheard))
                    lines += self.narrator.event(event)
            return lines
        shown = []
        for event in events:
            if self.hiding and not isinstance(event, Showdown):
                continue
            self.hiding = False
            shown.append(event)
            if isinstance(event, Passed) and event.player == self.seat and self.skip.get(Skip.PASSED):
                self.hiding = True
        return self.narrator.events(shown)

    # ----- follow the rest? -----

    def skip_point(self, events: Sequence[Event]) -> tuple[Skip, int] | None:
        """Whether the events make the seat someone who may stop following (out of the match, or passed in
        Braillespiel while others swap on), not asked before this match: the question to ask, once, and how many
        of ``events`` come before it (it is asked right after the event that makes it, before anything the choice
        is about)."""
        if not self.coach.offers_skip or self.match.over:
            return None
        out = next((i for i, e in enumerate(events) if isinstance(e, Eliminated) and e.player == self.seat), None)
        passed = next((i for i, e in enumerate(events) if isinstance(e, Passed) and e.player == self.seat), None)
        if out is not None and Skip.OUT not in self.skip:
            after = next((i for i in range(out + 1, len(events)) if not isinstance(events[i], Eliminated)),
                         len(events))  # everyone out in the same showdown is told before the question
            return Skip.OUT, after
        if (passed is not None and self.match.rules.pass_is_final and Skip.PASSED not in self.skip
                and self.seat in self.match.passed and self.match.phase is not Phase.OVER):
            return Skip.PASSED, passed + 1
        return None

    def follow(self, skip: Skip, answer: bool | None) -> list[str]:
        """The player's answer to ``skip``'s question (None: no answer, ``skip.unanswered``): what is said to it."""
        follows = answer if answer is not None else skip.unanswered is not False
        self.skip[skip] = not follows
        if follows:
            return []
        if skip is Skip.OUT:
            self.unheard = 0
            return [_("You will hear only the result.")]
        self.hiding = True
        return [_("You will hear only the showdown.")]

    # ----- asking -----

    def status(self, view: SeatView) -> list[str]:
        """Before a decision's question: an offer to the seat, and the cards and the widow where they changed since
        the seat last heard them (``asking.stale``); what is said counts as heard from then on."""
        lines = status_lines(self.narrator, view, self.told)
        hand, widow = stale(self.narrator, view, self.told)
        self.told = (tuple(view.hand) if hand else self.told[0], tuple(view.widow) if widow else self.told[1])
        return lines

    # ----- coming back -----

    def catch_up(self, start: int) -> tuple[list[Event], list[str]]:
        """What happened from the seen event ``start`` on, and its lines, for a player coming back (a resumed
        match, a table rejoined): at most ``RESUME_LINES`` lines; when many hands went by (the player was out, or
        away long) the current hand from its deal."""
        since = self.seen[start:]
        told = self.narrator.events(self.unasked(since))
        if len(told) > RESUME_LINES:
            deals = [i for i, e in enumerate(self.seen) if isinstance(e, Dealt)]
            if not deals:
                return since, told[-RESUME_LINES:]
            since = self.seen[deals[-1]:]
            told = self.narrator.events(self.unasked(since))
        return since, told

    def resume(self) -> list[str]:
        """A saved match goes on (the console's resume, a table back after a restart): where it stands (hand,
        counts) and what happened since the seat's last turn. Nothing of it counts as heard but what is said."""
        self.seen = [e.visible_to(self.seat) for e in self.match.events]
        acted = [i for i, e in enumerate(self.seen) if isinstance(e, Move) and e.player == self.seat]
        self.since_my_turn = acted[-1] + 1 if acted else 0
        view = self.match.view(self.seat)
        self.told = ((), ())  # not heard in this session: the next question is preceded by the cards
        lines = [_("Your saved match goes on: {ruleset}, hand {number}.").format(
            ruleset=ruleset_title(self.match.rules), number=view.hand_no),
            standings(self.narrator, dict(enumerate(view.counts)))]
        since, told = self.catch_up(self.since_my_turn)
        if told:
            lines += [_("Since your last turn:"), *told]
            self.heard(since)
        return lines

    def missed(self, mark: int) -> list[str]:
        """What happened since the seat went away with ``mark`` events heard, for a person back at a table (issue
        26): each hand that ended meanwhile by its outcome alone, in brief words whatever the person's verbosity
        ("Hand 4.", "Cem loses a chip, 2 left."), the last ``MISSED_HANDS`` of them, and then everyone's counts;
        after those the hand being played, as ``catch_up`` tells it, where the moves a computer player made for the
        seat are said as such ("The computer played for you: You pass.")."""
        since = self.seen[mark:]
        deals = [i for i, e in enumerate(since) if isinstance(e, Dealt)]
        lines = []
        if deals:
            left_in = next((e.hand for e in reversed(self.seen[:mark]) if isinstance(e, Dealt)), 0)
            bounds = [0, *deals]
            numbers = [left_in, *(e.hand for e in since if isinstance(e, Dealt))]
            brief = replace(self.narrator, verbosity=Verbosity.BRIEF)
            hands = [(number, brief.events([e for e in since[start:end] if isinstance(e, OUTCOME)]))
                     for number, start, end in zip(numbers, bounds, bounds[1:], strict=False)]
            hands = [(number, outcome) for number, outcome in hands if outcome]
            older = len(hands) - MISSED_HANDS
            if older > 0:
                lines.append(ngettext("{count} hand ended before these.", "{count} hands ended before these.",
                                      older).format(count=older))
            for number, outcome in hands[-MISSED_HANDS:]:
                lines += [_("Hand {number}.").format(number=number), *outcome]
            if hands:
                lines.append(standings(self.narrator, dict(enumerate(self.match.view(self.seat).counts))))
            since = since[deals[-1]:]
        lines += self.for_you(since)[-RESUME_LINES:]
        return [_("Since you left:"), *lines] if lines else []

    def for_you(self, events: Sequence[Event]) -> list[str]:
        """The lines for ``events`` that happened while the seat's person was away: the seat's own moves, which a
        computer player made for them, said as such."""
        lines: list[str] = []
        run: list[Event] = []
        for event in [*self.unasked(events), None]:
            if event is not None and not (isinstance(event, Move) and event.player == self.seat):
                run.append(event)
                continue
            lines += self.narrator.events(run)
            run = []
            if event is not None:
                lines += [_("The computer played for you: {move}").format(move=line)
                          for line in self.narrator.event(event)]
        return lines


def _others_pass(event: Event, seat: int) -> bool:
    """Whether an event is another seat's pass (a run of them is told as one line)."""
    return isinstance(event, Passed) and event.player != seat


def _swapped(told: Told, swap: Swapped) -> Told:
    """``told`` with the seat's own swap made: brief speech counts its own swap as heard, the one change a player
    is sure to keep in mind (``asking.stale``)."""
    hand, widow = told
    hand = tuple(swap.took[swap.gave.index(c)] if c in swap.gave else c for c in hand)
    widow = tuple(swap.gave[swap.took.index(c)] if c in swap.took else c for c in widow)
    return hand, widow
