"""The game under a real screen reader: Orca in a VTE terminal, speech through speech-dispatcher and espeak-ng,
braille on a virtual 40-cell display (``desktop.py``).

For every ruleset in German, Dutch and English, a short part of a match is played as a hurried player plays it
(each answer typed as soon as the question is spoken): a review (``hand``), a swap, a pass and a knock, each
accepted or refused as the ruleset and the moment allow, so every ruleset meets its own questions, some of them a
last-round one, and then Ctrl-D. The first game of each language starts as a new player's does, with the tutorial
offer. Half of the games use card names at normal verbosity, half codes at brief, alternating so that each
language and ruleset meets both. In every burst of output (``hearing.Burst``):

- every line printed is spoken once, the question last;
- no escape sequence is spoken;
- the question's line, as Orca puts it on the display in the language's braille table, fits the display's 40 cells
  with the cursor (a braille player reads only the cursor's line: the lines before it scroll past).

All cases run in one test function on one desktop (it takes a minute or two, most of it typing and speaking),
since Orca, the display number and the braille display cannot be shared between xdist workers; its failure names
every case and burst that went wrong. Run it alone with ``uv run pytest -m screen_reader``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from e2e.tmux import game_argv, game_env

from commerce_a11y.ruleset_names import RULESET_NAMES

from .desktop import Desktop
from .player import Player, StepTimeout

pytestmark = [pytest.mark.e2e, pytest.mark.screen_reader]

LANGUAGES = ("de", "nl", "en")
ANSWERS = ("hand", "13", "pass", "knock")
"""English command words, which every language understands as well as its own."""
STYLES = (("names", "normal"), ("codes", "brief"))


@dataclass(frozen=True)
class Case:
    lang: str
    rules: str
    cards: str
    verbosity: str
    first_start: bool
    """A new player's first start: the tutorial offer comes first (answered no)."""

    @property
    def name(self) -> str:
        return f"{self.lang} {self.rules} {self.cards} {self.verbosity}"

    def argv(self) -> list[str]:
        return game_argv("--seed", "7", "--input", "plain", "--lang", self.lang, "--rules", self.rules,
                         "--cards", self.cards, "--verbosity", self.verbosity)

    def answers(self) -> tuple[str, ...]:
        return ("no", *ANSWERS) if self.first_start else ANSWERS


CASES = tuple(Case(lang, rules, *STYLES[(i + j) % 2], first_start=i == 0)
              for j, lang in enumerate(LANGUAGES) for i, rules in enumerate(RULESET_NAMES))


SPEECH_COUNT = ("x, spoken ", "(Orca spoke ")
"""The problems of how often a line was spoken. Orca reads a terminal's inserted text at the offsets its event
gave, when it comes to the event: on a loaded machine the screen may have scrolled by then, and it reads other
lines. The game writes each burst with its question in one write (``Terminal.holding``), which leaves only the
answer's echo to be read late (``hearing.Burst.read_early``); should Orca still drop or repeat a line, a case with
only such problems is played once more, and fails if they come again."""


def play_case(screen_reader: Desktop, player: Player, case: Case, home: Path) -> list[str]:
    """The problems of one case, each named with the case and the step it came after."""
    env = {**game_env(home, first_start=case.first_start), "TERM": "xterm-256color"}
    started = time.monotonic()
    try:
        bursts = player.play(case.argv(), env, case.answers())
    except StepTimeout as stuck:
        print(f"{case.name}: {stuck}")
        player.leave()
        return [f"{case.name}: {stuck}"]
    found = []
    for burst in bursts:
        after = "at the start" if burst.answer is None else f"after {burst.answer or 'Ctrl-D'!r}"
        found += [f"{case.name}, {after}: {problem}" for problem in burst.problems()]
    print(f"{case.name}: {len(bursts)} bursts in {time.monotonic() - started:.1f} s, {len(found)} problems",
          *found, sep="\n    ")
    return found


@pytest.mark.timeout(1800)  # 21 cases, some played twice, each step allowed its own wait (player.py)
def test_orca_speaks_every_line_once_and_each_question_fits_the_display(screen_reader: Desktop,
                                                                        tmp_path: Path) -> None:
    player = Player(screen_reader)
    problems: list[str] = []
    lang = None
    for number, case in enumerate(CASES):
        if case.lang != lang:
            lang = case.lang
            screen_reader.orca(lang)
        found = play_case(screen_reader, player, case, tmp_path / f"game-{number}")
        if found and all(any(kind in problem for kind in SPEECH_COUNT) for problem in found):
            print(f"{case.name}: played once more")
            found = play_case(screen_reader, player, case, tmp_path / f"game-{number}-again")
        problems += found
    assert screen_reader.display is not None and screen_reader.display.shown, "the braille display showed nothing"
    assert not problems, "\n".join([f"{len(problems)} problems under Orca:", *problems])
