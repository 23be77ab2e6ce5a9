"""The match record (docs/record.md): written from the events, read back by replaying it into the engine.

Replaying is the one way a record is read, so a record is only ever accepted if the rules would have produced it:
its action lines are applied as actions (a refused action refuses the record) and every other line must equal
what the engine itself produced from the seed. Since format 3 every decline (``Done``: ``Keep``, ``Wait``,
``EndTurn``) has its line (``done``, or ``keep`` for the dealer's); a record that leaves one out (every record before
format 3) has it inferred when the next line is not the offered call, exchange or further swap.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from ..cards import parse_card, parse_cards
from ..cleaning import clean, clean_name, load_json
from .actions import Accept, Action, Decline, ExchangeAll, Fire, Knock, Offer, Pass, Pounce, Swap, Trade
from .chance import SEEDED, chance_from_record
from .errors import N_, IllegalAction, NewerRecordError, OptionError, RecordError
from .events import (
    ACTION_KINDS,
    Anted,
    Dealt,
    Eliminated,
    Event,
    Fired,
    FirstDealerDrawn,
    Kept,
    MatchEnded,
    MatchStarted,
    Player,
    PlayerKind,
    Showdown,
    Waived,
)
from .match import Match, Phase
from .rulesets import ruleset

RECORD_FORMAT = 4
"""The newest format this version writes and reads, as ``format`` on the match line (an extra field docs/record.md
allows). A reader refuses a record of a newer format rather than misread it; a record without the field (written by
hand from docs/record.md, or before the field existed) is read as format 1.

Format 2 added the ``keep`` line (H1: Handeln's dealer keeps the hand dealt), which format 1 left out; format 3 the
``done`` line (every other decline: C3, H4, T2) and the keyed chance (``chance``, the key as ``seed``); format 4 the
final round (B12), which ends a match that earlier formats played on. Older records are still read, a keep or a
decline they leave out implied as before (``IMPLIED_EVENTS``), and without the final round. A record is written in a
newer format only where its match may need it (``record_format``): every other record is what format 2 wrote, byte
for byte, and a reader of format 2 reads it."""
PLAIN_FORMAT = 2
"""The format of a record that needs nothing format 3 added."""
DECLINES_FORMAT = 3
"""The format of the ``done`` line and the keyed chance."""
FINAL_ROUND_FORMAT = 4
"""The format from which a match has its final round (B12): an older record is replayed without it."""
IMPLIED_EVENTS: frozenset[type[Event]] = frozenset({Kept, Waived})
"""Events the engine makes that an older record may leave out: the reader supplies them where a line lacks them."""
OPTIONAL_FIELDS: dict[type[Event], frozenset[str]] = {
    FirstDealerDrawn: frozenset({"redraws"}),
    Dealt: frozenset({"cut", "cut_by"}),
    Anted: frozenset({"totals"}),
    Fired: frozenset({"kind"}),
    Showdown: frozenset({"void", "stalemate"}),
    MatchEnded: frozenset({"losers", "final_round"}),
    Eliminated: frozenset({"final_round"}),
}
"""Fields (record keys) our engine writes beyond docs/record.md's required ones, per event: compared only when a
record has them.

Per event, because a field that is extra on one event is required on another (docs/record.md: ``chips`` needs
``totals``, a worst-loses ``showdown`` needs ``losers``), and a record missing a required field is refused."""


def record_lines(events: Iterable[Event]) -> Iterator[str]:
    """One JSON line per event, without the newline."""
    for event in events:
        obj = event.to_record()
        if isinstance(event, MatchStarted):
            obj = {"event": event.kind, "format": record_format(event), **obj}
        yield json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def record_format(head: MatchStarted) -> int:
    """The format a match's record is written in, decided by its match line, since a record only grows: format 4
    where the final round may end it (B12: rules that have it, a person and a computer player at the table, and a
    match not replayed from an earlier format, which was played without it); format 3 where the match may need
    that (a keyed chance; rules in which a player declines more than the dealer's exchange, so that ``done`` lines
    may come); else format 2, as earlier versions wrote it."""
    if head.final_round:
        return FINAL_ROUND_FORMAT
    if head.chance != SEEDED or ruleset(head.ruleset, **head.options).declines:
        return DECLINES_FORMAT
    return PLAIN_FORMAT


def write_record(events: Iterable[Event], out: IO[str]) -> None:
    """Write events as JSON Lines to a text stream."""
    for line in record_lines(events):
        out.write(line + "\n")


def parse_lines(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The record's objects (blank lines skipped); ``RecordError`` names the first line that is not an event."""
    objects = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = load_json(line)  # never deeper than the game's own records, never a number too long to read
        except ValueError:
            raise RecordError(N_("Line {line} of the record is not JSON."), line=number) from None
        if not isinstance(obj, dict) or not isinstance(obj.get("event"), str):
            raise RecordError(N_("Line {line} of the record is not an event."), line=number)
        obj["_line"] = number
        objects.append(obj)
    return objects


def _action(obj: dict[str, Any], phase: Phase) -> Action:
    """The action a decision line records; ``keep`` and ``done`` are the decline the decision offers
    (``Phase.done``)."""
    kind = obj["event"]
    if kind == "swap":
        return Swap(parse_cards(obj["gave"]), parse_cards(obj["took"]))
    if kind == "trade":
        return Trade(parse_card(obj["gave"]))
    if kind == "offer":
        return Offer(parse_card(obj["card"]))
    if kind == "barter":
        return Accept(parse_card(obj["took"]))  # X4: the neighbour's answer, giving ``took``
    actions: dict[str, Action] = {"pass": Pass(), "knock": Knock(), "fire": Fire(), "pounce": Pounce(),
                                  "exchange_all": ExchangeAll(), "keep": phase.done, "done": phase.done,
                                  "decline": Decline()}
    return actions[kind]


def _actor(obj: dict[str, Any]) -> object:
    """The seat whose decision an action line records: its ``player``, but for a ``barter`` the neighbour who
    accepted (``to``)."""
    return obj.get("to") if obj["event"] == "barter" else obj.get("player")


def replay(lines: Iterable[str], observe: Callable[[Match], None] | None = None) -> Match:
    """The match a record describes, replayed through the rules up to its last line.

    Raises ``RecordError`` (with the line number) for a record that cannot be read or that breaks a rule.
    A record may stop before the match ends (a match in progress); the returned match then waits where it stopped.
    ``observe`` is called with the match once it is dealt and after every action (a replay narrates from it).
    """
    objects = parse_lines(lines)
    if not objects or objects[0]["event"] != "match":
        raise RecordError(N_("A record begins with its match line."), line=objects[0]["_line"] if objects else 1)
    head = objects[0]
    found = check_format(head)
    try:
        rules = ruleset(str(head["ruleset"]), **dict(head.get("options") or {}))
        # Names may come from someone else's record: cleaned where they are read, like a typed name.
        players = [Player(clean_name(p["name"]), PlayerKind(clean(str(p.get("kind", PlayerKind.human())), 40)))
                   for p in head["players"]]
        match = Match(rules, players, chance_from_record(head.get("chance", SEEDED), head["seed"]),
                      final_round=found >= FINAL_ROUND_FORMAT)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, OptionError):
            raise RecordError(N_("Line {line} of the record: {reason}"), line=head["_line"], reason=str(exc)) from None
        raise RecordError(N_("Line {line} of the record is not a valid match line."), line=head["_line"]) from None
    if observe is not None:
        observe(match)
    produced = 0
    for obj in objects:
        number = obj["_line"]
        while True:
            while produced >= len(match.events):
                _feed(match, obj, number)
                if observe is not None:
                    observe(match)
            event = match.events[produced]
            produced += 1
            if not (type(event) in IMPLIED_EVENTS and obj["event"] != event.kind):
                break
        _compare(obj, event, number)
    return match


