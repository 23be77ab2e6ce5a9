"""Issue 23, item 2 (G10): where a match's chance comes from, and that nobody at the table can work out the cards.

The seeded chance (``random.Random(seed)``) gave one seat's view enough to single out the seed among 2^31, and the
seed was in every view, sent to the worker processes and written to the server's log. The server now deals from a
256-bit key (the keyed chance): the same key deals the same cards (a record replays), another key other cards, and
no view, status, worker message or log line before the match's end carries the key or anything made from it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import pickle
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from table_helpers import Person, carries

from commerce_a11y.bots import make_bot
from commerce_a11y.bots.seeding import PositionSeeded, decision_seed, hint_seed, position
from commerce_a11y.rules import (
    Dealt,
    Keyed,
    Match,
    MatchStarted,
    Player,
    RecordError,
    SeatView,
    Seeded,
    Waived,
    record_lines,
    replay,
    ruleset,
)
from commerce_a11y.rules.chance import chance_from_record
from commerce_a11y.seat.advice import hint_action
from commerce_a11y.server import thinking
from commerce_a11y.server.registry import Server
from commerce_a11y.server.status import public_status, status
from commerce_a11y.server.table import Table

SHORT = {"commerce": {"chips": 2, "swaps_per_turn": 2}, "braillespiel": {"marks": 2}, "handeln": {"limit": 2},
         "thirty-one": {"chips": 1}, "trentuno": {"chips": 1}, "schwimmen": {"chips": 1}, "tauschen": {"chips": 2}}
"""Every ruleset, with options that keep a whole match short."""


def key_of(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def players(n: int, kind: str = "bot:basic") -> list[Player]:
    return [Player(f"P{i}", kind) for i in range(n)]


# ----- the two kinds of chance -----

def test_g10_the_seeded_chance_is_random_random_unchanged() -> None:
    """G10: every existing seed, record and test plays as before: the seeded chance is ``random.Random(seed)``."""
    reference = random.Random(1234)
    stream = Seeded(1234).draws()
    assert [stream.random() for _ in range(100)] == [reference.random() for _ in range(100)]
    assert Match(ruleset("commerce"), players(3), 1234).chance == Seeded(1234)


def test_g10_the_keyed_chance_is_53_bits_a_number_reproducible_from_its_key_and_unlike_another_key() -> None:
    """Issue 23, item 2 (d): the keyed stream is a function of its key alone: the same key gives the same numbers
    (and so the same deals), another key other numbers; each a float in [0, 1) of 53 bits."""
    key = key_of("one")
    first, again, other = Keyed(key).draws(), Keyed(key).draws(), Keyed(key_of("two")).draws()
    numbers = [first.random() for _ in range(1000)]
    assert numbers == [again.random() for _ in range(1000)]
    assert numbers != [other.random() for _ in range(1000)]
    assert all(0 <= x < 1 and (x * 2**53).is_integer() for x in numbers)
    assert len(set(numbers)) == 1000 and any(x * 2**52 % 1 for x in numbers)  # the 53rd bit is used
    assert 0.45 < sum(numbers) / len(numbers) < 0.55


def test_g10_the_keyed_stream_is_the_one_docs_record_md_describes() -> None:
    """Issue 23, item 2: another program can deal a keyed record's cards again from docs/record.md ("The chance")."""
    key = key_of("spec")
    stream = Keyed(key).draws()
    expected = []
    for block in range(2):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=key, digest_size=64, person=b"commerce deals")
        data = digest.digest()
        expected += [(int.from_bytes(data[i:i + 8], "little") >> 11) / 2**53 for i in range(0, 64, 8)]
    assert [stream.random() for _ in range(16)] == expected


def test_g10_the_keyed_chance_hides_its_key_and_takes_only_a_whole_key() -> None:
    key = key_of("secret")
    assert key.hex() not in repr(Keyed(key)) and str(int.from_bytes(key, "big")) not in repr(Keyed(key))
    for bad in (b"", key[:16], key + b"x"):
        with pytest.raises(ValueError):
            Keyed(bad)


def test_g10_a_record_names_its_chance_and_a_reader_refuses_a_seed_of_the_wrong_kind() -> None:
    """Issue 23, item 2: the keyed record's seed is its key as 64 lowercase hexadecimal digits (a string, which
    every JSON reader keeps whole); a seed of the other kind's form, or an unknown kind, refuses the record."""
    assert chance_from_record("seeded", 7) == Seeded(7) and chance_from_record("seeded", 7.0) == Seeded(7)
    key = key_of("record")
    assert chance_from_record("blake2b", key.hex()) == Keyed(key)
    for kind, seed in (("seeded", key.hex()), ("seeded", True), ("blake2b", 7), ("blake2b", key.hex().upper()),
                       ("blake2b", key.hex()[:-2]), ("blake2b", " " + key.hex()[1:]), ("mt19937", 7)):
        with pytest.raises(ValueError):
            chance_from_record(kind, seed)
    match = Match(ruleset("commerce"), players(3), Keyed(key))
    head, *rest = [json.loads(line) for line in record_lines(match.events)]
    assert (head["chance"], head["seed"]) == ("blake2b", key.hex())
    for changed in ({**head, "seed": int.from_bytes(key, "big")}, {**head, "chance": "seeded"},
                    {key: value for key, value in head.items() if key != "chance"}):
        with pytest.raises(RecordError) as refused:
            replay([json.dumps(changed), *map(json.dumps, rest)])
        assert refused.value.line == 1


