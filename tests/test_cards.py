"""Cards, their record codes (docs/record.md#cards-and-seats), the decks of docs/rules.md (52, 32 for Braillespiel and
Handeln, 40 for Trentuno R1)."""

from __future__ import annotations

import pytest

from commerce_a11y.cards import CARD_VALUES, CARDS, SUITS, Card, card, codes, deck, parse_card, parse_cards

ALL_RANKS = range(2, 15)


def test_there_are_52_distinct_cards_one_per_rank_and_suit():
    assert len(CARDS) == 52
    assert len({(c.rank, c.suit) for c in CARDS}) == 52
    assert {c.rank for c in CARDS} == set(ALL_RANKS)
    assert {c.suit for c in CARDS} == {0, 1, 2, 3}


def test_card_codes_follow_the_record_format():
    """docs/record.md: rank 2-9, 10, J, Q, K, A, then the suit C D H S."""
    assert card(10, SUITS.index("H")).code == "10H"
    assert card(12, SUITS.index("S")).code == "QS"
    assert card(7, SUITS.index("C")).code == "7C"
    assert card(14, SUITS.index("D")).code == "AD"
    assert card(11, 0).code == "JC"
    assert card(13, 2).code == "KH"
    assert str(card(2, 3)) == "2S"
    assert repr(card(10, 2)) == "Card(10H)"
    all_codes = {c.code for c in CARDS}
    assert len(all_codes) == 52
    for code in all_codes:
        assert code[-1] in "CDHS"
        assert code[:-1] in {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}


@pytest.mark.parametrize("c", CARDS, ids=lambda c: c.code)
def test_every_code_parses_back_to_its_card(c: Card):
    assert parse_card(c.code) == c
    assert parse_card(c.code.lower()) == c
    assert parse_card(f"  {c.code} ") == c


def test_parsed_cards_are_the_shared_instances():
    assert parse_card("QH") is card(12, 2)
    assert isinstance(parse_card("QH"), int)


@pytest.mark.parametrize("bad", ["", "H", "1H", "11H", "1", "QX", "Q", "10", "AHH", "T H", "0S"])
def test_parse_card_refuses_bad_codes_and_names_them(bad: str):
    with pytest.raises(ValueError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value)


def test_parse_cards_accepts_spaces_commas_and_iterables():
    expected = (card(14, 2), card(2, 2), card(3, 2))
    assert parse_cards("AH 2H 3H") == expected
    assert parse_cards("AH,2H, 3H") == expected
    assert parse_cards("ah  2h\t3h") == expected
    assert parse_cards(["AH", "2H", "3H"]) == expected
    assert parse_cards("") == ()
    with pytest.raises(ValueError):
        parse_cards("AH 2H XX")


def test_codes_turns_cards_and_ints_into_codes_in_order():
    assert codes(parse_cards("10H QS 7C")) == ["10H", "QS", "7C"]
    assert codes([int(c) for c in parse_cards("2C AS")]) == ["2C", "AS"]


def test_card_points_follow_g8():
    """G8: Ace 11; King, Queen, Jack, Ten 10; Nine to Two their face value."""
    assert parse_card("AS").points == 11
    for code in ("KS", "QS", "JS", "10S"):
        assert parse_card(code).points == 10
    for n in range(2, 10):
        assert parse_card(f"{n}D").points == n
    assert CARD_VALUES == {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 10, 12: 10, 13: 10, 14: 11}
    assert all(c.points == CARD_VALUES[c.rank] for c in CARDS)


def test_rank_numbers_put_the_ace_high_g9():
    """G9: A K Q J 10 9 ... 2, the ace high."""
    assert sorted((c.rank for c in parse_cards("2C AS 10D JH")), reverse=True) == [14, 11, 10, 2]


def test_52_card_deck_is_every_card_once():
    d = deck(52)
    assert len(d) == 52
    assert set(d) == set(CARDS)


def test_32_card_deck_is_seven_to_ace_in_four_suits():
    """Braillespiel (< 9 players) and Handeln: the Skat deck, 7 to A."""
    d = deck(32)
    assert len(d) == len(set(d)) == 32
    assert {c.rank for c in d} == set(range(7, 15))
    for suit in range(4):
        assert sum(1 for c in d if c.suit == suit) == 8


def test_40_card_deck_has_no_eights_nines_or_tens():
    """R1: the 52-card deck without Eights, Nines and Tens."""
    d = deck(40)
    assert len(d) == len(set(d)) == 40
    assert {c.rank for c in d} == {2, 3, 4, 5, 6, 7, 11, 12, 13, 14}
    assert set(d) <= set(CARDS)


@pytest.mark.parametrize("size", [0, 31, 36, 51, 53])
def test_other_deck_sizes_are_refused(size: int):
    with pytest.raises(ValueError, match="32, 40, 52"):
        deck(size)
