"""What the player typed, understood: a review command, an action, or one sentence on what went wrong.

Command words come from the catalogs (each entry lists a command's words, the first shown in help, the others
abbreviations or synonyms); the English words and the record's card codes work in every language, the player's
own language winning where a word means something else in English. Cards are named by position (``13``: hand
card 1 for widow card 3), by short code (``hQ``, ``heD``, either case, ``QH``) or by spoken name ("queen of hearts",
"Herz-Dame"); a named card's place (hand or widow) tells which side of the swap it is on, so order is free.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from ..cards import CARDS, Card
from ..cleaning import clean, fold
from ..i18n import _, active_language, translation
from ..narration.words import card_name, words
from ..rules import (
    Accept,
    Action,
    Decline,
    ExchangeAll,
    Fire,
    Knock,
    Offer,
    Pass,
    Phase,
    Pounce,
    SeatView,
    Swap,
    Term,
    Trade,
)


class ReviewCommand(StrEnum):
    """A command that reads (or changes a setting) and never changes the match: the vocabulary's key, so that the
    catalogs' words and a plain string compare equal to it."""

    HAND = "hand"
    WIDOW = "widow"
    HISTORY = "history"
    CHIPS = "chips"
    TURN = "turn"
    VALUE = "value"
    SHOW = "show"
    REPEAT = "repeat"
    HINT = "hint"
    EXPLAIN = "explain"
    WHATIF = "whatif"
    HELP = "help"
    RULES = "rules"
    QUIT = "quit"
    VERBOSITY = "verbosity"
    CARDS = "cards"
    SPEECH = "speech"
    LANGUAGE = "language"


REVIEW_COMMANDS = tuple(ReviewCommand)
"""Every review command, in the order help names them."""
_REVIEW = {c.value: c for c in ReviewCommand}


ALONE = frozenset({ReviewCommand.HAND, ReviewCommand.WIDOW, ReviewCommand.CHIPS, ReviewCommand.TURN,
                   ReviewCommand.VALUE, ReviewCommand.SHOW, ReviewCommand.REPEAT, ReviewCommand.HINT,
                   ReviewCommand.QUIT})
"""The review commands that take nothing after them (help reads past a word, as a player asking about one means)."""

TAKES_WORDS = frozenset({"swap", "offer", "give"})
"""The moves that name cards after their word; every other move is typed alone (but Schwimmen's "all swap", in the
languages that say it that way round: German "alle tauschen")."""


def review_command(command: str) -> ReviewCommand | None:
    """The review command a vocabulary key names, if it names one."""
    return _REVIEW.get(command)


def _command_words(t: Any) -> dict[str, str]:
    """Each command's words in one language (``t`` is that language's translations)."""
    # Translators: the words a player types for a command, separated by spaces. The first is the command's name
    # (shown in help), the others are short forms or synonyms. Every word must be unique in your language.
    return {
        "swap": t.pgettext("command", "swap s trade"),
        "pass": t.pgettext("command", "pass p"),
        "knock": t.pgettext("command", "knock k"),
        # Translators: Handeln's call "I'm in!" (German "Eingeschafft!"), which works like a knock.
        "in": t.pgettext("command", "in"),
        # Translators: Handeln's call "Fire!" (German "Feuer!").
        "fire": t.pgettext("command", "fire f"),
        # Translators: Thirty-One's call of 31, which ends the hand at once.
        "call": t.pgettext("command", "call"),
        "pounce": t.pgettext("command", "pounce po"),
        "exchange": t.pgettext("command", "exchange x"),
        "keep": t.pgettext("command", "keep ke"),
        # Translators: Schwimmen: the dealer takes the three face-down cards in the middle unseen (German
        # "nehmen"), instead of keeping the hand dealt.
        "take": t.pgettext("command", "take"),
        # Translators: Schwimmen: swap all three of your cards for the whole widow at once; the question shows it
        # as "swap all" (its own entry), so the first word here is the second word of that phrase.
        "all": t.pgettext("command", "all"),
        # Translators: Trade and Barter (tauschen): offer one of your cards to your right-hand neighbour, "offer 2"
        # (German "handeln", Dutch "handelen": the barter with the neighbour).
        "offer": t.pgettext("command", "offer of barter"),
        # Translators: Trade and Barter: take the card offered to you and give one of yours for it, "give 2".
        "give": t.pgettext("command", "give gi accept"),
        # Translators: Trade and Barter: say no to the card offered to you.
        "decline": t.pgettext("command", "decline dc"),
        "done": t.pgettext("command", "done d end"),
        # Translators: not calling right after the deal (Fire!, 31): waiting for a better moment.
        "wait": t.pgettext("command", "wait"),
        "hand": t.pgettext("command", "hand h"),
        "widow": t.pgettext("command", "widow w skat"),
        "history": t.pgettext("command", "history hi"),
        "chips": t.pgettext("command", "chips c"),
        "turn": t.pgettext("command", "turn tu news"),
        "value": t.pgettext("command", "value v"),
        # Translators: the last showdown again, every hand with its cards and value.
        "show": t.pgettext("command", "show sh"),
        "repeat": t.pgettext("command", "repeat r again"),
        # Translators: what the strongest computer player would do now, and why.
        "hint": t.pgettext("command", "hint tip"),
        # Translators: why an opponent made their last move, or why the last showdown went as it did.
        "explain": t.pgettext("command", "explain why"),
        # Translators: "whatif 13": the value the hand would have after a swap, without making it.
        "whatif": t.pgettext("command", "whatif wi if"),
        "help": t.pgettext("command", "help ?"),
        "rules": t.pgettext("command", "rules ru"),
        "quit": t.pgettext("command", "quit q exit"),
        "verbosity": t.pgettext("command", "verbosity ve"),
        "cards": t.pgettext("command", "cards cd"),
        "speech": t.pgettext("command", "speech sp"),
        "language": t.pgettext("command", "language la"),
    }


