"""The rules book: every section of every ruleset in every language, each hand rank with a true example, the
options as the ruleset has them, and what the book claims checked against docs/rules.md (rule ids in the test names)
and against the engine."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from commerce_a11y.i18n import LANGUAGES, use_language
from commerce_a11y.narration.book_hands import example_words
from commerce_a11y.narration.rules_book import SECTION_KEYS, hand_ranks, rules_book
from commerce_a11y.rules import RULESETS, OptionError, parse_cards, ruleset

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("commerce", {}),
    ("commerce", {"ace_low": True, "pounce": True, "swaps_per_turn": 3, "chips": 5}),
    ("commerce", {"extended": True}),
    ("braillespiel", {}),
    ("braillespiel", {"deck": 32, "krikelkrakel": True, "hands": 20, "marks": 7}),
    ("braillespiel", {"deck": 52}),
    ("handeln", {}),
    ("handeln", {"limit": 3}),
    ("thirty-one", {}),
    ("thirty-one", {"chips": 1}),
    ("trentuno", {}),
    ("schwimmen", {}),
    ("schwimmen", {"chips": 1}),
    ("tauschen", {}),
]
variants = pytest.mark.parametrize(("name", "options"), VARIANTS,
                                   ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
                                        for n, o in VARIANTS])


@pytest.fixture
def english() -> Iterator[None]:
    use_language("en")
    yield


def book_text(name: str, **options: Any) -> dict[str, str]:
    """Each section's text in English, by key."""
    use_language("en")
    return {s.key: " ".join(s.lines) for s in rules_book(ruleset(name, **options))}


def test_every_playable_ruleset_has_a_book() -> None:
    assert {name for name, _ in VARIANTS} == set(RULESETS)


@variants
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_section_is_there_and_spoken_in_every_language(name: str, options: dict[str, Any], lang: str) -> None:
    rules = ruleset(name, **options)
    use_language("en")
    english = rules_book(rules)
    use_language(lang)
    try:
        book = rules_book(rules)
    finally:
        use_language("en")
    assert [s.key for s in book] == list(SECTION_KEYS)
    for section, source in zip(book, english, strict=True):
        assert section.title.strip() and section.lines, section.key
        for line in section.lines:
            assert line.strip() and "{" not in line and "}" not in line, line
            # Written for the ear: no tables, no symbols standing for words.
            assert "|" not in line and "\t" not in line and "*" not in line, line
        if lang != "en":
            untranslated = set(section.lines) & set(source.lines)
            assert not untranslated, f"{lang} {section.key}: still English: {untranslated}"


@variants
def test_each_hand_rank_has_an_example_of_that_rank(name: str, options: dict[str, Any]) -> None:
    rules = ruleset(name, **options)
    ranks = hand_ranks(rules)
    assert ranks
    for lang in LANGUAGES:
        use_language(lang)
        try:
            ranking = next(s for s in rules_book(rules) if s.key == "ranking")
            for rank in hand_ranks(rules):
                assert rules.name_hand(parse_cards(rank.example)).category == rank.category, rank.text
                assert f"{rank.text} {example_words(rules, rank.example)}" in ranking.lines
        finally:
            use_language("en")


@pytest.mark.parametrize(("name", "options"), [v for v in VARIANTS if v[0] != "handeln"])
def test_ranks_are_told_best_first(name: str, options: dict[str, Any]) -> None:
    """C7-C11, C17, B4-B6, B9, T1, R2: each rank's example beats the next one's (Handeln's lines are ways of
    counting points, not ranks)."""
    rules = ruleset(name, **options)
    values = [rules.hand_value(parse_cards(rank.example)) for rank in hand_ranks(rules)]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


@variants
def test_players_and_options_come_from_the_ruleset(name: str, options: dict[str, Any], english: None) -> None:
    """G1 and each ruleset's player range; every option named with its value and its default."""
    rules = ruleset(name, **options)
    text = book_text(name, **options)
    low = rules.min_players
    high = next(n for n in range(rules.max_players, low - 1, -1) if _allows(rules, n))
    assert f"Players: {low} to {high}." in text["players"]
    assert not _allows(rules, high + 1) and not _allows(rules, low - 1)
    option_lines = next(s for s in rules_book(rules) if s.key == "options").lines
    specs = RULESETS[name].specs
    assert len(option_lines) == len(specs) + 1
    for spec, line in zip(specs, option_lines, strict=False):
        assert line.startswith(f"{spec.name} is "), line
        value = rules.options[spec.name]
        if not isinstance(value, bool) and spec.name != "deck" and value:
            assert line.startswith(f"{spec.name} is {value}")
        if isinstance(spec.default, bool):
            assert ("the default" in line) if value == spec.default else ("The default is off." in line)
        elif spec.name not in ("deck", "hands"):
            assert f"The default is {spec.default}" in line
    assert option_lines[-1].endswith(f"--rules {name} --option " + option_lines[-1].rsplit(" ", 1)[-1])


