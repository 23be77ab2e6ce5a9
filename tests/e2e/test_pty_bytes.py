"""The bytes a screen reader gets: the game in a real pty (80x24), a terminal emulated with pyte, keys typed one by one.

docs/accessibility.md measured the input back-ends in a pty: readline echoes one byte per key; a tuned prompt_toolkit
some tens of bytes. Here the terminal never answers a cursor-position request (as many braille and speech setups
do not), every key's bytes are recorded, and the emulated screen (with its scrollback) is read like a player would.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import select
import signal
import struct
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pyte
import pytest

from .tmux import Sentences, game_argv, game_env

# A pty is POSIX's: on Windows this module, and tests/e2e/test_interruptions.py with it, is skipped (CI's Windows job).
fcntl = pytest.importorskip("fcntl", reason="a pty is POSIX's")
termios = pytest.importorskip("termios", reason="a pty is POSIX's")

COLS, ROWS = 80, 24
SEED = "3"
RICH_BYTES_PER_KEY = 64
"""Bound for one typed key with the rich back-end (measured 30-40: prompt_toolkit redraws the input line)."""
PLAIN_BYTES_PER_KEY = 1
"""readline echoes the key and nothing else."""


class PtyGame:
    """The game on the slave side of a pty; this side reads what it writes and types keys."""

    def __init__(self, argv: list[str], env: dict[str, str], cols: int = COLS, rows: int = ROWS) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(slave)
        self.screen = pyte.HistoryScreen(cols, rows, history=10000)
        self.stream = pyte.ByteStream(self.screen)
        self.queries: list[str] = []
        # The emulated terminal answers nothing: a cursor-position request (or any other) is only recorded.
        self.screen.write_process_input = self.queries.append
        self.output = bytearray()
        self.ended = False

    def read(self, until: Callable[[], bool], timeout: float = 10.0, idle: float = 0.08) -> bytes:
        """Read until ``until()`` holds and the game has been quiet for ``idle`` seconds; the bytes read."""
        got = bytearray()
        deadline = time.monotonic() + timeout
        done = False
        while True:
            now = time.monotonic()
            if now > deadline:
                raise AssertionError("timed out; the screen ends with:\n" + "\n".join(self.lines()[-20:]))
            wait = idle if done else min(0.05, deadline - now)
            ready, _, _ = select.select([self.master], [], [], wait)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # EIO: the game closed the terminal
                    data = b""
                if not data:
                    self.ended = True
                    return bytes(got)
                got += data
                self.output += data
                self.stream.feed(data)
            elif done:
                return bytes(got)
            done = done or until()

    def key(self, key: bytes, until: Callable[[], bool], timeout: float = 10.0) -> bytes:
        os.write(self.master, key)
        return self.read(until, timeout)

    def lines(self) -> list[str]:
        """Every line the terminal has shown, scrolled off ones included, without trailing blanks."""
        cols = self.screen.columns
        top = ["".join(line[x].data for x in range(cols)).rstrip() for line in self.screen.history.top]
        lines = top + [line.rstrip() for line in self.screen.display]
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def cursor_line(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def wait(self, timeout: float = 10.0) -> int:
        with contextlib.suppress(AssertionError):
            self.read(lambda: False, timeout=timeout)
        try:
            return self.process.wait(timeout)
        finally:
            self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        with contextlib.suppress(OSError):
            os.close(self.master)


@dataclass
class Typed:
    per_key: dict[str, list[int]] = field(default_factory=dict)
    """Bytes the game wrote after each printable key, by the word being typed."""
    enter: list[int] = field(default_factory=list)
    question: str = ""
    """The first question's line, as the screen shows it."""
    enter_bytes: list[bytes] = field(default_factory=list)
    """What the game wrote after each Enter (the answer's lines and the next question)."""
    lines: list[str] = field(default_factory=list)
    output: bytes = b""
    queries: list[str] = field(default_factory=list)
    status: int | None = None