def _replay_words(t: Any) -> dict[str, str]:
    """The commands of a replay beyond the review commands, in one language (each word unique there too)."""
    return {
        "next": t.pgettext("command", "next ne"),
        "previous": t.pgettext("command", "back b previous"),
        "goto": t.pgettext("command", "goto g go"),
    }


def _answer_words(t: Any) -> dict[str, str]:
    """Answers to questions, in one language."""
    return {
        "yes": t.pgettext("answer", "yes y"),
        "no": t.pgettext("answer", "no n"),
        "all": t.pgettext("answer", "all a"),
        # Translators: little words a player may put between card names, e.g. "seven of clubs for queen of hearts".
        "filler": t.pgettext("filler", "for and with"),
    }


def _setting_words(t: Any) -> dict[str, str]:
    """The values of settings, in one language."""
    return {
        "brief": t.pgettext("setting", "brief b"),
        "normal": t.pgettext("setting", "normal n"),
        "verbose": t.pgettext("setting", "verbose v"),
        "names": t.pgettext("setting", "names"),
        "codes": t.pgettext("setting", "codes"),
        "on": t.pgettext("setting", "on"),
        "off": t.pgettext("setting", "off"),
    }


def _reader_words(t: Any) -> dict[str, str]:
    """The rules reader's commands, in one language (repeat, help and quit are the game's own words)."""
    # Translators: the words a player types in the rules reader, separated by spaces, the first one shown in the
    # prompt. They must differ from each other, from the reader's repeat, help and quit words, and from the
    # section names.
    return {
        "next": t.pgettext("reader", "next n"),
        "previous": t.pgettext("reader", "back b previous"),
        "list": t.pgettext("reader", "list l sections"),
        "search": t.pgettext("reader", "find f search"),
        "repeat": t.pgettext("command", "repeat r again"),
        "help": t.pgettext("command", "help ?"),
        "quit": t.pgettext("command", "quit q exit"),
    }


def _section_words(t: Any) -> dict[str, str]:
    """Short names of the rules book's sections, to jump to one ("rules ranking"), in one language."""
    # Translators: words that name a section of the rules book, separated by spaces; a player types one of them
    # after "rules" (in the game) or alone (in the rules reader) to go to that section.
    return {
        "players": t.pgettext("section", "players cards deck"),
        "goal": t.pgettext("section", "goal aim"),
        "dealing": t.pgettext("section", "dealing deal"),
        "turn": t.pgettext("section", "turn moves"),
        "ranking": t.pgettext("section", "ranking ranks hands"),
        "showdown": t.pgettext("section", "showdown"),
        "winning": t.pgettext("section", "winning elimination"),
        "options": t.pgettext("section", "options"),
        "tips": t.pgettext("section", "tips advice"),
        "glossary": t.pgettext("section", "glossary words terms"),
    }


def words_of(table: dict[str, str]) -> dict[str, tuple[str, ...]]:
    return {key: tuple(normalize(w) for w in text.split()) for key, text in table.items()}


