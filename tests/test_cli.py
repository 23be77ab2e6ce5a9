"""The ``commerce`` command line, run as a player or a script would run it: a real process, real output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from commerce_a11y.rules import RULESETS, replay


def run(*args: str, lang: str = "en", stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["LANG"] = {"en": "en_GB.UTF-8", "de": "de_DE.UTF-8", "nl": "nl_NL.UTF-8"}[lang]
    return subprocess.run([sys.executable, "-m", "commerce_a11y", *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False, input=stdin)


@pytest.mark.e2e
def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("play", "resume", "simulate"):
        assert command in result.stdout
    assert "\x1b" not in result.stdout


@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_help_names_each_command_in_a_whole_sentence(lang: str) -> None:
    """click cuts a long help text off mid-sentence ("(standaard klassiek...") and a screen reader reads the dots:
    each command has a short help of its own, one whole sentence, in every language."""
    lines = run("--help", lang=lang).stdout.splitlines()
    heading = {"en": "Commands:", "de": "Befehle:", "nl": "Opdrachten:"}[lang]
    listed = lines[lines.index(heading) + 1:]
    assert [line.split()[0] for line in listed] == ["doctor", "join", "play", "replay", "resume", "rules", "serve",
                                                    "simulate", "stats", "tutorial"]
    for line in listed:
        assert line.endswith(".") and "..." not in line, line
        assert line.count(".") == 1, line


def test_every_command_has_a_short_help_of_its_own() -> None:
    from commerce_a11y.commands import cli

    assert all(command.short_help for command in cli.commands.values())


@pytest.mark.e2e
def test_no_arguments_starts_classic_commerce_against_three() -> None:
    result = run(stdin="")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Commerce: you and Anna, Ben, Cem."
    assert lines[-1] == "Your match is saved. To go on, type: commerce resume"


@pytest.mark.e2e
def test_simulate_text_summary_has_one_line_per_seat() -> None:
    result = run("simulate", "--players", "4", "--matches", "3", "--seed", "5", "--quiet")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 5
    assert lines[0].startswith("commerce: 3 matches")
    assert [line.split(",")[0] for line in lines[1:]] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert result.stderr == ""


@pytest.mark.e2e
def test_simulate_json_summary_and_progress_lines() -> None:
    result = run("simulate", "--rules", "thirty-one", "--players", "3", "--bots", "random,basic,basic",
                 "--matches", "20", "--seed", "2", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["ruleset"] == "thirty-one"
    assert summary["matches"] == 20
    assert summary["hands_per_second"] > 0
    assert [s["bot"] for s in summary["seats"]] == ["random", "basic", "basic"]
    assert sum(s["matches_won"] for s in summary["seats"]) == 20
    for seat in summary["seats"]:
        assert set(seat) >= {"matches_won", "hands_lost", "chips_lost", "chips_lost_per_hand"}
    # One whole line at every tenth of the run, nothing redrawn.
    progress = result.stderr.splitlines()
    assert progress == [f"Played {k} of 20 matches." for k in range(2, 21, 2)]
    assert "\r" not in result.stderr


@pytest.mark.e2e
def test_simulate_is_reproducible() -> None:
    args = ("simulate", "--rules", "handeln", "--players", "4", "--matches", "3", "--seed", "9", "--json", "--quiet")
    first, second = (json.loads(run(*args).stdout) for _ in range(2))
    for summary in (first, second):
        summary.pop("seconds")
        summary.pop("hands_per_second")
        for seat in summary["seats"]:
            seat.pop("decision_ms_p50")
            seat.pop("decision_ms_p95")
    assert first == second


@pytest.mark.e2e
@pytest.mark.parametrize("name", list(RULESETS))
def test_simulate_writes_records_that_replay(tmp_path: Path, name: str) -> None:
    options = ["--option", "marks=3"] if name == "braillespiel" else []
    result = run("simulate", "--rules", name, *options, "--players", "3", "--matches", "2", "--seed", "4",
                 "--record-dir", str(tmp_path), "--quiet")
    assert result.returncode == 0, result.stderr
    records = sorted(tmp_path.glob("*.jsonl"))
    assert len(records) == 2
    for path in records:
        match = replay(path.read_text(encoding="utf-8").splitlines())
        assert match.over


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--players", "13"), "commerce is for 3 to 12 players, not 13."),
        (("--rules", "handeln", "--players", "10"), "handeln is for 3 to 9 players, not 10."),
        (("--option", "chips=0"), "Option chips of commerce cannot be 0. Allowed: 1 to 9."),
        (("--option", "colour=red"), "commerce has no option colour."),
        (("--option", "chips"), "Write an option as KEY=VALUE"),
        (("--bots", "basic,nobody"), "Give one level for all seats or one per seat"),
        (("--rules", "poker"), "'poker' is not one of"),
    ],
)
@pytest.mark.e2e
def test_bad_options_get_a_clear_error_and_no_traceback(args: tuple[str, ...], says: str) -> None:
    result = run("simulate", "--matches", "1", *args)
    assert result.returncode == 2
    assert says in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.e2e
def test_errors_speak_the_players_language() -> None:
    result = run("simulate", "--option", "chips=0", lang="de")
    assert result.returncode == 2
    assert "Fehler" in result.stderr
    assert "chips" in result.stderr
    result = run("--lang", "nl", "simulate", "--players", "13")
    assert result.returncode == 2
    assert "13" in result.stderr
    assert "Error:" not in result.stderr


@pytest.mark.e2e
def test_rules_piped_print_the_book_of_the_ruleset_with_its_options() -> None:
    result = run("rules", "handeln", "--option", "limit=3")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "1. Players and cards" and "10. Glossary" in lines
    assert "The match ends as soon as a player reaches 3 minus points." in lines
    assert "Rules 1 of 10" not in result.stdout and "\x1b" not in result.stdout


@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_rules_of_an_unknown_ruleset_or_option_are_refused_in_the_players_language(lang: str) -> None:
    from commerce_a11y.i18n import translation

    t = translation(lang)
    result = run("rules", "poker", lang=lang)
    assert result.returncode == 2
    assert t.gettext("There is no ruleset {ruleset}. Rulesets: {allowed}.").format(
        ruleset="poker", allowed=", ".join(RULESETS)) in result.stderr
    assert run("rules", "commerce", "--option", "chips=0", lang=lang).returncode == 2


@pytest.mark.e2e
def test_an_unsupported_lang_keeps_the_language_chosen_before(tmp_path: Path) -> None:
    env = {**os.environ, "LANG": "en_US.UTF-8", "LANGUAGE": ""}
    run = [sys.executable, "-m", "commerce_a11y"]
    played = subprocess.run([*run, "--lang", "de", "play", "--seed", "1"], env=env, capture_output=True, check=False,
                            input=b"quit\n")
    assert played.returncode == 0, played.stderr
    bad = subprocess.run([*run, "--lang=xx", "stats"], env=env, capture_output=True, check=False)
    assert bad.returncode == 2
    assert "Fehler" in bad.stderr.decode()
    settings = json.loads((tmp_path / "config" / "commerce-a11y" / "settings.json").read_text(encoding="utf-8"))
    assert settings["lang"] == "de"


def settings_after(tmp_path: Path, *args: str, stdin: str = "") -> dict[str, object] | None:
    """The remembered settings after one run of ``commerce args`` in a fresh home (None: no settings file)."""
    env = {**os.environ, "LANG": "en_US.UTF-8", "LANGUAGE": ""}
    result = subprocess.run([sys.executable, "-m", "commerce_a11y", *args], env=env, capture_output=True, text=True,
                            check=False, input=stdin, timeout=120)
    assert result.returncode in (0, 2), result.stderr
    path = tmp_path / "config" / "commerce-a11y" / "settings.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


@pytest.mark.parametrize("args", [
    ("--lang", "de", "--help"),
    ("play", "--lang", "nl", "--verbosity", "brief", "--help"),
    ("--lang", "de", "stats"),
    ("rules", "--lang", "de", "handeln"),
    ("replay", "--cards", "codes", "--verbosity", "brief", "--lang", "de", "--list"),
    ("play", "--lang", "de", "--players", "0"),
])
@pytest.mark.e2e
def test_options_of_other_commands_are_not_remembered(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Options hold for the command they are given to: only a game (play, resume) remembers what it was started
    with, as it remembers what the player changes in it. Help, a usage error, replay, rules and stats write none."""
    assert settings_after(tmp_path, *args) is None


