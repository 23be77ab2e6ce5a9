"""Issue 19: two windows at once, matches ending in the same second, Ctrl-C at the start: short runs of the races in
tests/e2e/two_windows.py, with real processes (bench/two_windows.py runs them long and prints the counts)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .two_windows import early_interrupts, filing_rounds, sigterm_storms, window_pairs

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the races are run in forked processes: POSIX")


def test_1_two_windows_started_together_each_keep_their_own_match(home: Path) -> None:
    counts = window_pairs(home, 4)
    assert counts == {"rounds": 4, "saved": 8, "lost": 0}


def test_2_matches_filed_in_the_same_second_are_all_kept_and_counted_once(home: Path) -> None:
    counts = filing_rounds(home, rounds=6, windows=4)
    assert counts == {"filed": 24, "records": 24, "counted": 24, "distinct": 24}


def test_14_ctrl_c_in_the_first_fraction_of_a_second_never_shows_a_traceback(home: Path) -> None:
    counts = early_interrupts(home, 10)
    counts.pop("interpreter")  # Ctrl-C while Python itself started, before any line of the game ran
    assert counts == {"runs": 10, "tracebacks": 0, "aborted": 0, "other_status": 0}


def test_14_a_storm_of_sigterms_while_strong_players_think_saves_and_leaves_with_143(home: Path) -> None:
    counts = sigterm_storms(home, 3)
    assert counts == {"runs": 3, "tracebacks": 0, "other_status": 0}
