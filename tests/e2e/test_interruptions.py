"""Nothing is lost when the game is killed: SIGKILL at random moments, SIGTERM and a closed terminal (SIGHUP).

The kill test plays one match after another, each run of the game killed with SIGKILL after a seeded random delay
and the next run resuming the save. The runs are forked from this process (which has the game imported already),
so each starts in a millisecond and forty kills take a few seconds; a few more runs are the real
``python -m commerce_a11y`` started afresh. After every kill the save must load (never refused, never kept aside),
hold at least what the one before held, and the statistics and kept records must be readable.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import commerce_a11y.commands  # noqa: F401 - imported here once, so that a forked game starts at once
from commerce_a11y.console.session import load_saved_match
from commerce_a11y.i18n import translation
from commerce_a11y.records import kept_records
from commerce_a11y.rules import Match, replay, ruleset
from commerce_a11y.simulate import play_match
from commerce_a11y.stats import read_stats
from commerce_a11y.storage import save_path

from .test_pty_bytes import PtyGame
from .tmux import Sentences, game_argv, game_env

KILLS = 40
REAL_KILLS = 4
KILL_SEED = 20261130
PASSES = "pass\nkeep\ndone\n" * 1500
"""Answers that keep any ruleset going: each question gets a legal one within three lines."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """This process and the games it starts keep their files in one temporary home."""
    home = tmp_path / "home"
    for key, value in game_env(home).items():
        monkeypatch.setenv(key, value)
    yield home


def forked_game(argv: list[str], text: str) -> int:
    """Run ``commerce ARGV`` in a forked child reading ``text`` from a pipe; its pid."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 0
        try:
            os.close(write_end)
            os.dup2(read_end, 0)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            from commerce_a11y.cli import main

            main(argv)
        except SystemExit as leaving:
            code = leaving.code if isinstance(leaving.code, int) else 1
        except BaseException:
            code = 99
        finally:
            os._exit(code)
    os.close(read_end)
    with contextlib.suppress(BrokenPipeError):
        os.write(write_end, text.encode())  # fits the pipe's buffer: the child reads it at its own pace
    os.close(write_end)
    return pid


