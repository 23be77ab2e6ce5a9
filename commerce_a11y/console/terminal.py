"""Lines out, lines in: the only place that touches the terminal.

Output is whole lines, printed once, never redrawn or coloured (docs/accessibility.md). Input has two back-ends behind
one ``ask``: *plain* (``input()`` with readline, or plain reading when stdin is not a terminal) and *rich* (a
prompt_toolkit session tuned for screen readers: no cursor-position requests, no completion while typing, no
colour). ``ask`` returns the typed line, ``None`` at the end of input, or ``INTERRUPTED`` after Ctrl-C.

Output that goes away (``commerce play | head``, a full disk behind ``> file``) or input that fails counts as the
end of input: the game saves and leaves quietly, with status 0, instead of crashing on a write.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Protocol, TextIO

from ..i18n import _, active_language
from ..seat.parser import answer_vocabulary, normalize
from .charset import clean
from .signals import Stopped, silence_output
from .speech import SilentSpeech, Speech

LINE_LIMIT = 4096
"""The longest input line read (in characters); the rest of a longer one is dropped, so that endless input without
a newline (``yes | tr -d '\\n'``) cannot grow the game's memory."""

HOLD = 1.5
"""Seconds a burst of lines may wait, while a match is played at a terminal, for the question that ends it
(``Terminal.holding``): longer than the computer players take to think on a busy machine (0.6 s for three was
seen), so that lines and question reach the terminal in one write. Orca, behind a burst on a busy machine, read
its question twice, and lost a line written while it was still behind (the screen had scrolled under the offsets
it was reading)."""

INTERRUPTED = "\x03"
"""What ``ask`` returns when the player pressed Ctrl-C: the line is cancelled and the question asked again."""


class InputBackend(Protocol):
    name: str

    def read(self, prompt: str) -> str | None:
        """One line (without the newline), None at the end of input; KeyboardInterrupt on Ctrl-C. ``prompt`` is
        the question, after whole lines to print before it (``Terminal.holding``)."""
        ...


def dumb_terminal(environ: Mapping[str, str]) -> bool:
    """A terminal that cannot move the cursor (or does not say what it is): TERM dumb, unknown or unset."""
    return environ.get("TERM", "") in ("", "dumb", "unknown")


