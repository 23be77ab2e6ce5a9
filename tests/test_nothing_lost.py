"""Issue 19, "Nothing lost, second pass": hostile files, a second window, crafted records and the first fraction of a
second. Each test names the issue's item it holds; the races between real processes are in
tests/e2e/test_two_windows.py, the fuzzers in tests/test_hostile_files.py."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from datetime import datetime
from functools import partial
from pathlib import Path

import pytest

from commerce_a11y import storage
from commerce_a11y.bots import make_bot
from commerce_a11y.console.session import (
    finish_match,
    load_saved_match,
    start_game,
    waiting_question,
)
from commerce_a11y.console.terminal import LINE_LIMIT, PlainInput, Terminal
from commerce_a11y.i18n import translation, use_language
from commerce_a11y.records import keep_record, kept_records, records_dir
from commerce_a11y.rules import Match, Player, Seeded, record_lines, replay, ruleset
from commerce_a11y.seat.naming import match_title
from commerce_a11y.settings import Settings
from commerce_a11y.stats import add_match, match_entry, read_stats, stats_path
from commerce_a11y.storage import SaveSlot, filing_lock, save_path, write_save


@pytest.fixture(autouse=True)
def english(home: Path) -> None:
    """The conftest's home, and English for the sentences compared here."""
    use_language("en")

HOSTILE_SAVE = 1 << 31
"""Bytes of a hostile save (sparse on the disk): twice the address space the game gets when it meets one."""


