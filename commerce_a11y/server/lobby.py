"""The lobby: a person's way from their connection to a table, and the commands they type outside a match.

A connection is let in (``Admission``), logs in (``login.py``), then is in the lobby, or back in its seat if it sat
at a table. Each line is a lobby command (``words.LobbyCommand``, in the person's language or English) or, at a
table whose match is on, the game's; the lobby hands that to the table. Making a table is ``creating.py``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from functools import partial

from ..cleaning import collapse_blanks
from ..i18n import N_, _, language_name, ngettext, speaking
from ..rules import OptionError, parse_assignments
from ..seat.naming import match_title
from ..seat.parser import setting_word
from ..seat.prompts import listed
from . import invites
from .admission import network
from .allowances import Work, holder_of
from .creating import create
from .login import Login
from .names import same
from .peer import Peer, Refused
from .registry import Server
from .seats import TableState
from .session import TOO_MANY_CHANGES, Session
from .table import Table
from .words import GAME_SETTINGS, SETTINGS, LobbyCommand, lobby_command, lobby_word

CHAT_LIMIT = 300
TOO_MANY_LINES = N_("Too many lines at once; some were left out.")

Command = Callable[[Session, str], Awaitable[None]]
"""A lobby command: the person who typed it and the rest of their line."""


class Lobby:
    """The lobby of one server: where each connection goes, and what each lobby command does."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.commands: dict[LobbyCommand, Command] = {
            LobbyCommand.HELP: self.help, LobbyCommand.QUIT: self.quit, LobbyCommand.TABLES: self.tables,
            LobbyCommand.WHO: self.who, LobbyCommand.SAY: self.say, LobbyCommand.CREATE: partial(create, server),
            LobbyCommand.JOIN: self.join, LobbyCommand.WATCH: self.watch, LobbyCommand.LEAVE: self.leave,
            LobbyCommand.START: self.start, LobbyCommand.SET: self.set,
            **{name: partial(self.setting, name) for name in SETTINGS},
        }

    # ----- a connection's way in -----

    def opened(self, peer: Peer) -> None:
        """A new peer: let in or refused (``Admission``), then its person's session runs until it closes."""
        server = self.server
        if not server.admission.admit(peer):
            return
        session = Session(server, peer)
        server.opened(session)
        server.keep(self.attend(session))

    async def attend(self, session: Session) -> None:
        """One person, from the login to the end of their connection."""
        server = self.server
        try:
            if not await session.peer.ready():  # a TLS handshake that failed
                return
            if await Login(session, server).run():
                session.arrive()
                await self.lobby(session)
        except (ConnectionError, asyncio.CancelledError):
            pass
        except Exception as error:  # one person's fault never stops the server
            server.log(f"error {session.account or session.peer.address}: {error!r}")
            with contextlib.suppress(Exception), speaking(session.lang):
                session.say([_("Something went wrong on the server; please log in again.")])
        finally:
            session.gone()
            session.peer.close()
            server.closed(session)

    async def lobby(self, session: Session) -> None:
        """Welcome the person (back at their table if they have a seat at one), then answer their lines."""
        server = self.server
        with speaking(session.lang):
            tables = len(server.tables)
            session.say([_("Welcome, {name}. Online: {people}; tables: {tables}. Type help for the commands.").format(
                name=session.account, people=len(server.online), tables=tables)])
            server.deliver(session)
            server.tell_news(session)
        table = server.seated_at(session.account)
        if table is not None:
            session.place = table
            with speaking(session.lang):
                session.say([_("Back at table {name}.").format(name=table.name)])
            table.back(session)
        session.prompt_place()
        while True:
            idle = server.limits.idle if session.place is None else None
            line = await session.read(idle)
            if line is None:
                return
            with speaking(session.lang):
                if isinstance(line, Refused):
                    session.say([_("That line is too long; it is left out.") if line is Refused.TOO_LONG else
                                 _(TOO_MANY_LINES)])
                    session.ask_again()
                else:
                    await session.paced(Work.LINE)
                    try:
                        await self.handle(session, line)
                    except (ConnectionError, asyncio.CancelledError):
                        raise
                    except Exception as error:  # one command's fault: logged, said in one sentence, play goes on
                        server.log(f"error {session.account}: {error!r}")
                        session.say([_("That did not work on the server; the game goes on.")])
                        session.ask_again()  # every line gets an answer and the question again
            if session.peer.closed:
                return

    async def handle(self, session: Session, line: str) -> None:
        """One line: a lobby command, or the game's at a table whose match is on (or just over)."""
        if not line.strip():
            if session.place is None or session.place.state != TableState.PLAYING:
                session.prompt_place()
            return
        command, rest = lobby_command(line, session.lang)
        table = session.place
        playing = (table is not None and table.match is not None
                   and table.state in (TableState.PLAYING, TableState.OVER))
        if command is None or (playing and command in GAME_SETTINGS):
            if playing:
                assert table is not None
                await table.line(session, line)
                if table.state == TableState.OVER and session.place is table:
                    session.prompt_place()
                return
            session.say([_("I do not know {word}. Type help for the commands.").format(word=line.split()[0][:20])])
        else:
            await self.commands[command](session, rest)
        if not session.peer.closed and (session.place is None or session.place.state != TableState.PLAYING):
            session.prompt_place()

    # ----- the commands -----

    async def help(self, session: Session, rest: str) -> None:
        session.say(lobby_help(session.lang, at_table=session.place is not None))

    async def quit(self, session: Session, rest: str) -> None:
        await session.quit()

    async def tables(self, session: Session, rest: str) -> None:
        """The tables someone is at, and the asker's own, a line each: a table whose people are all away waits for
        them, and nobody else can do anything there."""
        tables = [t for t in self.server.tables.values() if t.present or t.seat_of(session.account) is not None]
        if not tables:
            session.say([_("No table is open. Make one with: {create} commerce").format(
                create=lobby_word(session.lang, LobbyCommand.CREATE))])
            return
        session.say([table_line(t) for t in tables])

    async def who(self, session: Session, rest: str) -> None:
        session.say(who_lines(session, list(self.server.online.values())))

    async def say(self, session: Session, rest: str) -> None:
        """Chat, every run of blanks one space (padding cannot push its end onto a line of its own in a client that
        wraps), within the account's budget."""
        text = collapse_blanks(rest)[:CHAT_LIMIT]
        if not text:
            session.say([_("Say what? For example: say hello")])
            return
        if not session.allowed(Work.CHAT, N_("Too many messages; wait a moment.")):
            return
        name = session.account
        place = session.place
        listeners = place.everyone() if place is not None else self.server.lobby_sessions()
        for listener in listeners:
            with speaking(listener.lang):
                listener.say([_("{name} says: {text}").format(name=name, text=text)])

    async def setting(self, name: LobbyCommand, session: Session, rest: str) -> None:
        session.setting(name, rest)

    def named_table(self, session: Session, rest: str, command: LobbyCommand) -> tuple[Table | None, str]:
        """The table a command names first (said when there is none, or no name was given) and the invite code
        after its name."""
        name, _sep, code = rest.strip().partition(" ")
        if not name:
            session.say([_("Name the table: {command} NAME. Say {tables} for the list.").format(
                command=lobby_word(session.lang, command), tables=lobby_word(session.lang, LobbyCommand.TABLES))])
            return None, ""
        table = self.server.table(name)
        if table is None:
            session.say([_("There is no table {name}. Say {tables} for the list.").format(
                name=name[:20], tables=lobby_word(session.lang, LobbyCommand.TABLES))])
        return table, code.strip()

    def refused_code(self, session: Session, table: Table, code: str) -> bool:
        """A private table and no invite code, or a wrong one (counted against the budgets of wrong codes of the
        account and of the address, and refused unseen once either is spent): said, and True."""
        if not table.code:
            return False
        holders = (session.holder, holder_of("", network(session.peer.address)))
        if any(self.server.allowances.spent(Work.CODE, holder) for holder in holders):
            session.say([_("Too many wrong invite codes; try again in a few minutes.")])
            return True
        if code and invites.right(table.code, code):
            return False
        if code:
            for holder in holders:
                self.server.allowances.take(Work.CODE, holder)
            self.server.log(f"wrong invite code {session.account} {session.peer.address} for {table.name}")
            session.say([_("That is not the invite code of table {name}.").format(name=table.name)])
        else:
            session.say([_("Table {name} is private: join it with its invite code.").format(name=table.name)])
        return True

    async def join(self, session: Session, rest: str) -> None:
        table, code = self.named_table(session, rest, LobbyCommand.JOIN)
        if table is None:
            return
        if session.place is not None and session.place is not table:
            session.say([_("Leave this table first.")])
            return
        if table.seat_of(session.account) is None and self.refused_code(session, table, code):
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
        self.server.log(f"{account} joins {table.name}")

    async def watch(self, session: Session, rest: str) -> None:
        table, code = self.named_table(session, rest, LobbyCommand.WATCH)
        if table is None:
            return
        if session.place is not None:
            session.say([_("Leave this table first.")])
            return
        if self.refused_code(session, table, code):
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
        self.server.log(f"{session.account} watches {table.name}")

    async def leave(self, session: Session, rest: str) -> None:
        table = session.place
        if table is None:
            session.say([_("You are in the lobby.")])
            return
        session.place = None
        account = session.account
        table.stand_up(session)
        if table.state != TableState.PLAYING:
            table.tell_all(lambda: [_("{name} leaves the table.").format(name=account)])
        self.server.drop_if_empty(table)
        session.say([_("You are in the lobby.")])
        self.server.log(f"{account} leaves {table.name}")

    async def start(self, session: Session, rest: str) -> None:
        table = session.place
        if table is None or session in table.spectators:
            session.say([_("Join a table first.")])
            return
        if not same(table.host, session.account):
            session.say([_("Only the host, {name}, can start.").format(name=table.host)])
            return
        if table.state == TableState.PLAYING:
            session.say([_("The match is on.")])
            return
        await table.start()

    async def set(self, session: Session, rest: str) -> None:
        table = session.place
        if table is None or not same(table.host, session.account):
            session.say([_("Only a table's host can set its options.")])
            return
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