def test_g10_a_keyed_record_replays_exactly_and_deals_unlike_another_key() -> None:
    """Issue 23, item 2 (d): the record of a keyed match (what the server saves and sends at the end) replays to the
    very same match; the same players and decisions with another key get other cards."""
    for name, options in SHORT.items():
        rules = ruleset(name, **options)
        match = bot_match(rules, Keyed(key_of(name)))
        lines = list(record_lines(match.events))
        again = replay(lines)
        assert again.events == match.events and again.chance == match.chance and again.over
        other = Match(rules, match.players, Keyed(key_of(name + " other")))
        deals = [e for e in match.events if isinstance(e, Dealt)][:1]
        assert [e for e in other.events if isinstance(e, Dealt)][:1] != deals


def bot_match(rules: Any, chance: Keyed | Seeded, check: Any = None) -> Match:
    """A whole match of computer players seeded as the server seeds them; ``check(match)`` before every decision."""
    match = Match(rules, players(4), chance)
    levels = ("basic", "random", "heuristic", "easy")
    bots = [PositionSeeded(levels[s % 4], chance, s) for s in range(len(match.players))]
    while not match.over:
        if check is not None:
            check(match)
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.view(seat)))
    return match


# ----- what the table sees -----

@pytest.mark.parametrize("name", list(SHORT))
def test_no_view_spectator_or_status_carries_the_key(name: str) -> None:
    """Issue 23, item 2 (a): in every ruleset, at every decision of a keyed match, every seat's view (as it crosses
    to a worker, pickled), the spectator's view and events, and every seat's GMCP status (JSON) carry no trace of
    the key; the match line in every view has no seed at all."""
    key = key_of(f"views {name}")
    table = SimpleNamespace(name="Abend", match=None, seating=["Ada", "Bo", None, None])
    checked = [0]

    def check(match: Match) -> None:
        table.match = match
        table.seating = table.seating[:len(match.players)]
        for seat in range(len(match.players)):
            view = match.view(seat)
            head = view.history[0]
            assert isinstance(head, MatchStarted) and head.seed is None
            assert not carries(pickle.dumps(thinking.pack(view, whole=True)), key)
            assert not carries(json.dumps(status(table, seat)).encode(), key)
        spectator = [e.visible_to(-1) for e in match.events]
        assert isinstance(spectator[0], MatchStarted) and spectator[0].seed is None
        assert not carries(pickle.dumps(spectator), key)
        assert not carries(pickle.dumps(thinking.pack(match.public_view(), whole=True)), key)
        assert not carries(json.dumps(public_status(table)).encode(), key)
        checked[0] += 1

    match = bot_match(ruleset(name, **SHORT[name]), Keyed(key), check)
    assert checked[0] > 5
    assert carries("\n".join(record_lines(match.events)).encode(), key)  # the search finds it where it is


def test_a_local_view_has_no_seed_either() -> None:
    """Issue 23, item 2: no seed in any view, the local game's seeded matches' included."""
    match = Match(ruleset("commerce"), players(3), 987_654_321)
    for seat in (0, 1, 2):
        assert match.view(seat).history[0] == MatchStarted("commerce", dict(match.rules.options), match.players, None)
    assert match.events[0].seed == 987_654_321  # the record keeps it


# ----- what the computer players and hints are given -----

def test_decision_seeds_are_todays_numbers_locally_and_a_keyed_hash_on_the_server() -> None:
    """Issue 23, item 2: local matches keep their decision seeds (so ``simulate --seed`` and saved matches play as
    before); a keyed match's are a keyed hash of seat and position, other for another key and telling nothing of it
    (not the invertible arithmetic, which gave the seed back)."""
    assert decision_seed(Seeded(5), 2, 40) == (5 * 1_000_003 + 2) * 1_000_003 + 40
    key = key_of("decisions")
    seeds = {decision_seed(Keyed(key), seat, at) for seat in range(4) for at in range(200)}
    assert len(seeds) == 800 and all(0 <= s < 2**63 for s in seeds)
    assert decision_seed(Keyed(key), 1, 7) == decision_seed(Keyed(key), 1, 7)
    assert decision_seed(Keyed(key), 1, 7) != decision_seed(Keyed(key_of("other")), 1, 7)
    for s in seeds:
        assert not carries(str(s).encode(), key) and not carries(s.to_bytes(8, "little"), key)


