"""``commerce tutorial`` from piped input in every language: every step, wrong answers, the summary, no saving."""

from __future__ import annotations

import gettext
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from commerce_a11y import i18n
from commerce_a11y.rules import Match, Player, Swap, ruleset
from commerce_a11y.seat import parser
from commerce_a11y.seat.advice import hint_action, swap_command
from commerce_a11y.seat.tutorial import OPPONENTS, RULES, STEPS, TUTORIAL_SEED, PatientBot

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program


def run_tutorial(lines: list[str], lang: str) -> subprocess.CompletedProcess[str]:
    """The tutorial, piped, in this test's home (tests/conftest.py)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    return subprocess.run([sys.executable, "-m", "commerce_a11y", "tutorial", "--lang", lang],
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True, env=env,
                          timeout=120, check=False)


def words(lang: str) -> tuple[dict[str, str], gettext.NullTranslations]:
    """The command words and sentences of a language, read from the catalogs now."""
    i18n._loaded.pop(lang, None)
    parser.main_words.cache_clear()
    parser.all_words.cache_clear()
    return parser.main_words(lang), i18n.translation(lang)


def first_turn_swap() -> str:
    """The swap the tutorial's steps ask for: the hint's, on the seeded deal (the opponents move first)."""
    match = Match(ruleset(RULES), [Player("You"), *(Player(n, "bot:basic") for n in OPPONENTS)], TUTORIAL_SEED)
    bots = {s: PatientBot(s) for s in (1, 2)}
    while match.to_act != 0:
        match.apply(match.to_act, bots[match.to_act].choose(match.view(match.to_act)))
    view = match.view(0)
    action = hint_action(view)
    assert isinstance(action, Swap)
    assert match.rules.name_hand([action.took[0] if c == action.gave[0] else c for c in view.hand]).category == \
        "sequence"
    return swap_command(view, action)


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_the_tutorial_completes_from_piped_input(tmp_path: Path, lang: str) -> None:
    w, t = words(lang)
    swap = first_turn_swap()
    save = tmp_path / "data" / "commerce-a11y" / "saved-match.jsonl"
    save.parent.mkdir(parents=True)
    save.write_text("a saved match\n", encoding="utf-8")
    typed = [
        w["pass"],  # a move too early: one sentence, the same step again
        "xyzzy",  # not a command
        w["hand"], w["widow"], w["value"], w["chips"], w["history"], w["repeat"], w["help"], w["hint"],
        f"{w['whatif']} 99",  # an impossible swap: one sentence, the same step again
        f"{w['whatif']} {swap}", swap,
        w["knock"],  # not this move yet
        w["pass"], w["knock"],
    ]
    result = run_tutorial(typed, lang)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout.splitlines()
    step = t.gettext("Step {number} of {total}: type {command}")
    expected = [w[s] if s not in ("whatif", "swap") else (f"{w['whatif']} {swap}" if s == "whatif" else swap)
                for s in STEPS]
    shown = [line for line in out if line.startswith(step.split("{")[0])]
    said = [step.format(number=n, total=len(STEPS), command=c) for n, c in enumerate(expected, 1)]
    # Each step once, and again after each wrong answer: the early move and "xyzzy" at step 1, the impossible
    # whatif at step 9, the early knock at step 11.
    assert [line for i, line in enumerate(said) for _ in range({0: 3, 8: 2, 10: 2}.get(i, 1))] == shown
    assert t.gettext("No move yet: first try the commands that only tell you things.") in out
    assert t.gettext("Not this move now; this step asks for another.") in out
    assert t.gettext("That was the tutorial. The commands once more:") in out
    assert out[-2:] == [
        t.gettext("To learn another game of the family, Schwimmen for example, type: {command}").format(
            command="commerce rules schwimmen"),
        t.gettext("To play a whole match, type: {command}").format(command="commerce play")]
    assert "Traceback" not in result.stdout
    assert save.read_text(encoding="utf-8") == "a saved match\n"  # the player's saved match is left alone
    settings = json.loads((tmp_path / "config" / "commerce-a11y" / "settings.json").read_text(encoding="utf-8"))
    assert settings["tutorial"] == "offered"


def test_leaving_the_tutorial_says_how_to_come_back(tmp_path: Path) -> None:
    result = run_tutorial(["hand", "quit", "yes"], "en")
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    assert "Leave the tutorial? Yes or no? yes" in out
    assert out[-1] == "The tutorial ends here. To start it again, type: commerce tutorial"
    assert not (tmp_path / "data" / "commerce-a11y" / "saved-match.jsonl").exists()


def test_end_of_input_ends_the_tutorial_quietly(tmp_path: Path) -> None:
    result = run_tutorial(["hand"], "en")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "The tutorial ends here. To start it again, type: commerce tutorial"


def test_piped_play_never_offers_the_tutorial(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    result = subprocess.run([sys.executable, "-m", "commerce_a11y", "play", "--lang", "en", "--seed", "3"],
                            input="hand\n", capture_output=True, text=True, env=env, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "tutorial" not in result.stdout.lower()
