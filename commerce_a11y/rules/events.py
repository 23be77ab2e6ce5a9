"""Events: what happened, in the shape of the match record (docs/record.md), with cards as ``Card`` values.

One event type with a ``kind`` and its fields keeps the engine, the record and the narrator on one vocabulary:
an event becomes a record line by turning cards into codes and seat keys into strings, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card

EVENT_KINDS = (
    "match", "first_dealer", "deal", "ante", "exchange_all", "keep", "swap", "pass", "knock", "fire", "pounce",
    "showdown", "chips", "eliminated", "match_end",
)
ACTION_KINDS = ("exchange_all", "keep", "swap", "pass", "knock", "fire", "pounce")
"""Events that record a seat's decision; every other event follows from the rules and the seed."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``fields`` is never changed after the event is made."""

    kind: str
    fields: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    @property
    def player(self) -> int | None:
        """The seat that acted, for action events and eliminations."""
        return self.fields.get("player")

    def visible_to(self, seat: int) -> Event:
        """The event as one seat may know it (G7): of a deal, only the seat's own hand."""
        if self.kind != "deal":
            return self
        fields = dict(self.fields)
        fields["hands"] = {s: h for s, h in self.fields["hands"].items() if s == seat}
        return Event(self.kind, fields)

    def to_record(self) -> dict[str, Any]:
        """The record line's object: codes for cards, strings for seat keys."""
        return {"event": self.kind, **{k: _jsonable(v) for k, v in self.fields.items()}}


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
