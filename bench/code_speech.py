"""Card codes by ear: which codes espeak-ng reads with suit and rank apart, and what each costs in braille.

Card codes (``--cards codes``) are made for braille, but most braille players hear speech too. Issue 36 counted,
with ``espeak-ng -x``, the codes whose suit and rank speech reads as one stressed syllable or as a word (German
``kad`` "kat", English ``st`` "saint"): 16 of 52 in German, 12 in Dutch, 5 in English. This script counts them for
the codes the game prints and for other ways of writing them (``FORMS``), in every language:

* **the criterion**, from espeak-ng's phonemes (``espeak-ng -v LANG -x -q TEXT``), where each stressed syllable
  carries a stress mark (``'``, or ``,`` for a secondary stress). A code is read apart when its suit and its rank
  each keep a stressed syllable of their own, as when said one after the other: ``he`` is ``h'e:``, ``d`` is
  ``d'e:``, and ``heD`` is ``h'e: d'e:``, two, where ``hed`` is ``h'e:t``, one ("heet"). A code is measured in
  the lines the game prints it in (``FRAMES``: alone; first of the cards line, another code after it; last of
  the hand, before the comma; taken in brief speech's swap, a word after it; laid, at the line's end), because
  the words around it change how it is read (English "A" is the letter at a line's end, the article "a" before a
  word). The words around it also change their own stress (German "für" is unstressed in a sentence), so each
  line is compared with the same line with the code's suit and a 5 in its place, a digit, which espeak-ng always
  reads as a word of its own:

      stresses(line with the code) = stresses(line with suit 5) - stresses("5") + stresses(the rank alone)

  Fewer stresses: **merged** (suit and rank share a syllable, or the rank lost its stress). The issue's count is
  the merged codes of the first line, the code alone. A code is also **said otherwise** where a line has more
  stresses, or where the code alone is not the suit's phonemes followed by the rank's, stress marks and pauses
  aside: something more is read aloud (a separator: "punt" for a dot in Dutch, an unstressed "dot" before an
  English digit), or a letter another way.
* **braille**: each code's cells through liblouis ``lou_translate`` with the tables of ``speech_cost.py``
  (de-g0, nl-NL-g0, en-ueb-g1), fewest, most and mean over the 52 cards;
* **speech**: each code's seconds spoken alone by espeak-ng at its default rate (as ``speech_cost.py`` measures
  a line), the sum over the 52 cards.

    uv run python bench/code_speech.py                       # every form, every language
    uv run python bench/code_speech.py --form small game --lang de --json

Needs espeak-ng and liblouis-bin (``espeak-ng`` and ``lou_translate`` on the PATH).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from functools import cache

from speech_cost import VOICES, Braille, Speech, missing_programs  # the same measures as a player's hand

from commerce_a11y.cards import CARDS, Card
from commerce_a11y.i18n import speaking
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.narration.words import words
from commerce_a11y.rules import ruleset

LANGUAGES = ("de", "nl", "en")
GAME = "game"
"""The codes as the game prints them now (``words("code")``)."""
FORMS: dict[str, Callable[[str, str], str]] = {
    "small": lambda suit, rank: suit + rank,
    "capital": lambda suit, rank: suit + rank.upper(),
    "hyphen": lambda suit, rank: f"{suit}-{rank}",
    "underscore": lambda suit, rank: f"{suit}_{rank}",
    "dot": lambda suit, rank: f"{suit}.{rank}",
}
"""Ways of writing a code from its suit's letters and its rank's letter or digit: ``small`` is how the game wrote
them before issue 36 (``hed``), ``capital`` a letter rank as a capital (``heD``), the others a separator between."""
REFERENCE_RANK = "5"
"""The rank a code is compared with: a digit, read as a word of its own after any suit, of one stressed syllable."""
STRESS_MARKS = "',"
NAMES = ("You", "Anna", "Ben", "Cem")
FRAMES = ("alone", "first", "before comma", "taken", "laid")
"""The lines a code is measured in (``frame_lines``)."""
EXAMPLE = next(c for c in CARDS if c.rank == 12 and c.suit == 2)
"""The queen of hearts, the report's example of each form."""


