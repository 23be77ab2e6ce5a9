"""Finding and opening a record for ``commerce replay``: a file, a number from the list, or the latest kept one."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import click

from ..cleaning import clean_name, load_json
from ..files import FILE_LIMIT, read_limited
from ..i18n import _
from ..invocation import command_line
from ..narration.narrator import ruleset_title
from ..records import kept_records, kept_seat, record_time
from ..rules import Match, RecordError, ruleset
from ..seat.parser import replay_vocabulary
from ..settings import Settings
from .replay import Replay, default_seat, replay_steps
from .session import make_narrator, make_terminal, resolve_settings
from .terminal import NoInput, Terminal, interactive


def choose_record(file: Path | None) -> Path | None:
    """The record to replay: ``file`` if it exists, the Nth newest kept record for a number, else the newest."""
    if file is not None and (file.exists() or not str(file).isdecimal()):
        return file
    kept = kept_records()
    index = int(str(file)) - 1 if file is not None else 0
    return kept[index] if 0 <= index < len(kept) else None


def replay_file(file: Path | None, seat: int | None, whole: bool, flags: Mapping[str, str | None],
                stored: Settings) -> int:
    """Replay a record; 0 after it (or when the listener leaves), 1 for a record that is missing or broken."""
    settings = resolve_settings(flags, stored)
    path = choose_record(file)
    if path is None:
        say([_("There is no kept record of a finished match yet; give a record file.") if file is None else
             _("There is no kept record number {number}. See: {command}").format(
                 number=file, command=command_line("replay --list"))])
        return 1
    try:
        lines = read_limited(path, FILE_LIMIT, regular=path != file).decode("utf-8", errors="replace").splitlines()
    except (OSError, ValueError):  # missing, unreadable, not a file (a pipe would never end), too large
        say([_("Cannot read {path}.").format(path=path)])
        return 1

    kept = kept_seat(path)

    def chosen(match: Match) -> int:
        if seat is None:
            return default_seat(match, kept)
        if seat > len(match.players):
            raise click.BadParameter(_("Choose a seat from 1 to {players}.").format(players=len(match.players)),
                                     param_hint="'--seat'")
        return seat - 1

    try:
        match, listener, steps = replay_steps(lines, chosen)
    except RecordError as error:
        say([_("This record cannot be replayed: {reason}").format(reason=error.sentence(_))])
        return 1
    narrator = make_narrator(match, listener, settings)
    stepping = not whole and interactive()
    terminal = make_terminal(settings, replay_vocabulary) if stepping else Terminal(NoInput())
    listening = Replay(match, listener, steps, narrator, terminal,
                       own=kept if kept is not None and kept < len(match.players) else None)
    if not stepping:
        terminal.say(listening.whole())
        return 0
    return listening.run()


def say(lines: list[str]) -> None:
    Terminal(NoInput()).say(lines)


def list_lines() -> list[str]:
    """One line per kept record, newest first, numbered for ``commerce replay N``."""
    kept = kept_records()
    if not kept:
        return [_("There is no kept record of a finished match yet; give a record file.")]
    return [_describe(number, path) for number, path in enumerate(kept, 1)]


def _describe(number: int, path: Path) -> str:
    """"3. 2026-11-30 14:05: Commerce, you won." from the record's first and last lines, without replaying it."""
    when = record_time(path)
    date = when.strftime("%Y-%m-%d %H:%M") if when else path.name
    try:
        text = read_limited(path, FILE_LIMIT).decode("utf-8")
        lines = [line for line in text.splitlines() if line.strip()]
        head, last = load_json(lines[0]), load_json(lines[-1])
        title = ruleset_title(ruleset(str(head["ruleset"])))
        players = head["players"]
        human = [s for s, p in enumerate(players) if p.get("kind") == "human"]
        winners = [int(w) for w in last["winners"]] if last.get("event") == "match_end" else []
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return _("{number}. {date}: cannot be read.").format(number=number, date=date)
    if not winners:
        return _("{number}. {date}: {ruleset}, not finished.").format(number=number, date=date, ruleset=title)
    if len(human) == 1 and human[0] in winners:
        return _("{number}. {date}: {ruleset}, you won.").format(number=number, date=date, ruleset=title)
    names = ", ".join(clean_name(players[w].get("name", "?")) for w in winners if 0 <= w < len(players))
    return _("{number}. {date}: {ruleset}, won by {names}.").format(number=number, date=date, ruleset=title,
                                                                     names=names)
