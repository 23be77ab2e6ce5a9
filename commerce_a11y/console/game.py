"""The game loop at the terminal: computer players move, the seat is told, the player answers, the match is saved.

Everything the player hears comes from their seat in the seat layer: its ``Hearing`` tells the events as the seat
may know them, in its narrator's words, and its handler answers what the player types (review commands, refusals,
settings); the loop never reads another seat's hidden cards. After every action the match's record so far is
saved, so a crash or a closed window loses nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..bots import Bot
from ..i18n import _, active_language
from ..narration.narrator import Narrator
from ..rules import Event, IllegalAction, Match, SeatView, record_lines
from ..seat.coach import NULL_COACH, Coach
from ..seat.handler import CONSOLE, Act, Quit, handle
from ..seat.hearing import Hearing
from ..seat.parser import REVIEW_COMMANDS, Play, main_words, parse, shown_words
from ..seat.prompts import possible, question, refusal_line
from .signals import GUARD, Stopped, silence_output
from .speaker import Speaker, forget
from .terminal import INTERRUPTED, Terminal


def _nothing_failed(lines: list[str]) -> list[str]:
    return []


def answer_words(view: SeatView) -> list[str]:
    """The words that answer the question at ``view`` (what rich input completes): the moves possible now as the
    question names them, and the review commands."""
    lang = active_language()
    moves = shown_words(lang, view.rules.name)
    review = main_words(lang)
    return [*(word for command in possible(view) for word in moves[command].split()),
            *(review[command] for command in REVIEW_COMMANDS)]



class InputEnded(Exception):
    """The end of input at a question asked while events are told (``tell``), where no answer can be returned to
    the loop: the match is saved (the events are), and the game leaves as at any other question."""

@dataclass
class Game:
    """One match as one player plays it at the terminal: the terminal's loop around the player's seat."""

    match: Match
    seat: int
    bots: Mapping[int, Bot]
    narrator: Narrator
    terminal: Terminal
    save: Callable[[list[str]], bool]
    """Stores the record so far (the same list, grown, each time); returns False when it cannot (the player is told
    once)."""
    remember: Callable[[dict[str, str]], object] = forget
    """Stores a changed setting for the next game."""
    coach: Coach = NULL_COACH
    """The guided first hand's coach, when this game is the tutorial."""
    finish: Callable[[list[str]], list[str]] = _nothing_failed
    """Called once the match has ended and its end was told: keeps its record and counts it in the statistics;
    returns the sentences to say about what could not be done."""
    save_failed: bool = False
    record: list[str] = field(default_factory=list)
    """The match's record lines so far: each save serialises only the events since the one before."""
    speaker: Speaker = field(init=False)

    def __post_init__(self) -> None:
        self.speaker = Speaker(Hearing(self.match, self.seat, self.narrator, self.coach), self.terminal,
                               self.remember)

    @property
    def hearing(self) -> Hearing:
        """The player's seat: what it has heard, and what it hears next."""
        return self.speaker.hearing

    def say(self, lines: Sequence[str], interrupt: bool = False) -> None:
        self.speaker.say(lines, interrupt)

    # ----- the loop -----

    def run(self, resumed: bool = False) -> int:
        """Play to the match end or until the player leaves; the exit status (0 in both cases, 128 + the signal's
        number after SIGHUP or SIGTERM, which save and leave too). Each burst of lines reaches the terminal with
        the question after it (``Terminal.holding``)."""
        with self.terminal.holding():
            try:
                return self.play(resumed)
            except InputEnded:
                self.leave()
                return 0
            except Stopped as stop:
                with GUARD.deferred():
                    self.store()
                if stop.hangup:
                    silence_output()
                else:
                    with contextlib.suppress(OSError, ValueError):
                        self.leave_words()
                return stop.status

    def play(self, resumed: bool) -> int:
        if resumed:
            self.say(self.hearing.resume())
        else:
            with GUARD.deferred():
                self.store()  # saved before anything is said: a closed terminal cannot lose the match
            self.tell(self.match.events)
        while not self.match.over and not self.coach.finished:
            seat = self.match.to_act
            assert seat is not None
            try:
                if seat == self.seat:
                    if not self.players_turn():
                        return 0
                else:
                    action = self.bots[seat].choose(self.match.view(seat))
                    with GUARD.deferred():
                        events = self.match.apply(seat, action)
                        self.store()
                    self.tell(events)
            except KeyboardInterrupt:
                # Ctrl-C outside a question (a computer player thinking, a line being printed): nothing to
                # cancel, and the match is as saved (actions and their saves are never parted), so play goes on,
                # and the player hears what the key does here.
                self.say([_("Ctrl-C cancels only what you type."), _("To leave, type {quit} at your turn.").format(
                    quit=main_words(active_language())["quit"])])
                continue
        if self.match.over:
            with GUARD.deferred():
                failed = self.finish(self.record)
            if failed:
                self.say(failed)
        return 0

    def players_turn(self) -> bool:
        """Ask until the player acts (True) or leaves (False)."""
        self.tell_held()
        view = self.match.view(self.seat)
        # What the decision is made on (an offer, the cards and the widow: ``Hearing.status``); the first thing
        # said in a new turn cuts off stale speech.
        status = self.hearing.status(view)
        self.terminal.ring()  # the turn's sound, where the player asked for one: once a turn, before its lines
        if status:
            self.say(status, interrupt=True)
        fresh = not status
        interrupted = False
        instruct = True  # the coach's step is said at the start and after each answer
        while True:
            if instruct:
                self.instruct(view)
                instruct = False
            line = self.terminal.ask(question(self.narrator, view), interrupt=fresh, words=answer_words(view))
            fresh = False
            if line is None:
                self.leave()
                return False
            if line == INTERRUPTED:
                if interrupted and self.confirm(self.coach.leave_question()):
                    self.leave()
                    return False
                interrupted = True
                continue
            interrupted = False
            parsed = parse(line, view)
            if parsed is None:
                continue
            instruct = True
            outcome = handle(self.hearing, parsed, view, CONSOLE)
            if isinstance(outcome, Quit):
                if self.confirm(self.coach.leave_question()):
                    self.leave()
                    return False
            elif isinstance(outcome, Act):
                try:
                    with GUARD.deferred():
                        events = self.match.apply(self.seat, outcome.action)
                        self.store()
                except IllegalAction as refusal:
                    self.say([refusal_line(self.narrator, refusal, outcome.action, view)])
                    continue
                self.coach.done(Play(outcome.action), view)  # before the move is told: the coach's next step
                self.tell(events)
                return True
            elif not self.speaker.answer(outcome, view):
                self.leave()
                return False
            view = self.match.view(self.seat)

    def instruct(self, view: SeatView) -> None:
        """The coach's step, if any: not kept for ``repeat``, which says the game's own lines again."""
        lines = self.coach.instruction(view)
        if lines:
            self.speaker.say(lines, kept=False)

    def confirm(self, question: str) -> bool:
        """Whether the player wants to leave; the end of input (or Ctrl-C) at the question leaves too."""
        return self.terminal.yes_or_no(question) is not False

    def leave(self) -> None:
        with GUARD.leaving():
            self.store()
            self.tell_held()
            self.leave_words()

    def leave_words(self) -> None:
        self.say(self.coach.goodbye(not self.save_failed))

    # ----- telling -----

    def tell(self, events: Sequence[Event]) -> None:
        """Say the lines for ``events``. When they make the player out, or passed for good, the choice to stop
        following comes right after that event, before what it is about: asked once a match, and only at a terminal
        a person reads; a script is never asked and gets the question's default (``Skip.unanswered``): out of the
        match, the result only; after a pass, everything."""
        point = self.hearing.skip_point(events)
        skip, cut = point if point is not None else (None, len(events))
        lines = self.hearing.tell(events[:cut])
        if skip is not None:
            if lines:
                self.say(lines)
            answer = self.terminal.yes_or_no(skip.question(), skip.unanswered) if self.terminal.interactive else None
            if answer is None and self.terminal.input_ended:
                # Ctrl-D saves and leaves at every question, this one too: the rest is told on resuming.
                raise InputEnded
            lines = self.hearing.follow(skip, answer) + self.hearing.tell(events[cut:])
        if lines:
            self.say(lines)

    def tell_held(self) -> None:
        """Tell the passes held back: before the player is asked anything, or leaves."""
        lines = self.hearing.release()
        if lines:
            self.say(lines)

    def store(self) -> None:
        """Save the record so far; ``save_failed`` tells whether the latest save failed (saving may work again,
        after a full disk was freed), and the player hears when it begins to fail."""
        self.record += record_lines(self.match.events[len(self.record):])
        saved = self.save(self.record)
        if not saved and not self.save_failed:
            self.say([_("The match cannot be saved here; it goes on without saving.")])
        self.save_failed = not saved
