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
    follow = s.say("Follow the rest, hand by hand? Yes or no? ").strip()
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
    code = r"[a-z]{1,2}[0-9atjqkzbdhv]"
    for i in at:
        assert re.fullmatch(rf"(?:{code} ){{2}}{code}, \S+ (?:{code} ){{2}}{code}", lines[i - 1]), lines[i - 1:i + 1]
    shown = [line.rsplit(" ", 1)[0] if s.prompt(line)[0] else line for line in lines]  # without the echoed answer
    cells = braille_cells(lang, shown)
    if cells is None:
        pytest.skip("liblouis (lou_translate) is not installed")
    over = [line for line, n in zip(lines, cells, strict=True) if n > 40]
    assert len(over) <= 0.05 * len(lines), over
    assert all(cells[i] + 1 <= 40 for i in at), [shown[i] for i in at if cells[i] + 1 > 40]


def out_first_seed() -> int:
    """A seed whose one-chip match, four players, puts a player who always passes out first (the computer
    players as ``commerce play`` makes them)."""
    for seed in range(300):
        match = Match(ruleset("commerce", chips=1), [Player("You")] + [Player(n, "bot:heuristic")
                                                                       for n in ("Anna", "Ben", "Cem")], seed)
        bots = {s: PositionSeeded("heuristic", Seeded(seed), s) for s in (1, 2, 3)}
        while not any(e.kind == "eliminated" for e in match.events):
            seat = match.to_act
            match.apply(seat, bots[seat].choose(match.view(seat)) if seat else
                        Pass() if Pass() in match.legal_actions() else match.phase.done)
        out = [e.player for e in match.events if e.kind == "eliminated"]
        if out == [0] and not match.over:
            return seed
    raise AssertionError("no seed puts the player out first")


def test_out_of_the_match_the_player_is_asked_once_and_may_skip_to_the_outcomes(tmp_path: Path) -> None:
    require_tmux()
    s = Sentences("en")
    seed = out_first_seed()
    argv = game_argv("--seed", str(seed), "--lang", "en", "--option", "chips=1", "--input", "plain")
    follow = s.say("Follow the rest, hand by hand? Yes or no? ").strip()
    with Tmux(tmp_path / "tmux", cols=80, rows=60) as tmux:
        tmux.start(argv, game_env(tmp_path / "home", TERM="dumb"))
        asked = 0
        while True:
            lines = tmux.wait_for(lambda ls, seen=asked: len(ls) > seen and (ls[-1] == follow or s.waiting(ls)),
                                  timeout=15)
            asked = len(lines)
            if lines[-1] == follow:
                tmux.send_line("no")
                break
            tmux.send_line(s.words["pass"])
        assert tmux.wait_exit() == 0
        lines = tmux.lines()
    at = lines.index(f"{follow} no")
    assert lines.count(f"{follow} no") == 1
    after = lines[at + 1:]
    assert after[0] == s.say("You will hear only each hand's result and the end of the match.")
    outcomes = [line for line in after if re.fullmatch(r"Hand \d+: .+\. Chips: .+\.", line)]
    assert outcomes
    assert all(line in outcomes or line.endswith(" is out.") or "the match" in line for line in after[1:]), after
