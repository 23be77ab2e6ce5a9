"""Issue 37, part 4: the people coming and going are a part the table holds (``presence.Presence``), which changes
the table's seats (``Seats``) and asks the match's half of the table only what ``Turns`` names. Driven here alone:
real seats with a fake server, a fake match's half that notes what it is asked, no table and no sockets."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from engine_helpers import new_match
from table_harness import run_virtual
from table_helpers import Person

from commerce_a11y.rules import ruleset
from commerce_a11y.server.presence import Presence
from commerce_a11y.server.seat import Listener
from commerce_a11y.server.seats import Seats, TableState


class Index:
    """The store's table index (``db/table_index.py``): every write done at once."""

    def save(self, ident: str, name: str, spec: dict[str, Any]) -> Future[Any]:
        done: Future[Any] = Future()
        done.set_result(None)
        return done


class Store:
    def __init__(self) -> None:
        self.index = Index()


class Hall:
    def __init__(self, data: Path) -> None:
        self.data = data
        self.store = Store()
        self.logged: list[str] = []

    def clock(self) -> float:
        return 0.0

    def log(self, text: str) -> None:
        self.logged.append(text)


class Turns:
    """The match's half of a table, noting what the people's comings and goings ask of it."""

    def __init__(self) -> None:
        self.told = 0
        self.asked: list[str] = []

    def ask(self, seat: int) -> None:
        self.asked.append(f"ask {seat}")

    def schedule(self) -> None:
        self.asked.append("schedule")

    def status_to(self, session: Any) -> None:
        self.asked.append(f"status {session.account}")


def seats_at(tmp_path: Path, grace: int = 90) -> tuple[Seats, Presence, Turns]:
    seats = Seats(Hall(tmp_path), "t1", "Alone", ruleset("commerce"), 3, "easy", "Ada",  # type: ignore[arg-type]
                  grace=grace)
    turns = Turns()
    return seats, Presence(seats, turns), turns


def playing(seats: Seats) -> None:
    """A match on at the seats: each seated account hears it from its seat."""
    seats.match = new_match()
    for seat, account in enumerate(seats.seating):
        if account is not None:
            seats.listeners[seat] = Listener.create(seats.match, seat, "en", "normal", "names", account)


def test_a_seat_taken_and_left_before_the_match_is_free_again_and_asks_nothing_of_the_match(tmp_path: Path) -> None:
    seats, presence, turns = seats_at(tmp_path)
    ada, bo = Person("Ada"), Person("Bo")
    assert presence.sit(ada) == 0 and presence.sit(bo) == 1  # type: ignore[arg-type]
    presence.stand_up(ada)  # type: ignore[arg-type]
    assert seats.seating == [None, "Bo", None] and seats.host == "Bo" and not turns.asked
    assert "You are now the host: you can start the match and set the table's options." in bo.heard


def test_a_dropped_connection_waits_the_grace_period_then_the_computer_plays_and_the_match_is_asked_to_go_on(
        tmp_path: Path) -> None:
    async def main() -> None:
        seats, presence, turns = seats_at(tmp_path, grace=30)
        ada, bo = Person("Ada"), Person("Bo")
        presence.sit(ada)  # type: ignore[arg-type]
        presence.sit(bo)  # type: ignore[arg-type]
        playing(seats)
        assert seats.state == TableState.PLAYING
        presence.gone(bo)  # type: ignore[arg-type]
        assert 1 in seats.timers and not seats.standin and not turns.asked
        await asyncio.sleep(29)
        assert not seats.standin
        await asyncio.sleep(2)
        assert seats.standin == {1} and turns.asked == ["schedule"]
        assert "The computer plays for Bo until Bo is back." in ada.heard
        presence.back(bo)  # type: ignore[arg-type]
        assert not seats.standin and seats.present[1] is bo
        assert turns.asked[1] == "status Bo" and turns.asked[-1] == "schedule"

    run_virtual(main())


def test_a_spectator_hears_what_was_told_as_past_and_gets_the_status(tmp_path: Path) -> None:
    seats, presence, turns = seats_at(tmp_path)
    presence.sit(Person("Ada"))  # type: ignore[arg-type]
    playing(seats)
    assert seats.match is not None
    turns.told = 2
    cy = Person("Cy")
    presence.watch(cy)  # type: ignore[arg-type]
    listener = seats.spectators[cy]  # type: ignore[index]
    assert listener is not None and len(listener.hearing.seen) == 2
    assert turns.asked == ["status Cy"]