def check_format(head: dict[str, Any]) -> int:
    """A match line's format; refuses one of a newer format (``NewerRecordError``) or one that is not a number."""
    found = head.get("format", 1)
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise RecordError(N_("Line {line} of the record is not a valid match line."), line=head.get("_line", 1))
    if found > RECORD_FORMAT:
        raise NewerRecordError(N_("The record comes from a newer version of the game (format {found}; this version "
                                  "reads format {known})."), line=head.get("_line", 1), found=found,
                               known=RECORD_FORMAT)
    return found


def _feed(match: Match, obj: dict[str, Any], number: int) -> None:
    """Apply the action a line records (or the decline the line implies before it)."""
    seat = match.to_act
    if seat is None:  # the match is over: nobody is to act
        raise RecordError(N_("Line {line} of the record comes after the match end."), line=number)
    if obj["event"] in ACTION_KINDS and _actor(obj) == seat:
        try:
            action = _action(obj, match.phase)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError(N_("Line {line} of the record is not a valid {event} line."), line=number,
                              event=obj["event"]) from None
        try:
            match.apply(seat, action)
            return
        except IllegalAction as exc:
            if match.phase.done not in match.legal_actions():
                raise RecordError(N_("Line {line} of the record breaks a rule: {reason}"), line=number,
                                  reason=exc) from None
    if match.phase.done in match.legal_actions():
        match.apply(seat, match.phase.done)
        return
    raise RecordError(N_("Line {line} of the record has a {event} line, but player {seat} was to act."),
                      line=number, event=obj["event"], seat=seat + 1)


def _compare(obj: dict[str, Any], event: Event, number: int) -> None:
    expected = event.to_record()
    if isinstance(event, MatchStarted):
        # The match was built from this very line: options left at their defaults and a player's missing kind
        # were filled in by the rules, so the line need not spell them out.
        expected = {"event": "match", "ruleset": expected["ruleset"], "seed": expected["seed"]}
    for key, value in expected.items():
        if key in OPTIONAL_FIELDS.get(type(event), ()) and key not in obj:
            continue
        if obj.get(key) != value:
            raise RecordError(
                N_("Line {line} of the record breaks a rule: {field} should be {expected}, not {found}."),
                line=number, field=key, expected=json.dumps(value), found=json.dumps(obj.get(key)),
            )
