"""bench/speech_cost.py: its driver plays a match exactly as a piped ``commerce play`` prints it, answering any
question, and its classifier finds the catalog sentence of each line. The espeak-ng and liblouis parts run only
where those programs are installed."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import string
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import speech_cost as sc  # the benchmark lives in bench/, beside the other measurements

from commerce_a11y.cli import main as commerce_main

SHORT = sc.Config("commerce", "en", "brief", "codes", players=3, options=("chips=1",))
"""A match of a few hands: one chip each, three players."""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> sc.Played:
    return sc.play_match(SHORT, 7, tmp_path_factory.mktemp("driver"))


@pytest.mark.e2e
def test_the_driver_prints_what_a_piped_commerce_play_prints(played: sc.Played, tmp_path: Path) -> None:
    assert played.output == sc.piped_output(SHORT, 7, played.answers, tmp_path)
    questions = [line for line in played.lines if line.question]
    assert [line.answer for line in questions] == played.answers
    assert set(played.answers) == {"pass"}
    # A question's line is its prompt; the answer the game echoes after it is not part of what is measured.
    assert all(f"\n{line.text}{line.answer}\n".encode() in played.output for line in questions)


def test_hands_begin_at_their_deal_and_every_line_is_a_catalog_sentence(played: sc.Played) -> None:
    opening, hands, closing = played.segments()
    assert len(hands) == played.hands >= 1
    assert all(hand[0].event == "deal" for hand in hands)
    assert closing and closing[0].event == "match_end"
    assert not [line for line in opening if line.event == "deal"]
    kinds = sc.Kinds("en")
    assert [line.shown for line in played.lines if kinds.of_line(line) == sc.OTHER] == []
    assert {kinds.of_line(hand[0]) for hand in hands} <= {"Hand {number}. {name} deals.", "Hand {number}. You deal.",
                                                         "{name} deals.", "You deal."}
    assert all(kinds.of_line(line).startswith(sc.QUESTION) for line in played.lines if line.question)


def test_the_game_runs_in_its_own_home_and_the_environment_is_given_back(played: sc.Played,
                                                                         tmp_path: Path) -> None:
    home = os.environ.get("HOME")
    sc.play_match(SHORT, 8, tmp_path)
    assert os.environ.get("HOME") == home
    assert (tmp_path / "config" / "commerce-a11y" / "settings.json").exists()


def test_any_other_question_gets_the_follow_answer(tmp_path: Path) -> None:
    # A match left after one answer is saved; the next game starts by asking whether to go on with it.
    config = sc.Config("commerce", "de", "brief", "codes", players=3, options=("chips=1",), follow="no")
    with sc._isolated(tmp_path), sc._streams(io.StringIO("passen\n"), io.StringIO(), io.StringIO()), \
            contextlib.suppress(SystemExit):
        commerce_main(config.argv(3))
    played = sc.play_match(config, 3, tmp_path)
    first = next(line for line in played.lines if line.question)
    assert first.answer == "nein"
    assert played.answers[1:] == ["passen"] * (len(played.answers) - 1)


def test_each_catalog_sentence_is_its_own_kind() -> None:
    """Each sentence is found as itself, unless another has the very same words around its placeholders (such as
    "{word} ({short})" and "{ruleset} ({options})"): then either label is right."""
    kinds = sc.Kinds("de")
    shapes: dict[str, set[str]] = {}
    filled_texts = []
    for entry in sc.catalog_entries(sc.catalog_file("de")):
        for text in [t for t in entry.translations if t]:
            if sc.sentence_pattern(text, entry.msgid) is None:
                continue
            filled = "".join(literal + ("Xy" if name is not None else "")
                             for literal, name, _spec, _conversion in string.Formatter().parse(text))
            shapes.setdefault(filled, set()).add(sc.label(entry.msgid))
            filled_texts.append(filled)
    for filled in filled_texts:
        assert kinds.of(filled) in shapes[filled], filled
    assert kinds.of("xyzzy plugh") == sc.OTHER
    assert kinds.of_line(sc.Line("Xy? ", question=True)).startswith(sc.QUESTION)


@pytest.mark.e2e
@pytest.mark.skipif(bool(sc.missing_programs()), reason="needs espeak-ng and lou_translate")
def test_speech_and_braille_figures(played: sc.Played) -> None:
    speech = sc.Speech()
    try:
        seconds = speech.seconds("en", ["Pass.", "Anna takes the queen of hearts and lays the seven of clubs."])
        assert 0 < seconds["Pass."] < seconds["Anna takes the queen of hearts and lays the seven of clubs."]
        figures = sc.measure(SHORT, [played], speech, sc.Braille(), sc.Kinds("en"))
    finally:
        speech.close()
    assert figures["hands"] == figures["hands_announced"] == played.hands
    parts = figures["speech"]["parts_per_hand"]  # type: ignore[index]
    assert set(parts) == set(sc.PARTS) and parts["review answers"]["mean"] == 0  # the pass player asks nothing
    assert abs(sum(part["mean"] for part in parts.values()) - figures["speech"]["per_hand"]["mean"]) < 0.2  # type: ignore[index]
    assert 0 < figures["speech"]["per_hand"]["median"] <= figures["speech"]["per_hand"]["max"]
    assert 0 <= figures["braille"]["share_over"] < 1
    cells = sc.Braille().cells("de", ["Herz-König", "x" * 3000])
    assert cells["Herz-König"] == len("Herz-König")
    assert cells["x" * 3000] >= 3000


def test_missing_programs_are_named_with_their_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda program: None)
    assert sc.missing_programs() == ["espeak-ng (Debian package espeak-ng)",
                                     "lou_translate (Debian package liblouis-bin)"]


def test_a_player_past_its_turn_limit_declines(played: sc.Played, tmp_path: Path) -> None:
    hinting = sc.play_match(sc.Config(**{**sc.asdict(SHORT), "player": "hint", "turn_limit": 0}), 7, tmp_path)
    assert hinting.output == played.output
    assert hinting.declined >= 1


def test_the_hint_player_asks_for_the_hint_at_each_decision_then_types_what_it_names(tmp_path: Path) -> None:
    config = sc.Config(**{**sc.asdict(SHORT), "player": "hint"})
    hinting = sc.play_match(config, 7, tmp_path / "hint")
    strong = sc.play_match(sc.Config(**{**sc.asdict(SHORT), "player": "strong"}), 7, tmp_path / "strong")
    asked, moves = hinting.answers[::2], hinting.answers[1::2]
    assert set(asked) == {"hint"} and "hint" not in moves
    assert moves == strong.answers  # the moves the hint named, as the strong player plays them unasked
    answers = [line for line in hinting.lines if line.review]
    assert answers and {line.review for line in answers} == {"hint"}
    runs = [line for before, line in zip([None, *hinting.lines], hinting.lines, strict=False)
            if line.review and not (before and before.review)]
    assert len(runs) == len(asked) and all(line.shown.startswith("Hint: ") for line in runs)
    kinds = sc.Kinds("en")
    assert [line.shown for line in answers if kinds.of_line(line) == sc.OTHER] == []
    # Every line the player got is in one part of a hand's speech: a question, a review answer or narration.
    assert all(sum(belongs(line) for belongs in sc.PARTS.values()) == 1 for line in hinting.lines)
    assert not [line for line in strong.lines if line.review]


def test_the_hint_player_asks_in_the_games_language(tmp_path: Path) -> None:
    config = sc.Config("commerce", "de", "brief", "codes", players=3, options=("chips=1",), player="hint")
    played = sc.play_match(config, 7, tmp_path)
    assert played.answers[0] == "tipp"
    assert any(line.review and line.shown.startswith("Tipp: ") for line in played.lines)


def test_an_answer_the_game_keeps_refusing_stops_the_benchmark(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    monkeypatch.setattr(sc, "action_command", lambda view, action: "xyzzy")
    with pytest.raises(sc.BenchError, match="again and again"):
        sc.play_match(SHORT, 7, tmp_path)
