"""A player at a real terminal (tmux): review commands, a mistake, a swap, passes through one whole hand, quit.

What docs/accessibility.md asks of the screen is checked on what tmux shows (scrollback included) and, in plain mode,
on the raw bytes the game wrote: every answer once, announcements in order, no escape sequences.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from .tmux import Sentences, Tmux, game_argv, game_env, require_tmux

SEED = "3"
"""Classic Commerce, seed 3: the first question comes on hand 1, a swap is possible, and hand 1 ends soon after."""

MAX_PASSES = 12


@dataclass(frozen=True)
class Run:
    lang: str
    input: str
    cols: int = 80
    term: str | None = None
    """TERM for the game; None keeps the one tmux sets (tmux-256color)."""


RUNS = [
    pytest.param(Run("de", "plain"), id="de-plain"),
    pytest.param(Run("nl", "plain"), id="nl-plain"),
    pytest.param(Run("en", "plain"), id="en-plain"),
    pytest.param(Run("en", "rich"), id="en-rich"),
    pytest.param(Run("en", "plain", cols=40), id="en-plain-40cols"),
    pytest.param(Run("en", "auto", term="dumb"), id="en-auto-dumb-term"),
]


@dataclass
class Played:
    lines: list[str]
    raw: bytes
    typed: list[str]
    passes: int
    status: int


def play_one_hand(tmp_path: Path, run: Run, s: Sentences) -> Played:
    """Type like a player: review everything, one mistake, one swap, then pass until hand 2 is dealt; quit."""
    w = s.words
    extra = {"TERM": run.term} if run.term else {}
    env = game_env(tmp_path / "home", **extra)
    argv = game_argv("--rules", "commerce", "--seed", SEED, "--lang", run.lang, "--input", run.input)
    hand2 = [s.pattern("Hand {number}. {name} deals.", number=2), s.pattern("Hand {number}. You deal.", number=2)]
    typed: list[str] = []
    with Tmux(tmp_path / "tmux", cols=run.cols) as tmux:
        tmux.start(argv, env)
        asked = 0

        def ready() -> list[str]:
            """Wait for the next question, asked and not yet answered."""
            nonlocal asked
            lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) > asked, timeout=15)
            asked = s.prompt_count(lines)
            return lines

        def answer(text: str) -> list[str]:
            tmux.send_line(text)
            typed.append(text)
            return ready()

        ready()
        for command in (w["hand"], w["widow"], w["value"], w["chips"], w["history"], w["help"], w["repeat"],
                        "xyzzy", "13"):
            lines = answer(command)
        passes = 0
        while not any(p.fullmatch(line) for p in hand2 for line in lines):
            assert passes < MAX_PASSES, "hand 2 was never dealt:\n" + "\n".join(lines[-30:])
            lines = answer(pass_word(run, s))
            passes += 1
        lines = answer(w["quit"])
        assert lines[-1].rstrip() == s.leave_prompt.rstrip()
        tmux.send_line(s.yes)
        typed.append(s.yes)
        resume = s.saved
        tmux.wait_for(resume)
        status = tmux.wait_exit()
        return Played(tmux.lines(), tmux.raw(), typed, passes, status)


def pass_word(run: Run, s: Sentences) -> str:
    """The pass the test types: at 40 columns "Last turn, Cem knocked: swap, pass? pass" fills the row exactly;
    readline then forces the wrap itself and tmux joins the row with the next, so the short form is typed."""
    return "p" if run.cols <= 40 else s.words["pass"]


def blocks(lines: Sequence[str], s: Sentences) -> list[tuple[int, str, list[str]]]:
    """Each answered question: its line number, the answer typed, and the lines the game printed after it."""
    found = [(i, answer) for i, line in enumerate(lines) for is_prompt, answer in [s.prompt(line)] if is_prompt]
    result = []
    for k, (i, answer) in enumerate(found):
        end = found[k + 1][0] if k + 1 < len(found) else len(lines)
        result.append((i, answer or "", list(lines[i + 1:end])))
    return result


def is_subsequence(part: Sequence[str], whole: Sequence[str]) -> bool:
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


def first_index(lines: Sequence[str], pattern: re.Pattern[str] | str) -> int:
    for i, line in enumerate(lines):
        if (line == pattern) if isinstance(pattern, str) else pattern.fullmatch(line):
            return i
    raise AssertionError(f"never shown: {pattern!r}")


@pytest.mark.parametrize("run", RUNS)
def test_one_hand_typed_at_a_real_terminal(tmp_path: Path, run: Run) -> None:
    require_tmux()
    s = Sentences(run.lang)
    played = play_one_hand(tmp_path, run, s)
    lines = played.lines
    transcript = "\n".join(lines)
    w = s.words

    # The game ends cleanly with the sentence on how to go on, as the last line, and saved where we told it.
    assert played.status == 0, transcript
    resume = s.saved
    assert lines[-1] == resume, transcript
    assert lines.count(resume) == 1
    assert (tmp_path / "home" / "data" / "commerce-a11y" / "saved-match.jsonl").is_file()
    assert "Traceback" not in transcript
    # Nothing but text on the screen.
    assert "\x1b" not in transcript
    assert not [line for line in lines if any(ord(ch) < 32 for ch in line)]

    # Each question appears once with its answer: one question line per answer typed, none left unanswered
    # (a prompt drawn twice, or redrawn on a new line, would show as an extra question line).
    answered = blocks(lines, s)
    assert [answer for _, answer, _ in answered] == played.typed, transcript
    by_answer = {answer: block for _, answer, block in answered}

    # The answers to the review commands, each exactly once, right after its question.
    your_cards, your_hand = s.pattern("Your cards: {cards}."), s.pattern("Your hand: {value}.")
    hand = by_answer[w["hand"]]
    assert len(hand) == 2 and your_cards.fullmatch(hand[0]) and your_hand.fullmatch(hand[1]), hand
    widow = by_answer[w["widow"]]
    assert len(widow) == 1 and s.pattern("Widow: {cards}.").fullmatch(widow[0]), widow
    assert by_answer[w["value"]] == [hand[1]]
    chips = by_answer[w["chips"]]
    assert len(chips) == 2 and s.pattern("Chips: {list}.").fullmatch(chips[0]), chips
    assert s.pattern("This is hand {number}.", number=1).fullmatch(chips[1]), chips
    history_at = next(i for i, answer, _ in answered if answer == w["history"])
    history = by_answer[w["history"]]
    assert history and is_subsequence(history, lines[:history_at]), history
    help_block = by_answer[w["help"]]
    assert s.pattern("Now: {commands}.").fullmatch(help_block[0]) and len(set(help_block)) == len(help_block)
    assert by_answer[w["repeat"]] == help_block  # repeat says the help again, once more and only once
    invalid = s.say("I do not know {word}. Type help for the commands.", word="xyzzy")
    assert by_answer["xyzzy"] == [invalid]
    assert lines.count(invalid) == 1
    swap = by_answer["13"]
    assert swap and s.pattern("You take the {took} for the {gave}.").fullmatch(swap[0]), swap
    assert by_answer[w["quit"]] == []
    assert by_answer[s.yes] == [resume]

    # Every pass is told once, first thing after it.
    you_pass = s.say("You pass.")
    assert played.passes >= 1
    pass_blocks = [block for _, answer, block in answered if answer == pass_word(run, s)]
    assert len(pass_blocks) == played.passes
    assert all(block[:1] == [you_pass] for block in pass_blocks), pass_blocks
    assert lines.count(you_pass) == played.passes, transcript

    # Announcements in order: the deal before the first question, the showdown before hand 2, told once each.
    first_question = answered[0][0]
    hand1 = [s.pattern("Hand {number}. {name} deals.", number=1), s.pattern("Hand {number}. You deal.", number=1)]
    hand2 = [s.pattern("Hand {number}. {name} deals.", number=2), s.pattern("Hand {number}. You deal.", number=2)]
    deal1 = min(i for i, line in enumerate(lines) if any(p.fullmatch(line) for p in hand1))
    assert deal1 < first_question
    assert any(your_cards.fullmatch(line) for line in lines[deal1:first_question])
    deal2 = [i for i, line in enumerate(lines) if any(p.fullmatch(line) for p in hand2)]
    assert len(deal2) == 1, transcript
    showdown = s.say("Showdown.")
    assert lines.count(showdown) == 1, transcript
    last_pass = max(i for i, answer, _ in answered if answer == pass_word(run, s))
    assert first_index(lines, s.say("You pass.")) > history_at
    assert last_pass < first_index(lines, showdown) < deal2[0], transcript
    # Nothing said twice in a row (a line printed twice).
    doubled = [a for a, b in itertools.pairwise(lines) if a == b and a]
    assert not doubled, doubled

    # What the game itself wrote to the terminal.
    raw = played.raw
    assert b"\x1b[6n" not in raw, "the game asked the terminal for the cursor position"
    assert b"\x1b[2J" not in raw and b"\x1bc" not in raw, "the game cleared the screen"
    text = raw.decode("utf-8", "replace")
    assert text.count(you_pass + "\r\n") == played.passes
    assert text.count(invalid + "\r\n") == 1
    if run.input != "rich":
        escapes = sorted({m for m in re.findall(r"\x1b[\[\]()>=]?[0-9;?]*[ -/]*[@-~]?", text)})
        assert b"\x1b" not in raw, f"escape sequences written in plain mode: {escapes}"
        assert not [ch for ch in text if ord(ch) < 32 and ch not in "\r\n"], "control characters in plain mode"


def test_rich_question_wider_than_a_40_column_screen_keeps_the_question_on_the_answer_line(tmp_path: Path) -> None:
    """prompt_toolkit would break a long question into two hard lines (it turns autowrap off); the game prints what
    comes before the question proper as its own line and asks the question itself, so that a braille display
    showing the cursor's line shows the question, not a bare "> "."""
    require_tmux()
    s = Sentences("en")
    question = s.leave_prompt.rstrip()
    # Every question fits 40 cells (issue 25, item 6): a 30-column screen makes the leave question the long one.
    assert len(question) > 30 - 8
    head, _, tail = question.partition("leave? ")
    with Tmux(tmp_path / "tmux", cols=30) as tmux:
        tmux.start(game_argv("--rules", "commerce", "--seed", SEED, "--lang", "en", "--input", "rich"),
                   game_env(tmp_path / "home"))
        tmux.wait_for(s.waiting)
        tmux.send_line(s.words["quit"])
        lines = tmux.wait_for(lambda ls: len(ls) > 1 and ls[-1] == tail)
        tmux.send_line(s.yes)
        assert tmux.wait_exit() == 0
    assert lines[-2:] == [head + "leave?", tail], lines[-3:]


