"""People talking to each other: chat (``say``) to the room, a tell to one person (``tell``, ``reply``), tells kept
for a person who was away, and ``ignore``.

Every word one person says to others goes through ``hears``: a person someone ignores never reaches them (chat,
tells, kept tells), and is not told so. Each line is one the game never says ("Anna says: ...", "Anna tells you:
..."), and a MUD client gets it once more as GMCP ``Comm.Channel.Text`` (Mudlet's convention, for its chat windows
and triggers), with the channel ("lobby", "table" or "tell"), the talker and the line.
"""

from __future__ import annotations

import time

from ..cleaning import collapse_blanks
from ..i18n import N_, _, speaking
from .allowances import Work
from .db.core import NotWritten
from .db.talk import Lists
from .names import identity, same
from .registry import Server
from .roles import Person
from .session import TOO_MANY_CHANGES, Session

CHAT_LIMIT = 300
"""Characters of one chat line or tell; what is longer is cut."""
CHANNEL = "Comm.Channel.Text"


def when(until: float) -> str:
    """A moment as every language reads it: the date and the time in UTC."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(until))


def muted(session: Session) -> bool:
    """Whether an operator muted the person (``operators.py``) and it has not run out: said, and True."""
    mute = session.muted
    if mute is None:
        return False
    if mute.until is not None and mute.until <= session.server.clock():
        session.muted = None
        return False
    session.say([_("You are muted until {time}.").format(time=when(mute.until)) if mute.until is not None
                 else _("You are muted.")])
    return True


def hears(listener: Person, talker: str) -> bool:
    """Whether ``listener`` hears what ``talker`` (an account's name) says: not if they ignore them."""
    return identity(talker) not in listener.ignoring


def tell_line(listener: Person, channel: str, talker: str, line: str) -> None:
    """One line of talk to one listener, in their language already: said, and sent as ``Comm.Channel.Text``."""
    listener.say([line])
    listener.send(CHANNEL, {"channel": channel, "talker": talker, "text": line})
    listener.heard.append((identity(talker), line))


def spoken(session: Session, rest: str) -> str | None:
    """What a person says, every run of blanks one space (padding cannot push its end onto a line of its own in a
    client that wraps), cut at ``CHAT_LIMIT``; None if over their budget (said)."""
    text = collapse_blanks(rest)[:CHAT_LIMIT]
    if text and (muted(session) or not session.allowed(Work.CHAT, N_("Too many messages; wait a moment."))):
        return None
    return text


async def chat(server: Server, session: Session, rest: str) -> None:
    """Chat to everyone in the room: the lobby, or the table (its people and its spectators)."""
    text = spoken(session, rest)
    if text is None:
        return
    if not text:
        session.say([_("Say what? For example: say hello")])
        return
    name, place = session.account, session.place
    listeners = place.everyone() if place is not None else server.lobby_sessions()
    for listener in listeners:
        if hears(listener, name):
            with speaking(listener.lang):
                tell_line(listener, "table" if place is not None else "lobby", name,
                          _("{name} says: {text}").format(name=name, text=text))


async def tell(server: Server, session: Session, rest: str) -> None:
    """A tell: ``NAME text``, to one person, online or not."""
    name, _sep, said = rest.strip().partition(" ")
    if not name or not said.strip():
        session.say([_("Tell whom what? For example: tell Anna hello")])
        return
    await tell_to(server, session, name, said)


async def reply(server: Server, session: Session, rest: str) -> None:
    """A tell to whoever told this person something last."""
    if not session.reply_to:
        session.say([_("Nobody has told you anything yet.")])
        return
    if not rest.strip():
        session.say([_("Reply what? For example: reply thanks")])
        return
    await tell_to(server, session, session.reply_to, rest)


async def tell_to(server: Server, session: Session, name: str, said: str) -> None:
    """The tell to ``name``: heard at once if they are online, else kept for their next login (within bounds). A
    person who ignores the teller gets nothing, and the teller hears what they would have heard anyway."""
    if same(name, session.account):
        session.say([_("You cannot tell yourself.")])
        return
    receiver = server.online.get(identity(name))
    found = receiver.account if receiver is not None else account_name(server, name)
    if found is None:
        session.say([_("There is nobody called {name}.").format(name=name[:20])])
        return
    text = spoken(session, said)
    if text is None:
        return
    teller = session.account
    if receiver is not None:
        if hears(receiver, teller):
            with speaking(receiver.lang):
                tell_line(receiver, "tell", teller, _("{name} tells you: {text}").format(name=teller, text=text))
            receiver.reply_to = teller
        tell_line(session, "tell", teller, _("You tell {name}: {text}").format(name=found, text=text))
        return
    ignored = identity(teller) in server.store.ignores.of(found)
    try:
        kept = "kept" if ignored else await server.store.tells.keep(teller, found, text)
    except NotWritten:
        session.say([_("The server could not keep it; try again later.")])
        return
    if kept == "receiver full":
        session.say([_("{name} has too many messages waiting; try again later.").format(name=found)])
    elif kept == "sender full":
        session.say([_("You have too many messages waiting for others; try again once they have read them.")])
    else:
        session.say([_("{name} is not online; they hear it at their next login.").format(name=found)])


def account_name(server: Server, name: str) -> str | None:
    """The name of the account ``name`` is, as it was made; None if there is none."""
    found = server.store.accounts.find(name)
    return found[0] if found is not None else None


def deliver_kept(server: Server, session: Session) -> None:
    """At a login: the tells kept for the person, oldest first, each said once (those of a person they ignore
    are dropped unsaid)."""
    kept = server.store.tells.of(session.account)
    if not kept:
        return
    for told in kept:
        if hears(session, told.sender):
            tell_line(session, "tell", told.sender, _("While you were away, {name} told you: {text}").format(
                name=told.sender, text=told.text))
            session.reply_to = told.sender
    server.store.tells.done([told.number for told in kept])


def other_account(server: Server, session: Session, name: str, yourself: str) -> str | None:
    """The account a person names, not their own: its name as it was made; None if there is none, or it is theirs
    (said: ``yourself``)."""
    found = account_name(server, name)
    if found is None:
        session.say([_("There is nobody called {name}.").format(name=name[:20])])
        return None
    if same(found, session.account):
        session.say([yourself])
        return None
    return found


def listed(session: Session, names: dict[str, str], store: Lists, name: str, on: bool) -> bool:
    """``name`` put on (``on``) or taken off one of the person's lists (whom they ignore, their friends), in their
    session and in the store, within their budget of changes; False if over it (said)."""
    if not session.allowed(Work.SETTING, TOO_MANY_CHANGES):
        return False
    if on:
        names[identity(name)] = name
        store.add(session.account, name)
    else:
        names.pop(identity(name), None)
        store.remove(session.account, name)
    return True


async def ignore(server: Server, session: Session, rest: str) -> None:
    """``ignore NAME``: their chat, tells and invitations no longer reach this person. Alone: whom they ignore."""
    name = rest.strip()
    if not name:
        names = sorted(session.ignoring.values(), key=str.casefold)
        session.say([_("You ignore: {names}.").format(names=", ".join(names)) if names
                     else _("You ignore nobody.")])
        return
    found = other_account(server, session, name, _("You cannot ignore yourself."))
    if found is not None and listed(session, session.ignoring, server.store.ignores, found, on=True):
        session.say([_("You ignore {name}: their chat and tells no longer reach you.").format(name=found)])


async def unignore(server: Server, session: Session, rest: str) -> None:
    """``unignore NAME``: hear them again."""
    name = rest.strip()
    found = session.ignoring.get(identity(name))
    if found is None:
        session.say([_("You do not ignore {name}.").format(name=name[:20]) if name
                     else _("Unignore whom? For example: unignore Anna")])
    elif listed(session, session.ignoring, server.store.ignores, found, on=False):
        session.say([_("You hear {name} again.").format(name=found)])
