"""Issue 25, items 1, 5 and 12: brief speech says both cards of every swap, for every player, in every language and
card style; the lines that tell moves, showdowns and counts carry no semicolon or parenthesis (a screen reader
speaks them as words); English move lines say "the" before a card; a hand's value inside a line is a phrase, in
lower case after a colon."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engine_helpers import cards

from commerce_a11y.cards import parse_cards
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.asking import status_lines
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.results import hand_lines, results
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.narration.words import card_code, card_name
from commerce_a11y.rules import RULESETS, Dealt, ExchangedAll, Match, Player, Showdown, Swapped, Traded, ruleset
from commerce_a11y.simulate import play_match

NAMES = ["You", "Anna", "Ben", "Cem"]
BRIEF_SWAP = {"en": ("You {took} for {gave}.", "{name} {took} for {gave}."),
              "de": ("Du {took} für {gave}.", "{name} {took} für {gave}."),
              "nl": ("Jij {took} voor {gave}.", "{name} {took} voor {gave}.")}
"""Brief speech's swap in each language, the player's own and another's: taken first, laid last."""


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    use_language("en")


def narrator(name: str, seat: int = 0, verbosity: Verbosity = Verbosity.BRIEF,
             style: CardStyle = CardStyle.NAMES) -> Narrator:
    return Narrator(ruleset(name), NAMES, seat, verbosity, style)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("style", list(CardStyle))
def test_brief_names_both_cards_of_a_swap_for_an_opponent_and_for_the_player(lang: str, style: CardStyle) -> None:
    use_language(lang)
    word = card_code if style is CardStyle.CODES else card_name
    took, gave = cards("8H"), cards("6C")
    mine, theirs = BRIEF_SWAP[lang]
    assert narrator("commerce", 0, style=style).event(Swapped(1, tuple(gave), tuple(took))) == [
        theirs.format(name="Anna", took=word(took[0]), gave=word(gave[0]))]
    assert narrator("commerce", 1, style=style).event(Swapped(1, tuple(gave), tuple(took))) == [
        mine.format(took=word(took[0]), gave=word(gave[0]))]


def test_brief_says_a_swap_with_codes_in_a_few_cells() -> None:
    swap = Swapped(1, tuple(cards("6C")), tuple(cards("8H")))
    assert narrator("commerce", style=CardStyle.CODES).event(swap) == ["Anna h8 for c6."]
    use_language("de")
    assert narrator("commerce", style=CardStyle.CODES).event(swap) == ["Anna he8 für kr6."]


def test_brief_names_both_sides_of_a_whole_widow_a_blind_take_and_a_trade() -> None:
    hand, widow = tuple(cards("7C 8D 9H")), tuple(cards("8C 9D 10H"))
    exchange = ExchangedAll(1, hand, widow)
    assert narrator("commerce", style=CardStyle.CODES).event(exchange) == ["Anna: widow for c7 d8 h9."]
    blind = ExchangedAll(1, hand, widow, blind=True)
    assert narrator("schwimmen", style=CardStyle.CODES).event(blind) == ["Anna: face-down widow for c7 d8 h9."]
    # The dealer who took the face-down widow hears what it held: new to them alone.
    assert narrator("schwimmen", 1, style=CardStyle.CODES).event(blind) == ["You c8 d9 hT for c7 d8 h9."]
    trade = Traded(1, cards("2S")[0], cards("AD")[0], 0)
    assert narrator("tauschen", 1, style=CardStyle.CODES).event(trade) == ["You dA for s2."]
    assert narrator("tauschen", 0).event(trade.visible_to(0)) == ["Anna trades and pays you."]


def test_english_move_lines_say_the_before_a_card() -> None:
    swap = Swapped(1, tuple(cards("6C")), tuple(cards("8H")))
    assert narrator("commerce", 0, Verbosity.NORMAL).event(swap) == [
        "Anna takes the eight of hearts for the six of clubs."]
    assert narrator("commerce", 1, Verbosity.NORMAL, CardStyle.CODES).event(swap) == ["You take the h8 for the c6."]


def test_a_value_after_a_colon_is_a_phrase_in_lower_case() -> None:
    hand = tuple(parse_cards("AH 8D 7S"))
    lost = Showdown({0: hand, 1: tuple(parse_cards("QH QD QS"))}, {}, losers=(0,))
    assert results(narrator("braillespiel"), lost) == ["You lose a chip: no points, high cards ace, eight, seven."]
    shown = Showdown({1: tuple(parse_cards("9C 7C 2C")), 0: tuple(parse_cards("KH QH JH"))}, {}, losers=(1,))
    assert hand_lines(narrator("commerce", verbosity=Verbosity.VERBOSE), shown, with_cards=True) == [
        "Anna: flush in clubs, nine, seven, two, with nine of clubs, seven of clubs, two of clubs.",
        "You: sequence, king high, in hearts, with king of hearts, queen of hearts, jack of hearts."]


