"""The lobby's commands: what each does, then each declared once (``LobbyCommand``, at the end of this module),
and help's layout.

A handler runs once the lobby has found the command (``words.command_of``) and nothing to refuse (``words.refusal``:
who may use it, and when), so it checks only what is its own (a table named, an invite code, a free seat). Making a
table is ``creating.py``'s.
"""

from __future__ import annotations

from functools import partial

from ..i18n import N_, _, language_name, ngettext, speaking
from ..rules import OptionError, parse_assignments
from ..seat.naming import match_title
from ..seat.parser import ReviewCommand
from . import invites
from .admission import network
from .allowances import Work, holder_of
from .creating import create
from .friends import friend, friends, unfriend
from .kicks import kept_out, kick
from .names import identity, same
from .operators import ban, broadcast, close_table, mute, unban, unmute
from .ratings import own_ratings, top
from .registry import Server
from .reporting import report, reports
from .seats import TableState
from .session import TOO_MANY_CHANGES, Session
from .table import Table
from .talk import chat, hears, ignore, muted, reply, tell, unignore
from .words import HelpGroup, LobbyCommand, Who, command_of, help_lines, lobby_word

# ----- the handlers -----

async def show_help(server: Server, session: Session, rest: str) -> None:
    session.say(lobby_help(session.lang, at_table=session.place is not None, operator=session.operator))


async def quit_server(server: Server, session: Session, rest: str) -> None:
    await session.quit()


async def list_tables(server: Server, session: Session, rest: str) -> None:
    """The tables someone is at, and the asker's own, a line each: a table whose people are all away waits for
    them, and nobody else can do anything there."""
    shown = [t for t in server.tables.values() if t.present or t.seat_of(session.account) is not None]
    if not shown:
        session.say([_("No table is open. Make one with: {create} commerce").format(
            create=lobby_word(session.lang, CREATE))])
        return
    session.say([table_line(t) for t in shown])


async def who_is_online(server: Server, session: Session, rest: str) -> None:
    session.say(who_lines(session, list(server.online.values())))


async def change_setting(name: ReviewCommand, server: Server, session: Session, rest: str) -> None:
    session.setting(name, rest)


def named_table(server: Server, session: Session, rest: str, command: LobbyCommand) -> tuple[Table | None, str]:
    """The table a command names first (said when there is none, or no name was given) and the invite code after
    its name."""
    name, _sep, code = rest.strip().partition(" ")
    if not name:
        session.say([_("Name the table: {command} NAME. Say {tables} for the list.").format(
            command=lobby_word(session.lang, command), tables=lobby_word(session.lang, TABLES))])
        return None, ""
    table = server.table(name)
    if table is None:
        session.say([_("There is no table {name}. Say {tables} for the list.").format(
            name=name[:20], tables=lobby_word(session.lang, TABLES))])
    return table, code.strip()


def refused_code(server: Server, session: Session, table: Table, code: str) -> bool:
    """A private table and no invite code, or a wrong one (counted against the budgets of wrong codes of the
    account and of the address, and refused unseen once either is spent): said, and True."""
    if not table.code or identity(session.account) in table.invited:
        return False
    holders = (session.holder, holder_of("", network(session.peer.address)))
    if any(server.allowances.spent(Work.CODE, holder) for holder in holders):
        session.say([_("Too many wrong invite codes; try again in a few minutes.")])
        return True
    if code and invites.right(table.code, code):
        return False
    if code:
        for holder in holders:
            server.allowances.take(Work.CODE, holder)
        server.log(f"wrong invite code {session.account} {session.peer.address} for {table.name}")
        session.say([_("That is not the invite code of table {name}.").format(name=table.name)])
    else:
        session.say([_("Table {name} is private: join it with its invite code.").format(name=table.name)])
    return True


