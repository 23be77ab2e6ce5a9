"""The German words of issue 15, as a German player hears them (docs/style/de.md): each sentence verbatim."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from commerce_a11y.cards import parse_cards
from commerce_a11y.i18n import _, use_language
from commerce_a11y.narration.asking import question
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.results import results
from commerce_a11y.narration.values import value_words
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.rules import Anted, FirstDealerDrawn, Match, Phase, Player, Showdown, ruleset
from commerce_a11y.seat.parser import all_words, main_words, setting_word

NAMES = ["You", "Anna", "Ben", "Cem"]


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    use_language("de")
    yield
    use_language("en")


def narrator(name: str, verbosity: Verbosity = Verbosity.NORMAL) -> Narrator:
    return Narrator(ruleset(name), NAMES, 0, verbosity, CardStyle.NAMES)


def test_the_draw_for_the_first_deal_is_german() -> None:
    draws = {0: parse_cards("8H")[0], 1: parse_cards("KH")[0]}
    assert narrator("commerce").event(FirstDealerDrawn(draws, 1)) == [
        "Um den ersten Geber wird gezogen: du Herz 8, Anna Herz-König."]


def test_a_swap_by_numbers_tauscht_gegen() -> None:
    assert _("13 swaps card 1 for widow card 3.") == "13 tauscht Karte 1 gegen Skatkarte 3."


def test_values_name_the_category_first_in_german_patterns() -> None:
    assert value_words(ruleset("commerce"), parse_cards("8H 7H 6H")) == "Sequenz bis Acht in Herz"
    assert value_words(ruleset("commerce"), parse_cards("KC 9H 2S")) == "Point 21"
    assert value_words(ruleset("braillespiel", krikelkrakel=True), parse_cards("10C 9H 8S")) == (
        "Krikelkrakel bis Zehn")


def test_braillespiel_pays_into_the_kasse() -> None:
    assert narrator("braillespiel").event(Anted(4, {0: 9, 1: 9, 2: 9, 3: 9})) == ["Kasse: 4 Spielmarken."]


def test_a_tie_names_the_player_without_a_verb_that_would_need_du() -> None:
    hands = {0: parse_cards("QH JH 10H"), 1: parse_cards("QS JS 10S"), 2: parse_cards("7C 9D 8H")}
    showdown = Showdown(hands, {}, winners=(0,))
    assert results(narrator("braillespiel"), showdown) == [
        "Gleichstand mit Sequenz bis Dame in Herz: Du und Anna.", "Du gewinnst die Kasse: früher dran."]


def test_handeln_asks_for_feuer_or_fertig_and_neither_has_a_short_form() -> None:
    words = all_words("de")
    assert words["fire"] == ("feuer",) and words["done"] == ("fertig",)
    view = replace(Match(ruleset("handeln"), [Player(n) for n in NAMES], seed=1).view(0), phase=Phase.CALL)
    line = question(narrator("handeln"), view, ", ".join((main_words("de")["fire"], main_words("de")["done"])))
    assert line == "Du darfst ansagen: feuer, fertig? "


def test_a_card_setting_is_said_back_in_german_case() -> None:
    assert _("Cards: {value}.").format(value=setting_word("de", "names")) == "Karten: ausgeschrieben."
    assert _("Cards: {value}.").format(value=setting_word("de", "codes")) == "Karten: abgekürzt."


def test_the_glossary_says_what_a_knock_does_without_a_riddle() -> None:
    """Native ears: "der Klopfende ist, wer geklopft hat" defined the word by itself."""
    assert _("Knock: the call that gives everyone else one last turn; the knocker is who called it.") == (
        "Klopfen: Wer klopft, gibt allen anderen noch einen letzten Zug.")
