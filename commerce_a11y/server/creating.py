"""Making a table: ``create RULESET name=NAME seats=4 bots=heuristic``, then the ruleset's options and the table's
own (``private=yes``, ``hints=on``, ``timer=60``, ``grace=90``), each checked and refused in one sentence.

A table exists only once a restart will find it: it is written into the index before anyone hears of it.
"""

from __future__ import annotations

import secrets

from ..bots import BOT_KINDS
from ..i18n import N_, _
from ..rules import OptionError, parse_assignments, ruleset
from ..seat.naming import match_title
from .allowances import Work
from .invites import new_code
from .names import table_name_refusal, typed
from .registry import Server
from .session import Session
from .table import Table

SEATS_DEFAULT, LEVEL_DEFAULT = 4, "heuristic"


async def create(server: Server, session: Session, rest: str) -> None:
    """The ``create`` command of ``session``'s person: a table of their making, with them in its first seat."""
    if session.place is not None:
        session.say([_("Leave this table first.")])
        return
    words = rest.split()
    if not words or "=" in words[0]:
        session.say([_("Which ruleset? For example: create commerce name=Evening seats=4 bots=heuristic")])
        return
    try:
        table_options = parse_assignments(words[1:])
    except OptionError as error:
        session.say([error.sentence(_)])
        return
    if not session.allowed(Work.TABLE, N_("You made many tables just now; wait a minute.")):
        return
    seated = server.open_tables(session.account)
    if seated >= server.limits.tables:
        session.say([_("You have a seat at {count} tables already; finish or leave one first.").format(count=seated)])
        return
    name = typed(table_options.pop("name", "")) or session.account
    refusal = table_name_refusal(name)
    if refusal is not None:
        session.say([refusal.sentence()])
        return
    existing = server.table(name) or server.lookalike_table(name)
    if existing is not None:
        session.say([_("There is a table {name} already; choose another name.").format(name=existing.name)])
        return
    seats_text = table_options.pop("seats", str(SEATS_DEFAULT))
    level = table_options.pop("bots", LEVEL_DEFAULT)
    private = table_options.pop("private", "no").lower() in ("yes", "on", "true", "1")
    hints_text = table_options.pop("hints", "")
    timer_text = table_options.pop("timer", "off")
    grace_text = table_options.pop("grace", str(server.limits.grace))
    if level not in BOT_KINDS:
        session.say([_("{level} is not a computer player level. Levels: {levels}.").format(
            level=level[:20], levels=", ".join(BOT_KINDS))])
        return
    if not seats_text.isdecimal():
        session.say([_("How many seats? For example seats=4.")])
        return
    timer = None if timer_text.lower() in ("off", "no", "0", "") else timer_text
    if timer is not None and (not timer.isdecimal() or not 5 <= int(timer) <= 600):
        session.say([_("The turn timer: seconds from 5 to 600, or timer=off.")])
        return
    if not grace_text.isdecimal() or not 0 <= int(grace_text) <= 3600:
        session.say([_("The grace period: seconds from 0 to 3600.")])
        return
    hints = None if not hints_text else hints_text.lower() in ("on", "yes", "true", "1")
    try:
        rules = ruleset(words[0].lower(), **table_options)
        rules.check_players(int(seats_text))
    except OptionError as error:
        session.say([error.sentence(_)])
        return
    code = new_code() if private else None
    table = Table(server, secrets.token_hex(6), name, rules, int(seats_text), level, session.account, code,
                  hints, int(timer) if timer else None, int(grace_text))
    server.add(table)  # the name is taken from now on
    table.sit(session)
    session.place = table
    if not await table.remembered():  # only a table a restart will find
        session.place = None
        server.forget(table)
        session.say([_("The server cannot save right now: try again in a moment.")])
        return
    server.log(f"table {name} created by {session.account}: {rules.name} {dict(rules.options)} "
               f"seats {table.seats} bots {level}{' private' if private else ''}")
    session.say([_("Table {name}: {ruleset}, {seats} seats; you are the host. Say start when everyone is "
                   "seated.").format(name=name, ruleset=match_title(rules), seats=table.seats)])
    if code:
        session.say([_("Private table; its invite code is {code}: join {name} {code}.").format(code=code, name=name)])