def interactive(stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """Both ends are a terminal (standard input and output unless given): a person reads and types. Anything else
    (a pipe, a file, a closed stream) is a script: the game reads lines, never asks a terminal question, and the
    rules and replays are printed whole. The one test for this, so that every part of the game agrees."""
    for stream in (stdin or sys.stdin, stdout or sys.stdout):
        try:
            if not stream.isatty():
                return False
        except (ValueError, OSError):
            return False
    return True


def plain_is_right(stdin: TextIO, stdout: TextIO, environ: Mapping[str, str]) -> bool:
    """docs/accessibility.md: plain input when not on a terminal, on a dumb or unknown terminal, or when asked."""
    return input_choice("auto", stdin, stdout, environ)[0] == "plain"


class PlainInput:
    """``input()`` on a terminal (readline gives editing and history); line reading with an echo otherwise.

    When stdin is not a terminal the typed answer never appears on screen by itself, so it is echoed after the
    prompt: a transcript then reads like a session at the keyboard. On a dumb terminal readline is left out: it
    cannot move the cursor there, so it scrolls a long question sideways and shows it cut ("<n, passen?"); the
    terminal's own line editing (backspace, Ctrl-U) keeps every line whole.
    """

    name = "plain"

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = interactive(stdin, stdout)
        if self.interactive and not dumb_terminal(os.environ):
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401 - importing it gives input() line editing and history

    def read(self, prompt: str) -> str | None:
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.stdout.write("\n")
                return None
        self.stdout.write(prompt)
        self.stdout.flush()
        too_long = False
        try:
            line = self.stdin.readline(LINE_LIMIT + 1)
            if len(line) > LINE_LIMIT and not line.endswith("\n"):
                self._drop_rest()
                too_long = True
        except UnicodeDecodeError:
            line = "\ufffd\n"
        if not line:
            self.stdout.write("\n")
            return None
        if too_long:
            self.stdout.write("\n" + _("That line is too long; it is left out.") + "\n")
            self.stdout.flush()
            return ""
        self.stdout.write(clean(line) + "\n")
        self.stdout.flush()
        return line.rstrip("\r\n")

    def _drop_rest(self) -> None:
        """Read and drop the rest of an over-long line, a piece at a time (memory stays bounded)."""
        while True:
            piece = self.stdin.readline(LINE_LIMIT)
            if not piece or piece.endswith("\n"):
                return


class RichInput:
    """prompt_toolkit, tuned as docs/accessibility.md measured: history and Tab completion without redraw noise."""

    name = "rich"

    def __init__(self, words: Callable[[], Iterable[str]]) -> None:
        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import CompleteEvent, Completer, Completion
        from prompt_toolkit.document import Document
        from prompt_toolkit.output.color_depth import ColorDepth
        from prompt_toolkit.shortcuts import CompleteStyle

        self.now: tuple[str, ...] | None = None
        """The words that fit the question being asked, when the game said which (``Terminal.ask``)."""
        backend = self

        class Words(Completer):
            def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
                prefix = document.get_word_before_cursor().lower()
                for word in sorted(set(words() if backend.now is None else backend.now)):
                    if word.startswith(prefix) and prefix:
                        yield Completion(word, start_position=-len(prefix))

        self.session: PromptSession[str] = PromptSession(
            completer=Words(), complete_while_typing=False, complete_style=CompleteStyle.READLINE_LIKE,
            color_depth=ColorDepth.DEPTH_1_BIT, mouse_support=False, enable_system_prompt=False,
            enable_suspend=False, auto_suggest=None, bottom_toolbar=None, rprompt=None,
            include_default_pygments_style=False, erase_when_done=False,
        )
        from .rich_screen import steady

        steady(self.session)

    def read(self, prompt: str) -> str | None:
        width = shutil.get_terminal_size().columns - 8
        before, _newline, prompt = prompt.rpartition("\n")
        if len(prompt) >= width:
            # prompt_toolkit turns autowrap off and breaks a long question into two hard lines (measured at 40
            # columns); the terminal wraps a printed line itself. So what goes before the question proper is
            # printed as its own line, and the answer line keeps the question, for a braille display that shows
            # the cursor's line (a bare "> " there told nothing).
            head, prompt = split_question(prompt, width)
            before = f"{before}\n{head}" if before else head
        if before:
            # The lines before the question (``Terminal.holding``) are printed here; prompt_toolkit draws only
            # the answer line, and redraws it as the player types.
            sys.stdout.write(before + "\n")
            sys.stdout.flush()
        try:
            return self.session.prompt(prompt)
        except EOFError:
            return None


def split_question(prompt: str, width: int) -> tuple[str, str]:
    """A long prompt as a line to print and the question to ask: split after a sentence or clause ("Your turn,
    hQ h7 s2, widow c7 d9 h2:" | "swap, pass, knock? "), keeping on the answer line as much as fits in ``width``
    characters; with no such split, the whole prompt as the line and "> " to answer after."""
    text = prompt.rstrip()
    cuts = sorted(i + 2 for mark in (". ", "? ", ": ") for i in range(len(text)) if text.startswith(mark, i))
    for cut in cuts:
        tail = prompt[cut:]
        if len(tail) < width:
            return prompt[:cut].rstrip(), tail
    return text, "> "


class NoInput:
    """The back-end of a terminal that only prints (a command's report, a replay told whole): nothing is asked."""

    name = "plain"

    def read(self, prompt: str) -> str | None:
        return None


def make_input(choice: str, words: Callable[[], Iterable[str]], stdin: TextIO | None = None,
               stdout: TextIO | None = None) -> InputBackend:
    """The back-end the player chose, or with ``auto`` the one docs/accessibility.md says fits this terminal.

    Input that is not a terminal (a pipe, a file) is always read plainly, whatever was chosen or remembered: rich
    editing has no keyboard to read there, and prompt_toolkit would echo every question twice and warn in English.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if input_choice(choice, stdin, stdout, os.environ)[0] == "plain":
        return PlainInput(stdin, stdout)
    try:
        return RichInput(words)
    except Exception:
        return PlainInput(stdin, stdout)


def input_choice(choice: str, stdin: TextIO, stdout: TextIO, environ: Mapping[str, str]) -> tuple[str, str]:
    """The input back-end ``choice`` (``auto``, ``plain``, ``rich``) gives here, and why: ``not-a-terminal``,
    ``chosen``, ``dumb-terminal``, ``accessible`` (the variable ACCESSIBLE) or ``terminal`` (auto on a capable
    one). ``commerce doctor`` says the reason; ``make_input`` follows the choice."""
    if not interactive(stdin, stdout):
        return "plain", "not-a-terminal"
    if choice in ("plain", "rich"):
        return choice, "chosen"
    if dumb_terminal(environ):
        return "plain", "dumb-terminal"
    if environ.get("ACCESSIBLE"):
        return "plain", "accessible"
    return "rich", "terminal"


class Terminal:
    """Says lines (printed, and spoken when speech is on) and asks questions."""

    def __init__(self, backend: InputBackend, speech: Speech | None = None, stdout: TextIO | None = None) -> None:
        self.backend = backend
        self.speech: Speech = speech or SilentSpeech()
        self.stdout = stdout or sys.stdout
        self.notices: list[str] = []
        """Sentences from other threads (speech failures), printed before the next line or question."""
        self.output_lost = False
        """True once the output could not be written: every later question reads as the end of input."""
        self.bell = False
        """Ring the terminal's bell before the player's turn (``ring``): the setting ``bell``, off by default."""
        self.input_ended = False
        """True when the latest question met the end of input (Ctrl-D, Ctrl-Z Enter, a closed terminal): what a
        yes-or-no question's None meant, where the end of input and Ctrl-C mean different things."""
        self._held: list[str] | None = None
        """While ``holding``: the text said but not yet written (None: every line is written as it is said)."""
        self.line_open = False
        """A question written by ``prompt`` waits on the cursor's line: what is said next begins a line of its own."""
        self._hold_lock = threading.Lock()
        self._release: threading.Timer | None = None

    @property
    def interactive(self) -> bool:
        """A person answers at a terminal (not a script or a pipe): only a person is asked what a script could not
        expect, such as whether to follow the rest of a match."""
        return bool(getattr(self.backend, "interactive", self.backend.name == "rich"))

    def notice(self, text: str) -> None:
        """Queue a sentence to print at the next chance (safe from any thread; never prints over a prompt)."""
        self.notices.append(text)

    def say(self, lines: Iterable[str], interrupt: bool = False) -> None:
        """Print each line once, all in one write (with the question after them while ``holding``), so that a
        screen reader follows one change of the screen for a burst, not one a line; then speak them, the first
        cutting off stale speech when ``interrupt`` is set."""
        lines = [*self._take_notices(), *lines]
        self._print("".join(f"{line}\n" for line in lines))
        for line in lines:
            self.speech.speak(line, interrupt=interrupt)
            interrupt = False

    def ring(self) -> None:
        """The terminal's bell (BEL), when the player asked for it: a sound before their turn's question. Nothing
        is printed: a screen reader speaks nothing for it and a braille line shows no cell."""
        if self.bell:
            self._print("\a")

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """While a match is played at a terminal, what is said waits for the question that follows it, at most
        ``HOLD`` seconds, and is written with it in one write (Orca behind a burst read its question twice, and
        lost a line of it as the screen scrolled: tests/screen_reader). Whatever waits is written on the way out.
        Output that is not a terminal is written as it is said, as a script reading it expects."""
        if not self.interactive or self._held is not None:
            yield
            return
        self._held = []
        try:
            yield
        finally:
            self._write_held(stop=True)

    def prompt(self, question: str) -> None:
        """Write a question another thread reads the answer to (``commerce join``: the server asks, the main thread
        reads what the player types): after what is held, in one write, on the cursor's line, where a braille
        display shows it and the typed answer follows it; and speak it."""
        self.speech.speak(question.strip())
        with self._hold_lock:
            text = ("\n" if self.line_open else "") + "".join(self._held or ()) + question
            if self._held is not None:
                self._held = []
            if self._release is not None:
                self._release.cancel()
                self._release = None
            self.line_open = True
            self._write(text)
            self._write("")

    def answered(self) -> None:
        """The player ended the question's line with Enter (the terminal echoed it): what comes next begins there."""
        with self._hold_lock:
            self.line_open = False

    def _print(self, text: str) -> None:
        """Write ``text`` now, or hold it (``holding``) until the question or ``HOLD`` seconds from now; after a
        question still waiting on its line (``prompt``), on a line of its own."""
        with self._hold_lock:
            if self.line_open and text:
                text, self.line_open = "\n" + text, False
            if self._held is not None:
                if text:
                    self._held.append(text)
                    if self._release is None:
                        self._release = threading.Timer(HOLD, self._write_held)
                        self._release.daemon = True
                        self._release.start()
                return
            self._write(text)
            self._write("")

    def _write_held(self, stop: bool = False, before: str = "") -> str:
        """Write what is held now (or, with ``before`` given, take it to write before that question): from the
        timer, at a question and, with ``stop``, when holding ends."""
        with self._hold_lock:
            if self._release is not None:
                self._release.cancel()
                self._release = None
            held = "".join(self._held or ())
            if stop:
                self._held = None
            elif self._held is not None:
                self._held = []
            if before:
                return held + before
            if held:
                self._write(held)
                self._write("")
            return ""

    def _write(self, text: str) -> None:
        """Write (and with nothing to write, flush) unless the output is lost; a failure loses it."""
        if self.output_lost:
            return
        try:
            if text:
                self.stdout.write(text)
            else:
                self.stdout.flush()
        except (OSError, ValueError):
            self.lose_output()

    def lose_output(self) -> None:
        """The reader went away or the output cannot be written: write no more, and end at the next question.

        The stream's descriptor is pointed at the null device, so the bytes still buffered in it cannot fail
        again when Python flushes it on the way out.
        """
        self.output_lost = True
        silence_output((self.stdout,))

    def _take_notices(self) -> list[str]:
        taken, self.notices[:] = list(self.notices), []
        return taken

    def ask(self, prompt: str, interrupt: bool = False, words: Iterable[str] | None = None) -> str | None:
        """The answer to ``prompt`` (see ``InputBackend.read``); ``words``, when given, are the only ones rich input
        completes (the moves possible now and the review commands), else every command word."""
        self.input_ended = False  # says what the latest question met
        if isinstance(self.backend, RichInput):
            self.backend.now = None if words is None else tuple(words)
        if self.notices:
            self.say([])
        if self.output_lost:
            self.input_ended = True
            return None
        self.speech.speak(prompt.strip(), interrupt=interrupt)
        try:
            line = self.backend.read(self._write_held(before=prompt))
        except (OSError, ValueError):
            # The prompt could not be written, or the input cannot be read (a closed terminal): end of input.
            self.lose_output()
            self.input_ended = True
            return None
        except KeyboardInterrupt:
            if self.backend.name == "plain":  # prompt_toolkit has ended the line itself
                self.stdout.write("\n")
                self.stdout.flush()
            return INTERRUPTED
        except Stopped:
            # SIGTERM or SIGHUP while asking: end the question's line, so that what is said next stands alone.
            with contextlib.suppress(OSError, ValueError):
                self.stdout.write("\n")
                self.stdout.flush()
            raise
        if line is None:
            self.input_ended = True
        return line

    def yes_or_no(self, question: str, empty: bool | None = None) -> bool | None:
        """Ask until the answer is yes (True) or no (False), in the player's words or English; None at the end of
        input or on Ctrl-C (each caller knows what leaving the question means). ``empty``: what an empty answer
        means, where the question has a default (None: it is asked again)."""
        vocabulary = answer_vocabulary(active_language())
        answers = [word for word, key in vocabulary.items() if key in ("yes", "no") and len(word) > 1]
        while True:
            line = self.ask(question, words=answers)
            if line is None or line == INTERRUPTED:
                return None
            if empty is not None and not line.strip():
                return empty
            answer = vocabulary.get(normalize(line))
            if answer in ("yes", "no"):
                return answer == "yes"
            self.say([_("Please answer yes or no.")])
