"""Friends: ``friend NAME``, ``unfriend NAME``, ``friends`` (who of them is online, and where), and a friend's
arrival and leaving told once (``friends off`` stops it). Asking someone to a table (``invite``) is the lobby's
(``lobby_commands.py``).

A friend is one person's list, not an agreement: nobody is told they were made a friend. What someone ignores
(``talk.hears``) never reaches them from here either: not their arrival, not their invitation.
"""

from __future__ import annotations

from ..i18n import _, speaking
from ..seat.parser import normalize, setting_vocabulary
from .allowances import Work
from .names import identity
from .registry import Server
from .session import TOO_MANY_CHANGES, Session
from .talk import hears, listed, other_account

FRIENDS_MOST = 100
"""Friends one person may keep: a list read aloud, not an address book."""
NEWS = ("on", "off")
AWAY_LINE = 4
"""Friends not online named in one line: a short line each, as a braille display shows it."""


def friend_line(other: Session) -> str:
    """Where a friend is, in one sentence of the listener's language: the lobby, a table, watching one."""
    table = other.place
    if table is None:
        return _("{name} is in the lobby.").format(name=other.account)
    if other in table.spectators:
        return _("{name} is watching table {table}.").format(name=other.account, table=table.name)
    return _("{name} is at table {table}.").format(name=other.account, table=table.name)


def arrived(server: Server, session: Session, here: bool) -> None:
    """A person logged in (``here``) or left: told once to each friend online who has them on their list, takes the
    news, and does not ignore them."""
    key, name = identity(session.account), session.account
    for other in list(server.online.values()):
        if other is session or key not in other.friends or other.friend_news != "on" or not hears(other, name):
            continue
        with speaking(other.lang):
            other.say([_("Your friend {name} is online.").format(name=name) if here
                       else _("Your friend {name} has left.").format(name=name)])


async def friend(server: Server, session: Session, rest: str) -> None:
    """``friend NAME``: on the list; alone, as ``friends``."""
    name = rest.strip()
    if not name:
        await friends(server, session, "")
        return
    found = other_account(server, session, name, _("You are your own friend already."))
    if found is None:
        return
    if identity(found) in session.friends:
        session.say([_("{name} is your friend already.").format(name=found)])
    elif len(session.friends) >= FRIENDS_MOST:
        session.say([_("Your list of friends is full.")])
    elif listed(session, session.friends, server.store.friends, found, on=True):
        session.say([_("{name} is your friend: you hear when they come and go.").format(name=found)])


async def unfriend(server: Server, session: Session, rest: str) -> None:
    """``unfriend NAME``: off the list."""
    name = rest.strip()
    found = session.friends.get(identity(name))
    if found is None:
        session.say([_("{name} is not your friend.").format(name=name[:20]) if name
                     else _("Unfriend whom? For example: unfriend Anna")])
    elif listed(session, session.friends, server.store.friends, found, on=False):
        session.say([_("{name} is no longer your friend.").format(name=found)])


async def friends(server: Server, session: Session, rest: str) -> None:
    """``friends``: who of them is online and where, then who is not; ``friends on`` or ``off``: their arrivals
    and leaving told, or not."""
    word = normalize(rest)
    news = setting_vocabulary(session.lang).get(word, word)  # "aus" as "off", in the person's language or English
    if news in NEWS:
        if not session.allowed(Work.SETTING, TOO_MANY_CHANGES):
            return
        session.friend_news = news
        session.keep_settings()
        session.say([_("You hear when friends come and go.") if news == "on"
                     else _("You no longer hear when friends come and go.")])
        return
    if not session.friends:
        session.say([_("You have no friends on your list yet. Add one: friend NAME")])
        return
    online = [other for key in session.friends if (other := server.online.get(key)) is not None]
    lines = [friend_line(other) for other in sorted(online, key=lambda other: other.account.casefold())]
    away = sorted((name for key, name in session.friends.items() if key not in server.online), key=str.casefold)
    for start in range(0, len(away), AWAY_LINE):
        lines.append(_("Not online: {names}.").format(names=", ".join(away[start:start + AWAY_LINE])))
    session.say(lines)
