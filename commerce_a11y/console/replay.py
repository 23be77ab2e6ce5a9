"""``commerce replay``: a match record told again, in the player's language, from one seat, step by step.

A step is what a player at the table hears at once: one action and all that follows from it up to the next
decision (the first step is the draw for the first dealer and the first deal). Each step keeps the seat's view at
its end, so the review commands answer as they would have at that moment in the match. The record is replayed
through the rules first (``rules.replay``), so a broken record is refused before anything is said.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..cleaning import clean
from ..i18n import _, active_language
from ..narration.narrator import Narrator, ruleset_title
from ..rules import Dealt, Event, Match, Move, SeatView, Waived, replay
from ..seat.handler import REPLAY, Act, Quit, handle
from ..seat.hearing import Hearing
from ..seat.parser import Invalid, Review, ReviewCommand, normalize, replay_vocabulary, replay_words, review_command
from ..seat.prompts import command_word, settings_lines
from .speaker import Speaker, forget
from .terminal import INTERRUPTED, Terminal


@dataclass(frozen=True)
class Step:
    start: int
    end: int
    """The events ``start`` to ``end`` (not included) of the match."""
    view: SeatView
    """The seat's view once these events happened."""


def replay_steps(lines: Sequence[str], seat: Callable[[Match], int]) -> tuple[Match, int, list[Step]]:
    """The replayed match, the seat chosen by ``seat(match)``, and its steps; ``RecordError`` for a broken record."""
    chosen: list[int] = []
    ends: list[tuple[int, SeatView]] = []

    def observe(match: Match) -> None:
        if not chosen:
            chosen.append(seat(match))
        if ends and all(isinstance(e, Waived) for e in match.events[ends[-1][0]:]):
            # A decline says nothing (C3, H4, T2): it joins the step before it, which keeps its view, so that no
            # step is silent and the steps are what they were before declines had events of their own.
            ends[-1] = (len(match.events), ends[-1][1])
        elif not ends or ends[-1][0] != len(match.events):
            ends.append((len(match.events), match.view(chosen[0])))

    match = replay(lines, observe)
    steps = []
    start = 0
    for end, view in ends:
        steps.append(Step(start, end, view))
        start = end
    return match, chosen[0], steps


def only_person(match: Match) -> int | None:
    """The human seat if the record names exactly one (a match against computer players): the listener's own."""
    humans = [s for s, p in enumerate(match.players) if p.kind.is_human]
    return humans[0] if len(humans) == 1 else None


def default_seat(match: Match, kept: int | None = None) -> int:
    """The seat a replay begins at: the one its keeper played from (``records.kept_seat``, a record ``commerce join``
    kept from a table), else the only human seat, else the first."""
    if kept is not None and kept < len(match.players):
        return kept
    only = only_person(match)
    return 0 if only is None else only


@dataclass(frozen=True)
class Navigate:
    """A replay's own command: ``next``, ``previous`` or ``goto`` (a hand's number in ``argument``)."""

    command: str
    argument: str = ""


