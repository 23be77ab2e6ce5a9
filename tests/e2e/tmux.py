"""Play the game in a real terminal emulator: a private tmux server types commands and reads the screen.

tmux needs no display, so this runs in CI. Each ``Tmux`` owns one server on its own socket (``tmux -L``), started
with its own configuration (never the user's), one session of a given size (80x24, or 40 columns like a braille
display) and one program in it. The program waits at a gate until ``pipe-pane`` records its output, so the raw
bytes file holds everything the program wrote (tmux's own drawing never appears there: pipe-pane sees the program's
side of the pty). ``remain-on-exit`` keeps the pane after the program ends, so the last screen can still be read;
the exit status is written to a file by the launcher. The server is always killed (and its socket file removed) on
``close``, which the context manager calls.

Also here, because both end-to-end modules need them: the isolated environment and command line of a game, and
``Sentences``, what the game says in a language, read from the catalogs when the test runs.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest

GAME = (sys.executable, "-m", "commerce_a11y", "play")
"""The game as the venv's python runs it (never a ``commerce`` found on PATH)."""

_DROPPED_VARIABLES = ("LANG", "LANGUAGE", "LC_", "TMUX", "PROMPT_TOOLKIT_", "ACCESSIBLE", "COLUMNS", "LINES",
                      "NO_COLOR", "PYTHONSTARTUP", "PYTHONUNBUFFERED", "INPUTRC", "XDG_", "TERM")
"""What a player's terminal does not set, or sets its own way. PYTHONUNBUFFERED (set on the CI machines) made
readline write a question a byte at a time, and Orca speak it in pieces."""


