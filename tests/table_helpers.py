"""What tests of the table server share: a person as a table talks to them, for a ``Table`` driven in process, and
the forms in which a match's key could travel, for the tests that no byte carries it (issue 23)."""

from __future__ import annotations

from typing import Any

from commerce_a11y.seat.settings import ChangeSetting, Setting
from commerce_a11y.wire.asks import AskKind


class Person:
    """A seated person as a table talks to them (``roles.Person``, the part of a session a table uses): they hear
    everything and, as ``commerce join`` does, take data and keep records (``client=False``: a plain telnet client)."""

    def __init__(self, account: str, client: bool = True) -> None:
        self.account = account
        self.lang, self.verbosity, self.cards = "en", "normal", "names"
        self.takes_data = client
        self.keeps_records = client
        self.heard: list[str] = []
        self.messages: list[tuple[str, Any]] = []

    def settings(self) -> tuple[str, str, str]:
        return self.lang, self.verbosity, self.cards

    def say(self, lines: list[str]) -> None:
        self.heard += lines

    def prompt(self, text: str, kind: AskKind) -> None:
        self.heard.append(text)

    def send(self, package: str, data: Any) -> None:
        self.messages.append((package, data))

    def prompt_place(self) -> None:
        pass

    def to_lobby(self) -> None:
        pass

    def use(self, change: ChangeSetting) -> str:
        """A setting used as ``session.Session.use`` uses it: the person's own, and the sentence that confirms it."""
        setattr(self, "lang" if change.setting is Setting.LANGUAGE else change.setting.value, change.value)
        return change.said()


def traces(key: bytes) -> list[bytes]:
    """The forms in which a key could travel: its bytes, hexadecimal either case, decimal either byte order."""
    hexa = key.hex()
    return [key, hexa.encode(), hexa.upper().encode(), str(int.from_bytes(key, "big")).encode(),
            str(int.from_bytes(key, "little")).encode()]


def carries(data: bytes, key: bytes) -> bool:
    return any(trace in data for trace in traces(key))
