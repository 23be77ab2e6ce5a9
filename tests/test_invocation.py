"""The game names its commands the way it was started (issue 25, item 10): ``uv run commerce`` after the README's
setup, where ``commerce`` alone is "command not found"."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from commerce_a11y.commands import cli
from commerce_a11y.i18n import use_language
from commerce_a11y.invocation import command_line, program


def _last_line(lang: str, *args: str, typed: str = "") -> str:
    use_language(lang)
    try:
        return CliRunner().invoke(cli, list(args), input=typed).output.splitlines()[-1]
    finally:
        use_language("en")


def test_uv_run_is_recognised_from_the_variables_it_sets() -> None:
    assert program({"UV_RUN_RECURSION_DEPTH": "1", "UV": "/usr/bin/uv"}) == "uv run commerce"
    assert program({"UV": "/home/me/.local/bin/uv"}) == "uv run commerce"
    assert program({"VIRTUAL_ENV": "/home/me/game/.venv"}) == "commerce"
    assert program({}) == "commerce"


def test_every_sentence_that_names_a_command_names_it_the_way_the_game_was_started(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UV_RUN_RECURSION_DEPTH", "1")
    assert command_line("resume") == "uv run commerce resume"
    assert _last_line("en", "resume") == "There is no saved match. Start one with: uv run commerce play"
    assert _last_line("de", "play", "--seed", "3", "--input", "plain", typed="ende\nja\n") == \
        "Deine Partie ist gespeichert. Weiterspielen mit: uv run commerce resume"


def test_an_installed_game_says_commerce() -> None:
    assert _last_line("nl", "resume") == "Er is geen opgeslagen partij. Begin er een met: commerce play"