@pytest.mark.parametrize("input_mode", [
    "plain",
    "rich",
])
def test_ctrl_c_cancels_the_line_and_ctrl_d_saves_and_leaves(tmp_path: Path, input_mode: str) -> None:
    require_tmux()
    s = Sentences("en")
    w = s.words
    cancelled = w["hand"][:-1] or "xy"
    with Tmux(tmp_path / "tmux") as tmux:
        tmux.start(game_argv("--rules", "commerce", "--seed", SEED, "--lang", "en", "--input", input_mode),
                   game_env(tmp_path / "home"))
        lines = tmux.wait_for(s.waiting)
        question = lines[-1]
        asked = s.prompt_count(lines)
        tmux.send_text(cancelled)
        # Ctrl-C makes the tty throw away input not read yet: press it once the typing shows, as a player would.
        tmux.wait_for(lambda ls: ls[-1] == f"{question} {cancelled}")
        tmux.send_key("C-c")
        tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) > asked)
        tmux.send_line(w["widow"])
        tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) > asked + 1)
        tmux.send_key("C-d")
        resume = s.saved
        tmux.wait_for(resume)
        assert tmux.wait_exit() == 0
        lines = tmux.lines()
    assert (tmp_path / "home" / "data" / "commerce-a11y" / "saved-match.jsonl").is_file()
    at = lines.index(f"{question} {cancelled}")
    # The cancelled line stays as typed, nothing is done with it, the same question comes once on the next line;
    # at the end of input the question is left on its own line and the way back is said.
    tail = lines[at:]
    assert len(tail) == 5, tail
    assert tail[:2] == [f"{question} {cancelled}", f"{question} {w['widow']}"], tail
    assert s.pattern("Widow: {cards}.").fullmatch(tail[2]), tail
    assert tail[3:] == [question, resume], tail
