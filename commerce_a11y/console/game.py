"""The game loop: computer players move, the narrator tells, the player answers, the match is saved.

Everything the player hears is an event rendered by the narrator or an answer to a review command; the loop never
reads another seat's hidden cards (it narrates ``visible_to`` events and reads the player's ``SeatView``). After
every action the match's record so far is saved, so a crash or a closed window loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots import Bot
from ..cards import Card
from ..i18n import LANGUAGES, _, active_language, use_language
from ..narration.narrator import CardStyle, Narrator, Verbosity
from ..narration.rules_text import rules_summary
from ..rules import Event, IllegalAction, Match, Phase, SeatView, Swap, record_lines
from .parser import (
    REVIEW_COMMANDS,
    Invalid,
    Play,
    Review,
    all_words,
    answer_vocabulary,
    main_words,
    normalize,
    parse,
    setting_vocabulary,
    setting_word,
)
from .speech import open_speech
from .terminal import INTERRUPTED, Terminal

HISTORY_EVENTS = 8
"""How many events ``history`` reads back unless asked for more."""


@dataclass
class Game:
    """One match as one player plays it at the terminal."""

    match: Match
    seat: int
    bots: dict[int, Bot]
    narrator: Narrator
    terminal: Terminal
    save: Callable[[list[str]], bool]
    """Stores the record so far; returns False when it cannot (the player is told once)."""
    remember: Callable[[dict[str, str]], object] = lambda settings: None
    """Stores a changed setting for the next game."""
    seen: list[Event] = field(default_factory=list)
    last_batch: list[str] = field(default_factory=list)
    since_my_turn: int = 0
    save_failed: bool = False
    told: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """The hand and widow as the player last heard them."""

    # ----- the loop -----

    def run(self, resumed: bool = False) -> int:
        """Play to the match end or until the player leaves; the exit status (0 in both cases)."""
        if resumed:
            self.seen = [e.visible_to(self.seat) for e in self.match.events]
            self.since_my_turn = len(self.seen)
            self.say([_("Your saved match goes on.")])
        else:
            self.store()  # saved before anything is said: a closed terminal cannot lose the match
            self.tell(self.match.events)
        while not self.match.over:
            seat = self.match.to_act
            assert seat is not None
            if seat == self.seat:
                if not self.players_turn():
                    return 0
            else:
                events = self.match.apply(seat, self.bots[seat].choose(self.match.view(seat)))
                self.store()
                self.tell(events)
        return 0

    def players_turn(self) -> bool:
        """Ask until the player acts (True) or leaves (False)."""
        view = self.match.view(self.seat)
        fresh = True  # the first thing said in a new turn cuts off stale speech
        if (view.hand, view.skat) != self.told:
            # The status line only when the cards changed since the player last heard them (at the deal).
            self.say([self.narrator.hand_line(view)], interrupt=True)
            self.told = (view.hand, view.skat)
            fresh = False
        interrupted = False
        while True:
            line = self.terminal.ask(self.question(view), interrupt=fresh)
            fresh = False
            if line is None:
                self.leave()
                return False
            if line == INTERRUPTED:
                if interrupted and self.confirm(_("Leave the game? Your match is saved. Yes or no? ")):
                    self.leave()
                    return False
                interrupted = True
                continue
            interrupted = False
            parsed = parse(line, view)
            if parsed is None:
                continue
            if isinstance(parsed, Invalid):
                self.say([parsed.message])
            elif isinstance(parsed, Review):
                if parsed.command == "quit":
                    if self.confirm(_("Leave the game? Your match is saved. Yes or no? ")):
                        self.leave()
                        return False
                    continue
                self.review(parsed, view)
                view = self.match.view(self.seat)
            elif isinstance(parsed, Play):
                try:
                    events = self.match.apply(self.seat, parsed.action)
                except IllegalAction as refusal:
                    self.say([_(refusal.template).format(**self.narrator_params(refusal.params))])
                    continue
                self.since_my_turn = len(self.seen)
                self.store()
                self.tell(events)
                return True

    def confirm(self, question: str) -> bool:
        while True:
            line = self.terminal.ask(question)
            if line is None or line == INTERRUPTED:
                return True
            answer = answer_vocabulary(active_language()).get(normalize(line))
            if answer in ("yes", "no"):
                return answer == "yes"
            self.say([_("Please answer yes or no.")])

    def leave(self) -> None:
        self.store()
        if self.save_failed:
            self.say([_("Goodbye. This match could not be saved.")])
        else:
            self.say([_("Your match is saved. To go on, type: commerce resume")])

    # ----- telling -----

    def say(self, lines: Sequence[str], interrupt: bool = False) -> None:
        self.terminal.say(lines, interrupt=interrupt)
        if lines:
            self.last_batch = list(lines)

    def tell(self, events: Sequence[Event]) -> None:
        visible = [e.visible_to(self.seat) for e in events]
        self.seen += visible
        for event in visible:
            if event.kind == "deal" and self.seat in event["hands"]:
                self.told = (tuple(event["hands"][self.seat]), tuple(event["skat"]))
        lines = self.narrator.events(visible)
        if lines:
            self.say(lines)

    def store(self) -> None:
        if not self.save(list(record_lines(self.match.events))) and not self.save_failed:
            self.save_failed = True
            self.say([_("The match cannot be saved here; it goes on without saving.")])

    def narrator_params(self, params: dict[str, object]) -> dict[str, object]:
        """Values of a refusal in the player's words (cards by name or code)."""
        return {k: self.narrator.card(v) if isinstance(v, Card) else v for k, v in params.items()}

    # ----- asking -----

    def question(self, view: SeatView) -> str:
        """The prompt: whose turn, and the actions possible now, in the player's words."""
        words = main_words(active_language())
        if view.phase is Phase.EXCHANGE:
            return _("You deal. Exchange your hand for the widow, or keep it? ")
        if view.phase is Phase.CALL:
            return _("You may call now: {call}, or {done} to wait? ").format(
                call=words["fire" if view.rules.name == "handeln" else "call"], done=words["done"])
        actions = ", ".join(words[c] for c in self.possible(view))
        if self.narrator.brief:
            return _("Your turn ({actions}): ").format(actions=actions)
        if view.phase is Phase.CONTINUE:
            return _("Your turn goes on: {actions}? ").format(actions=actions)
        if view.last_round:
            return _("Last round, your turn: {actions}? ").format(actions=actions)
        return _("Your turn: {actions}? ").format(actions=actions)

    @staticmethod
    def possible(view: SeatView) -> list[str]:
        """The action commands that fit the legal actions now, in a fixed order."""
        kinds = {a.kind for a in view.legal}
        result = []
        if "swap" in kinds:
            result.append("swap")
        handeln = view.rules.name == "handeln"
        result += [c for c, k in (("pass", "pass"), ("in" if handeln else "knock", "knock"),
                                  ("fire" if handeln else "call", "fire"), ("pounce", "pounce"),
                                  ("exchange", "exchange_all")) if k in kinds]
        if "done" in kinds:
            result.append("keep" if view.phase is Phase.EXCHANGE else "done")
        return result

    # ----- review -----

    def review(self, command: Review, view: SeatView) -> None:
        narrator = self.narrator
        name = command.command
        arg = normalize(command.argument)
        if name == "hand":
            self.say([_("Your cards: {cards}.").format(cards=narrator.cards(view.hand)), narrator.value_line(view)])
        elif name == "widow":
            self.say([_("Widow: {cards}.").format(cards=narrator.cards(view.skat))])
        elif name == "value":
            self.say([narrator.value_line(view)])
        elif name == "chips":
            self.say(self.chips_lines(view))
        elif name == "history":
            self.say(self.history_lines(arg))
        elif name == "turn":
            lines = narrator.events(self.seen[self.since_my_turn:])
            self.say([_("Your turn. Since your last turn:"), *lines] if lines else
                     [_("Your turn. Nothing has happened since your last turn.")])
        elif name == "repeat":
            self.terminal.say(self.last_batch or [_("Nothing to repeat yet.")])
        elif name == "help":
            self.say(self.help_lines(view))
        elif name == "rules":
            self.say(rules_summary(self.match.rules))
        else:
            self.change_setting(name, arg)

    def chips_lines(self, view: SeatView) -> list[str]:
        lines = [self.narrator.standings(dict(enumerate(view.counts)))]
        out = [s for s, gone in enumerate(view.out) if gone]
        if out:
            lines.append(_("Out: {names}.").format(names=self.narrator.names_list(out)))
        if view.pot:
            lines.append(_("Pot: {count}.").format(count=self.narrator.count(view.pot)))
        return lines

    def history_lines(self, arg: str) -> list[str]:
        answer = answer_vocabulary(active_language()).get(arg)
        count = len(self.seen) if answer == "all" else int(arg) if arg.isdecimal() and int(arg) > 0 else HISTORY_EVENTS
        lines = self.narrator.events(self.seen[-count:])
        return lines or [_("Nothing has happened yet.")]

    def help_lines(self, view: SeatView) -> list[str]:
        lang = active_language()
        words = all_words(lang)

        def word(command: str) -> str:
            forms = words[command]
            return _("{word} ({short})").format(word=forms[0], short=forms[1]) if len(forms) > 1 else forms[0]

        lines = [_("Now: {commands}.").format(commands=", ".join(word(c) for c in self.possible(view)))]
        if any(isinstance(a, Swap) for a in view.legal):
            if view.rules.multi_swap:
                lines.append(_("Swap by numbers: 13 gives your card 1 for widow card 3; 13 21 swaps two pairs. "
                               "Cards by code or name work too."))
            else:
                lines.append(_("Swap by numbers: 13 gives your card 1 for widow card 3. "
                               "Cards by code or name work too."))
        review = [c for c in REVIEW_COMMANDS if c not in ("verbosity", "cards", "speech", "language", "quit")]
        lines.append(_("Any time: {commands}.").format(commands=", ".join(word(c) for c in review)))
        lines.append(_("Settings: {commands}. Leave: {quit}.").format(
            commands=", ".join(word(c) for c in ("verbosity", "cards", "speech", "language")), quit=word("quit")))
        return lines

    def change_setting(self, name: str, arg: str) -> None:
        value = setting_vocabulary(active_language()).get(arg, arg)
        narrator = self.narrator
        if name == "verbosity" and value in Verbosity.__members__.values():
            narrator.verbosity = Verbosity(value)
            self.remember({"verbosity": value})
            self.say([_("Verbosity: {value}.").format(value=setting_word(active_language(), value))])
        elif name == "cards" and value in CardStyle.__members__.values():
            narrator.card_style = CardStyle(value)
            self.remember({"cards": value})
            self.say([_("Cards: {value}.").format(value=setting_word(active_language(), value))])
        elif name == "speech" and value in ("on", "off"):
            self.terminal.speech.close()
            self.terminal.speech = open_speech(value == "on", self.terminal.notice)
            self.remember({"speech": value})
            self.say([_("Speech: on.") if value == "on" else _("Speech: off.")])
        elif name == "language" and arg in LANGUAGES:
            use_language(arg)
            self.remember({"lang": arg})
            self.say([_("Language: English.")])
        else:
            self.say([{
                "verbosity": _("Say verbosity brief, normal or verbose."),
                "cards": _("Say cards names or cards codes."),
                "speech": _("Say speech on or speech off."),
                "language": _("Say language de, nl or en."),
            }[name]])