def type_hand_and_pass(tmp_path: Path, input_mode: str, term: str) -> Typed:
    """Start a game, type ``hand`` and ``pass`` key by key, then quit; what was measured."""
    s = Sentences("en")
    w = s.words
    env = game_env(tmp_path / "home", TERM=term)
    game = PtyGame(game_argv("--seed", SEED, "--lang", "en", "--input", input_mode), env)
    typed = Typed()
    try:
        def asked() -> int:
            return s.prompt_count(game.lines())

        def question_after(count: int) -> Callable[[], bool]:
            return lambda: s.waiting(game.lines()) and asked() > count

        game.read(question_after(0), timeout=15)
        typed.question = game.cursor_line()
        for word in (w["hand"], w["pass"]):
            before = asked()
            typed.per_key[word] = []
            for n in range(1, len(word) + 1):
                chunk = game.key(word[n - 1].encode(), lambda typed=word[:n]: game.cursor_line().endswith(typed))
                typed.per_key[word].append(len(chunk))
            chunk = game.key(b"\r", question_after(before))
            typed.enter.append(len(chunk))
            typed.enter_bytes.append(chunk)
        before = asked()
        game.key(w["quit"].encode() + b"\r", question_after(before))
        game.key(s.yes.encode() + b"\r", lambda: s.saved
                 in game.lines())
        typed.status = game.wait()
    finally:
        game.close()
    typed.lines = game.lines()
    typed.output = bytes(game.output)
    typed.queries = game.queries
    return typed


def check_screen(typed: Typed) -> None:
    """Each answer once on the emulated screen, right after its question."""
    s = Sentences("en")
    w = s.words
    lines = typed.lines
    transcript = "\n".join(lines)
    assert typed.status == 0, transcript
    questions = [(i, answer) for i, line in enumerate(lines) for ok, answer in [s.prompt(line)] if ok]
    assert [answer for _, answer in questions] == [w["hand"], w["pass"], w["quit"], s.yes], transcript
    (hand_at, _), (pass_at, _) = questions[:2]
    hand_block = lines[hand_at + 1:pass_at]
    assert len(hand_block) == 2, hand_block
    assert s.pattern("Your cards: {cards}.").fullmatch(hand_block[0])
    assert s.pattern("Your hand: {value}.").fullmatch(hand_block[1])
    assert lines[pass_at + 1] == s.say("You pass.")
    assert lines.count(s.say("You pass.")) == 1
    assert lines[-1] == s.saved
    doubled = [a for a, b in itertools.pairwise(lines) if a == b and a]
    assert not doubled, doubled


def test_rich_input_sends_no_cursor_requests_and_few_bytes_per_key(tmp_path: Path) -> None:
    typed = type_hand_and_pass(tmp_path, "rich", "xterm-256color")
    print("rich bytes per key", typed.per_key, "on Enter", typed.enter)
    out = typed.output
    assert b"\x1b[6n" not in out, "cursor-position request sent"
    assert not typed.queries, f"the game asked the terminal: {typed.queries}"
    assert b"CPR" not in out, "prompt_toolkit warned about cursor-position requests"
    assert b"\x1b[2J" not in out and b"\x1bc" not in out, "the screen was cleared"
    keys = [n for counts in typed.per_key.values() for n in counts]
    assert keys and all(1 <= n <= RICH_BYTES_PER_KEY for n in keys), typed.per_key
    check_screen(typed)


def test_rich_input_writes_the_question_whole_and_leaves_the_answer_line_on_enter(tmp_path: Path) -> None:
    """Issue 25, item 8: the question's closing space is written as a space (not a cursor move, which made the first
    letter typed read as inserted text), and Enter only moves below the answer line instead of drawing it again."""
    typed = type_hand_and_pass(tmp_path, "rich", "xterm-256color")
    question = typed.question.encode()
    out = typed.output
    assert question and out.count(question + b" ") >= 2, out[-400:]
    assert question + b"\x1b[" not in out, "the question's closing space was drawn as a cursor move"
    for chunk in typed.enter_bytes:
        answer_line_end = chunk.split(b"\n", 1)[0]
        assert re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", answer_line_end).strip(b"\r") == b"", chunk[:200]


@pytest.mark.parametrize(("input_mode", "term"), [("plain", "xterm-256color"), ("auto", "dumb")],
                         ids=["plain-xterm", "auto-dumb"])
def test_plain_input_writes_no_escape_sequences(tmp_path: Path, input_mode: str, term: str) -> None:
    typed = type_hand_and_pass(tmp_path, input_mode, term)
    print(input_mode, term, "bytes per key", typed.per_key, "on Enter", typed.enter)
    out = typed.output
    assert b"\x1b" not in out, sorted({out[i:i + 8] for i in range(len(out)) if out[i] == 0x1b})
    assert not typed.queries
    keys = [n for counts in typed.per_key.values() for n in counts]
    assert keys and all(n == PLAIN_BYTES_PER_KEY for n in keys), typed.per_key
    check_screen(typed)
