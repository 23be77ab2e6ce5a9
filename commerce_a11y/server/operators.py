"""Operators keep the server pleasant: ``ban``, ``unban``, ``mute``, ``unmute``, ``broadcast``, ``close`` a table,
and read people's ``reports`` (``reporting.py``). The role is given with ``commerce serve --operator NAME`` and
kept in the store; every operator's action is a line of the audit log (``audit.jsonl`` in the data folder: who,
what, to whom, when and why, one JSON object a line).

A ban keeps an account from logging in until it ends (it is told why and until when); its name stays taken, so no
name like it can be made meanwhile. A mute keeps a person's words (chat, tells, invitations) from everyone.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from ..i18n import _, speaking
from .db.moderation import Sanction
from .names import identity, same
from .registry import Server
from .session import Session
from .talk import CHAT_LIMIT, account_name, tell_line, when

AUDIT = "audit.jsonl"
DURATION = re.compile(r"^(\d{1,4})([mhd])$")
"""A duration as typed: 30m, 12h, 7d (minutes, hours, days)."""
UNITS = {"m": 60, "h": 3600, "d": 86_400}
REASON_LIMIT = 200


def audit(server: Server, operator: str, action: str, target: str, **more: Any) -> None:
    """One line of the audit log, written in the server's writing threads."""
    line = json.dumps({"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(server.clock())),
                       "operator": operator, "action": action, "target": target, **more}, ensure_ascii=False)
    server.keep(server.write(append_line, server.data / AUDIT, line))
    server.log(f"operator {operator} {action} {target}")


def append_line(path: Path, line: str) -> None:
    """One line at the end of a log file of the data folder (in a writing thread)."""
    with path.open("a", encoding="utf-8") as file:
        file.write(line + "\n")


def grant(server: Server, names: tuple[str, ...], revoke: tuple[str, ...], say: Callable[[str], None]) -> None:
    """``--operator`` and ``--not-operator`` at the start: the role given to or taken from existing accounts (a name
    nobody has yet is refused: whoever made it first would be an operator)."""
    moderation = server.store.moderation
    for name in names:
        found = account_name(server, name)
        if found is None:
            say(_("There is no account {name} yet: log in with it once, then give it --operator.").format(name=name))
            continue
        moderation.grant(found)
        server.log(f"operator {found}")
    for name in revoke:
        moderation.revoke(name)
        server.log(f"not an operator: {name}")


def banned(server: Server, name: str) -> str | None:
    """Why the account may not log in now, in one sentence (None: it may)."""
    ban = server.store.moderation.sanction("bans", name, server.clock())
    return None if ban is None else ban_sentence(ban)


def ban_sentence(ban: Sanction) -> str:
    if ban.until is None:
        return _("This account is banned: {reason}").format(reason=ban.reason or "-")
    return _("This account is banned until {time}: {reason}").format(time=when(ban.until), reason=ban.reason or "-")


def sanction_of(server: Server, session: Session, rest: str, usage: str) -> tuple[str, Sanction] | None:
    """``NAME [DURATION] [reason]``: the account's name and its sanction (until when, None: until lifted; the
    reason; the operator); None if the line does not say it (said)."""
    parts = rest.split(None, 2)
    if not parts:
        session.say([usage])
        return None
    found = account_name(server, parts[0])
    if found is None:
        session.say([_("There is nobody called {name}.").format(name=parts[0][:20])])
        return None
    if same(found, session.account) or server.store.moderation.is_operator(found):
        session.say([_("{name} is an operator.").format(name=found)])
        return None
    until = None
    words = parts[1:]
    if words and (match := DURATION.match(words[0].lower())):
        until = server.clock() + int(match[1]) * UNITS[match[2]]
        words = words[1:]
    return found, Sanction(until, " ".join(words)[:REASON_LIMIT], session.account)


