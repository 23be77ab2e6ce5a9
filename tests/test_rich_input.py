"""Rich input's choices (issue 25, item 8): piped input is always read plainly, and Tab offers the words that fit.

What rich input sends a real terminal is measured in tests/e2e/test_pty_bytes.py.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from e2e.tmux import Sentences, game_env

from commerce_a11y.console.game import answer_words
from commerce_a11y.console.terminal import PlainInput, make_input
from commerce_a11y.i18n import use_language
from commerce_a11y.rules import Match, Player, PlayerKind, ruleset
from commerce_a11y.seat.parser import main_words


@pytest.mark.parametrize("choice", ["auto", "rich", "plain"])
def test_input_that_is_not_a_terminal_is_read_plainly_whatever_was_chosen(choice: str) -> None:
    backend = make_input(choice, lambda: [], stdin=io.StringIO("pass\n"), stdout=io.StringIO())
    assert isinstance(backend, PlainInput)


def _first_view(name: str, seed: int) -> tuple[Match, int]:
    match = Match(ruleset(name), [Player("You", PlayerKind.human()), Player("Anna", PlayerKind.bot("basic")),
                                  Player("Ben", PlayerKind.bot("basic"))], seed)
    assert match.to_act is not None
    return match, match.to_act


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_completion_offers_only_the_moves_possible_now(lang: str) -> None:
    use_language(lang)
    try:
        match, seat = _first_view("schwimmen", 1)
        view = match.view(seat)
        kinds = {a.kind for a in view.legal}
        words = answer_words(view)
        pounce = main_words(lang)["pounce"]
        assert "pounce" not in kinds and pounce not in words  # the dealer's choice at the deal: no pounce yet
        assert kinds == {"exchange_all", "done"} and words[:2] == [main_words(lang)["take"], main_words(lang)["keep"]]
        assert main_words(lang)["hint"] in words and main_words(lang)["help"] in words
    finally:
        use_language("en")


@pytest.mark.e2e
def test_a_remembered_rich_input_is_not_used_when_input_is_piped(tmp_path: Path) -> None:
    """A German game piped after ``--input rich`` was remembered: each question once, and nothing in English on
    standard error."""
    config = tmp_path / "config" / "commerce-a11y"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps({"input": "rich", "lang": "de", "tutorial": "offered"}))
    env = game_env(tmp_path, TERM="xterm-256color")
    result = subprocess.run([sys.executable, "-m", "commerce_a11y", "play", "--seed", "3"], input=b"passen\n",
                            capture_output=True, env=env, timeout=120, check=False)
    assert result.returncode == 0
    assert result.stderr == b""
    out = result.stdout.decode()
    s = Sentences("de")
    asked = [line for line in out.splitlines() if s.prompt(line)[0]]
    assert asked and all(line.count("?") == 1 for line in asked), out


def test_a_yes_or_no_question_completes_only_its_answers() -> None:
    from commerce_a11y.console import terminal as module
    from commerce_a11y.console.terminal import Terminal

    offered: list[tuple[str, ...] | None] = []

    class Backend(module.RichInput):
        def __init__(self) -> None:
            self.now = None

        def read(self, prompt: str) -> str | None:
            offered.append(self.now)
            return "ja"

    use_language("de")
    try:
        assert Terminal(Backend(), stdout=io.StringIO()).yes_or_no("Weiter? ") is True
    finally:
        use_language("en")
    assert offered and offered[0] is not None and {"ja", "nein"} <= set(offered[0]) and "hand" not in offered[0]
