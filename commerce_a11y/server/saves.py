"""A table's match on disk: its sealed record after every move, written in place into two files in turn.

The local game replaces its one save whole after each action (a new temporary file, fsync, rename:
``storage.atomic_write``). A server saves hundreds of tables many times a second, and on a journaling file system
each such replacement makes a new file and renames it in the journal: about a millisecond of the disk's and the
processor's time per move, which held the whole server near a thousand moves a second whatever the event loop did
(bench/serve_load.py). So a table writes its two files in turn, each in place (overwritten from its start, cut to
length, fdatasync): the file not being written always holds the save before, whole. A write cut short (SIGKILL in
the middle of it, a power cut) leaves a file whose seal does not match its lines, and reading passes it over for
the other one, which holds the last move anyone heard, since a move is told only once its save is written. A write
that fails (a full disk) leaves the same, and the next save goes into that file again, never over the last one. Of
two files that unseal, the longer record is the later save (a match's record only grows); of two matches' files
(an earlier match's that could not be removed), the one written last.

Files are opened with ``os.open`` and synced with ``fdatasync`` where there is one (``fsync`` on Windows): nothing
here needs a platform's own module.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import Any

from ..rules import RECORD_FORMAT
from ..storage import SaveRefused, Sealer, read_save, unseal

_SYNC = getattr(os, "fdatasync", os.fsync)  # Windows has only fsync


class TableSaves:
    """One table's save files: ``path`` and a second one beside it (``NAME.2.jsonl``), written in turn."""

    def __init__(self, path: Path) -> None:
        self.paths = (path, path.with_name(path.stem + ".2" + path.suffix))
        self.sealer = Sealer()
        self.turn = 0
        """The file the next save goes into."""
        self.fresh = True
        """No save of this match yet: the first removes the files an earlier match left."""

    def write(self, lines: list[str], ended: str | None = None, ident: str | None = None) -> bool:
        """Save the record so far, sealed (``ended`` and ``ident`` as in ``storage.seal``); False if it could not be
        written (the other file still holds the save before)."""
        known = len(self.sealer.lines)
        if lines[:known] != self.sealer.lines:  # another match's record: sealed afresh, the files of the one
            self.sealer, known = Sealer(), 0  # before removed first
            self.fresh = True
        self.sealer.add(lines[known:])
        data = self.sealer.text(ended, ident).encode("utf-8")
        path = self.paths[self.turn]
        try:
            if self.fresh:  # whatever an earlier match left goes before this match's first save
                path.parent.mkdir(parents=True, exist_ok=True)
                self.remove()
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
            with os.fdopen(fd, "r+b") as out:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    return False  # something other than a file took its name: never written into
                out.write(data)
                out.truncate()
                out.flush()
                _SYNC(fd)
        except OSError:
            return False
        self.turn = 1 - self.turn
        self.fresh = False
        return True

    def load(self) -> tuple[list[str], dict[str, Any]] | None:
        """The later of the two saves that unseal: its record lines and seal; the next save then goes into the other
        file. None when there is no save; ``SaveRefused`` when there are files but none can be read."""
        found: list[tuple[int, bool, int, list[str], dict[str, Any], float]] = []
        refused: SaveRefused | None = None
        for turn, path in enumerate(self.paths):
            try:
                text = read_save(path)
                if text is None:
                    continue
                lines, stamp = unseal(text, RECORD_FORMAT)
                written = path.stat().st_mtime
            except SaveRefused as error:
                refused = refused or error
                continue
            except OSError:
                continue
            found.append((len(lines), "ended" in stamp, turn, lines, stamp, written))
        if not found:
            if refused is not None:
                raise refused
            return None
        if len({f[3][0] for f in found}) > 1:
            # Two matches' saves (an earlier match's file could not be removed: on Windows a virus scanner may
            # hold it open): the one written last, not the longer record.
            found = [max(found, key=lambda f: (f[5], f[:3]))]
        _size, _ended, turn, lines, stamp, _written = max(found, key=lambda f: f[:3])
        self.sealer = Sealer(lines)
        self.turn = 1 - turn
        self.fresh = False
        return lines, stamp

    def remove(self) -> None:
        """Both files, the one the next save would go into first: that one holds the save before the last (or a
        write cut short), so a kill between the two leaves the last save, never the one before it (which a restart
        would take up again a move too early, for a match already over and filed)."""
        for path in (self.paths[self.turn], self.paths[1 - self.turn]):
            with contextlib.suppress(OSError):
                path.unlink()
