"""The kinds of question the server asks, sent as GMCP ``Commerce.Ask`` before each prompt.

A client that reads them knows what a prompt wants without reading its words (which are in the player's language):
``commerce join`` answers the login's questions itself and turns the client's echo off for a password.
"""

from __future__ import annotations

from enum import StrEnum


class AskKind(StrEnum):
    """What a prompt asks for; the value is the word on the wire."""

    NAME = "name"
    PASSWORD = "password"
    NEW_PASSWORD = "new-password"
    CONFIRM = "confirm"
    LOBBY = "lobby"
    TABLE = "table"
    TURN = "turn"
    RULES = "rules"

    @property
    def login(self) -> bool:
        """A question of logging in (a name or a password), which ``commerce join`` may answer itself."""
        return self in LOGIN_ASKS

    @property
    def secret(self) -> bool:
        """A password, typed with the echo off and never shown."""
        return self in (AskKind.PASSWORD, AskKind.NEW_PASSWORD, AskKind.CONFIRM)


LOGIN_ASKS = frozenset({AskKind.NAME, AskKind.PASSWORD, AskKind.NEW_PASSWORD, AskKind.CONFIRM})