def lobby_help(lang: str, at_table: bool) -> list[str]:
    """The lobby's commands (or a table's, before its match), as short lines, the most used first: each fits a
    braille line where its words allow, with no parentheses (a screen reader speaks them as words)."""
    w = partial(lobby_word, lang)
    if at_table:
        return [*listed(_("Table: {commands}."), [w(LobbyCommand.LEAVE), _("{say} TEXT").format(
                    say=w(LobbyCommand.SAY)), w(LobbyCommand.WHO)]),
                *listed(_("Host only: {commands}."), [w(LobbyCommand.START), f"{w(LobbyCommand.SET)} hints=on",
                                                      f"{w(LobbyCommand.SET)} timer=60"])]
    named = [_("{command} NAME").format(command=w(c)) for c in (LobbyCommand.JOIN, LobbyCommand.WATCH)]
    return [*listed(_("Tables: {commands}."), [w(LobbyCommand.TABLES), *named]),
            *listed(_("People: {commands}."), [w(LobbyCommand.WHO), _("{say} TEXT").format(say=w(LobbyCommand.SAY))]),
            _("New table: {create} commerce").format(create=w(LobbyCommand.CREATE)),
            # Translators: the options typed after "create commerce", separated by spaces, for example
            # "create commerce name=Anna seats=3"; NAME stands for the table's name, in your language's capitals.
            *listed(_("Options: {commands}"), [_("name=NAME"), "seats=4", "bots=heuristic", "chips=5", "private=yes",
                                              "hints=on", "timer=60"], sep=" "),
            *listed(_("Settings: {commands}."), [f"{w(LobbyCommand.LANGUAGE)} {lang}",
                                                 f"{w(LobbyCommand.VERBOSITY)} {setting_word(lang, 'brief')}",
                                                 f"{w(LobbyCommand.CARDS)} {setting_word(lang, 'codes')}"]),
            _("Leave: {quit}.").format(quit=w(LobbyCommand.QUIT))]


WHO_LINES = 12
"""The people ``who`` names one to a line; the others it counts."""


def who_lines(asker: Session, online: list[Session]) -> list[str]:
    """Who is online, as short lines, the most important first: how many, then one line a person (those where the
    asker is first, then those at tables, then the lobby, each by name), at most ``WHO_LINES`` of them and then
    how many more, so that a busy server's answer stays a few lines a braille display shows one by one."""
    def order(other: Session) -> tuple[bool, bool, str, str]:
        place = other.place
        return (place is not asker.place, place is None, place.name if place is not None else "", other.account)

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
