"""GMCP ``Commerce.Status``: the table as data, for clients that show it on a braille line or play sounds.

Sent after every change a listener hears, never instead of a spoken line. Cards are the match record's codes
("QH", "10C", "AS": rank then suit letter), the same in every language; a spectator's ``hand`` is always empty. The
fields (README "Playing together" lists them for client authors):

``table`` name; ``ruleset``; ``hand`` the hand's number; ``cards`` your cards; ``widow`` (empty while it lies face
down, S2, and in tauschen, X1); ``counter`` what the counts count (chips, lives, marks, minus_points); ``players`` in
seat order, each ``name``, ``count``, ``out``, ``you``, ``dealer``, ``computer``; ``pot``; ``turn`` the name of the
player to act (null when the match is over; while an offer waits, X4, the neighbour who answers it); ``yours``
whether that is you; ``phase`` (turn, continue, exchange, call, answer, over); ``last_round``; ``knocker`` (the name,
or null); ``over``; ``position`` how many events the match has had (it grows with every change, so a client can tell
a new status from a repeated one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules import SeatView

if TYPE_CHECKING:
    from .table import Table


def status(table: Table, view: SeatView | None) -> dict[str, Any]:
    """The status for one seat's view, or the public one (``view`` None)."""
    match = table.match
    assert match is not None
    you = view.seat if view is not None else -1
    players = [{"name": p.name, "count": match.counts[s], "out": match.out[s], "you": s == you,
                "dealer": s == match.dealer, "computer": table.seating[s] is None if s < len(table.seating) else True}
               for s, p in enumerate(match.players)]
    to_act = match.to_act
    return {
        "table": table.name,
        "ruleset": match.rules.name,
        "hand": match.hand_no,
        "cards": [c.code for c in view.hand] if view is not None else [],
        "widow": [] if match.face_down else [c.code for c in match.widow],  # S2: face down, nobody sees it
        "counter": match.rules.counter,
        "players": players,
        "pot": match.pot,
        "turn": match.players[to_act].name if to_act is not None else None,
        "yours": to_act is not None and to_act == you,
        "phase": match.phase.value,
        "last_round": match.last_round is not None,
        "knocker": match.players[match.knocker].name if match.knocker is not None else None,
        "over": match.over,
        "position": len(match.events),
    }
