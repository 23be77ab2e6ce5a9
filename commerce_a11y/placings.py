"""Where each seat finished a match, read from its events: the finishing order that the table server's ratings
(``server/skill.py``) are computed from.

The engine names a match's winners (``MatchEnded``) and says who went out when (``Eliminated``), but keeps no order
of the others: the rules never need one. So it is read here, from the events alone, and the engine stays as it is
(pure, and the same for the local game). The order, best first:

1. the winners (``MatchEnded.winners``): a shared win is a tie;
2. the seats still in the match at its end, by their final count (Braillespiel's marks; in Handeln, where nobody
   goes out, fewer minus points first);
3. the seats that went out, the later the better (out in the same hand is a tie, whatever the count: C15, B1, S9).

Two seats tie where every step above says the same of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import CounterKind, Dealt, Eliminated, Event, MatchEnded


def places(events: Sequence[Event], players: int, counter: CounterKind) -> list[int] | None:
    """Each seat's place in a finished match, 0 for first, seats that tie sharing a place and the next place
    following on (1, 2, 2, 3: dense, as OpenSkill takes ranks); None if the match has not ended."""
    ended = next((e for e in reversed(events) if isinstance(e, MatchEnded)), None)
    if ended is None:
        return None
    hand = 0
    out: dict[int, int] = {}
    """Each seat that went out, with the hand it went out in."""
    for event in events:
        if isinstance(event, Dealt):
            hand += 1
        elif isinstance(event, Eliminated):
            out[event.player] = hand
    lower_is_better = counter is CounterKind.MINUS_POINTS

    def order(seat: int) -> tuple[bool, bool, int, int]:
        count = ended.standings.get(seat, 0)
        return (seat not in ended.winners, seat in out, -out.get(seat, hand), count if lower_is_better else -count)

    keys = [order(seat) for seat in range(players)]
    ranks = {key: rank for rank, key in enumerate(sorted(set(keys)))}
    return [ranks[key] for key in keys]
