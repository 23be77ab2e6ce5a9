"""The saved match: sealed, refused with a clear sentence when damaged, cut short, changed or from a newer version,
kept aside (never deleted), and finished exactly once; kept records, the statistics file and the signal guard."""

from __future__ import annotations

import json
import signal
from datetime import datetime
from pathlib import Path

import pytest
from piped_game import run, say

from commerce_a11y import seals
from commerce_a11y.bots import make_bot
from commerce_a11y.console.session import finish_match, load_saved_match, saved_match
from commerce_a11y.console.signals import SignalGuard, Stopped
from commerce_a11y.i18n import translation
from commerce_a11y.records import keep_record, kept_records
from commerce_a11y.rules import RECORD_FORMAT, Match, Player, record_lines, ruleset
from commerce_a11y.rules.record import PLAIN_FORMAT, record_format
from commerce_a11y.seals import SaveRefused, content_digest, seal, unseal
from commerce_a11y.settings import Settings
from commerce_a11y.stats import StatsRefused, add_match, match_entry, read_stats, statistics, stats_path
from commerce_a11y.storage import SaveSlot, SaveWriter, save_path, write_save


def a_match(actions: int | None = 20, name: str = "commerce", seed: int = 4) -> Match:
    """A match with the human in seat 0, played by bots for ``actions`` actions (None: to its end)."""
    players = [Player("Eva", "human")] + [Player(n, "bot:basic") for n in ("Anna", "Ben", "Cem")]
    match = Match(ruleset(name), players, seed)
    bots = [make_bot("basic", seed * 100 + s) for s in range(4)]
    done = 0
    while not match.over and (actions is None or done < actions):
        seat = match.to_act
        match.apply(seat, bots[seat].choose(match.view(seat)))
        done += 1
    return match


# --- the seal ------------------------------------------------------------------------------------------------

def test_a_save_is_the_record_so_far_with_its_format_and_a_seal() -> None:
    match = a_match()
    lines = list(record_lines(match.events))
    assert write_save(lines)
    text = save_path().read_text(encoding="utf-8")
    head = json.loads(text.splitlines()[0])
    assert head["format"] == record_format(match.events[0]) == PLAIN_FORMAT  # a seeded commerce match (format 2)
    assert head["save"]["lines"] == len(lines)
    assert unseal(text, RECORD_FORMAT) == (lines, head["save"])
    assert load_saved_match().events == match.events