def run(*args: str, stdin: str | bytes = "", lang: str = "en", timeout: float = 60,
        memory: int | None = None) -> subprocess.CompletedProcess[str]:
    """The game with ``args``; ``memory``: the bytes of address space it may use at most (POSIX), so that a file
    read whole that is larger fails it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    data = stdin.encode() if isinstance(stdin, str) else stdin
    result = subprocess.run([sys.executable, "-m", "commerce_a11y", *args, "--lang", lang], capture_output=True,
                            env=env, timeout=timeout, check=False, input=data,
                            preexec_fn=None if memory is None else partial(limit_memory, memory))
    return subprocess.CompletedProcess(result.args, result.returncode, result.stdout.decode(errors="replace"),
                                       result.stderr.decode(errors="replace"))


def limit_memory(size: int) -> None:
    """In the child, before the game starts: at most ``size`` bytes of address space."""
    if sys.platform != "win32":
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (size, size))


def say(msgid: str, lang: str = "en", **values: object) -> str:
    return translation(lang).gettext(msgid).format(**values)


def a_match(actions: int | None = None, name: str = "commerce", seed: int = 4, level: str = "basic") -> Match:
    players = [Player("Eva", "human")] + [Player(n, f"bot:{level}") for n in ("Anna", "Ben", "Cem")]
    match = Match(ruleset(name), players, seed)
    bots = [make_bot("basic", seed * 100 + s) for s in range(4)]
    done = 0
    while not match.over and (actions is None or done < actions):
        match.apply(match.to_act, bots[match.to_act].choose(match.view(match.to_act)))
        done += 1
    return match


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr[-2000:]


# --- 1, 16: a second window --------------------------------------------------------------------------------------

@pytest.mark.e2e
def test_1_a_second_window_never_offers_sets_aside_or_overwrites_the_first_windows_match() -> None:
    write_save(list(record_lines(a_match(20).events)))
    before = save_path().read_bytes()
    first = SaveSlot()
    assert first.claim()  # the first window plays it (in this process)
    stale = save_path().with_name(save_path().name + "abc123.tmp")  # its save being written this moment
    stale.write_text("half", encoding="utf-8")
    try:
        declined = run("play", "--seed", "5", stdin="no\n")
        assert declined.returncode == 0, declined.stderr
        assert declined.stdout.splitlines() == [
            say("Another window is playing your match. Play a new one here, saved apart? Yes or no? ").strip()
            + " no", say("Goodbye. Go on in the other window, or later with: {command}", command="commerce resume")]
        resumed = run("resume")
        assert resumed.returncode == 1
        assert resumed.stdout.splitlines() == [say("Another window is playing your saved match; go on there.")]
        apart = run("play", "--seed", "5", stdin="yes\nquit\nyes\n")
        assert apart.returncode == 0, apart.stderr
        assert apart.stdout.splitlines()[-1] == say("Your match is saved. To go on, type: {command}",
                                                    command="commerce resume")
        assert save_path().read_bytes() == before  # never set aside, never written over
        assert stale.exists()  # 16: a running game's temporary file is its own
        assert load_saved_match(slot=SaveSlot(2)).chance == Seeded(5)  # the second window's match, saved apart
    finally:
        first.release()
    # The first window gone, its match is offered again, then the one saved apart.
    again = run("resume", stdin="quit\nyes\n")
    assert again.returncode == 0 and not stale.exists()
    assert load_saved_match().chance == Seeded(4)


@pytest.mark.e2e
def test_15_the_waiting_question_names_the_ruleset_its_options_and_the_hand() -> None:
    saved = Match(ruleset("braillespiel", marks=5), [Player("Eva"), *(Player(n, "bot:basic") for n in "AB")], 3)
    assert match_title(saved.rules) == "Commerce, Braillespiel rules (marks=5)"
    assert waiting_question(saved, None) == (
        "A saved match of Commerce, Braillespiel rules (marks=5) is waiting (hand 1). Go on with it? Yes or no? ")
    assert waiting_question(saved, ruleset("braillespiel", marks=5)) == waiting_question(saved, None)
    assert waiting_question(saved, ruleset("commerce")) == (
        "A saved match of Commerce, Braillespiel rules (marks=5) is waiting (hand 1), not Commerce. "
        "Go on with it? Yes or no? ")
    write_save(list(record_lines(a_match(30).events)))
    hand = load_saved_match().hand_no
    result = run("play", "--rules", "braillespiel", stdin="no\nquit\nyes\n")
    assert result.stdout.splitlines()[0].startswith(
        f"A saved match of Commerce is waiting (hand {hand}), not Commerce, Braillespiel rules. Go on with it?")


# --- 2, 22: filing: exclusive names, the statistics under a lock, no temporaries left ----------------------------

def test_2_a_record_name_taken_at_the_last_moment_is_never_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another window takes the name between the check and the write: the record goes under the next name."""
    folder = records_dir()
    folder.mkdir(parents=True)
    real_link = os.link

    def link_after_another_window(src: str, dst: str) -> None:
        if str(dst).endswith("-commerce.jsonl") and not os.path.exists(dst):
            Path(dst).write_text('{"theirs":1}\n', encoding="utf-8")  # the other window was quicker
        real_link(src, dst)

    monkeypatch.setattr(os, "link", link_after_another_window)
    path = keep_record(['{"mine":1}'], "commerce", 50, "20261130-101500", folder)
    assert path is not None and path.name == "20261130-101500-commerce-2.jsonl"
    assert (folder / "20261130-101500-commerce.jsonl").read_text(encoding="utf-8") == '{"theirs":1}\n'
    assert path.read_text(encoding="utf-8") == '{"mine":1}\n'


def test_2_filing_waits_for_another_window_and_keeps_the_save_if_it_never_finishes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import commerce_a11y.console.session as session

    monkeypatch.setattr(session, "FILING_WAIT", 0.3)
    match = a_match()
    lines = list(record_lines(match.events))
    write_save(lines, "20261130-101500", "abc")
    other = filing_lock()
    assert other.acquire()  # another window files its match (and hangs)
    try:
        said = finish_match(lines, match, 0, "20261130-101500", "abc", 50, SaveSlot())
    finally:
        other.release()
    assert said == [say("The match stays saved; the next start tries again to keep it.")]
    assert save_path().exists() and not kept_records() and read_stats() == []
    assert load_saved_match() is None  # the next start files it
    assert len(kept_records()) == 1 and [e["id"] for e in read_stats()] == ["abc"] and not save_path().exists()


