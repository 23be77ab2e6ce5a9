"""``commerce play`` driven by piped input, as a script or a test harness would drive it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from commerce_a11y.rules import replay

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program

def play(tmp_path: Path, lines: list[str], *args: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    return subprocess.run(
        [sys.executable, "-m", "commerce_a11y", "play", "--lang", lang, *args],
        input="".join(line + "\n" for line in lines), capture_output=True, text=True, env=env, timeout=120,
        check=False,
    )


def test_a_whole_match_of_passes_reaches_the_end_with_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "match.jsonl"
    result = play(tmp_path, ["pass"] * 2000, "--seed", "3", "--record", str(record))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "\x1b" not in out
    assert "wins the match" in out or "You win the match" in out
    match = replay(record.read_text(encoding="utf-8").splitlines())
    assert match.over
    assert not (tmp_path / "data" / "commerce-a11y" / "saved-match.jsonl").exists()


def test_end_of_input_saves_and_resume_goes_on(tmp_path: Path) -> None:
    first = play(tmp_path, ["pass"], "--seed", "5")
    assert first.returncode == 0, first.stderr
    assert "commerce resume" in first.stdout.splitlines()[-1]
    save = tmp_path / "data" / "commerce-a11y" / "saved-match.jsonl"
    saved = replay(save.read_text(encoding="utf-8").splitlines())
    assert not saved.over
    env_args = ["pass"] * 2000
    second = subprocess.run(
        [sys.executable, "-m", "commerce_a11y", "resume", "--lang", "en"],
        input="".join(line + "\n" for line in env_args), capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "TERM": "dumb"},
    )
    assert second.returncode == 0, second.stderr
    out = second.stdout.splitlines()
    # Where the match stands and what happened since the player's last turn (issue 15: resume told nothing).
    assert out[0] == "Your saved match goes on: Commerce, hand 1."
    assert out[1].startswith("Chips: you 3, ")
    assert out[2] == "Since your last turn:" and out[3].startswith("Anna ")
    assert "wins the match" in second.stdout or "You win the match" in second.stdout


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_invalid_input_gets_one_sentence_and_the_same_question(tmp_path: Path, lang: str) -> None:
    result = play(tmp_path, ["xyzzy", "99", "swap", "\x1b[A", "hand", "quit", "yes"], "--seed", "1", lang=lang)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "\x1b" not in result.stdout
    prompts = [line for line in result.stdout.splitlines() if line.rstrip().endswith(("xyzzy", "99", "swap"))]
    assert len(prompts) == 3
    # The question before each invalid answer is the same question.
    assert len({p.rsplit(" ", 1)[0] for p in prompts}) == 1


COUNT_SETTINGS_READS = """
import sys
from commerce_a11y.cli import main
from commerce_a11y.folders import SETTINGS_FILE, config_dir

settings = str(config_dir() / SETTINGS_FILE)
reads = []
sys.addaudithook(lambda event, args: reads.append(1) if event == "open" and str(args[0]) == settings
                 and not (args[2] or 0) & 3 and args[1] in (None, "r", "rb") else None)
try:
    main(sys.argv[1:])
finally:
    sys.__stderr__.write(f"settings reads: {len(reads)}\\n")
"""
"""A piped ``commerce`` that counts how often the settings file is opened for reading (an audit hook sees every
open, whichever function does it)."""


def test_one_piped_play_reads_the_settings_file_once(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    argv = [sys.executable, "-c", COUNT_SETTINGS_READS, "play", "--lang", "de", "--verbosity", "brief",
            "--seed", "4"]
    first = subprocess.run(argv, input="pass\n", capture_output=True, text=True, env=env, timeout=120, check=False)
    # The second start finds the saved match (and the settings the first one wrote) and goes on with it.
    second = subprocess.run([*argv, "--cards", "codes"], input="ja\npassen\nverbosity normal\n",
                            capture_output=True, text=True, env=env, timeout=120, check=False)
    for result in (first, second):
        assert result.returncode == 0, result.stderr
        assert result.stderr.splitlines() == ["settings reads: 1"]
    assert "gespeicherte" in second.stdout.lower()
    stored = json.loads((tmp_path / "config" / "commerce-a11y" / "settings.json").read_text(encoding="utf-8"))
    assert stored == {"lang": "de", "verbosity": "normal", "cards": "codes"}