def spellings(word: str) -> tuple[str, ...]:
    """A word as typed normally and on a keyboard or terminal without umlauts ("könig", "koenig", "konig")."""
    return tuple(dict.fromkeys(normalize(form) for form in (word, fold(word), fold(word, umlauts=False))))


IRREVERSIBLE = frozenset({"fire", "call"})
"""Commands that end the hand at once: their English short forms ("f") stay English, so that a German player's stray
"f" is not taken for Feuer."""


def _vocabulary(lang: str, table: Any) -> dict[str, str]:
    """Every word of a table to its key: the language's own words first, then the English ones it does not use."""
    result: dict[str, str] = {}
    for language in (lang, "en"):
        for key, text in table(translation(language)).items():
            words = text.split()
            if language != lang and key in IRREVERSIBLE:
                words = words[:1]  # the English name, not its short forms
            for word in words:
                for spelling in spellings(word):
                    result.setdefault(spelling, key)
    return result


@cache
def command_vocabulary(lang: str) -> dict[str, str]:
    """Every command word, in the language and in English."""
    return _vocabulary(lang, _command_words)


@cache
def all_words(lang: str) -> dict[str, tuple[str, ...]]:
    """Each command's words in a language (for help)."""
    return words_of(_command_words(translation(lang)))


@cache
def replay_vocabulary(lang: str) -> dict[str, str]:
    """Every word a replay understands: the commands of a replay and the game's, in the language and in English."""
    return _vocabulary(lang, lambda t: {**_command_words(t), **_replay_words(t)})


@cache
def replay_words(lang: str) -> dict[str, tuple[str, ...]]:
    """Each replay command's words in a language (for help)."""
    return words_of(_replay_words(translation(lang)))


@cache
def main_words(lang: str) -> dict[str, str]:
    """Each command's first word in a language, for help and prompts."""
    return {c: w[0] for c, w in all_words(lang).items()}


def _shown_words(t: Any) -> dict[tuple[str, str], str]:
    """What a question shows for a command where a ruleset has its own word for it, in one language: each is a
    word (or words) of that command that players of the game use ("schieben" for a pass in Schwimmen)."""
    return {
        # Translators: Schwimmen's pass as the question shows it; one of your words for "pass" (German "schieben").
        ("schwimmen", "pass"): t.pgettext("schwimmen", "pass"),
        # Translators: Schwimmen: the whole hand for the whole widow, as the question shows it and a player types
        # it: your word for "swap", then your word for "all" (or the other way round, as your language says it).
        ("schwimmen", "all"): t.gettext("swap all"),
        # Translators: Trade and Barter: a card for the top of the dealer's stock, as the question shows it; one of
        # your words for "swap" (German "tauschen", Dutch "ruilen").
        ("tauschen", "swap"): t.pgettext("tauschen", "trade"),
    }


@cache
def shown_words(lang: str, rules: str) -> dict[str, str]:
    """Each command as a question, help or hint shows it in a language and ruleset: its first word, or the
    ruleset's own word for it."""
    shown = dict(main_words(lang))
    for (name, command), text in _shown_words(translation(lang)).items():
        if name == rules:
            shown[command] = text
    return shown


@cache
def answer_vocabulary(lang: str) -> dict[str, str]:
    """Words for yes, no and all, in the language and in English."""
    return _vocabulary(lang, _answer_words)


@cache
def setting_vocabulary(lang: str) -> dict[str, str]:
    """Words for setting values (brief, codes, on, ...), in the language and in English."""
    return _vocabulary(lang, _setting_words)


@cache
def reader_vocabulary(lang: str) -> dict[str, str]:
    """The rules reader's command words, in the language and in English."""
    return _vocabulary(lang, _reader_words)


@cache
def reader_words(lang: str) -> dict[str, str]:
    """Each rules reader command's first word in a language, for its prompt and help."""
    return {c: w[0] for c, w in words_of(_reader_words(translation(lang))).items()}


@cache
def section_vocabulary(lang: str) -> dict[str, str]:
    """Words naming the rules book's sections, in the language and in English."""
    return _vocabulary(lang, _section_words)


@cache
def setting_word(lang: str, value: str) -> str:
    """A setting value's own word in a language, to say it back ("Verbosity: kurz.")."""
    return words_of(_setting_words(translation(lang)))[value][0]


def normalize(text: str) -> str:
    """Lowercase, without accents' combining marks kept apart, hyphens or spaces: "Herz-Dame" -> "herzdame"."""
    text = unicodedata.normalize("NFC", text).lower()
    return "".join(ch for ch in text if ch.isalnum() or ch == "?")