async def join(server: Server, session: Session, rest: str) -> None:
    table, code = named_table(server, session, rest, JOIN)
    if table is None:
        return
    if session.place is not None and session.place is not table:
        session.say([_("Leave this table first.")])
        return
    if kept_out(table, session):
        return
    if table.seat_of(session.account) is None and refused_code(server, session, table, code):
        return
    if table.seat_of(session.account) is not None:
        session.place = table
        session.say([_("Back at table {name}.").format(name=table.name)])
        table.back(session)
        return
    seat = table.sit(session)
    if seat is None:
        session.say([_("Table {name} has no free seat; you can watch it.").format(name=table.name)])
        return
    session.place = table
    account = session.account
    table.tell_all(lambda: [_("{name} sits down at seat {seat}.").format(name=account, seat=seat + 1)],
                   exclude=session)
    session.say([_("You sit at table {name}, seat {seat}; {host} is the host.").format(
        name=table.name, seat=seat + 1, host=table.host)])
    server.log(f"{account} joins {table.name}")


async def watch(server: Server, session: Session, rest: str) -> None:
    table, code = named_table(server, session, rest, WATCH)
    if table is None:
        return
    if session.place is not None:
        session.say([_("Leave this table first.")])
        return
    if kept_out(table, session) or refused_code(server, session, table, code):
        return
    if table.seat_of(session.account) is not None:
        session.say([_("You have a seat at table {name}: join {name} to play on.").format(name=table.name)])
        return
    session.place = table
    table.watch(session)
    match = table.match
    if match is not None and not match.over:
        session.say([_("You watch table {name}: {ruleset}, hand {hand}.").format(
            name=table.name, ruleset=match_title(match.rules), hand=match.hand_no)])
    else:
        session.say([_("You watch table {name}.").format(name=table.name)])
    server.log(f"{session.account} watches {table.name}")


async def leave(server: Server, session: Session, rest: str) -> None:
    table = session.place
    if table is None:
        session.say([_("You are in the lobby.")])
        return
    session.place = None
    account = session.account
    table.stand_up(session)
    if table.state != TableState.PLAYING:
        table.tell_all(lambda: [_("{name} leaves the table.").format(name=account)])
    server.drop_if_empty(table)
    session.say([_("You are in the lobby.")])
    server.log(f"{account} leaves {table.name}")


async def invite(server: Server, session: Session, rest: str) -> None:
    """``invite NAME``: asks a person online to the table one is at; they answer by joining it. From the host, the
    invitation also lets them in when the table is private or they were asked to leave (``kicks.py``)."""
    table = session.place
    name = rest.strip()
    if table is None:
        session.say([_("Join a table first.")])
        return
    if not name:
        session.say([_("Invite whom? For example: invite Anna")])
        return
    other = server.online.get(identity(name))
    if other is None:
        session.say([_("{name} is not online.").format(name=name[:20])])
        return
    if other is session:
        session.say([_("You are at the table already.")])
        return
    if muted(session) or not session.allowed(Work.CHAT, TOO_MANY_CHANGES):
        return
    if same(table.host, session.account):
        table.invited.add(identity(other.account))
        table.kicked.discard(identity(other.account))
    if hears(other, session.account):
        with speaking(other.lang):
            other.say([_("{name} invites you to table {table}. To sit down: {join} {table}").format(
                name=session.account, table=table.name, join=lobby_word(other.lang, JOIN))])
    session.say([_("You invite {name} to table {table}.").format(name=other.account, table=table.name)])


async def start(server: Server, session: Session, rest: str) -> None:
    """The host starts the match (``START``'s declaration: a seat, the host, and no match on)."""
    table = session.place
    assert table is not None
    await table.start()


