"""``commerce join`` under Orca (issue 36, part 2): part of a match at a real ``commerce serve``, with another person
at the table, in each language, as ``test_orca.py`` plays ``commerce play``.

The player under Orca makes a table and, once the other person has sat down (news that comes while the table's
question waits: a burst of its own), starts the match; then a review, a swap, a pass and a knock, each typed as
soon as the question is spoken, and Ctrl-D. The other person, a raw telnet client of the test, passes at each of
their turns, at once or 1.5 seconds late (then the join client's held burst is written by its timer before the
question comes). One case runs under load: two busy loops on the machine's two cores, as the local game's fix was
measured. Every burst is judged as ``test_orca.py`` judges the local game's: every line spoken once, the question
last, no escape sequence, and the question's line within the 40-cell display.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from e2e.tmux import game_env
from server_helpers import RawClient, ServerProcess

from .desktop import Desktop
from .hearing import Burst
from .player import LEAVING, Mark, Player, StepTimeout
from .test_orca import SPEECH_COUNT

pytestmark = [pytest.mark.e2e, pytest.mark.screen_reader]

ANSWERS = ("hand", "13", "pass", "knock")
OTHERS_ANSWERS = ("p", "keep", "13", "knock")
"""What the other person answers at a turn: a pass, and when that is refused, the next of these in turn."""


@dataclass(frozen=True)
class JoinCase:
    number: int
    lang: str
    cards: str
    verbosity: str
    late: float
    """Seconds the other person takes to answer their turn."""
    loaded: bool = False

    @property
    def name(self) -> str:
        late = "late" if self.late else "at once"
        return f"join {self.lang} {self.cards} {self.verbosity}, the other {late}{', loaded' if self.loaded else ''}"

    @property
    def table(self) -> str:
        return f"tt{self.number}"

    def argv(self, port: int) -> list[str]:
        return [sys.executable, "-m", "commerce_a11y", "join", f"127.0.0.1:{port}", "--name", f"Jo{self.number}",
                "--password", "geheim1", "--input", "plain", "--lang", self.lang, "--cards", self.cards,
                "--verbosity", self.verbosity]


CASES = (JoinCase(1, "de", "names", "normal", 0.0), JoinCase(2, "nl", "codes", "brief", 1.5),
         JoinCase(3, "en", "names", "normal", 1.5), JoinCase(4, "en", "codes", "brief", 0.0, loaded=True))


class OtherPerson:
    """The other person at the table: logs in, sits down when told, passes at each turn (after ``late`` seconds),
    and where a pass is refused answers with the next of ``OTHERS_ANSWERS`` (a dealer who first takes or keeps the
    widow keeps it)."""

    def __init__(self, port: int, case: JoinCase) -> None:
        self.client = RawClient(port, source="127.0.0.3")
        self.client.login(f"Ola{case.number}")
        self.case = case
        self.sit = threading.Event()
        self.seated = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        with contextlib.suppress(TimeoutError, OSError, AssertionError):
            self.sit.wait(120)
            self.client.send(f"join {self.case.table}")
            self.client.expect("You sit at table")
            self.seated.set()
            answered, tried = 0, 0
            while not self.stop.is_set() and not self.client.closed:
                for kind, _index in self.client.new_prompts(0.05):
                    if kind != "turn":
                        continue
                    # A turn asked again at once, with no more than a line before it, refused the last answer:
                    # the next of OTHERS_ANSWERS (a dealer who first takes or keeps the widow, a pass not yet allowed).
                    between = self.client.text[answered:].strip().splitlines()
                    tried = tried + 1 if answered and len(between) <= 2 else 0
                    time.sleep(self.case.late)
                    self.client.send(OTHERS_ANSWERS[tried % len(OTHERS_ANSWERS)])
                    answered = len(self.client.text)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        self.client.close()


@contextlib.contextmanager
def busy_loops(loaded: bool) -> Iterator[None]:
    """Two processes that keep the machine's two cores busy, while the case is played."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2 if loaded else 0)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait(10)


def play_join(player: Player, case: JoinCase, port: int, home: Path) -> list[Burst]:
    """The case's bursts: the start, the table made, the other person sitting down (unprompted), the match started,
    the answers, and the farewell."""
    other = OtherPerson(port, case)
    desktop = player.desktop
    bursts: list[Burst] = []
    try:
        since = player.mark()
        desktop.launch(case.argv(port), {**game_env(home), "TERM": "xterm-256color"})
        since = Mark(0, since.spoken)

        def step(answer: str | None, typed: bool = True) -> bool:
            nonlocal since
            if answer:
                desktop.type_line(answer)
            elif typed:
                desktop.key("ctrl+d")
            asked = player.next_stop(since)
            until = player.mark()
            bursts.append(player.burst(answer if typed else None, since, until, question=asked is not None))
            since = until
            return asked is not None

        step(None, typed=False)
        step(f"create commerce name={case.table} seats=3 bots=basic")
        other.sit.set()
        if not other.seated.wait(30):
            raise StepTimeout("the other person did not sit down")
        step(None, typed=False)  # the news, and the table's question again
        for answer in ("start", *ANSWERS):
            step(answer)
        for _ in range(LEAVING):
            if not step(""):
                return bursts
        raise StepTimeout("join did not end after Ctrl-D")
    finally:
        other.close()


def judged(case: JoinCase, bursts: list[Burst]) -> list[str]:
    found = []
    for burst in bursts:
        after = "unprompted" if burst.answer is None else f"after {burst.answer or 'Ctrl-D'!r}"
        found += [f"{case.name}, {after}: {problem}" for problem in burst.problems()]
    return found


def play_case(screen_reader: Desktop, player: Player, case: JoinCase, port: int, home: Path) -> list[str]:
    started = time.monotonic()
    try:
        with busy_loops(case.loaded):
            bursts = play_join(player, case, port, home)
    except StepTimeout as stuck:
        print(f"{case.name}: {stuck}")
        player.leave()
        return [f"{case.name}: {stuck}"]
    found = judged(case, bursts)
    print(f"{case.name}: {len(bursts)} bursts in {time.monotonic() - started:.1f} s, {len(found)} problems",
          *found, sep="\n    ")
    return found


@pytest.mark.timeout(1200)
def test_orca_speaks_the_join_client_at_a_table_with_another_person(screen_reader: Desktop,
                                                                     tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data", "--per-address", "50", "--login-per-address", "20")
    player = Player(screen_reader)
    problems: list[str] = []
    lang = None
    try:
        for case in CASES:
            if case.lang != lang:
                lang = case.lang
                screen_reader.orca(lang)
            found = play_case(screen_reader, player, case, server.port, tmp_path / f"join-{case.number}")
            for replay in (10, 20):  # Orca 43 under load: twice in 4 runs of 2026-12-06 a case failed, once its retry
                if not found or not all(any(kind in problem for kind in SPEECH_COUNT) for problem in found):
                    break
                print(f"{case.name}: played once more")
                again = JoinCase(case.number + replay, case.lang, case.cards, case.verbosity, case.late, case.loaded)
                found = play_case(screen_reader, player, again, server.port, tmp_path / f"join-{again.number}")
            problems += found
    finally:
        server.stop()
    assert not problems, "\n".join([f"{len(problems)} problems under Orca:", *problems])
