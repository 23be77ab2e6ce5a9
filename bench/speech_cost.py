"""What a player hears and reads per hand: seconds of espeak-ng speech and lines too long for a 40-cell display.

Plays seeded matches of ``commerce play`` exactly as a piped game prints them (each question with the echoed
answer, every line the game writes), then measures every line the player gets:

* speech: the line spoken by espeak-ng with the language's voice at its default rate, as a screen reader speaks
  each new line (the question line is spoken, the echoed answer is not); the duration is read from the WAV it
  writes. Seconds per hand run from a hand's deal announcement to the next one's, so the showdown, the counts and
  the eliminations belong to the hand they end; the match's opening (before the first deal) and closing (from
  the match end on) are reported apart.
* braille: the line through liblouis ``lou_translate`` with the language's table (de-g0, nl-NL-g0, en-ueb-g1),
  one cell per character of its output; the share of lines over 40 cells, and the question line's cells.
* kind of line: the catalog sentence that produced it, found from the game's own catalogs (each translation a
  pattern, its placeholders wildcards, the most literal characters winning), so the figures follow whatever the
  narration says; labelled by the English text. Lines no sentence matches are "other" (``--verbose`` lists them).

The game runs in this process with its real ``Terminal`` and ``PlainInput`` reading a scripted standard input,
which answers each question from the match when it is asked: at the player's turn, ``--player pass`` declines
(pass, or keep / done where that is the decline, or decline an offer), ``--player hint`` types ``hint`` (in the
game's language) and then, asked again, what the hint names, and ``--player strong`` plays the hint's move without
asking; any other question (yes or no) gets ``--follow``. After ``--turn-limit`` turns in one hand the
player declines (the hint can swap back and forth for ever in Braillespiel); the report says in how many hands it
did. HOME and the XDG folders point into a temporary folder, so the player's own settings, saves, records and
statistics are never touched. ``--verify`` plays each match again as a real ``commerce play`` subprocess fed the
same answers and checks that it prints the same bytes. ``--check-speech N`` compares the first N lines' per-line
durations with the same lines spoken in one go (measured: per line is 2-6% shorter, the pauses between sentences).

    uv run python bench/speech_cost.py --rules commerce --lang en --cards names --verbosity normal brief
    uv run python bench/speech_cost.py --rules commerce braillespiel handeln thirty-one trentuno \\
        --lang de nl en --cards codes --verbosity brief --matches 3 --seed 1
    uv run python bench/speech_cost.py --rules handeln --players 5 --lang de --json --transcript /tmp/t

Every combination of the ``--rules``, ``--lang``, ``--verbosity``, ``--cards`` and ``--players`` values is one
configuration, reported on its own. Needs the Debian packages espeak-ng and liblouis-bin (``espeak-ng`` and
``lou_translate`` on the PATH).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import os
import re
import shutil
import signal
import statistics
import string
import subprocess
import sys
import tempfile
import threading
import wave
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from commerce_a11y import i18n
from commerce_a11y.cli import main as commerce_main
from commerce_a11y.console.game import Game
from commerce_a11y.console.terminal import Terminal
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.rules import Action, Dealt, Event, MatchEnded, SeatView
from commerce_a11y.seat.advice import action_command, hint_action
from commerce_a11y.seat.parser import ReviewCommand, answer_vocabulary, shown_words

PLAYERS = ("pass", "hint", "strong")
"""The scripted players: one who always declines, one who asks for the hint at each decision and does what it
says (the hint's answer is heard, as a player following the hints hears it), one who plays the same moves unasked."""
RULESETS = ("commerce", "braillespiel", "handeln", "thirty-one", "trentuno", "schwimmen", "tauschen")
LANGUAGES = ("de", "nl", "en")
VOICES = {"de": "de", "nl": "nl", "en": "en"}
"""espeak-ng's voice for each language of the game."""
BRAILLE_TABLES = {"de": "de-g0.utb", "nl": "nl-NL-g0.utb", "en": "en-ueb-g1.ctb"}
"""The liblouis tables issue 15 measured with: uncontracted German and Dutch, grade 1 UEB."""
CELLS = 40
"""The braille display's width: a line longer than this needs panning."""
PROGRAMS = {"espeak-ng": "espeak-ng", "lou_translate": "liblouis-bin"}
"""The programs measured with, and the Debian package of each."""


class BenchError(Exception):
    """Something that stops the benchmark, said in one line."""


# ----- one match, played as a pipe plays it -----------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """One configuration: the player's settings and how the scripted player answers."""

    rules: str
    lang: str
    verbosity: str
    cards: str
    players: int = 4
    options: tuple[str, ...] = ()
    player: str = "pass"
    follow: str = "yes"
    turn_limit: int = 30
    """The player's turns in one hand after which it declines whatever it would play: the game's hint can swap
    back and forth for ever (issue 15), and a hand must end."""

    def argv(self, seed: int) -> list[str]:
        """``commerce`` arguments of one match of this configuration."""
        args = ["play", "--lang", self.lang, "--rules", self.rules, "--players", str(self.players),
                "--seed", str(seed), "--verbosity", self.verbosity, "--cards", self.cards]
        for option in self.options:
            args += ["--option", option]
        return args

    @property
    def label(self) -> str:
        parts = [self.rules, self.lang, self.cards, self.verbosity, f"{self.players} players", *self.options,
                 f"{self.player} player"]
        if self.follow != "yes":
            parts.append(f"follow {self.follow}")
        return ", ".join(parts)

    @property
    def slug(self) -> str:
        text = "-".join([self.rules, self.lang, self.cards, self.verbosity, f"p{self.players}", *self.options,
                         self.player])
        return re.sub(r"[^A-Za-z0-9_.=-]+", "_", text)


@dataclass
class Line:
    """One line the player got: a line the game said, or a question (its prompt; the echoed answer apart)."""

    text: str
    question: bool = False
    answer: str | None = None
    event: str | None = None
    """The kind of match event whose narration printed this line (``deal``, ``swap``, ...), if one did."""
    starts: str | None = None
    """``hand`` on a hand's first line (its deal announcement), ``end`` on the first line of the match's end."""
    review: str | None = None
    """The review command (``hint``) whose answer this line is: lines the player asked for, and hears."""

    @property
    def shown(self) -> str:
        """The text spoken and shown in braille: a question's prompt without its trailing space."""
        return self.text.strip()


@dataclass
class Played:
    """One match as the player got it."""

    config: Config
    seed: int
    lines: list[Line]
    answers: list[str]
    output: bytes
    """Everything the game printed, byte for byte what ``commerce play`` prints into a pipe."""
    hands: int
    """How many hands the match had (the match's own count)."""
    declined: int = 0
    """Hands in which the player reached ``turn_limit`` and declined from then on."""

    def segments(self) -> tuple[list[Line], list[list[Line]], list[Line]]:
        """The opening lines (before the first deal), each hand's lines, and the closing lines."""
        opening: list[Line] = []
        hands: list[list[Line]] = []
        closing: list[Line] = []
        current = opening
        for line in self.lines:
            if line.starts == "hand" and current is not closing:
                hands.append([])
                current = hands[-1]
            elif line.starts == "end":
                current = closing
            current.append(line)
        return opening, hands, closing


@dataclass
class _Narrated:
    text: str
    event: str
    starts: str | None = None
    then: str | None = None
    """A boundary that falls after this line: the next line printed starts a hand (or the end)."""


_BOUNDARIES: dict[type[Event], str] = {Dealt: "hand", MatchEnded: "end"}
"""The match events that begin a part of the transcript: a deal begins a hand, the match end its closing."""


class Driver:
    """Plays one match in this process and answers each question when the game asks it.

    The game's standard output is a ``Capture`` (the bytes a pipe would get, and the lines as they complete), its
    standard input a ``ScriptedStdin`` that asks ``answer`` for each line. The narrator is watched (never changed)
    to learn which printed line announces a deal: that is where a hand begins.
    """

    QUESTION_LIMIT = 5
    """Asked the same question this often with the match unchanged: the answer is not understood; stop."""

    def __init__(self, config: Config, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.lines: list[Line] = []
        self.answers: list[str] = []
        self.partial = ""
        self.echo = False
        self.pending: list[_Narrated] = []
        self.after: str | None = None
        self.asked: Counter[tuple[str, int]] = Counter()
        self.error: str | None = None
        self.turns: Counter[int] = Counter()
        self.game: Game | None = None
        self.hinted = -1
        """The match's event count at the player's last ``hint``: one hint a decision."""
        self.review: ReviewCommand | None = None
        """The review command just typed: the lines printed until the next question are its answer."""
        yes_no = config.follow
        self.follow_word = next(w for w, key in answer_vocabulary(config.lang).items() if key == yes_no)

    # ----- what the game prints -----

    def printed(self, text: str) -> None:
        self.partial += text
        while "\n" in self.partial:
            line, self.partial = self.partial.split("\n", 1)
            if self.echo:  # the rest of a question's line: the answer the game echoed
                self.echo = False
                continue
            self.lines.append(self._tagged(line))

    def _tagged(self, text: str) -> Line:
        line = Line(text, starts=self.after, review=self.review)
        self.after = None
        for index, narrated in enumerate(self.pending):
            if narrated.text == text:
                for skipped in self.pending[:index]:  # narrated but never printed: keep their boundaries
                    line.starts = line.starts or skipped.starts or skipped.then
                line.event = narrated.event
                line.starts = line.starts or narrated.starts
                self.after = narrated.then
                del self.pending[:index + 1]
                break
        return line

    def narrated(self, event: Event, lines: Sequence[str]) -> None:
        """The narrator turned ``event`` into ``lines`` (printed soon, in order); they are counted under the
        event's name in the record."""
        if self.game is None:  # known before the first question: the player may never be asked anything
            self.game = _asking()[0]
        boundary = _BOUNDARIES.get(type(event))
        entries = [_Narrated(text, event.kind) for text in lines]
        if boundary and entries:
            entries[0].starts = boundary
        elif boundary and self.pending:
            self.pending[-1].then = boundary  # an event told in no line: the part begins after the last one told
        elif boundary:
            self.after = boundary
        self.pending += entries

    # ----- what the game asks -----

    def answer(self) -> str:
        """The next line of standard input: the answer to the question just printed ("" ends the input)."""
        prompt, self.partial = self.partial, ""
        self.echo = True
        for narrated in self.pending:  # narrated but not printed before the question: never printed
            self.after = self.after or narrated.starts or narrated.then
        self.pending.clear()
        line = Line(prompt, question=True, starts=self.after)
        self.after = None
        self.lines.append(line)
        if self.error is not None:
            return ""
        game, yes_or_no = _asking()
        self.game = game or self.game
        events = len(game.match.events) if game is not None else -1
        self.asked[(prompt, events)] += 1
        if self.asked[(prompt, events)] > self.QUESTION_LIMIT:
            line.answer = self.answers[-1] if self.answers else None
            self.error = f"the game asks again and again, unchanged: {prompt.strip()!r} (answered {line.answer!r})"
            return ""
        self.review = None
        if not yes_or_no and game is not None and not game.match.over and game.match.to_act == game.seat:
            view = game.match.view(game.seat)
            over = self.turns[view.hand_no] >= self.config.turn_limit
            if self.config.player == "hint" and not over and self.hinted != events:
                # As a player following the hints does: ask for the hint, then (asked again) type what it names.
                self.hinted = events
                self.review = ReviewCommand.HINT
                answer = shown_words(self.config.lang, self.config.rules)[ReviewCommand.HINT]
            else:
                self.turns[view.hand_no] += 1
                answer = action_command(view, choose(view, "pass" if over else self.config.player))
        else:
            answer = self.follow_word
        line.answer = answer
        self.answers.append(answer)
        return answer + "\n"

    # ----- the match -----

    def play(self, home: Path) -> Played:
        stdout = Capture(self)
        stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        with _isolated(home), _streams(ScriptedStdin(self), stdout, stderr), _watching(self):
            try:
                commerce_main(self.config.argv(self.seed))
                status = 0
            except SystemExit as done:
                status = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        stderr.flush()
        errors = stderr.buffer.getvalue().decode("utf-8", "replace").strip()  # type: ignore[attr-defined]
        if self.error is not None:
            raise BenchError(f"{self.config.label}, seed {self.seed}: {self.error}")
        if status != 0 or errors:
            crash = home / "data" / "commerce-a11y" / "crash.log"
            details = crash.read_text(encoding="utf-8", errors="replace").strip() if crash.exists() else ""
            raise BenchError(f"{self.config.label}, seed {self.seed}: commerce play ended with status {status}: "
                             f"{errors or details.splitlines()[-1] if errors or details else 'no message'}")
        if self.partial:
            self.lines.append(self._tagged(self.partial))
        if self.game is None or not self.game.match.over:
            raise BenchError(f"{self.config.label}, seed {self.seed}: the match did not reach its end")
        declined = sum(1 for turns in self.turns.values() if turns > self.config.turn_limit)
        return Played(self.config, self.seed, self.lines, self.answers, stdout.output(), self.game.match.hand_no,
                      declined)


def choose(view: SeatView, player: str) -> Action:
    """The scripted player's action: the game's own hint, or the decline (pass; keep or done where that is it;
    declining an offer, X4)."""
    if player in ("hint", "strong"):
        return hint_action(view)
    for kind in ("pass", "done", "decline"):
        for action in view.legal:
            if action.kind == kind:
                return action
    return view.legal[0]


_YES_OR_NO = Terminal.yes_or_no.__code__


def _asking() -> tuple[Game | None, bool]:
    """The game that asks the question being answered, and whether it asks yes or no: read from the calling
    frames, so that any question the game may add is answered without the benchmark knowing its words."""
    game: Game | None = None
    yes_or_no = False
    frame = sys._getframe(1)
    while frame is not None:
        yes_or_no = yes_or_no or frame.f_code is _YES_OR_NO
        owner = frame.f_locals.get("self")
        if game is None and isinstance(owner, Game):
            game = owner
        frame = frame.f_back  # type: ignore[assignment]
    return game, yes_or_no


class Capture(io.TextIOWrapper):
    """The game's standard output: UTF-8 bytes as a pipe gets them, each write also handed to the driver."""

    def __init__(self, driver: Driver) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8")
        self.driver = driver

    def write(self, text: str) -> int:
        written = super().write(text)
        self.driver.printed(text)
        return written

    def output(self) -> bytes:
        self.flush()
        return self.buffer.getvalue()  # type: ignore[attr-defined]


class ScriptedStdin(io.TextIOBase):
    """Standard input that is not a terminal (so the game reads lines, as from a pipe), answering on demand."""

    def __init__(self, driver: Driver) -> None:
        super().__init__()
        self.driver = driver

    def readline(self, size: int | None = -1) -> str:
        return self.driver.answer()

    def isatty(self) -> bool:
        return False

    def readable(self) -> bool:
        return True


ISOLATED_VARIABLES = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


def isolated_environment(home: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a piped game whose settings, saves and records all live under ``home``."""
    env = {k: v for k, v in (os.environ if base is None else base).items()
           if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"), LANG="C.UTF-8",
               TERM="dumb")
    return env


@contextlib.contextmanager
def _isolated(home: Path) -> Iterator[None]:
    """This process's environment as ``isolated_environment``, and its language and signal handlers, for the
    match only."""
    saved_env = dict(os.environ)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None))
                if s is not None}
    language = i18n.active_language()
    home.mkdir(parents=True, exist_ok=True)
    os.environ.clear()
    os.environ.update(isolated_environment(home, saved_env))
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved_env)
        for number, handler in handlers.items():
            signal.signal(number, handler)
        i18n.use_language(language)


@contextlib.contextmanager
def _streams(stdin: io.TextIOBase, stdout: io.TextIOWrapper, stderr: io.TextIOWrapper) -> Iterator[None]:
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def _watching(driver: Driver) -> Iterator[None]:
    """Tell the driver what the narrator says for each event (the narrator's answer is passed on unchanged)."""
    original = Narrator.event

    def event(narrator: Narrator, e):  # type: ignore[no-untyped-def]
        lines = original(narrator, e)
        driver.narrated(e, lines)
        return lines

    Narrator.event = event  # type: ignore[method-assign]
    try:
        yield
    finally:
        Narrator.event = original  # type: ignore[method-assign]


def play_match(config: Config, seed: int, home: Path) -> Played:
    """One match of ``config`` from ``seed``, its player's files under ``home``."""
    return Driver(config, seed).play(home)


def piped_output(config: Config, seed: int, answers: Sequence[str], home: Path) -> bytes:
    """What the real ``commerce play`` prints into a pipe fed ``answers``: the check of ``Driver``'s transcript."""
    result = subprocess.run(
        [sys.executable, "-m", "commerce_a11y", *config.argv(seed)], input="".join(a + "\n" for a in answers).encode(),
        capture_output=True, env=isolated_environment(home), timeout=600, check=False)
    return result.stdout


# ----- measuring ----------------------------------------------------------------------------------------------


def missing_programs() -> list[str]:
    """The programs this benchmark needs that are not installed, each with its Debian package."""
    return [f"{program} (Debian package {package})" for program, package in PROGRAMS.items()
            if shutil.which(program) is None]


class Speech:
    """Seconds of espeak-ng speech per (voice, text), measured once and cached, several at a time."""

    def __init__(self, jobs: int = 4) -> None:
        self.jobs = jobs
        self.cache: dict[tuple[str, str], float] = {}
        self.folder = Path(tempfile.mkdtemp(prefix="speech-cost-wav-"))
        self.count = itertools.count()
        self.lock = threading.Lock()

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def seconds(self, lang: str, texts: Iterable[str]) -> dict[str, float]:
        voice = VOICES[lang]
        wanted = list(dict.fromkeys(texts))
        missing = [t for t in wanted if (voice, t) not in self.cache]
        with ThreadPoolExecutor(self.jobs) as pool:
            for text, seconds in zip(missing, pool.map(lambda t: self.measure(voice, t), missing), strict=True):
                self.cache[(voice, text)] = seconds
        return {t: self.cache[(voice, t)] for t in wanted}

    def measure(self, voice: str, text: str) -> float:
        """One text spoken at the voice's default rate into a WAV file: its length in seconds."""
        if not text.strip():
            return 0.0
        with self.lock:
            path = self.folder / f"{next(self.count)}.wav"
        try:
            subprocess.run(["espeak-ng", "-v", voice, "-w", str(path)], input=text.encode("utf-8"),
                           capture_output=True, check=True)
            with wave.open(str(path)) as audio:
                return audio.getnframes() / audio.getframerate()
        finally:
            path.unlink(missing_ok=True)


TRANSLATE_CHUNK = 1000
"""lou_translate cuts its input lines at 2047 characters; longer lines are measured in pieces of this size."""


class Braille:
    """Braille cells per (table, text) from ``lou_translate``: one run per batch, one output line per input line."""

    def __init__(self) -> None:
        self.cache: dict[tuple[str, str], int] = {}

    def cells(self, lang: str, texts: Iterable[str]) -> dict[str, int]:
        table = BRAILLE_TABLES[lang]
        wanted = list(dict.fromkeys(texts))
        missing = [t for t in wanted if (table, t) not in self.cache]
        pieces = {t: _pieces(t) for t in missing}
        flat = [p for t in missing for p in pieces[t]]
        translated = self.translate(table, flat)
        at = 0
        for text in missing:
            n = len(pieces[text])
            self.cache[(table, text)] = sum(len(c) for c in translated[at:at + n]) + (n - 1)
            at += n
        return {t: self.cache[(table, t)] for t in wanted}

    @staticmethod
    def translate(table: str, texts: list[str]) -> list[str]:
        if not texts:
            return []
        result = subprocess.run(["lou_translate", "--forward", table], input="\n".join(texts) + "\n",
                                capture_output=True, text=True, encoding="utf-8", check=False)
        out = result.stdout.split("\n")
        if result.returncode != 0 or len(out) != len(texts) + 1:
            raise BenchError(f"lou_translate {table} gave {len(out) - 1} lines for {len(texts)} "
                             f"(status {result.returncode}): {result.stderr.strip()[:200]}")
        return out[:-1]


def _pieces(text: str) -> list[str]:
    """A line cut at spaces into pieces lou_translate takes whole (almost always the line itself)."""
    pieces: list[str] = []
    while len(text) > TRANSLATE_CHUNK:
        cut = text.rfind(" ", 0, TRANSLATE_CHUNK)
        cut = cut if cut > 0 else TRANSLATE_CHUNK
        pieces.append(text[:cut])
        text = text[cut + 1:]
    return [*pieces, text]


# ----- kinds of line -----------------------------------------------------------------------------------------


OTHER = "other"
QUESTION = "[question] "
"""The prefix of a question's kind: questions are their own kinds."""
LABEL_LENGTH = 52


@dataclass(frozen=True)
class Pattern:
    msgid: str
    regex: re.Pattern[str]
    literal: int
    """Characters the pattern fixes: the more, the more specific."""
    fields: int
    needles: tuple[str, ...]
    """Literal parts the line must contain: a cheap test before the regular expression."""


def catalog_file(lang: str) -> Path:
    """The catalog of ``lang`` the game speaks from (a source checkout's ``locales`` folder); for English, the
    template, since English is the source language (its msgids are what the game says)."""
    locales = Path(i18n.__file__).resolve().parent.parent / "locales"
    if lang == i18n.SOURCE_LANGUAGE:
        return locales / f"{i18n.DOMAIN}.pot"
    return locales / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


@dataclass(frozen=True)
class CatalogEntry:
    msgid: str
    msgid_plural: str | None
    translations: tuple[str, ...]
    """The translated texts (one, or one per plural form); empty strings where not translated."""


def catalog_entries(path: Path) -> list[CatalogEntry]:
    """The messages of a catalog or template, read with Babel (a development dependency, as this benchmark is)."""
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        catalog = read_po(file)
    entries = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string or "",)
        entries.append(CatalogEntry(ids[0], ids[1] if len(ids) > 1 else None, tuple(t or "" for t in texts)))
    return entries


CODE_FIELDS = frozenset({"hand", "widow"})
"""Placeholders that hold cards (in codes, where a line is nothing else)."""


def sentence_pattern(text: str, msgid: str) -> Pattern | None:
    """A translation as a whole-line pattern, each ``{placeholder}`` a non-greedy wildcard; None for a fragment
    that would match almost any line (fewer than two fixed characters besides spaces, with a placeholder)."""
    try:
        parsed = list(string.Formatter().parse(text.strip()))
    except ValueError:
        parsed = [(text.strip(), None, None, None)]
    regex, literals, fields = "", [], 0
    names = {name for _literal, name, _spec, _conversion in parsed if name is not None}
    # Brief speech's cards line ("hq h7 s2, c7 d9 h2") is a fragment of placeholders: its cards as codes make it
    # specific enough.
    codes = bool(names) and names <= CODE_FIELDS
    for literal, name, _spec, _conversion in parsed:
        regex += re.escape(literal)
        literals.append(literal)
        if name is not None:
            regex += r"(\S{2,4}(?: \S{2,4}){0,3})" if codes else "(.*?)"
            fields += 1
    fixed = "".join(literals)
    if fields and len(fixed.replace(" ", "")) < 2 and not codes:
        return None
    needles = tuple(sorted((piece.strip() for piece in literals if piece.strip()), key=len, reverse=True)[:2])
    return Pattern(msgid, re.compile(regex, re.DOTALL), len(fixed), fields, needles)


class Kinds:
    """Which catalog sentence printed a line, in one language, labelled by its English text."""

    def __init__(self, lang: str) -> None:
        self.patterns: list[Pattern] = []
        path = catalog_file(lang)
        if not path.exists():
            raise BenchError(f"no catalog at {path}: run the benchmark from a source checkout")
        for entry in catalog_entries(path):
            sources = [entry.msgid] + ([entry.msgid_plural] if entry.msgid_plural else [])
            for text in dict.fromkeys([t for t in entry.translations if t] or sources):
                pattern = sentence_pattern(text, entry.msgid)
                if pattern is not None:
                    self.patterns.append(pattern)
        # The most specific first (stable: among equals, the catalog's order), so the first match is the best.
        self.patterns.sort(key=lambda p: (-p.literal, p.fields))
        self.known: dict[str, str] = {}

    def of(self, text: str) -> str:
        """The English text (shortened) of the most specific sentence that the whole line matches, or "other"."""
        text = text.strip()
        if text not in self.known:
            self.known[text] = next((label(p.msgid) for p in self.patterns
                                     if all(n in text for n in p.needles) and p.regex.fullmatch(text)), OTHER)
        return self.known[text]

    def of_line(self, line: Line) -> str:
        kind = self.of(line.shown)
        return QUESTION + kind if line.question else kind


def label(msgid: str) -> str:
    text = " ".join(msgid.split())
    return text if len(text) <= LABEL_LENGTH else text[:LABEL_LENGTH - 1] + "…"


# ----- the figures -------------------------------------------------------------------------------------------


@dataclass
class KindFigures:
    kind: str
    lines: int = 0
    seconds: float = 0.0
    over: int = 0
    max_cells: int = 0
    examples: list[str] = field(default_factory=list)


def measure(config: Config, matches: list[Played], speech: Speech, braille: Braille, kinds: Kinds
            ) -> dict[str, object]:
    """The figures of one configuration, as a JSON-ready dict."""
    shown = [line.shown for played in matches for line in played.lines if line.shown]
    seconds = speech.seconds(config.lang, shown)
    cells = braille.cells(config.lang, shown)

    def spoken(lines: Iterable[Line]) -> float:
        return sum(seconds.get(line.shown, 0.0) for line in lines)

    per_hand: list[float] = []
    parts: dict[str, list[float]] = {part: [] for part in PARTS}
    lines_per_hand: list[int] = []
    openings: list[float] = []
    closings: list[float] = []
    announced = 0
    for played in matches:
        opening, hands, closing = played.segments()
        announced += len(hands)
        openings.append(spoken(opening))
        closings.append(spoken(closing))
        per_hand += [spoken(hand) for hand in hands]
        for part, belongs in PARTS.items():
            parts[part] += [spoken(line for line in hand if belongs(line)) for hand in hands]
        lines_per_hand += [sum(1 for line in hand if line.shown) for hand in hands]
    by_kind: dict[str, KindFigures] = {}
    questions = [line for played in matches for line in played.lines if line.question and line.shown]
    all_lines = [line for played in matches for line in played.lines if line.shown]
    for line in all_lines:
        kind = kinds.of_line(line)
        figures = by_kind.setdefault(kind, KindFigures(kind))
        figures.lines += 1
        figures.seconds += seconds[line.shown]
        figures.over += cells[line.shown] > CELLS
        figures.max_cells = max(figures.max_cells, cells[line.shown])
        if kind == OTHER and line.shown not in figures.examples:
            figures.examples.append(line.shown)
    total_seconds = sum(f.seconds for f in by_kind.values())
    over = sum(f.over for f in by_kind.values())
    question_cells = [cells[line.shown] for line in questions]
    return {
        "config": asdict(config),
        "seeds": [played.seed for played in matches],
        "matches": len(matches),
        "hands": sum(played.hands for played in matches),
        "hands_announced": announced,
        "hands_declined": sum(played.declined for played in matches),
        "lines": len(all_lines),
        "speech": {
            "per_hand": {"median": _round(statistics.median(per_hand)) if per_hand else None,
                         "max": _round(max(per_hand, default=0.0)),
                         "mean": _round(statistics.fmean(per_hand)) if per_hand else None},
            "parts_per_hand": {part: {"median": _round(statistics.median(values)) if values else None,
                                      "mean": _round(statistics.fmean(values)) if values else None}
                               for part, values in parts.items()},
            "lines_per_hand": {"median": statistics.median(lines_per_hand) if lines_per_hand else None,
                               "max": max(lines_per_hand, default=0)},
            "opening": _round(statistics.fmean(openings)),
            "closing": _round(statistics.fmean(closings)),
            "total": _round(total_seconds),
        },
        "braille": {
            "cells": CELLS,
            "over": over,
            "share_over": _share(over, len(all_lines)),
            "max_cells": max((cells[line.shown] for line in all_lines), default=0),
            "question": {"lines": len(questions), "max_cells": max(question_cells, default=0),
                         "share_over": _share(sum(c > CELLS for c in question_cells), len(questions))},
        },
        "kinds": [
            {"kind": f.kind, "lines": f.lines, "seconds": _round(f.seconds),
             "share_of_speech": _share(f.seconds, total_seconds), "over": f.over, "share_over": _share(f.over, f.lines),
             "share_of_over": _share(f.over, over), "max_cells": f.max_cells,
             **({"examples": f.examples} if f.examples else {})}
            for f in sorted(by_kind.values(), key=lambda f: -f.seconds)
        ],
    }


PARTS: dict[str, Callable[[Line], bool]] = {
    "questions": lambda line: line.question,
    "review answers": lambda line: line.review is not None,
    "narration": lambda line: not line.question and line.review is None,
}
"""What a hand's speech is made of: the questions, the answers to review commands the player typed (``hint``), and
the narration of the match."""


def _round(value: float) -> float:
    return round(value, 1)


def _share(part: float, whole: float) -> float:
    return round(part / whole, 3) if whole else 0.0


def report_lines(figures: dict[str, object], top: int, verbose: bool) -> list[str]:
    """A short report of one configuration's figures."""
    speech: dict = figures["speech"]  # type: ignore[assignment]
    braille: dict = figures["braille"]  # type: ignore[assignment]
    kinds: list[dict] = figures["kinds"]  # type: ignore[assignment]
    per_hand = speech["per_hand"]
    question = braille["question"]
    lines = [
        f"{Config(**figures['config']).label}: {figures['matches']} matches (seeds "  # type: ignore[arg-type]
        f"{_seed_range(figures['seeds'])}), {figures['hands']} hands, {figures['lines']} lines",  # type: ignore[arg-type]
        *([f"  only {figures['hands_announced']} of the {figures['hands']} hands were announced by a deal: "
           "the others are counted with the hand before"] if figures["hands_announced"] != figures["hands"] else []),
        *([f"  in {figures['hands_declined']} hands the player declined after {figures['config']['turn_limit']} "  # type: ignore[index]
           "turns (its choice would have gone on)"] if figures["hands_declined"] else []),
        f"  speech per hand: median {per_hand['median']} s, max {per_hand['max']} s (mean {per_hand['mean']} s, "
        f"{speech['lines_per_hand']['median']} lines); opening {speech['opening']} s, "
        f"closing {speech['closing']} s a match",
        "  of which, mean per hand: " + ", ".join(f"{part} {figures_['mean']} s"
                                                  for part, figures_ in speech["parts_per_hand"].items()),
        f"  lines over {braille['cells']} cells: {_percent(braille['share_over'])} ({braille['over']} of "
        f"{figures['lines']}, longest {braille['max_cells']}); questions: max {question['max_cells']} cells, "
        f"{_percent(question['share_over'])} over",
        "  most speech:",
    ]
    for kind in kinds[:top]:
        lines.append(f"    {_percent(kind['share_of_speech']):>4} {kind['seconds'] / kind['lines']:4.1f} s x "
                     f"{kind['lines']:<4} {kind['kind']}")
    lines.append(f"  most often over {braille['cells']} cells:")
    for kind in sorted((k for k in kinds if k["over"]), key=lambda k: -k["over"])[:top]:
        lines.append(f"    {_percent(kind['share_of_over']):>4} of those over, {_percent(kind['share_over']):>4} "
                     f"of its {kind['lines']:<4} (max {kind['max_cells']}) {kind['kind']}")
    if verbose:
        for kind in kinds:
            for example in kind.get("examples", []):
                lines.append(f"  other: {example}")
    return lines


def _percent(share: float) -> str:
    return f"{share * 100:.0f}%"


def _seed_range(seeds: Sequence[int]) -> str:
    return f"{seeds[0]}-{seeds[-1]}" if len(seeds) > 1 else str(seeds[0])


# ----- running -----------------------------------------------------------------------------------------------


def play_config(config: Config, seed: int, matches: int, hands: int | None, folder: Path,
                verify: bool = False, progress: Callable[[str], None] = lambda text: None) -> list[Played]:
    """The matches of one configuration: ``matches`` of them from ``seed`` on, or as many as give ``hands``."""
    played: list[Played] = []
    for n in itertools.count():
        if (hands is None and n >= matches) or (hands is not None and sum(p.hands for p in played) >= hands):
            break
        home = folder / f"{config.slug}-{seed + n}"
        match = play_match(config, seed + n, home)
        if verify:
            check = piped_output(config, seed + n, match.answers, folder / f"{config.slug}-{seed + n}-piped")
            if check != match.output:
                raise BenchError(f"{config.label}, seed {seed + n}: the piped game printed something else "
                                 f"({len(check)} bytes against {len(match.output)})")
        progress(f"{config.label}: seed {seed + n}, {match.hands} hands, {len(match.lines)} lines")
        played.append(match)
        shutil.rmtree(home, ignore_errors=True)
    return played


def write_transcripts(folder: Path, matches: Iterable[Played]) -> None:
    """Each match's transcript (what the pipe got) and its answers, which replay it: ``commerce play ARGS <
    FILE.in`` with HOME and XDG folders pointing at an empty folder prints FILE.txt again."""
    folder.mkdir(parents=True, exist_ok=True)
    for played in matches:
        stem = folder / f"{played.config.slug}-seed{played.seed}"
        stem.with_suffix(".txt").write_bytes(played.output)
        stem.with_suffix(".in").write_text("".join(a + "\n" for a in played.answers), encoding="utf-8")
        stem.with_suffix(".args").write_text(" ".join(played.config.argv(played.seed)) + "\n", encoding="utf-8")


def check_speech(speech: Speech, played: Played, count: int) -> str:
    """Per-line durations summed against the same lines spoken in one go, as a reader reading them all would."""
    texts = [line.shown for line in played.lines if line.shown][:count]
    voice = VOICES[played.config.lang]
    parts = sum(speech.seconds(played.config.lang, texts).values())
    whole = speech.measure(voice, "\n".join(texts))
    return (f"speech check ({played.config.lang}, {len(texts)} lines): per line {parts:.1f} s, in one go "
            f"{whole:.1f} s (ratio {parts / whole:.3f})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", nargs="+", choices=RULESETS, default=["commerce"])
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=["en"])
    parser.add_argument("--verbosity", nargs="+", choices=("brief", "normal", "verbose"), default=["normal"])
    parser.add_argument("--cards", nargs="+", choices=("names", "codes"), default=["names"])
    parser.add_argument("--players", nargs="+", type=int, default=[4])
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a ruleset option, as commerce play --option takes it; may be given several times")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match (the others follow it)")
    parser.add_argument("--matches", type=int, default=3, help="matches per configuration")
    parser.add_argument("--hands", type=int, default=None,
                        help="play matches until at least this many hands (instead of --matches)")
    parser.add_argument("--player", choices=PLAYERS, default="pass",
                        help="pass: always decline; hint: type hint at each decision, then what it names; "
                             "strong: play what the hint would name, without asking for it")
    parser.add_argument("--follow", choices=("yes", "no"), default="yes",
                        help="the answer to any question other than a turn (a yes or no question)")
    parser.add_argument("--turn-limit", type=int, default=Config.turn_limit,
                        help="the player's turns in one hand after which it declines (the hint may swap for ever)")
    parser.add_argument("--json", action="store_true", help="one JSON object per configuration")
    parser.add_argument("--transcript", type=Path, metavar="DIR", help="write each match's transcript here")
    parser.add_argument("--verify", action="store_true",
                        help="play each match again as a piped commerce play subprocess and compare the bytes")
    parser.add_argument("--check-speech", type=int, default=0, metavar="N",
                        help="compare N lines' per-line durations with the same lines spoken in one go")
    parser.add_argument("--top", type=int, default=5, help="kinds of line listed in the report")
    parser.add_argument("--jobs", type=int, default=4, help="espeak-ng runs at a time")
    parser.add_argument("--verbose", action="store_true", help="list the lines no catalog sentence matches")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    missing = missing_programs()
    if missing:
        print(f"speech_cost: needs {', '.join(missing)}", file=sys.stderr)
        return 2
    configs = [Config(r, lang, v, c, p, tuple(args.option), args.player, args.follow, args.turn_limit)
               for r, lang, v, c, p in itertools.product(args.rules, args.lang, args.verbosity, args.cards,
                                                          args.players)]
    speech, braille = Speech(args.jobs), Braille()
    kinds: dict[str, Kinds] = {}

    def progress(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    try:
        with tempfile.TemporaryDirectory(prefix="speech-cost-") as folder:
            for config in configs:
                matches = play_config(config, args.seed, args.matches, args.hands, Path(folder), args.verify,
                                      progress)
                if args.transcript:
                    write_transcripts(args.transcript, matches)
                if args.check_speech:
                    print(check_speech(speech, matches[0], args.check_speech), file=sys.stderr, flush=True)
                kinds.setdefault(config.lang, Kinds(config.lang))
                figures = measure(config, matches, speech, braille, kinds[config.lang])
                if args.json:
                    print(json.dumps(figures, ensure_ascii=False), flush=True)
                else:
                    print("\n".join(report_lines(figures, args.top, args.verbose)), flush=True)
    except BenchError as error:
        print(f"speech_cost: {error}", file=sys.stderr)
        return 1
    finally:
        speech.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