@cache
def card_lexicon(lang: str) -> dict[str, Card]:
    """Every way to name a card: the language's names and codes, the English ones, and the record codes."""
    lexicon: dict[str, Card] = {}
    for language in (lang, "en"):
        for card, name, code in zip(CARDS, words("card", language), words("code", language), strict=True):
            for spelling in (*spellings(name), *spellings(code)):
                lexicon.setdefault(spelling, card)
    for card in CARDS:
        lexicon.setdefault(normalize(card.code), card)
    return lexicon


@dataclass(frozen=True)
class Review:
    """A command that only reads (or changes a setting): it never changes the match."""

    command: ReviewCommand
    argument: str = ""


@dataclass(frozen=True)
class Play:
    action: Action


@dataclass(frozen=True)
class Invalid:
    message: str


Parsed = Review | Play | Invalid


def parse(line: str, view: SeatView) -> Parsed | None:
    """Understand one line at this seat's decision; None for an empty line (the question is simply asked again)."""
    text = clean(line)
    if not text:
        return None
    lang = active_language()
    tokens = text.split()
    first = normalize(tokens[0])
    command = command_vocabulary(lang).get(first)
    rest = tokens[1:]
    if command is None:
        if view.phase is Phase.ANSWER and (first.isdecimal() or _cards(tokens, lang)):
            return _one_card(tokens, view, Accept)  # X4: the answer to an offer is the card given for it
        if not view.rules.widow and (first.isdecimal() or _cards(tokens, lang)):
            return Invalid(_("Type trade or offer and a card, for example offer 2."))
        if first.isdecimal():
            return _swap(tokens, view)
        cards = _cards(tokens, lang)
        if cards:
            return _swap(tokens, view)
        return Invalid(_("I do not know {word}. Type help for the commands.").format(word=tokens[0][:20]))
    review = review_command(command)
    swap_all = command == "all" and len(rest) == 1 and command_vocabulary(lang).get(normalize(rest[0])) == "swap"
    if rest and not swap_all and (review in ALONE or (review is None and command not in TAKES_WORDS)):
        # "knock knock", "pass 2": a word the command does not take is refused, not dropped unheard.
        return Invalid(_("Type {word} alone, nothing after it.").format(word=tokens[0][:20]))
    if review is not None:
        return Review(review, " ".join(rest))
    trading = view.rules.trade and not view.rules.widow
    if command == "swap" and trading:  # X3: in tauschen one trades with the stock, and its word is the swap's
        return _one_card(rest, view, Trade)
    if command in ("offer", "give"):  # X4
        return _one_card(rest, view, Offer if command == "offer" else Accept)
    if command == "swap" and len(rest) == 1 and command_vocabulary(lang).get(normalize(rest[0])) == "all":
        return Play(ExchangeAll())  # S3: "swap all"
    if command == "swap":
        if not rest:
            return Invalid(_("Which cards? For example swap 13: your card 1 for widow card 3."))
        return _swap(rest, view)
    actions: dict[str, Action] = {"pass": Pass(), "knock": Knock(), "in": Knock(), "fire": Fire(), "call": Fire(),
                                  "pounce": Pounce(), "exchange": ExchangeAll(), "take": ExchangeAll(),
                                  "all": ExchangeAll(), "decline": Decline(),
                                  **dict.fromkeys(("keep", "done", "wait"), view.phase.done)}
    action = actions[command]
    if command == "pass" and view.phase is Phase.CONTINUE:
        action = view.phase.done
    if command == "pass" and view.phase is Phase.ANSWER:  # X4: passing on an offer declines it
        action = Decline()
    if command == "keep" and view.phase is Phase.TURN and ExchangeAll() not in view.legal:
        # "keep" answers the dealer's exchange (H1); at a turn it is refused for the same reason as "exchange"
        # (in schwimmen, where a turn may exchange all three, S3, as the end of a turn that has none).
        action = ExchangeAll()
    return Play(action)


def _cards(tokens: list[str], lang: str) -> list[Card] | None:
    """Card names or codes in the tokens (names may span several words), or None if something is not a card."""
    lexicon = card_lexicon(lang)
    fillers = {w for w, key in answer_vocabulary(lang).items() if key == "filler"}
    words = [normalize(t) for t in tokens]
    words = [w for w in words if w and w not in fillers]
    found: list[Card] = []
    i = 0
    while i < len(words):
        for span in (4, 3, 2, 1):
            joined = "".join(words[i:i + span])
            if i + span <= len(words) and joined in lexicon:
                found.append(lexicon[joined])
                i += span
                break
        else:
            return None
    return found


