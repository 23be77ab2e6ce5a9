"""Logging in, in the order a person meets it: a name, then a password (for a new name: the password twice, and the
account exists from then on), all within ``Limits.login`` seconds.

The name is taken as its identity (``names.identity``), so a lookalike spelling of someone's name asks for that
person's password; a new name must be written plainly and look like nobody else's (``names.name_refusal``). A
password must be UTF-8 text; it is never cleaned, logged or checked in any other form. Guesses are counted before
they are checked and slowed down, never locking an owner out (``guesses.py``). Each refusal is one sentence saying
what to do, then the same question again, and one line in the server's log (never a password, never a typed line).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..i18n import LANGUAGES, N_, _, speaking
from ..narration.voice import CardStyle, Verbosity
from ..wire.asks import AskKind
from . import passwords
from .admission import network
from .allowances import Rate, Work
from .db.core import NotWritten
from .guesses import Guess
from .names import identity, name_refusal, typed
from .operators import banned
from .peer import REFUSALS, Refused
from .session import SOUNDS

if TYPE_CHECKING:
    from .registry import Server
    from .session import Session

PASSWORD_LIMIT = 200
SHORTEST_PASSWORD = 4
WRONG_PASSWORDS = 3
"""Wrong passwords on one connection before it is closed."""

NAME_QUESTION = N_("Name? ")


class Login:
    """One connection's way in; ``run`` is True once the person is logged in (``Session.account`` set)."""

    def __init__(self, session: Session, server: Server) -> None:
        self.session = session
        self.server = server
        self.address = network(session.peer.address)
        self.wrong = 0
        if "lang" not in session.chosen:
            session.lang = server.language  # until the client or the account says another

    def say(self, message: str, **values: str) -> None:
        """A sentence in the person's language as it is now (``commerce join`` may say it while logging in)."""
        with speaking(self.session.lang):
            self.session.say([_(message).format(**values)])

    def refused(self, reason: str) -> None:
        self.server.log(f"refused {self.session.peer.address}: {reason}")

    async def run(self) -> bool:
        """The whole login, within its deadline."""
        seconds = self.server.limits.login
        try:
            async with asyncio.timeout(seconds):
                return await self.steps()
        except TimeoutError:
            self.say(N_("You did not log in within {seconds} seconds; goodbye."), seconds=f"{seconds:g}")
            self.refused("no login in time")
            return False

    async def steps(self) -> bool:
        """A name, then its account's password or a new account's two, until one of them lets the person in; or at
        once, a page that came back with its resume token (``resumes.py``)."""
        if self.resumed():
            return True
        while True:
            name = await self.name()
            if name is None:
                return False
            found = self.server.store.accounts.find(name)
            done = await (self.new_account(name) if found is None else self.password_of(*found))
            if done is None:
                return False
            if done:
                return True

    def resumed(self) -> bool:
        """Logged in by the resume token the client came back with, if it is good; if it is not, the person is told
        and logs in as anyone does."""
        token = self.session.peer.declared.resume
        if token is None:
            return False
        account = self.server.resumes.take(token)
        found = self.server.store.accounts.find(account) if account is not None else None
        if found is None:
            self.say(N_("Your earlier login has ended; log in again."))
            self.refused("a resume token not good")
            return False
        name, _hashed, settings = found
        if self.banned(name):
            return False
        self.session.account = name
        self.apply_settings(settings)
        self.server.store.addresses.logged_in_from(name, self.address)
        self.server.log(f"resumed {name} from {self.session.peer.address}")
        return True

    # ----- the name -----

    async def name(self) -> str | None:
        """A name (in NFC), asked until one comes; None if the connection ended or gave too many. Every line given
        here counts against the address's logins a minute, a blank one and one too long too (each is answered)."""
        while True:
            self.session.prompt(self.session.t(NAME_QUESTION), AskKind.NAME)
            line = await self.session.peer.read_line()
            if line is None:
                return None
            if not self.session.allowed(Work.NAME, rate=Rate(self.server.limits.logins, 60.0)):
                self.say(N_("Too many logins from your address; try again in a minute."))
                self.refused("too many logins from the address")
                return None
            if isinstance(line, Refused):
                self.say(REFUSALS[line])
                continue
            name = typed(line)
            if name:
                return name

    # ----- an account's password -----

    async def password_of(self, name: str, hashed: str, settings: dict[str, str]) -> bool | None:
        """The password of an existing account (``name`` as it was created): True if right, False to ask the name
        again, None to end the connection."""
        guesses, key = self.server.guesses, identity(name)
        known = self.server.store.addresses.known(name, self.address)
        spent = guesses.refusal(key, self.address, known)
        if spent is not None:
            return self.spent(spent, name)
        password = await self.password(N_("Password? "), AskKind.PASSWORD)
        if password is None:
            return None
        guess = guesses.reserve(key, self.address, known)  # counted now, before any wait: see guesses.py
        if not isinstance(guess, Guess):
            return self.spent(guess, name)
        await asyncio.sleep(guesses.wait(guess))
        right = await asyncio.get_running_loop().run_in_executor(
            self.server.hashing, passwords.verify_password, hashed, password)
        if not right:
            self.server.log(f"failed login {self.session.peer.address} {name}")
            await asyncio.sleep(guesses.wrong(guess))
            self.wrong += 1
            if self.wrong >= WRONG_PASSWORDS:  # the connection closes: said, not just done
                self.say(N_("Wrong password, the third time: goodbye. Connect again to try once more."))
                return None
            self.say(N_("Wrong password."))
            return False
        guesses.right(guess)
        if self.banned(name):
            return None
        self.session.account = name
        self.apply_settings(settings)
        self.server.store.addresses.logged_in_from(name, self.address)
        return True

    def spent(self, spent: str, name: str) -> bool:
        if spent == "account":
            self.say(N_("Too many wrong passwords for {name}; try again in a few minutes."), name=name)
        else:
            self.say(N_("Too many wrong passwords from your address; try again in a few minutes."))
        self.refused(f"too many wrong passwords for {name} ({spent})")
        return False

    async def password(self, question: str, kind: AskKind) -> str | None:
        """A password (a question of a secret kind, its line read as a secret: a telnet client's echo is off for it)
        until one comes that is UTF-8 text of a line's length; None if the connection ended."""
        while True:
            self.session.prompt(self.session.t(question), kind)
            line = await self.session.peer.read_line(secret=True)
            if line is None:
                return None
            if isinstance(line, str) and "\ufffd" in line:
                line = Refused.NOT_UTF8
            if isinstance(line, Refused):
                self.say(REFUSALS[line])
                if line is Refused.NOT_UTF8:
                    self.refused("a password not UTF-8")
            else:
                return line[:PASSWORD_LIMIT]

    # ----- a new account -----

    async def new_account(self, name: str) -> bool | None:
        """Ask a new name's password twice and create the account: True if made, False to ask the name again,
        None if the connection ended."""
        store = self.server.store
        refusal = name_refusal(name, store.accounts.lookalikes(name))
        if refusal is not None:
            with speaking(self.session.lang):
                self.session.say([refusal.sentence()])
            self.refused(f"a new name ({refusal.kind})")
            return False
        self.say(N_("{name} is new here."), name=name)
        while True:  # a password too short, or two that differ: the password is asked again, not the name
            first = await self.password(N_("Choose a password? "), AskKind.NEW_PASSWORD)
            if first is None:
                return None
            if len(first) < SHORTEST_PASSWORD:
                self.say(N_("A password needs at least 4 characters."))
                continue
            second = await self.password(N_("The password again? "), AskKind.CONFIRM)
            if second is None:
                return None
            if first == second:
                break
            self.say(N_("The passwords differ. Choose one again."))
        hashed = await asyncio.get_running_loop().run_in_executor(self.server.hashing, passwords.hash_password, first)
        session = self.session
        if session.peer.declared.screen_reader and "verbosity" not in session.chosen:
            session.verbosity = "brief"  # MTTS says a screen reader reads along: say less by default
            session.chosen["verbosity"] = "brief"
        try:
            created = await store.accounts.create(name, hashed, dict(session.chosen))
        except NotWritten as error:
            self.server.log(f"new account not written: {error!r}")
            self.say(N_("The server cannot save right now: try again in a moment."))
            return False
        if not created:
            self.say(N_("That name was just taken; choose another."))
            self.refused("a new name (just taken)")
            return False
        self.server.log(f"new account {name} from {session.peer.address}")
        session.account = name
        store.addresses.logged_in_from(name, self.address)
        return True

    def banned(self, name: str) -> bool:
        """An operator banned the account (``operators.py``): told why and until when, and True."""
        sentence = banned(self.server, name)
        if sentence is None:
            return False
        self.session.say([sentence])
        self.refused(f"{name} banned")
        return True

    def apply_settings(self, settings: dict[str, str]) -> None:
        """The account's remembered settings, then what the client asked for now (``commerce join``)."""
        session = self.session
        merged = {**settings, **session.chosen}
        if merged.get("lang") in LANGUAGES:
            session.lang = merged["lang"]
        if merged.get("verbosity") in Verbosity.__members__.values():
            session.verbosity = merged["verbosity"]
        elif session.peer.declared.screen_reader:
            session.verbosity = "brief"
        if merged.get("cards") in CardStyle.__members__.values():
            session.cards = merged["cards"]
        if merged.get("sounds") in SOUNDS:
            session.sounds = merged["sounds"]
        if merged.get("friends") in SOUNDS:  # on or off, as the sounds
            session.friend_news = merged["friends"]
        if session.chosen:
            session.keep_settings()
