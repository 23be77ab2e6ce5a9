"""GMCP ``Commerce.Status``: the table as data, for clients that show it on a braille line or play sounds.

Sent after every change a listener hears, never instead of a spoken line. Cards are the match record's codes
("QH", "10C", "AS": rank then suit letter), the same in every language; a spectator's ``hand`` is always empty. The
fields (docs/hosting.md, "GMCP", lists them for client authors):

``table`` name; ``ruleset``; ``hand`` the hand's number; ``cards`` your cards; ``widow`` (empty while it lies face
down, S2, and in tauschen, X1); ``counter`` what the counts count (chips, lives, marks, minus_points); ``players`` in
seat order, each ``name``, ``count``, ``out``, ``you``, ``dealer``, ``computer``; ``pot``; ``turn`` the name of the
player to act (null when the match is over; while an offer waits, X4, the neighbour who answers it); ``yours``
whether that is you; ``phase`` (turn, continue, exchange, call, answer, over); ``last_round``; ``knocker`` (the name,
or null); ``over``; ``position`` how many events the match has had (it grows with every change, so a client can tell
a new status from a repeated one).
"""

from __future__ import annotations

from typing import Any, Protocol

from ..rules import Eliminated, Event, Knocked, Match, MatchEnded, Showdown


class Table(Protocol):
    """A table as its status is made from: its name, its match and who sits where (None: a computer player)."""

    name: str
    match: Match | None
    seating: list[str | None]


def public_status(table: Table) -> dict[str, Any]:
    """The status everyone may know (a spectator's): no cards, nobody is "you". A seat's is made from it by
    ``seat_status``, so that a change sent to every listener builds what they share once."""
    match = table.match
    assert match is not None
    seating = table.seating
    dealer = match.dealer
    players = [{"name": p.name, "count": match.counts[s], "out": match.out[s], "you": False, "dealer": s == dealer,
                "computer": seating[s] is None if s < len(seating) else True}
               for s, p in enumerate(match.players)]
    to_act = match.to_act
    return {
        "table": table.name,
        "ruleset": match.rules.name,
        "hand": match.hand_no,
        "cards": [],
        "widow": [] if match.face_down else [c.code for c in match.widow],  # S2: a face-down middle is nobody's
        "counter": match.rules.counter,
        "players": players,
        "pot": match.pot,
        "turn": match.players[to_act].name if to_act is not None else None,
        "yours": False,
        "phase": match.phase.value,
        "last_round": match.last_round is not None,
        "knocker": match.players[match.knocker].name if match.knocker is not None else None,
        "over": match.over,
        "position": len(match.events),
    }


def seat_status(table: Table, public: dict[str, Any], seat: int) -> dict[str, Any]:
    """The status of one seat: the public one with the seat's own cards, "you" and whether it is to act."""
    match = table.match
    assert match is not None
    players = list(public["players"])
    players[seat] = {**players[seat], "you": True}
    return {**public, "cards": [c.code for c in match.hands[seat]], "players": players,
            "yours": match.to_act == seat}


def status(table: Table, seat: int | None) -> dict[str, Any]:
    """The status for one seat, or the public one (``seat`` None)."""
    public = public_status(table)
    return public if seat is None else seat_status(table, public, seat)


CUES = ("turn", "knock", "lost", "won", "out", "over")
"""GMCP ``Commerce.Cue``: the moments a soundpack plays a sound for (docs/hosting.md, "Sound cues"): the person's
turn, a knock, a hand lost or won (a chip, a life, a mark paid, a minus point; or the pot), going out, the match's
end. Each comes with ``you``: whether it is the listener's own (someone else's knock, another's loss)."""


def cues(events: list[Event], seat: int) -> list[dict[str, Any]]:
    """The cues ``events`` give a listener in ``seat`` (-1: a spectator), in order; the turn's cue is the table's
    to give, as it asks (``Table.ask``)."""
    found: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, Knocked):
            found.append({"cue": "knock", "you": event.player == seat})
        elif isinstance(event, Showdown):
            if event.losers:
                found.append({"cue": "lost", "you": seat in event.losers})
            if event.winners:
                found.append({"cue": "won", "you": seat in event.winners})
        elif isinstance(event, Eliminated):
            found.append({"cue": "out", "you": event.player == seat})
        elif isinstance(event, MatchEnded):
            found.append({"cue": "over", "you": seat in event.winners})
    return found
