"""What a seat lost in a match (tally.py), the count behind ``commerce simulate`` and ``commerce stats``: in
schwimmen going under costs one more (S9), in tauschen a chip paid for a trade is lost too (X3), and the engine's
shows are no decisions (S6, S7)."""

from __future__ import annotations

import json
from pathlib import Path

from commerce_a11y.rules import Fired, Move, Settled, Traded, replay
from commerce_a11y.tally import tally

RECORDS = Path(__file__).parent / "records"


def replayed(name: str):
    return replay((RECORDS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines())


def test_s9_in_schwimmen_every_life_and_going_under_count_as_lost():
    match = replayed("schwimmen-chips1")
    seats, decisions = tally(match.events, 4, match.rules.counter)
    # One life each (chips=1): a loser swims, then goes under. Seat 3 won, losing its life in the last hand.
    assert [s.lost for s in seats] == [2, 2, 2, 1]
    assert [s.hands_lost for s in seats] == [2, 2, 2, 1]
    assert all(s.paid == s.received == 0 for s in seats)
    shows = sum(isinstance(e, Fired) for e in match.events)
    assert shows == 2 and decisions == sum(isinstance(e, Move) for e in match.events) - shows


def test_x3_in_tauschen_chips_paid_for_trades_count_as_lost_and_the_dealers_gains_are_kept_apart():
    match = replayed("tauschen-chips2")
    seats, _ = tally(match.events, 4, match.rules.counter)
    trades = [e for e in match.events if isinstance(e, Traded)]
    assert trades
    for seat in range(4):
        paid = sum(t.player == seat for t in trades)
        received = sum(t.paid_to == seat for t in trades)
        at_showdowns = sum(-e.changes.get(seat, 0) for e in match.events if isinstance(e, Settled))
        assert (seats[seat].paid, seats[seat].received) == (paid, received)
        assert seats[seat].lost == at_showdowns + paid


def test_simulate_reports_the_chips_paid(tmp_path: Path):
    from commerce_a11y.rules import ruleset
    from commerce_a11y.simulate import simulate

    summary = simulate(ruleset("tauschen"), ["random"] * 3, 3, seed=2, record_dir=tmp_path)
    data = summary.as_dict()
    assert sum(seat["chips_paid"] for seat in data["seats"]) > 0
    for path in summary.records:
        lines = path.read_text(encoding="utf-8").splitlines()
        assert replay(lines).over and json.loads(lines[0])["ruleset"] == "tauschen"