def game_env(home: Path, first_start: bool = False, **extra: str) -> dict[str, str]:
    """An environment that keeps settings and saves inside ``home`` and leaves language to ``--lang``.

    TERM is not inherited: tmux sets the pane's own, and a pty test passes the one it emulates in ``extra``.
    Unless ``first_start``, the settings say the tutorial was offered already (the very first start at a terminal
    offers it once).
    """
    if not first_start:
        settings = home / "config" / "commerce-a11y" / "settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        if not settings.exists():
            settings.write_text('{"tutorial": "offered"}\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(_DROPPED_VARIABLES)}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), LANG="C.UTF-8")
    env.update(extra)
    return env


def game_argv(*args: str) -> list[str]:
    return [*GAME, *args]


def require_tmux() -> str:
    """The tmux executable, or skip the test (the only reason an end-to-end test is skipped)."""
    path = shutil.which("tmux")
    if path is None:
        pytest.skip("tmux is not installed")
    return path


# Runs inside the pane: wait until the test has set up pipe-pane, then run the game with exactly the environment
# the test chose (TERM stays what tmux set, unless the test chose one) and write down its exit status. tmux 3.3
# itself sometimes never learns a pane's exit status while pipe-pane is on (the pane stays a zombie), so the
# status comes from this file. Ctrl-C is meant for the game: the launcher catches SIGINT with a handler, which
# (unlike ignoring it) the game does not inherit.
_LAUNCHER = """
import json, os, signal, subprocess, sys, time
gate, env_file, status_file, argv = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
deadline = time.monotonic() + 20
while not os.path.exists(gate) and time.monotonic() < deadline:
    time.sleep(0.005)
with open(env_file, encoding="utf-8") as f:
    env = json.load(f)
env.setdefault("TERM", os.environ.get("TERM", ""))
signal.signal(signal.SIGINT, lambda *args: None)
code = subprocess.call(argv, env=env)
with open(status_file + ".tmp", "w", encoding="utf-8") as f:
    f.write(str(code))
os.replace(status_file + ".tmp", status_file)
"""


class TmuxError(AssertionError):
    """Something expected did not show on the screen in time; the message carries the screen."""


class Tmux:
    """One private tmux server running one program in a ``cols`` x ``rows`` pane."""

    SESSION = "game"

    def __init__(self, workdir: Path, cols: int = 80, rows: int = 24) -> None:
        self.tmux = require_tmux()
        self.workdir = workdir
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.cols, self.rows = cols, rows
        self.socket = f"commerce-e2e-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.raw_path = workdir / "pane-raw.bin"
        self.status_path = workdir / "exit-status"
        self.conf = workdir / "tmux.conf"
        self.conf.write_text("set -g history-limit 50000\nset -g remain-on-exit on\nset -g status off\n",
                             encoding="utf-8")
        self.started = False
        self.socket_path = ""
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
        self.env["LANG"] = "C.UTF-8"

    # ----- the server -----

    def cmd(self, *args: str, check: bool = True) -> str:
        """Run one tmux command against this server; its standard output."""
        result = subprocess.run([self.tmux, "-u", "-f", str(self.conf), "-L", self.socket, *args],
                                capture_output=True, text=True, encoding="utf-8", errors="replace",
                                env=self.env, timeout=20, check=False)
        if check and result.returncode != 0:
            raise TmuxError(f"tmux {' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
        return result.stdout

    def start(self, argv: Sequence[str], env: Mapping[str, str]) -> None:
        """Start ``argv`` with exactly ``env`` in a new pane, recording its raw output from the first byte."""
        if any(a.endswith(";") for a in argv):
            raise ValueError("tmux would split an argument ending in ';' into two commands")
        gate = self.workdir / f"gate-{uuid.uuid4().hex[:8]}"
        env_file = self.workdir / "pane-env.json"
        env_file.write_text(json.dumps(dict(env)), encoding="utf-8")
        self.cmd("new-session", "-d", "-s", self.SESSION, "-x", str(self.cols), "-y", str(self.rows),
                 sys.executable, "-c", _LAUNCHER, str(gate), str(env_file), str(self.status_path), *argv)
        self.started = True
        self.socket_path = self.cmd("display-message", "-p", "#{socket_path}").strip()
        self.cmd("pipe-pane", "-t", self.SESSION, "-o", f"cat > {shlex.quote(str(self.raw_path))}")
        gate.touch()

    def close(self) -> None:
        if self.started:
            self.cmd("kill-server", check=False)
            self.started = False
            if self.socket_path:  # tmux leaves its socket file behind
                Path(self.socket_path).unlink(missing_ok=True)

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- typing -----

    def send_text(self, text: str) -> None:
        """Type ``text`` literally (no key names)."""
        self.cmd("send-keys", "-t", self.SESSION, "-l", "--", text)

    def send_key(self, key: str) -> None:
        """Press a named key: Enter, C-c, C-d, BSpace..."""
        self.cmd("send-keys", "-t", self.SESSION, key)

    def send_line(self, text: str) -> None:
        """Type a line and press Enter."""
        if text:
            self.send_text(text)
        self.send_key("Enter")

    # ----- reading -----

    def screen(self) -> str:
        """The whole scrollback and the screen, wrapped lines joined, as plain text (no attributes)."""
        return self.cmd("capture-pane", "-p", "-J", "-S", "-", "-t", self.SESSION)

    def lines(self) -> list[str]:
        """The screen's lines without trailing spaces, tmux's "Pane is dead" note and the empty rows below."""
        lines = [line.rstrip() for line in self.screen().split("\n")]
        lines = [line for line in lines if not line.startswith("Pane is dead")]
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def raw(self) -> bytes:
        """Every byte the program wrote to its terminal so far."""
        try:
            return self.raw_path.read_bytes()
        except FileNotFoundError:
            return b""

    def cursor(self) -> tuple[int, int]:
        x, y = self.cmd("display-message", "-p", "-t", self.SESSION, "#{cursor_x} #{cursor_y}").split()
        return int(x), int(y)

    def wait_for(self, what: str | Callable[[list[str]], bool], timeout: float = 10.0) -> list[str]:
        """Wait until the screen shows the text ``what`` (or the predicate holds for its lines); the lines."""
        check = (lambda lines: any(what in line for line in lines)) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while True:
            lines = self.lines()
            if check(lines):
                return lines
            if time.monotonic() > deadline:
                shown = "\n".join(lines[-40:])
                raise TmuxError(f"timed out after {timeout} s waiting for {what!r}; the screen ends with:\n{shown}")
            time.sleep(0.03)

    def exit_status(self) -> int | None:
        """The program's exit status once it has ended (minus the signal if one ended it), else None."""
        try:
            return int(self.status_path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return None

    def wait_exit(self, timeout: float = 10.0) -> int:
        deadline = time.monotonic() + timeout
        while (status := self.exit_status()) is None:
            if time.monotonic() > deadline:
                raise TmuxError(f"the program did not end within {timeout} s:\n" + "\n".join(self.lines()[-20:]))
            time.sleep(0.03)
        return status


class Sentences:
    """What the game says and understands in one language, read from the catalogs when the test runs.

    The translators fill the catalogs while these tests exist, so nothing German or Dutch is written here: the
    expected sentences, the prompts and the command words all come from the same catalogs the game reads. The
    catalog is read afresh (not from this process's cache), since it may have changed since another test read it.
    """

    QUESTIONS = ("{actions}? ", "{situation}: {actions}? ", "You deal: {actions}? ", "You may call now: {actions}? ",
                 "{card} offered: {actions}? ")
    """The questions of a decision (``asking.question``): the moves, perhaps after what sets the decision apart."""
    BLIND = ("You deal: {actions}? ",)
    """S2: the question of the dealer's blind choice (and of Handeln's exchange, which also names keep)."""
    SITUATIONS = ("Your turn goes on", "Last turn")
    ACTIONS = ("swap", "pass", "knock", "in", "fire", "call", "pounce", "exchange", "keep", "done", "take", "all",
               "offer", "give", "decline")

    def __init__(self, lang: str) -> None:
        from commerce_a11y import i18n
        from commerce_a11y.seat import parser, prompts

        i18n._loaded.pop(lang, None)
        for cached in (parser.main_words, parser.all_words, parser.command_vocabulary, parser.setting_vocabulary,
                       parser.card_lexicon):
            cached.cache_clear()
        self.lang = lang
        self.t = i18n.translation(lang)
        self.words = parser.main_words(lang)
        """Each command's first word in this language: what a player reads in the prompt and types."""
        self.shown = {rules: parser.shown_words(lang, rules) for rules in ("schwimmen", "tauschen")}
        """Each command as help and hints of Schwimmen and Tauschen show it ("schieben", "swap all", "trade")."""
        self.asked = {rules: prompts.question_words(lang, rules) for rules in ("schwimmen", "tauschen")}
        """Each command as the questions of Schwimmen and Tauschen name it ("schieben", "all", "trade")."""
        self.yes = parser.normalize(self.t.pgettext("answer", "yes y").split()[0])
        shown = {words[a] for words in (self.words, *self.shown.values(), *self.asked.values()) for a in self.ACTIONS}
        actions = "|".join(re.escape(word) for word in sorted(shown, key=len, reverse=True))
        actions = f"(?:{actions})(?:, (?:{actions}))*"
        situation = "(?:" + "|".join(self._regex(self.t.gettext(m), {}) for m in self.SITUATIONS) + ")"
        card = r"\S+"  # a card's code: only a question with codes names the offered card
        self._prompts = [re.compile(self._regex(self.t.gettext(q).strip(), {
            "situation": situation, "actions": actions, "card": card}) + r"(?: (?P<answer>.*))?")
            for q in self.QUESTIONS]
        self.kinds = dict(zip(self._prompts, self.QUESTIONS, strict=True))
        """Each question's pattern to its catalog entry (``kind``)."""
        self.situation = re.compile(situation)
        self.leave_prompt = self.t.gettext("Save and leave? Yes or no? ")
        self._prompts.append(re.compile(re.escape(self.leave_prompt.strip()) + r"(?: (?P<answer>.*))?"))

    @staticmethod
    def _regex(template: str, fields: dict[str, str]) -> str:
        """A translated template as a regular expression, each placeholder replaced by its pattern."""
        parts = re.split(r"\{(\w+)\}", template)
        return "".join(re.escape(part) if i % 2 == 0 else fields[part] for i, part in enumerate(parts))

    def say(self, msgid: str, **values: object) -> str:
        """A sentence as the game says it."""
        return self.t.gettext(msgid).format(**values)

    @property
    def saved(self) -> str:
        """The last sentence after leaving a match, as an installed game says it."""
        return self.say("Your match is saved. To go on, type: {command}", command="commerce resume")

    def pattern(self, msgid: str, **values: object) -> re.Pattern[str]:
        """A sentence with the placeholders not given as "anything" (for cards, values, names)."""
        parts = re.split(r"\{(\w+)\}", self.t.gettext(msgid))
        regex = "".join(re.escape(part) if i % 2 == 0 else
                        re.escape(str(values[part])) if part in values else ".+?"
                        for i, part in enumerate(parts))
        return re.compile(regex)

    def prompt(self, line: str) -> tuple[bool, str | None]:
        """Whether ``line`` is a question of the game, and the answer typed after it (None while unanswered)."""
        for regex in self._prompts:
            match = regex.fullmatch(line.rstrip())
            if match:
                return True, match["answer"]
        return False, None

    def kind(self, line: str) -> str | None:
        """Which question ``line`` is (its catalog entry in English), or None."""
        for regex in self._prompts:
            if regex.fullmatch(line.rstrip()):
                return self.kinds.get(regex)
        return None

    def offer(self, line: str) -> bool:
        """Whether ``line`` asks for the answer to an offer (X4): its moves begin with the word for giving."""
        kind = self.kind(line)
        give = self.words["give"]
        return kind == "{card} offered: {actions}? " or (kind == "{actions}? " and line.startswith(f"{give}, "))

    def waiting(self, lines: Sequence[str]) -> bool:
        """The game asks and nothing is typed yet: the last line is a bare question."""
        return bool(lines) and self.prompt(lines[-1]) == (True, None)

    def prompt_count(self, lines: Sequence[str]) -> int:
        return sum(self.prompt(line)[0] for line in lines)
