"""Records written by earlier versions of the game (tests/records/) still read, and write back line for line.

The fixtures were made by whole matches between computer players (seat 0 a "human" named Jürgen, so names outside
ASCII are kept as they are), one for every ruleset and option, before events became typed: they pin the record
format (docs/record.md) to the bytes, whatever the engine's Python types. Between them they hold every event and
every optional field (redraws, stalemate, a void showdown, pounce, exchange and keep, fire, a match end with
losers); ``schwimmen-chips1`` and ``tauschen-chips2`` add the events of S2-S9 and X3-X4 (the dealer's blind choice,
swapping all three, the shows of 31 and fire, a fresh middle, swimming and going under; trades, one of them the
dealer's to the supply, offers taken and declined). ``commerce-unfinished`` stops in the middle of a hand (a match
in progress, as a save holds it), and ``handeln-limit2-format1`` is ``handeln-limit2`` as format 1 wrote it: no
``format`` and no ``keep`` line (H1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from commerce_a11y.rules import RECORD_FORMAT, record_lines, replay

RECORDS = Path(__file__).parent / "records"
FORMAT_2 = sorted(p for p in RECORDS.glob("*.jsonl") if not p.stem.endswith("-format1"))


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_the_fixtures_hold_every_event_and_optional_field() -> None:
    kinds: set[str] = set()
    for path in FORMAT_2:
        for line in lines_of(path):
            obj = json.loads(line)
            kinds.add(obj["event"])
            kinds |= {f"{obj['event']}.{key}" for key in ("redraws", "void", "stalemate", "losers", "winners")
                      if obj.get(key)}
            if obj["event"] == "fire" and "kind" in obj:
                kinds.add(f"fire.kind.{obj['kind']}")
            if obj["event"] == "trade" and obj["paid_to"] is None:
                kinds.add("trade.supply")
    assert kinds >= {
        "match", "first_dealer", "deal", "ante", "exchange_all", "keep", "swap", "pass", "knock", "fire", "pounce",
        "showdown", "chips", "eliminated", "match_end", "first_dealer.redraws", "showdown.void",
        "showdown.stalemate", "showdown.losers", "showdown.winners", "match_end.losers",
        "refresh", "swimming", "fire.kind.31", "fire.kind.fire", "trade", "trade.supply", "offer", "barter",
        "decline",
    }


@pytest.mark.parametrize("path", FORMAT_2, ids=lambda p: p.stem)
def test_a_record_replays_and_writes_back_the_same_lines(path: Path) -> None:
    lines = lines_of(path)
    match = replay(lines)
    assert list(record_lines(match.events)) == lines
    assert match.over == (json.loads(lines[-1])["event"] == "match_end")


def test_a_format_1_record_reads_with_its_keep_implied() -> None:
    old = lines_of(RECORDS / "handeln-limit2-format1.jsonl")
    assert "format" not in json.loads(old[0]) and not any('"event":"keep"' in line for line in old)
    again = list(record_lines(replay(old).events))
    assert again == lines_of(RECORDS / "handeln-limit2.jsonl")
    assert json.loads(again[0])["format"] == RECORD_FORMAT