def _allows(rules: Any, players: int) -> bool:
    try:
        rules.check_players(players)
    except OptionError:
        return False
    return True


# What the book must say, rule by rule: (rule id, ruleset, options, section, words the section must hold).
STATED = [
    ("G2", "commerce", {}, "dealing", "Players tied for highest draw again, among themselves only."),
    ("G3", "handeln", {}, "dealing", "the deal passes to the left, to the next player still in the match"),
    ("G4", "trentuno", {}, "dealing", "the player on the dealer's right cuts"),
    ("G6", "thirty-one", {}, "dealing", "called the eldest, takes the first turn"),
    ("G7", "braillespiel", {}, "turn", "only the cards you were dealt stay private"),
    ("G8", "commerce", {}, "players", "ace 11; king, queen, jack and ten 10"),
    ("C1", "commerce", {}, "turn", "do exactly one thing: swap, pass or knock"),
    ("C3", "commerce", {"swaps_per_turn": 3}, "turn", "a card you just laid cannot be taken back that turn"),
    ("C3", "commerce", {"swaps_per_turn": 2}, "turn", "Your last turn after a knock allows the same."),
    ("C5", "commerce", {}, "turn", "the very first included, but not in the last round"),
    ("C5", "thirty-one", {}, "turn", "Knocking brings no bonus and no penalty."),
    ("C6", "commerce", {}, "turn", "passed twice in a row, the hands are shown at once, with no last round"),
    ("C8", "commerce", {}, "ranking", "king, ace, two is no Sequence"),
    ("C8", "commerce", {"ace_low": True}, "ranking", "lowest of all ace, two, three"),
    ("C10", "commerce", {}, "ranking", "so a king beats a ten, although both are worth 10"),
    ("C11", "commerce", {}, "ranking", "nine, four, two and seven, six, two both make 15"),
    ("C12", "commerce", {}, "ranking", "Three ranks in a row in mixed suits are no combination here."),
    ("C14", "commerce", {}, "showdown", "Ties between better hands do not matter"),
    ("C14", "trentuno", {}, "showdown", "Suits never break a tie."),
    ("C16", "commerce", {}, "showdown", "no chip is lost, and the next dealer deals a new hand"),
    ("C16", "thirty-one", {}, "showdown", "no life is lost"),
    ("C15", "commerce", {}, "winning", "The last player with chips wins the match."),
    ("C17", "commerce", {"pounce": True}, "turn", "never in the last round, and only while you hold three cards"),
    ("C17", "commerce", {"pounce": True}, "ranking", "counts its best three cards"),
    ("C18", "commerce", {"extended": True}, "ranking", "All of them tie with each other, below every Flush."),
    ("C18", "commerce", {"extended": True}, "turn", "passed once in a row, swapping ends"),
    ("B1", "braillespiel", {}, "dealing", "everyone puts one mark into the pot"),
    ("B1", "braillespiel", {}, "winning", "no marks when a hand starts is out"),
    ("B2", "braillespiel", {}, "turn", "swap one, two or three of your cards"),
    ("B3", "braillespiel", {}, "turn", "Passing is final"),
    ("B6", "braillespiel", {}, "ranking", "Three different suits give no points."),
    ("B7", "braillespiel", {}, "showdown", "came first in this hand's turn order wins, the eldest first"),
    ("B8", "braillespiel", {}, "showdown", "The best hand takes the whole pot."),
    ("B9", "braillespiel", {"krikelkrakel": True}, "ranking", "below a Tricon and above a Sequence"),
    ("B10", "braillespiel", {}, "winning", "equal marks share the win"),
    ("B10", "braillespiel", {"hands": 20}, "winning", "or after 20 hands at the latest"),
    ("H1", "handeln", {}, "dealing", "the dealer alone may exchange the whole hand"),
    ("H2", "handeln", {}, "turn", "it is the same as passing"),
    ("H3", "handeln", {}, "turn", "you may not swap again"),
    ("H4", "handeln", {}, "turn", "Holding 31 or more, you may call Fire"),
    ("H5", "handeln", {}, "ranking", "three aces make 33, the best hand"),
    ("H6", "handeln", {}, "showdown", "Everyone tied for fewest gets one."),
    ("H7", "handeln", {"limit": 3}, "winning", "reaches 3 minus points"),
    ("T1", "thirty-one", {}, "ranking", "Three of a rank count 30.5"),
    ("T2", "thirty-one", {}, "turn", "right after your own swap, in the last round too"),
    ("T2", "thirty-one", {}, "dealing", "Right after the deal, in turn order from the eldest"),
    ("T3", "thirty-one", {}, "showdown", "each of those players loses a life"),
    ("R1", "trentuno", {}, "players", "without eights, nines and tens"),
    ("R2", "trentuno", {}, "ranking", "between 30 and 31"),
    ("R2", "trentuno", {}, "ranking", "Between two busts the lower total is better."),
]