async def set_options(server: Server, session: Session, rest: str) -> None:
    """The host sets the table's options (``SET``'s declaration: only the host)."""
    table = session.place
    assert table is not None
    if not session.allowed(Work.SETTING, TOO_MANY_CHANGES):
        return
    try:
        options = parse_assignments(rest.split())
    except OptionError as error:
        session.say([error.sentence(_)])
        return
    for key, value in options.items():
        value = value.lower()
        if key == "hints" and value in ("on", "off", "yes", "no"):
            table.set_hints(value in ("on", "yes"))
        elif key == "timer" and (value in ("off", "0") or (value.isdecimal() and 5 <= int(value) <= 600)):
            table.set_timer(None if value in ("off", "0") else int(value))
        else:
            session.say([_("Set hints=on, hints=off, timer=SECONDS or timer=off.")])
            return
    table.remember()


WHO_LINES = 12
"""The people ``who`` names one to a line; the others it counts."""


def who_lines(asker: Session, online: list[Session]) -> list[str]:
    """Who is online, as short lines, the most important first: how many, then one line a person (the asker's
    friends first, then those where the asker is, then those at tables, then the lobby, each by name), at most
    ``WHO_LINES`` of them and then how many more, so that a busy server's answer stays a few lines a braille display
    shows one by one."""
    def order(other: Session) -> tuple[bool, bool, bool, str, str]:
        place = other.place
        return (identity(other.account) not in asker.friends, place is not asker.place, place is None,
                place.name if place is not None else "", other.account)

    people = sorted(online, key=order)
    lines = [ngettext("Online: {count} person.", "Online: {count} people.", len(people)).format(count=len(people))]
    for other in people[:WHO_LINES]:
        language = language_name(other.lang)
        if other.place is None:
            lines.append(_("{name} in the lobby, {language}.").format(name=other.account, language=language))
        elif other in other.place.spectators:
            lines.append(_("{name} watches table {table}, {language}.").format(
                name=other.account, table=other.place.name, language=language))
        else:
            lines.append(_("{name} at table {table}, {language}.").format(name=other.account, table=other.place.name,
                                                                         language=language))
    more = len(people) - WHO_LINES
    if more > 0:
        lines.append(ngettext("And {count} more.", "And {count} more.", more).format(count=more))
    return lines


def table_line(table: Table) -> str:
    """One table in one short line, read aloud well: its name, its ruleset (or that it is private), whether its
    match is being played (to watch) or how many seats are free (to join), and its host."""
    free = table.seats - len(table.people)
    if table.code:
        return ngettext("{name}: private, {free} seat free, host {host}.",
                        "{name}: private, {free} seats free, host {host}.", free).format(
            name=table.name, free=free, host=table.host)
    title = match_title(table.rules)
    if table.state == TableState.PLAYING and table.match is not None:
        return _("{name}: {ruleset}, hand {hand} being played, host {host}.").format(
            name=table.name, ruleset=title, hand=table.match.hand_no, host=table.host)
    return ngettext("{name}: {ruleset}, {free} seat free, host {host}.",
                    "{name}: {ruleset}, {free} seats free, host {host}.", free).format(
        name=table.name, ruleset=title, free=free, host=table.host)


# ----- the commands, each declared once -----

TABLES = LobbyCommand(
    "tables", list_tables,
    # Translators: the words a player types in the table server's lobby, separated by spaces; the first is shown
    # in help. They must differ from the game's command words in your language.
    words=lambda t: t.pgettext("lobby", "tables list"))
CREATE = LobbyCommand("create", create, words=lambda t: t.pgettext("lobby", "create new"),
                      help=(N_("New table: {create} commerce"),))
JOIN = LobbyCommand("join", join, words=lambda t: t.pgettext("lobby", "join sit"), help=(N_("{command} NAME"),))
WATCH = LobbyCommand("watch", watch, words=lambda t: t.pgettext("lobby", "watch"), help=(N_("{command} NAME"),))
START = LobbyCommand("start", start, words=lambda t: t.pgettext("lobby", "start begin"), who=Who.HOST,
                     refusal=N_("Only the host, {name}, can start."), seated=True, during_play=False)
