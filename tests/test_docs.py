"""The project's own documents (README.md, docs/, bench/README.md) agree with the code and with each other.

Code and tests cite rules by id (``C3``, ``H1``): every id they cite must be a rule of docs/rules.md, and that book
must define each id once, in order, with each ruleset's options as the code has them. The examples of
docs/record.md must be records and saves the game and the server write and read today. The README stays short
enough to read in five minutes and links every document; every link between the documents leads to a file and a
heading that exist; every ``commerce`` command and option they show is one the command line has, and every benchmark
they run is a script of bench/ with the options it is shown with. And no file may cite the planning documents that
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
from commerce_a11y.seals import seal, unseal
from commerce_a11y.server.saves import TableSaves

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = (DOCS / "rules.md").read_text(encoding="utf-8")

RULE_ID = re.compile(r"\b([GCBHTRSX])(\d{1,2})\b")
"""A rule id as code and documents cite it: a ruleset's letter and a number."""
DEFINED = re.compile(r"^- \*\*([GCBHTRSX]\d{1,2})\b", re.MULTILINE)
"""A rule's definition in docs/rules.md: a list item that begins with its id in bold."""
RULE_COUNTS = {"G": 10, "C": 18, "B": 12, "H": 8, "T": 3, "R": 3, "S": 10, "X": 6}
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


def test_the_table_save_example_is_the_journal_the_server_writes_of_that_match(tmp_path: Path) -> None:
    lines, stamp = unseal("\n".join(jsonl_blocks()[1]) + "\n", RECORD_FORMAT)
    journal = jsonl_blocks()[2]
    saves = TableSaves(tmp_path / "table.jsonl")
    for end in (3, 4, 5, 6):  # after the deal, then after each move
        assert saves.write(lines[:end])
    assert saves.paths[0].read_text(encoding="utf-8") == "\n".join(journal) + "\n"
    loaded = TableSaves(tmp_path / "table.jsonl").load()
    assert loaded == (lines, stamp)  # the last mark is the seal of the whole record


# ----- the README, the links, the commands -----

README = ROOT / "README.md"
README_LINES = 150
"""A newcomer reads the README in five minutes; the rest is in docs/ and bench/README.md."""


def documents() -> list[Path]:
    """Every Markdown document of the project."""
    return [README, *sorted(DOCS.rglob("*.md")), ROOT / "bench" / "README.md"]


FENCED = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(text: str) -> str:
    """A document without its fenced code blocks, whose brackets and backticks are code."""
    return FENCED.sub("", text)


def slug(heading: str) -> str:
    """The anchor a heading gets, as GitHub makes it: lower case, punctuation dropped, spaces as hyphens."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    headings = re.findall(r"^#{1,6} (.+)$", prose(path.read_text(encoding="utf-8")), re.MULTILINE)
    return {slug(heading) for heading in headings}


def test_the_readme_is_short_and_links_every_document() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_LINES
    linked = {(ROOT / target.partition("#")[0]).resolve() for target in LINK.findall(text)}
    for path in [*DOCS.glob("*.md"), ROOT / "bench" / "README.md"]:
        assert path.resolve() in linked, f"README.md does not link {path.relative_to(ROOT)}"


def test_every_link_between_the_documents_leads_to_a_file_and_a_heading() -> None:
    broken = []
    for path in documents():
        for target in LINK.findall(prose(path.read_text(encoding="utf-8"))):
            if re.match(r"[a-z]+:", target):  # https:, mailto:: outside the repository
                continue
            file, _sep, anchor = target.partition("#")
            goal = (path.parent / file).resolve() if file else path
            if not goal.exists():
                broken.append(f"{path.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and goal.suffix == ".md" and anchor not in anchors(goal):
                broken.append(f"{path.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def code_lines(text: str) -> Iterator[str]:
    """What a document shows as code: its inline code spans (joined where a line break splits one), its indented
    blocks and its fenced blocks, line by line."""
    for block in FENCED.findall(text):
        yield from block.splitlines()[1:-1]
    rest = prose(text)
    for line in rest.splitlines():
        if line.startswith("    ") and not line.lstrip().startswith("- "):
            yield line.strip()
    for span in re.findall(r"`([^`]+)`", rest):
        yield " ".join(span.split())


COMMAND = re.compile(r"(?:^|\|\s*)(?:uv run\s+)?commerce(?=\s|$)([^|#]*)")
"""A ``commerce`` command shown as code: at the start of the code or after a pipe, what follows up to a comment."""
BENCH = re.compile(r"bench/([a-z_]+)\.py([^|#]*)")
"""A benchmark run shown as code, with what follows up to a comment (``bench/NAME.py`` is a placeholder)."""
NOT_COMMANDS = {"deals"}
"""Words after ``commerce`` in code that is no command: the keyed chance's personalisation (docs/record.md)."""


def shown_commands() -> list[tuple[Path, str]]:
    found = []
    for path in documents():
        for line in code_lines(path.read_text(encoding="utf-8")):
            found += [(path, match.group(1)) for match in COMMAND.finditer(line)]
    return found


def test_every_commerce_command_the_documents_show_exists_with_its_options() -> None:
    import click

    from commerce_a11y.commands import cli

    def options(command: click.Command) -> set[str]:
        return {name for param in command.params for name in param.opts + param.secondary_opts} | {"--help", "-h"}

    shown = shown_commands()
    assert len(shown) > 50, "the commands shown as code were not found: the documents' layout changed?"
    wrong = []
    for path, rest in shown:
        words = rest.split()
        first = words[0] if words and not words[0].startswith("-") else None  # else: the group's own options
        if first in NOT_COMMANDS:
            continue
        command: click.Command = cli
        if first is not None:
            if first not in cli.commands:
                wrong.append(f"{path.relative_to(ROOT)}: commerce {rest.strip()} (no command {first})")
                continue
            command = cli.commands[first]
        for word in words:
            option = word.split("=")[0]
            if option.startswith("--") and option not in options(command) | options(cli):
                wrong.append(f"{path.relative_to(ROOT)}: commerce {rest.strip()} (no option {option})")
    assert not wrong, "\n".join(wrong)


def test_every_benchmark_the_documents_run_is_a_script_with_those_options() -> None:
    wrong = []
    runs = 0
    for path in documents():
        for line in code_lines(path.read_text(encoding="utf-8")):
            for match in BENCH.finditer(line):
                runs += 1
                script = ROOT / "bench" / f"{match.group(1)}.py"
                if not script.is_file():
                    wrong.append(f"{path.relative_to(ROOT)}: bench/{match.group(1)}.py (no such script)")
                    continue
                source = script.read_text(encoding="utf-8")
                for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", match.group(2)):
                    if f'"{option}"' not in source and option != "--help":
                        wrong.append(f"{path.relative_to(ROOT)}: bench/{match.group(1)}.py {option} (no such option)")
    assert runs > 20, "the benchmark runs were not found: the documents' layout changed?"
    assert not wrong, "\n".join(wrong)


def test_bench_readme_describes_every_benchmark() -> None:
    text = (ROOT / "bench" / "README.md").read_text(encoding="utf-8")
    described = set(re.findall(r"^### .*?`(\w+)\.py`", text, re.MULTILINE))
    described |= set(re.findall(r"^### `\w+\.py` and `(\w+)\.py`", text, re.MULTILINE))
    scripts = {path.stem for path in (ROOT / "bench").glob("*.py")}
    assert scripts <= described, f"bench/README.md has no section for {sorted(scripts - described)}"