def wait_child(pid: int, timeout: float) -> int:
    """The forked child's exit status; it is killed (and the test fails) if it has not ended in time."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError(f"the game did not end within {timeout} s")


def real_game(argv: list[str], text: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen([sys.executable, "-m", "commerce_a11y", *argv], stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))
    assert process.stdin is not None
    with contextlib.suppress(BrokenPipeError):
        process.stdin.write(text.encode())
        process.stdin.close()
    return process


def check_after_kill(before: Match | None) -> Match | None:
    """The save loads (or there is none: the match ended or had not begun) and holds what it held before."""
    saved = load_saved_match()  # raises SaveRefused if the kill damaged it
    folder = save_path().parent
    assert not list(folder.glob("saved-match-*.jsonl")), "a save was kept aside"
    read_stats()  # raises StatsRefused if the kill damaged it
    if saved is not None and before is not None and saved.chance == before.chance:
        assert saved.events[:len(before.events)] == before.events, "the save lost or changed what it held"
    return saved


RULESETS = ("commerce", "handeln", "thirty-one")


def test_sigkill_at_random_moments_never_leaves_a_save_that_cannot_be_loaded(home: Path) -> None:
    # The catalog and the computer players' tables, made once here rather than in every forked game.
    translation("en")
    for name in RULESETS:
        play_match(ruleset(name), ["heuristic"] * 4, 1)
    rng = random.Random(KILL_SEED)
    seed = 1
    saved: Match | None = None
    progressed = 0
    for kill in range(KILLS + REAL_KILLS):
        argv = (["resume", "--lang", "en", "--input", "plain"] if saved is not None else
                ["play", "--seed", str(seed), "--lang", "en", "--input", "plain", "--rules",
                 rng.choice(RULESETS)])
        if saved is None:
            seed += 1
        if kill < KILLS:
            pid = forked_game(argv, PASSES)
            time.sleep(rng.uniform(0.005, 0.15))
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        else:
            process = real_game(argv, PASSES)
            time.sleep(rng.uniform(0.25, 0.6))  # the real game needs about 0.3 s to start
            process.kill()
            process.wait()
        held = len(saved.events) if saved is not None else 0
        saved = check_after_kill(saved)
        progressed += saved is not None and len(saved.events) > held
    print(f"{KILLS + REAL_KILLS} kills, {progressed} in the middle of a match, {len(kept_records())} matches ended")
    assert progressed > 0, "no kill landed in the middle of a match"
    # Unkilled, the last match plays to its end; every kept record is a whole match, and each is counted.
    if saved is not None:
        pid = forked_game(["resume", "--lang", "en", "--input", "plain"], PASSES)
        assert wait_child(pid, 60) == 0
        assert load_saved_match() is None
    records = kept_records()
    assert records
    for path in records:
        assert replay(path.read_text(encoding="utf-8").splitlines()).over
    # Each finished match counted once, however the kills fell around its end.
    counted = [entry["id"] for entry in read_stats()]
    assert len(counted) == len(set(counted)) == len(records)


def signal_game(tmp_path: Path, lang: str, stop: str, input_mode: str = "plain") -> None:
    """Play a move in a pty, then SIGTERM the game or close its terminal; it saves, leaves with 128 + the signal,
    and ``commerce resume`` comes back at the same question with the same cards."""
    s = Sentences(lang)
    env = game_env(tmp_path / "home", TERM="xterm" if input_mode == "rich" else "dumb")
    game = PtyGame(game_argv("--seed", "3", "--lang", lang, "--input", input_mode), env, cols=250)
    try:
        game.read(lambda: s.waiting(game.lines()), timeout=15)
        asked = s.prompt_count(game.lines())
        game.key(s.words["pass"].encode() + b"\r", lambda: s.waiting(game.lines()) and
                 s.prompt_count(game.lines()) > asked, timeout=15)
        before = game.lines()
        saved = save_path_in(tmp_path).read_text(encoding="utf-8")
        if stop == "SIGTERM":
            os.kill(game.process.pid, signal.SIGTERM)
            status = game.wait()
            assert game.lines()[-1] == s.saved
        else:
            os.close(game.master)  # the window closes: the kernel hangs up the terminal (SIGHUP)
            status = game.process.wait(15)
        assert status == 128 + getattr(signal, stop)
    finally:
        game.close()
    assert save_path_in(tmp_path).read_text(encoding="utf-8") == saved
    again = PtyGame([*game_argv()[:-1], "resume", "--lang", lang], env, cols=250)
    try:
        again.read(lambda: s.waiting(again.lines()), timeout=15)
        after = again.lines()
    finally:
        again.close()
    assert s.pattern("Your saved match goes on: {ruleset}, hand {number}.", number=1).fullmatch(after[0])
    assert after[-1] == before[-1], (before[-3:], after)
    cards = [line for line in before if s.pattern("Your cards: {cards}.").fullmatch(line)][-1]
    assert cards in after  # the cards are said again before the question


def save_path_in(tmp_path: Path) -> Path:
    return tmp_path / "home" / "data" / "commerce-a11y" / "saved-match.jsonl"


@pytest.mark.parametrize(("lang", "input_mode"), [("en", "plain"), ("de", "rich")])
def test_sigterm_saves_and_leaves_with_143_and_resume_comes_back_to_the_same_question(tmp_path: Path, lang: str,
                                                                                       input_mode: str) -> None:
    signal_game(tmp_path, lang, "SIGTERM", input_mode)


@pytest.mark.parametrize(("lang", "input_mode"), [("nl", "plain"), ("en", "rich")])
def test_closing_the_terminal_saves_and_leaves_with_129_and_resume_comes_back_to_the_same_question(
        tmp_path: Path, lang: str, input_mode: str) -> None:
    signal_game(tmp_path, lang, "SIGHUP", input_mode)


@pytest.mark.parametrize("input_mode", ["plain", "rich"])
def test_ctrl_c_twice_asks_whether_to_leave_and_end_of_input_there_saves_and_leaves(tmp_path: Path,
                                                                                    input_mode: str) -> None:
    s = Sentences("en")
    env = game_env(tmp_path / "home", TERM="xterm" if input_mode == "rich" else "dumb")
    game = PtyGame(game_argv("--seed", "3", "--lang", "en", "--input", input_mode), env, cols=250)
    try:
        game.read(lambda: s.waiting(game.lines()), timeout=15)
        question = game.lines()[-1]
        asked = s.prompt_count(game.lines())
        game.key(b"\x03", lambda: s.prompt_count(game.lines()) > asked)
        game.key(b"\x03", lambda: game.lines()[-1].startswith(s.leave_prompt.strip()))
        game.key(b"\x04", lambda: s.saved in game.lines())
        status = game.wait()
    finally:
        game.close()
    # Without readline (TERM=dumb) the terminal itself echoes Ctrl-C as "^C" after the question.
    lines = [line.removesuffix("^C").rstrip() for line in game.lines()]
    assert status == 0
    assert lines[-4:] == [question, question, s.leave_prompt.strip(),
                          s.saved], lines[-6:]
    assert save_path_in(tmp_path).is_file()


SLOW_FIRST_MOVE = '''
import os, time
from commerce_a11y.bots.seeding import PositionSeeded
_choose = PositionSeeded.choose
def choose(self, view):
    marker = os.environ["THINKING_MARKER"]
    if not os.path.exists(marker):
        open(marker, "w").close()
        for _ in range(600):  # a computer player thinking for a long while (Ctrl-C ends the wait)
            time.sleep(0.05)
    return _choose(self, view)
PositionSeeded.choose = choose
'''
"""A ``sitecustomize`` for the game: its first computer move thinks until Ctrl-C, after saying so in a file."""


@pytest.mark.parametrize("input_mode", ["plain", "rich"])
def test_ctrl_c_while_a_computer_player_moves_says_what_it_does_and_play_goes_on(tmp_path: Path,
                                                                                 input_mode: str) -> None:
    """Issue 25, item 12: Ctrl-C during the computers' moves is not ignored without a word."""
    s = Sentences("en")
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(SLOW_FIRST_MOVE, encoding="utf-8")
    marker = tmp_path / "thinking"
    env = game_env(tmp_path / "home", TERM="xterm" if input_mode == "rich" else "dumb")
    env.update(PYTHONPATH=str(hooks), THINKING_MARKER=str(marker))
    said = s.say("To leave, type {quit} at your turn.", quit=s.words["quit"])
    game = PtyGame(game_argv("--seed", "3", "--lang", "en", "--input", input_mode), env, cols=250)
    try:
        game.read(marker.exists, timeout=15)
        game.key(b"\x03", lambda: s.waiting(game.lines()), timeout=15)
        lines = [line.removeprefix("^C") for line in game.lines()]
    finally:
        game.close()
    assert lines.count(said) == 1, lines
    assert lines[lines.index(said) - 1] == s.say("Ctrl-C cancels only what you type.")
    assert s.prompt(lines[-1])[0], lines[-3:]  # and the game asks the player's question as usual
