"""A table's host asks someone to leave (``kick NAME``): they go to the lobby, a computer player takes their seat
(in a match) or it is free again (before one), and they may not sit at or watch that table again unless the host
invites them (``friends.invite``)."""

from __future__ import annotations

from ..i18n import _, speaking
from .names import identity, same
from .registry import Server
from .seats import TableState
from .session import Session
from .table import Table


def kept_out(table: Table, session: Session) -> bool:
    """Whether the person was asked to leave the table and not invited back since: said, and True."""
    if identity(session.account) not in table.kicked:
        return False
    session.say([_("The host of table {name} asked you to leave it; only an invitation brings you back.").format(
        name=table.name)])
    return True


async def kick(server: Server, session: Session, rest: str) -> None:
    """``kick NAME`` (the host only: ``KICK``'s declaration): the person leaves the table, seated or watching,
    here or away."""
    table = session.place
    assert table is not None
    name = rest.strip()
    if not name:
        session.say([_("Ask whom to leave? For example: kick Anna")])
        return
    if same(name, session.account):
        session.say([_("You cannot ask yourself to leave.")])
        return
    seat = table.seat_of(name)
    watcher = next((other for other in table.spectators if same(other.account, name)), None)
    if seat is None and watcher is None:
        session.say([_("{name} is not at table {table}.").format(name=name[:20], table=table.name)])
        return
    account = table.seating[seat] if seat is not None else watcher.account if watcher is not None else name
    assert account is not None
    table.kicked.add(identity(account))
    table.invited.discard(identity(account))
    present = table.present.get(seat) if seat is not None else watcher
    if isinstance(present, Session):
        present.place = None
        table.stand_up(present)
        with speaking(present.lang):
            present.say([_("{host} asked you to leave table {table}; you are in the lobby.").format(
                host=session.account, table=table.name)])
            present.prompt_place()
    elif seat is not None:
        away_from(table, seat)
    host = session.account
    table.tell_all(lambda: [_("{host} asked {name} to leave the table.").format(host=host, name=account)])
    server.log(f"{host} kicks {account} from {table.name}")


def away_from(table: Table, seat: int) -> None:
    """A seat whose person is away: a computer player plays it from now on (in a match), or it is free (before)."""
    timer = table.timers.pop(seat, None)
    if timer is not None:
        timer.cancel()
    if table.state == TableState.PLAYING:
        table.standin.add(seat)
        table.schedule()
    else:
        table.seating[seat] = None
    table.remember()
