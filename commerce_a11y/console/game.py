"""The game loop: computer players move, the narrator tells, the player answers, the match is saved.

Everything the player hears is an event rendered by the narrator or an answer to a review command; the loop never
reads another seat's hidden cards (it narrates ``visible_to`` events and reads the player's ``SeatView``). After
every action the match's record so far is saved, so a crash or a closed window loses nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..bots import Bot
from ..cards import Card
from ..i18n import _, active_language
from ..narration.narrator import Narrator, ruleset_title
from ..rules import (
    Action,
    Dealt,
    Eliminated,
    Event,
    ExchangedAll,
    IllegalAction,
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
    Swap,
    record_lines,
)
from .parser import (
    ACTION_ORDER,
    REVIEW_COMMANDS,
    Invalid,
    Play,
    Review,
    command_for,
    main_words,
    parse,
    shown_words,
)
from .review import ReviewCommands, command_word
from .signals import GUARD, Stopped, silence_output
from .terminal import INTERRUPTED, Terminal
from .tutorial import Tutorial

USUAL = frozenset({"swap", "all", "offer", "pass", "knock", "in"})
"""The commands of an ordinary turn (swap one or all three, trade, offer, pass, knock), which a brief question
leaves unsaid: the others (a call, a pounce, done) it names."""
RESUME_LINES = 30
"""At most this many lines tell a resumed player what happened since their last turn; more, and only the current
hand is told from its deal."""


@dataclass
class Game(ReviewCommands):
    """One match as one player plays it at the terminal."""

    match: Match
    seat: int
    bots: Mapping[int, Bot]
    narrator: Narrator
    terminal: Terminal
    save: Callable[[list[str]], bool]
    """Stores the record so far (the same list, grown, each time); returns False when it cannot (the player is told
    once)."""
    remember: Callable[[dict[str, str]], object] = lambda settings: None
    """Stores a changed setting for the next game."""
    seen: list[Event] = field(default_factory=list)
    last_batch: list[str] = field(default_factory=list)
    since_my_turn: int = 0
    save_failed: bool = False
    told: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """The hand and widow as the player last heard them."""
    coach: Tutorial | None = None
    """The guided first hand, when this game is the tutorial: consulted between events and at each answer."""
    finish: Callable[[list[str]], list[str]] = lambda lines: []
    """Called once the match has ended and its end was told: keeps its record and counts it in the statistics;
    returns the sentences to say about what could not be done."""
    record: list[str] = field(default_factory=list)
    """The match's record lines so far: each save serialises only the events since the one before."""
    skip: dict[str, bool] = field(default_factory=dict)
    """The player's answers, once a match, to "follow the rest?": ``out`` (out of the match) and ``passed``
    (passed in Braillespiel); True skips."""
    hiding: bool = False
    """The others' swaps after the player's pass are not told (``skip["passed"]``) until the showdown."""
    last_showdown: Showdown | None = None
    hand_no: int = 0
    held: list[Event] = field(default_factory=list)
    """Other players' passes not told yet (``tell``)."""

    # ----- the loop -----

    def run(self, resumed: bool = False) -> int:
        """Play to the match end or until the player leaves; the exit status (0 in both cases, 128 + the signal's
        number after SIGHUP or SIGTERM, which save and leave too)."""
        try:
            return self.play(resumed)
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
            self.resume()
        else:
            with GUARD.deferred():
                self.store()  # saved before anything is said: a closed terminal cannot lose the match
            self.tell(self.match.events)
        while not self.match.over and not (self.coach and self.coach.finished):
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
                # cancel, and the match is as saved (actions and their saves are never parted), so play goes on.
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
        # The cards and the widow only where they changed since the player last heard them; the first thing said
        # in a new turn cuts off stale speech.
        status = self.narrator.status_lines(view, self.told)
        if status:
            self.say(status, interrupt=True)
        self.told = (view.hand, view.widow)
        fresh = not status
        interrupted = False
        instruct = self.coach is not None  # the tutorial's step is said at the start and after each answer
        while True:
            if self.coach is not None and instruct:
                self.terminal.say(self.coach.instruction(view))
                instruct = False
            line = self.terminal.ask(self.question(view), interrupt=fresh)
            fresh = False
            if line is None:
                self.leave()
                return False
            if line == INTERRUPTED:
                if interrupted and self.confirm(self.leave_question()):
                    self.leave()
                    return False
                interrupted = True
                continue
            interrupted = False
            parsed = parse(line, view)
            if parsed is None:
                continue
            if self.coach is not None:
                instruct = True
                refusal = self.coach.refuse(parsed, view)
                if refusal is not None:
                    self.terminal.say([refusal])
                    continue
            if isinstance(parsed, Invalid):
                self.say([parsed.message])
            elif isinstance(parsed, Review):
                if parsed.command == "rules":
                    if not self.read_rules(parsed.argument):
                        self.leave()
                        return False
                    continue
                if parsed.command == "quit":
                    if self.confirm(self.leave_question()):
                        self.leave()
                        return False
                    continue
                self.review(parsed, view)
                if self.coach is not None:
                    self.coach.done(parsed, view)
                view = self.match.view(self.seat)
            elif isinstance(parsed, Play):
                try:
                    with GUARD.deferred():
                        events = self.match.apply(self.seat, parsed.action)
                        self.store()
                except IllegalAction as refusal:
                    self.say([self.refusal_line(refusal, parsed.action, view)])
                    continue
                if self.coach is not None:
                    self.coach.done(parsed, view)
                self.since_my_turn = len(self.seen)
                self.tell(events)
                return True

    def confirm(self, question: str) -> bool:
        """Whether the player wants to leave; the end of input (or Ctrl-C) at the question leaves too."""
        return self.terminal.yes_or_no(question) is not False

    def leave_question(self) -> str:
        return self.coach.leave_question() if self.coach else _("Leave the game? Your match is saved. Yes or no? ")

    def leave(self) -> None:
        self.store()
        self.tell_held()
        self.leave_words()

    def leave_words(self) -> None:
        if self.coach is not None:
            self.say(self.coach.goodbye())
        elif self.save_failed:
            self.say([_("Goodbye. This match could not be saved.")])
        else:
            self.say([_("Your match is saved. To go on, type: commerce resume")])

    # ----- telling -----

    def resume(self) -> None:
        """Where the saved match stands (hand, counts) and what happened since the player's last turn."""
        self.seen = [e.visible_to(self.seat) for e in self.match.events]
        acted = [i for i, e in enumerate(self.seen) if isinstance(e, Move) and e.player == self.seat]
        self.since_my_turn = acted[-1] + 1 if acted else 0
        view = self.match.view(self.seat)
        self.told = ((), ())  # not heard in this session: the next question is preceded by the cards
        lines = [_("Your saved match goes on: {ruleset}, hand {number}.").format(
            ruleset=ruleset_title(self.match.rules), number=view.hand_no),
            self.narrator.standings(dict(enumerate(view.counts)))]
        since, told = self.catch_up(self.since_my_turn)
        if told:
            lines += [_("Since your last turn:"), *told]
            self.heard(since)
        self.say(lines)

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

    def tell(self, events: Sequence[Event]) -> None:
        visible = [e.visible_to(self.seat) for e in events]
        if self.coach is not None:
            visible = self.coach.visible(visible)
        self.seen += visible
        self.heard(visible)
        if self.coach is None:
            told, self.held = self.held + self.unasked(visible), []
            if not self.match.over:
                # Others' passes at the end are held until something else happens: a run of them is one line.
                keep = len(told)
                while keep and _others_pass(told[keep - 1], self.seat):
                    keep -= 1
                told, self.held = told[:keep], told[keep:]
            lines = self.narrated(told)
        else:
            view = self.match.view(self.seat)
            lines = [line for e in visible for line in (*self.narrator.event(e), *self.coach.comment(e, view))]
        if lines:
            self.say(lines)
        self.offer_skip(visible)

    def unasked(self, events: Sequence[Event]) -> list[Event]:
        """``events`` without the offer the next question says (``asked_next``)."""
        return [e for e in events if not self.asked_next(e)]

    def asked_next(self, event: Event) -> bool:
        """X4: an offer to the player that the question right after says ("Ben offers you ..."): said once, there.
        History and replay tell it as an event, and so does anything told once the offer is answered."""
        match = self.match
        return (isinstance(event, Offered) and event.to == self.seat and match.phase is Phase.ANSWER
                and match.to_act == self.seat and match.offer is not None and match.offer.player == event.player)

    def heard(self, events: Sequence[Event]) -> None:
        """What the lines for ``events`` say in full counts as heard (``told``): the deal's cards and widow, an
        exchange's new widow (and, one's own, the new hand: the widow just heard); an other player's swap of all
        three says the new widow only when speech is not brief (S3)."""
        for event in events:
            if isinstance(event, Dealt) and self.seat in event.hands:
                self.told = (tuple(event.hands[self.seat]), tuple(event.widow))
            elif isinstance(event, ExchangedAll):
                if (event.player != self.seat and not event.blind and self.match.rules.swap_all
                        and self.narrator.brief):
                    continue
                hand = tuple(event.took) if event.player == self.seat else self.told[0]
                self.told = (hand, tuple(event.gave))
            elif isinstance(event, Kept) and event.turned_up:  # S2: the widow turned face up is said with the keep
                self.told = (self.told[0], tuple(event.turned_up))
            elif isinstance(event, Refreshed):  # S5: so is a fresh widow
                self.told = (self.told[0], tuple(event.widow))

    def tell_held(self) -> None:
        """Tell the passes held back by ``tell``: before the player is asked anything, or leaves."""
        if self.held:
            lines, self.held = self.narrated(self.held), []
            if lines:
                self.say(lines)

    def narrated(self, events: Sequence[Event]) -> list[str]:
        """The lines for events as the player chose to follow them (``skip``): everything; or, out of the match,
        each hand's outcome in one line; or, after a pass in Braillespiel, nothing more of the hand until its
        showdown."""
        if self.skip.get("out"):
            lines = []
            for event in events:
                if isinstance(event, Dealt):
                    self.hand_no = event.hand
                elif isinstance(event, Showdown):
                    self.last_showdown = event
                elif isinstance(event, Settled) and self.last_showdown is not None:
                    lines.append(self.narrator.outcome(self.hand_no, self.last_showdown, event))
                elif isinstance(event, Eliminated | MatchEnded):
                    lines += self.narrator.event(event)
            return lines
        shown = []
        for event in events:
            if self.hiding and not isinstance(event, Showdown):
                continue
            self.hiding = False
            shown.append(event)
            if isinstance(event, Passed) and event.player == self.seat and self.skip.get("passed"):
                self.hiding = True
        return self.narrator.events(shown)

    def offer_skip(self, events: Sequence[Event]) -> None:
        """Once a match, at a terminal: when the player is out, or has passed in Braillespiel while others swap on,
        ask whether to follow the rest or hear only the outcomes (a script always hears everything)."""
        if not self.terminal.interactive or self.coach is not None or self.match.over:
            return
        out = any(isinstance(e, Eliminated) and e.player == self.seat for e in events)
        passed = any(isinstance(e, Passed) and e.player == self.seat for e in events)
        if out and "out" not in self.skip:
            answer = self.terminal.yes_or_no(_("Follow the rest, hand by hand? Yes or no? "))
            self.skip["out"] = answer is False
            if answer is False:
                self.hand_no = max(e.hand for e in self.seen if isinstance(e, Dealt))
                self.say([_("You will hear only each hand's result and the end of the match.")])
        elif (passed and self.match.rules.pass_is_final and "passed" not in self.skip
              and self.seat in self.match.passed and self.match.phase is not Phase.OVER):
            answer = self.terminal.yes_or_no(_("Follow the others' swaps until the showdown? Yes or no? "))
            self.skip["passed"] = answer is False
            self.hiding = answer is False
            if answer is False:
                self.say([_("You will hear only the showdown.")])

    def store(self) -> None:
        """Save the record so far; ``save_failed`` tells whether the latest save failed (saving may work again,
        after a full disk was freed), and the player hears when it begins to fail."""
        self.record += record_lines(self.match.events[len(self.record):])
        saved = self.save(self.record)
        if not saved and not self.save_failed:
            self.say([_("The match cannot be saved here; it goes on without saving.")])
        self.save_failed = not saved

    def refusal_line(self, refusal: IllegalAction, action: Action, view: SeatView) -> str:
        """One line: the rules' reason in the player's words, then, when nothing of that kind is possible now,
        what is (two sentences, each a catalog entry of its own)."""
        reason = _(refusal.template).format(**self.narrator_params(refusal.params))
        if any(a.kind == action.kind for a in view.legal):
            return reason
        words = shown_words(active_language(), view.rules.name)
        return " ".join((reason, _("Now: {commands}.").format(
            commands=", ".join(words[c] for c in self.possible(view)))))

    def narrator_params(self, params: dict[str, object]) -> dict[str, object]:
        """Values of a refusal in the player's words (cards by name or code)."""
        return {k: self.narrator.card(v) if isinstance(v, Card) else v for k, v in params.items()}

    # ----- asking -----

    def question(self, view: SeatView) -> str:
        """The prompt: the decision, and the actions possible now in the player's words (``Narrator.question``)."""
        words = shown_words(active_language(), view.rules.name)
        possible = self.possible(view)
        usual = view.phase is Phase.TURN and set(possible) <= USUAL
        return self.narrator.question(view, ", ".join(words[c] for c in possible), usual)

    @staticmethod
    def possible(view: SeatView) -> list[str]:
        """The action commands that fit the legal actions now, in a fixed order."""
        kinds = {a.kind for a in view.legal}
        return [command_for(kind, view) for kind in ACTION_ORDER if kind in kinds]

    # ----- review -----

    def help_lines(self, view: SeatView) -> list[str]:
        lang = active_language()
        shown = shown_words(lang, view.rules.name)

        def word(command: str) -> str:
            return command_word(lang, command)

        def action(command: str) -> str:
            # A ruleset's own word for a command ("schieben") is shown as it is, without the command's short form.
            return word(command) if shown[command] == main_words(lang)[command] else shown[command]

        lines = [_("Now: {commands}.").format(commands=", ".join(action(c) for c in self.possible(view)))]
        kinds = {a.kind for a in view.legal}
        if "accept" in kinds:  # X4
            lines.append(_("Give a card for it by its number, code or name, for example {example}; or "
                           "{decline}.").format(example=f"{shown['give']} 2", decline=shown["decline"]))
        elif kinds & {"trade", "offer"}:  # X3, X4
            lines.append(_("Name your card by its number, code or name, for example {example}.").format(
                example=f"{shown['offer' if 'offer' in kinds else 'swap']} 2"))
        if any(isinstance(a, Swap) for a in view.legal):
            if view.rules.multi_swap:
                lines.append(_("Swap by numbers: 13 swaps your card 1 for widow card 3; 13 21 swaps two cards each. "
                               "Cards by code or name work too."))
            else:
                lines.append(_("Swap by numbers: 13 swaps your card 1 for widow card 3. "
                               "Cards by code or name work too."))
        review = [c for c in REVIEW_COMMANDS if c not in ("verbosity", "cards", "speech", "language", "quit")]
        lines.append(_("Any time: {commands}.").format(commands=", ".join(word(c) for c in review)))
        lines.append(_("Settings: {commands}. Leave: {quit}.").format(
            commands=", ".join(word(c) for c in ("verbosity", "cards", "speech", "language")), quit=word("quit")))
        return lines


def _others_pass(event: Event, seat: int) -> bool:
    """Whether an event is another seat's pass (a run of them is told as one line)."""
    return isinstance(event, Passed) and event.player != seat
