"""What a seat is asked and answered about its decision: the question, the refusal of a move, and help.

One version of each for both front ends: the console's game asks its player through these, the table server each
person at their turn, so a question, a refusal and the help read the same at the terminal and at a table.
"""

from __future__ import annotations

from ..cards import Card
from ..i18n import _, active_language
from ..narration.narrator import Narrator
from ..rules import Action, IllegalAction, Phase, SeatView, Swap
from .parser import ACTION_ORDER, REVIEW_COMMANDS, all_words, command_for, main_words, shown_words

USUAL = frozenset({"swap", "all", "offer", "pass", "knock", "in"})
"""The commands of an ordinary turn (swap one or all three, trade, offer, pass, knock), which a brief question
leaves unsaid: the others (a call, a pounce, done) it names."""
SETTINGS = ("verbosity", "cards", "speech", "language")


def possible(view: SeatView) -> list[str]:
    """The action commands that fit the legal actions now, in a fixed order."""
    kinds = {a.kind for a in view.legal}
    return [command_for(kind, view) for kind in ACTION_ORDER if kind in kinds]


def question(narrator: Narrator, view: SeatView) -> str:
    """The prompt: the decision, and the actions possible now in the player's words (``Narrator.question``)."""
    words = shown_words(active_language(), view.rules.name)
    commands = possible(view)
    usual = view.phase is Phase.TURN and set(commands) <= USUAL
    return narrator.question(view, ", ".join(words[c] for c in commands), usual)


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
    """A command's word for help, with its short form: "history (hi)"."""
    forms = (words or all_words(lang))[command]
    return _("{word} ({short})").format(word=forms[0], short=forms[1]) if len(forms) > 1 else forms[0]


def settings_line(lang: str) -> str:
    """The settings and how to leave, for help."""
    return _("Settings: {commands}. Leave: {quit}.").format(
        commands=", ".join(command_word(lang, c) for c in SETTINGS), quit=command_word(lang, "quit"))


def help_lines(view: SeatView) -> list[str]:
    """What the seat may type now: the actions (and how to name cards for them), the review commands, the
    settings."""
    lang = active_language()
    shown = shown_words(lang, view.rules.name)

    def action(command: str) -> str:
        # A ruleset's own word for a command ("schieben") is shown as it is, without the command's short form.
        return command_word(lang, command) if shown[command] == main_words(lang)[command] else shown[command]

    lines = [_("Now: {commands}.").format(commands=", ".join(action(c) for c in possible(view)))]
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
    review = [c for c in REVIEW_COMMANDS if c not in (*SETTINGS, "quit")]
    lines.append(_("Any time: {commands}.").format(commands=", ".join(command_word(lang, c) for c in review)))
    lines.append(settings_line(lang))
    return lines