@dataclass
class Replay:
    """A replayed match, told step by step to a listener in one seat: the terminal's loop around that seat, whose
    review commands answer as they would have at that moment in the match."""

    match: Match
    seat: int
    steps: list[Step]
    narrator: Narrator
    terminal: Terminal
    remember: Callable[[dict[str, str]], object] = forget
    own: int | None = None
    """The listener's own seat where the record says it (its keeper's), else the only human seat: "your seat"."""
    at: int = -1
    """The last step told (-1 before the first)."""
    speaker: Speaker = field(init=False)

    def __post_init__(self) -> None:
        self.speaker = Speaker(Hearing(self.match, self.seat, self.narrator), self.terminal, self.remember)

    @property
    def hearing(self) -> Hearing:
        return self.speaker.hearing

    def say(self, lines: Sequence[str]) -> None:
        self.speaker.say(lines)

    # ----- telling -----

    def heading(self) -> list[str]:
        player = self.match.players[self.seat]
        own = self.own if self.own is not None else only_person(self.match)
        if self.seat == own:
            return [_("Replay of {ruleset}, {hands} hands, from your seat.").format(
                ruleset=ruleset_title(self.match.rules), hands=self.match.hand_no)]
        return [_("Replay of {ruleset}, {hands} hands, from the seat of {name}.").format(
            ruleset=ruleset_title(self.match.rules), hands=self.match.hand_no, name=player.name)]

    def visible(self, start: int, end: int) -> list[Event]:
        return [e.visible_to(self.seat) for e in self.match.events[start:end]]

    def step_lines(self, index: int, start: int | None = None) -> list[str]:
        step = self.steps[index]
        return self.narrator.events(self.visible(step.start if start is None else start, step.end))

    def whole(self) -> list[str]:
        """Every step's lines, for a listener who is not at a terminal."""
        return [*self.heading(), *(line for i in range(len(self.steps)) for line in self.step_lines(i)),
                _("End of the record.")]

    def go(self, index: int, start: int | None = None) -> None:
        """Tell step ``index`` (from event ``start`` if given) and stand there."""
        self.at = index
        step = self.steps[index]
        self.hearing.seen = self.visible(0, step.end)
        acted = [s.end for s in self.steps[:index + 1] if self._acted(s)]
        self.hearing.since_my_turn = acted[-1] if acted else 0
        self.say(self.step_lines(index, start) or [_("Nothing to tell here at this verbosity.")])

    def _acted(self, step: Step) -> bool:
        first = self.match.events[step.start] if step.start < len(self.match.events) else None
        return isinstance(first, Move) and first.player == self.seat

    def deal_index(self, number: int) -> tuple[int, int] | None:
        """The step holding the deal of hand ``number`` and the deal's event index."""
        for index, step in enumerate(self.steps):
            for k in range(step.start, step.end):
                event = self.match.events[k]
                if isinstance(event, Dealt) and event.hand == number:
                    return index, k
        return None

    def current_hand(self) -> int:
        step = self.steps[max(self.at, 0)]
        return max([e.hand for e in self.match.events[:step.end] if isinstance(e, Dealt)], default=1)

    def go_to_hand(self, number: int) -> None:
        found = self.deal_index(number)
        if found is None:
            self.say([_("Choose a hand from 1 to {last}.").format(last=self.match.hand_no)])
            return
        self.go(found[0], start=found[1])

    # ----- asking -----

    def run(self) -> int:
        """Step through the record as the listener asks; 0 when they leave or input ends."""
        self.say([*self.heading(), _("Press Enter for the next step. Type help for the commands.")])
        self.go(0)
        interrupted = False
        while True:
            line = self.terminal.ask(_("Replay, hand {number}: ").format(number=self.current_hand()))
            if line is None:
                return 0
            if line == INTERRUPTED:
                if interrupted:
                    return 0
                interrupted = True
                continue
            interrupted = False
            parsed = self.parse(line)
            if isinstance(parsed, Navigate):
                self.navigate(parsed)
                continue
            if isinstance(parsed, Review) and parsed.command is ReviewCommand.HELP:
                self.say(self.help_lines())
                continue
            view = self.steps[self.at].view
            outcome = handle(self.hearing, parsed, view, REPLAY)
            if isinstance(outcome, Quit):
                return 0
            assert not isinstance(outcome, Act)  # a replay's parse makes no action
            self.speaker.answer(outcome, view)  # input that ends inside the rules ends at the next question

    def parse(self, line: str) -> Navigate | Review | Invalid:
        text = clean(line)
        if not text:
            return Navigate("next")
        tokens = text.split()
        first = normalize(tokens[0])
        if first.isdecimal():
            return Navigate("goto", first)
        command = replay_vocabulary(active_language()).get(first)
        if command is None:
            return Invalid(_("I do not know {word}. Type help for the commands.").format(word=tokens[0][:20]))
        if command in ("next", "previous", "goto"):
            return Navigate(command, " ".join(tokens[1:]))
        review = review_command(command)
        if review is not None:
            return Review(review, " ".join(tokens[1:]))
        return Invalid(_("This is a replay: nothing can be played. Type help for the commands."))

    def navigate(self, parsed: Navigate) -> None:
        name = parsed.command
        if name == "next":
            if self.at + 1 < len(self.steps):
                self.go(self.at + 1)
            else:
                self.say([_("End of the record.")])
        elif name == "previous":
            self.go_to_hand(max(1, self.current_hand() - 1))
        elif name == "goto":
            number = "".join(ch for ch in parsed.argument if ch.isdecimal())  # "goto 5", German "gehe zu 5"
            if number:
                self.go_to_hand(int(number))
            else:
                self.say([_("Choose a hand from 1 to {last}.").format(last=self.match.hand_no)])

    def help_lines(self) -> list[str]:
        lang = active_language()
        words = replay_words(lang)
        return [
            _("Replay: Enter or {next} for the next step, {previous} for the hand before, {goto} and a number "
              "for that hand.").format(next=command_word(lang, "next", words),
                                       previous=command_word(lang, "previous", words),
                                       goto=command_word(lang, "goto", words)),
            _("Any time: {commands}.").format(commands=", ".join(
                command_word(lang, c) for c in ("hand", "widow", "value", "show", "history", "chips", "turn", "repeat",
                                                "rules"))),
            *settings_lines(lang),
        ]