# ----- phonemes ----------------------------------------------------------------------------------------------


@cache
def phonemes(lang: str, text: str) -> str:
    """espeak-ng's phonemes for a text in a language's voice, its clauses on one line."""
    result = subprocess.run(["espeak-ng", "-v", VOICES[lang], "-x", "-q", text], capture_output=True, text=True,
                            encoding="utf-8", check=True)
    return " ".join(result.stdout.split())


def stresses(phoneme_text: str) -> int:
    """The stressed syllables of a phoneme string: its stress marks, primary and secondary."""
    return sum(phoneme_text.count(mark) for mark in STRESS_MARKS)


BARE = re.compile(r"_[!:|]?|[',; ]")
"""What ``bare`` leaves out: pauses and glottal stops (``_``, ``_:``, ``_!``), stress marks, clause marks, spaces."""


def bare(phoneme_text: str) -> str:
    """The sounds of a phoneme string without its stresses and pauses: "k,A:'Er _!'A:" is "kA:ErA:", the same
    as "k,A:'Er" and "_!'A:" one after the other."""
    return BARE.sub("", phoneme_text)


# ----- the lines a code is printed in ------------------------------------------------------------------------


class FormNarrator(Narrator):
    """The game's narrator, printing cards in the codes given: the lines a form would make, word for word."""

    def __init__(self, codes: Sequence[str]) -> None:
        super().__init__(ruleset("commerce"), NAMES, 0, Verbosity.BRIEF, CardStyle.CODES)
        self.codes = tuple(codes)

    def card(self, card: int) -> str:
        return self.codes[card]


def frame_lines(lang: str, codes: Sequence[str], card: Card) -> dict[str, str]:
    """The lines of ``FRAMES`` with ``card`` in them, as the game prints them with ``codes`` (by card number). The
    other cards are the sevens, digits in every form."""
    narrator = FormNarrator(codes)
    sevens = [c for c in CARDS if c.rank == 7]
    with speaking(lang):
        return {
            "alone": narrator.card(card),
            "first": narrator.cards_line([card, *sevens[:2]], sevens[1:]),
            "before comma": narrator.cards_line([*sevens[:2], card], sevens[1:]),
            "taken": narrator.brief_swap(1, narrator.card(card), narrator.card(sevens[0])),
            "laid": narrator.brief_swap(1, narrator.card(sevens[0]), narrator.card(card)),
        }


# ----- one form in one language ------------------------------------------------------------------------------


@dataclass
class Reading:
    """How speech reads one code: its phonemes alone, whether those are its suit's then its rank's, and the
    stresses missing (negative) or more (positive) in each line where it is not read apart."""

    code: str
    alone: str
    as_parts: bool
    off: dict[str, int] = field(default_factory=dict)

    @property
    def merged(self) -> bool:
        return any(off < 0 for off in self.off.values())

    @property
    def otherwise(self) -> bool:
        return any(off > 0 for off in self.off.values()) or not (self.as_parts or self.off.get("alone", 0) < 0)


@dataclass
class FormFigures:
    lang: str
    form: str
    codes: list[str]
    merged: list[str]
    """Codes read merged in at least one line."""
    otherwise: list[str]
    """Codes said otherwise: with something more in a line, or alone other than their suit then their rank."""
    merged_alone: list[str]
    """Codes read merged alone: the issue's count."""
    cells: dict[str, float]
    seconds: float
    """The 52 codes' speech, each alone."""
    readings: list[Reading]


def form_codes(lang: str, form: str) -> tuple[str, ...]:
    """The 52 codes of a form in a language, by card number."""
    if form == GAME:
        return words("code", lang)
    suits, ranks = words("suit code", lang), words("rank code", lang)
    return tuple(FORMS[form](suits[c.suit], ranks[c.rank - 2]) for c in CARDS)


