"""Issue 18: a table's saves, written in place into two files in turn (``server/saves.py``): the later one that
unseals is read, a write cut short at any byte loses no save that was finished, and a file left from an earlier
match is never read as this one."""

from __future__ import annotations

from pathlib import Path

import pytest

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import Match, Player, record_lines, replay, ruleset
from commerce_a11y.server.saves import TableSaves
from commerce_a11y.storage import SaveRefused, seal


def record(actions: int, seed: int = 4) -> list[str]:
    players = [Player("Eva"), Player("Jan"), Player("Anna", "bot:basic")]
    match = Match(ruleset("commerce"), players, seed)
    bots = [make_bot("basic", seed * 10 + s) for s in range(3)]
    for _ in range(actions):
        if match.over:
            break
        seat = match.to_act
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return list(record_lines(match.events))


def sealed_text(lines: list[str], ended: str | None = None) -> bytes:
    return "".join(line + "\n" for line in seal(lines, ended)).encode("utf-8")


def test_saves_go_into_the_two_files_in_turn_and_the_later_is_read(tmp_path: Path) -> None:
    lines = record(30)
    saves = TableSaves(tmp_path / "t.jsonl")
    first, second = saves.paths
    assert second.name == "t.2.jsonl"
    for end in range(1, len(lines) + 1):
        assert saves.write(lines[:end])
        written = first if end % 2 else second
        assert written.read_bytes() == sealed_text(lines[:end])  # the whole sealed record, as the local game's
        loaded = TableSaves(tmp_path / "t.jsonl").load()
        assert loaded is not None and loaded[0] == lines[:end] and loaded[1]["lines"] == end
    assert saves.write(lines, "20261201-120000")
    loaded = TableSaves(tmp_path / "t.jsonl").load()
    assert loaded is not None and loaded[1]["ended"] == "20261201-120000" and replay(loaded[0]).events


def test_a_save_cut_short_at_any_byte_leaves_the_one_before(tmp_path: Path) -> None:
    """SIGKILL or a power cut in the middle of writing a file in place: its start is new, its end old (or cut)."""
    lines = record(12)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 10):
        assert saves.write(lines[:end])
    target = saves.paths[saves.turn]  # the next save overwrites the save before the last
    old = target.read_bytes()
    new = sealed_text(lines[:10])
    for cut in range(len(new) + 1):
        # Only the last newline missing, the new save is whole; short of that, the one before is read.
        expected = lines[:10] if cut >= len(new) - 1 else lines[:9]
        for torn in (new[:cut] + old[cut:], new[:cut]):  # the rest old, or cut off where the write stopped
            target.write_bytes(torn)
            loaded = TableSaves(tmp_path / "t.jsonl").load()
            assert loaded is not None and loaded[0] == expected, cut


def test_after_loading_the_next_save_spares_the_file_it_was_loaded_from(tmp_path: Path) -> None:
    lines = record(12)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 6):
        saves.write(lines[:end])
    newest = saves.paths[1 - saves.turn]
    loaded = TableSaves(tmp_path / "t.jsonl")
    assert loaded.load() is not None
    assert loaded.write(lines[:6])
    assert newest.read_bytes() == sealed_text(lines[:5])
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == lines[:6]  # type: ignore[index]


def test_a_new_match_never_reads_an_earlier_matchs_file(tmp_path: Path) -> None:
    old, new = record(40, seed=1), record(3, seed=2)
    saves = TableSaves(tmp_path / "t.jsonl")
    for end in range(1, 6):
        saves.write(old[:end])
    fresh = TableSaves(tmp_path / "t.jsonl")  # a new match at the table (``Table.start``)
    assert fresh.write(new[:1])
    assert not fresh.paths[1].exists()
    assert TableSaves(tmp_path / "t.jsonl").load()[0] == new[:1]  # type: ignore[index]
    fresh.remove()
    assert not any(p.exists() for p in fresh.paths)
    assert TableSaves(tmp_path / "t.jsonl").load() is None


def test_files_that_cannot_be_read_are_refused_with_their_reason(tmp_path: Path) -> None:
    saves = TableSaves(tmp_path / "t.jsonl")
    saves.paths[0].write_text("not a save\n")
    with pytest.raises(SaveRefused):
        saves.load()
    saves.paths[0].unlink()
    saves.paths[0].mkdir()  # something other than a file where a save goes: never written into
    assert not TableSaves(tmp_path / "t.jsonl").write(record(2))
