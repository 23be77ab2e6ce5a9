"""The review commands, shared by a match being played and a match being replayed: they read, never change.

A class both ``Game`` and ``Replay`` build on, so that ``hand``, ``history``, ``chips``, ``repeat`` and the settings
say the same sentences live and on replay. It needs ``narrator``, ``terminal``, ``seen`` (the events told so far,
as the seat saw them), ``since_my_turn``, ``last_batch``, ``remember`` and a ``help_lines(view)`` of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..i18n import LANGUAGES, _, active_language, ngettext, use_language
from ..narration.narrator import CardStyle, Narrator, Verbosity, ruleset_title
from ..narration.rules_book import rules_book
from ..rules import Event, SeatView, Showdown
from .advice import explain_lines, hint_lines, whatif_line
from .parser import Review, all_words, answer_vocabulary, clean, normalize, setting_vocabulary, setting_word
from .reader import find_section, read_rules
from .speech import open_speech
from .terminal import Terminal

HISTORY_EVENTS = 8
"""How many events ``history`` reads back unless asked for more."""


class ReviewCommands:
    narrator: Narrator
    terminal: Terminal
    seen: list[Event]
    since_my_turn: int
    last_batch: list[str]
    remember: Callable[[dict[str, str]], object]

    def help_lines(self, view: SeatView) -> list[str]:
        raise NotImplementedError

    def say(self, lines: Sequence[str], interrupt: bool = False) -> None:
        self.terminal.say(lines, interrupt=interrupt)
        if lines:
            self.last_batch = list(lines)

    def review(self, command: Review, view: SeatView) -> None:
        narrator = self.narrator
        name = command.command
        arg = normalize(command.argument)
        if name == "hand":
            self.say([_("Your cards: {cards}.").format(cards=narrator.cards(view.hand)), narrator.value_line(view)])
        elif name == "widow":
            if view.widow:
                self.say([_("Widow: {cards}.").format(cards=narrator.cards(view.widow))])
            elif view.face_down:  # S2
                self.say([_("The widow lies face down.")])
            else:  # X1: no widow, only the dealer's stock to trade with
                self.say([ngettext("There is no widow in this game; the stock holds {count} card.",
                                   "There is no widow in this game; the stock holds {count} cards.",
                                   view.stock_size).format(count=view.stock_size)])
        elif name == "value":
            self.say([narrator.value_line(view)])
        elif name == "show":
            self.say(self.show_lines())
        elif name == "chips":
            self.say(self.chips_lines(view))
        elif name == "history":
            self.say(self.history_lines(arg))
        elif name == "turn":
            lines = self.detailed().events(self.seen[self.since_my_turn:])
            self.say([_("Your turn. Since your last turn:"), *lines] if lines else
                     [_("Your turn. Nothing has happened since your last turn.")])
        elif name == "repeat":
            self.terminal.say(self.last_batch or [_("Nothing to repeat yet.")])
        elif name == "hint":
            # A replay stands between decisions too: a hint needs one of the player's own.
            self.say(hint_lines(view, narrator) if view.legal else [_("No hint here: you have nothing to decide.")])
        elif name == "whatif":
            self.say([whatif_line(view, narrator, command.argument.split())])
        elif name == "explain":
            self.say(explain_lines(view, narrator, self.seen, command.argument))
        elif name == "help":
            self.say(self.help_lines(view))
        elif name == "rules":
            self.read_rules(command.argument)
        else:
            self.change_setting(name, arg)

    def read_rules(self, argument: str) -> bool:
        """The rules book of this match (its ruleset and options), from the start or at the section named;
        False when input ended inside it. The match is not touched."""
        rules = self.narrator.rules
        sections = rules_book(rules)
        start = None
        if argument.strip():
            start = find_section(sections, argument, active_language())
            if start is None:
                self.say([_("There is no section {name}. Type rules for all of them.").format(
                    name=clean(argument)[:30])])
                return True
        return read_rules(self.terminal, sections, ruleset_title(rules), start)

    def show_lines(self) -> list[str]:
        """The last showdown in full: every hand's cards and value, and the outcome (what brief and normal
        speech leave out of a showdown is here)."""
        showdown = next((e for e in reversed(self.seen) if isinstance(e, Showdown)), None)
        if showdown is None:
            return [_("No hands have been shown yet.")]
        return [_("Last showdown:"), *self.narrator.hand_lines(showdown, with_cards=True),
                *self.narrator.results(showdown)]

    def chips_lines(self, view: SeatView) -> list[str]:
        lines = [self.narrator.standings(dict(enumerate(view.counts)))]
        swimming = sorted(view.swimming)
        if swimming:  # S9
            lines.append(_("Swimming: {names}.").format(names=", ".join(self.narrator.name(s) for s in swimming)))
        out = [s for s, gone in enumerate(view.out) if gone]
        if out:
            lines.append(_("Out: {names}.").format(names=self.narrator.names_list(out)))
        if view.pot:
            lines.append(_("Pot: {count}.").format(count=self.narrator.count(view.pot)))
        return lines

    def history_lines(self, arg: str) -> list[str]:
        answer = answer_vocabulary(active_language()).get(arg)
        count = len(self.seen) if answer == "all" else int(arg) if arg.isdecimal() and int(arg) > 0 else HISTORY_EVENTS
        lines = self.detailed().events(self.seen[-count:])
        return lines or [_("Nothing has happened yet.")]

    def detailed(self) -> Narrator:
        """The narrator for what the player asks to hear again: never brief, since what brief speech leaves out
        (the card an opponent laid, every hand at a showdown) must stay within reach."""
        return replace(self.narrator, verbosity=Verbosity.NORMAL) if self.narrator.brief else self.narrator

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
                "verbosity": _("Type verbosity brief, normal or verbose."),
                "cards": _("Type cards names or cards codes."),
                "speech": _("Type speech on or speech off."),
                "language": _("Type language de, nl or en."),
            }[name]])


def command_word(lang: str, command: str, words: dict[str, tuple[str, ...]] | None = None) -> str:
    """A command's word for help, with its short form: "history (hi)"."""
    forms = (words or all_words(lang))[command]
    return _("{word} ({short})").format(word=forms[0], short=forms[1]) if len(forms) > 1 else forms[0]
