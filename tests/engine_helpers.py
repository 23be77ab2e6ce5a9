"""Helpers shared by the engine tests: building matches, laying positions, playing actions, snapshotting state.

How positions are set up: a seeded ``Match`` deals its first hand inside the constructor. Where a rule needs a
particular situation, a test lays it right after construction (before any action) by setting the match's public
mutable attributes: ``hands``, ``widow``, ``stock``, ``counts``, and, where it matters, ``turn_widow`` (the widow a
turn began with), ``calls``, ``phase`` and ``to_act``. ``lay`` keeps every card of the deck exactly once, so a
laid position is one the deal could have produced.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from collections.abc import Iterable
from typing import Any, TypeVar

import pytest

from commerce_a11y.bots import MAX_OWN_TURNS, Bot
from commerce_a11y.cards import Card, parse_cards
from commerce_a11y.rules import Action, Event, IllegalAction, Match, Phase, Player, ruleset

E = TypeVar("E")


def new_match(name: str = "commerce", n: int = 3, seed: int = 1, **options: Any) -> Match:
    return Match(ruleset(name, **options), [Player(f"P{i}") for i in range(n)], seed=seed)


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def lay(match: Match, hands: dict[int, str] | list[str], widow: str, stock: str = "") -> None:
    """Lay a position: each seat's hand (a dict by seat, or a list in turn order from eldest), the widow, and the
    first cards of the stock; the rest of the deck follows in the stock. Must cover every seat in the hand."""
    if isinstance(hands, list):
        hands = dict(zip(match.order, hands, strict=True))
    assert set(hands) == set(match.order), "lay every seat of the hand"
    used: list[Card] = []
    for seat, text in hands.items():
        match.hands[seat] = cards(text)
        used += match.hands[seat]
    match.widow = cards(widow)
    front = cards(stock)
    used += match.widow + front
    assert len(used) == len(set(used)), "a card laid twice"
    deck = match.rules.deck(len(match.players))
    assert set(used) <= set(deck), "a card outside this ruleset's deck"
    match.stock = front + [c for c in deck if c not in used]
    match.turn_widow = tuple(match.widow)


def offer_calls_again(match: Match) -> None:
    """After laying hands in Thirty-One, ask the right-after-the-deal calls (T2) for the laid hands."""
    fire = match.rules.fire_value
    assert fire is not None
    match.calls = [s for s in match.order if match.value(s) >= fire]
    if match.calls:
        match.phase, match.to_act = Phase.CALL, match.calls[0]
    else:
        match.phase, match.to_act = Phase.TURN, match.order[0]
        match.turn_widow = tuple(match.widow)


def deal_laid(match: Match) -> list[Event]:
    """After laying a schwimmen deal: what the deal itself does with the laid hands (S2): the middle face down, the
    shows of 31 and three Aces (S6, S7) and, without one, the dealer's choice. The events it caused."""
    assert match.hand_no == 1 and match.phase is Phase.EXCHANGE, "a seed whose first deal had no show"
    start = len(match.events)
    match.face_down = True
    if not match._show(match.order):
        match.phase, match.to_act = Phase.EXCHANGE, match.dealer
    return match.events[start:]


def play(match: Match, *actions: Action) -> list[Event]:
    """Apply actions, each for the seat to act; all the events they caused."""
    events: list[Event] = []
    for action in actions:
        assert match.to_act is not None, "the match is over"
        events += match.apply(match.to_act, action)
    return events


def kinds(events: Iterable[Event]) -> list[type[Event]]:
    """The kind of each event, as its class: ``kinds(events) == [Passed, Showdown, Settled]``."""
    return [type(e) for e in events]


def full_state(match: Match) -> dict[str, Any]:
    """Everything a match holds, as comparable values (its random generator by its state)."""
    state = {k: v for k, v in vars(match).items() if k not in ("_rng", "rules")}  # rules: immutable
    state["_rng"] = match._rng.getstate()
    state["legal"] = match.legal_actions()
    state["views"] = [(v.hand, v.widow, v.phase, v.to_act, v.legal, v.history)
                      for v in (match.view(s) for s in range(len(match.players)))]
    return copy.deepcopy(state)


def refused(match: Match, seat: int | None, action: Action, reason: str | None = None) -> IllegalAction:
    """Assert the action is refused with IllegalAction and changes nothing at all; the error."""
    before = full_state(match)
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, action)  # type: ignore[arg-type]
    assert full_state(match) == before
    if reason is not None:
        assert str(info.value) == reason
    return info.value


def one(events: list[Event], kind: type[E]) -> E:
    """The one event of a kind among ``events``."""
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, kinds(events)
    return found[0]


@functools.cache
def field_names(kind: type) -> tuple[str, ...]:
    """An event type's fields (the property tests ask for them a million times)."""
    return tuple(f.name for f in dataclasses.fields(kind))


def named_cards(event: Event) -> set[Card]:
    """Every card an event names, in any field (as a seat was told it, where the event is a seat's view)."""
    found: set[Card] = set()
    for name in field_names(type(event)):
        value = getattr(event, name)
        for item in value.values() if isinstance(value, dict) else [value]:
            if isinstance(item, Card):
                found.add(item)
            elif isinstance(item, tuple):
                found |= {c for c in item if isinstance(c, Card)}
    return found


def play_out(match: Match, bots: list[Bot], limit: int = 20_000) -> Match:
    """Let computer players finish a match: each decision legal, and no seat beyond the bound of its own turns
    (B11, H8, S10, X6)."""
    for _ in range(limit):
        if match.over:
            break
        seat = match.to_act
        assert seat is not None
        view = match.view(seat)
        assert view.own_turns <= MAX_OWN_TURNS + 1
        action = bots[seat].choose(view)
        assert action in view.legal
        match.apply(seat, action)
    assert match.over
    return match