def test_22_a_temporary_file_of_a_killed_record_writer_is_cleaned_up_at_the_next_filing() -> None:
    folder = records_dir()
    folder.mkdir(parents=True)
    stale = folder / "20261130-101500-commerce.jsonlx8ab3.tmp"
    stale.write_text("half", encoding="utf-8")
    match = a_match()
    finish_match(list(record_lines(match.events)), match, 0, "20261130-111500", "abc", 50)
    assert not stale.exists()
    assert [p.name for p in folder.iterdir()] == ["20261130-111500-commerce.jsonl"]


# --- 3: the save is kept until the match is written somewhere --------------------------------------------------

@pytest.mark.e2e
def test_3_the_save_stays_when_neither_record_nor_statistics_can_be_written() -> None:
    folder = save_path().parent
    folder.mkdir(parents=True)
    (folder / "records").write_text("mine\n", encoding="utf-8")
    (folder / "stats.json").mkdir()
    result = run("play", "--seed", "3", stdin="pass\n" * 2000)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-3:] == [say("The record of this match could not be kept."),
                                               say("This match could not be added to your statistics."),
                                               say("The match stays saved; the next start tries again to keep it.")]
    assert save_path().exists()
    (folder / "records").unlink()
    (folder / "stats.json").rmdir()
    filed = run("resume")  # 18: filed now, and said so
    assert filed.returncode == 0
    assert filed.stdout.splitlines() == [say("Your saved match had already ended; its result is kept now."),
                                         say("Start a new match with: {command}", command="commerce play")]
    assert len(kept_records()) == 1 and len(read_stats()) == 1 and not save_path().exists()


# --- 4: pruning by the order kept --------------------------------------------------------------------------------

