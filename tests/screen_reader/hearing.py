"""What a player heard and read in one burst of the game's output: the lines the game printed, the lines Orca
spoke (from its debug log) and the braille line Orca showed at the question, and what is wrong with them.

A burst is everything from one answer (or the start of the game) to the next question. The game's output is
``script``'s typescript of the terminal, Orca's is its ``--debug-file``; both are cut at the same moments (when the
question was on screen and spoken), so each burst has its own slice of each. Spoken lines are compared, never
whole messages: Orca joins the lines that arrive together into one message, and where it splits them varies from
run to run. Key echo (the letters typed, "return") is not a line of the game's and is left out.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .desktop import CELLS

RECORD = re.compile(r"^\d\d:\d\d:\d\d\.\d{6} - (.*)$")
"""A record of Orca's debug log begins with its time; its further lines are indented by 18 spaces."""
SPOKEN = re.compile(r"(?s)^SPEECH OUTPUT: '(.*)'\s*(?:\[?\{.*\}\]?)?\s*$")
BRAILLE = re.compile(r"^BRAILLE LINE:  '(.*)'$")
VISIBLE = re.compile(r"^\s*VISIBLE:  '(.*)', cursor=(\d+)$")
KEY_NAME = re.compile(r"^[a-z_]+(?: [a-z_]+)? $")
"""Orca's echo of a key that is no letter ("return ", "left control ")."""
ESCAPE = re.compile(r"\x1b|\\x1b|\\033|\\e\[|\[\??[0-9;]+[A-Za-z]")
"""An escape sequence as the terminal got it, or as the debug log writes one."""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>78]")


def norm(line: str) -> str:
    return " ".join(line.split())


def records(log: str) -> list[str]:
    """Orca's debug log as records, each with its further lines joined by newlines."""
    found: list[str] = []
    for line in log.split("\n"):
        match = RECORD.match(line)
        if match:
            found.append(match[1])
        elif found and line.startswith(" " * 18):
            found[-1] += "\n" + line[18:]
    return found


def printed_lines(typescript: str, answered: bool) -> list[str]:
    """The lines of one burst of the terminal's output, the question (unended) last. The first line is dropped when
    the burst begins with an answer: it is the rest of the question's line, the answer's echo."""
    text = ANSI.sub("", typescript)
    lines = [line.rstrip("\r").split("\r")[-1] for line in text.split("\n")]
    if answered:
        lines = lines[1:]
    return [norm(line) for line in lines if line.strip() and not line.startswith(("Script started", "Script done"))]


@dataclass
class Burst:
    """One burst: what was typed before it, the game's lines, and Orca's records of the same time."""

    answer: str | None
    """The answer that began it (None: the start of the game)."""
    typescript: str
    log: str
    question: bool = True
    """Whether it ends at a question (the last burst ends with the game)."""

    @property
    def printed(self) -> list[str]:
        return printed_lines(self.typescript, self.answer is not None)

    def fragments(self) -> list[str]:
        """What Orca spoke after the key that began the burst, one piece per line of each message, as spoken (key
        names left out). Before that key is the echo of the answer typed; without one, all of it."""
        messages = [match[1] for record in records(self.log) if (match := SPOKEN.match(record))]
        keys = [i for i, text in enumerate(messages) if KEY_NAME.match(text)]
        if keys:
            messages = messages[keys[0] + 1:]
        return [line for text in messages if not KEY_NAME.match(text) for line in text.split("\n") if line.strip()]

    def read_early(self, lines: list[str]) -> int:
        """How many of ``lines`` at their start are this burst's own last lines, spoken once more before the burst.
        Orca 43 on a loaded machine can be behind the terminal: when it comes to the echo of the answer's Enter
        after the burst has scrolled the screen, it reads the text now at the echo's old offsets up to the cursor,
        which is the end of the burst, question included (its debug log: "Adjusted insertion" of the echo event
        holding the burst's last lines); then it speaks the burst in order. The game printed them once; a player
        hears the end early but misses nothing, so they are not counted twice. Only lines spoken more often than
        the burst printed them count as read early. The old offsets may fall inside a line: then the first line
        read early is the end of one."""
        printed = self.printed
        said, times_printed = Counter(lines), Counter(printed)
        for count in range(min(len(lines) - 1, len(printed)), 0, -1):
            head, end = lines[:count], printed[-count:]
            if head[1:] == end[1:] and end[0].endswith(head[0]) and all(
                    said[line] - times >= times_printed[line] for line, times in Counter(head).items()
                    if line in times_printed):
                return count
        return 0

    def spoken(self) -> list[str]:
        """The lines Orca spoke, in order. Where the terminal got a line in pieces, Orca speaks each piece as it
        comes ("Your turn", then ": swap, pass, in?"): a player hears the line whole, so the pieces that make up a
        printed line, one after the other, count as that line."""
        printed = self.printed
        lines: list[str] = []
        pending = ""

        def begins_a_line(text: str) -> bool:
            return any(line.startswith(norm(text)) for line in printed)

        for piece in self.fragments():
            if pending and begins_a_line(pending + piece):
                pending += piece
            else:
                if pending:
                    lines.append(norm(pending))
                pending = piece
            if norm(pending) in printed or not begins_a_line(pending):
                lines.append(norm(pending))
                pending = ""
        if pending:
            lines.append(norm(pending))
        return lines[self.read_early(lines):]

    def braille(self) -> tuple[str, str, int] | None:
        """Orca's last braille line in the burst: the line, the part of it on the display, the cursor's cell."""
        line = shown = None
        cursor = 0
        for record in records(self.log):
            if match := BRAILLE.match(record):
                line = match[1]
            elif (match := VISIBLE.match(record)) and line is not None:
                shown, cursor = match[1], int(match[2])
        return None if line is None or shown is None else (line, shown, cursor)

    def problems(self) -> list[str]:
        """What a player would miss or be bothered by in this burst, each as one sentence (none: all is well)."""
        found: list[str] = []
        printed, spoken = self.printed, self.spoken()
        said = Counter(spoken)
        for line, times in Counter(printed).items():
            if said[line] != times:
                found.append(f"printed {times}x, spoken {said[line]}x: {line!r}")
        if found:
            found.append(f"(Orca spoke {self.fragments()!r})")
        if self.question and printed and spoken and spoken[-1] != printed[-1]:
            found.append(f"the question {printed[-1]!r} is not spoken last (last: {spoken[-1]!r})")
        for record in records(self.log):
            if record.startswith("SPEECH OUTPUT") and ESCAPE.search(record):
                found.append(f"an escape sequence spoken: {record[:80]!r}")
        if self.question:
            found += self.braille_problems(printed[-1] if printed else "")
        return found

    def braille_problems(self, question: str) -> list[str]:
        """The question's line on the 40-cell display: all of it and the cursor in the window."""
        shown = self.braille()
        if shown is None:
            return [f"no braille line at the question {question!r}"]
        line, window, cursor = shown
        start = line.rfind(window) if window else 0
        cells = max(len(line), start + cursor if cursor else len(line) + 1)
        if window != line or not 1 <= cursor <= CELLS or cells > CELLS:
            return [f"{question!r} takes {cells} cells with the cursor: the display shows {window!r} of {line!r}"]
        return []
