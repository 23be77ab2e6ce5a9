"""The terminal matrix, piped: odd TERM values, NO_COLOR, narrow screens, non-UTF-8 locales, output that goes away,
input that is closed, a home folder that cannot be written, damaged settings and invalid options.

Each case runs ``commerce play`` as a real process and checks what a player would meet: no traceback (standard
error empty unless a sentence is expected), the documented exit status, and the match saved when it can be.
The same matrix in a real terminal (pty, tmux) is in tests/e2e/test_terminal_matrix.py.
"""

from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from e2e.tmux import Sentences, game_env

from commerce_a11y import files, folders, storage
from commerce_a11y.bots import make_bot
from commerce_a11y.cleaning import fold
from commerce_a11y.console.charset import clean, locale_encoding
from commerce_a11y.console.game import Game
from commerce_a11y.console.terminal import Terminal, interactive, plain_is_right
from commerce_a11y.i18n import use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.rules import Match, Player, Swap, replay, ruleset
from commerce_a11y.seat.parser import Invalid, Play, parse

SEED = "3"
"""Classic Commerce, seed 3: Ben draws the king of hearts for the first deal, the first question comes at once."""

SESSION = ["hand", "widow", "help", "xyzzy", "pass", "chips", "quit", "yes"]


def run_game(home: Path, lines: list[str] | bytes, *args: str, env: dict[str, str] | None = None,
             drop: tuple[str, ...] = ()) -> subprocess.CompletedProcess[bytes]:
    """``commerce play`` with its settings and saves in ``home``; ``env`` adds to (``drop`` removes from) the
    environment of tests/e2e/tmux.py (LANG=C.UTF-8, no TERM)."""
    environment = game_env(home, **(env or {}))
    for name in drop:
        environment.pop(name, None)
    data = lines if isinstance(lines, bytes) else "".join(line + "\n" for line in lines).encode()
    return subprocess.run([sys.executable, "-m", "commerce_a11y", "play", "--seed", SEED, *args], input=data,
                          capture_output=True, env=environment, timeout=120, check=False)


def saved(home: Path) -> Path:
    return home / "data" / "commerce-a11y" / "saved-match.jsonl"


# ----- TERM, NO_COLOR, narrow screens -----

