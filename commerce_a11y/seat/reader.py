"""The rules reader: a rules book read section by section, with navigation a screen reader user can drive.

One reader serves ``commerce rules``, the in-game ``rules`` command and the table server's. ``Reader`` holds the
navigation alone (lines in, lines out, no terminal): the console runs it at a terminal (``console.reading``), the
table server from a player's connection, and the tests without either. The
commands are words from the catalogs, English ones working in every language as in the game: next (or just
Enter), back, repeat, a section's number or name, list, find and a word, help, quit. Bad input gets one short
sentence and the same question again. Ctrl-C and quit leave the reader; the end of input leaves it too, and says
so to the caller, so that a game can save and end as it does at the end of input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cleaning import clean
from ..i18n import _, active_language, ngettext
from ..narration.narrator import ruleset_title
from ..narration.rules_book import Section, rules_book
from ..rules import Ruleset
from .parser import normalize, reader_vocabulary, reader_words, section_vocabulary


def section_heading(number: int, section: Section) -> str:
    """The numbered title line of a section."""
    return _("{number}. {title}").format(number=number, title=section.title)


def book_lines(sections: Sequence[Section]) -> list[str]:
    """The whole book as plain text: one paragraph per section (its numbered title, then its lines)."""
    lines: list[str] = []
    for number, section in enumerate(sections, 1):
        if lines:
            lines.append("")
        lines += [section_heading(number, section), *section.lines]
    return lines


def find_section(sections: Sequence[Section], text: str, lang: str) -> int | None:
    """The index of the section a player named by number, by one of its words or by its title; else None."""
    key = normalize(text)
    if not key:
        return None
    if key.isdecimal():
        number = int(key)
        return number - 1 if 1 <= number <= len(sections) else None
    named = section_vocabulary(lang).get(key)
    for index, section in enumerate(sections):
        if section.key == named or normalize(section.title) == key:
            return index
    return None


@dataclass
class Reader:
    """Where the player is in a book, and what each command says."""

    sections: Sequence[Section]
    title: str
    """The ruleset's name, said when the book opens."""
    index: int = 0
    lang: str = field(default_factory=active_language)

    @classmethod
    def of(cls, rules: Ruleset) -> Reader:
        """The reader of a match's rules book (its ruleset and options)."""
        return cls(rules_book(rules), ruleset_title(rules))

    @property
    def count(self) -> int:
        return len(self.sections)

    def open(self, start: int | None = None) -> list[str]:
        """What is said first: the book's size and how to go on, then the first section; or the section asked."""
        if start is not None:
            self.index = start
            return self.read()
        self.index = 0
        intro = _("{ruleset}: rules in {count} sections. Press Enter for the next one, or type help.").format(
            ruleset=self.title, count=self.count)
        return [intro, *self.read()]

    def read(self) -> list[str]:
        section = self.sections[self.index]
        return [section_heading(self.index + 1, section), *section.lines]

    def prompt(self) -> str:
        words = reader_words(self.lang)
        commands = ", ".join(words[c] for c in ("next", "previous", "list", "search", "quit"))
        return _("Rules {number} of {count}: {commands}? ").format(number=self.index + 1, count=self.count,
                                                                   commands=commands)

    def handle(self, line: str) -> tuple[list[str], bool]:
        """What to say after one typed line, and whether the player leaves the reader."""
        if not line.strip():
            return self.move(1), False
        text = clean(line)
        if not text:  # only control characters (a stray arrow key): the same question, as in the game
            return [], False
        first, _sep, rest = text.partition(" ")
        command = reader_vocabulary(self.lang).get(normalize(first))
        if command == "quit":
            return [], True
        if command == "next":
            return self.move(1), False
        if command == "previous":
            return self.move(-1), False
        if command == "repeat":
            return self.read(), False
        if command == "list":
            return [section_heading(n, s) for n, s in enumerate(self.sections, 1)], False
        if command == "search":
            return self.search(rest.strip()), False
        if command == "help":
            return self.help(), False
        if normalize(text).isdecimal():
            found = find_section(self.sections, text, self.lang)
            if found is None:
                return [_("Choose a section from 1 to {count}.").format(count=self.count)], False
            self.index = found
            return self.read(), False
        found = find_section(self.sections, text, self.lang)
        if found is not None:
            self.index = found
            return self.read(), False
        return [_("I do not know {word}. Type help for the commands.").format(word=first[:20])], False

    def move(self, step: int) -> list[str]:
        target = self.index + step
        if target >= self.count:
            return [_("That was the last section.")]
        if target < 0:
            return [_("This is the first section.")]
        self.index = target
        return self.read()

    def search(self, word: str) -> list[str]:
        """Which sections hold the word (any case, accents and hyphens as typed); then the first of them."""
        key = normalize(word)
        if not key:
            return [_("Type a word after {search}.").format(search=reader_words(self.lang)["search"])]
        hits = [n for n, s in enumerate(self.sections) if key in normalize(" ".join((s.title, *s.lines)))]
        if not hits:
            return [_("No section mentions {word}.").format(word=word[:30])]
        numbers = ", ".join(str(n + 1) for n in hits)
        # The word begins the sentence, so it begins with a capital as a sentence does ("Feuer steht in ...").
        found = ngettext("{word} is in section {numbers}.", "{word} is in sections {numbers}.", len(hits)).format(
            word=word[:30][:1].upper() + word[1:30], numbers=numbers)
        self.index = hits[0]
        return [found, *self.read()]

    def help(self) -> list[str]:
        w = reader_words(self.lang)
        return [
            _("Enter or {next}: the next section. {previous}: the one before. {repeat}: read it again.").format(
                next=w["next"], previous=w["previous"], repeat=w["repeat"]),
            _("A number or a section's name: go there. {list}: all sections. {search} and a word: find it.").format(
                list=w["list"], search=w["search"]),
            _("{quit}: leave the rules.").format(quit=w["quit"]),
        ]

