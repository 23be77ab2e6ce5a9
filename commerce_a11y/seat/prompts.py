"""What a seat is asked and answered about its decision: the question, the refusal of a move, and help.

One version of each for both front ends: the console's game asks its player through these, the table server each
person at their turn, so a question, a refusal and the help read the same at the terminal and at a table.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..cards import Card
from ..i18n import _, active_language
from ..narration import asking
from ..narration.narrator import Narrator
from ..rules import Action, IllegalAction, SeatView, Swap
from .parser import ACTION_ORDER, all_words, command_for, main_words, shown_words

SETTINGS = ("verbosity", "cards", "speech", "language")
LINE = 40
"""The braille cells a line of help holds: a 40-cell display."""


def cells(text: str) -> int:
    """About how many braille cells a line of help takes, at most: a cell a character, and one more for each
    capital letter (English and Dutch braille mark it) and each "=" (two cells in every table). The commands'
    words are lower-case letters, one cell each; tests/test_question_cells.py measures the lines themselves."""
    return len(text) + text.count("=") + sum(ch.isupper() for ch in text)


def possible(view: SeatView) -> list[str]:
    """The action commands that fit the legal actions now, in a fixed order."""
    kinds = {a.kind for a in view.legal}
    return [command_for(kind, view) for kind in ACTION_ORDER if kind in kinds]


def question_words(lang: str, rules: str) -> dict[str, str]:
    """Each command as a question names it: as ``shown_words`` shows it, but where a ruleset shows it in two words
    by the command's own word ("alle" for Schwimmen's "alle tauschen", which the parser takes alone), so that the
    longest lists of moves (German and Dutch Schwimmen's in the last round) still fit a braille line."""
    shown, main = shown_words(lang, rules), main_words(lang)
    return {c: main[c] if " " in word else word for c, word in shown.items()}


def question(narrator: Narrator, view: SeatView) -> str:
    """The prompt: the decision, and the actions possible now in the player's words (``asking.question``)."""
    words = question_words(active_language(), view.rules.name)
    return asking.question(narrator, view, ", ".join(words[c] for c in possible(view)))


def refusal_line(narrator: Narrator, refusal: IllegalAction, action: Action, view: SeatView) -> str:
    """One line: the rules' reason in the player's words, then, when nothing of that kind is possible now, what is
    (two sentences, each a catalog entry of its own)."""
    reason = refusal_reason(narrator, refusal)
    if any(a.kind == action.kind for a in view.legal):
        return reason
    words = shown_words(active_language(), view.rules.name)
    return " ".join((reason, _("Now: {commands}.").format(commands=", ".join(words[c] for c in possible(view)))))


def refusal_reason(narrator: Narrator, refusal: IllegalAction) -> str:
    """The rules' reason alone, its cards by name or code as the player hears cards."""
    return _(refusal.template).format(**{k: narrator.card(v) if isinstance(v, Card) else v
                                         for k, v in refusal.params.items()})


def command_word(lang: str, command: str, words: dict[str, tuple[str, ...]] | None = None) -> str:
    """A command's word for help, with its shortest other word after it where that is shorter: "history hi" (no
    parentheses, which a screen reader speaks as words); a synonym no shorter ("quit", "exit") is left to the
    player to find."""
    word, *others = (words or all_words(lang))[command]
    short = min(others, key=len, default=word)
    if len(short) >= len(word):
        return word
    # Translators: a command in help, then its short form: "history hi". No parentheses: screen readers speak them.
    return _("{word} {short}").format(word=word, short=short)


def listed(template: str, items: list[str], sep: str = ", ") -> list[str]:
    """A labelled list as few lines as hold it in ``LINE`` cells each where its items allow, evenly filled, each
    line with the label (``template``, such as "Settings: {commands}."), so that each line read alone on a
    braille display says what it lists."""
    def line(row: Sequence[str]) -> str:
        return template.format(commands=sep.join(row))

    for count in range(1, len(items) + 1):
        splits = [[items[a:b] for a, b in itertools.pairwise((0, *cuts, len(items)))]
                  for cuts in itertools.combinations(range(1, len(items)), count - 1)]
        fitting = [rows for rows in splits if all(cells(line(row)) <= LINE for row in rows)]
        if fitting:
            return [line(row) for row in min(fitting, key=lambda rows: max(cells(line(row)) for row in rows))]
    return [line([item]) for item in items]


def settings_lines(lang: str) -> list[str]:
    """The settings and how to leave, for help."""
    return [*listed(_("Settings: {commands}."), [command_word(lang, c) for c in SETTINGS]),
            _("Leave: {quit}.").format(quit=command_word(lang, "quit"))]


LOOK = ("hand", "widow", "value")
TOLD = ("chips", "turn", "history")
AGAIN = ("show", "repeat")
ADVICE = ("hint", "explain", "whatif")
READ = ("rules", "help")
"""The review commands in help's groups, the most used first (``SETTINGS`` and ``quit`` end it)."""
NO_WIDOW = frozenset({"widow"})
"""What help leaves out where no widow lies (Trade and Barter, X1): ``widow`` there only says that there is none
and how many cards the stock holds (docs/playing.md); ``whatif`` stays, it names a trade's chance."""


def help_lines(view: SeatView) -> list[str]:
    """What the seat may type now, as short lines, the most important first: the moves, how to name cards for
    them, the review commands in groups (what you hold, what was said, advice, rules), the settings and leaving.
    Each line fits a braille line where its words allow and says what it lists on its own."""
    lang = active_language()
    shown = shown_words(lang, view.rules.name)

    def action(command: str) -> str:
        # A ruleset's own word for a command ("schieben") is shown as it is, without the command's short form.
        return command_word(lang, command) if shown[command] == main_words(lang)[command] else shown[command]

    lines = listed(_("Now: {commands}."), [action(c) for c in possible(view)])
    kinds = {a.kind for a in view.legal}
    if "accept" in kinds:  # X4
        lines += [_("Give a card by number, code or name."),
                  _("For example {example}.").format(example=f"{shown['give']} 2")]
    elif kinds & {"trade", "offer"}:  # X3, X4
        lines += [_("Name your card by number, code or name."),
                  _("For example {example}.").format(example=f"{shown['offer' if 'offer' in kinds else 'swap']} 2")]
    if any(isinstance(a, Swap) for a in view.legal):
        lines.append(_("13 swaps card 1 for widow card 3."))
        if view.rules.multi_swap:
            lines.append(_("13 21 swaps two cards each."))
        lines.append(_("Cards by code or name work too."))
    left_out = NO_WIDOW if not view.rules.widow else frozenset()

    def group(template: str, commands: tuple[str, ...]) -> list[str]:
        return listed(template, [command_word(lang, c) for c in commands if c not in left_out])

    lines += group(_("Look: {commands}."), LOOK)
    lines += group(_("So far: {commands}."), TOLD)
    lines += group(_("Again: {commands}."), AGAIN)
    lines += group(_("Advice: {commands}."), ADVICE)
    lines += group(_("Rules and help: {commands}."), READ)
    return lines + settings_lines(lang)