def test_a_hint_depends_on_the_position_alone_and_a_resumed_match_gives_the_same() -> None:
    """Issue 23, item 2: the hint's seed comes from the seat's own view (position, hand), never the match's
    chance; the same position gives the same hint, also after the match was saved and read back, and the same
    view with another match line (seed) gives the same seed."""
    match = Match(ruleset("commerce", swaps_per_turn=2), players(4), 31)
    bots = [make_bot("basic", s) for s in range(4)]
    for _ in range(12):
        seat = match.to_act
        assert seat is not None
        match.apply(seat, bots[seat].choose(match.view(seat)))
    seat = match.to_act
    assert seat is not None
    view = match.view(seat)
    resumed = replay(list(record_lines(match.events))).view(seat)
    assert hint_seed(view) == hint_seed(resumed) and hint_action(view) == hint_action(resumed)
    assert position(view) == sum(not isinstance(e, Waived) for e in match.events)


class Recording:
    """The worker processes, in process: what each call is given is kept (``Thinkers.run``'s arguments)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    async def run(self, function: Any, *args: Any, owner: str | None = None) -> Any:
        self.calls.append((function.__name__, pickle.loads(pickle.dumps(args))))  # as a worker gets them
        return function(*args)

    def close(self) -> None:
        pass


@pytest.mark.parametrize("name", ["commerce", "handeln", "tauschen"])
def test_a_server_table_deals_from_a_fresh_key_that_no_worker_hearer_or_log_line_gets(name: str,
                                                                                     tmp_path: Path) -> None:
    """Issue 23, item 2 (b): a real ``Table`` plays a match with a person asking for hints: it deals from a key of
    256 bits; what its worker processes are given for every decision and every hint (``Thinkers.run``'s
    arguments, pickled as they cross), what the person hears and every GMCP message until the record at the end,
    and every line of the server's log carry no trace of the key; the views sent hold no other seat's dealt cards
    and no seed. The record at the end holds the key."""
    thinkers = Recording()
    log: list[str] = []

    async def play() -> tuple[Table, Person]:
        server = Server(tmp_path, thinkers=thinkers, log=log.append)  # type: ignore[arg-type]
        try:
            table = Table(server, "t1", "Abend", ruleset(name, **SHORT[name]), 3, "basic", "Ada", hints=True)
            ada = Person("Ada")
            table.sit(ada)  # type: ignore[arg-type]
            await table.start()
            match = table.match
            assert match is not None and isinstance(match.chance, Keyed)
            bot = make_bot("heuristic", 3)
            hints = 0
            while not match.over:
                await asyncio.sleep(0.001)
                if match.to_act == 0 and table.thinking is None:
                    if hints < 4:
                        hints += 1
                        await table.line(ada, "hint")  # type: ignore[arg-type]
                    await table.act(0, bot.choose(match.view(0)))
            others = asyncio.all_tasks() - {asyncio.current_task()}
            await asyncio.gather(*others)  # the last move's own task files the record
            return table, ada
        finally:
            server.io.shutdown()
            server.hashing.shutdown()
            server.store.close()

    table, ada = asyncio.run(play())
    match = table.match
    assert match is not None and isinstance(match.chance, Keyed)
    key = match.chance.key
    assert len(key) == 32 and key != Keyed(key_of("x")).key
    kinds = {kind for kind, _args in thinkers.calls}
    assert kinds == {"decide", "hint"}
    for kind, args in thinkers.calls:
        assert not carries(pickle.dumps(args), key), kind
        packed = args[-1]
        view: SeatView = thinking.unpack(packed)
        for event in view.history:
            assert not isinstance(event, MatchStarted) or event.seed is None
            if isinstance(event, Dealt):
                assert set(event.hands) <= {view.seat}  # the worker's view: its own hand alone
    seeds = [args[1] for kind, args in thinkers.calls if kind == "decide"]
    assert len(set(seeds)) == len(seeds) and all(0 <= s < 2**63 for s in seeds)  # a fresh keyed hash each
    records = [data for package, data in ada.messages if package == "Commerce.Record"]
    before = [message for message in ada.messages if message[0] != "Commerce.Record"]
    assert len(records) == 1 and carries(json.dumps(records[0]).encode(), key)  # the end's record holds it
    assert ada.messages[-1][0] == "Commerce.Record"
    assert not carries(json.dumps(before).encode(), key)
    assert not carries("\n".join(ada.heard).encode(), key)
    assert any("starts" in line for line in log) and not carries("\n".join(log).encode(), key)