def test_4_a_record_just_kept_is_never_pruned_and_the_order_kept_wins_over_wrong_dates(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    for n in range(3):  # kept while the clock was a year ahead
        keep_record([f'{{"n":{n}}}'], "commerce", 3, f"20271130-10000{n}", folder)
    now = keep_record(['{"n":"now"}'], "commerce", 3, "20261130-100000", folder)
    assert now is not None and now.exists()
    names = {p.name for p in kept_records(folder)}
    assert names == {"20271130-100001-commerce.jsonl", "20271130-100002-commerce.jsonl", now.name}
    later = keep_record(['{"n":"later"}'], "commerce", 3, "20261130-100100", folder)
    assert later is not None
    assert {p.name for p in kept_records(folder)} == {"20271130-100002-commerce.jsonl", now.name, later.name}


# --- 5: two matches played alike count twice ---------------------------------------------------------------------

@pytest.mark.e2e
def test_5_the_same_seed_played_the_same_way_twice_counts_twice() -> None:
    for _ in range(2):
        result = run("play", "--seed", "3", "--rules", "thirty-one", "--option", "chips=1", stdin="pass\n" * 500)
        assert result.returncode == 0, result.stderr
    entries = read_stats()
    assert len(entries) == 2 and entries[0]["id"] != entries[1]["id"]
    assert kept_records()  # (two records alike, ended in one second, are kept once: nothing of either is lost)


# --- 6, 7, 12, 23: hostile files in place of the game's own -----------------------------------------------------

NESTED = "[" * 1000 + "]" * 1000
LONG_NUMBER = '{"keep_records": ' + "7" * 5000 + "}"


@pytest.mark.e2e
@pytest.mark.parametrize("content", [NESTED, LONG_NUMBER, '{"keep_records": "' + "0" * 5000 + '"}'])
def test_6_a_hostile_settings_file_is_named_in_one_sentence_and_every_command_works(content: str,
                                                                                   home: Path) -> None:
    path = home / "config" / "commerce-a11y" / "settings.json"
    path.parent.mkdir(parents=True)
    for args in (("--version",), ("stats",)):
        path.write_text(content, encoding="utf-8")  # (remembering --lang replaces it with the valid settings)
        result = run(*args)
        no_traceback(result)
        assert result.returncode == 0
        assert result.stderr == say("Some settings in {path} are not valid; the game uses its defaults for them.",
                                    path=path) + "\n"


@pytest.mark.e2e
def test_7_a_hostile_save_is_refused_kept_aside_and_never_read_whole(home: Path) -> None:
    folder = save_path().parent
    folder.mkdir(parents=True)
    damaged = say("The saved match is damaged or cut short; it is kept as {path}.",
                  path="saved-match-1.jsonl")
    for make in (lambda p: p.write_text(NESTED + "\n", encoding="utf-8"),
                 lambda p: os.truncate(p.open("wb").name, HOSTILE_SAVE),  # sparse: never read whole
                 lambda p: p.symlink_to("/dev/zero")):
        make(save_path())
        result = run("resume", memory=HOSTILE_SAVE // 2)  # a game that read the save whole would run out
        no_traceback(result)
        assert result.returncode == 1
        assert result.stdout.splitlines()[0] == damaged
        assert not os.path.lexists(save_path())
        (folder / "saved-match-1.jsonl").unlink()


@pytest.mark.e2e
def test_7_a_hostile_statistics_file_is_kept_aside_and_a_match_still_ends_and_counts() -> None:
    stats_path().parent.mkdir(parents=True)
    stats_path().write_text('{"format": 1, "matches": ' + NESTED + "}", encoding="utf-8")
    result = run("stats")
    no_traceback(result)
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == say("The statistics file cannot be read; it is kept as {path}.",
                                                path=stats_path().with_name("stats-1.json"))
    stats_path().write_text(NESTED, encoding="utf-8")
    played = run("play", "--seed", "3", "--rules", "thirty-one", "--option", "chips=1", stdin="pass\n" * 500)
    no_traceback(played)
    assert played.returncode == 0 and len(read_stats()) == 1 and not save_path().exists()


@pytest.mark.e2e
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_12_a_named_pipe_in_place_of_a_file_never_hangs_the_game(home: Path) -> None:
    config = home / "config" / "commerce-a11y"
    config.mkdir(parents=True)
    os.mkfifo(config / "settings.json")
    save_path().parent.mkdir(parents=True)
    os.mkfifo(save_path())
    os.mkfifo(stats_path())
    result = run("play", "--seed", "3", "--rules", "thirty-one", "--option", "chips=1", stdin="pass\n" * 500,
                 timeout=60)
    no_traceback(result)
    assert result.returncode == 0
    assert result.stderr.splitlines() == [say(
        "Settings: {path} is not a file; the game uses its defaults and remembers nothing.",
        path=config / "settings.json")]
    assert result.stdout.splitlines()[0] == say("The saved match is damaged or cut short; it is kept as {path}.",
                                                path="saved-match-1.jsonl")
    assert len(kept_records()) == 1 and not save_path().exists()  # kept as a record; the pipe is left alone
    assert not stats_path().is_file()
    stats = run("stats")
    no_traceback(stats)
    assert stats.returncode == 0 and stats.stdout.splitlines()[0] == say("The statistics file cannot be read.")


@pytest.mark.e2e
def test_23_settings_that_are_a_folder_are_named_as_such() -> None:
    path = Path(os.environ["XDG_CONFIG_HOME"]) / "commerce-a11y" / "settings.json"
    path.mkdir(parents=True)
    result = run("stats", "--lang", "de", lang="de")
    assert result.returncode == 0
    assert result.stderr.splitlines() == [say(
        "Settings: {path} is not a file; the game uses its defaults and remembers nothing.", "de", path=path)]
    settings = Settings.read()
    assert settings.blocked and not settings.remember({"lang": "de"})


# --- 8, 15: crafted records ---------------------------------------------------------------------------------------

def crafted(tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    objs = [json.loads(line) for line in record_lines(a_match().events)]
    text = change(objs)
    path = tmp_path / "crafted.jsonl"
    path.write_text(text if isinstance(text, str) else "".join(json.dumps(o) + "\n" for o in objs),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("change", [
    lambda objs: objs[0].update(seed=int("9" * 4000)) or "\n".join(json.dumps(o) for o in objs).replace(
        "9" * 4000, "9" * 5000),
    lambda objs: "[" * 5000 + "\n",
    lambda objs: next(o for o in objs if o["event"] == "swap").update(gave=[5]),
    lambda objs: objs[0].update(seed=1e308),
    lambda objs: objs[0].update(players=["Eva"]),
    lambda objs: objs[0].update(ruleset="\x1b]0;pwned\x07" * 1000),
])
@pytest.mark.e2e
def test_8_crafted_records_are_refused_with_one_sentence_and_status_1(tmp_path: Path, change) -> None:  # type: ignore[no-untyped-def]
    result = run("replay", str(crafted(tmp_path, change)), "--all")
    no_traceback(result)
    assert result.returncode == 1, result.stderr
    assert len(result.stdout.splitlines()) == 1 and "\x1b" not in result.stdout
    assert len(result.stdout) < 400


@pytest.mark.e2e
def test_15_names_from_files_reach_the_terminal_clean_and_short(tmp_path: Path) -> None:
    hostile = "\x1b]0;owned\x07Zoe\x1b[2J\x1b[31m\r\nYou win the match." + "x" * 100_000
    path = crafted(tmp_path, lambda objs: objs[0]["players"][1].update(name=hostile))
    result = run("replay", str(path), "--all")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\r" not in result.stdout
    assert "You win the match." not in result.stdout.replace("Zoe", "")
    assert max(len(line) for line in result.stdout.splitlines()) < 400
    match = replay(path.read_text(encoding="utf-8").splitlines())
    assert match.players[1].name == "ZoeYou win the match"[:20]
    # The same name in a kept record (replay --list) and in a resumed save.
    folder = records_dir()
    folder.mkdir(parents=True)
    won = a_match()
    objs = [json.loads(line) for line in record_lines(won.events)]
    for o in objs[:1]:
        for player in o["players"]:
            player["name"] = hostile
    (folder / "20261130-101500-commerce.jsonl").write_text("".join(json.dumps(o) + "\n" for o in objs),
                                                           encoding="utf-8")
    listed = run("replay", "--list")
    assert listed.returncode == 0 and "\x1b" not in listed.stdout and "\r" not in listed.stdout
    assert len(listed.stdout) < 400
    lines = [json.dumps(o) for o in objs[:40]]
    write_save(lines)
    resumed = run("resume", stdin="quit\nyes\n")
    assert resumed.returncode == 0 and "\x1b" not in resumed.stdout and "\r" not in resumed.stdout


# --- 9, 10, 11, 21: values the game does not know ----------------------------------------------------------------

@pytest.mark.e2e
def test_9_a_save_naming_an_unknown_computer_level_is_refused_as_newer_and_kept_aside() -> None:
    objs = [json.loads(line) for line in record_lines(a_match(20).events)]
    objs[0]["players"][2]["kind"] = "bot:expert"
    write_save([json.dumps(o) for o in objs])
    result = run("resume")
    no_traceback(result)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == say(
        "The saved match comes from a newer version of the game; it is kept as {path}.",
        path="saved-match-1.jsonl")


@pytest.mark.e2e
def test_10_statistics_of_a_ruleset_this_version_does_not_know_are_still_told() -> None:
    entry = match_entry(a_match(), 0, "a", datetime(2026, 1, 1))
    add_match({**entry, "ruleset": "skat\x1b[2J"})
    add_match({**entry, "id": "b"})
    result = run("stats")
    no_traceback(result)
    assert result.returncode == 0
    assert "skat: 1 played" in result.stdout and "\x1b" not in result.stdout


@pytest.mark.e2e
@pytest.mark.parametrize("command", [("play",), ("rules",), ("simulate", "--matches", "1")])
def test_11_a_huge_option_value_is_a_usage_error(command: tuple[str, ...]) -> None:
    result = run(*command, "--option", "chips=" + "0" * 5000)
    no_traceback(result)
    assert result.returncode == 2
    assert len(result.stderr) < 400


@pytest.mark.e2e
@pytest.mark.parametrize("name", ["You", "you", "Du", "JIJ"])
def test_21_an_opponent_may_not_be_called_by_the_players_own_word(name: str) -> None:
    result = run("play", "--opponents", f"{name}:basic,Ben")
    assert result.returncode == 2
    assert say("{name} is the word for you in the game; give that player another name.", name=name) in result.stderr


# --- 13: an endless line ------------------------------------------------------------------------------------------

@pytest.mark.e2e
def test_13_an_endless_input_line_is_read_in_bounded_pieces_and_left_out() -> None:
    out = io.StringIO()
    backend = PlainInput(io.StringIO("y" * (LINE_LIMIT * 50) + "\npass\n" + "n" * LINE_LIMIT + "\n"), out)
    assert backend.read("? ") == ""
    assert backend.read("? ") == "pass"
    assert backend.read("? ") == "n" * LINE_LIMIT  # exactly at the limit: a line like any other
    assert out.getvalue().count(say("That line is too long; it is left out.")) == 1
    result = run("play", "--seed", "3", stdin=b"y" * 3_000_000)
    no_traceback(result)
    assert result.returncode == 0
    assert result.stdout.count(say("That line is too long; it is left out.")) == 1


# --- 17, 19, 20: what is said and how the match goes on -----------------------------------------------------------

def test_17_the_end_says_the_match_is_saved_once_saving_works_again(monkeypatch: pytest.MonkeyPatch) -> None:
    real = storage.atomic_write
    calls = []

    def full_at_first(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return False if len(calls) <= 2 else real(*args, **kwargs)

    monkeypatch.setattr(storage, "atomic_write", full_at_first)
    out = io.StringIO()
    terminal = Terminal(PlainInput(io.StringIO("pass\n" * 3 + "quit\nyes\n"), out), stdout=out)
    settings = {"verbosity": "normal", "cards": "names", "speech": "off", "input": "plain",
                "difficulty": "normal", "keep_records": "50", "tutorial": "offered"}
    status = start_game(ruleset("commerce"), [("Anna", "basic"), ("Ben", "basic")], None, 3, None, settings,
                        Settings(), terminal, SaveSlot())
    lines = out.getvalue().splitlines()
    assert status == 0
    assert lines.count(say("The match cannot be saved here; it goes on without saving.")) == 1
    assert lines[-1] == say("Your match is saved. To go on, type: {command}", command="commerce resume")
    assert load_saved_match() is not None


@pytest.mark.e2e
def test_19_a_crash_in_a_match_says_it_is_saved(home: Path) -> None:
    code = ("import commerce_a11y.console.game as g\n"
            "def broken(self, *a): raise RuntimeError('deliberately broken')\n"
            "g.Game.players_turn = broken\n"
            "from commerce_a11y.cli import main\n"
            "main(['play', '--seed', '3', '--lang', 'en'])\n")
    env = {**os.environ, "LANG": "C.UTF-8"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False,
                            env=env, input="")
    log = home / "data" / "commerce-a11y" / "crash.log"
    assert result.returncode == 70
    assert result.stderr == say("Something went wrong inside the game. Your match is saved; details are in {path}.",
                                path=log) + "\n"
    assert load_saved_match() is not None


@pytest.mark.e2e
@pytest.mark.parametrize("level", ["random", "easy"])
def test_20_a_resumed_match_plays_on_as_the_same_match_played_straight_through(level: str, home: Path) -> None:
    args = ("--seed", "11", "--rules", "thirty-one", "--option", "chips=3", "--opponents",
            f"Anna:{level},Ben:{level},Cem:{level}", "--keep-records", "5")
    straight = run("play", *args, stdin="pass\n" * 400)
    assert straight.returncode == 0, straight.stderr
    (first,) = kept_records()
    whole = first.read_text(encoding="utf-8")
    first.unlink()
    broken = run("play", *args, stdin="pass\n" * 2 + "quit\nyes\n")
    assert broken.returncode == 0
    run("resume", stdin="pass\n" * 3 + "quit\nyes\n")  # left and resumed on the way
    run("resume", stdin="pass\n" * 400)
    (second,) = kept_records()
    assert second.read_text(encoding="utf-8") == whole
