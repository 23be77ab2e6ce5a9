"""A player at the screen-reader desktop: starts a game in the terminal, types each answer as soon as the question
is on screen and spoken (a hurried player: speech still going is cut by the next key, as Orca does), and cuts the
game's output and Orca's log into bursts (``hearing.Burst``) at those moments.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .desktop import Desktop
from .hearing import ANSI, Burst, norm

QUESTION_WAIT = 20.0
"""Seconds the game may take to ask its next question (it takes well under one)."""
SPEECH_WAIT = 30.0
"""Seconds Orca may take to speak a question once it is on screen (well under one, but on a busy machine it has
been seen to take ten)."""
LEAVING = 3
"""How many times Ctrl-D is pressed to leave the game: Braillespiel's question after a pass (follow the others?)
takes it as no answer and plays on."""
SETTLED = 0.3
"""Seconds without output after which a partial line is taken as the question, and Orca's log as settled."""


@dataclass(frozen=True)
class Mark:
    """How far the terminal's typescript and Orca's log had come, in bytes."""

    printed: int
    spoken: int


class StepTimeout(AssertionError):
    """The game or Orca did not get to the next question."""


class Player:
    """Plays games on ``desktop`` and hands back their bursts."""

    def __init__(self, desktop: Desktop) -> None:
        self.desktop = desktop

    def mark(self) -> Mark:
        return Mark(len(self.desktop.printed()), len(self.desktop.orca_bytes()))

    def next_stop(self, since: Mark) -> str | None:
        """Wait for the game to ask its next question after ``since`` and Orca to speak it: the question; or for
        the game to end (``script`` notes it): None. A question is a line left open after the burst's first line,
        unchanged for ``SETTLED`` seconds."""
        deadline = time.monotonic() + QUESTION_WAIT
        last, changed = b"", time.monotonic()
        while True:
            data = self.desktop.printed()[since.printed:]
            if data != last:
                last, changed = data, time.monotonic()
            if b"Script done" in data:
                self.desktop.quiet(0.6)
                return None
            text = data.decode("utf-8", "replace")
            tail = ANSI.sub("", text.rpartition("\n")[2]).split("\r")[-1] if "\n" in text else ""
            if tail.strip() and time.monotonic() - changed >= SETTLED:
                break
            if time.monotonic() > deadline:
                raise StepTimeout(f"no question within {QUESTION_WAIT:.0f} s; the terminal got {text[-300:]!r}")
            time.sleep(0.05)
        asked = norm(tail)
        deadline = time.monotonic() + SPEECH_WAIT
        while not self.spoken_since(since, asked):
            if time.monotonic() > deadline:
                said = self.burst(None, since, self.mark()).spoken()[-3:]
                raise StepTimeout(f"Orca did not speak the question {asked!r} within {SPEECH_WAIT:.0f} s "
                                  f"(it spoke last: {said!r})")
            time.sleep(0.05)
        self.desktop.quiet(SETTLED)
        return asked

    def spoken_since(self, since: Mark, line: str) -> bool:
        return line in self.burst(None, since, self.mark()).spoken()

    def burst(self, answer: str | None, since: Mark, until: Mark, question: bool = True) -> Burst:
        printed = self.desktop.printed()[since.printed:until.printed].decode("utf-8", "replace")
        log = self.desktop.orca_bytes()[since.spoken:until.spoken].decode("utf-8", "replace")
        return Burst(answer, printed, log, question)

    def play(self, argv: Sequence[str], env: Mapping[str, str], answers: Sequence[str]) -> list[Burst]:
        """Start the game, give it ``answers`` one per question, then leave it with Ctrl-D (it saves and ends;
        at a question that takes Ctrl-D as an answer, again); every burst, the last one the farewell."""
        bursts: list[Burst] = []
        since = self.mark()
        self.desktop.launch(argv, env)
        since = Mark(0, since.spoken)  # launching began a new typescript
        for answer in (None, *answers, *[""] * LEAVING):
            if answer:
                self.desktop.type_line(answer)
            elif answer is not None:
                self.desktop.key("ctrl+d")
            asked = self.next_stop(since)
            until = self.mark()
            bursts.append(self.burst(answer, since, until, question=asked is not None))
            since = until
            if asked is None:
                return bursts
        raise StepTimeout(f"the game did not end after Ctrl-D {LEAVING} times")

    def leave(self) -> None:
        """After a step went wrong: Ctrl-D until the game has ended, so the next one starts at the shell."""
        for _ in range(LEAVING):
            if b"Script done" in self.desktop.printed():
                return
            self.desktop.key("ctrl+d")
            with contextlib.suppress(StepTimeout):
                self.next_stop(self.mark())
