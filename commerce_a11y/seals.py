"""The seal on a saved match: how many lines it has and a digest of their content, on its first line.

A save that was cut short, changed by hand or written by a newer version is recognised when read (``unseal``) and
refused (``SaveRefused``) rather than loaded as something it is not. A table server's journal carries the same seal
after each save (``server/saves.py``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .cleaning import load_json

if TYPE_CHECKING:
    from hashlib import _Hash


SEAL = "save"
"""The match line's field that seals a saved match: how many lines it has and a digest of their content."""


class SaveRefused(Exception):
    """A saved match that must not be loaded; ``reason`` is ``damaged``, ``edited`` or ``newer``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _canonical(obj: dict[str, Any]) -> bytes:
    """A line's content as the seal's digest reads it: keys sorted, no spacing, the seal left out."""
    return json.dumps({k: v for k, v in obj.items() if k != SEAL}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def _sha256(data: bytes = b"") -> _Hash:
    """A sha256 hash of ``data``, to be fed more; hashlib is imported here, where saves are sealed and read, so
    that commands that touch no save start without it."""
    import hashlib

    return hashlib.sha256(data)


def _digest(objects: list[dict[str, Any]]) -> str:
    """A digest of the lines' content (not their spacing), the seal left out: sha256 of their canonical forms, one
    per line, joined by newlines."""
    return _sha256(b"\n".join(_canonical(obj) for obj in objects)).hexdigest()


def content_digest(lines: list[str]) -> str:
    """The digest of a record's content: the same match record gives the same digest (an idempotence key)."""
    return _digest([json.loads(line) for line in lines])


class Sealer:
    """Record lines and the running digest of their content (the same as ``_digest``'s), ready to be sealed.

    Adding lines parses and hashes only those lines, so the save after each action costs the lines it adds, not the
    whole record again (a 245-hand Braillespiel match has 2,461 lines); the file's text after the match line grows
    the same way (``text``), so a save joins no more than the lines it adds either.
    """

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self.lines: list[str] = []
        self._sha = _sha256()
        self._rest = ""
        """The text of the lines after the match line, a newline after each, as far as ``_joined`` lines."""
        self._joined = 1
        self.add(lines)

    def add(self, lines: Iterable[str]) -> None:
        self.add_read((line, json.loads(line)) for line in lines)

    def add_read(self, read: Iterable[tuple[str, dict[str, Any]]]) -> None:
        """Lines that were parsed already, each with its object (a table's journal, read line by line): hashed
        without parsing them again."""
        for line, obj in read:
            self._sha.update((b"\n" if self.lines else b"") + _canonical(obj))
            self.lines.append(line)

    def stamp(self, ended: str | None = None, ident: str | None = None) -> dict[str, Any]:
        """The seal of the lines so far (see ``seal``): how many they are, their digest, and a finished match's end
        and identity. A table's journal writes it after each save's lines (``server/saves.py``)."""
        stamp: dict[str, Any] = {"lines": len(self.lines), "sha256": self._sha.copy().hexdigest()}
        if ended is not None:
            stamp["ended"] = ended
        if ident is not None:
            stamp["id"] = ident
        return stamp

    def _head(self, ended: str | None, ident: str | None) -> str:
        """The match line with the seal (see ``seal``)."""
        head = {**json.loads(self.lines[0]), SEAL: self.stamp(ended, ident)}
        return json.dumps(head, ensure_ascii=False, separators=(",", ":"))

    def sealed(self, ended: str | None = None, ident: str | None = None) -> list[str]:
        """The lines with a seal on the match line (see ``seal``)."""
        if not self.lines:
            return []
        return [self._head(ended, ident), *self.lines[1:]]

    def text(self, ended: str | None = None, ident: str | None = None) -> str:
        """``sealed`` as a file holds it, a newline after each line."""
        if not self.lines:
            return ""
        if self._joined < len(self.lines):
            self._rest += "".join(line + "\n" for line in self.lines[self._joined:])
            self._joined = len(self.lines)
        return self._head(ended, ident) + "\n" + self._rest


def seal(lines: list[str], ended: str | None = None, ident: str | None = None) -> list[str]:
    """The record lines with a seal on the match line, so that a cut or changed file is recognised when read.

    ``ended`` (the local time a finished match ended, ``YYYYMMDD-HHMMSS``) and ``ident`` (the finished match's own
    identity, ``new_ident``) go into the seal of a finished match: its record and statistics entry are then kept
    under that time and identity however often the keeping is retried.
    """
    return Sealer(lines).sealed(ended, ident)


def new_ident() -> str:
    """A finished match's own identity in the statistics: random, so that two matches played alike (the same seed,
    the same moves) still count twice."""
    import secrets

    return secrets.token_hex(8)


def seal_ident(stamp: dict[str, Any]) -> str | None:
    """The identity a finished save's seal carries, if it is one ``new_ident`` could have made."""
    ident = stamp.get("id")
    return ident if isinstance(ident, str) and re.fullmatch(r"[0-9a-f]{1,64}", ident) else None


def newer_format(head: dict[str, Any], known_format: int) -> bool:
    """Whether a match line's ``format`` is newer than ``known_format``: such a save is refused as newer, before its
    seal is read (a newer version may seal or frame it otherwise)."""
    found = head.get("format")
    return isinstance(found, int) and not isinstance(found, bool) and found > known_format


def unseal(text: str, known_format: int) -> tuple[list[str], dict[str, Any]]:
    """The record lines of a sealed save (as they were before sealing) and its seal, or ``SaveRefused``: cut short
    or damaged, changed, or of a newer format.

    The format is read before the seal, so that a save of a newer version is named as such even if that version
    seals differently.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        objects = [load_json(line) for line in lines]
    except ValueError:
        objects = []
    if not objects or not all(isinstance(obj, dict) for obj in objects):
        raise SaveRefused("damaged")
    if newer_format(objects[0], known_format):
        raise SaveRefused("newer")
    stamp = objects[0].get(SEAL)
    if not isinstance(stamp, dict) or stamp.get("lines") != len(lines):
        raise SaveRefused("damaged")
    if stamp.get("sha256") != _digest(objects):
        raise SaveRefused("edited")
    head = {k: v for k, v in objects[0].items() if k != SEAL}
    return [json.dumps(head, ensure_ascii=False, separators=(",", ":")), *lines[1:]], stamp