def readings(lang: str, codes: Sequence[str], jobs: int) -> list[Reading]:
    """Each code's reading in every line of ``FRAMES``, against its suit's 5 in the same line."""
    suits, ranks = words("suit code", lang), words("rank code", lang)
    reference = tuple(suit + REFERENCE_RANK for suit in suits)
    texts: list[str] = []
    pairs: list[tuple[Card, str, str, str]] = []
    for card in CARDS:
        lines = frame_lines(lang, codes, card)
        references = frame_lines(lang, [reference[c.suit] for c in CARDS], card)
        for frame in FRAMES:
            pairs.append((card, frame, lines[frame], references[frame]))
            texts += [lines[frame], references[frame]]
    alone = {card: ranks[card.rank - 2] for card in CARDS}
    texts += [*alone.values(), *suits, REFERENCE_RANK]
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(lambda text: phonemes(lang, text), dict.fromkeys(texts)))
    found = {card: Reading(codes[card], phonemes(lang, codes[card]),
                           bare(phonemes(lang, codes[card])) == bare(phonemes(lang, suits[card.suit]))
                           + bare(phonemes(lang, alone[card])))
             for card in CARDS}
    for card, frame, line, reference_line in pairs:
        expected = (stresses(phonemes(lang, reference_line)) - stresses(phonemes(lang, REFERENCE_RANK))
                    + stresses(phonemes(lang, alone[card])))
        off = stresses(phonemes(lang, line)) - expected
        if off:
            found[card].off[frame] = off
    return [found[card] for card in CARDS]


def measure(lang: str, form: str, speech: Speech, braille: Braille, jobs: int) -> FormFigures:
    codes = form_codes(lang, form)
    read = readings(lang, codes, jobs)
    cells = braille.cells(lang, codes)
    seconds = speech.seconds(lang, codes)
    per_card = [cells[code] for code in codes]
    return FormFigures(
        lang, form, list(codes),
        merged=[r.code for r in read if r.merged],
        otherwise=[r.code for r in read if r.otherwise],
        merged_alone=[r.code for r in read if r.off.get("alone", 0) < 0],
        cells={"min": min(per_card), "max": max(per_card), "mean": round(statistics.fmean(per_card), 2)},
        seconds=round(sum(seconds[code] for code in codes), 2),
        readings=read,
    )


# ----- the report --------------------------------------------------------------------------------------------


def report_lines(lang: str, figures: Sequence[FormFigures]) -> list[str]:
    """One language's forms side by side, then the codes each form does not read apart and where."""
    lines = [f"{lang}: 52 codes, each in {len(FRAMES)} lines ({', '.join(FRAMES)})",
             f"  {'form':<12} {'example':<9} {'merged':>6} {'alone':>6} {'otherwise':>9} {'cells':>6} "
             f"{'mean':>5} {'speech s':>8}"]
    for f in figures:
        cells = f"{f.cells['min']:.0f}-{f.cells['max']:.0f}"
        lines.append(f"  {f.form:<12} {f.codes[EXAMPLE]:<9} {len(f.merged):>6} {len(f.merged_alone):>6} "
                     f"{len(f.otherwise):>9} {cells:>6} {f.cells['mean']:>5} {f.seconds:>8}")
    for f in figures:
        for reading in f.readings:
            if reading.merged or reading.otherwise:
                where = [f"{frame} {off:+d}" for frame, off in reading.off.items()]
                if not reading.as_parts and not reading.merged:
                    where.append("alone not suit then rank")
                lines.append(f"    {f.form}: {reading.code} ({reading.alone}): {', '.join(where)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES))
    parser.add_argument("--form", nargs="+", choices=(GAME, *FORMS), default=[GAME, *FORMS],
                        help="game: the codes the game prints; the others: ways of writing them (FORMS)")
    parser.add_argument("--jobs", type=int, default=4, help="espeak-ng runs at a time")
    parser.add_argument("--json", action="store_true", help="one JSON object per language and form")
    args = parser.parse_args(argv)
    missing = missing_programs()
    if missing:
        print(f"code_speech: needs {', '.join(missing)}", file=sys.stderr)
        return 2
    speech, braille = Speech(args.jobs), Braille()
    try:
        for lang in args.lang:
            figures = [measure(lang, form, speech, braille, args.jobs) for form in args.form]
            if args.json:
                for f in figures:
                    print(json.dumps(asdict(f), ensure_ascii=False), flush=True)
            else:
                print("\n".join(report_lines(lang, figures)), flush=True)
    finally:
        speech.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