ACTION_ORDER = ("swap", "exchange_all", "trade", "offer", "accept", "decline", "pass", "knock", "fire", "pounce",
                "done")
"""Action kinds in the order the question names them."""


def command_for(kind: str, view: SeatView) -> str:
    """The command (a vocabulary key) that makes an action of this kind at this seat's decision: Handeln calls
    its knock "in" and its fire "fire", the others call 31 with "call"; the dealer keeps a hand with "keep", and
    a player who may call right after the deal waits with "wait"; in Schwimmen the dealer takes the face-down
    widow with "take" (S2) and a turn swaps all three with "all" (S3)."""
    rules = view.rules
    done = {Phase.EXCHANGE: "keep", Phase.CALL: "wait"}.get(view.phase, "done")
    exchange = ("take" if view.phase is Phase.EXCHANGE else "all") if rules.swap_all else "exchange"
    return {"knock": "in" if Term.IM_IN in rules.terms else "knock", "fire": "fire" if Term.FIRE in rules.terms
            else "call",
            "exchange_all": exchange, "done": done, "trade": "swap", "accept": "give"}.get(kind, kind)


def _one_card(tokens: list[str], view: SeatView, make: type[Trade] | type[Offer] | type[Accept]) -> Parsed:
    """X3, X4: an action with one of the player's own cards, named by its place in the hand, its code or its
    name ("offer 2", "give queen of hearts")."""
    found = one_card(tokens, view)
    return found if isinstance(found, Invalid) else Play(make(found))


def one_card(tokens: list[str], view: SeatView) -> Card | Invalid:
    """One of the player's own cards, by its place in the hand, its code or its name (``whatif`` reads it too)."""
    found: Card | None = None
    if len(tokens) == 1 and tokens[0].isdecimal():
        place = int(tokens[0])
        if 1 <= place <= len(view.hand):
            found = view.hand[place - 1]
    else:
        cards = _cards(tokens, active_language()) or []
        if len(cards) == 1 and cards[0] in view.hand:
            found = cards[0]
    if found is None:
        return Invalid(_("Name one of your cards, by number from 1 to {hand}, code or name.").format(
            hand=len(view.hand)))
    return found


def _swap(tokens: list[str], view: SeatView) -> Parsed:
    found = swap_from_tokens(tokens, view)
    return found if isinstance(found, Invalid) else Play(found)


def swap_from_tokens(tokens: list[str], view: SeatView) -> Swap | Invalid:
    """Swap by positions ("13", "1 3", "13 21") or by cards (codes or names, in any order); ``whatif`` reads
    its swap the same way."""
    if all(t.isdecimal() for t in tokens):
        digits = "".join(tokens)
        if len(digits) % 2:
            return Invalid(_("Give two numbers: your card, then the widow card, for example 13."))
        gave, took = [], []
        for k in range(0, len(digits), 2):
            h, s = int(digits[k]), int(digits[k + 1])
            if not (1 <= h <= len(view.hand) and 1 <= s <= len(view.widow)):
                return Invalid(_("Choose your card from 1 to {hand} and the widow card from 1 to 3.").format(
                    hand=len(view.hand)))
            if view.hand[h - 1] in gave:
                return Invalid(_("Your card {number} is named twice.").format(number=h))
            if view.widow[s - 1] in took:
                return Invalid(_("Widow card {number} is named twice.").format(number=s))
            gave.append(view.hand[h - 1])
            took.append(view.widow[s - 1])
        return Swap(tuple(gave), tuple(took))
    cards = _cards(tokens, active_language())
    if cards is None:
        return Invalid(_("Name cards by number, code or name, for example swap 13."))
    twice = next((c for i, c in enumerate(cards) if c in cards[:i]), None)
    if twice is not None:
        return Invalid(_("{card} is named twice.").format(card=card_name(twice)))
    gave = [c for c in cards if c in view.hand]
    took = [c for c in cards if c in view.widow]
    stray = [c for c in cards if c not in view.hand and c not in view.widow]
    if stray:
        return Invalid(_("Neither you nor the widow has {card}.").format(card=card_name(stray[0])))
    if len(gave) != len(took) or not gave:
        return Invalid(_("Name one of your cards for each widow card."))
    return Swap(tuple(gave), tuple(took))
