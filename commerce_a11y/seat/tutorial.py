"""The guided first hand: one seeded hand of classic Commerce that explains itself and asks the player to try
each review command and each action once.

The tutorial is not a second game loop: the ordinary game plays the match, and its seat has a ``Tutorial`` for a
coach (``coach.Coach``), consulted as events are told and at each answer. The coach comments on events as they
happen, says the current step (what it is for, then exactly what to type), refuses an action that does not fit
the step with one short sentence (review commands are always answered), and ends the game after the hand's
showdown with a summary of the commands. Its opponents are the ``basic`` level without the knock, so the player
always gets to knock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..bots import BasicBot
from ..i18n import _, active_language
from ..invocation import command_line
from ..narration.narrator import Narrator
from ..rules import (
    Action,
    Dealt,
    Event,
    Knock,
    Match,
    MatchStarted,
    Pass,
    Passed,
    SeatView,
    Settled,
    Showdown,
    Swap,
    Swapped,
)
from .advice import hint_action, swap_command, whatif_value
from .explain import showdown_lines
from .parser import Invalid, Parsed, Play, Review, main_words, swap_from_tokens

TUTORIAL_SEED = 0
"""The tutorial's deal: Ben moves first, then your hint's swap makes a sequence (checked by the tests)."""
OPPONENTS = ("Anna", "Ben")
RULES = "commerce"

STEPS = ("hand", "widow", "value", "chips", "history", "repeat", "help", "hint", "whatif", "swap", "pass", "knock")
"""What the player tries, in order: every review command that reads, then each action once."""
ACTIONS = {"swap": Swap, "pass": Pass, "knock": Knock}


class PatientBot:
    """The tutorial's opponent: the ``basic`` level, which never knocks (the player's knock ends the hand)."""

    def __init__(self, seed: int) -> None:
        self.basic = BasicBot(seed)

    def choose(self, view: SeatView) -> Action:
        return self.basic.choose(replace(view, legal=tuple(a for a in view.legal if not isinstance(a, Knock))))


@dataclass
class Tutorial:
    """The coach: the step the player is at, what to say about events, and when the tutorial is over."""

    narrator: Narrator
    step: int = 0
    finished: bool = False
    said: set[str] = field(default_factory=set)
    offers_skip = False
    """Nobody is out and nobody passes for good in the tutorial's one hand."""

    @property
    def expected(self) -> str:
        return STEPS[min(self.step, len(STEPS) - 1)]

    # ----- events -----

    def visible(self, events: list[Event]) -> list[Event]:
        """The events the tutorial tells: none after its one hand's chips (the next deal is not played)."""
        shown = []
        for event in events:
            shown.append(event)
            if isinstance(event, Settled):
                break
        return shown

    def tells(self, events: Sequence[Event], match: Match, seat: int) -> list[str]:
        """Each event as the narrator says it, then what the tutorial adds (no pass is held back: each is
        commented on)."""
        view = match.view(seat)
        return [line for e in events for line in (*self.narrator.event(e), *self.comment(e, view))]

    def comment(self, event: Event, view: SeatView) -> list[str]:
        """What the tutorial adds after the narrator's lines for an event."""
        if isinstance(event, MatchStarted):
            return [_("Tutorial: one hand of Commerce against {first} and {second}. At each step I tell you "
                      "exactly what to type.").format(first=OPPONENTS[0], second=OPPONENTS[1])]
        if isinstance(event, Dealt):
            return [_("Everyone holds three cards, and three more lie open in the middle: the widow. In turn, "
                      "each player swaps one card with the widow, passes, or knocks.")]
        if isinstance(event, Swapped) and event.player != self.narrator.seat and self.once("opponent swap"):
            return [_("{name} swapped: the card they laid now lies in the widow, for anyone to take.").format(
                name=self.narrator.name(event.player))]
        if isinstance(event, Passed) and event.player != self.narrator.seat and self.once("opponent pass"):
            return [_("{name} passed and keeps their cards.").format(name=self.narrator.name(event.player))]
        if isinstance(event, Showdown):
            return [*showdown_lines(view, self.narrator, event),
                    _("The lowest hand loses a chip. Whoever has no chips left is out; the last player with chips "
                      "wins the match.")]
        if isinstance(event, Settled):
            self.finished = True
            return self.summary()
        return []

    def once(self, key: str) -> bool:
        if key in self.said:
            return False
        self.said.add(key)
        return True

    def summary(self) -> list[str]:
        w = main_words(active_language())
        return [
            _("That was the tutorial. The commands once more:"),
            _("On your turn: {swap} with two numbers, for example 21; {pass}; {knock}.").format(
                swap=w["swap"], **{"pass": w["pass"]}, knock=w["knock"]),
            _("Any time: {commands}.").format(commands=", ".join(
                w[c] for c in ("hand", "widow", "value", "show", "chips", "history", "turn", "repeat", "hint", "whatif",
                               "explain", "help", "rules", "quit"))),
            _("To learn another game of the family, Schwimmen for example, type: {command}").format(
                command=command_line("rules schwimmen")),
            _("To play a whole match, type: {command}").format(command=command_line("play")),
        ]

    # ----- steps -----

    def suggested_swap(self, view: SeatView) -> str:
        """The swap the steps ask for: the hint's swap when it is one, else the one giving the best hand."""
        action = hint_action(view)
        if not isinstance(action, Swap):
            swaps = [a for a in view.legal if isinstance(a, Swap)]
            action = max(swaps, key=lambda s: whatif_value(view, s))
        return swap_command(view, action)

    def instruction(self, view: SeatView) -> list[str]:
        """The current step: what it is for, then exactly what to type."""
        w = main_words(active_language())
        expected = self.expected
        number = self.step + 1
        total = len(STEPS)
        about = {
            "hand": _("Only you see your own three cards."),
            "widow": _("The widow is the three open cards in the middle."),
            "value": _("Your cards have a value. Best first: Tricon, three of a rank; Sequence, three in a row in "
                       "one suit; Flush, three of one suit; Pair; and last Point, the cards added up: ace 11, ten "
                       "and face cards 10."),
            "chips": _("Everyone starts with 3 chips."),
            "history": _("You can hear again what happened so far."),
            "repeat": _("If you missed the last answer, you can hear it again."),
            "help": _("Help lists the commands you can use now."),
            "hint": _("The game can suggest a move and tell you why."),
            "whatif": _("You can try a swap without making it. Two numbers: first your card, 1 to 3, then the "
                        "widow card, 1 to 3."),
            "swap": _("Now make a swap: one of your cards for a widow card. Your turn then ends."),
            "pass": _("This time, pass: you keep your cards, and the next player goes on."),
            "knock": _("Knock when you think your hand is not the lowest: everyone else has one last turn, then all "
                       "hands are shown."),
        }[expected]
        if expected in ("whatif", "swap"):
            command = self.suggested_swap(view)
            typed = f"{w['whatif']} {command}" if expected == "whatif" else command
        else:
            typed = w[expected]
        return [about, _("Step {number} of {total}: type {command}").format(number=number, total=total,
                                                                             command=typed)]

    def refuse(self, parsed: Parsed, view: SeatView) -> str | None:
        """One sentence when an action does not fit the step; None lets the game handle the input."""
        if not isinstance(parsed, Play):
            return None
        if isinstance(parsed.action, ACTIONS.get(self.expected, ())):
            return None
        if self.expected in ACTIONS:
            return _("Not this move now; this step asks for another.")
        return _("No move yet: first try the commands that only tell you things.")

    def done(self, parsed: Parsed, view: SeatView) -> None:
        """The game handled the input: the step is done if it was the step's command."""
        expected = self.expected
        if isinstance(parsed, Review):
            if parsed.command != expected:
                return
            if expected == "whatif" and isinstance(swap_from_tokens(parsed.argument.split(), view), Invalid):
                return
        elif isinstance(parsed, Play):
            if not isinstance(parsed.action, ACTIONS.get(expected, ())):
                return
        else:
            return
        self.step += 1

    def leave_question(self) -> str:
        return _("Leave the tutorial? Yes or no? ")

    def goodbye(self, saved: bool) -> list[str]:
        return [_("The tutorial ends here. To start it again, type: {command}").format(
            command=command_line("tutorial"))]
