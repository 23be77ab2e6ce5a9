"""The narrator and the command parser in every language: complete, unambiguous, brief enough for braille."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from itertools import product
from pathlib import Path

import pytest

from commerce_a11y.cards import CARDS, parse_cards
from commerce_a11y.i18n import LANGUAGES, translation, use_language
from commerce_a11y.narration.asking import question, status_lines
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.narration.words import card_code, card_name
from commerce_a11y.rules import (
    RULESETS,
    Eliminated,
    EndTurn,
    Knock,
    Match,
    MatchEnded,
    Pass,
    Phase,
    Player,
    Swap,
    Wait,
    Waived,
    replay,
    ruleset,
)
from commerce_a11y.rules.events import EVENT_TYPES
from commerce_a11y.seat.parser import (
    Invalid,
    Play,
    Review,
    _command_words,
    card_lexicon,
    command_vocabulary,
    normalize,
    parse,
    words_of,
)
from commerce_a11y.simulate import play_match


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    use_language(request.param)
    yield request.param
    use_language("en")


def test_command_words_are_unique_in_each_language(lang: str) -> None:
    owners: dict[str, set[str]] = defaultdict(set)
    for command, words in words_of(_command_words(translation(lang))).items():
        for word in words:
            owners[word].add(command)
    clashes = {w: c for w, c in owners.items() if len(c) > 1}
    assert not clashes


def test_no_command_word_is_also_a_card(lang: str) -> None:
    """A command word that is also a card code would make "sk hq" a review command instead of a swap."""
    cards = card_lexicon(lang)
    commands = command_vocabulary(lang)
    assert not sorted(set(commands) & set(cards))


def test_card_names_and_codes_name_one_card_each(lang: str) -> None:
    owners: dict[str, set[int]] = defaultdict(set)
    for card in CARDS:
        for word in (card_name(card), card_code(card), card.code):
            owners[normalize(word)].add(card)
    assert all(len(cards) == 1 for cards in owners.values())
    assert len({card_code(c) for c in CARDS}) == 52
    # A suit's small letters, then the rank: a digit, or a letter as a capital, so that speech reads them apart
    # (issue 36); no two codes differ only by case (the owners above are counted without it).
    assert all(2 <= len(code) <= 4 and code[:-1].islower() and (code[-1] in "23456789" or code[-1].isupper())
               for code in map(card_code, CARDS))


def test_with_codes_the_line_before_the_question_holds_the_cards_and_fits_a_40_cell_display(lang: str) -> None:
    """The question names the moves; the line just before it, one pan up on a braille display, holds the hand and
    the widow, within 40 characters for the longest codes (braille cells: tests/test_question_cells.py)."""
    narrator = Narrator(ruleset("commerce"), ["You", "Anna", "Ben"], 0, Verbosity.BRIEF, CardStyle.CODES)
    longest = sorted(CARDS, key=lambda c: len(card_code(c)), reverse=True)[:6]
    match = Match(ruleset("commerce"), [Player("You"), Player("Anna"), Player("Ben")], seed=1)
    match.hands[0], match.widow = list(longest[:3]), list(longest[3:])
    view = match.view(0)
    status = status_lines(narrator, view, ((), ()))
    assert len(status) == 1 and len(status[0]) <= 40, status
    # Said again only once the cards changed: the last cards line is the one a pan up finds.
    assert status_lines(narrator, view, (view.hand, view.widow)) == []
    assert all(card_code(c) in status[0] for c in longest)
    assert question(narrator, view, "swap, pass, knock") == "swap, pass, knock? "


def test_parse_positions_codes_and_names(lang: str) -> None:
    match = Match(ruleset("commerce"), [Player("You"), Player("Anna"), Player("Ben")], seed=1)
    seat = match.to_act
    match.hands[seat] = list(parse_cards("KH 5D QS"))
    match.widow = list(parse_cards("8H KS 7S"))
    match.turn_widow = tuple(match.widow)
    view = match.view(seat)
    expected = Play(Swap(parse_cards("KH"), parse_cards("7S")))
    assert parse("13", view) == expected
    assert parse("1 3", view) == expected
    assert parse("swap 13", view) == expected
    assert parse("KH 7S", view) == expected
    assert parse("7s kh", view) == expected  # order is free: the card's place tells the side
    assert parse(f"{card_code(CARDS[parse_cards('KH')[0]])} {card_code(parse_cards('7S')[0])}", view) == expected
    assert parse(f"{card_name(parse_cards('7S')[0])} {card_name(parse_cards('KH')[0])}", view) == expected
    assert parse("pass", view) == Play(Pass())
    assert parse("k", view) == Play(Knock())
    assert parse("hand", view) == Review("hand")
    assert parse("history all", view) == Review("history", "all")
    assert parse("", view) is None
    assert parse("   ", view) is None
    for bad in ("44", "1", "xyzzy", "swap", "2C 3C", "13 2", "\x00\x1b[31m", "9" * 10_000, "swap KH KS"):
        result = parse(bad, view)
        assert result is None or isinstance(result, Invalid | Play), bad
        if isinstance(result, Invalid):
            assert "\n" not in result.message and "{" not in result.message


def test_pass_after_a_swap_ends_the_turn() -> None:
    use_language("en")
    match = Match(ruleset("commerce", swaps_per_turn=3), [Player("You"), Player("Anna"), Player("Ben")], seed=1)
    seat = match.to_act
    match.apply(seat, match.legal_actions()[0])
    view = match.view(seat)
    assert view.phase is Phase.CONTINUE
    assert parse("pass", view) == Play(EndTurn())


@pytest.mark.parametrize(("name", "verbosity"), list(product(RULESETS, Verbosity)))
def test_every_event_of_bot_matches_is_narrated_in_every_language(name: str, verbosity: Verbosity) -> None:
    options = {"braillespiel": {"marks": 2}, "commerce": {"pounce": True}}.get(name, {})
    match = play_match(ruleset(name, **options), ["basic", "random", "basic", "random"], seed=11)
    for lang in LANGUAGES:
        use_language(lang)
        for style in CardStyle:
            narrator = Narrator(match.rules, ["You", "Anna", "Ben", "Cem"], 0, verbosity, style)
            lines = narrator.events([e.visible_to(0) for e in match.events])
            assert lines
            for line in lines:
                assert line.strip() == line and line
                assert "{" not in line and "}" not in line
                assert "\n" not in line
    use_language("en")


def test_every_event_kind_is_told() -> None:
    """``Narrator.event`` has a case for every event class (the type checker holds its ``match`` to the ``Event``
    union); here every kind, from the record fixtures (tests/records), is told in at least one line when speech is
    verbose, but a decline (``Waived``, issue 23 item 6), which is heard as what follows it and says nothing, as
    before it had an event."""
    told = set()
    for path in (Path(__file__).parent / "records").glob("*.jsonl"):
        match = replay(path.read_text(encoding="utf-8").splitlines())
        narrator = Narrator(match.rules, [p.name for p in match.players], 0, Verbosity.VERBOSE)
        told |= {type(e) for e in match.events if narrator.event(e.visible_to(0))}
        assert not any(narrator.event(e) for e in match.events if isinstance(e, Waived))
    assert told == set(EVENT_TYPES) - {Waived}


def test_the_call_after_the_deal_is_answered_with_call_or_wait() -> None:
    """The question right after the deal offered "done" and a refusal asked to "wait", a word that did not exist."""
    from commerce_a11y.seat.prompts import possible

    use_language("en")
    match = Match(ruleset("thirty-one"), [Player("You"), Player("Anna"), Player("Ben")], seed=1)
    match.phase, match.to_act = Phase.CALL, match.order[0]
    view = match.view(match.order[0])
    assert possible(view)[-1] == "wait"
    assert parse("wait", view) == Play(Wait())


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_an_english_short_form_never_calls_fire_in_another_language(lang: str) -> None:
    """English words work everywhere, but a stray "f" in German is not taken for Feuer, which ends the hand."""
    assert command_vocabulary(lang).get("f") != "fire"
    assert command_vocabulary(lang)["fire"] == "fire"
    assert command_vocabulary("en")["f"] == "fire"


def test_x4_each_seat_hears_an_offer_as_it_may_know_it() -> None:
    """X3, X4: the others hear that an offer was made and taken, or a trade made, never the cards; the two of an
    offer, and the trader, hear them."""
    from commerce_a11y.rules import Bartered, Offered, Traded

    use_language("en")
    queen, seven, two, ace = parse_cards("QH 7C 2S AD")
    names = ["Anna", "Ben", "Cem"]
    told = {seat: Narrator(ruleset("tauschen"), names, seat) for seat in range(3)}
    events = [Offered(1, 2, queen), Bartered(1, 2, queen, seven), Traded(1, two, ace, 0)]

    def heard(seat: int) -> list[str]:
        return told[seat].events([e.visible_to(seat) for e in events])

    assert heard(0) == ["Ben offers Cem a card.", "Cem takes it.", "Ben trades a card and pays you a chip."]
    assert heard(1) == ["You offer the queen of hearts to Cem.", "Cem takes it and gives you the seven of clubs.",
                        "You trade the two of spades for the ace of diamonds and pay Anna a chip."]
    assert heard(2) == ["Ben offers you the queen of hearts.", "You give the seven of clubs for the queen of hearts.",
                        "Ben trades a card and pays Anna a chip."]


def test_s9_swimming_and_going_under_are_said_with_the_games_words() -> None:
    from commerce_a11y.rules import Eliminated, Swimming

    for lang, swims, under in (("en", "Anna swims.", "Anna goes under."), ("de", "Anna schwimmt.",
                                                                          "Anna geht unter."),
                               ("nl", "Anna zwemt.", "Anna verdrinkt.")):
        use_language(lang)
        try:
            narrator = Narrator(ruleset("schwimmen"), ["You", "Anna"], 0)
            assert narrator.event(Swimming(1)) == [swims]
            assert narrator.event(Eliminated(1)) == [under]
        finally:
            use_language("en")


def test_going_out_is_a_line_of_its_own_and_the_final_round_one_more() -> None:
    """Issue 25, item 12 ("You are out. The match plays on to its end. Ben wins the match." in one breath) and
    item 4 (B12): the out line, what follows and the end are lines of their own; the final round is said to
    everyone at every verbosity, a spectator at a table too (seat -1)."""
    use_language("en")
    rules = ruleset("braillespiel")
    names = ["You", "Anna", "Ben", "Cem"]
    normal, brief = Narrator(rules, names, 0), Narrator(rules, names, 0, Verbosity.BRIEF)
    spectator = Narrator(rules, ["Dora", "Anna", "Ben", "Cem"], -1)
    end = MatchEnded((2,), {0: 0, 1: 10, 2: 30, 3: 0})
    assert normal.events([Eliminated(0)]) == ["You are out.", "The match plays on to its end."]
    assert brief.events([Eliminated(0)]) == ["You are out."]
    assert normal.events([Eliminated(0), end]) == ["You are out.", "Ben wins the match.",
                                                   "Marks: you 0, Anna 10, Ben 30, Cem 0."]
    for narrator in (normal, brief):
        assert narrator.events([Eliminated(0), Eliminated(3, 2)]) == [
            "You are out.", "Cem is out.", "The match ends after 2 more hands."]
    assert spectator.events([Eliminated(0, 1)]) == ["Dora is out.", "The match ends after one more hand."]
    commerce = Narrator(ruleset("commerce"), names, 0)
    assert commerce.events([Eliminated(1)]) == ["Anna is out."]