LEAVE = LobbyCommand("leave", leave, words=lambda t: t.pgettext("lobby", "leave"))
WHO = LobbyCommand("who", who_is_online, words=lambda t: t.pgettext("lobby", "who online"))
SAY = LobbyCommand("say", chat, words=lambda t: t.pgettext("lobby", "say chat"), help=(N_("{say} TEXT"),))
TELL = LobbyCommand("tell", tell, words=lambda t: t.pgettext("lobby", "tell whisper"),
                    help=(N_("{command} NAME TEXT"),))
REPLY = LobbyCommand("reply", reply, words=lambda t: t.pgettext("lobby", "reply"), help=(N_("{command} TEXT"),))
IGNORE = LobbyCommand("ignore", ignore, words=lambda t: t.pgettext("lobby", "ignore"),
                      help=(N_("{command} NAME"),))
UNIGNORE = LobbyCommand("unignore", unignore, words=lambda t: t.pgettext("lobby", "unignore"),
                        help=(N_("{command} NAME"),))
FRIEND = LobbyCommand("friend", friend, words=lambda t: t.pgettext("lobby", "friend"), help=(N_("{command} NAME"),))
UNFRIEND = LobbyCommand("unfriend", unfriend, words=lambda t: t.pgettext("lobby", "unfriend"),
                        help=(N_("{command} NAME"),))
FRIENDS = LobbyCommand("friends", friends, words=lambda t: t.pgettext("lobby", "friends"),
                       help=("{command}", "{command} {off}"))
INVITE = LobbyCommand("invite", invite, words=lambda t: t.pgettext("lobby", "invite"), help=(N_("{command} NAME"),))
REPORT = LobbyCommand("report", report, words=lambda t: t.pgettext("lobby", "report"),
                      help=(N_("{command} NAME REASON"),))
OPERATORS_ONLY = N_("Only the server's operators can do that.")
BAN = LobbyCommand("ban", ban, words=lambda t: t.pgettext("lobby", "ban"), who=Who.OPERATOR, refusal=OPERATORS_ONLY,
                   help=(N_("{command} NAME 7d REASON"),))
UNBAN = LobbyCommand("unban", unban, words=lambda t: t.pgettext("lobby", "unban"), who=Who.OPERATOR,
                     refusal=OPERATORS_ONLY, help=(N_("{command} NAME"),))
MUTE = LobbyCommand("mute", mute, words=lambda t: t.pgettext("lobby", "mute"), who=Who.OPERATOR,
                    refusal=OPERATORS_ONLY, help=(N_("{command} NAME 1h"),))
UNMUTE = LobbyCommand("unmute", unmute, words=lambda t: t.pgettext("lobby", "unmute"), who=Who.OPERATOR,
                      refusal=OPERATORS_ONLY, help=(N_("{command} NAME"),))
BROADCAST = LobbyCommand("broadcast", broadcast, words=lambda t: t.pgettext("lobby", "broadcast"), who=Who.OPERATOR,
                         refusal=OPERATORS_ONLY, help=(N_("{command} TEXT"),))
CLOSE = LobbyCommand("close", close_table, words=lambda t: t.pgettext("lobby", "close"), who=Who.OPERATOR,
                     refusal=OPERATORS_ONLY, help=(N_("{command} NAME"),))
REPORTS = LobbyCommand("reports", reports, words=lambda t: t.pgettext("lobby", "reports"), who=Who.OPERATOR,
                       refusal=OPERATORS_ONLY, help=("{command}", "{command} 3"))
KICK = LobbyCommand("kick", kick, words=lambda t: t.pgettext("lobby", "kick"), who=Who.HOST,
                    refusal=N_("Only the host, {name}, can ask someone to leave."), help=(N_("{command} NAME"),))
RATING = LobbyCommand("rating", own_ratings, words=lambda t: t.pgettext("lobby", "rating ratings"))
TOP = LobbyCommand("top", top, words=lambda t: t.pgettext("lobby", "top best"), help=("{command} commerce",))
SET = LobbyCommand("set", set_options, words=lambda t: t.pgettext("lobby", "set"), who=Who.HOST,
                   refusal=N_("Only a table's host can set its options."),
                   help=("{command} hints=on", "{command} timer=60"))


