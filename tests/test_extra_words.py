"""A word a command does not take is refused with a sentence, not dropped unheard (issue 25, item 12)."""

from __future__ import annotations

import pytest

from commerce_a11y.i18n import use_language
from commerce_a11y.rules import ExchangeAll, Knock, Match, Pass, Player, PlayerKind, ruleset
from commerce_a11y.seat.parser import Invalid, Play, Review, ReviewCommand, parse


def _turn(name: str = "commerce", seed: int = 3) -> Match:
    match = Match(ruleset(name), [Player("You", PlayerKind.human()), Player("Anna", PlayerKind.bot("basic")),
                                  Player("Ben", PlayerKind.bot("basic"))], seed)
    while match.to_act != 0:
        seat = match.to_act
        assert seat is not None
        match.apply(seat, match.view(seat).legal[0])
    return match


@pytest.mark.parametrize("line", ["knock knock", "pass now", "k k", "hand 2", "quit now", "hint please"])
def test_a_repeated_or_extra_word_is_refused_with_a_sentence(line: str) -> None:
    parsed = parse(line, _turn().view(0))
    assert parsed == Invalid(f"Type {line.split()[0]} alone, nothing after it.")


def test_commands_that_take_words_still_read_them() -> None:
    view = _turn().view(0)
    assert parse("knock", view) == Play(Knock())
    assert parse("pass", view) == Play(Pass())
    assert isinstance(parse("swap 13", view), Play)
    assert parse("history 2", view) == Review(ReviewCommand.HISTORY, "2")
    assert parse("help swap", view) == Review(ReviewCommand.HELP, "swap")


def test_swap_all_reads_in_the_languages_order() -> None:
    view = _turn("schwimmen", 1).view(0)
    use_language("de")
    try:
        assert parse("alle tauschen", view) == Play(ExchangeAll())
        assert parse("tauschen alle", view) == Play(ExchangeAll())
        assert parse("klopfen klopfen", view) == Invalid("Tippe klopfen ohne etwas danach.")
    finally:
        use_language("en")
