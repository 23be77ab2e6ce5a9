"""The rules reader's navigation, without a terminal and at a scripted one; and the in-game ``rules`` command,
which must leave the match exactly as it was."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

from commerce_a11y.console.reading import read_rules
from commerce_a11y.console.terminal import Terminal
from commerce_a11y.i18n import LANGUAGES, translation, use_language
from commerce_a11y.narration.rules_book import SECTION_KEYS, rules_book
from commerce_a11y.rules import ruleset
from commerce_a11y.seat.parser import _reader_words, _section_words, words_of
from commerce_a11y.seat.reader import Reader, book_lines, find_section


@pytest.fixture
def reader() -> Iterator[Reader]:
    use_language("en")
    yield Reader(rules_book(ruleset("commerce")), "Commerce", lang="en")


def heading(reader: Reader, number: int) -> str:
    return f"{number}. {reader.sections[number - 1].title}"


def test_opening_says_the_size_then_reads_the_first_section(reader: Reader) -> None:
    lines = reader.open()
    assert lines[0] == "Commerce: rules in 10 sections. Press Enter for the next one, or type help."
    assert lines[1] == "1. Players and cards"
    assert lines[2:] == list(reader.sections[0].lines)
    assert reader.prompt() == "Rules 1 of 10: next, back, list, find, quit? "


def test_opening_at_a_section_reads_only_that_section(reader: Reader) -> None:
    assert reader.open(4) == [heading(reader, 5), *reader.sections[4].lines]
    assert reader.prompt().startswith("Rules 5 of 10")


def test_next_previous_and_enter(reader: Reader) -> None:
    reader.open()
    assert reader.handle("")[0][0] == heading(reader, 2)
    assert reader.handle("next")[0][0] == heading(reader, 3)
    assert reader.handle("N")[0][0] == heading(reader, 4)
    assert reader.handle("back")[0][0] == heading(reader, 3)
    assert reader.handle("b")[0][0] == heading(reader, 2)
    assert reader.handle("previous")[0][0] == heading(reader, 1)
    assert reader.handle("back") == (["This is the first section."], False)
    assert reader.index == 0


def test_the_last_section_stays_where_it_is(reader: Reader) -> None:
    reader.open()
    assert reader.handle("10")[0][0] == heading(reader, 10)
    assert reader.handle("next") == (["That was the last section."], False)
    assert reader.index == 9


def test_go_to_a_number_or_a_name(reader: Reader) -> None:
    reader.open()
    assert reader.handle("5") == ([heading(reader, 5), *reader.sections[4].lines], False)
    assert reader.handle("glossary")[0][0] == heading(reader, 10)
    assert reader.handle("Hand ranking")[0][0] == heading(reader, 5)
    assert reader.handle("ranks")[0][0] == heading(reader, 5)
    for wrong in ("0", "11", "99"):
        assert reader.handle(wrong) == (["Choose a section from 1 to 10."], False)
    assert reader.index == 4


def test_repeat_list_and_help(reader: Reader) -> None:
    reader.open(2)
    assert reader.handle("repeat") == (reader.read(), False)
    assert reader.handle("r")[0][0] == heading(reader, 3)
    listed, leave = reader.handle("list")
    assert listed == [heading(reader, n) for n in range(1, 11)] and not leave
    assert reader.index == 2
    help_lines = reader.handle("help")[0]
    assert len(help_lines) == 3 and help_lines[-1] == "quit: leave the rules."
    assert reader.handle("?")[0] == help_lines


def test_search_names_the_sections_and_goes_to_the_first(reader: Reader) -> None:
    reader.open()
    said, _ = reader.handle("find knock")
    hits = [n for n, s in enumerate(reader.sections, 1) if "knock" in " ".join((s.title, *s.lines)).lower()]
    assert said[0] == f"Knock is in sections {', '.join(map(str, hits))}."
    assert said[1] == heading(reader, hits[0]) and reader.index == hits[0] - 1
    said, _ = reader.handle("search Last Round")  # case, spaces and the English synonym
    assert said[0].startswith("Last Round is in section")
    assert reader.handle("find") == (["Type a word after find."], False)
    index = reader.index
    assert reader.handle("find xylophone") == (["No section mentions xylophone."], False)
    assert reader.index == index


def test_bad_input_is_one_sentence_and_changes_nothing(reader: Reader) -> None:
    reader.open(3)
    for line in ("xyzzy", "pass", "swap 13"):
        said, leave = reader.handle(line)
        assert len(said) == 1 and not leave and "Type help" in said[0]
        assert reader.index == 3
    assert reader.handle("\x1b[A") == ([], False)  # a stray arrow key: nothing said, the same question
    assert reader.index == 3


def test_quit_leaves(reader: Reader) -> None:
    reader.open()
    assert reader.handle("quit") == ([], True)
    assert reader.handle("q") == ([], True)


@pytest.mark.parametrize(("lang", "typed"), [
    ("de", ["weiter", "zurück", "wertung", "suchen klopfen", "liste", "beenden"]),
    ("nl", ["volgende", "terug", "rangorde", "zoeken kloppen", "lijst", "stoppen"]),
])
def test_commands_in_german_and_dutch_and_english_everywhere(lang: str, typed: list[str]) -> None:
    use_language(lang)
    try:
        sections = rules_book(ruleset("commerce"))
        reader = Reader(sections, "Commerce", lang=lang)
        reader.open()
        next_, back, ranking, search, listing, quit_ = typed
        assert reader.handle(next_)[0][0].startswith("2")
        assert reader.handle(back)[0][0].startswith("1")
        assert reader.handle(ranking)[0][0].startswith("5")
        found = reader.handle(search)[0]
        assert found[1].startswith("4") and "4" in found[0]
        assert len(reader.handle(listing)[0]) == 10
        assert reader.handle("next")[0][0].startswith("5")  # English works in every language
        assert reader.handle("ranking")[0][0].startswith("5")
        assert reader.handle(quit_) == ([], True)
    finally:
        use_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reader_and_section_words_are_unique(lang: str) -> None:
    """Each word names one reader command or one section; English words that the language uses otherwise yield."""
    owners: dict[str, set[str]] = defaultdict(set)
    for table in (_reader_words, _section_words):
        for key, words in words_of(table(translation(lang))).items():
            for word in words:
                owners[word].add(key)
    assert not {w: k for w, k in owners.items() if len(k) > 1}
    assert set(words_of(_section_words(translation(lang)))) == set(SECTION_KEYS)


def test_find_section_by_number_word_or_title() -> None:
    use_language("de")
    try:
        sections = rules_book(ruleset("handeln"))
        assert find_section(sections, "wertung", "de") == 4
        assert find_section(sections, "Wertung der Hände", "de") == 4
        assert find_section(sections, "ranking", "de") == 4
        assert find_section(sections, " 3 ", "de") == 2
        assert find_section(sections, "11", "de") is None
        assert find_section(sections, "nichts", "de") is None
    finally:
        use_language("en")


def test_book_lines_are_one_paragraph_per_section() -> None:
    use_language("en")
    sections = rules_book(ruleset("thirty-one"))
    lines = book_lines(sections)
    paragraphs = "\n".join(lines).split("\n\n")
    assert len(paragraphs) == 10
    for number, (paragraph, section) in enumerate(zip(paragraphs, sections, strict=True), 1):
        assert paragraph.splitlines() == [f"{number}. {section.title}", *section.lines]


class Scripted:
    """An input back-end that answers from a list; None is the end of input, KeyboardInterrupt a Ctrl-C."""

    name = "plain"

    def __init__(self, answers: list[str | type[KeyboardInterrupt] | None]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str | None:
        self.prompts.append(prompt)
        answer = self.answers.pop(0)
        if answer is KeyboardInterrupt:
            raise KeyboardInterrupt
        return answer  # type: ignore[return-value]


@pytest.mark.parametrize(("answers", "result"), [
    (["next", "quit"], True),
    (["next", None], False),
    (["next", KeyboardInterrupt], True),
])
def test_read_rules_ends_on_quit_ctrl_c_or_end_of_input(answers: list[str | None], result: bool) -> None:
    use_language("en")
    backend = Scripted(answers)
    out = io.StringIO()
    sections = rules_book(ruleset("commerce"))
    assert read_rules(Terminal(backend, stdout=out), sections, "Commerce") is result
    text = out.getvalue().splitlines()
    assert text[1] == "1. Players and cards" and "2. Goal" in text
    assert backend.prompts == ["Rules 1 of 10: next, back, list, find, quit? ",
                               "Rules 2 of 10: next, back, list, find, quit? "]


def _play(home: Path, lines: list[str], record: Path) -> str:
    """A piped game in a home of its own (two here: the second must not find the first one's saved match)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               LANG="C.UTF-8", TERM="dumb")
    result = subprocess.run(
        [sys.executable, "-m", "commerce_a11y", "play", "--lang", "en", "--seed", "3", "--record", str(record)],
        input="".join(line + "\n" for line in lines), capture_output=True, text=True, env=env, timeout=120,
        check=False)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return result.stdout


@pytest.mark.e2e
def test_rules_in_a_game_returns_to_the_same_question_and_leaves_the_match_untouched(tmp_path: Path) -> None:
    record_a, record_b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    out = _play(tmp_path / "a", ["rules ranking", "next", "find knock", "quit", "rules nothing", "rules",
                                 "pass", "quit", "pass"], record_a)
    _play(tmp_path / "b", ["pass"], record_b)
    assert record_a.read_text(encoding="utf-8") == record_b.read_text(encoding="utf-8")
    lines = out.splitlines()
    question = next(line for line in lines if line.startswith("swap, pass")).rsplit("? ", 1)[0] + "? "
    asked = [line.removeprefix(question) for line in lines if line.startswith(question)]
    assert asked == ["rules ranking", "rules nothing", "rules", "pass"]
    assert lines[lines.index(question + "rules ranking") + 1] == "5. Hand ranking"
    assert "There is no section nothing. Type rules for all of them." in lines
    assert "Rules 5 of 10: next, back, list, find, quit? next" in lines
    assert "Rules 1 of 10: next, back, list, find, quit? pass" in lines  # a game word is only bad input here