@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The session on a wide screen."""
    result = run_game(tmp_path_factory.mktemp("baseline"), SESSION, "--lang", "en", env={"COLUMNS": "200"})
    assert result.returncode == 0
    return result.stdout


@pytest.mark.parametrize("env", [{"TERM": "dumb"}, {}, {"TERM": "xterm-256color", "NO_COLOR": "1"},
                                 {"TERM": "vt100", "COLUMNS": "40", "LINES": "10"}, {"TERM": "unknown-terminal"}],
                         ids=["dumb", "unset", "no-color", "40-columns", "unknown"])
@pytest.mark.e2e
def test_the_same_whole_lines_whatever_the_terminal_says(tmp_path: Path, env: dict[str, str],
                                                         baseline: bytes) -> None:
    """Piped, the game prints exactly the same lines for every TERM, NO_COLOR and width: no colour, nothing
    wrapped by the game itself (a 40-column screen wraps lines on its own, between whole lines)."""
    result = run_game(tmp_path, SESSION, "--lang", "en", env=env)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout == baseline
    assert b"\x1b" not in result.stdout
    lines = result.stdout.decode().splitlines()
    assert lines[-1] == "Your match is saved. To go on, type: commerce resume"
    assert any(len(line) > 40 for line in lines)  # long sentences stay one line


# ----- non-UTF-8 locales -----

def test_fold_writes_what_a_person_would_type_without_the_key() -> None:
    assert fold("Herz-König") == "Herz-Koenig"
    assert fold("Herz-König", umlauts=False) == "Herz-Konig"
    assert fold("Straße, één, Ausführlichkeit") == "Strasse, een, Ausfuehrlichkeit"
    assert fold("\u201eFeuer!\u201c \u2013 10 \u20ac\u2026") == '"Feuer!" - 10 EUR...'
    assert fold("\udcff\u4e00") == "??"
    assert fold("plain ASCII stays") == "plain ASCII stays"


@pytest.mark.parametrize(("variables", "encoding"), [
    ({"LC_ALL": "C"}, "ascii"), ({"LANG": "C"}, "ascii"), ({}, "ascii"), ({"LANG": "POSIX"}, "ascii"),
    ({"LANG": "xx_YY"}, "ascii"), ({"LANG": "C.UTF-8"}, "utf-8"), ({"LANG": "de_DE.UTF-8"}, "utf-8"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "ascii"), ({"LC_CTYPE": "nl_NL.utf8", "LANG": "C"}, "utf-8"),
    ({"LANG": "de_DE.ISO-8859-1"}, "iso8859-1"), ({"LANG": "de_DE@euro"}, "iso8859-15"),
    ({"LANG": "de_DE"}, "iso8859-1"), ({"LANG": "de_DE.NOSUCHSET"}, "ascii"),
])
def test_the_locale_variables_name_the_terminals_character_set(variables: dict[str, str], encoding: str) -> None:
    assert locale_encoding(variables) == encoding


def test_pythons_own_utf8_switch_is_not_taken_for_the_players_locale() -> None:
    assert locale_encoding({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, coerced=True) == "ascii"
    assert locale_encoding({"LANG": "de_DE.ISO-8859-1", "LC_CTYPE": "C.UTF-8"}, coerced=True) == "iso8859-1"
    assert locale_encoding({"LANG": "C", "LC_CTYPE": "C.UTF-8"}) == "utf-8"  # the player set it


def test_escape_sequences_are_removed_whole() -> None:
    assert clean("\x1b]0;title\x07hand") == "hand"
    assert clean("\x1b[A\x1b[1;5C\x1bOPhand") == "hand"
    assert clean("\x1b[200~13\x1b[201~") == "13"
    assert clean("\x1bPq#0\x1b\\pass") == "pass"
    assert clean("  " + "k" * 300) == "k" * 200


@pytest.mark.parametrize("locale_env", [{"LC_ALL": "C"}, {"LANG": "C"}, {"LANG": ""}, {"LANG": "xx_YY"}],
                         ids=["LC_ALL=C", "LANG=C", "no-LANG", "LANG=xx_YY"])
@pytest.mark.e2e
def test_german_under_an_ascii_locale_degrades_to_ascii_and_still_plays(tmp_path: Path,
                                                                         locale_env: dict[str, str]) -> None:
    s = Sentences("de")
    w = s.words
    result = run_game(tmp_path, [w["hand"], "herz koenig", "Herz-Konig", "herz könig", w["pass"], w["quit"], s.yes],
                      "--lang", "de", env=locale_env, drop=("PYTHONIOENCODING", "PYTHONUTF8"))
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.isascii(), sorted({chr(b) for b in result.stdout if b > 127})
    out = result.stdout.decode("ascii")
    king = fold(s.t.pgettext("card", "king of hearts"))
    assert king == "Herz-Koenig"
    assert king in out.splitlines()[2]  # the draw for the first deal: Ben draws the king of hearts
    # The card typed in three spellings is understood each time (it is in neither hand nor widow here).
    not_here = fold(s.say("Neither you nor the widow has {card}.", card=s.t.pgettext("card",
                                                                                               "king of hearts")))
    assert out.count(not_here) == 3, out
    assert fold(s.say("You pass.")) in out.splitlines()
    assert out.splitlines()[-1] == fold(s.saved)
    assert "?" not in out.replace("? ", "").rstrip("?")  # nothing replaced by "?" (questions end with one)


@pytest.mark.e2e
def test_a_latin1_locale_gets_latin1_both_ways(tmp_path: Path) -> None:
    s = Sentences("de")
    lines = "\n".join([s.words["hand"], "herz k\u00f6nig", s.words["quit"], s.yes]).encode("latin-1") + b"\n"
    result = run_game(tmp_path, lines, "--lang", "de", env={"LC_ALL": "de_DE.ISO-8859-1"},
                      drop=("PYTHONIOENCODING", "PYTHONUTF8"))
    assert result.returncode == 0 and result.stderr == b""
    out = result.stdout.decode("latin-1")
    king = s.t.pgettext("card", "king of hearts")
    assert "\u00f6" in king and king in out
    assert s.say("Neither you nor the widow has {card}.", card=king) in out.splitlines()
    with pytest.raises(UnicodeDecodeError):
        result.stdout.decode("utf-8")  # really Latin-1, not UTF-8 that happens to look right


# ----- output that goes away, input that is closed -----

@pytest.mark.e2e
def test_output_piped_into_head_ends_quietly_and_keeps_the_match(tmp_path: Path) -> None:
    env = game_env(tmp_path, PYTHON=sys.executable, STATUS=str(tmp_path / "status"), ERR=str(tmp_path / "err"))
    script = ('yes pass | "$PYTHON" -m commerce_a11y play --lang en --seed 3 2>"$ERR" | head -n 3; '
              'echo "${PIPESTATUS[1]}" > "$STATUS"')
    result = subprocess.run(["bash", "-c", script], capture_output=True, env=env, timeout=120, check=False)
    assert len(result.stdout.splitlines()) == 3
    assert (tmp_path / "status").read_text().strip() == "0"
    assert (tmp_path / "err").read_bytes() == b""
    assert not replay(saved(tmp_path).read_text(encoding="utf-8").splitlines()).over


@pytest.mark.e2e
@pytest.mark.parametrize("redirect", ["<&-", "</dev/null"])
def test_closed_or_empty_input_saves_and_leaves(tmp_path: Path, redirect: str) -> None:
    env = game_env(tmp_path, PYTHON=sys.executable)
    result = subprocess.run(["bash", "-c", f'exec "$PYTHON" -m commerce_a11y play --lang en --seed 3 {redirect}'],
                            capture_output=True, env=env, timeout=120, check=False)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode().splitlines()[-1] == "Your match is saved. To go on, type: commerce resume"
    assert saved(tmp_path).is_file()


@pytest.mark.e2e
@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_closed_or_full_output_still_plays_and_saves(tmp_path: Path, redirect: str) -> None:
    if redirect == ">/dev/full" and not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    env = game_env(tmp_path, PYTHON=sys.executable)
    result = subprocess.run(["bash", "-c", f'exec "$PYTHON" -m commerce_a11y play --lang en --seed 3 {redirect}'],
                            input=b"pass\n" * 3, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            timeout=120, check=False)
    assert result.returncode == 0 and result.stderr == b""
    assert not replay(saved(tmp_path).read_text(encoding="utf-8").splitlines()).over


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize(("command", "redirect"), [
    ("simulate --matches 2", ">/dev/full"),
    ("simulate --matches 2 --json --quiet", ">/dev/full"),
    ("simulate --matches 2", ">&-"),
    ("stats", ">/dev/full"),
    ("replay --list", ">/dev/full"),
    ("rules thirty-one", ">/dev/full"),
    ("--help", ">/dev/full"),
    ("--help", ">&-"),
    ("play --help", ">/dev/full"),
    ("--version", ">/dev/full"),
])
@pytest.mark.e2e
def test_every_command_ends_quietly_when_its_output_is_full_or_closed(tmp_path: Path, command: str,
                                                                       redirect: str) -> None:
    """Lost output ends any command as it ends a match: status 0, nothing on standard error, no crash log."""
    env = game_env(tmp_path, PYTHON=sys.executable)
    result = subprocess.run(["bash", "-c", f'exec "$PYTHON" -m commerce_a11y {command} --lang en {redirect}'],
                            stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=120, check=False)
    assert result.returncode == 0
    assert b"Something went wrong" not in result.stderr
    if "--quiet" in command or redirect.startswith("2"):
        assert result.stderr == b""
    else:
        assert result.stderr.decode().splitlines() == ([] if "simulate" not in command else
                                                       ["Played 1 of 2 matches.", "Played 2 of 2 matches."])
    assert not (tmp_path / "data" / "commerce-a11y" / "crash.log").exists()


@pytest.mark.e2e
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("redirect", ["2>/dev/full", "2>&-"])
@pytest.mark.parametrize("command", ["play --players 0", "--bogus", "simulate --players x", "rules nonesuch"])
def test_a_usage_error_keeps_its_status_when_its_message_is_lost(tmp_path: Path, command: str, redirect: str) -> None:
    """Exit status 2 tells a script its call was wrong even when standard error is full or closed; no crash log."""
    env = game_env(tmp_path, PYTHON=sys.executable)
    result = subprocess.run(["bash", "-c", f'exec "$PYTHON" -m commerce_a11y {command} --lang en {redirect}'],
                            stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=120, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (2, b"", b"")
    assert not (tmp_path / "data" / "commerce-a11y" / "crash.log").exists()


@pytest.mark.e2e
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_simulate_with_a_full_standard_error_still_prints_its_summary(tmp_path: Path) -> None:
    env = game_env(tmp_path, PYTHON=sys.executable)
    result = subprocess.run(["bash", "-c", 'exec "$PYTHON" -m commerce_a11y simulate --matches 2 --json 2>/dev/full'],
                            capture_output=True, env=env, timeout=120, check=False)
    assert result.returncode == 0
    assert json.loads(result.stdout)["matches"] == 2


def test_one_test_says_whether_a_person_is_at_both_ends(tmp_path: Path) -> None:
    """``interactive``: a pty at both ends is a person; a pipe, a file or a closed stream at either end is not."""
    main, side = os.openpty()
    read_end, write_end = os.pipe()
    with open(side, "w", encoding="utf-8", closefd=False) as tty, open(read_end, encoding="utf-8") as pipe, \
            open(write_end, "w", encoding="utf-8") as pipe_out, open(tmp_path / "out", "w", encoding="utf-8") as file:
        assert interactive(tty, tty)
        assert not interactive(pipe, tty) and not interactive(tty, pipe_out) and not interactive(tty, file)
        closed = open(tmp_path / "closed", "w", encoding="utf-8")  # noqa: SIM115 - closed at once
        closed.close()
        assert not interactive(tty, closed) and not interactive(closed, tty)
        assert plain_is_right(tty, tty, {"TERM": "xterm"}) is False
        assert plain_is_right(pipe, tty, {"TERM": "xterm"}) and plain_is_right(tty, tty, {"TERM": "dumb"})
    os.close(main)
    os.close(side)


# ----- a home folder that cannot be written -----

@pytest.mark.e2e
def test_a_home_that_cannot_be_written_plays_and_says_so_once(tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folders should be\n", encoding="utf-8")
    result = run_game(tmp_path, ["pass"] * 2000, "--lang", "de", "--verbosity", "brief",
                      env={"XDG_DATA_HOME": str(blocked), "XDG_CONFIG_HOME": str(blocked)})
    s = Sentences("de")
    # --lang and --verbosity cannot be remembered: said once, on standard error (issue 19, 23).
    assert result.returncode == 0
    assert result.stderr.decode() == s.say("Settings cannot be remembered: {path} cannot be written.",
                                           path=blocked / "commerce-a11y") + "\n"
    out = result.stdout.decode()
    assert out.count(s.say("The match cannot be saved here; it goes on without saving.")) == 1
    assert out.count(s.say("You pass.")) > 3
    assert s.pattern("{name} wins the match.").search(out) or s.say("You win the match.") in out


@pytest.mark.e2e
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_record_on_a_full_device_is_refused_once_and_the_device_stays(tmp_path: Path) -> None:
    """``--record /dev/full``: written into (and refused: no space), never renamed over."""
    result = run_game(tmp_path, ["pass"] * 3, "--lang", "en", "--record", "/dev/full")
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode().count("The match cannot be saved here; it goes on without saving.") == 1
    assert Path("/dev/full").is_char_device()
    assert saved(tmp_path).is_file()  # the saved match is still kept in the data folder


def test_a_full_disk_leaves_no_half_written_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    assert storage.write_save(['{"event": "old"}'])
    before = storage.read_save()
    monkeypatch.setattr(files.os, "fsync", full)
    assert not storage.write_save(['{"event": "new"}'])
    assert storage.read_save() == before
    assert sorted(p.name for p in storage.save_path().parent.iterdir()) == ["saved-match.jsonl"]


def test_a_record_into_a_pipe_is_written_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert not files.atomic_write(fifo, "line\n")  # the game's own files are never written into a pipe
        assert files.atomic_write(fifo, "line\n", into=True)
        assert os.read(reader, 100) == b"line\n"
        assert not fifo.is_file()
    finally:
        os.close(reader)


class Lines:
    """Scripted answers, then the end of input."""

    name = "plain"

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)

    def read(self, prompt: str) -> str | None:
        return self.lines.pop(0) if self.lines else None


def test_the_game_says_once_that_it_cannot_save_and_plays_on() -> None:
    use_language("en")
    match = Match(ruleset("commerce"), [Player("You", "human"), Player("A", "bot:basic"), Player("B", "bot:basic")],
                  seed=4)
    out = io.StringIO()
    narrator = Narrator(match.rules, ["You", "A", "B"], 0, Verbosity.NORMAL, CardStyle.NAMES)
    game = Game(match, 0, {1: make_bot("basic", 1), 2: make_bot("basic", 2)}, narrator,
                Terminal(Lines(["pass"] * 4), stdout=out), lambda lines: False)
    assert game.run() == 0
    text = out.getvalue()
    assert text.count("The match cannot be saved here; it goes on without saving.") == 1
    assert text.count("You pass.") == 4
    assert text.splitlines()[-1] == "Goodbye. This match could not be saved."


def test_lost_output_ends_the_game_as_the_end_of_input_does() -> None:
    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    use_language("en")
    match = Match(ruleset("commerce"), [Player("You", "human"), Player("A", "bot:basic"), Player("B", "bot:basic")],
                  seed=4)
    stored: list[list[str]] = []
    narrator = Narrator(match.rules, ["You", "A", "B"], 0, Verbosity.NORMAL, CardStyle.NAMES)
    answers = Lines(["pass"] * 30)
    game = Game(match, 0, {1: make_bot("basic", 1), 2: make_bot("basic", 2)}, narrator,
                Terminal(answers, stdout=Gone()), lambda lines: stored.append(lines) or True)
    assert game.run() == 0
    assert len(answers.lines) == 30  # not one question was asked into the void
    assert replay(stored[-1]).events == match.events


# ----- settings, environment and options -----

@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"lang": 5, "verbosity": ["x"]}', '{"cards": "huge"}',
                                     '{"lang": "d\u00e9"}'],
                         ids=["invalid-json", "not-an-object", "wrong-types", "unknown-value", "not-utf8"])
@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["en", "de"])
def test_damaged_settings_are_ignored_with_one_sentence(tmp_path: Path, content: str, lang: str) -> None:
    folder = tmp_path / "config" / "commerce-a11y"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_bytes(content.encode("latin-1"))  # the last one is not UTF-8
    result = run_game(tmp_path, ["quit", "y"], "--lang", lang)
    assert result.returncode == 0
    s = Sentences(lang)
    assert result.stderr.decode().splitlines() == [
        s.say("Some settings in {path} are not valid; the game uses its defaults for them.",
              path=folder / "settings.json")]
    assert result.stdout.decode().splitlines()[-1] == s.saved


@pytest.mark.e2e
def test_unknown_settings_of_a_newer_version_are_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "commerce-a11y"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"verbosity": "brief", "future_thing": 3}), encoding="utf-8")
    result = run_game(tmp_path, [], "--lang", "en")
    assert result.returncode == 0 and result.stderr == b""


@pytest.mark.e2e
def test_an_unknown_locale_speaks_english(tmp_path: Path) -> None:
    result = run_game(tmp_path, ["quit", "y"], env={"LANG": "xx_YY", "LANGUAGE": "xx"})
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode("ascii").splitlines()[0] == "Commerce: you and Anna, Ben, Cem."


@pytest.mark.parametrize(("args", "says"), [
    (("--players", "abc"), "'abc' is not a valid number"),
    (("--players", "0"), "commerce is for 3 to 12 players, not 0."),
    (("--players", "9" * 30), f"commerce is for 3 to 12 players, not {'9' * 30}."),
    (("--option", "chips=\u00b2"), "Option chips of commerce cannot be \u00b2. Allowed: 1 to 9."),
    (("--option", "chips="), "Option chips of commerce cannot be . Allowed: 1 to 9."),
    (("--seed", "x"), "'x' is not a valid number"),
    (("--lang", "xx"), "'xx' is not one of 'de', 'nl', 'en'"),
    (("--colour",), "No such option '--colour'"),
    (("--opponents", "Anna:godlike"), "godlike is not a computer player level"),
    (("--opponents", "random", "--players", "5"), "5 players need 4 opponents, not 1."),
    (("--record", "/"), "is a directory"),
    (("--verbosity", "loud"), "'loud' is not one of 'brief', 'normal', 'verbose'"),
    (("extra",), "Got unexpected extra argument (extra)"),
])
@pytest.mark.e2e
def test_invalid_options_get_a_usage_error_and_status_2(tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    result = run_game(tmp_path, [], *args, env={"LANG": "en_GB.UTF-8"})
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert says in err and "Traceback" not in err
    assert result.stdout == b""


@pytest.mark.e2e
def test_invalid_options_are_explained_in_german(tmp_path: Path) -> None:
    result = run_game(tmp_path, [], "--players", "0", "--lang", "de")
    err = result.stderr.decode()
    assert result.returncode == 2
    assert "Fehler" in err and "Error" not in err and "Traceback" not in err


@pytest.mark.e2e
def test_names_from_the_command_line_lose_escape_sequences(tmp_path: Path) -> None:
    record = tmp_path / "match.jsonl"
    result = run_game(tmp_path, [], "--lang", "en", "--name", "Ev\x1b[31ma\udcff", "--opponents",
                      "\x1b]0;pwned\x07Anna:easy,B\x07en,\x1b[2J", "--record", str(record))
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode().splitlines()[0] == "Commerce: you and Anna, Ben, Cem."
    players = json.loads(record.read_text(encoding="utf-8").splitlines()[0])["players"]
    assert [p["name"] for p in players] == ["Eva", "Anna", "Ben", "Cem"]


def test_card_names_typed_without_umlauts_are_understood() -> None:
    use_language("de")
    try:
        match = Match(ruleset("commerce"), [Player("You", "human"), Player("A"), Player("B")], seed=4)
        view = match.view(match.to_act)  # type: ignore[arg-type]
        hand, widow = view.hand[0], view.widow[0]
        from commerce_a11y.narration.words import card_name

        for spell in (lambda n: n, fold, lambda n: fold(n, umlauts=False)):
            parsed = parse(f"{spell(card_name(hand))} {spell(card_name(widow))}", view)
            assert parsed == Play(Swap((hand,), (widow,))), parsed
        assert isinstance(parse("Herz-Kxnig", view), Invalid)
    finally:
        use_language("en")


def test_relative_xdg_folders_are_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    monkeypatch.setenv("XDG_CONFIG_HOME", "")
    assert folders.data_dir() == tmp_path / ".local" / "share" / "commerce-a11y"
    assert folders.config_dir() == tmp_path / ".config" / "commerce-a11y"
