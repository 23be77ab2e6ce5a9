"""Whole games from random input lines: in the real game loop (thousands of lines) and as ``commerce play`` with
random bytes, invalid UTF-8 included, on its standard input. bench/fuzz_games.py runs the long version."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from game_fuzz import GARBAGE, VALID, fuzz

from commerce_a11y.console import game as game_module
from commerce_a11y.rules import Pass, replay
from commerce_a11y.seat.parser import Invalid, Play


def test_thousands_of_random_lines_never_change_the_match_unless_legal() -> None:
    tally = fuzz(seed=2026, lines=3000)
    assert tally.problems == []
    assert tally.lines == 3000
    assert tally.games >= 5 and tally.finished >= 1 and tally.resumed >= 1, tally


def test_the_fuzz_notices_a_game_that_acts_on_garbage(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself works: a parser that takes anything it does not know for "pass" is caught."""
    real = game_module.parse

    def gullible(line: str, view):  # type: ignore[no-untyped-def]
        parsed = real(line, view)
        return Play(Pass()) if isinstance(parsed, Invalid) else parsed

    monkeypatch.setattr(game_module, "parse", gullible)
    tally = fuzz(seed=5, lines=300)
    assert any(problem.startswith("the record changed after") for problem in tally.problems), tally.problems


def random_bytes(rng: random.Random, count: int) -> bytes:
    lines = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.5:
            lines.append(rng.choice(VALID).encode())
        elif roll < 0.8:
            lines.append(rng.choice([g for g in GARBAGE if g not in ("quit", "q")]).encode("utf-8", "surrogateescape"))
        else:
            lines.append(bytes(rng.choice([0xff, 0xfe, 0xc3, 0x80, 0x1b, 0x5b, 0x41, 0x00, 0x07, 0x31, 0x33])
                               for _ in range(rng.randrange(1, 10))).replace(b"\n", b""))
    return b"\n".join(lines) + b"\n"


@pytest.mark.parametrize(("rules", "lang", "seed"), [("commerce", "de", 1), ("handeln", "nl", 2),
                                                     ("braillespiel", "en", 3)])
@pytest.mark.e2e
def test_commerce_play_survives_random_bytes_on_stdin(tmp_path: Path, rules: str, lang: str, seed: int) -> None:
    option = ["--option", "marks=2"] if rules == "braillespiel" else []
    record = tmp_path / "match.jsonl"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    result = subprocess.run(
        [sys.executable, "-m", "commerce_a11y", "play", "--rules", rules, "--lang", lang, "--seed", str(seed), *option,
         "--opponents", "random,random,random", "--record", str(record)],
        input=random_bytes(random.Random(seed), 400), capture_output=True, env=env, timeout=120, check=False)
    assert result.stderr == b""
    assert result.returncode == 0
    out = result.stdout.decode("utf-8")
    assert "\x1b" not in out and "\x00" not in out and "\x07" not in out
    replay(record.read_text(encoding="utf-8").splitlines())
