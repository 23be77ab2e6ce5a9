"""The match record (docs/record.md): what is written, and replay() that reads a record back through the rules.

Records here come from whole matches between computer players (their seats are "bot:..." players), so that every
event type appears; a deliberately driven Commerce match adds a pounce (C17). Replaying must reproduce a match
exactly (G10), and refuse a record that breaks a rule or the format, naming the line.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import (
    DECLINES_FORMAT,
    RECORD_FORMAT,
    Kept,
    Keyed,
    Match,
    MatchEnded,
    Move,
    NewerRecordError,
    Pass,
    Phase,
    Player,
    Pounce,
    Pounced,
    RecordError,
    RulesError,
    Swap,
    Waived,
    record_lines,
    replay,
    ruleset,
    write_record,
)
from commerce_a11y.rules.events import ACTION_KINDS, EVENT_TYPES
from commerce_a11y.rules.record import PLAIN_FORMAT

CODE = re.compile(r"^(10|[2-9JQKA])[CDHS]$")

REQUIRED = {
    "match": {"ruleset", "options", "players", "seed"},
    "first_dealer": {"draws", "dealer"},
    "deal": {"hand", "dealer", "hands", "skat"},
    "ante": {"pot"},
    "exchange_all": {"player", "gave", "took"},
    "keep": {"player"},
    "done": {"player"},
    "swap": {"player", "gave", "took"},
    "pass": {"player"},
    "knock": {"player"},
    "fire": {"player"},
    "pounce": {"player", "took", "refill"},
    "refresh": {"laid_aside", "skat"},
    "trade": {"player", "gave", "took", "paid_to"},
    "offer": {"player", "to", "card"},
    "barter": {"player", "to", "gave", "took"},
    "decline": {"player", "to"},
    "swimming": {"player"},
    "showdown": {"hands", "values"},
    "chips": {"changes", "totals"},
    "eliminated": {"player"},
    "match_end": {"winners", "standings"},
}



def test_the_event_classes_are_the_records_events() -> None:
    """One class per kind of record line (docs/record.md's table), and the moves among them are the lines the reader
    applies as actions."""
    assert sorted(cls.kind for cls in EVENT_TYPES) == sorted(REQUIRED)
    assert {"exchange_all", "keep", "done", "swap", "pass", "knock", "fire", "pounce", "trade", "offer", "barter",
            "decline"} == ACTION_KINDS
    assert all(issubclass(cls, Move) == (cls.kind in ACTION_KINDS) for cls in EVENT_TYPES)


CASES = [
    ("commerce", 4, {}),
    ("commerce", 5, {"swaps_per_turn": 3, "ace_low": True, "extended": True}),
    ("braillespiel", 4, {"marks": 3, "krikelkrakel": True}),
    ("handeln", 4, {"limit": 3}),
    ("thirty-one", 3, {}),
    ("trentuno", 6, {"chips": 2}),
    ("schwimmen", 4, {}),
    ("tauschen", 5, {"chips": 2}),
]


def players(n: int, kind: str) -> list[Player]:
    return [Player(f"Bot {i}", f"bot:{kind}") for i in range(n)]


def bot_match(name: str, n: int, seed: int, kind: str = "random", **options) -> Match:
    m = Match(ruleset(name, **options), players(n, kind), seed=seed)
    bots = [make_bot(kind, seed * 100 + i) for i in range(n)]
    while not m.over:
        seat = m.to_act
        m.apply(seat, bots[seat].choose(m.view(seat)))
    return m


def pounce_match() -> Match:
    """A Commerce match with a pounce (C17): seats collect ranks until one can pounce, then bots finish."""
    m = Match(ruleset("commerce", pounce=True), players(5, "basic"), seed=2)

    def most(hand: list) -> int:
        return max(Counter(c.rank for c in hand).values())

    while not any(isinstance(e, Pounced) for e in m.events):
        legal = m.legal_actions()
        if Pounce() in legal:
            m.apply(m.to_act, Pounce())
            continue
        hand = m.hands[m.to_act]
        better = [a for a in legal if isinstance(a, Swap)
                  and most([a.took[0] if c == a.gave[0] else c for c in hand]) > most(hand)]
        m.apply(m.to_act, better[0] if better else (Pass() if Pass() in legal else m.phase.done))
    bots = [make_bot("basic", i) for i in range(5)]
    while not m.over:
        seat = m.to_act
        m.apply(seat, bots[seat].choose(m.view(seat)))
    return m


@pytest.fixture(scope="module")
def matches() -> list[Match]:
    result = [bot_match(name, n, seed, kind, **options)
              for name, n, options in CASES for seed, kind in ((1, "random"), (2, "basic"))]
    result.append(pounce_match())
    return result


def lines_of(m: Match) -> list[str]:
    return list(record_lines(m.events))


# ---------------------------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------------------------

def check_codes(value) -> None:
    items = value if isinstance(value, list) else [value]
    assert items and all(isinstance(c, str) and CODE.match(c) for c in items), value


def check_seat_keys(obj: dict, n: int) -> None:
    assert all(isinstance(k, str) and k.isdigit() and 0 <= int(k) < n for k in obj), obj


def test_every_line_has_the_required_fields_in_the_required_form(matches: list[Match]):
    seen: set[str] = set()
    for m in matches:
        n = len(m.players)
        objs = [json.loads(line) for line in lines_of(m)]
        assert objs[0]["event"] == "match" and objs[-1]["event"] == "match_end"
        assert [o["event"] for o in objs].count("match") == 1
        assert [o["event"] for o in objs].count("match_end") == 1
        for obj in objs:
            kind = obj["event"]
            seen.add(kind)
            assert REQUIRED[kind] <= set(obj), (kind, obj)
            if "player" in obj:
                assert isinstance(obj["player"], int) and 0 <= obj["player"] < n
            if kind == "match":
                assert obj["ruleset"] == m.rules.name and obj["seed"] == m.chance.recorded
                assert obj["options"] == dict(m.rules.options)
                assert obj["players"] == [{"name": p.name, "kind": p.kind} for p in m.players]
            elif kind == "first_dealer":
                check_seat_keys(obj["draws"], n)
                assert set(obj["draws"]) == {str(s) for s in range(n)}
                for code in obj["draws"].values():
                    check_codes(code)
                assert isinstance(obj["dealer"], int)
            elif kind == "deal":
                check_seat_keys(obj["hands"], n)
                for hand in obj["hands"].values():
                    assert len(hand) == 3
                    check_codes(hand)
                if m.rules.widow:
                    assert len(obj["skat"]) == 3  # in schwimmen face down until the dealer's choice (S2)
                    check_codes(obj["skat"])
                else:
                    assert obj["skat"] == []  # X1: no widow in tauschen
                assert isinstance(obj["hand"], int) and obj["hand"] >= 1
            elif kind == "refresh":
                assert len(obj["laid_aside"]) == len(obj["skat"]) == 3
                check_codes(obj["laid_aside"])
                check_codes(obj["skat"])
            elif kind == "trade":
                check_codes(obj["gave"])
                check_codes(obj["took"])
                assert obj["paid_to"] is None or 0 <= obj["paid_to"] < n
            elif kind == "offer":
                check_codes(obj["card"])
                assert isinstance(obj["to"], int) and obj["to"] != obj["player"]
            elif kind == "barter":
                check_codes(obj["gave"])
                check_codes(obj["took"])
                assert isinstance(obj["to"], int) and obj["to"] != obj["player"]
            elif kind == "decline":
                assert isinstance(obj["to"], int) and obj["to"] != obj["player"]
            elif kind == "fire" and m.rules.name == "schwimmen":
                assert obj["kind"] in ("31", "fire")  # S6, S7
            elif kind in ("swap", "exchange_all"):
                check_codes(obj["gave"])
                check_codes(obj["took"])
                assert len(obj["gave"]) == len(obj["took"])
                expected = {"exchange_all": {3}, "swap": {1, 2, 3} if m.rules.multi_swap else {1}}[kind]
                assert len(obj["gave"]) in expected
            elif kind == "pounce":
                check_codes(obj["took"])
                check_codes(obj["refill"])
            elif kind == "ante":
                assert isinstance(obj["pot"], int) and obj["pot"] > 0
            elif kind == "showdown":
                assert "losers" in obj or "winners" in obj
                check_seat_keys(obj["hands"], n)
                check_seat_keys(obj["values"], n)
                for hand in obj["hands"].values():
                    check_codes(hand)
                assert all(isinstance(v, str) and v for v in obj["values"].values())
                for key in ("losers", "winners"):
                    assert all(isinstance(s, int) for s in obj.get(key, []))
                if m.rules.name == "braillespiel":
                    assert len(obj["winners"]) == 1
                else:
                    assert "losers" in obj
            elif kind == "chips":
                check_seat_keys(obj["changes"], n)
                check_seat_keys(obj["totals"], n)
                assert set(obj["totals"]) == {str(s) for s in range(n)}
                assert all(isinstance(v, int) for v in [*obj["changes"].values(), *obj["totals"].values()])
            elif kind == "match_end":
                check_seat_keys(obj["standings"], n)
                assert obj["winners"] and all(isinstance(s, int) for s in obj["winners"])
    assert seen == set(REQUIRED)  # every event type of docs/record.md was written and checked


def test_card_codes_and_seat_keys_in_a_line():
    m = Match(ruleset("commerce"), players(3, "random"), seed=1)
    deal = json.loads(lines_of(m)[2])
    assert deal["event"] == "deal"
    assert set(deal["hands"]) == {"0", "1", "2"}
    assert deal["hands"]["1"] == [c.code for c in m.hands[1]]
    # A Ten is written "10H", never "TH".
    rec = m.events[2].to_record()
    assert all(isinstance(k, str) for k in rec["hands"])


def test_write_record_writes_one_line_per_event(matches: list[Match]):
    m = matches[0]
    out = io.StringIO()
    write_record(m.events, out)
    text = out.getvalue()
    assert text.endswith("\n") and text.count("\n") == len(m.events)
    assert text.splitlines() == lines_of(m)
    assert all(json.loads(line) for line in text.splitlines())


def test_the_record_keeps_the_chips_arithmetic(matches: list[Match]):
    """Every chips line's totals follow from the previous totals plus its changes (and, in braillespiel, the ante)."""
    for m in matches:
        totals = {str(s): m.rules.starting_count for s in range(len(m.players))}
        for obj in map(json.loads, lines_of(m)):
            if obj["event"] == "ante":
                totals = obj["totals"]
            if obj["event"] == "trade":  # X3, X5: a chip from the trader to the dealer (or to the supply) at once
                totals[str(obj["player"])] -= 1
                if obj["paid_to"] is not None:
                    totals[str(obj["paid_to"])] += 1
            if obj["event"] == "chips":
                if m.rules.name == "braillespiel":  # the changes count the ante already taken at the deal
                    expected = {s: v + 1 + obj["changes"].get(s, 0) if s in obj["changes"] else v
                                for s, v in totals.items()}
                else:
                    expected = {s: v + obj["changes"].get(s, 0) for s, v in totals.items()}
                assert obj["totals"] == expected
                totals = obj["totals"]
            if obj["event"] == "match_end":
                assert obj["standings"] == totals


# ---------------------------------------------------------------------------------------------------------------
# Replaying
# ---------------------------------------------------------------------------------------------------------------

def test_replay_reproduces_every_match_exactly(matches: list[Match]):
    for m in matches:
        again = replay(lines_of(m))
        assert [e.to_record() for e in again.events] == [e.to_record() for e in m.events]
        assert again.over and again.winners == m.winners and again.counts == m.counts
        assert again.players == m.players and again.rules.options == m.rules.options


def test_replay_reads_a_file_like_stream_and_skips_blank_lines(matches: list[Match]):
    m = matches[3]
    out = io.StringIO()
    write_record(m.events, out)
    text = out.getvalue().replace("\n", "\n\n", 3)
    again = replay(io.StringIO(text))
    assert [e.to_record() for e in again.events] == [e.to_record() for e in m.events]


def test_replay_accepts_extra_fields(matches: list[Match]):
    m = matches[0]
    lines = []
    for i, line in enumerate(lines_of(m)):
        obj = json.loads(line)
        obj["time"] = f"2026-01-01T00:00:{i % 60:02d}"
        lines.append(json.dumps(obj))
    assert replay(lines).winners == m.winners


def test_replay_accepts_a_record_without_the_engines_optional_fields(matches: list[Match]):
    m = matches[0]
    lines = []
    for line in lines_of(m):
        obj = json.loads(line)
        if obj["event"] == "deal":
            obj.pop("cut"), obj.pop("cut_by")
        lines.append(json.dumps(obj))
    assert replay(lines).winners == m.winners


def objects(m: Match) -> list[dict]:
    return [json.loads(line) for line in lines_of(m)]


def dumps(objs: list[dict]) -> list[str]:
    return [json.dumps(o) for o in objs]


def refusal(lines: list[str]) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(lines)
    err = info.value
    assert isinstance(err, RulesError)
    assert err.params["line"] == err.line
    assert str(err) == err.template.format(**err.params)
    return err


def test_replay_refuses_an_illegal_swap(matches: list[Match]):
    m = matches[0]
    objs = objects(m)
    i = next(i for i, o in enumerate(objs) if o["event"] == "swap")
    deal = next(o for o in reversed(objs[:i]) if o["event"] == "deal")
    held = set(deal["hands"][str(objs[i]["player"])])
    objs[i]["took"] = [next(c for h in deal["hands"].values() for c in h if c not in held)]  # another's card
    err = refusal(dumps(objs))
    assert err.line == i + 1
    assert "breaks a rule" in str(err) and "is not in the widow" in str(err)


def test_replay_refuses_a_swap_of_a_card_not_held(matches: list[Match]):
    m = matches[0]
    objs = objects(m)
    i = next(i for i, o in enumerate(objs) if o["event"] == "swap")
    objs[i]["gave"] = [objs[i]["took"][0]]  # the seat does not hold the widow card it takes
    err = refusal(dumps(objs))
    assert err.line == i + 1 and "You do not hold" in str(err)


def test_replay_refuses_a_swap_by_the_wrong_seat(matches: list[Match]):
    m = matches[0]
    objs = objects(m)
    i = next(i for i, o in enumerate(objs) if o["event"] == "pass")
    objs[i]["player"] = (objs[i]["player"] + 1) % len(m.players)
    err = refusal(dumps(objs))
    assert err.line == i + 1 and "was to act" in str(err)


def test_replay_refuses_a_changed_deal(matches: list[Match]):
    m = matches[0]
    objs = objects(m)
    i = next(i for i, o in enumerate(objs) if o["event"] == "deal")
    hands = objs[i]["hands"]
    a, b = sorted(hands)[:2]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    err = refusal(dumps(objs))
    assert err.line == i + 1 and err.params["field"] == "hands"
    objs = objects(m)
    i = max(i for i, o in enumerate(objs) if o["event"] == "deal")
    objs[i]["skat"] = list(reversed(objs[i]["skat"]))
    err = refusal(dumps(objs))
    assert err.line == i + 1 and err.params["field"] == "skat"


def test_replay_refuses_a_wrong_showdown_loser(matches: list[Match]):
    m = matches[0]
    objs = objects(m)
    i = next(i for i, o in enumerate(objs) if o["event"] == "showdown")
    n = len(m.players)
    objs[i]["losers"] = [s for s in range(n) if s not in objs[i]["losers"]][:1]
    err = refusal(dumps(objs))
    assert err.line == i + 1 and err.params["field"] == "losers"


def test_replay_refuses_a_wrong_winner_or_chip_count(matches: list[Match]):
    m = matches[4]  # braillespiel
    objs = objects(m)
    i = next(i for i, o in enumerate(objs) if o["event"] == "showdown")
    objs[i]["winners"] = [(objs[i]["winners"][0] + 1) % len(m.players)]
    assert refusal(dumps(objs)).line == i + 1
    objs = objects(m)
    i = next(i for i, o in enumerate(objs) if o["event"] == "chips")
    seat = next(iter(objs[i]["totals"]))
    objs[i]["totals"][seat] += 1
    assert refusal(dumps(objs)).line == i + 1


@pytest.mark.parametrize(("event", "field"), [("chips", "totals"), ("chips", "changes"), ("showdown", "losers"),
                                              ("deal", "hands"), ("match_end", "standings"),
                                              ("first_dealer", "draws")])
def test_replay_refuses_a_line_without_a_required_field(matches: list[Match], event: str, field: str):
    objs = objects(matches[0])  # commerce: a worst-loses showdown names its losers
    i = next(i for i, o in enumerate(objs) if o["event"] == event)
    del objs[i][field]
    err = refusal(dumps(objs))
    assert err.line == i + 1 and err.params["field"] == field


def test_replay_refuses_a_line_after_the_match_end(matches: list[Match]):
    m = matches[0]
    lines = [*lines_of(m), json.dumps({"event": "pass", "player": 0})]
    err = refusal(lines)
    assert err.line == len(lines) and "after the match end" in str(err)


def test_replay_refuses_broken_json_and_lines_that_are_not_events(matches: list[Match]):
    lines = lines_of(matches[0])
    broken = [*lines[:5], lines[5][:-3], *lines[6:]]
    err = refusal(broken)
    assert err.line == 6 and "not JSON" in str(err)
    err = refusal([*lines[:3], "[1, 2, 3]", *lines[4:]])
    assert err.line == 4 and "not an event" in str(err)
    err = refusal([*lines[:3], '{"player": 1}', *lines[4:]])
    assert err.line == 4


def test_replay_refuses_a_record_without_its_match_line(matches: list[Match]):
    lines = lines_of(matches[0])
    err = refusal(lines[1:])
    assert err.line == 1 and "begins with its match line" in str(err)
    err = refusal(["", *lines[1:]])
    assert err.line == 2
    err = refusal([])
    assert err.line == 1


def test_replay_refuses_a_bad_match_line(matches: list[Match]):
    objs = objects(matches[0])
    objs[0]["options"] = {"chips": 0}
    err = refusal(dumps(objs))
    assert err.line == 1 and "chips" in str(err) and "1 to 9" in str(err)
    objs = objects(matches[0])
    del objs[0]["seed"]
    assert refusal(dumps(objs)).line == 1
    objs = objects(matches[0])
    objs[0]["ruleset"] = "poker"
    assert refusal(dumps(objs)).line == 1


def test_the_match_line_carries_the_record_format_and_a_newer_one_is_refused(matches: list[Match]):
    """Format 3 only where a match may need it (issue 23, items 2 and 6): rules with declines (``done`` lines) or a
    keyed chance; every other record stays format 2, as earlier versions wrote it."""
    for match in matches:
        head = objects(match)[0]
        assert head["format"] == (DECLINES_FORMAT if match.rules.declines else PLAIN_FORMAT)
        assert ("done" in {o["event"] for o in objects(match)}) <= match.rules.declines
    keyed = Match(ruleset("commerce"), players(3, "random"), Keyed(bytes(range(32))))
    assert objects(keyed)[0]["format"] == DECLINES_FORMAT
    objs = objects(matches[0])
    assert objs[0]["format"] == PLAIN_FORMAT
    assert [o for o in objs[1:] if "format" in o] == []
    del objs[0]["format"]
    assert replay(dumps(objs)).events == matches[0].events  # a record without the field is format 1
    objs[0]["format"] = RECORD_FORMAT + 1
    err = refusal(dumps(objs))
    assert isinstance(err, NewerRecordError) and err.line == 1 and err.params["found"] == RECORD_FORMAT + 1
    for bad in ("1", 0, True, None, 1.5):
        objs[0]["format"] = bad
        err = refusal(dumps(objs))
        assert not isinstance(err, NewerRecordError) and err.line == 1


DECLINES = [
    ("C3", "commerce", {"swaps_per_turn": 2}, Phase.CONTINUE),  # a turn ended after one of its two swaps
    ("H4", "handeln", {}, Phase.CALL),  # no "Fire!" right after the deal
    ("H4", "handeln", {}, Phase.CONTINUE),  # a turn ended after a swap to 31 instead of "Fire!"
    ("T2", "thirty-one", {}, Phase.CALL),  # no call of 31 right after the deal
    ("T2", "thirty-one", {}, Phase.CONTINUE),  # a turn ended after a swap to 31 instead of the call
    ("H1", "handeln", {}, Phase.EXCHANGE),  # the dealer keeps the hand dealt (``keep``, since format 2)
    ("S2", "schwimmen", {}, Phase.EXCHANGE),  # the dealer keeps the cards dealt, the widow turned face up
]


def at_decline(name: str, options: dict, phase: Phase) -> tuple[Match, list]:
    """A match of random computer players, seed after seed, stopped at the first decision in ``phase`` where a
    decline (``Done``) is allowed; with its players' bots."""
    for seed in range(1, 200):
        match = Match(ruleset(name, **options), players(4, "random"), seed)
        bots = [make_bot("random", seed * 10 + i) for i in range(4)]
        while not match.over:
            if match.phase is phase and match.phase.done in match.legal_actions():
                return match, bots
            seat = match.to_act
            match.apply(seat, bots[seat].choose(match.view(seat)))
    raise AssertionError("no such decision in 200 matches")


@pytest.mark.parametrize(("rule", "name", "options", "phase"), DECLINES,
                         ids=[f"{rule}-{name}-{phase.value}" for rule, name, _o, phase in DECLINES])
def test_every_decline_has_its_line_and_a_record_ending_with_it_resumes_after_it(rule: str, name: str,
                                                                                options: dict, phase: Phase):
    """Issue 23, item 6 (C3, H1, H4, S2, T2): each kind of decline the table hears is a record line (``done``, or
    ``keep`` for the dealer's), so a save that ends with it resumes after it, where the table stood (a save
    without the line resumed before it: the player was asked again). The same record with the ``done`` lines left
    out, as format 2 wrote it, still reads, each decline inferred from the line after it."""
    match, bots = at_decline(name, options, phase)
    seat = match.to_act
    events = match.apply(seat, match.phase.done)
    assert events[0] == (Kept(seat, events[0].turned_up) if phase is Phase.EXCHANGE else Waived(seat))
    lines = list(record_lines(match.events))
    line = json.loads(lines[len(match.events) - len(events)])
    assert line == {"event": "keep" if phase is Phase.EXCHANGE else "done", "player": seat}
    saved = replay(lines)
    assert saved.events == match.events
    assert (saved.phase, saved.to_act, saved.hands, saved.widow) == (match.phase, match.to_act, match.hands,
                                                                     match.widow)
    if phase is not Phase.EXCHANGE:
        cut = replay([line for line in lines if '"event":"done"' not in line])
        assert (cut.phase, cut.to_act) == (phase, seat)  # what the save gave back before (issue 23, item 6)
    while not match.over:
        seat = match.to_act
        match.apply(seat, bots[seat].choose(match.view(seat)))
    whole = list(record_lines(match.events))
    assert replay(whole).events == match.events
    old = [line for line in whole if '"event":"done"' not in line]
    old[0] = old[0].replace('"format":3', '"format":2')
    assert replay(old).events == match.events  # format 2: every decline but the keep inferred


def test_a_format_1_handeln_record_without_keep_lines_is_read_with_the_keeps_implied(matches: list[Match]):
    handeln = [m for m in matches if m.rules.name == "handeln"]
    for match in handeln:
        objs = objects(match)
        assert any(o["event"] == "keep" for o in objs)  # H1: format 2 writes the dealer's keep
        old = [o for o in objs if o["event"] != "keep"]
        old[0]["format"] = 1
        assert replay(dumps(old)).events == match.events


def test_replay_refuses_a_record_with_another_seed(matches: list[Match]):
    objs = objects(matches[0])
    objs[0]["seed"] += 1
    err = refusal(dumps(objs))
    assert err.line in (2, 3)  # the draw for first dealer or the deal no longer match


def test_replay_refuses_a_record_whose_match_line_changed_the_players(matches: list[Match]):
    objs = objects(matches[0])
    objs[0]["players"] = objs[0]["players"][:-1]
    assert refusal(dumps(objs)).line >= 2


@pytest.mark.parametrize("case", range(len(CASES)))
def test_a_record_cut_off_mid_match_replays_to_a_match_that_waits_at_the_right_seat(case: int):
    """Stopping after any action's events leaves the replayed match exactly where the original stood then,
    including the undecided offers (the dealer's exchange H1, a call after the deal T2/H4, a C3 further swap).
    A decline (Done) writes no line, so a record cut there stands where the decline was still open: at the
    first moment the match had that many events."""
    name, n, options = CASES[case]
    m = Match(ruleset(name, **options), players(n, "random"), seed=5)
    bots = [make_bot("random", 500 + i) for i in range(n)]
    first_at: dict[int, tuple] = {}

    def note() -> None:
        state = (m.to_act, m.phase, [list(h) for h in m.hands], list(m.widow), m.legal_actions())
        first_at.setdefault(len(m.events), state)

    note()
    while not m.over and len(first_at) < 150:
        seat = m.to_act
        m.apply(seat, bots[seat].choose(m.view(seat)))
        note()
    lines = lines_of(m)
    sizes = sorted(size for size in first_at if size < len(m.events) or not m.over)
    for size in sizes[:: max(1, len(sizes) // 30)]:
        again = replay(lines[:size])
        assert len(again.events) == size and not again.over
        to_act, phase, hands, widow, legal = first_at[size]
        assert (again.to_act, again.phase) == (to_act, phase)
        assert again.hands == hands and again.widow == widow
        assert again.legal_actions() == legal


def test_a_replayed_match_in_progress_can_be_played_on(matches: list[Match]):
    m = matches[1]
    lines = lines_of(m)
    again = replay(lines[: len(lines) // 2])
    bots = [make_bot("random", i) for i in range(len(again.players))]
    while not again.over:
        seat = again.to_act
        again.apply(seat, bots[seat].choose(again.view(seat)))
    assert isinstance(again.events[-1], MatchEnded)
    half = len(lines) // 2
    assert list(record_lines(again.events[:half])) == lines[:half]


# ---------------------------------------------------------------------------------------------------------------
# Schwimmen and Tauschen: their lines are read, and refused where they break a rule (S2-S9, X3-X5)
# ---------------------------------------------------------------------------------------------------------------

FIXTURES = Path(__file__).parent / "records"


def fixture(name: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


def first(objs: list[dict], event: str, **fields: object) -> int:
    return next(i for i, o in enumerate(objs) if o["event"] == event and all(o.get(k) == v for k, v in fields.items()))


def test_x3_a_trade_on_the_last_chip_is_refused_with_its_line():
    objs = fixture("tauschen-chips2")
    # Seat 0 lost a chip in hand 1 and has one left; its first move of hand 2, an offer, becomes a trade.
    i = first(objs, "offer", player=0, card="2H")
    assert objs[i - 1]["event"] == "deal" and objs[i - 1]["hand"] == 2
    objs[i] = {"event": "trade", "player": 0, "gave": "2H", "took": "AS", "paid_to": 3}
    err = refusal(dumps(objs))
    assert err.line == i + 1
    assert str(err) == f"Line {i + 1} of the record breaks a rule: You may not pay your last chip for a trade."


def test_x3_a_trade_must_take_the_stocks_top_card_and_pay_the_dealer():
    objs = fixture("tauschen-chips2")
    i = first(objs, "trade")
    objs[i]["took"] = "AS" if objs[i]["took"] != "AS" else "AH"
    err = refusal(dumps(objs))
    assert err.line == i + 1 and err.params["field"] == "took"
    objs = fixture("tauschen-chips2")
    objs[i]["paid_to"] = 0
    assert refusal(dumps(objs)).params["field"] == "paid_to"


def test_x4_an_offer_goes_to_the_right_hand_neighbour_and_is_answered_with_a_card_held():
    objs = fixture("tauschen-chips2")
    i = first(objs, "offer")
    objs[i]["to"] = (objs[i]["to"] + 1) % 4
    err = refusal(dumps(objs))
    assert err.line == i + 1 and err.params["field"] == "to"
    objs = fixture("tauschen-chips2")
    i = first(objs, "barter")
    objs[i]["took"] = objs[i]["gave"]  # the neighbour does not hold the offered card
    err = refusal(dumps(objs))
    assert err.line == i + 1 and "You do not hold" in str(err)


def test_x4_an_answer_is_never_inferred_and_only_the_neighbour_answers():
    objs = fixture("tauschen-chips2")
    i = first(objs, "decline")
    err = refusal(dumps(objs[:i] + objs[i + 1:]))  # the decline left out
    assert err.line == i + 1 and "was to act" in str(err)
    objs = fixture("tauschen-chips2")
    objs[i]["player"] = objs[i]["to"]  # the offerer cannot answer their own offer
    assert refusal(dumps(objs)).line == i + 1


def test_s2_a_keep_and_a_blind_exchange_are_read_and_a_fresh_widow_and_a_show_are_checked():
    objs = fixture("schwimmen-chips1")
    assert replay(dumps(objs)).over
    i = first(objs, "refresh")
    objs[i]["skat"] = list(reversed(objs[i]["skat"]))
    assert refusal(dumps(objs)).params["field"] == "skat"
    objs = fixture("schwimmen-chips1")
    i = first(objs, "fire")
    objs[i]["kind"] = "31" if objs[i]["kind"] == "fire" else "fire"
    err = refusal(dumps(objs))
    assert err.line == i + 1 and err.params["field"] == "kind"
    objs = fixture("schwimmen-chips1")
    del objs[i]["kind"]  # optional in the record: read as the engine shows it
    assert replay(dumps(objs)).over


def test_s6_a_show_is_the_engines_so_a_record_cannot_make_one_up():
    objs = fixture("schwimmen-chips1")
    i = first(objs, "pass")
    objs.insert(i, {"event": "fire", "player": objs[i]["player"], "kind": "31"})
    err = refusal(dumps(objs))
    assert err.line == i + 1


def test_s9_swimming_and_going_under_are_checked():
    objs = fixture("schwimmen-chips1")
    i = first(objs, "swimming")
    err = refusal(dumps(objs[:i] + objs[i + 1:]))
    assert err.line == i + 1
    objs = fixture("schwimmen-chips1")
    i = next(i for i, o in enumerate(objs) if o["event"] == "chips" and 0 in o["changes"].values())
    seat = next(s for s, change in objs[i]["changes"].items() if change == 0)
    objs[i]["changes"][seat] = -1  # a swimmer's count cannot fall below 0: going under is a change of 0
    assert refusal(dumps(objs)).params["field"] == "changes"
