"""click's own words in the player's language (issue 25, item 11): help pages without English placeholders, the
rulesets listed, and a usage error that says what is wrong first."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from commerce_a11y.ruleset_names import RULESET_NAMES

pytestmark = pytest.mark.e2e

ENGLISH = ("[OPTIONS]", "[COMMAND]", "[ARGS]", "INTEGER", "RANGE", "TEXT", "KEY=VALUE", "SPEC", "RULESET",
           "ADDRESS", "FILE", "<=x<=")
"""click's English placeholders: none of them may stand on a German or Dutch help page."""

COMMANDS = ("", "play", "resume", "rules", "replay", "simulate", "stats", "serve", "join", "tutorial")


def run(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(LANG="C.UTF-8", COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "commerce_a11y", "--lang", lang, *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_help_pages_have_no_english_placeholders(lang: str) -> None:
    for command in COMMANDS:
        page = run(lang, *([command] if command else []), "--help").stdout
        found = [word for word in ENGLISH if word in page and not (word == "TEXT" and lang == "de")]  # German too
        assert not found, (command, found, page)
    page = run(lang, "serve", "--help").stdout
    assert {"de": "0 bis 65535", "nl": "0 tot 65535"}[lang] in page


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_rules_help_lists_the_rulesets(lang: str) -> None:
    page = " ".join(run(lang, "rules", "--help").stdout.split())
    assert ", ".join(RULESET_NAMES) + "." in page


@pytest.mark.parametrize(("lang", "first"), [("en", "Error: Invalid value for '--keep-records': 99999 is not in "
                                                    "the range 0 to 10000."),
                                             ("de", "Fehler: Ungültiger Wert für '--keep-records': 99999 liegt "
                                                    "nicht im Bereich 0 bis 10000.")])
def test_a_usage_error_says_the_sentence_first_then_how_to_get_help(lang: str, first: str) -> None:
    result = run(lang, "play", "--keep-records", "99999")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert lines[0] == first
    assert len(lines) == 2 and re.fullmatch(r".*'commerce play --help'.*", lines[1]), lines
    assert "Usage" not in result.stderr and "Aufruf" not in result.stderr
