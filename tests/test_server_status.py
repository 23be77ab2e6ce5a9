"""Issue 18: GMCP ``Commerce.Status`` as each listener gets it: a seat's own cards and nobody else's, the public
status for a spectator, and (S2) no card of a widow that lies face down."""

from __future__ import annotations

from types import SimpleNamespace

from engine_helpers import play_out

from commerce_a11y.bots import make_bot
from commerce_a11y.rules import Keep, Match, Phase, Player, ruleset
from commerce_a11y.server.status import public_status, seat_status, status


def table_of(match: Match) -> SimpleNamespace:
    return SimpleNamespace(name="Abend", match=match, seating=["Ada", "Bo", None, None][:len(match.players)])


def players(n: int) -> list[Player]:
    return [Player(name) for name in ("Ada", "Bo", "Cy", "Di")[:n]]


def test_each_seat_gets_its_own_cards_and_is_you_once() -> None:
    match = Match(ruleset("commerce"), players(4), 7)
    table = table_of(match)
    public = public_status(table)
    assert public["cards"] == [] and not any(p["you"] for p in public["players"]) and public["yours"] is False
    assert public["widow"] == [c.code for c in match.widow]
    assert [p["computer"] for p in public["players"]] == [False, False, True, True]
    for seat in range(4):
        mine = seat_status(table, public, seat)
        assert mine["cards"] == [c.code for c in match.hands[seat]]
        assert [p["you"] for p in mine["players"]] == [s == seat for s in range(4)]
        assert mine["yours"] == (match.to_act == seat)
        same = {k: v for k, v in mine.items() if k not in ("cards", "players", "yours")}
        assert same == {k: v for k, v in public.items() if k not in ("cards", "players", "yours")}
        assert mine == status(table, seat)
    assert public == status(table, None)
    assert not any(p["you"] for p in public["players"])  # a seat's status is a copy: the public one is unchanged


def test_a_face_down_widow_is_in_nobodys_status_until_it_is_turned_up() -> None:
    """S2: in Schwimmen the middle lies face down until the dealer keeps or exchanges."""
    match = Match(ruleset("schwimmen"), players(3), 3)
    table = table_of(match)
    assert match.phase is Phase.EXCHANGE and match.face_down
    for seat in (None, 0, 1, 2):
        assert status(table, seat)["widow"] == []
    dealer = match.to_act
    assert dealer is not None
    match.apply(dealer, Keep())  # the dealer keeps: the middle is turned face up
    assert not match.face_down
    assert status(table, None)["widow"] == [c.code for c in match.widow] != []


def test_status_follows_a_whole_match() -> None:
    match = Match(ruleset("thirty-one"), players(3), 11)
    table = table_of(match)
    play_out(match, [make_bot("basic", seat) for seat in range(3)])
    final = status(table, 0)
    assert final["over"] and final["turn"] is None and final["yours"] is False
    assert final["position"] == len(match.events)