@pytest.mark.e2e
def test_replaying_with_other_cards_leaves_the_remembered_settings(tmp_path: Path) -> None:
    assert settings_after(tmp_path, "--lang", "nl", "play", "--seed", "2", "--record", str(tmp_path / "r.jsonl"),
                          stdin="quit\n") == {"lang": "nl"}
    assert settings_after(tmp_path, "replay", str(tmp_path / "r.jsonl"), "--cards", "codes", "--lang", "de",
                          "--all") == {"lang": "nl"}


@pytest.mark.e2e
def test_a_game_remembers_the_options_it_was_started_with(tmp_path: Path) -> None:
    assert settings_after(tmp_path, "play", "--lang", "de", "--verbosity", "brief", "--difficulty", "hard",
                          "--seed", "3", stdin="quit\n") == {"lang": "de", "verbosity": "brief", "difficulty": "hard"}


@pytest.mark.e2e
def test_an_unexpected_error_is_logged_with_its_traceback_and_said_in_one_sentence(tmp_path: Path) -> None:
    """The traceback module is imported only when a crash is reported: the log still gets the whole traceback."""
    code = ("import sys, commerce_a11y.commands as c\n"
            "def broken(*args, **kwargs): raise RuntimeError('deliberately broken')\n"
            "import commerce_a11y.simulate as s\n"
            "s.simulate = broken\n"
            "from commerce_a11y.cli import main\n"
            "main(['simulate', '--matches', '1', '--lang', 'en'])\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    log = tmp_path / "data" / "commerce-a11y" / "crash.log"
    assert result.returncode == 70
    # No match is played here, so none is said to be saved (issue 19, 19).
    assert result.stderr == f"Something went wrong inside the game; details are in {log}.\n"
    text = log.read_text(encoding="utf-8")
    assert text.startswith("Traceback (most recent call last):") and "RuntimeError: deliberately broken" in text


@pytest.mark.e2e
def test_ctrl_c_while_a_module_makes_its_classes_is_leaving_not_a_crash(tmp_path: Path) -> None:
    """Issue 19 (14): Ctrl-C while an imported module made a class (``ipaddress`` as ``pathlib`` was first imported)
    reached the game as Python's RuntimeError "Error calling __set_name__", and the player read that the game had
    gone wrong. It is the interrupt: status 130, nothing said, no crash log."""
    code = ("class Slow:\n"
            "    def __set_name__(self, owner, name): raise KeyboardInterrupt\n"
            "def broken(*args, **kwargs):\n"
            "    class Interface:\n"
            "        hostmask = Slow()\n"
            "import commerce_a11y.simulate as s\n"
            "s.simulate = broken\n"
            "from commerce_a11y.cli import main\n"
            "main(['simulate', '--matches', '1', '--lang', 'en'])\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (130, "", "")
    assert not (tmp_path / "data" / "commerce-a11y" / "crash.log").exists()


@pytest.mark.e2e
def test_starting_imports_no_traceback_hashlib_or_tempfile() -> None:
    """Start-up cost: the command line and its commands load these only when a crash, a save or a file write needs
    them (``python -X importtime -c "import commerce_a11y.cli"``: 10.8 ms before, 5.0 ms after)."""
    code = ("import sys, commerce_a11y.cli, commerce_a11y.commands, commerce_a11y.console.session\n"
            "print(' '.join(m for m in ('traceback', 'hashlib', 'tempfile') if m in sys.modules))\n")
    result = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=120,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


@pytest.mark.e2e
@pytest.mark.parametrize("args", [("--help",), ("--lang", "de", "--help"), ("play", "--help")])
def test_help_loads_neither_the_rules_engine_nor_the_computer_players(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Start-up cost (bench/startup.py): ``--help`` needs click and the catalogs, not the game. Loading the bots and
    the rules engine to list level and ruleset names cost about a quarter of every start; pathlib (for the
    settings' folder and click's path options) and shutil (for click's help width) about 3 ms and 1.5 ms."""
    code = ("import sys\nfrom commerce_a11y.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "loaded = sorted(m for m in sys.modules if m.split('.')[:2] in (['commerce_a11y', 'rules'],"
            " ['commerce_a11y', 'bots'], ['commerce_a11y', 'simulate'], ['commerce_a11y', 'stats'],"
            " ['commerce_a11y', 'narration'], ['tempfile'], ['pathlib'], ['shutil']))\n"
            "print(' '.join(loaded), file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                            check=False, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ""


def test_the_command_line_names_the_rulesets_of_the_engine() -> None:
    from commerce_a11y.rules import RULESETS
    from commerce_a11y.ruleset_names import RULESET_NAMES

    assert tuple(RULESETS) == RULESET_NAMES
