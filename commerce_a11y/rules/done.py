"""Declining what a decision offers, in its three meanings, each an action of its own (``Done`` is their union).

The dealer keeping the hand, a call not made and a turn ended are different decisions, heard and recorded
differently (``Kept``, ``Waived``), so each is its own action and the rules, the record and the computer players say
which one they mean. A declined offer in tauschen (X4) is none of them: it is the answer ``Decline``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


class _Declining:
    """What the three declines share: a player types one word for all three ("done"; the front ends show it as
    "keep" and "wait" where those fit), so their ``kind`` is the same."""

    __slots__ = ()
    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Keep(_Declining):
    """H1, S2: the dealer keeps the hand dealt instead of exchanging it (in schwimmen the middle is turned face up);
    the table hears it as the event ``Kept``, the record's ``keep``."""


@dataclass(frozen=True, slots=True)
class Wait(_Declining):
    """H4, T2: a player who may call right after the deal does not; the event ``Waived``, the record's ``done``."""


@dataclass(frozen=True, slots=True)
class EndTurn(_Declining):
    """C3: a player ends a turn after its swaps while another swap (or, H4 and T2, a call) is still allowed; the
    event ``Waived``, the record's ``done``."""


Done = Keep | Wait | EndTurn
"""Declining what is offered, in its three meanings; ``Phase.done`` gives the one a decision offers. The record
writes a decline the table heard (a reader infers those an older record leaves out)."""
