"""The project's own documents (docs/) agree with the code that cites them.

Code and tests cite rules by id (``C3``, ``H1``): every id they cite must be a rule of docs/rules.md, and that book
must define each id once, in order, with each ruleset's options as the code has them. The examples of
docs/record.md must be records the game writes and reads today. And no file may cite the planning documents that
lived outside the repository, which a contributor cannot open.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from commerce_a11y.rules import RECORD_FORMAT, RULESETS, RecordError, record_lines, replay, ruleset
from commerce_a11y.rules.options import OptionSpec
from commerce_a11y.storage import seal, unseal

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = (DOCS / "rules.md").read_text(encoding="utf-8")

RULE_ID = re.compile(r"\b([GCBHTRSX])(\d{1,2})\b")
"""A rule id as code and documents cite it: a ruleset's letter and a number."""
DEFINED = re.compile(r"^- \*\*([GCBHTRSX]\d{1,2})\b", re.MULTILINE)
"""A rule's definition in docs/rules.md: a list item that begins with its id in bold."""
RULE_COUNTS = {"G": 10, "C": 18, "B": 11, "H": 8, "T": 3, "R": 3, "S": 10, "X": 6}
"""How many rules each letter has: the common ground, then commerce, braillespiel, handeln, thirty-one, trentuno,
schwimmen, tauschen."""

SKIPPED_FOLDERS = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", "dist", "build",
                   "records"}
OUTSIDE = re.compile(r"\b(?:" + "|".join(("RULES", "RECORD", "ACCESSIBILITY", "DESIGN")) + r")\.md\b|"
                     + re.escape("/".join(("..", "shared"))) + "|" + re.escape("/".join(("", "work", "shared"))))
"""A citation of the planning documents that were kept outside the repository (built from pieces, so that this
file does not cite them itself)."""


def repository_files() -> Iterator[Path]:
    """Every text file of the repository (or of the unpacked sdist), caches and virtual environments left out."""
    for path in sorted(ROOT.rglob("*")):
        relative = path.relative_to(ROOT)
        if any(part in SKIPPED_FOLDERS for part in relative.parts) or not path.is_file():
            continue
        if path.suffix in (".mo", ".lock", ".pyc"):
            continue
        yield path


def cited_ids(paths: list[Path]) -> dict[str, set[str]]:
    """Each rule id cited in the given files, with the files that cite it."""
    cited: dict[str, set[str]] = {}
    for path in paths:
        for letter, number in RULE_ID.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(letter + number, set()).add(str(path.relative_to(ROOT)))
    return cited


def citing_files() -> list[Path]:
    """The code, tests, benchmarks, scripts and documents, which may cite rules by id."""
    folders = ("commerce_a11y", "tests", "bench", "scripts")
    paths = [p for folder in folders for p in (ROOT / folder).rglob("*.py")]
    paths += [ROOT / "hatch_build.py", ROOT / "README.md", ROOT / "bench" / "README.md", *DOCS.glob("*.md")]
    return [p for p in paths if p.is_file()]


def test_the_rule_book_defines_every_rule_once_and_in_order() -> None:
    defined = DEFINED.findall(RULES)
    expected = [f"{letter}{n}" for letter, count in RULE_COUNTS.items() for n in range(1, count + 1)]
    assert defined == expected


def test_every_rule_id_cited_in_code_tests_and_documents_is_in_the_rule_book() -> None:
    defined = set(DEFINED.findall(RULES))
    cited = cited_ids(citing_files())
    assert cited, "no rule ids found: the citing files moved?"
    missing = {rule: sorted(files) for rule, files in cited.items() if rule not in defined}
    assert not missing, f"rule ids cited but not in docs/rules.md: {missing}"


def test_no_file_cites_the_planning_documents_outside_the_repository() -> None:
    found = []
    for path in repository_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_sdist_ships_the_documents() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "docs" in pyproject["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


# ----- the options of docs/rules.md -----

def ruleset_section(name: str) -> str:
    """The part of docs/rules.md about one ruleset: from its heading to the next."""
    found = re.search(rf"^## `{re.escape(name)}`.*?(?=^## )", RULES, re.MULTILINE | re.DOTALL)
    assert found, f"docs/rules.md has no section for {name}"
    return found.group(0)


def option_rows(section: str) -> dict[str, tuple[str, str]]:
    """The option table of a section: option name to its values and default cells."""
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \| ([^|]+) \|", section, re.MULTILINE)
    return {name: (values.strip(), default.strip()) for name, values, default in rows}


def values_text(spec: OptionSpec) -> str:
    if isinstance(spec.default, bool):
        return "on or off"
    if spec.choices:
        return ", ".join(str(c) for c in spec.choices[:-1]) + f" or {spec.choices[-1]}"
    return f"{spec.low} to {spec.high}"


def default_text(spec: OptionSpec) -> str:
    if isinstance(spec.default, bool):
        return "on" if spec.default else "off"
    return str(spec.default)


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_rule_book_names_each_rulesets_options_ranges_defaults_and_players(name: str) -> None:
    section = ruleset_section(name)
    rows = option_rows(section)
    specs = RULESETS[name].specs
    assert set(rows) == {spec.name for spec in specs}
    for spec in specs:
        values, default = rows[spec.name]
        assert values == values_text(spec), spec.name
        assert default.split(" (")[0] == default_text(spec), spec.name
    rules = ruleset(name)
    assert f"{rules.min_players} to {rules.max_players}" in section


# ----- the examples of docs/record.md -----

def jsonl_blocks() -> list[list[str]]:
    text = (DOCS / "record.md").read_text(encoding="utf-8")
    return [block.splitlines() for block in re.findall(r"^```jsonl\n(.*?)^```", text, re.MULTILINE | re.DOTALL)]


def test_the_record_example_is_a_whole_match_as_the_engine_writes_it() -> None:
    example = jsonl_blocks()[0]
    match = replay(example)
    assert match.over
    assert list(record_lines(match.events)) == example


def test_the_refusal_the_record_document_quotes_is_what_the_reader_says() -> None:
    example = jsonl_blocks()[0]
    assert example[7].startswith('{"event":"showdown"') and example[7].endswith('"losers":[2]}')
    broken = [*example[:7], example[7].replace('"losers":[2]', '"losers":[1]'), *example[8:]]
    with pytest.raises(RecordError) as refused:
        replay(broken)
    sentence = str(refused.value)
    assert sentence == "Line 8 of the record breaks a rule: losers should be [2], not [1]."
    assert sentence in (DOCS / "record.md").read_text(encoding="utf-8")


def test_the_saved_match_example_is_sealed_as_the_game_seals_it() -> None:
    save = jsonl_blocks()[1]
    lines, stamp = unseal("\n".join(save) + "\n", RECORD_FORMAT)
    assert stamp["lines"] == len(save) and "ended" not in stamp
    assert seal(lines) == save
    match = replay(lines)
    assert not match.over and match.players[0].kind == "human"
