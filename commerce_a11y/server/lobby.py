"""The lobby: a person's way from their connection to a table, and the lines they type outside a match.

A connection is let in (``Admission``), logs in (``login.py``), then is in the lobby, or back in its seat if it sat
at a table. Each line is a lobby command (declared in ``lobby_commands.py``, found in the person's language or
another) or, at a table whose match is on, the game's; the lobby hands that to the table. Who may use a command and
when is the declaration's (``words.refusal``); what it does, its handler's.
"""

from __future__ import annotations

import asyncio
import contextlib

from ..i18n import _, speaking
from .allowances import Work
from .friends import arrived
from .lobby_commands import lobby_command
from .login import Login
from .names import identity
from .peer import REFUSALS, Peer, Refused
from .registry import Server
from .seats import TableState
from .session import Session
from .talk import deliver_kept
from .words import refusal


class Lobby:
    """The lobby of one server: where each connection goes, and which lobby command each line is."""

    def __init__(self, server: Server) -> None:
        self.server = server

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
                again = identity(session.account) in server.online  # a second login takes over: not news
                session.arrive()
                if not again:
                    arrived(server, session, here=True)
                await self.lobby(session)
        except (ConnectionError, asyncio.CancelledError):
            pass
        except Exception as error:  # one person's fault never stops the server
            server.log(f"error {session.account or session.peer.address}: {error!r}")
            with contextlib.suppress(Exception), speaking(session.lang):
                session.say([_("Something went wrong on the server; please log in again.")])
        finally:
            leaving = bool(session.account) and server.online.get(identity(session.account)) is session
            session.gone()
            if leaving:
                arrived(server, session, here=False)
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
            deliver_kept(server, session)
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
                    session.say([_(REFUSALS[line])])
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
        if command is None or (playing and command.game is not None):
            if playing:
                assert table is not None
                await table.line(session, line)
                if table.state == TableState.OVER and session.place is table:
                    session.prompt_place()
                return
            session.say([_("I do not know {word}. Type help for the commands.").format(word=line.split()[0][:20])])
        else:
            refused = refusal(command, session)
            if refused is not None:
                session.say([refused])
            else:
                await command.handler(self.server, session, rest)
        if not session.peer.closed and (session.place is None or session.place.state != TableState.PLAYING):
            session.prompt_place()
