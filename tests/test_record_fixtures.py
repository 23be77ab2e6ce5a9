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

Format 3 (issue 23, items 2 and 6): ``commerce-chips1-swaps-per-turn3-format3`` is its format 2 fixture as format 3
writes it (``done`` lines: turns ended after their swaps, C3), and ``handeln-limit2-keyed`` a match of the server's
keyed chance (its key a fixed test key), with ``done`` lines for a call not made after the deal and for a turn
ended after a swap instead of calling (H4): it pins the keyed stream's cards, which every server record depends on.

Format 4 (issue 25, item 4): ``braillespiel-marks2-final-round`` ends with the final round (B12): the person and a
computer player go out in one showdown, the last of them carries the round's hands, and the match end marks it.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest

from commerce_a11y.rules import DECLINES_FORMAT, Keyed, Match, Swapped, Waived, record_lines, replay, ruleset
from commerce_a11y.rules.record import PLAIN_FORMAT

RECORDS = Path(__file__).parent / "records"
EVERY = sorted(RECORDS.glob("*.jsonl"))
WRITTEN = [p for p in EVERY if not p.stem.endswith("-format1")]
"""The fixtures that write back as they are (a format 1 record is written back as format 2 or 3 would write it)."""


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_the_fixtures_hold_every_event_and_optional_field() -> None:
    kinds: set[str] = set()
    for path in EVERY:
        for line in lines_of(path):
            obj = json.loads(line)
            kinds.add(obj["event"])
            kinds |= {f"{obj['event']}.{key}" for key in ("redraws", "void", "stalemate", "losers", "winners",
                                                          "final_round") if obj.get(key)}
            if obj["event"] == "fire" and "kind" in obj:
                kinds.add(f"fire.kind.{obj['kind']}")
            if obj["event"] == "trade" and obj["paid_to"] is None:
                kinds.add("trade.supply")
    assert kinds >= {
        "match", "first_dealer", "deal", "ante", "exchange_all", "keep", "swap", "pass", "knock", "fire", "pounce",
        "showdown", "chips", "eliminated", "match_end", "first_dealer.redraws", "showdown.void",
        "showdown.stalemate", "showdown.losers", "showdown.winners", "match_end.losers",
        "refresh", "swimming", "fire.kind.31", "fire.kind.fire", "trade", "trade.supply", "offer", "barter",
        "decline", "done", "eliminated.final_round", "match_end.final_round",
    }


@pytest.mark.parametrize("path", WRITTEN, ids=lambda p: p.stem)
def test_a_record_replays_and_writes_back_the_same_lines(path: Path) -> None:
    """Every record that needs nothing of format 3 writes back byte for byte, format 2 as before; one that may (a
    format 2 record of rules with declines) writes back as format 3, the same lines with the declines it left out
    (issue 23, item 6) and its format 3 fixture where there is one."""
    lines = lines_of(path)
    match = replay(lines)
    again = list(record_lines(match.events))
    assert match.over == (json.loads(lines[-1])["event"] == "match_end")
    head = json.loads(lines[0])
    if head.get("format") == DECLINES_FORMAT or not match.rules.declines:
        assert again == lines
        return
    assert json.loads(again[0])["format"] == DECLINES_FORMAT
    assert [line for line in again[1:] if '"event":"done"' not in line] == lines[1:]
    newer = path.with_name(path.stem + "-format3.jsonl")
    if newer.exists():
        assert again == lines_of(newer)


def test_the_format_3_fixtures_hold_each_kind_of_decline() -> None:
    """Issue 23, item 6: a ``done`` line for each decline the table hears (C3: a turn ended after its swaps; H4: no
    call after the deal, and a turn ended after a swap instead of calling); the dealer's keep is ``keep`` (H1)."""
    kinds = set()
    for path in EVERY:
        events = replay(lines_of(path)).events
        for before, event in pairwise(events):
            if isinstance(event, Waived):
                kinds.add((events[0].ruleset, "after a swap" if isinstance(before, Swapped) else "no call"))
    assert kinds >= {("commerce", "after a swap"), ("handeln", "after a swap"), ("handeln", "no call")}


def test_a_keyed_record_replays_its_deals_from_its_key_and_a_plain_one_stays_format_2() -> None:
    """Issue 23, item 2 (G10): the record of a keyed match holds its key as a hex string and the kind as
    ``chance``; it replays to the same deals, and the same match with another key deals other cards."""
    lines = lines_of(RECORDS / "handeln-limit2-keyed.jsonl")
    head = json.loads(lines[0])
    assert (head["format"], head["chance"], head["seed"]) == (DECLINES_FORMAT, "blake2b", "2d" * 32)
    match = replay(lines)
    assert match.chance == Keyed(bytes([45]) * 32)
    assert list(record_lines(match.events)) == lines
    deal = lines[2]
    for other in (bytes([46]) * 32, bytes([45]) * 31 + b"\x2e"):
        again = Match(ruleset("handeln", limit=2), match.players, Keyed(other))
        assert list(record_lines(again.events))[2] != deal
    plain = json.loads(lines_of(RECORDS / "commerce.jsonl")[0])
    assert plain["format"] == PLAIN_FORMAT and "chance" not in plain


def test_a_format_1_record_reads_with_its_keep_implied() -> None:
    old = lines_of(RECORDS / "handeln-limit2-format1.jsonl")
    assert "format" not in json.loads(old[0]) and not any('"event":"keep"' in line for line in old)
    again = list(record_lines(replay(old).events))
    format_2 = lines_of(RECORDS / "handeln-limit2.jsonl")
    assert again[1:] == format_2[1:]  # this match declined nothing but the dealer's exchange
    assert json.loads(again[0]) == {**json.loads(format_2[0]), "format": DECLINES_FORMAT}  # handeln may decline
