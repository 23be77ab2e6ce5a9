"""Ratings on the table server (issue 39): each person's OpenSkill rating per ruleset, from the finishing order of
every finished match with two persons or more, counted exactly once.

The rules first, with no server: the finishing order read from a match's events (``placings.places``), who is
rated and how (``skill.rated``: computer players do not count, a seat the computer played most of the time finishes
last), the update, and the store's count keyed on the match (``db/ratings.py``). Then the commands, ``rating`` and
``top``, through the in-process harness, and a finished match filed again after a restart, counted once. Last, a real
process killed with SIGKILL in the middle of a rating's transaction, and the store opened again."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from table_harness import Harness, run_virtual
from test_filer import filer_at, move
from test_server_tables import play, table

from commerce_a11y.placings import places
from commerce_a11y.rules import RULESETS, Eliminated, Match, MatchEnded, Move, Player, PlayerKind, ruleset
from commerce_a11y.server.db.store import Store
from commerce_a11y.server.saves import TableSaves
from commerce_a11y.server.skill import START, ordinal, rated, shown, updated
from commerce_a11y.simulate import play_match

SMALL = {"commerce": {"chips": 2}, "braillespiel": {"marks": 3}, "handeln": {}, "thirty-one": {"chips": 2},
         "trentuno": {"chips": 2}, "schwimmen": {"chips": 2}, "tauschen": {"chips": 2}}
"""Each ruleset with options that make a match short."""
ROOT = Path(__file__).resolve().parents[1]


def finished(name: str, seed: int, players: int = 4) -> Match:
    return play_match(ruleset(name, **SMALL[name]), ["random"] * players, seed)


# ----- the finishing order -----

@pytest.mark.parametrize("name", RULESETS)
def test_the_finishing_order_is_the_winners_then_the_count_then_who_went_out_later(name: str) -> None:
    for seed in (1, 2):
        match = finished(name, seed)
        ended = match.events[-1]
        assert isinstance(ended, MatchEnded)
        place = places(match.events, 4, match.rules.counter)
        assert place is not None and sorted(set(place)) == list(range(max(place) + 1))  # dense, 0 first
        assert {seat for seat in range(4) if place[seat] == 0} == set(ended.winners)
        out = [e.player for e in match.events if isinstance(e, Eliminated)]
        for earlier, later in itertools.pairwise(out):
            assert place[later] <= place[earlier]  # out later: as good or better (the same hand: a tie)
        if name == "handeln":  # nobody goes out: fewer minus points first
            by_points = sorted(range(4), key=lambda seat: ended.standings[seat])
            assert [place[seat] for seat in by_points] == sorted(place)


def test_a_match_not_over_has_no_order() -> None:
    match = Match(ruleset("commerce"), [Player("A"), Player("B"), Player("C")], seed=1)
    assert places(match.events, 3, match.rules.counter) is None


# ----- who is rated, and how -----

def with_people(name: str, seed: int, people: dict[int, str]) -> tuple[Match, list[str | None]]:
    """A finished match of computer players, with persons named in some seats (as a table's seating says)."""
    match = finished(name, seed)
    match.players = [Player(people[seat], PlayerKind.human()) if seat in people else player
                     for seat, player in enumerate(match.players)]
    return match, [people.get(seat) for seat in range(len(match.players))]


def decisions(match: Match, seat: int) -> int:
    return sum(1 for e in match.events if isinstance(e, Move) and e.decided and e.actor == seat)


def test_persons_are_ranked_among_themselves_and_computer_players_do_not_count() -> None:
    match, seating = with_people("commerce", 3, {0: "Ada", 2: "Bo"})
    engine = places(match.events, 4, match.rules.counter)
    assert engine is not None
    outcome = rated("t/1", match, seating, [0] * 4)
    assert outcome is not None and outcome.key == "t/1" and outcome.ruleset == "commerce"
    ada, bo = outcome.places["Ada"], outcome.places["Bo"]
    assert sorted({ada, bo}) == list(range(len({ada, bo})))  # only the persons' places, from 0
    assert (ada < bo) == (engine[0] < engine[2]) and (ada == bo) == (engine[0] == engine[2])
    assert rated("t/1", *with_people("commerce", 3, {1: "Cy"}), [0] * 4) is None  # one person: not rated


def test_a_seat_the_computer_played_most_of_the_time_finishes_last_and_nobody_playing_is_not_rated() -> None:
    match, seating = with_people("commerce", 3, {0: "Ada", 1: "Bo", 2: "Cy"})
    engine = places(match.events, 4, match.rules.counter)
    assert engine is not None
    best = min(range(3), key=lambda seat: engine[seat])  # the best of the persons, played by the computer
    computer = [0] * 4
    computer[best] = decisions(match, best) // 2 + 1  # more than half of the seat's decisions
    outcome = rated("t/2", match, seating, computer)
    assert outcome is not None
    name = str(seating[best])
    assert outcome.places[name] > max(place for other, place in outcome.places.items() if other != name)
    computer[best] = decisions(match, best) // 2  # half: the person's own
    assert rated("t/2", match, seating, computer).places[name] == 0  # type: ignore[union-attr]
    everyone = [decisions(match, seat) for seat in range(4)]
    assert rated("t/2", match, seating, everyone) is None


def test_the_update_moves_the_first_up_and_the_last_down_and_a_tie_alike() -> None:
    (first_mu, first_sigma), (last_mu, last_sigma) = updated([None, None], [0, 1])
    assert first_mu > START[0] > last_mu and first_sigma < START[1] and last_sigma < START[1]
    tied = updated([None, None], [0, 0])
    assert tied[0] == tied[1]
    again = updated([(first_mu, first_sigma), (last_mu, last_sigma)], [0, 1])
    assert again[0][0] > first_mu and again[0][1] < first_sigma  # surer each time
    assert ordinal(*START) == 0 and shown(*START) == "0.0" and shown(20.0, 8.0) == "0.0"  # never below 0


def test_a_match_is_counted_once_under_its_key(tmp_path: Path) -> None:
    store = Store(tmp_path / "server.db")
    try:
        ratings = store.ratings
        assert ratings.count("t/1", "commerce", {"Ada": 0, "Bo": 1}, updated).result(10)
        before = ratings.of("ada")
        assert not ratings.count("t/1", "commerce", {"Ada": 0, "Bo": 1}, updated).result(10)  # again: nothing
        assert not ratings.count("t/1", "commerce", {"Ada": 1, "Bo": 0}, updated).result(10)
        assert ratings.of("ADA") == before and before[0].matches == 1 and ratings.counted("t/1")
        assert ratings.count("t/2", "commerce", {"Bo": 0, "Cy": 1}, updated).result(10)
        assert [(r.name, r.matches) for r in ratings.of("Bo")] == [("Bo", 2)]
        assert ratings.top("commerce", 10)[0].name == "Ada"
        assert [r.name for r in ratings.top("commerce", 2)] == ["Ada", "Bo"]  # at most the limit
        assert ratings.top("handeln", 10) == []
    finally:
        store.close()


def test_the_computers_decisions_for_a_person_are_saved_with_each_move_and_back_after_a_restart(
        tmp_path: Path) -> None:
    """What the stand-in rule counts survives a kill: each save's mark carries it, from the first decision the
    computer made for a person on (a mark before that is as it always was)."""
    async def main() -> None:
        filer, desk, _hall = filer_at(tmp_path)
        match = desk.match
        assert match is not None
        filer.begin()
        async with desk.lock:
            await filer.save_then_tell()
        filer.computer_decides(2)
        move(match)
        async with desk.lock:
            await filer.save_then_tell()
        marks = [json.loads(line)["save"] for line in filer.path.read_text(encoding="utf-8").splitlines()
                 if line.startswith('{"save"')]
        assert "computer" not in marks[0] and marks[-1]["computer"] == [0, 0, 1]
        again, _desk, _hall = filer_at(tmp_path)
        assert again.restore() is not None and again.computer == [0, 0, 1]

    run_virtual(main())


# ----- the commands, and a restart -----

def over(client: object) -> bool:
    text = getattr(client, "text", "")
    return "wins the match" in text or "You win the match" in text or "share the win" in text


def a_match(harness: Harness, name: str = "Rank") -> tuple[object, object]:
    """Ada and Bo play a short match of Commerce with two computer players, passing."""
    ada, bo = harness.person("Ada"), harness.person("Bo")
    table(ada, f"commerce name={name} seats=4 bots=easy chips=1", bo)
    ada.send("start")
    play([ada, bo], lambda: over(ada))
    return ada, bo


def rated_matches(harness: Harness) -> int:
    return int(harness.server.store.core.read_one("select count(*) from rated_matches")[0])


def until(harness: Harness, holds: Callable[[], bool]) -> bool:
    """Let the server's filing go on (a few virtual seconds at most, its writes waited for) until ``holds()``."""
    for _step in range(100):
        if holds():
            return True
        harness.advance(0.05)
    return holds()


def test_rating_and_top_after_a_match_of_two_persons(harness: Harness) -> None:
    ada, bo = a_match(harness)
    assert until(harness, lambda: rated_matches(harness) == 1)
    ada.send("rating")
    ada.expect(r"Commerce: \d+\.\d, 1 match\.")
    ada.send("top commerce")
    ada.expect(r"1\. (Ada|Bo), \d+\.\d, 1 match\.")
    ada.expect(r"2\. (Ada|Bo), \d+\.\d, 1 match\.")
    for line, heard in (("top", "Which ruleset? For example: top commerce"),
                        ("top poker", "There is no ruleset poker. Rulesets: commerce, braillespiel"),
                        ("top Handeln", "Nobody has a rating in Handeln yet.")):
        ada.send(line)
        ada.expect(heard.replace("?", r"\?").replace(".", r"\."))
    cy = harness.person("Cy")
    cy.send("rating")
    cy.expect(r"You have no rating yet\. A match with another person at the table begins it\.")
    bo.send("leave")
    bo.expect("You are in the lobby.")
    bo.send("language de")
    bo.expect("Sprache")
    bo.send("rating")  # the decimal sign of the person's language
    bo.expect(r"Commerce: \d+,\d, 1 .*\.")
    assert [entry for entry in harness.log if "rated commerce" in entry]
    assert not [entry for entry in harness.log if entry.startswith("error")]


def test_a_person_who_left_the_match_at_once_finishes_last(harness: Harness) -> None:
    ada, bo = harness.person("Ada"), harness.person("Bo")
    table(ada, "commerce name=Left seats=3 bots=easy chips=2", bo)
    ada.send("start")
    bo.expect("Hand 1")
    bo.send("leave")  # the computer plays the rest of Bo's match
    bo.expect("You are in the lobby.")
    play([ada], lambda: over(ada))
    assert until(harness, lambda: rated_matches(harness) == 1)
    (ada_rating,), (bo_rating,) = harness.server.store.ratings.of("Ada"), harness.server.store.ratings.of("Bo")
    assert ada_rating.mu > START[0] > bo_rating.mu  # whatever the computer reached for Bo


def test_a_finished_match_filed_again_after_a_restart_is_counted_once(harness: Harness,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The server stops between the match's last save and its rating (the store cannot write it: the save stays),
    and again after the rating but before the save went: each start files the match again, under the same key (its
    last save's identity), and it is counted once."""
    ratings = harness.server.store.ratings

    def full_disk(*args: object) -> object:
        import sqlite3
        from concurrent.futures import Future

        failed: Future[bool] = Future()
        failed.set_exception(sqlite3.OperationalError("database or disk is full"))
        return failed

    monkeypatch.setattr(ratings, "count", full_disk)
    ada, _bo = a_match(harness, "Again")
    assert until(harness, lambda: any("rating not counted; the save stays" in e for e in harness.log))
    assert rated_matches(harness) == 0
    monkeypatch.setattr(TableSaves, "remove", lambda self: None)  # the next start stops before the save goes
    harness.restart()
    assert until(harness, lambda: rated_matches(harness) == 1)
    harness.restart()  # the save is still there: the match is filed once more, and counted no more
    assert until(harness, lambda: sum(entry.endswith("match over") for entry in harness.log) == 3)
    harness.settle()
    assert rated_matches(harness) == 1 and sum("rated commerce" in entry for entry in harness.log) == 1
    assert [r.matches for r in harness.server.store.ratings.of("Ada")] == [1]
    assert ada is not None


# ----- a real process killed in the middle of a rating -----

KILLED = """
import sys, time
from pathlib import Path
from commerce_a11y.server.db.store import Store
from commerce_a11y.server.skill import updated

path, started, stage = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
store = Store(path)
store.ratings.count("t/first", "commerce", {"Ada": 0, "Bo": 1}, updated).result(10)

def slow(before, ranks):
    after = updated(before, ranks)
    started.write_text("in the transaction")
    time.sleep(120)
    return after

if stage == "during":
    store.ratings.count("t/second", "commerce", {"Ada": 1, "Bo": 0}, slow).result(200)
else:
    store.ratings.count("t/second", "commerce", {"Ada": 1, "Bo": 0}, updated).result(10)
    started.write_text("committed")
    time.sleep(120)
"""


@pytest.mark.e2e
@pytest.mark.parametrize("stage", ["during", "after"])
def test_a_process_killed_in_a_rating_counts_the_match_once(tmp_path: Path, stage: str) -> None:
    """SIGKILL inside the rating's transaction (its update computed, nothing committed) or just after its commit:
    the store opened again has every match counted before, the killed one counted (after) or not (during), and
    counting it again (as a restart files it again) makes it counted exactly once."""
    path, started = tmp_path / "server.db", tmp_path / "started"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-c", KILLED, str(path), str(started), stage], env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while not started.exists():
            assert process.poll() is None, "the script ended before its rating"
            assert time.monotonic() < deadline
            time.sleep(0.02)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.kill()
        process.wait(10)
    store = Store(path)
    try:
        ratings = store.ratings
        assert ratings.counted("t/first")
        assert ratings.counted("t/second") == (stage == "after")
        assert [r.matches for r in ratings.of("Ada")] == [1 if stage == "during" else 2]
        assert ratings.count("t/second", "commerce", {"Ada": 1, "Bo": 0}, updated).result(10) == (stage == "during")
        assert not ratings.count("t/second", "commerce", {"Ada": 1, "Bo": 0}, updated).result(10)
        assert [r.matches for r in ratings.of("Bo")] == [2]
        assert store.core.read_one("select count(*) from rated_matches")[0] == 2
    finally:
        store.close()