def _setting(key: ReviewCommand, *shown: str) -> LobbyCommand:
    """A person's setting, changed the same way in the lobby and at a table, with the game's words."""
    return LobbyCommand(key, partial(change_setting, key), game=key, help=shown)


LANGUAGE = _setting(ReviewCommand.LANGUAGE, "{command} {lang}")
VERBOSITY = _setting(ReviewCommand.VERBOSITY, "{command} {brief}")
CARDS = _setting(ReviewCommand.CARDS, "{command} {codes}")
SPEECH = _setting(ReviewCommand.SPEECH)
HELP = LobbyCommand(ReviewCommand.HELP, show_help, game=ReviewCommand.HELP, help=())
QUIT = LobbyCommand(ReviewCommand.QUIT, quit_server, game=ReviewCommand.QUIT, help=(N_("Leave: {quit}."),))

COMMANDS = (TABLES, CREATE, JOIN, WATCH, START, LEAVE, WHO, SAY, TELL, REPLY, FRIENDS, FRIEND, UNFRIEND, INVITE,
            IGNORE, UNIGNORE, REPORT, RATING, TOP, KICK, SET, BAN, UNBAN, MUTE, UNMUTE, BROADCAST, CLOSE, REPORTS,
            LANGUAGE, VERBOSITY, CARDS, SPEECH, HELP, QUIT)
"""Every lobby command; a word two commands share in one language is the first one's."""

LOBBY_HELP = (
    HelpGroup(N_("Tables: {commands}."), (TABLES, JOIN, WATCH)),
    HelpGroup(N_("People: {commands}."), (WHO, SAY, TELL, REPLY)),
    HelpGroup(N_("Friends: {commands}."), (FRIENDS, FRIEND, UNFRIEND)),
    HelpGroup(N_("Keep away: {commands}."), (IGNORE, UNIGNORE, REPORT)),
    HelpGroup(N_("Ratings: {commands}."), (RATING, TOP)),
    HelpGroup("", (CREATE,)),
    # Translators: the options typed after "create commerce", separated by spaces, for example
    # "create commerce name=Anna seats=3"; NAME stands for the table's name, in your language's capitals.
    HelpGroup(N_("Options: {commands}"), extra=(N_("name=NAME"), "seats=4", "bots=heuristic", "chips=5",
                                                 "private=yes", "hints=on", "timer=60"), sep=" "),
    HelpGroup(N_("Settings: {commands}."), (LANGUAGE, VERBOSITY, CARDS)),
    HelpGroup("", (QUIT,)),
)
"""The lobby's help, the most used first."""
TABLE_HELP = (
    HelpGroup(N_("Table: {commands}."), (LEAVE, SAY, TELL, REPLY, INVITE, WHO)),
    HelpGroup(N_("Host only: {commands}."), tuple(c for c in COMMANDS if c.who is Who.HOST)),
)
"""A table's help before its match (during it, the game's)."""


OPERATOR_HELP = (
    HelpGroup(N_("Operators: {commands}."), tuple(c for c in COMMANDS if c.who is Who.OPERATOR)),
)
"""What an operator hears after the lobby's help."""


def lobby_help(lang: str, at_table: bool, operator: bool = False) -> list[str]:
    """The lobby's commands (or a table's, before its match), as short lines, the most used first: each fits a
    braille line where its words allow, with no parentheses (a screen reader speaks them as words); an operator's
    own commands after them."""
    return help_lines((TABLE_HELP if at_table else LOBBY_HELP) + (OPERATOR_HELP if operator else ()), lang)


def lobby_command(line: str, lang: str) -> tuple[LobbyCommand | None, str]:
    """The lobby command a line begins with (or None) and the rest of the line."""
    return command_of(COMMANDS, line, lang)
