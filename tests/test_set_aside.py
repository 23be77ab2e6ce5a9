"""Saved matches set aside are listed and resumable by number (issue 25, item 9), and named without a path."""

from __future__ import annotations

import re

import pytest
from piped_game import run, say

from commerce_a11y.files import keep_aside
from commerce_a11y.storage import aside_path, save_path, set_aside


@pytest.mark.e2e
def test_declined_matches_are_set_aside_listed_and_resumed_by_number() -> None:
    assert run("play", "--seed", "3", stdin="quit\nyes\n").returncode == 0
    declined = run("play", "--seed", "4", "--rules", "schwimmen", stdin="no\nquit\nyes\n", lang="de")
    lines = declined.stdout.splitlines()
    said = lines.index(say("de", "The saved match is set aside as number {number}.", number=1))
    assert lines[said + 1] == say("de", "To go on with it later, type: {command}", command="commerce resume 1")
    assert str(save_path().parent) not in declined.stdout  # no path read aloud
    run("play", "--seed", "5", stdin="no\nquit\nyes\n")
    assert sorted(set_aside()) == [1, 2]
    save_path().unlink()  # nothing waiting: resume lists what is set aside
    listed = run("resume").stdout.splitlines()
    assert listed[0] == say("en", "Matches set aside:")
    assert [line.rsplit(", ", 1)[0] for line in listed[1:3]] == ["1. Commerce, hand 1", "2. Schwimmen, hand 1"]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d\.", line.rsplit(", ", 1)[1]) for line in listed[1:3]), listed
    assert listed[3] == say("en", "Go on with one, for example: {command}", command="commerce resume 1")
    resumed = run("resume", "2", stdin="quit\nyes\n").stdout.splitlines()
    assert resumed[0] == say("en", "Your saved match goes on: {ruleset}, hand {number}.", ruleset="Schwimmen",
                             number=1)
    assert sorted(set_aside()) == [1] and save_path().exists()  # taken back into a save slot, and saved there


@pytest.mark.e2e
def test_a_number_that_is_not_set_aside_is_refused_with_the_list() -> None:
    result = run("resume", "7")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [say("en", "No match is set aside as number {number}.", number=7),
                                          say("en", "There is no saved match. Start one with: {command}",
                                              command="commerce play")]


def test_setting_aside_takes_a_free_number_in_one_series_for_every_slot() -> None:
    folder = save_path().parent
    folder.mkdir(parents=True)
    aside_path(1).write_text("one")
    second = folder / "saved-match.2.jsonl"
    second.write_text("two")
    kept = keep_aside(second, "saved-match.jsonl")
    assert kept == aside_path(2) and kept.read_text() == "two" and not second.exists()
    assert set_aside() == {1: aside_path(1), 2: aside_path(2)}
