"""The browser's page under Orca (issue 38): Debian's Chromium on the screen-reader desktop (``desktop.py``), its
tree read by Orca through AT-SPI, speech through speech-dispatcher and espeak-ng, braille on the 40-cell display.

For each language a new person logs in at a real ``commerce serve --web-port`` (a name, then a password twice:
the page swaps its text field for a password field and back), and then sits at a table with bots (``TABLES``: one
a language in the suite, every ruleset once across the languages with ``COMMERCE_ORCA_WEB_ALL=1``): a table made,
the match started, a review (``hand``), a swap, a pass and a knock, accepted or refused as the moment allows, and
the table left. At each language's first table
another person, a raw telnet client, sits down, says something with markup in it, and passes at each turn 1.5 s
late: news that comes by itself, and answers whose bursts come in two moments. Every answer is typed by the
desktop's keyboard into the focused field as soon as the last line is spoken. In every step (``PageBurst``: the
bursts the page added, a paragraph each, the question last):

- every line is spoken once and the question last;
- each burst is said whole in one message (Orca 43 cuts a live message short with the next one, so a burst said
  in two messages is a burst half heard);
- a burst that comes with a new field (the password field, and back) is said once, as the field's name, and not
  by the live region as well;
- no letter of a password is spoken while it is typed;
- the question's braille line (the field named by the question, once the burst's flash has gone) fits the display
  with the cursor.

It prints, per step and per ruleset and language, the bursts and lines, the seconds from Enter to Orca beginning
the last line (by Orca's own clock), and the braille cells of the questions' lines; each step's lines and Orca's log
of it are kept in the test's folder."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from needed import CHROMIUM
from server_helpers import ServerProcess

from commerce_a11y.i18n import translation

from .conftest import unavailable
from .desktop import CELLS, Desktop
from .hearing import KEY_NAME, RECORD, SPOKEN, Burst, norm, records
from .player import QUESTION_WAIT, SPEECH_WAIT, StepTimeout
from .test_orca_join import JoinCase, OtherPerson

pytestmark = [pytest.mark.e2e, pytest.mark.screen_reader]

PASSWORD = "geheim7"
MARKUP = "<b>all</b> <img src=x>"
EVERY_RULESET = {"en": ("commerce", "schwimmen"), "de": ("tauschen", "handeln", "braillespiel"),
                 "nl": ("thirty-one", "trentuno")}
"""Each ruleset once, in one of the languages (English first: the server speaks it until a person chooses)."""
TABLES = EVERY_RULESET if os.environ.get("COMMERCE_ORCA_WEB_ALL") else {
    lang: rulesets[:1] for lang, rulesets in EVERY_RULESET.items()}
"""What the suite plays: a table a language (the other person at each, and Tauschen's longest German question),
in about half the time; ``COMMERCE_ORCA_WEB_ALL=1`` plays every ruleset, for the figures per ruleset
(bench/README.md)."""
ANSWERS = ("hand", "13", "pass", "knock")
"""English command words, which every language understands as well as its own."""

PARAGRAPHS_JS = """() => Array.from(document.querySelectorAll('#log > p')).map((p) => ({
    lines: p.textContent.split('\\n').map((line) => line.trim()).filter(Boolean),
    ask: p.querySelector('.ask') !== null}))"""
"""The log's bursts: a paragraph each, its lines, and whether it ends with a question."""
EOL_MARK = re.compile(r"\s*\$l$")
"""Orca's end-of-line mark after a field's text on the braille display."""
SETTLED = 0.6
"""Seconds without a new burst after which the page is taken to wait for the player."""


@dataclass
class PageBurst(Burst):
    """What the page added to its log between two moments: ``paragraphs``, one for each burst of the page's (one
    moment's lines, a question last if one was asked), and Orca's log of the same time. ``focused``: the last burst
    came with a new field, which got focus and is named by it."""

    paragraphs: list[list[str]] = field(default_factory=list)
    focused: bool = False
    described: str = ""
    """The fields' description (the keys), which Orca says after a field's name."""

    @property
    def printed(self) -> list[str]:
        return [line for paragraph in self.paragraphs for line in paragraph]

    def messages(self) -> list[str]:
        """What Orca spoke, message by message, each on one line (key echo and the description left out)."""
        found = []
        for record in records(self.log):
            match = SPOKEN.match(record)
            if match and not KEY_NAME.match(match[1]) and len(norm(match[1])) > 1 \
                    and norm(match[1]) != norm(self.described):
                found.append(norm(match[1].replace("\n", " ")))
        return found

    def fragments(self) -> list[str]:
        """What Orca spoke, one piece per line of each message: the echo of keys (names, and single characters:
        letters, digits, a password's bullets) and the fields' description left out, and the new field's name
        (the last burst's lines joined, then its role) as the lines it joined."""
        found: list[str] = []
        last = self.paragraphs[-1] if self.paragraphs else []
        for record in records(self.log):
            match = SPOKEN.match(record)
            if not match or KEY_NAME.match(match[1]) or len(norm(match[1])) <= 1 \
                    or norm(match[1]) == norm(self.described):
                continue
            if self.focused and last and norm(match[1]).startswith(" ".join(last)):
                found += last
            else:
                found += [line for line in match[1].split("\n") if line.strip()]
        return found

    def answered_to_spoken(self) -> float | None:
        """Seconds from the Enter of the answer to Orca beginning to speak the last line, by the times of Orca's
        log (None: no answer, or no such line)."""
        timed: list[tuple[float, str]] = []
        for line in self.log.split("\n"):
            if match := RECORD.match(line):
                hours, minutes, seconds = line[:15].split(":")
                timed.append((int(hours) * 3600 + int(minutes) * 60 + float(seconds), match[1]))
            elif timed:
                timed[-1] = (timed[-1][0], f"{timed[-1][1]} {line.strip()}")
        enter = next((at for at, text in timed if text.startswith("SPEECH OUTPUT: 'return '")), None)
        last = self.paragraphs[-1][-1] if self.paragraphs else ""
        said = next((at for at, text in timed if enter is not None and at >= enter and last
                     and text.startswith("SPEECH OUTPUT:") and last in norm(text)), None)
        return None if enter is None or said is None else said - enter

    def braille_problems(self, question: str) -> list[str]:
        """The field's braille line at the question: its label (the question) and the cursor after it within the
        display's cells. Orca ends a field's line with an end-of-line mark of its own ("$l", a user's setting),
        left out here: with it, a question of 37 or 38 cells makes the display pan to the cursor, and the first
        cells of the question are one pan to the left (counted in the figures, ``marked``)."""
        shown = self.braille()
        if shown is None:
            return [f"no braille line at the question {question!r}"]
        label = EOL_MARK.sub("", shown[0]).rstrip()
        if len(label) + 2 > CELLS:
            return [f"{question!r} takes {len(label) + 2} cells with the cursor: {label!r}"]
        return []

    def marked(self) -> int:
        """The cells of the field's braille line as Orca shows it, its end-of-line mark included."""
        shown = self.braille()
        return len(shown[0]) if shown else 0

    def problems(self) -> list[str]:
        """``Burst``'s, and each burst said whole in one message (Orca cuts a message short with the next one).
        A new field's braille line is its name, the whole burst: it is not held to the display's width."""
        found = [problem for problem in super().problems()
                 if not (self.focused and "cells with the cursor" in problem)]
        messages = self.messages()
        for paragraph in self.paragraphs:
            if not any(" ".join(paragraph) in message for message in messages):
                found.append(f"not said whole in one message: {paragraph!r} (Orca spoke {messages!r})")
        return found


@dataclass(frozen=True)
class Step:
    burst: PageBurst


@dataclass
class Page:
    """The page in Chromium on the desktop, played by the desktop's keyboard."""

    desktop: Desktop
    page: Any
    described: str = ""

    def eval(self, script: str) -> Any:
        return self.page.evaluate(script)

    def paragraphs(self) -> list[dict[str, Any]]:
        return list(self.eval(PARAGRAPHS_JS))

    def settled(self, before: int, asked: bool) -> list[dict[str, Any]]:
        """The bursts after the first ``before``, once there is one (a question among them if ``asked``) and no
        other came for ``SETTLED`` seconds."""
        deadline = time.monotonic() + QUESTION_WAIT
        seen, since = -1, time.monotonic()
        while True:
            new = self.paragraphs()[before:]
            if len(new) != seen:
                seen, since = len(new), time.monotonic()
            elif new and (not asked or any(burst["ask"] for burst in new)) \
                    and time.monotonic() - since >= SETTLED:
                return new
            if time.monotonic() > deadline:
                raise StepTimeout(f"no {'question' if asked else 'news'} within {QUESTION_WAIT:.0f} s; the page "
                                  f"shows {[burst['lines'] for burst in self.paragraphs()[-3:]]!r}")
            time.sleep(0.05)

    def spoken_since(self, since: int, text: str) -> bool:
        log = self.desktop.orca_bytes()[since:].decode("utf-8", "replace")
        return any(text in norm(match[1].replace("\n", " "))
                   for record in records(log) if (match := SPOKEN.match(record)))

    def step(self, answer: str | None, cause: Callable[[], object] | None = None) -> Step:
        """Type ``answer`` and Enter (or, without one, let ``cause`` make news); wait for the page's bursts (to
        the next question, after an answer) and for Orca to speak the last line; then press Shift, as a braille
        reader's first key ends the burst's flash."""
        since = len(self.desktop.orca_bytes())
        before = len(self.paragraphs())
        was = self.eval("() => document.activeElement.id")
        if answer is not None:
            self.desktop.type_line(answer)
        elif cause is not None:
            cause()
        new = self.settled(before, asked=answer is not None)
        last = norm(new[-1]["lines"][-1])
        deadline = time.monotonic() + SPEECH_WAIT
        while not self.spoken_since(since, last):
            if time.monotonic() > deadline:
                raise StepTimeout(f"Orca did not speak {last!r} within {SPEECH_WAIT:.0f} s")
            time.sleep(0.05)
        self.desktop.quiet(0.5, 8)
        self.desktop.key("shift")
        self.desktop.quiet(0.5, 3)
        focused = self.eval("() => document.activeElement.id") != was
        log = self.desktop.orca_bytes()[since:].decode("utf-8", "replace")
        burst = PageBurst(answer, "", log, question=new[-1]["ask"], paragraphs=[b["lines"] for b in new],
                          focused=focused, described=self.described)
        return Step(burst)


@contextmanager
def chromium(desktop: Desktop) -> Iterator[Any]:
    """Debian's Chromium on the desktop's display, its accessibility tree given to AT-SPI."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("playwright is not installed (uv sync)")
    if not CHROMIUM.exists():
        unavailable(f"{CHROMIUM} is missing (Debian: apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=False, env={**desktop.env, "ACCESSIBILITY_ENABLED": "1"},
            args=["--no-sandbox", "--force-renderer-accessibility", "--window-size=1200,900"])
        try:
            yield browser
        finally:
            browser.close()


def web_port(server: ServerProcess) -> int:
    assert server.proc is not None and server.proc.stdout is not None
    while True:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.proc.stdout.readline())
        if found:
            return int(found.group(1))


def open_page(desktop: Desktop, browser: Any, lang: str, port: int) -> Page:
    """The page at its first question, focused as a player's Tab focuses it: Orca in focus mode in the field."""
    page = browser.new_page(locale=lang)
    page.goto(f"http://127.0.0.1:{port}/")
    opened = Page(desktop, page)
    opened.settled(0, asked=True)
    opened.described = norm(opened.eval("() => document.getElementById('keys').textContent"))
    window = desktop._run("xdotool", "search", "--onlyvisible", "--name", "Chromium").stdout.split()
    desktop._run("xdotool", "windowfocus", "--sync", window[-1])
    desktop.quiet(1, 5)
    for key in ("shift", "Tab", "shift+Tab"):  # focus events of Orca's own, which put it in focus mode
        desktop.key(key)
        desktop.quiet(1, 5)
    return opened


def password_spoken(step: Step) -> list[str]:
    """What Orca spoke of the password while it was typed (nothing but bullets is right)."""
    return [match[1] for record in records(step.burst.log) if (match := SPOKEN.match(record))
            and norm(match[1]) and norm(match[1]) in PASSWORD]


Action = str | tuple[str, Callable[[], object] | None]
"""An answer typed, or news: what it is and what makes it (None: it comes by itself)."""


class Case:
    """The steps of one part of the language's visit (the login, a table), played one after the other: their
    problems, each named, and a line of figures per step and for the whole."""

    def __init__(self, page: Page, name: str, folder: Path) -> None:
        self.page = page
        self.name = name
        self.folder = folder
        self.problems: list[str] = []
        self.steps: list[Step] = []

    def play(self, actions: list[Action]) -> None:
        for action in actions:
            answer, cause = (action, None) if isinstance(action, str) else (None, action[1])
            what = repr(answer) if answer is not None else str(action[0])
            try:
                step = self.page.step(answer, cause)
            except StepTimeout as stuck:
                self.problems.append(f"{self.name}, after {what}: {stuck}")
                return
            self.judge(step, what, answer == PASSWORD)

    def judge(self, step: Step, what: str, secret: bool) -> None:
        burst = step.burst
        self.steps.append(step)
        kept = self.folder / f"{self.name.replace(' ', '-')}-{len(self.steps):02}.log"
        kept.write_text(f"{burst.paragraphs!r}\n{burst.log}")
        found = burst.problems()
        if secret and password_spoken(step):
            found.append(f"the password spoken as typed: {password_spoken(step)!r}")
        self.problems += [f"{self.name}, after {what}: {problem}" for problem in found]
        delay = burst.answered_to_spoken()
        print(f"{self.name}, {what}: {len(burst.paragraphs)} burst(s), {len(burst.printed)} lines, "
              f"{'said as the new field' if burst.focused else 'live'}"
              f"{'' if delay is None else f', from Enter to the last line spoken {delay:.2f} s'}, "
              f"braille line {burst.marked()} cells with Orca's end-of-line mark", *found, sep="\n    ")

    def summary(self) -> str:
        live = [step for step in self.steps if not step.burst.focused and step.burst.question]
        cells = [step.burst.marked() for step in live if step.burst.braille()]
        over = sum(1 for count in cells if count > CELLS)
        delays = sorted(delay for step in self.steps if (delay := step.burst.answered_to_spoken()) is not None)
        median = f"{delays[len(delays) // 2]:.2f} s (median), {delays[-1]:.2f} s (most)" if delays else "-"
        return (f"{self.name}: {len(self.steps)} steps, {sum(len(s.burst.paragraphs) for s in self.steps)} bursts, "
                f"{sum(len(s.burst.printed) for s in self.steps)} lines, {len(self.problems)} problems; "
                f"from Enter to the last line spoken {median}; "
                f"questions' braille lines {min(cells, default=0)}-{max(cells, default=0)} cells with Orca's "
                f"end-of-line mark, {over} over {CELLS}")


def visit(desktop: Desktop, browser: Any, lang: str, server: ServerProcess, web: int, folder: Path) -> list[str]:
    """One language's person: the login, and a table of each of the language's rulesets. At the first, another
    person, over telnet, sits down, says something with markup in it, and passes at each turn 1.5 s late: news
    that comes by itself, and bursts that come in two moments."""
    page = open_page(desktop, browser, lang, web)
    name = {"de": "Dora", "nl": "Noor", "en": "Emma"}[lang]

    def word(words: str) -> str:
        """The language's first word for a lobby command."""
        return str(translation(lang).pgettext("lobby", words).split()[0])

    cases = [Case(page, f"{lang} login", folder)]
    cases[0].play([name, PASSWORD, PASSWORD, *([] if lang == "en" else [f"language {lang}"])])
    for number, rules in enumerate(TABLES[lang]):
        case = Case(page, f"{lang} {rules}", folder)
        cases.append(case)
        if number:
            case.play([f"{word('create new')} {rules} name={rules[:4]}{lang} seats=3 bots=easy",
                       word("start begin"), *ANSWERS, word("leave")])
            continue
        other = OtherPerson(server.port, JoinCase(50 + len(lang) + ord(lang[0]), lang, "names", "normal", late=1.5))
        try:
            case.play([f"{word('create new')} {rules} name={other.case.table} seats=3 bots=easy",
                       ("the other sits down", other.sit.set),
                       ("the other's chat", partial(other.client.send, f"say hi {MARKUP}")),
                       word("start begin"), *ANSWERS, word("leave")])
        finally:
            other.close()
    page.page.close()
    for case in cases:
        print(case.summary())
    return [problem for case in cases for problem in case.problems]


@pytest.mark.timeout(1200)
def test_orca_speaks_the_page_a_burst_at_a_time_and_never_a_password(screen_reader: Desktop,
                                                                       tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", "--web-port", "0")
    problems: list[str] = []
    try:
        web = web_port(server)
        screen_reader.orca("en")
        with chromium(screen_reader) as browser:
            for lang in TABLES:
                if lang != "en":
                    screen_reader.orca(lang)
                problems += visit(screen_reader, browser, lang, server, web, tmp_path)
    finally:
        server.stop()
    assert not problems, "\n".join([f"{len(problems)} problems under Orca:", *problems])
