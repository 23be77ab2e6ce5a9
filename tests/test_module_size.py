"""No module of the game is over 600 lines (issue 37): a module that size holds more than one thing to learn at once,
and its name can no longer say what it holds.

The one exemption is named here, so that a new big module fails rather than joins it: ``rules/match.py``, the one
state machine for every ruleset, which says at its top why it is one class. An exemption must say so in its own
docstring too, where a reader of that module sees it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "commerce_a11y"
MOST_LINES = 600
ONE_STATE_MACHINE = {"rules/match.py"}
"""The modules allowed past ``MOST_LINES``: each one state machine, which says so at its top."""


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def name(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def test_the_package_is_found() -> None:
    assert len(modules()) > 50 and all((PACKAGE / exempt).is_file() for exempt in ONE_STATE_MACHINE)


@pytest.mark.parametrize("path", modules(), ids=name)
def test_no_module_is_over_600_lines(path: Path) -> None:
    if name(path) in ONE_STATE_MACHINE:
        return
    assert lines(path) <= MOST_LINES, f"{name(path)} has {lines(path)} lines: split it where its parts differ"


@pytest.mark.parametrize("exempt", sorted(ONE_STATE_MACHINE))
def test_an_exempt_module_says_at_its_top_why_it_is_one_state_machine(exempt: str) -> None:
    docstring = ast.get_docstring(ast.parse((PACKAGE / exempt).read_text(encoding="utf-8"))) or ""
    assert "one state machine" in docstring and "one class" in docstring
