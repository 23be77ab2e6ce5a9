"""The rules book at a real terminal (tmux), in German, Dutch and English: ``commerce rules`` navigated by a player,
``rules ranking`` in the middle of a game and back to the same question, and ``commerce rules thirty-one | cat``.

Every expected sentence and word comes from the catalogs (``Sentences``), so nothing here is written in German
or Dutch.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from commerce_a11y.i18n import use_language
from commerce_a11y.narration.rules_book import rules_book
from commerce_a11y.rules import ruleset
from commerce_a11y.seat.parser import _reader_words, _section_words, words_of

from .tmux import Sentences, Tmux, game_argv, game_env, require_tmux

RULES = (sys.executable, "-m", "commerce_a11y", "rules")


class Book:
    """The reader's words, prompts and headings in one language, as the catalogs have them now."""

    def __init__(self, s: Sentences, name: str = "commerce") -> None:
        self.s = s
        self.reader = {k: w[0] for k, w in words_of(_reader_words(s.t)).items()}
        self.section_words = {k: w[0] for k, w in words_of(_section_words(s.t)).items()}
        use_language(s.lang)
        try:
            self.sections = rules_book(ruleset(name))
        finally:
            use_language("en")

    def prompt(self, number: int) -> str:
        commands = ", ".join(self.reader[c] for c in ("next", "previous", "list", "search", "quit"))
        return self.s.say("Rules {number} of {count}: {commands}? ", number=number, count=len(self.sections),
                          commands=commands)

    def heading(self, number: int) -> str:
        return self.s.say("{number}. {title}", number=number, title=self.sections[number - 1].title)


class Session:
    """Types answers to the reader and waits for its next question."""

    def __init__(self, tmux: Tmux, book: Book) -> None:
        self.tmux, self.book = tmux, book

    def asked(self, lines: list[str], number: int) -> int:
        prompt = self.book.prompt(number).rstrip()
        return sum(line.startswith(prompt) for line in lines)

    def answer(self, typed: str, number: int) -> list[str]:
        """Type a line; wait for the question of section ``number``, asked anew; the lines said in between."""
        before = self.asked(self.tmux.lines(), number)
        self.tmux.send_line(typed)
        prompt = self.book.prompt(number).rstrip()
        lines = self.tmux.wait_for(lambda ls: bool(ls) and ls[-1] == prompt and self.asked(ls, number) > before)
        answered = max(i for i, line in enumerate(lines[:-1]) if line.endswith(f"? {typed}") or
                       (not typed and line.endswith("?")))
        return lines[answered + 1:-1]


@pytest.mark.parametrize(("lang", "accessible", "leave"), [("de", True, "C-c"), ("nl", False, "C-d"),
                                                           ("en", True, "quit")],
                         ids=["de-plain-ctrl-c", "nl-rich-ctrl-d", "en-plain-quit"])
def test_commerce_rules_navigated_at_a_terminal(tmp_path: Path, lang: str, accessible: bool, leave: str) -> None:
    require_tmux()
    s = Sentences(lang)
    book = Book(s)
    w = book.reader
    env = game_env(tmp_path / "home", **({"ACCESSIBLE": "1"} if accessible else {}))
    with Tmux(tmp_path / "tmux") as tmux:
        tmux.start([*RULES, "--lang", lang], env)
        lines = tmux.wait_for(lambda ls: bool(ls) and ls[-1] == book.prompt(1).rstrip())
        assert lines[0] == s.say("{ruleset}: rules in {count} sections. Press Enter for the next one, or type help.",
                                 ruleset=s.say("Commerce"), count=10)
        assert lines[1:-1] == [book.heading(1), *book.sections[0].lines]
        session = Session(tmux, book)

        assert session.answer(w["next"], 2) == [book.heading(2), *book.sections[1].lines]
        assert session.answer("", 3)[0] == book.heading(3)  # Enter reads on
        assert session.answer(w["previous"], 2)[0] == book.heading(2)
        assert session.answer("5", 5) == [book.heading(5), *book.sections[4].lines]

        knock = s.words["knock"]
        hits = [n for n, sec in enumerate(book.sections, 1) if knock in " ".join((sec.title, *sec.lines)).lower()]
        said = session.answer(f"{w['search']} {knock}", hits[0])
        assert said[0] == s.t.ngettext("{word} is in section {numbers}.", "{word} is in sections {numbers}.",
                                       len(hits)).format(word=knock.capitalize(), numbers=", ".join(map(str, hits)))
        assert said[1] == book.heading(hits[0])

        assert session.answer(w["list"], hits[0]) == [book.heading(n) for n in range(1, 11)]
        assert session.answer(book.section_words["glossary"], 10)[0] == book.heading(10)
        assert session.answer(w["next"], 10) == [s.say("That was the last section.")]
        assert session.answer("xyzzy", 10) == [s.say("I do not know {word}. Type help for the commands.",
                                                     word="xyzzy")]
        if leave == "quit":
            tmux.send_line(w["quit"])
        else:
            tmux.send_key(leave)
        assert tmux.wait_exit() == 0
        transcript = "\n".join(tmux.lines())
    assert "Traceback" not in transcript and "\x1b" not in transcript


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_rules_ranking_in_a_game_and_back_to_the_same_question(tmp_path: Path, lang: str) -> None:
    require_tmux()
    s = Sentences(lang)
    book = Book(s)
    w = s.words
    with Tmux(tmp_path / "tmux") as tmux:
        tmux.start(game_argv("--rules", "commerce", "--seed", "3", "--lang", lang, "--input", "plain"),
                   game_env(tmp_path / "home"))
        lines = tmux.wait_for(s.waiting)
        question, asked = lines[-1], s.prompt_count(lines)
        typed = f"{w['rules']} {book.section_words['ranking']}"
        tmux.send_line(typed)
        lines = tmux.wait_for(lambda ls: bool(ls) and ls[-1] == book.prompt(5).rstrip())
        at = lines.index(f"{question} {typed}")
        assert lines[at + 1:-1] == [book.heading(5), *book.sections[4].lines]
        tmux.send_line(w["quit"])
        lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) > asked)
        # The same question again, right after the reader's, and nothing said in between.
        assert lines[-1] == question
        assert lines[-2] == f"{book.prompt(5)}{w['quit']}"
        tmux.send_line(w["quit"])
        tmux.wait_for(lambda ls: bool(ls) and ls[-1] == s.leave_prompt.rstrip())
        tmux.send_line(s.yes)
        assert tmux.wait_exit() == 0


@pytest.mark.parametrize("lang", ["de", "en"])
def test_piped_rules_print_every_section_without_questions(tmp_path: Path, lang: str) -> None:
    """``commerce rules thirty-one | cat``: input is still the terminal, output is a pipe: the whole book."""
    require_tmux()
    s = Sentences(lang)
    book = Book(s, "thirty-one")
    command = shlex.join([*RULES, "thirty-one", "--lang", lang]) + " | cat"
    with Tmux(tmp_path / "tmux") as tmux:
        tmux.start(["sh", "-c", command], game_env(tmp_path / "home"))
        assert tmux.wait_exit() == 0
        lines = tmux.lines()
    expected: list[str] = []
    for number, section in enumerate(book.sections, 1):
        expected += ([""] if expected else []) + [book.heading(number), *section.lines]
    assert lines == expected
