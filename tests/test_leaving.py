"""Leaving: ``quit`` asks whether to leave, answered with yes or no in every language (the English words too);
end of input at that question saves and leaves."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from commerce_a11y.i18n import translation

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program


def play(tmp_path: Path, lines: list[str], lang: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    result = subprocess.run([sys.executable, "-m", "commerce_a11y", "play", "--seed", "3", "--lang", lang],
                            input="".join(line + "\n" for line in lines), capture_output=True, text=True, env=env,
                            timeout=120, check=False)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return result.stdout.splitlines()


def words(lang: str, key: str) -> list[str]:
    return translation(lang).pgettext("answer", {"yes": "yes y", "no": "no n"}[key]).split()


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_quit_is_answered_by_yes_and_no_words_of_the_language_and_english(tmp_path: Path, lang: str) -> None:
    t = translation(lang)
    quit_word = t.pgettext("command", "quit q exit").split()[0]
    noes = [*words(lang, "no"), "no"]
    typed = [x for no in noes for x in (quit_word, no.upper() if no == noes[0] else no)]
    typed += [quit_word, "vielleicht", words(lang, "yes")[0]]
    lines = play(tmp_path, typed, lang)
    question = t.gettext("Save and leave? Yes or no? ").strip()
    answers = [line[len(question):].strip() for line in lines if line.startswith(question)]
    assert answers == [*(a for a in typed if a != quit_word)]
    assert lines.count(t.gettext("Please answer yes or no.")) == 1
    assert lines[-1] == t.gettext("Your match is saved. To go on, type: {command}").format(command="commerce resume")
    assert (tmp_path / "data" / "commerce-a11y" / "saved-match.jsonl").is_file()


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_end_of_input_at_the_question_saves_and_leaves(tmp_path: Path, lang: str) -> None:
    t = translation(lang)
    lines = play(tmp_path, [t.pgettext("command", "quit q exit").split()[0]], lang)
    question = t.gettext("Save and leave? Yes or no? ").strip()
    assert lines[-2].rstrip() == question
    assert lines[-1] == t.gettext("Your match is saved. To go on, type: {command}").format(command="commerce resume")
    assert (tmp_path / "data" / "commerce-a11y" / "saved-match.jsonl").is_file()
