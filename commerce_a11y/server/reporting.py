"""``report NAME reason``: a person tells the operators about someone, with the last lines they heard from that
person (their chat and tells to them, nothing else); kept in the store and in ``reports.jsonl`` in the data folder,
and read by operators with ``reports`` (the latest) and ``reports N`` (one, with its lines). Nobody is told who
else reported someone."""

from __future__ import annotations

import json
import time

from ..i18n import _, speaking
from .allowances import Work
from .names import identity
from .operators import append_line
from .registry import Server
from .session import TOO_MANY_CHANGES, Session
from .talk import other_account, when

HEARD_LINES = 20
"""Lines heard from the person reported that go with a report."""
LISTED = 10
"""Reports ``reports`` lists, the newest first."""
REASON_LIMIT = 300


async def report(server: Server, session: Session, rest: str) -> None:
    name, _sep, reason = rest.strip().partition(" ")
    reason = " ".join(reason.split())[:REASON_LIMIT]
    if not name or not reason:
        session.say([_("Report whom, and why? For example: report Anna insults in chat")])
        return
    found = other_account(server, session, name, _("You cannot report yourself."))
    if found is None:
        return
    if not session.allowed(Work.SETTING, TOO_MANY_CHANGES):
        return
    key = identity(found)
    heard = [line for talker, line in session.heard if talker == key][-HEARD_LINES:]
    server.store.moderation.report(session.account, found, reason, heard)
    line = json.dumps({"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(server.clock())),
                       "reporter": session.account, "reported": found, "reason": reason, "heard": heard},
                      ensure_ascii=False)
    server.keep(server.write(append_line, server.data / "reports.jsonl", line))
    server.log(f"report by {session.account} about {found}")
    session.say([_("Thank you; the operators will read your report about {name}.").format(name=found)])
    for other in server.online.values():
        if other.operator:
            with speaking(other.lang):
                other.say([_("A new report about {name}. Say reports to read it.").format(name=found)])


async def reports(server: Server, session: Session, rest: str) -> None:
    """The latest reports, a line each; ``reports N``: report N with the lines that came with it."""
    kept = server.store.moderation.reports(LISTED)
    if not kept:
        session.say([_("No reports.")])
        return
    number = rest.strip()
    if number.isdecimal():
        chosen = next((one for one in kept if one.number == int(number)), None)
        if chosen is None:
            session.say([_("There is no report {number} among the latest.").format(number=number[:10])])
            return
        session.say([_("Report {number}: {reporter} about {name}, {time}: {reason}").format(
            number=chosen.number, reporter=chosen.reporter, name=chosen.reported, time=when(chosen.made),
            reason=chosen.reason), *(chosen.heard or [_("No lines from {name} came with it.").format(
                name=chosen.reported)])])
        return
    session.say([_("Report {number}: {reporter} about {name}, {time}: {reason}").format(
        number=one.number, reporter=one.reporter, name=one.reported, time=when(one.made), reason=one.reason)
        for one in kept])
