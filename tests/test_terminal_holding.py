"""While a match is played at a terminal, a burst of lines reaches the terminal with its question in one write
(``Terminal.holding``): Orca, behind a burst on a busy machine, read the question twice and lost a line as the
screen scrolled (tests/screen_reader). These tests watch the writes themselves."""

from __future__ import annotations

import io
import time

import pytest

from commerce_a11y.console import terminal as terminal_module
from commerce_a11y.console.terminal import Terminal


class Writes(io.StringIO):
    """An output that keeps each write apart, as the terminal gets them."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[str] = []

    def write(self, text: str) -> int:
        self.writes.append(text)
        return super().write(text)


class Keyboard:
    """A person at a terminal: prints the prompt in one write, as readline's redisplay does, and answers."""

    name = "plain"

    def __init__(self, out: Writes, interactive: bool = True) -> None:
        self.out = out
        self.interactive = interactive
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        self.out.write(prompt)
        return "pass"


def made(interactive: bool = True) -> tuple[Terminal, Keyboard, Writes]:
    out = Writes()
    keyboard = Keyboard(out, interactive)
    return Terminal(keyboard, stdout=out), keyboard, out


def test_a_burst_and_its_question_are_one_write() -> None:
    terminal, keyboard, out = made()
    with terminal.holding():
        terminal.say(["You pass."])
        terminal.say(["Anna knocks.", "Ben and Cem pass."])
        assert out.writes == []
        assert terminal.ask("Last turn: swap, pass? ") == "pass"
    assert out.writes == ["You pass.\nAnna knocks.\nBen and Cem pass.\nLast turn: swap, pass? "]
    assert keyboard.prompts == out.writes


def test_the_bell_goes_with_the_burst_before_the_question() -> None:
    terminal, _keyboard, out = made()
    terminal.bell = True
    with terminal.holding():
        terminal.say(["Cem deals."])
        terminal.ring()
        terminal.ask("swap, pass, knock? ")
    assert out.writes == ["Cem deals.\n\aswap, pass, knock? "]


def test_a_burst_without_a_question_is_written_after_the_hold_and_when_holding_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal_module, "HOLD", 0.05)
    terminal, _keyboard, out = made()
    with terminal.holding():
        terminal.say(["Anna knocks."])
        deadline = time.monotonic() + 10
        while not out.writes and time.monotonic() < deadline:
            time.sleep(0.01)
        assert out.writes == ["Anna knocks.\n"]
        terminal.say(["You lose a chip."])
    assert out.writes == ["Anna knocks.\n", "You lose a chip.\n"]


def test_output_that_no_person_reads_is_written_as_it_is_said() -> None:
    terminal, _keyboard, out = made(interactive=False)
    with terminal.holding():
        terminal.say(["You pass."])
        assert out.writes == ["You pass.\n"]
        terminal.ask("swap, pass, knock? ")
    assert out.writes == ["You pass.\n", "swap, pass, knock? "]


def test_holding_twice_is_holding_once() -> None:
    terminal, _keyboard, out = made()
    with terminal.holding():
        with terminal.holding():
            terminal.say(["Cem deals."])
        assert out.writes == []
    assert out.writes == ["Cem deals.\n"]


def test_a_question_asked_from_another_thread_is_written_with_its_burst_on_the_cursors_line() -> None:
    """``commerce join``: the server's question comes to the printer thread (``Terminal.prompt``) while the main
    thread reads; the burst before it and the question are one write, the question unended; news that comes while
    it waits begins a line of its own; once the player answered (the terminal echoed Enter), it does not."""
    terminal, _keyboard, out = made()
    with terminal.holding():
        terminal.say(["Ola sits down at seat 2."])
        terminal.prompt("Table tt? ")
        assert out.writes == ["Ola sits down at seat 2.\nTable tt? "]
        terminal.say(["Ola leaves the table."])
        terminal.prompt("Table tt? ")
        assert out.writes[1:] == ["\nOla leaves the table.\nTable tt? "]
        terminal.answered()
        terminal.say(["Online: 2 people."])
        terminal.prompt("Table tt? ")
        assert out.writes[2:] == ["Online: 2 people.\nTable tt? "]
        terminal.prompt("Table tt? ")  # asked again with nothing before it: on a line of its own
        assert out.writes[3:] == ["\nTable tt? "]
