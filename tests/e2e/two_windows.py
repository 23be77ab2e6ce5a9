"""Races between real copies of the game (issue 19, items 1, 2 and 14), shared by the suite's short runs
(tests/e2e/test_two_windows.py) and the long runs of bench/two_windows.py.

- ``window_pairs``: two ``commerce play`` started at the same moment, each playing a few moves and leaving: both
  matches must be saved, each in a slot of its own, and both must load.
- ``filing_rounds``: several finished matches filed at the same moment (the same end time, the same ruleset) by
  forked processes released together: every record kept under a name of its own, every match counted once.
- ``early_interrupts``: Ctrl-C in the first fraction of a second of ``commerce play``: never a traceback from the
  game's code, never click's "Aborted!", and the exit status 130 (or 0 if the game was already asking). Ctrl-C
  while Python itself starts (before the package's first line) is counted apart: Python shows that traceback.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import Match, Player, record_lines, ruleset

LEAVE = "yes\n" + "pass\nkeep\ndone\n" * 2 + "quit\nyes\n"
"""Input of a window that may first be asked whether to play apart (yes), plays a few moves and leaves."""


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               LANG="C.UTF-8", TERM="dumb")
    return env


class Game:
    """A real ``commerce`` process fed ``text`` on standard input; its output goes to files (read at the end)."""

    def __init__(self, args: list[str], env: Mapping[str, str], folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.out = tempfile.TemporaryFile(dir=folder)  # noqa: SIM115 - closed by finish
        self.process = subprocess.Popen([sys.executable, "-m", "commerce_a11y", *args], stdin=subprocess.PIPE,
                                        stdout=self.out, stderr=self.out, env=dict(env))

    def feed(self, text: str) -> None:
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError, OSError):
            self.process.stdin.write(text.encode())
            self.process.stdin.close()

    def finish(self, timeout: float = 60) -> tuple[int, str]:
        """The exit status and all the game printed."""
        status = self.process.wait(timeout)
        self.out.seek(0)
        text = self.out.read().decode(errors="replace")
        self.out.close()
        return status, text


def window_pairs(home: Path, rounds: int) -> dict[str, int]:
    """Two windows started together, ``rounds`` times; counts of saves found, lost and refused."""
    from commerce_a11y.console.session import load_saved_match
    from commerce_a11y.storage import SaveSlot, save_slots

    env = environment(home)
    found = lost = 0
    for round_no in range(rounds):
        seeds = (1000 + 2 * round_no, 1001 + 2 * round_no)
        games = [Game(["play", "--seed", str(seed), "--lang", "en", "--input", "plain"], env, home / "out")
                 for seed in seeds]
        for window in games:
            window.feed(LEAVE)
        for window in games:
            status, text = window.finish()
            assert status == 0 and "Traceback" not in text, text[-2000:]
        os.environ.update(XDG_DATA_HOME=env["XDG_DATA_HOME"])
        saved = {}
        for number in save_slots():
            match = load_saved_match(slot=SaveSlot(number))  # raises SaveRefused if a save is damaged
            if match is not None:
                saved[match.chance.recorded] = number
        found += sum(seed in saved for seed in seeds)
        lost += sum(seed not in saved for seed in seeds)
        for number in saved.values():
            SaveSlot(number).remove()
    return {"rounds": rounds, "saved": found, "lost": lost}


def _finished(seed: int) -> Match:
    players = [Player("Eva", "human")] + [Player(n, "bot:basic") for n in ("Anna", "Ben")]
    match = Match(ruleset("thirty-one", chips=1), players, seed)
    bots = [make_bot("basic", seed * 10 + s) for s in range(3)]
    while not match.over:
        match.apply(match.to_act, bots[match.to_act].choose(match.view(match.to_act)))
    return match


def filing_rounds(home: Path, rounds: int, windows: int) -> dict[str, int]:
    """``windows`` forked processes file a finished match each at the same moment, with the same end time, for
    ``rounds`` rounds; counts of records and statistics entries expected and found."""
    from commerce_a11y.console.session import finish_match
    from commerce_a11y.records import kept_records
    from commerce_a11y.stats import read_stats

    os.environ.update(environment(home))
    matches = [_finished(seed) for seed in range(1, windows + 1)]
    expected = 0
    for round_no in range(rounds):
        stamp = f"20261130-{10 + round_no // 3600:02d}{round_no // 60 % 60:02d}{round_no % 60:02d}"
        gate_read, gate_write = os.pipe()
        children = []
        for index, match in enumerate(matches):
            pid = os.fork()
            if pid == 0:  # the child: wait at the gate, file, leave
                code = 0
                try:
                    os.close(gate_write)
                    os.read(gate_read, 1)
                    lines = list(record_lines(match.events))
                    said = finish_match(lines, match, 0, stamp, f"{round_no:04x}{index:04x}", 10_000)
                    code = 1 if said else 0
                except BaseException:
                    code = 99
                finally:
                    os._exit(code)
            children.append(pid)
        os.close(gate_read)
        time.sleep(0.05)
        os.close(gate_write)  # all released at once
        for pid in children:
            _, status = os.waitpid(pid, 0)
            assert os.waitstatus_to_exitcode(status) == 0
        expected += windows
    return {"filed": expected, "records": len(kept_records()), "counted": len(read_stats()),
            "distinct": len({e["id"] for e in read_stats()})}


def early_interrupts(home: Path, runs: int, seed: int = 19) -> dict[str, int]:
    """Ctrl-C at a random moment of the first 0.3 s of ``commerce play``, ``runs`` times; counts by outcome."""
    rng = random.Random(seed)
    counts = {"runs": runs, "interpreter": 0, "tracebacks": 0, "aborted": 0, "other_status": 0}
    for run in range(runs):
        window = Game(["play", "--seed", "3", "--lang", "en", "--input", "plain"], environment(home / str(run)),
                      home / "out")
        time.sleep(rng.uniform(0.0, 0.3))
        window.process.send_signal(signal.SIGINT)
        window.feed("quit\nyes\n")
        status, text = window.finish()
        if _before_the_game(text):
            counts["interpreter"] += 1
            continue
        counts["tracebacks"] += "Traceback" in text
        counts["aborted"] += "Aborted!" in text
        # 130 as the game leaves, or ended by the signal itself (-2, which shells also report as 130) when it came
        # before Python set up its own handling; 0 when the game was already asking and ``quit`` left it.
        counts["other_status"] += status not in (0, 130, -signal.SIGINT)
    return counts


def _before_the_game(text: str) -> bool:
    """Whether Ctrl-C came while Python itself was starting (its traceback names no frame of the game's code): the
    few milliseconds before the package's first line runs, which no program written in Python can guard."""
    return "Traceback" in text and "commerce_a11y" not in text


def sigterm_storms(home: Path, runs: int, seed: int = 14) -> dict[str, int]:
    """A storm of SIGTERMs while strong computer players think, ``runs`` times: the game must save, leave with 143
    and show no traceback however many signals follow the first."""
    rng = random.Random(seed)
    counts = {"runs": runs, "tracebacks": 0, "other_status": 0}
    for run in range(runs):
        window = Game(["play", "--seed", str(rng.randrange(1000)), "--lang", "en", "--input", "plain",
                       "--difficulty", "hard", "--players", "6"], environment(home / str(run)), home / "out")
        window.feed("pass\nkeep\ndone\n" * 300)
        time.sleep(rng.uniform(0.4, 1.0))
        for _ in range(30):
            with contextlib.suppress(ProcessLookupError):
                window.process.send_signal(signal.SIGTERM)
            time.sleep(rng.uniform(0, 0.003))
        status, text = window.finish()
        counts["tracebacks"] += "Traceback" in text or "Exception ignored" in text
        counts["other_status"] += status not in (143, -signal.SIGTERM)
    return counts