@pytest.mark.parametrize(("rule", "name", "options", "section", "words"), STATED,
                         ids=[f"{r}-{n}-{i}" for i, (r, n, *_) in enumerate(STATED)])
def test_the_book_states_each_rule_and_choice(rule: str, name: str, options: dict[str, Any], section: str,
                                              words: str, english: None) -> None:
    assert words in book_text(name, **options)[section], rule


def test_the_book_leaves_out_what_the_options_switch_off(english: None) -> None:
    """C3, C17, C18, B9: a default book does not describe options that are off (except in its options section)."""
    plain = book_text("commerce")
    assert "pounce" not in plain["ranking"] and "Pounce" not in plain["turn"]
    assert "Here a turn may hold" not in plain["turn"]
    assert "ace, two, three" not in plain["ranking"]
    extended = book_text("commerce", extended=True)
    assert "Pair:" not in extended["ranking"] and "Point:" not in extended["ranking"]
    assert "Krikelkrakel" not in book_text("braillespiel")["ranking"]
    assert "5 chips" in book_text("commerce", chips=5)["players"]
    assert "Players: 3 to 9." in book_text("braillespiel", deck=32)["players"]


def test_one_sentence_serves_every_ruleset_where_the_rule_is_shared(english: None) -> None:
    """G2, G4, G5: the common ground is one catalog entry, said the same in every book."""
    books = [book_text(name) for name in RULESETS]
    for words in ("Players tied for highest draw again, among themselves only.",
                  "The dealer shuffles, and the player on the dealer's right cuts.",
                  "Everyone gets three cards, one at a time, starting on the dealer's left."):
        assert all(words in book["dealing"] for book in books)


# The book's claims, checked against the engine: (rule id, ruleset, options, first hand, second hand, how the first
# compares with the second).
CLAIMS = [
    ("C10", "commerce", {}, "9C 9H KS", "9D 9S 10H", ">"),
    ("C11", "commerce", {}, "9C 4H 2S", "7C 6H 2D", "="),
    ("C8", "commerce", {}, "KH AH 2H", "AS KS 2S", "="),  # K-A-2 in one suit is a Flush, no Sequence
    ("C8", "commerce", {"ace_low": True}, "4S 3S 2S", "AH 2H 3H", ">"),
    ("C12", "commerce", {}, "9C 8H 7S", "10C 8H 6S", "="),  # a mixed run is a Point (24 = 24)
    ("C18", "commerce", {"extended": True}, "KS 9S 4S", "AC AH KD", ">"),
    ("C18", "commerce", {"extended": True}, "9C 9H KS", "7C 5H 2D", "="),
    ("B6", "braillespiel", {}, "8C 7C 9H", "AC KH QS", ">"),
    ("H5", "handeln", {}, "JS JH 8H", "KS QD 10D", "="),  # 20 = 20
    ("H5", "handeln", {}, "AC AD AH", "AC KC 10C", ">"),  # 33 > 31
    ("T1", "thirty-one", {}, "AS KS 10S", "7C 7D 7H", ">"),
    ("T1", "thirty-one", {}, "7C 7D 7H", "AS KS 9S", ">"),  # 30.5 > 30
    ("R2", "trentuno", {}, "2C 2D 2H", "KC QD JH", ">"),  # a Tricon beats 30
    ("R2", "trentuno", {}, "AC KD QH", "AC AD AH", ">"),  # 31 beats a Tricon
    ("R2", "trentuno", {}, "2C 3D 4H", "AC AD KH", ">"),  # 9 beats bust
    ("R2", "trentuno", {}, "AC AD KH", "AC AD AH", "<"),  # 32 bust is below the Tricon of aces
]


@pytest.mark.parametrize(("rule", "name", "options", "first", "second", "relation"), CLAIMS,
                         ids=[f"{r}-{i}" for i, (r, *_) in enumerate(CLAIMS)])
def test_what_the_book_claims_the_engine_does(rule: str, name: str, options: dict[str, Any], first: str,
                                              second: str, relation: str) -> None:
    rules = ruleset(name, **options)
    a, b = rules.hand_value(parse_cards(first)), rules.hand_value(parse_cards(second))
    assert {">": a > b, "<": a < b, "=": a == b}[relation], rule


def test_examples_count_what_the_book_says(english: None) -> None:
    """H5's example (two jacks 20 over two hearts 18), T1's 30.5, R2's 32 bust, C11's Point 15."""
    assert "20 points" in example_words(ruleset("handeln"), "JS JH 8H")
    assert "11 points, highest card only" in example_words(ruleset("handeln"), "7H JS AC")
    assert "30.5 points" in example_words(ruleset("thirty-one"), "7C 7D 7H")
    assert "32 points, bust" in example_words(ruleset("trentuno"), "AC AD KH")
    assert ruleset("commerce").name_hand(parse_cards("9C 4H 2S")).points == 15
