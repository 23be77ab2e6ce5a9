"""The terminal matrix in real terminals: no TERM, NO_COLOR, an ASCII-only locale, a 40-column screen.

In a pty (keys typed one by one, every byte recorded) and in tmux (the screen as a player sees it, wrapped lines
joined back), the game says exactly what it says when piped: the same whole lines, nothing redrawn, no escape
sequences, only ASCII under ``LC_ALL=C`` (German cards and umlauts spelled out), and a card typed without umlauts
is understood. tests/test_terminals.py has the piped half of the matrix.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from commerce_a11y.cleaning import fold

from .test_pty_bytes import PtyGame
from .tmux import Sentences, Tmux, game_argv, game_env, require_tmux

SEED = "3"


def answers(s: Sentences) -> list[str]:
    """A short session: help, a card typed without umlauts (in neither hand nor widow), a pass, quit."""
    return [s.words["help"], "herz koenig", s.words["pass"], s.words["quit"], s.yes]


def asking(lines: list[str], shown: int) -> bool:
    """A new question waits: more lines than ``shown``, the last one a question with nothing typed after it."""
    return len(lines) > shown and lines[-1].rstrip().endswith("?")


def piped_lines(home: Path, lang: str, env: dict[str, str], typed: list[str]) -> list[str]:
    """What the same session prints when piped (the game echoes each answer after its question)."""
    result = subprocess.run([sys.executable, "-m", "commerce_a11y", "play", "--seed", SEED, "--lang", lang],
                            input="".join(t + "\n" for t in typed).encode(), capture_output=True,
                            env=game_env(home, **env), timeout=60, check=False)
    assert result.returncode == 0 and result.stderr == b""
    return result.stdout.decode("ascii").splitlines()


@pytest.mark.parametrize("env", [{"LC_ALL": "C"}, {"LC_ALL": "C", "NO_COLOR": "1"}], ids=["no-TERM", "NO_COLOR"])
def test_pty_without_term_in_an_ascii_locale(tmp_path: Path, env: dict[str, str]) -> None:
    s = Sentences("de")
    typed = answers(s)
    environment = game_env(tmp_path / "home", **env)
    assert "TERM" not in environment
    game = PtyGame(game_argv("--seed", SEED, "--lang", "de"), environment)
    try:
        shown = 0
        for text in typed:
            game.read(lambda shown=shown: asking(game.lines(), shown), timeout=15)
            shown = len(game.lines())
            os.write(game.master, text.encode() + b"\r")
        status = game.wait()
    finally:
        game.close()
    out = bytes(game.output)
    assert status == 0, out.decode("ascii", "replace")
    assert out.isascii(), sorted({chr(b) for b in out if b > 127})
    assert b"\x1b" not in out
    lines = game.lines()
    king = fold(s.say("Neither you nor the widow has {card}.", card=s.t.pgettext("card", "king of hearts")))
    assert king in lines
    assert lines[-1] == fold(s.saved)
    # The bytes, line by line, are the lines the game prints when piped (the pty echoes what was typed).
    assert out.decode("ascii").removesuffix("\r\n").split("\r\n") == piped_lines(tmp_path / "piped", "de", env,
                                                                                  typed)


def test_a_40_column_screen_shows_the_games_whole_lines(tmp_path: Path) -> None:
    """tmux at 40 columns, no TERM, C locale, German: the screen's lines (wrapped ones joined back) are exactly the
    lines the game prints when piped: it never breaks a line itself, mid-word or otherwise."""
    require_tmux()
    s = Sentences("de")
    env = {"LC_ALL": "C", "TERM": ""}
    typed = answers(s)
    with Tmux(tmp_path / "tmux", cols=40) as tmux:
        tmux.start(game_argv("--seed", SEED, "--lang", "de"), game_env(tmp_path / "home", **env))
        shown = 0
        for text in typed:
            shown = len(tmux.wait_for(lambda lines, shown=shown: asking(lines, shown), timeout=15))
            tmux.send_line(text)
        assert tmux.wait_exit(timeout=15) == 0
        lines = tmux.lines()
        raw = tmux.raw()
    assert raw.isascii() and b"\x1b" not in raw
    assert any(len(line) > 40 for line in lines)  # long lines were wrapped by the terminal, and joined back
    assert lines == piped_lines(tmp_path / "piped", "de", {"LC_ALL": "C"}, typed)
