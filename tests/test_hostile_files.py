"""Issue 19: fuzzing what the game reads from files, a short run (bench/fuzz_files.py runs long and prints the
counts). Mutants of real records, saves, statistics and settings (tests/hostile_fuzz.py), and hypothesis's
arbitrary JSON lines through the record reader: nothing but the reader's own refusal ever comes out."""

from __future__ import annotations

import contextlib
import json

from hostile_fuzz import findings, fuzz_records, fuzz_saves, fuzz_settings, fuzz_stats, real_records
from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_a11y.rules import RecordError, replay

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
RECORD = real_records(1)[0]


def test_mutated_records_replay_or_are_refused() -> None:
    counts = fuzz_records(400)
    assert not findings(counts), counts
    assert counts["refused"] > 300


def test_mutated_saves_load_or_are_refused() -> None:
    counts = fuzz_saves(200)
    assert not findings(counts), counts


def test_mutated_statistics_read_or_are_refused() -> None:
    counts = fuzz_stats(150)
    assert not findings(counts), counts


def test_mutated_settings_always_read() -> None:
    counts = fuzz_settings(150)
    assert not findings(counts), counts


@settings(max_examples=150, deadline=None)
@given(st.lists(json_values, max_size=4), st.integers(min_value=0, max_value=12))
def test_any_json_lines_in_a_record_replay_or_are_refused(values: list[object], at: int) -> None:
    lines = RECORD[:at] + [json.dumps(value) for value in values] + RECORD[at:at + 3]
    with contextlib.suppress(RecordError):
        replay(lines)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["ruleset", "options", "players", "seed", "format", "event"]), json_values,
                       max_size=6))
def test_any_match_line_replays_or_is_refused(changes: dict[str, object]) -> None:
    head = {**json.loads(RECORD[0]), **changes}
    with contextlib.suppress(RecordError):
        replay([json.dumps(head), *RECORD[1:5]])
