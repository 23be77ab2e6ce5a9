"""Brief speech with card codes, as a braille reader plays it: a whole match in a 40-column terminal (tmux) in each
language, and the question asked once a player is out of the match ("follow the rest?"), answered at a real
terminal."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from commerce_a11y.bots.seeding import PositionSeeded
from commerce_a11y.rules import Match, Pass, Player, Seeded, ruleset

from .tmux import Sentences, Tmux, game_argv, game_env, require_tmux

TABLES = {"de": "de-g0.utb", "nl": "nl-NL-g0.utb", "en": "en-ueb-g1.ctb"}
"""The liblouis tables bench/speech_cost.py measures with."""


def braille_cells(lang: str, lines: list[str]) -> list[int] | None:
    """Each line's braille cells in the language's table; None without liblouis (CI installs liblouis-bin)."""
    if shutil.which("lou_translate") is None:
        return None
    result = subprocess.run(["lou_translate", "--forward", TABLES[lang]], input="".join(f"{line}\n" for line in lines),
                            capture_output=True, text=True, encoding="utf-8", check=True)
    return [len(line) for line in result.stdout.split("\n")[:-1]]


def play_passing(tmux: Tmux, s: Sentences) -> list[str]:
    """Pass at every question until the game has ended; asked whether to follow the rest, follow it."""
    follow = s.say("Follow the rest? Yes or no? ").strip()
    asked = 0

    def ready(lines: list[str]) -> bool:
        return tmux.exit_status() is not None or (len(lines) > asked and (s.waiting(lines) or lines[-1] == follow))

    while True:
        lines = tmux.wait_for(ready, timeout=30)
        if tmux.exit_status() is not None:
            return tmux.lines()
        asked = len(lines)
        tmux.send_line(s.yes if lines[-1] == follow else s.words["pass"])


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_a_whole_brief_match_with_codes_reads_on_a_40_cell_line(tmp_path: Path, lang: str) -> None:
    """Issue 15: in brief codes mode at least 95% of the lines fit 40 braille cells; issue 25: every question fits,
    and the line just before each holds the player's cards and the widow."""
    require_tmux()
    s = Sentences(lang)
    argv = game_argv("--seed", "5", "--lang", lang, "--cards", "codes", "--verbosity", "brief", "--input", "plain")
    with Tmux(tmp_path / "tmux", cols=40, rows=60) as tmux:
        tmux.start(argv, game_env(tmp_path / "home", TERM="dumb"))
        lines = play_passing(tmux, s)
        assert tmux.wait_exit() == 0
    text = "\n".join(lines)
    assert "Traceback" not in text
    at = [i for i, line in enumerate(lines) if s.prompt(line)[0]]
    assert at, text
    code = r"[a-z]{1,2}[2-9ATJQKZBDHV]"  # a suit's small letters, then a digit or a capital (issue 36)
    cards = re.compile(rf"(?:{code} ){{2}}{code}, (?:{code} ){{2}}{code}")  # brief: no word "widow"
    for i in at:
        # The newest cards line is above each question: said at the deal and again whenever the cards changed.
        assert any(cards.fullmatch(line) for line in lines[:i]), lines[:i + 1]
    assert any(cards.fullmatch(lines[i - 1]) for i in at), text
    shown = [line.rsplit(" ", 1)[0] if s.prompt(line)[0] else line for line in lines]  # without the echoed answer
    cells = braille_cells(lang, shown)
    if cells is None:
        pytest.skip("liblouis (lou_translate) is not installed")
    over = [line for line, n in zip(lines, cells, strict=True) if n > 40]
    assert len(over) <= 0.05 * len(lines), over
    # The question's closing space and the cursor after it take a cell each (tests/screen_reader).
    assert all(cells[i] + 2 <= 40 for i in at), [shown[i] for i in at if cells[i] + 2 > 40]


def out_and_on_seed(rules: str, **options: object) -> int:
    """A seed whose match of four puts a player who always passes out while the match goes on (the computer
    players as ``commerce play`` makes them)."""
    for seed in range(300):
        match = Match(ruleset(rules, **options), [Player("You")] + [Player(n, "bot:heuristic")
                                                                    for n in ("Anna", "Ben", "Cem")], seed)
        bots = {s: PositionSeeded("heuristic", Seeded(seed), s) for s in (1, 2, 3)}
        while not match.over and not match.out[0]:
            seat = match.to_act
            match.apply(seat, bots[seat].choose(match.view(seat)) if seat else
                        Pass() if Pass() in match.legal_actions() else match.phase.done)
        if match.out[0] and not match.over:
            return seed
    raise AssertionError("no seed puts the player out with the match going on")


@pytest.mark.parametrize("answer", ["", "yes"])
def test_out_of_the_match_the_player_is_asked_once_and_enter_gives_the_result_only(tmp_path: Path,
                                                                                   answer: str) -> None:
    """Issue 25, item 4, at a real terminal: out of a Braillespiel match, the player hears the out line and the
    final round (B12) each on its own line, then is asked once; Enter gives the result only, after a line saying
    how many hands the others played; "yes" follows every hand of the final round to the end."""
    require_tmux()
    s = Sentences("en")
    seed = out_and_on_seed("braillespiel", marks=2)
    argv = game_argv("--rules", "braillespiel", "--seed", str(seed), "--lang", "en", "--option", "marks=2",
                     "--input", "plain")
    follow = s.say("Follow the rest? Yes or no? ").strip()
    others = s.say("Follow the others? Yes or no? ").strip()
    with Tmux(tmp_path / "tmux", cols=80, rows=60) as tmux:
        tmux.start(argv, game_env(tmp_path / "home", TERM="dumb"))
        asked = 0
        while True:
            lines = tmux.wait_for(lambda ls, seen=asked: len(ls) > seen and (ls[-1] in (follow, others)
                                                                             or s.waiting(ls)), timeout=15)
            asked = len(lines)
            if lines[-1] == follow:
                tmux.send_line(answer)
                break
            tmux.send_line(s.yes if lines[-1] == others else s.words["pass"])
        assert tmux.wait_exit() == 0
        lines = tmux.lines()
    asked_line = f"{follow} {answer}".rstrip()
    assert lines.count(asked_line) == 1
    at = lines.index(asked_line)
    out = lines.index("You are out.")
    assert all(line.endswith(" is out.") for line in lines[out + 1:at - 1])  # out in the same showdown
    hands = re.fullmatch(r"The match ends after (\d+) more hands\.", lines[at - 1])
    assert hands, lines[out:at + 1]
    after = lines[at + 1:]
    won = re.compile(r"(\w+ wins the match\.|\w+(, \w+)* and \w+ share the win\.)")
    if answer:
        deals = [line for line in after if re.fullmatch(r"Hand \d+\. \w+ deals\.", line)]
        assert 1 <= len(deals) <= int(hands[1])
        assert won.fullmatch(after[-2]) and after[-1].startswith("Marks: ")
        return
    assert after[0] == "You will hear only the result."
    assert re.fullmatch(r"The others played (one more hand|\d+ more hands)\.", after[1]), after
    assert won.fullmatch(after[2]) and after[3].startswith("Marks: ") and len(after) == 4, after
