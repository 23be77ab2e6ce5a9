"""Hand order of every ruleset (docs/rules.md C7-C12, C17, C18, B4-B9, H5, T1, R2).

Two kinds of proof:

* every example the rule book gives, written as hands and compared through the public API
  (``ruleset(...).hand_value``, ``name_hand``);
* exhaustive checks: for all 22,100 three-card hands of the 52-card deck (Handeln: all 4,960 of its 32-card deck,
  the only deck it plays), the engine's value must order hands exactly as an independent, deliberately plain
  implementation of the rule book written here (a category, then the tie-breaks, as a sortable tuple). "Exactly"
  means: equal keys get equal values (exact ties, suits never break one) and a greater key always gets a greater
  value (so the values are an order-preserving image of the rule book's order, and nothing else).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, pairwise, permutations

import pytest

from commerce_a11y.cards import CARDS, Card, deck
from commerce_a11y.rules import HandName, parse_cards, ruleset

ALL_HANDS = list(combinations(CARDS, 3))
HANDS_32 = list(combinations(deck(32), 3))
SUIT = {"C": 0, "D": 1, "H": 2, "S": 3}


def value(rs_name: str, text: str, **options: object) -> int:
    return ruleset(rs_name, **options).hand_value(parse_cards(text))


def name(rs_name: str, text: str, **options: object) -> HandName:
    return ruleset(rs_name, **options).name_hand(parse_cards(text))


# ---------------------------------------------------------------------------------------------------------------
# Independent implementations of each ruleset's order (a larger key is a better hand; equal keys tie exactly).
# ---------------------------------------------------------------------------------------------------------------

def _points(card: Card) -> int:
    rank = card.rank
    if rank == 14:
        return 11
    if rank >= 10:
        return 10
    return rank


def _ranks(hand: Sequence[Card]) -> list[int]:
    return sorted((c.rank for c in hand), reverse=True)


def _one_suit(hand: Sequence[Card]) -> bool:
    return len({c.suit for c in hand}) == 1


def _consecutive(ranks: list[int]) -> bool:
    return ranks[0] == ranks[1] + 1 == ranks[2] + 2


def commerce_key(hand: Sequence[Card], ace_low: bool = False, extended: bool = False) -> tuple:
    ranks = _ranks(hand)
    if len(set(ranks)) == 1:
        return (7, ranks[0])  # C7 tricon, by rank
    if _one_suit(hand) and _consecutive(ranks):
        return (6, ranks[0])  # C8 sequence, by top card
    if _one_suit(hand) and ace_low and ranks == [14, 3, 2]:
        return (6, 0)  # C8 ace_low: A-2-3 is the lowest sequence
    if _one_suit(hand):
        return (5, *ranks)  # C9 flush: highest, middle, lowest
    if extended:
        return (0,)  # C18: every other hand is "no combination", all tie
    if len(set(ranks)) == 2:
        pair = ranks[1]  # the middle rank of a sorted hand with a pair is always the pair's rank
        odd = ranks[0] if ranks[0] != pair else ranks[2]
        return (4, pair, odd)  # C10: pair, then the odd card by rank
    return (3, sum(_points(c) for c in hand))  # C11: point total only, equal sums tie


def braillespiel_key(hand: Sequence[Card], krikelkrakel: bool = False) -> tuple:
    ranks = _ranks(hand)
    suits = [c.suit for c in hand]
    if len(set(ranks)) == 1:
        return (6, ranks[0])  # B4 Kunststück
    if krikelkrakel and _consecutive(ranks) and len(set(suits)) == 3:
        return (5, ranks[0])  # B9 Krikelkrakel, by top card
    if _one_suit(hand) and _consecutive(ranks):
        return (4, ranks[0])  # B5 Sequenz, higher top card wins
    for suit in set(suits):
        if suits.count(suit) >= 2:
            return (3, sum(_points(c) for c in hand if c.suit == suit))  # B6 Punkte of the suit held twice
    return (2, *ranks)  # B6 [choice]: three suits, below every Punkte, by rank highest first


def handeln_key(hand: Sequence[Card]) -> tuple:
    groups = [[c for c in hand if c.suit == s] for s in range(4)]
    groups += [[c for c in hand if c.rank == r] for r in range(2, 15)]
    sums = [sum(_points(c) for c in g) for g in groups if len(g) >= 2]
    return (max(sums) if sums else max(_points(c) for c in hand),)  # H5: best suit or rank group, else high card


def thirty_one_key(hand: Sequence[Card]) -> tuple:
    if len({c.rank for c in hand}) == 1:
        return (30.5,)  # T1
    return (max(sum(_points(c) for c in hand if c.suit == s) for s in range(4)),)


def trentuno_key(hand: Sequence[Card]) -> tuple:
    ranks = _ranks(hand)
    total = sum(_points(c) for c in hand)
    if len(set(ranks)) == 1:
        return (3, ranks[0])  # R2: tricon between 30 and 31, by rank, recognised before any bust
    if total == 31:
        return (4,)
    if total > 31:
        return (1, -total)  # bust: below everything, the lower total better
    return (2, total)


def assert_same_order(rs_options: dict, key: Callable[[Sequence[Card]], tuple], hands: list) -> None:
    rs = ruleset(**rs_options)
    values_by_key: dict[tuple, dict[int, tuple]] = {}
    for hand in hands:
        v = rs.hand_value(hand)
        values_by_key.setdefault(key(hand), {}).setdefault(v, hand)
    split = {k: vs for k, vs in values_by_key.items() if len(vs) > 1}
    assert not split, f"hands the rule book ties got different values: {list(split.items())[:3]}"
    ordered = sorted((k, *next(iter(vs.items()))) for k, vs in values_by_key.items())
    for (k1, v1, h1), (k2, v2, h2) in pairwise(ordered):
        assert v1 < v2, f"{[c.code for c in h1]} (key {k1}) should be below {[c.code for c in h2]} (key {k2})"


EXHAUSTIVE = [
    pytest.param({"name": "commerce"}, commerce_key, id="commerce"),
    pytest.param({"name": "commerce", "ace_low": True}, lambda h: commerce_key(h, ace_low=True),
                 id="commerce-ace_low"),
    pytest.param({"name": "commerce", "extended": True}, lambda h: commerce_key(h, extended=True),
                 id="commerce-extended"),
    pytest.param({"name": "commerce", "extended": True, "ace_low": True},
                 lambda h: commerce_key(h, ace_low=True, extended=True), id="commerce-extended-ace_low"),
    pytest.param({"name": "commerce", "pounce": True, "swaps_per_turn": 3}, commerce_key,
                 id="commerce-pounce-swaps3"),
    pytest.param({"name": "braillespiel"}, braillespiel_key, id="braillespiel"),
    pytest.param({"name": "braillespiel", "krikelkrakel": True}, lambda h: braillespiel_key(h, krikelkrakel=True),
                 id="braillespiel-krikelkrakel"),
    pytest.param({"name": "thirty-one"}, thirty_one_key, id="thirty-one"),
    pytest.param({"name": "trentuno"}, trentuno_key, id="trentuno"),
]


@pytest.mark.parametrize(("options", "key"), EXHAUSTIVE)
def test_value_order_equals_the_rule_book_over_all_22100_hands(options: dict, key: Callable) -> None:
    assert len(ALL_HANDS) == 22_100
    assert_same_order(options, key, ALL_HANDS)


def test_handeln_value_order_equals_the_rule_book_over_its_32_card_deck():
    """H5 over every hand Handeln can be dealt (it plays only the 32-card deck, 4,960 hands)."""
    assert len(HANDS_32) == 4960
    assert_same_order({"name": "handeln"}, handeln_key, HANDS_32)


@pytest.mark.parametrize("options", [{"name": "braillespiel"}, {"name": "trentuno"}, {"name": "commerce"}],
                         ids=lambda o: o["name"])
def test_order_on_the_smaller_decks_too(options: dict) -> None:
    """The 32- and 40-card decks are subsets, so their order follows from the full check; spot it anyway."""
    key = {"braillespiel": braillespiel_key, "trentuno": trentuno_key, "commerce": commerce_key}[options["name"]]
    hands = list(combinations(deck(40 if options["name"] == "trentuno" else 32), 3))
    assert_same_order(options, key, hands)


@pytest.mark.parametrize("rs_name", ["commerce", "braillespiel", "handeln", "thirty-one", "trentuno"])
def test_name_hand_value_agrees_with_the_table_and_order_of_cards_does_not_matter(rs_name: str):
    rs = ruleset(rs_name)
    for hand in ALL_HANDS[::37]:
        v = rs.hand_value(hand)
        assert rs.name_hand(hand).value == v
        for perm in permutations(hand):
            assert rs.hand_value(perm) == v
            assert rs.hand_value([int(c) for c in perm]) == v


def test_public_api_example():
    from commerce_a11y.rules import parse_cards as pc
    from commerce_a11y.rules import ruleset as rsf

    rs = rsf("commerce", ace_low=True)
    v = rs.hand_value(pc("AH 2H 3H"))
    assert isinstance(v, int)
    assert v < rs.hand_value(pc("4H 3H 2H"))
    assert v > rs.hand_value(pc("AS KS JS"))


def test_hand_of_wrong_size_is_refused():
    rs = ruleset("commerce")
    with pytest.raises(ValueError):
        rs.hand_value(parse_cards("AH KH"))
    with pytest.raises(ValueError):
        rs.name_hand(parse_cards("AH KH QH JH 10H"))


# ---------------------------------------------------------------------------------------------------------------
# Commerce: C7-C12
# ---------------------------------------------------------------------------------------------------------------

def test_c7_tricon_ace_highest_two_lowest_and_above_every_sequence():
    assert value("commerce", "AS AH AD") > value("commerce", "KS KH KD") > value("commerce", "3C 3D 3H")
    assert value("commerce", "2S 2H 2D") < value("commerce", "3C 3D 3H")
    assert value("commerce", "2S 2H 2D") > value("commerce", "AS KS QS")
    n = name("commerce", "2S 2H 2D")
    assert (n.category, n.ranks) == ("tricon", (2,))


def test_c8_sequence_order_a_k_q_highest_4_3_2_lowest():
    seqs = ["AS KS QS", "KH QH JH", "QD JD 10D", "JC 10C 9C", "10S 9S 8S", "9H 8H 7H", "8D 7D 6D", "7C 6C 5C",
            "6S 5S 4S", "5H 4H 3H", "4D 3D 2D"]
    values = [value("commerce", s) for s in seqs]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)
    assert value("commerce", "4D 3D 2D") > value("commerce", "AS KS JS")  # lowest sequence beats best flush
    n = name("commerce", "QH AH KH")
    assert (n.category, n.ranks[0], n.suit) == ("sequence", 14, SUIT["H"])


def test_c8_sequences_of_different_suits_tie():
    assert value("commerce", "9H 8H 7H") == value("commerce", "9C 8C 7C")


def test_c8_ace_low_a_2_3_is_the_lowest_sequence_only_with_the_option():
    a23 = "AH 2H 3H"
    assert name("commerce", a23).category == "flush"
    assert value("commerce", a23) < value("commerce", "4H 3H 2H")
    low = name("commerce", a23, ace_low=True)
    assert (low.category, low.suit) == ("sequence", SUIT["H"])
    assert value("commerce", a23, ace_low=True) < value("commerce", "4S 3S 2S", ace_low=True)
    assert value("commerce", a23, ace_low=True) > value("commerce", "AS KS JS", ace_low=True)
    assert value("commerce", a23, ace_low=True) < value("commerce", "2C 2D 2H", ace_low=True)
    # ace_low does not change the top: A-K-Q is still the highest sequence.
    assert value("commerce", "AS KS QS", ace_low=True) == value("commerce", "AS KS QS")
    # Mixed suits A-2-3 is still Point (C12) with ace_low.
    assert name("commerce", "AH 2C 3H", ace_low=True).category == "point"


@pytest.mark.parametrize("ace_low", [False, True])
def test_c8_ranks_never_wrap_k_a_2(ace_low: bool):
    n = name("commerce", "KH AH 2H", ace_low=ace_low)
    assert n.category == "flush"
    assert n.ranks == (14, 13, 2)
    assert name("commerce", "QS KS AS", ace_low=ace_low).category == "sequence"


def test_c9_flush_compared_by_highest_then_middle_then_lowest():
    assert value("commerce", "AH 3H 2H") > value("commerce", "KS QS 10S")  # highest card decides
    assert value("commerce", "KH 9H 2H") > value("commerce", "KS 8S 7S")  # middle card decides
    assert value("commerce", "KH 9H 3H") > value("commerce", "KS 9S 2S")  # lowest card decides
    assert value("commerce", "KH 9H 2H") == value("commerce", "KC 9C 2C")  # suits never break ties (C14)
    assert value("commerce", "5D 3D 2D") > value("commerce", "9C 9D AS")  # every flush beats every pair
    n = name("commerce", "2H KH 9H")
    assert (n.category, n.ranks, n.suit) == ("flush", (13, 9, 2), SUIT["H"])


def test_c10_pair_higher_pair_wins_then_the_odd_card_by_rank():
    assert value("commerce", "10C 10D 2H") > value("commerce", "9C 9H AS")
    # [choice]: a King beats a Ten as odd card, although both are worth 10.
    assert value("commerce", "9C 9H KS") > value("commerce", "9D 9S 10C")
    assert value("commerce", "9C 9H KS") == value("commerce", "9D 9S KC")
    assert value("commerce", "2C 2D 3H") > value("commerce", "AH KD QS")  # every pair beats every point
    n = name("commerce", "9C 9H KS")
    assert (n.category, n.ranks) == ("pair", (9, 13))
    n = name("commerce", "9C AH AS")
    assert (n.category, n.ranks) == ("pair", (14, 9))


def test_c11_point_equal_sums_tie_exactly():
    assert value("commerce", "9C 4D 2H") == value("commerce", "7S 6C 2D")  # both 15
    assert value("commerce", "KC QD 2H") == value("commerce", "10S JC 2D")  # both 22
    assert value("commerce", "AC KD QH") == value("commerce", "AS 10D JH")  # 31 == 31
    assert value("commerce", "AC KD 9H") == value("commerce", "KC QD JH")  # 30 == 30
    assert value("commerce", "AC KD QH") > value("commerce", "AC KD 9H")  # 31 > 30
    assert value("commerce", "2C 3D 5H") < value("commerce", "2C 3D 6H")  # the lowest Point, 10
    n = name("commerce", "KC QD 2H")
    assert (n.category, n.points) == ("point", 22)
    n = name("commerce", "9C 4D 2H")
    assert (n.category, n.points) == ("point", 15)


def test_c12_mixed_suit_run_is_just_point():
    n = name("commerce", "5H 6C 7D")
    assert (n.category, n.points) == ("point", 18)
    assert value("commerce", "QH KC AD") == value("commerce", "AH KS QC")
    assert value("commerce", "QH KC AD") < value("commerce", "2H 2C 3D")


def test_c17_four_of_a_rank_beats_every_three_card_hand_and_compares_by_rank():
    rs = ruleset("commerce", pounce=True)
    quad2 = rs.hand_value(parse_cards("2C 2D 2H 2S"))
    assert quad2 > rs.hand_value(parse_cards("AC AD AH"))
    assert quad2 > rs.hand_value(parse_cards("AS KS QS"))
    assert rs.hand_value(parse_cards("3C 3D 3H 3S")) > quad2
    assert rs.hand_value(parse_cards("AC AD AH AS")) > rs.hand_value(parse_cards("KC KD KH KS"))
    n = rs.name_hand(parse_cards("7C 7D 7H 7S"))
    assert (n.category, n.ranks) == ("quad", (7,))


def test_c17_four_card_hand_without_four_of_a_rank_is_its_best_three_card_subset():
    rs = ruleset("commerce", pounce=True)
    # A tricon that swapped one of its cards away: the tricon is still the best subset.
    hand = parse_cards("9C 9D 9H 2S")
    assert rs.hand_value(hand) == rs.hand_value(parse_cards("9C 9D 9H"))
    # The best subset can be another category than the one the pounce made.
    hand = parse_cards("9C 9D JS QS")
    assert rs.name_hand(hand).category == "pair"
    assert rs.hand_value(parse_cards("5S 9D JS QS")) == rs.hand_value(parse_cards("5S JS QS"))  # a flush
    assert rs.hand_value(parse_cards("10S 9D JS QS")) == rs.hand_value(parse_cards("10S JS QS"))  # a sequence
    assert rs.name_hand(parse_cards("10S 9D JS QS")).category == "sequence"
    for four in combinations(CARDS[::3], 4):
        expected = max(rs.hand_value(three) for three in combinations(four, 3))
        if len({c.rank for c in four}) > 1:
            assert rs.hand_value(four) == expected


def test_c18_extended_only_tricon_sequence_flush_count_and_the_rest_tie():
    ext = {"extended": True}
    assert value("commerce", "9C 9H KS", **ext) == value("commerce", "2C 5D 9H", **ext)
    assert value("commerce", "AC KD QH", **ext) == value("commerce", "2C 3D 5H", **ext)
    assert value("commerce", "AC AD KH", **ext) == value("commerce", "2C 3D 5H", **ext)
    lowest_flush = value("commerce", "5H 3H 2H", **ext)
    assert value("commerce", "AC AD KH", **ext) < lowest_flush
    assert value("commerce", "AC AD AH", **ext) > value("commerce", "AS KS QS", **ext)
    assert value("commerce", "AS KS QS", **ext) > value("commerce", "AS KS JS", **ext)
    assert name("commerce", "9C 9H KS", **ext).category == "none"


# ---------------------------------------------------------------------------------------------------------------
# Braillespiel: B4-B9
# ---------------------------------------------------------------------------------------------------------------

def test_b4_kunststueck_beats_everything_higher_rank_wins():
    assert value("braillespiel", "7C 7D 7H") > value("braillespiel", "AS KS QS")
    assert value("braillespiel", "7C 7D 7H", krikelkrakel=True) > value("braillespiel", "QC KD AH", krikelkrakel=True)
    assert value("braillespiel", "AC AD AH") > value("braillespiel", "KC KD KH")
    assert name("braillespiel", "8C 8D 8H").category == "kunststueck"


def test_b5_sequenz_higher_top_card_wins_and_beats_punkte():
    assert value("braillespiel", "AS KS QS") > value("braillespiel", "KH QH JH") > value("braillespiel", "9C 8C 7C")
    assert value("braillespiel", "9C 8C 7C") > value("braillespiel", "AH KH QS")  # 21 Punkte
    assert value("braillespiel", "9C 8C 7C") > value("braillespiel", "AH KH 9H")  # 30 Punkte in one suit
    assert value("braillespiel", "9C 8C 7C") == value("braillespiel", "9H 8H 7H")


def test_b6_punkte_count_only_the_suit_held_at_least_twice():
    n = name("braillespiel", "AH KH 7C")
    assert (n.category, n.points) == ("points", 21)
    n = name("braillespiel", "AH KH 9H")
    assert (n.category, n.points, n.suit) == ("points", 30, SUIT["H"])
    assert value("braillespiel", "AH KH 7C") == value("braillespiel", "AS KS AD")  # both 21, the ace of D ignored
    assert value("braillespiel", "7H 8H AC") < value("braillespiel", "7S 9S AC")  # 15 < 16


def test_b6_three_suit_hands_rank_below_every_punkte_by_rank():
    three_suits = value("braillespiel", "AH KC QD")
    assert three_suits < value("braillespiel", "7H 8H 9C")  # the smallest Punkte (15) beats it
    assert three_suits < value("braillespiel", "7H 8H AC")
    assert value("braillespiel", "AH KC QD") > value("braillespiel", "AH KC JD")  # higher cards win
    assert value("braillespiel", "AH KC QD") > value("braillespiel", "KH QC JD")
    assert value("braillespiel", "AH KC QD") == value("braillespiel", "AC KD QH")
    n = name("braillespiel", "KH AC QD")
    assert (n.category, n.ranks) == ("high", (14, 13, 12))


def test_b9_krikelkrakel_between_kunststueck_and_sequenz_only_with_the_option():
    kk = "9H 8C 7D"
    assert name("braillespiel", kk).category == "high"
    assert name("braillespiel", kk, krikelkrakel=True).category == "krikelkrakel"
    on = {"krikelkrakel": True}
    assert value("braillespiel", kk, **on) > value("braillespiel", "AS KS QS", **on)
    assert value("braillespiel", kk, **on) < value("braillespiel", "7C 7H 7S", **on)
    assert value("braillespiel", "AH KC QD", **on) > value("braillespiel", kk, **on)  # by top card
    assert value("braillespiel", "9S 8C 7D", **on) == value("braillespiel", kk, **on)
    # Two cards of one suit are no Krikelkrakel (three different suits): they score Punkte.
    assert name("braillespiel", "9H 8H 7D", **on).category == "points"


# ---------------------------------------------------------------------------------------------------------------
# Handeln: H5
# ---------------------------------------------------------------------------------------------------------------

def test_h5_examples_of_the_rule_book():
    n = name("handeln", "JS JH 8H")  # the two Jacks (20) beat the two hearts (18)
    assert n.points == 20
    n = name("handeln", "7H JS AC")  # no two of a suit or rank: only the highest card
    assert (n.category, n.points) == ("high", 11)
    n = name("handeln", "AC AD AH")  # three Aces count their sum
    assert n.points == 33
    assert value("handeln", "AC AD AH") > value("handeln", "AH KH QH")  # 33 > 31, the best hand
    assert value("handeln", "JS JH 8H") == value("handeln", "KS QS 8H")  # 20 == 20
    assert value("handeln", "7H JS AC") < value("handeln", "7H 7S 8C")  # 11 < 14


# ---------------------------------------------------------------------------------------------------------------
# Thirty-One: T1
# ---------------------------------------------------------------------------------------------------------------

def test_t1_best_suit_sum_and_tricon_30_5():
    n = name("thirty-one", "AH KH 9S")
    assert n.points == 21
    assert value("thirty-one", "AH KH QH") > value("thirty-one", "7C 7D 7H") > value("thirty-one", "KH QH JH")
    assert name("thirty-one", "7C 7D 7H").points == 30.5
    assert value("thirty-one", "2C 2D 2H") == value("thirty-one", "AC AD AH")  # every tricon is 30.5
    assert value("thirty-one", "AH 2S 3C") == value("thirty-one", "AS 9H 2D")  # 11 == 11
    assert value("thirty-one", "KH QH 9S") == value("thirty-one", "AS 9S 7D")  # 20 == 20, suits never count
    assert value("thirty-one", "KH QH JH") == value("thirty-one", "AS 10S 9S")  # 30 == 30


# ---------------------------------------------------------------------------------------------------------------
# Trentuno: R2
# ---------------------------------------------------------------------------------------------------------------

def test_r2_closest_to_31_and_suits_do_not_count():
    assert name("trentuno", "AH KS QD").category == "thirty_one"
    assert value("trentuno", "AH KS QD") == value("trentuno", "AC JC 10C")  # 31, equal totals tie exactly
    assert value("trentuno", "AH KS QD") > value("trentuno", "KH QS JD")  # 31 > 30
    assert value("trentuno", "KH QS JD") > value("trentuno", "KH QS 9D")  # 30 > 29
    assert value("trentuno", "KH QS 9D") == value("trentuno", "9H KH QH")  # suits do not count
    n = name("trentuno", "7C 5D 2H")
    assert (n.category, n.points) == ("total", 14)


def test_r2_tricon_between_30_and_31_and_compared_by_rank():
    thirty, thirty_one = value("trentuno", "KH QS JD"), value("trentuno", "AH KS QD")
    for tricon in ("2C 2D 2H", "7C 7D 7H", "KC KD KH", "AC AD AH"):
        assert thirty < value("trentuno", tricon) < thirty_one
    assert value("trentuno", "AC AD AH") > value("trentuno", "KC KD KH") > value("trentuno", "2C 2D 2H")
    # Three Aces total 33, yet the tricon is recognised before any bust.
    n = name("trentuno", "AC AD AH")
    assert (n.category, n.ranks) == ("tricon", (14,))


def test_r2_bust_is_below_every_hand():
    bust = value("trentuno", "AC AD KH")  # 32
    n = name("trentuno", "AC AD KH")
    assert (n.category, n.points) == ("bust", 32)
    assert bust < value("trentuno", "2C 2D 3H")  # the lowest total that can be dealt, 7
    assert bust == value("trentuno", "AS AH QC")  # equal busts tie
    # Among busts the lower total is better (a three-card bust is always 32, so the scorer is asked directly).
    bust_32 = HandName("bust", 1, points=32, fewer_is_better=True)
    assert bust_32.value == bust
    assert bust_32.value > HandName("bust", 1, points=33, fewer_is_better=True).value


# ---------------------------------------------------------------------------------------------------------------
# Record texts (docs/record.md showdown ``values``: a short language-neutral text)
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rs_name", "hand", "text"), [
    ("commerce", "9C 9H KS", "pair 9 K"),
    ("commerce", "KC QD 2H", "point 22"),
    ("commerce", "AS KS QS", "sequence A S"),
    ("commerce", "AC AD AH", "tricon A"),
    ("thirty-one", "7C 7D 7H", "tricon 7 30.5"),
    ("handeln", "JS JH 8H", "points 20"),
])
def test_hand_texts_for_the_record(rs_name: str, hand: str, text: str):
    assert name(rs_name, hand).text == text