def test_a_tie_won_by_the_player_is_its_own_sentence() -> None:
    tie = Showdown({0: tuple(parse_cards("AH KH 7C")), 1: tuple(parse_cards("AS KS 8D")),
                    2: tuple(parse_cards("7D 8C 9H"))}, {}, winners=(0,))
    assert results(narrator("braillespiel"), tie) == ["You and Anna tie with 21 points.",
                                                     "You win the pot, first in turn order."]


@pytest.mark.parametrize("name", list(RULESETS))
def test_no_move_showdown_or_count_line_has_a_semicolon_or_a_parenthesis(name: str) -> None:
    """Every line the narration says for a whole bot match, at every verbosity, card style and language."""
    options = {"braillespiel": {"marks": 2}, "handeln": {"limit": 2}}.get(name, {"chips": 1})
    match = play_match(ruleset(name, **options), ["basic"] * 4, seed=5)
    found = set()
    for lang in ("en", "de", "nl"):
        use_language(lang)
        for verbosity in Verbosity:
            for style in CardStyle:
                seat = Narrator(match.rules, NAMES, 0, verbosity, style)
                for line in seat.events([e.visible_to(0) for e in match.events]):
                    if any(mark in line for mark in ";()"):
                        found.add(line)
    assert not found


def test_brief_speech_says_the_hand_again_when_two_changed_and_the_widow_when_all_did() -> None:
    """Every swap is told with both its cards: one card changed since the player heard their hand is what their
    swap line said, and the swap lines of a round tell the widow's changes, so brief speech says the hand again
    only when more than one of its cards changed, and the widow only when none of the cards heard in it is left
    (issue 25's speech budget). Normal speech says each again wherever anything changed."""
    match = Match(ruleset("commerce"), [Player(n) for n in NAMES], seed=1)
    match.hands[0], match.widow = list(parse_cards("KH 5D QS")), list(parse_cards("8H KS 7S"))
    view = match.view(0)
    heard = (tuple(view.hand), tuple(view.widow))
    one = (heard[0], (*parse_cards("9C"), *heard[1][1:]))
    two = ((*parse_cards("9C 10C"), heard[0][2]), (*parse_cards("9D 10D"), heard[1][2]))
    every = (heard[0], tuple(parse_cards("9D 10D JD")))
    assert status_lines(narrator("commerce"), view, one) == []
    assert status_lines(narrator("commerce"), view, two) == [
        "Your cards: king of hearts, five of diamonds, queen of spades."]
    assert status_lines(narrator("commerce"), view, every) == [
        "Widow: eight of hearts, king of spades, seven of spades."]
    assert status_lines(narrator("commerce", verbosity=Verbosity.NORMAL), view, one) == [
        "Widow: eight of hearts, king of spades, seven of spades."]
    # With codes the hand and the widow are one line, said where either is stale by the same rule; in normal
    # speech wherever anything changed; none when nothing did (the last one is still above).
    codes = narrator("commerce", style=CardStyle.CODES)
    assert status_lines(codes, view, one) == []
    assert status_lines(codes, view, (heard[0], two[1])) == []
    assert status_lines(codes, view, two) == ["hK d5 sQ, h8 sK s7"]
    assert status_lines(codes, view, every) == ["hK d5 sQ, h8 sK s7"]
    assert status_lines(narrator("commerce", verbosity=Verbosity.NORMAL, style=CardStyle.CODES), view, one) == [
        "hK d5 sQ, widow h8 sK s7"]
    assert status_lines(codes, view, heard) == []


@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_with_codes_the_deal_says_the_cards_line(verbosity: Verbosity) -> None:
    """The deal's cards with codes are the same line a question's status says, so the first question needs none."""
    hands = {0: tuple(parse_cards("KH 5D QS")), 1: tuple(parse_cards("2C 3C 4C"))}
    deal = Dealt(hand=1, dealer=1, hands=hands, widow=tuple(parse_cards("8H KS 7S")), cut_by=0, cut=5)
    lines = narrator("commerce", verbosity=verbosity, style=CardStyle.CODES).event(deal)
    widow = "h8 sK s7" if verbosity is Verbosity.BRIEF else "widow h8 sK s7"
    assert lines[-1] == f"hK d5 sQ, {widow}"