async def ban(server: Server, session: Session, rest: str) -> None:
    """The account may not log in until the ban ends; online, it hears why and its connection ends."""
    found = sanction_of(server, session, rest, _("Ban whom? For example: ban Anna 7d rude to others"))
    if found is None:
        return
    name, sanction = found
    other = impose(server, session, "bans", name, sanction)
    if other is not None:
        with speaking(other.lang):
            other.say([ban_sentence(sanction)])
        other.peer.close()
    until = sanction.until
    session.say([_("{name} is banned until {time}.").format(name=name, time=when(until)) if until is not None
                 else _("{name} is banned.").format(name=name)])


async def mute(server: Server, session: Session, rest: str) -> None:
    """The person's chat, tells and invitations reach nobody until the mute ends."""
    found = sanction_of(server, session, rest, _("Mute whom? For example: mute Anna 1h"))
    if found is None:
        return
    name, sanction = found
    other = impose(server, session, "mutes", name, sanction)
    until = sanction.until
    if other is not None:
        other.muted = sanction
        with speaking(other.lang):
            other.say([_("An operator muted you until {time}.").format(time=when(until)) if until is not None
                       else _("An operator muted you.")])
    session.say([_("{name} is muted until {time}.").format(name=name, time=when(until)) if until is not None
                 else _("{name} is muted.").format(name=name)])


def impose(server: Server, session: Session, kind: Literal["bans", "mutes"], name: str,
           sanction: Sanction) -> Session | None:
    """The sanction kept and audited; the person's session if they are online."""
    server.store.moderation.impose(kind, name, sanction)
    audit(server, session.account, kind[:-1], name, until=sanction.until, reason=sanction.reason)
    return server.online.get(identity(name))


async def unban(server: Server, session: Session, rest: str) -> None:
    await lift(server, session, rest, "bans")


async def unmute(server: Server, session: Session, rest: str) -> None:
    await lift(server, session, rest, "mutes")


async def lift(server: Server, session: Session, rest: str, kind: str) -> None:
    name = rest.strip()
    found = account_name(server, name) if name else None
    if found is None:
        session.say([_("There is nobody called {name}.").format(name=name[:20])])
        return
    if not await server.store.moderation.lift("bans" if kind == "bans" else "mutes", found):
        session.say([_("{name} is not banned.").format(name=found) if kind == "bans"
                     else _("{name} is not muted.").format(name=found)])
        return
    audit(server, session.account, "unban" if kind == "bans" else "unmute", found)
    other = server.online.get(identity(found))
    if kind == "mutes" and other is not None:
        other.muted = None
        with speaking(other.lang):
            other.say([_("You may speak again.")])
    session.say([_("{name} may log in again.").format(name=found) if kind == "bans"
                 else _("{name} may speak again.").format(name=found)])


async def broadcast(server: Server, session: Session, rest: str) -> None:
    """A line to everyone online, from the operator."""
    text = " ".join(rest.split())[:CHAT_LIMIT]
    if not text:
        session.say([_("Broadcast what? For example: broadcast The server restarts at ten.")])
        return
    audit(server, session.account, "broadcast", "everyone", text=text)
    for other in list(server.online.values()):
        with speaking(other.lang):
            tell_line(other, "broadcast", session.account, _("From the server, {name}: {text}").format(
                name=session.account, text=text))


async def close_table(server: Server, session: Session, rest: str) -> None:
    """A table closed at once: its people go to the lobby, its match so far kept as their record."""
    name = rest.strip()
    table = server.table(name) if name else None
    if table is None:
        session.say([_("There is no table {name}.").format(name=name[:20])])
        return
    if not await table.close(closed_by=session.account):
        session.say([_("Table {name} could not be closed now; its records are not all kept.").format(
            name=table.name)])
        return
    audit(server, session.account, "close", table.name)
    if session.place is not None:
        return  # the operator sat there: told with the others
    session.say([_("Table {name} is closed.").format(name=table.name)])