def test_a_save_cut_at_any_byte_loads_exactly_or_is_refused() -> None:
    match = a_match(12)
    write_save(list(record_lines(match.events)))
    whole = save_path().read_bytes()
    loaded = refused = 0
    for cut in range(len(whole)):
        try:  # what load_saved_match does with the file's text (read as it reads it)
            again = saved_match(whole[:cut].decode("utf-8", errors="replace"))[0]
        except SaveRefused as refusal:
            assert refusal.reason == "damaged", cut
            refused += 1
        else:
            assert again.events == match.events, cut
            loaded += 1
    assert loaded == 1  # only the last newline may go
    assert refused == len(whole) - 1
    for cut in (0, 1, len(whole) // 2, len(whole) - 2):  # and through the file, a few times
        save_path().write_bytes(whole[:cut])
        with pytest.raises(SaveRefused):
            load_saved_match()


@pytest.mark.parametrize(("change", "reason"), [
    (lambda objs: objs[0]["players"][1].update(name="Zoe"), "edited"),
    (lambda objs: objs[2]["hands"]["0"].reverse(), "edited"),
    (lambda objs: objs.pop(), "damaged"),
    (lambda objs: objs[0].pop("save"), "damaged"),
    (lambda objs: objs[0].update(format=RECORD_FORMAT + 1), "newer"),
    (lambda objs: objs[0].update(format=RECORD_FORMAT + 1, save=None), "newer"),
])
def test_a_changed_save_is_refused_with_its_reason(change, reason: str) -> None:  # type: ignore[no-untyped-def]
    write_save(list(record_lines(a_match().events)))
    objs = [json.loads(line) for line in save_path().read_text(encoding="utf-8").splitlines()]
    change(objs)
    save_path().write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    with pytest.raises(SaveRefused) as info:
        load_saved_match()
    assert info.value.reason == reason


def test_a_resealed_save_that_breaks_the_rules_is_refused_as_damaged() -> None:
    lines = list(record_lines(a_match().events))
    objs = [json.loads(line) for line in lines]
    objs[2]["hands"]["0"].reverse()
    save_path().parent.mkdir(parents=True)
    save_path().write_text("".join(line + "\n" for line in seal([json.dumps(o) for o in objs])), encoding="utf-8")
    with pytest.raises(SaveRefused) as info:
        load_saved_match()
    assert info.value.reason == "damaged"


def test_the_seal_on_disk_keeps_its_format() -> None:
    """The seal's form and digest, as saves before the incremental sealing wrote them (those saves still load)."""
    lines = ['{"event":"match","format":1,"ruleset":"commerce"}', '{"event":"pass","seat":2,"ä":"ö"}']
    assert seal(lines) == [
        '{"event":"match","format":1,"ruleset":"commerce","save":{"lines":2,'
        '"sha256":"5f834da731f1424544c6800028b3f744e9272c27581c56e7e78ae35a8df917b9"}}', lines[1]]


def test_saving_after_each_action_seals_only_the_new_lines_and_writes_the_same_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's saves (one ``SaveWriter``, the record growing) give byte for byte the file a save of the whole
    record gives, while parsing and hashing only the lines added since the save before."""
    match = a_match(None, "braillespiel", seed=3)
    lines = list(record_lines(match.events))
    hashed = []
    canonical = seals._canonical
    monkeypatch.setattr(seals, "_canonical", lambda obj: hashed.append(1) or canonical(obj))
    saves = SaveWriter()
    record: list[str] = []
    for end in (*range(1, 40), len(lines) // 2, len(lines) - 1, len(lines)):
        before = len(hashed)
        added = end - len(record)
        record += lines[len(record):end]
        ended = "20261130-101500" if end == len(lines) else None
        assert saves.write(record, ended)
        assert len(hashed) - before == added
        written = save_path().read_bytes()
        assert write_save(record, ended)
        assert save_path().read_bytes() == written
        assert unseal(written.decode("utf-8"), RECORD_FORMAT)[0] == record
    assert saved_match(save_path().read_text(encoding="utf-8"))[0].events == match.events
    # Lines that do not go on from the last save's (another match) are sealed afresh, never mixed in.
    other = list(record_lines(a_match(10, seed=9).events))
    assert saves.write(other)
    assert save_path().read_text(encoding="utf-8") == "".join(line + "\n" for line in seal(other))


def test_stale_temporary_files_of_a_killed_writer_are_removed_by_the_slots_owner() -> None:
    write_save(list(record_lines(a_match().events)))
    stale = save_path().with_name(save_path().name + "abc.tmp")
    stale.write_text("half", encoding="utf-8")
    assert load_saved_match() is not None
    assert stale.exists()  # read without owning the slot: another window may be writing it now (issue 19, 16)
    slot = SaveSlot()
    assert slot.claim()
    try:
        assert not stale.exists()
        assert load_saved_match(slot=slot) is not None
    finally:
        slot.release()


# --- refusing at the command line ----------------------------------------------------------------------------

BAD_SAVES = {
    "damaged": b'{"event":"match","format":1,"rules',
    "not-utf8": b"\xff\xfe\x00garbage\n",
    "newer": json.dumps({"event": "match", "format": 99, "whatever": True}).encode() + b"\n",
}


@pytest.mark.parametrize(("lang", "kind", "sentence"), [
    ("de", "damaged", "The saved match is damaged or cut short; it is kept as {path}."),
    ("nl", "not-utf8", "The saved match is damaged or cut short; it is kept as {path}."),
    ("en", "newer", "The saved match comes from a newer version of the game; it is kept as {path}."),
    ("nl", "edited", "The saved match was changed outside the game; it is kept as {path}."),
])
@pytest.mark.e2e
def test_resume_refuses_a_bad_save_keeps_it_aside_and_says_so(lang: str, kind: str, sentence: str) -> None:
    if kind == "edited":
        write_save(list(record_lines(a_match().events)))
        content = save_path().read_bytes().replace(b'"Anna"', b'"Anne"')
    else:
        content = BAD_SAVES[kind]
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_bytes(content)
    result = run("resume", lang=lang)
    kept = save_path().with_name("saved-match-1.jsonl")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [say(lang, sentence, path=kept.name),
                                          say(lang, "Start a new match with: {command}", command="commerce play")]
    assert result.stderr == ""
    assert kept.read_bytes() == content
    assert not save_path().exists()


@pytest.mark.e2e
def test_play_keeps_a_bad_save_aside_and_begins_a_new_match() -> None:
    save_path().parent.mkdir(parents=True)
    save_path().write_bytes(BAD_SAVES["damaged"])
    result = run("play", "--seed", "3", stdin="quit\nyes\n")
    lines = result.stdout.splitlines()
    kept = save_path().with_name("saved-match-1.jsonl")
    assert result.returncode == 0
    assert lines[:2] == [say("en", "The saved match is damaged or cut short; it is kept as {path}.", path=kept.name),
                         say("en", "A new match begins.")]
    assert lines[-1] == say("en", "Your match is saved. To go on, type: {command}", command="commerce resume")
    assert kept.read_bytes() == BAD_SAVES["damaged"]
    assert load_saved_match() is not None


# --- a finished match: kept and counted once -----------------------------------------------------------------

def test_a_finished_match_is_finished_once_however_often_it_is_retried() -> None:
    match = a_match(None)
    lines = list(record_lines(match.events))
    write_save(lines, "20261130-101500")
    keep_record(lines, "commerce", 50, "20261130-101500")  # killed here, before the statistics
    assert load_saved_match() is None  # the next start finishes it
    assert load_saved_match() is None
    finish_match(lines, match, 0, "20261130-101500", content_digest(lines), 50)  # and once more: nothing new
    assert [p.name for p in kept_records()] == ["20261130-101500-commerce.jsonl"]
    entries = read_stats()
    assert len(entries) == 1 and entries[0]["id"] == content_digest(lines)
    assert entries[0]["ended"] == "2026-11-30T10:15:00"
    assert not save_path().exists()


@pytest.mark.e2e
@pytest.mark.parametrize(("lang", "blocked"), [("de", "records"), ("nl", "records"), ("en", "stats.json")])
def test_a_record_or_statistics_that_cannot_be_written_is_said_once_after_the_match_end(lang: str,
                                                                                     blocked: str) -> None:
    """A file where the records folder should be: one sentence after the match end, and the match still counts in
    the statistics; a folder where the statistics file should be: one sentence, and the record is kept."""
    folder = save_path().parent
    folder.mkdir(parents=True)
    (folder / blocked).mkdir() if blocked == "stats.json" else (folder / blocked).write_text("mine\n")
    result = run("play", "--seed", "3", stdin="pass\n" * 2000, lang=lang)
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    record_lost = say(lang, "The record of this match could not be kept.")
    stats_lost = say(lang, "This match could not be added to your statistics.")
    if blocked == "records":
        assert lines[-1] == record_lost and stats_lost not in lines
        assert len(read_stats()) == 1
        assert (folder / "records").read_text() == "mine\n"
    else:
        assert lines[-1] == stats_lost and record_lost not in lines
        assert len(kept_records()) == 1
    assert lines.count(lines[-1]) == 1
    assert not save_path().exists()


def test_a_finished_save_with_a_strange_end_time_is_kept_under_the_time_now() -> None:
    match = a_match(None)
    lines = list(record_lines(match.events))
    write_save(lines, "../../outside")
    assert load_saved_match() is None
    (kept,) = kept_records()
    assert kept.parent == save_path().parent / "records"
    assert len(read_stats()) == 1


def test_records_beyond_the_setting_are_pruned_oldest_first(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    for n in range(5):
        keep_record([f'{{"n":{n}}}'], "thirty-one", 3, f"20261130-10000{n}", folder)
    keep_record(['{"n":9}'], "thirty-one", 3, "20261130-100004", folder)  # the same second: a second name
    names = [p.name for p in kept_records(folder)]
    assert names == ["20261130-100004-thirty-one-2.jsonl", "20261130-100004-thirty-one.jsonl",
                     "20261130-100003-thirty-one.jsonl"]
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    keep_record(['{"n":10}'], "commerce", 0, "20261130-110000", folder)
    assert kept_records(folder) == [] and (folder / "notes.txt").exists()


def test_keep_records_is_a_remembered_number_setting(tmp_path: Path) -> None:
    assert Settings.read().remember({"keep_records": "7", "verbosity": "brief"})
    assert Settings.read().values["keep_records"] == "7"
    stored = json.loads((tmp_path / "config" / "commerce-a11y" / "settings.json").read_text(encoding="utf-8"))
    assert stored["keep_records"] == 7
    for bad in (-1, 10001, "many", True, 2.5):
        stored["keep_records"] = bad
        (tmp_path / "config" / "commerce-a11y" / "settings.json").write_text(json.dumps(stored), encoding="utf-8")
        assert "keep_records" not in Settings.read().values


# --- statistics ----------------------------------------------------------------------------------------------

def test_statistics_by_ruleset_and_opponents_level() -> None:
    when = datetime(2026, 11, 30, 12, 0, 0)
    finished = [a_match(None, name, seed) for name, seed in (("commerce", 1), ("commerce", 2), ("handeln", 3))]
    for index, match in enumerate(finished):
        assert add_match(match_entry(match, 0, f"id{index}", when))
    assert add_match(match_entry(finished[0], 0, "id0", when))  # counted once
    entries = read_stats()
    assert len(entries) == 3
    result = statistics(entries)
    assert result.overall.played == 3
    assert result.overall.won == sum(0 in m.winners for m in finished)
    commerce = result.by_ruleset["commerce"]
    assert commerce.played == 2
    assert commerce.hands == sum(e["hands"] for e in entries[:2])
    assert set(result.by_level) == {("commerce", "basic"), ("handeln", "basic")}


def test_a_damaged_statistics_file_is_kept_aside_and_begun_anew() -> None:
    stats_path().parent.mkdir(parents=True)
    stats_path().write_text('{"format": 1, "matches": [{"ruleset": 3}]}', encoding="utf-8")
    with pytest.raises(StatsRefused) as info:
        read_stats()
    assert info.value.kept is not None and info.value.kept.name == "stats-1.json"
    assert add_match(match_entry(a_match(None), 0, "x", datetime(2026, 1, 1)))
    assert len(read_stats()) == 1


@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_commerce_stats_speaks_the_players_language(lang: str) -> None:
    assert run("stats", lang=lang).stdout.splitlines() == [
        say(lang, "No finished match yet. Statistics begin with your first finished match.")]
    match = a_match(None, "handeln", 5)
    add_match(match_entry(match, 0, "a", datetime(2026, 1, 1)))
    other = Match(ruleset("handeln"), [Player("Eva", "human"), *(Player(n, "bot:strong") for n in "AB")], 6)
    bots = [make_bot("basic", s) for s in range(3)]
    while not other.over:
        other.apply(other.to_act, bots[other.to_act].choose(other.view(other.to_act)))
    add_match(match_entry(other, 0, "b", datetime(2026, 1, 2)))
    lines = run("stats", lang=lang).stdout.splitlines()
    won = (0 in match.winners) + (0 in other.winners)
    assert lines[0] == say(lang, "Matches: {played} played, {won} won.", played=2, won=won)
    assert lines[1].startswith(say(lang, "Handeln") + ": ")
    by_level = translation(lang).gettext(
        "{ruleset} against {level}: {played} played, {won} won, {rate} minus points per hand.")
    assert [line.split(str(1))[0] for line in lines[2:]] == [
        by_level.split("{played}")[0].format(ruleset=say(lang, "Handeln"), level=level)
        for level in ("basic", "strong")]
    data = json.loads(run("stats", "--json", lang=lang).stdout)
    assert data["played"] == 2 and data["rulesets"]["handeln"]["played"] == 2


# --- signals -------------------------------------------------------------------------------------------------

def test_a_stop_signal_waits_for_the_end_of_a_critical_section() -> None:
    guard = SignalGuard()
    done = []
    with pytest.raises(Stopped) as info, guard.deferred():
        guard._handle(signal.SIGTERM, None)
        done.append("saved")  # the section runs to its end first
    assert done == ["saved"] and info.value.status == 143
    with pytest.raises(Stopped) as info:
        SignalGuard()._handle(signal.SIGHUP, None)
    assert info.value.status == 129 and info.value.hangup


def test_once_stopping_further_signals_are_ignored() -> None:
    """Issue 19, 14: a storm of SIGTERMs (or a Ctrl-C) while the game saves and leaves cannot cut into it or escape
    as a traceback: after the first stop, every signal is ignored."""
    guard = SignalGuard()
    with pytest.raises(Stopped):
        guard._handle(signal.SIGTERM, None)
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        guard._handle(signum, None)  # nothing raised
    with guard.deferred():
        guard._handle(signal.SIGTERM, None)  # nor held for later


def test_ctrl_c_in_a_critical_section_comes_after_it_and_a_stop_outranks_it() -> None:
    guard = SignalGuard()
    with pytest.raises(KeyboardInterrupt), guard.deferred():
        guard._handle(signal.SIGINT, None)
    with pytest.raises(KeyboardInterrupt):
        guard._handle(signal.SIGINT, None)
    with pytest.raises(Stopped), guard.deferred():
        guard._handle(signal.SIGINT, None)
        guard._handle(signal.SIGTERM, None)
        guard._handle(signal.SIGINT, None)
