"""Issue 15, "Words": the Dutch catalog says what Dutch card players say (docs/style/nl.md).

A rank was a "soort" ("drie opeenvolgende soorten"), "zo een" stood for "zo'n", a swap was "13 geeft je kaart 1
voor widowkaart 3", and Braillespiel's marks were "speelpenningen", fourteen braille cells where "fiches" takes six.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from commerce_a11y.i18n import translation

CATALOG = Path(__file__).resolve().parent.parent / "locales" / "nl" / "LC_MESSAGES" / "commerce.po"


def dutch_texts() -> list[str]:
    with CATALOG.open("rb") as file:
        catalog = read_po(file)
    return [text for message in catalog if message.id
            for text in (message.string if isinstance(message.string, tuple) else (message.string,)) if text]


@pytest.mark.parametrize("pattern", [r"\bsoort(en)?\b", r"\bzo een\b", r"\b(geeft|gaf)\b[^.;:]*\bvoor\b",
                                     r"speelpenning", r"(\b(aas|heer|vrouw|boer)|\{rank\}) hoog\b"])
def test_no_dutch_sentence_keeps_an_anglicism(pattern: str) -> None:
    assert [text for text in dutch_texts() if re.search(pattern, text, re.IGNORECASE)] == []


@pytest.mark.parametrize(("english", "dutch"), [
    ("13 swaps card 1 for widow card 3.", "13 ruilt kaart 1 tegen widowkaart 3."),
    ("{name} takes the {took} for the {gave}.", "{name} ruilt {gave} tegen {took}."),
    ("{name} {took} for {gave}.", "{name} {took} voor {gave}."),
    ("Tricon: three of a rank.", "Tricon: drie van dezelfde rang."),
    (("braillespiel", "Sequence: three ranks in a row in one suit."),
     "Reeks: drie opeenvolgende kaarten van één kleur."),
    ("sequence, {rank} high, in {suit}", "reeks tot {rank} in {suit}"),
    (("braillespiel", "Three different suits give no points. Such a hand ranks below every hand with points; between "
      "two of them the higher cards win, the highest card first."),
     "Drie verschillende kleuren geven geen punten. Zo'n hand staat onder elke hand met punten; tussen twee zulke "
     "handen winnen de hogere kaarten, de hoogste eerst."),
    ("Marks: {list}.", "Fiches: {list}."),
    ("Neither you nor the widow has {card}.", "Je hebt {card} niet, en de widow ook niet."),
    ("It beats {percent} of 100 hands.", "Dat verslaat {percent} van de 100 handen."),
])
def test_dutch_says_it_as_card_players_do(english: str | tuple[str, str], dutch: str) -> None:
    nl = translation("nl")
    assert (nl.pgettext(*english) if isinstance(english, tuple) else nl.gettext(english)) == dutch
