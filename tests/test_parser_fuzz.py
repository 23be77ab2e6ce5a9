"""Hostile input to the command parser, fuzzed with hypothesis for every ruleset and language.

Whatever a player (or a cat, or a terminal's stray escape sequence) types, ``parse`` returns nothing for an empty
line, else a review command, an action, or one sentence on what went wrong; it never raises. An action it returns
is either legal at that seat's decision or refused by the rules with nothing changed, so the game can say why.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import pytest
from engine_helpers import full_state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from commerce_a11y.bots import make_bot
from commerce_a11y.i18n import LANGUAGES, translation, use_language
from commerce_a11y.narration.words import words
from commerce_a11y.rules import RULESETS, Action, IllegalAction, Match, Phase, Player, ruleset
from commerce_a11y.seat.parser import (
    REVIEW_COMMANDS,
    Invalid,
    Play,
    Review,
    _answer_words,
    _command_words,
    _setting_words,
    clean,
    normalize,
    parse,
)

ESCAPES = ["\x1b[A", "\x1b[B", "\x1b[1;5C", "\x1b]0;x\x07", "\x1bOP", "\x1b[200~", "\x1b[201~", "\x1b", "\x07",
           "\x00", "\x7f", "\b", "\r", "\t", "\x9b", "\u200b", "\u202e", "\ufeff", "\ud800", "\udcff", "\ufffd"]
NUMBERS = ["0", "00", "13", "31", "99", "-1", "1e9", "4" * 40, "²", "٣", "¹³", "1.5", "0x10"]


def _all_words() -> list[str]:
    """Every command, answer and setting word and every card name and code, of every language."""
    found: set[str] = set()
    for lang in LANGUAGES:
        t = translation(lang)
        for table in (_command_words(t), _answer_words(t), _setting_words(t)):
            for text in table.values():
                found.update(text.split())
        found.update(words("card", lang))
        found.update(words("code", lang))
    return sorted(found)


WORDS = _all_words()

token = st.one_of(st.sampled_from(WORDS), st.sampled_from(ESCAPES), st.sampled_from(NUMBERS),
                  st.integers(-10**30, 10**30).map(str), st.text(max_size=8))
hostile_line = st.one_of(
    st.text(),
    st.lists(token, max_size=8).map(" ".join),
    st.tuples(token, st.integers(200, 20_000)).map(lambda t: (t[0] + " ") * t[1]),
    st.binary(max_size=40).map(lambda b: b.decode("utf-8", "surrogateescape")),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
)


@dataclass(frozen=True)
class Decision:
    """A match stopped at a decision: its ruleset and the actions that led there, so it can be built afresh."""

    name: str
    actions: tuple[Action, ...]

    def build(self) -> tuple[Match, int]:
        options = {"pounce": True, "swaps_per_turn": 2} if self.name == "commerce" else {}
        match = Match(ruleset(self.name, **options), [Player(f"P{i}") for i in range(4)], seed=11)
        for action in self.actions:
            match.apply(match.to_act, action)  # type: ignore[arg-type]
        assert match.to_act is not None
        return match, match.to_act


def decisions(name: str, wanted: int = 40) -> list[tuple[Decision, Match, int]]:
    """Decisions of every phase the ruleset has, played by a random computer player from one seeded match."""
    match, _ = Decision(name, ()).build()
    bot = make_bot("random", 11)
    rng = random.Random(11)
    found: list[tuple[Decision, Match, int]] = []
    phases: set[Phase] = set()
    actions: list[Action] = []
    while not match.over and len(found) < wanted:
        if match.phase not in phases or rng.random() < 0.2:
            phases.add(match.phase)
            decision = Decision(name, tuple(actions))
            found.append((decision, *decision.build()))
        actions.append(bot.choose(match.view(match.to_act)))  # type: ignore[arg-type]
        match.apply(match.to_act, actions[-1])  # type: ignore[arg-type]
    return found


DECISIONS = {name: decisions(name) for name in RULESETS}


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    use_language(request.param)
    yield request.param
    use_language("en")


def check_clean(text: str) -> None:
    out = clean(text)
    assert out == out.strip()
    assert len(out) <= 200
    assert not any(unicodedata.category(ch)[0] == "C" for ch in out), repr(out)


def check_parse(text: str, decision: Decision, match: Match, seat: int) -> None:
    view = match.view(seat)
    parsed = parse(text, view)
    if parsed is None:
        assert clean(text) == ""
        return
    assert isinstance(parsed, Review | Play | Invalid), parsed
    if isinstance(parsed, Invalid):
        assert parsed.message.strip() and "\n" not in parsed.message
        assert not any(unicodedata.category(ch)[0] == "C" for ch in parsed.message), repr(parsed.message)
        assert len(parsed.message) < 300
    elif isinstance(parsed, Review):
        assert parsed.command in REVIEW_COMMANDS
    elif parsed.action not in view.legal:
        outcome(decision, parsed.action)


@cache
def outcome(decision: Decision, action: Action) -> str:
    """What the rules make of an action outside the legal list: legal in another pairing of the same cards, or
    refused with a sentence and nothing changed."""
    trial, seat = decision.build()
    before = full_state(trial)
    try:
        trial.apply(seat, action)
    except IllegalAction as refusal:
        assert refusal.template
        assert full_state(trial) == before
        return "refused"
    return "legal"


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(text=hostile_line, pick=st.integers(min_value=0))
def test_parse_never_raises_and_answers_sensibly(language: str, name: str, text: str, pick: int) -> None:
    found = DECISIONS[name][pick % len(DECISIONS[name])]
    check_clean(text)
    assert all(ch.isalnum() or ch == "?" for ch in normalize(text))
    check_parse(text, *found)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_every_word_of_every_language_at_every_kind_of_decision(language: str) -> None:
    """Not random: each known word alone and after each command word, at each ruleset's decisions."""
    commands = sorted({w for lang in LANGUAGES for t in [translation(lang)]
                       for text in _command_words(t).values() for w in text.split()})
    for name, found in DECISIONS.items():
        for decision in found[:6]:
            for word in WORDS:
                check_parse(word, *decision)
            for command in commands:
                for arg in ("13", "99", "0", "x", "\x1b[A", WORDS[len(command) % len(WORDS)]):
                    check_parse(f"{command} {arg}", *decision)
        assert name


def test_escape_sequences_and_invalid_utf8_never_reach_the_screen() -> None:
    _, match, seat = DECISIONS["commerce"][0]
    for text in ("\x1b]0;x\x07hand", "\x1b[31mhand\x1b[0m", "ha\x00nd", "\udcffhand"):
        assert clean(text) in ("hand", "\udcffhand".replace("\udcff", ""))
    parsed = parse("\x1b]0;pwned\x07xyzzy\x1b[2J", match.view(seat))
    assert isinstance(parsed, Invalid) and "\x1b" not in parsed.message and "\x07" not in parsed.message
