"""``commerce replay``: a record told again from one seat, step by step at a terminal, whole when piped."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from commerce_a11y.bots import make_bot
from commerce_a11y.console.replay import Replay, default_seat, replay_steps
from commerce_a11y.console.terminal import Terminal
from commerce_a11y.i18n import active_language, translation, use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.words import card_code
from commerce_a11y.records import keep_record
from commerce_a11y.rules import Dealt, Match, Player, RecordError, Waived, record_lines, replay, ruleset
from commerce_a11y.rules.record import record_format


@pytest.fixture
def english() -> Iterator[None]:
    before = active_language()
    use_language("en")
    yield
    use_language(before)


def finished_match(name: str = "commerce", seed: int = 7, human: str = "Eva") -> Match:
    players = [Player(human, "human"), Player("Anna", "bot:basic"), Player("Ben", "bot:basic")]
    match = Match(ruleset(name), players, seed)
    bots = [make_bot("basic", s) for s in range(3)]
    while not match.over:
        match.apply(match.to_act, bots[match.to_act].choose(match.view(match.to_act)))
    return match


def write(path: Path, match: Match) -> Path:
    path.write_text("".join(line + "\n" for line in record_lines(match.events)), encoding="utf-8")
    return path


def run(*args: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    return subprocess.run([sys.executable, "-m", "commerce_a11y", "replay", *args, "--lang", lang],
                          capture_output=True, text=True, env=env, timeout=120, check=False, stdin=subprocess.DEVNULL)


def say(lang: str, msgid: str, **values: object) -> str:
    return translation(lang).gettext(msgid).format(**values)


@pytest.mark.e2e
@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_piped_replay_tells_the_whole_match_from_the_human_seat(tmp_path: Path, lang: str) -> None:
    match = finished_match()
    result = run(str(write(tmp_path / "m.jsonl", match)), lang=lang)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == say(lang, "Replay of {ruleset}, {hands} hands, from your seat.",
                           ruleset=say(lang, "Commerce"), hands=match.hand_no)
    assert lines[-1] == say(lang, "End of the record.")
    deals = [e for e in match.events if isinstance(e, Dealt)]
    for deal in deals:
        dealer = deal.dealer
        told = (say(lang, "Hand {number}. You deal.", number=deal.hand) if dealer == 0 else
                say(lang, "Hand {number}. {name} deals.", number=deal.hand, name=match.players[dealer].name))
        assert told in lines
    assert any(line.startswith(say(lang, "You win the match!")) or
               line == say(lang, "{name} wins the match.", name="Anna") or
               line == say(lang, "{name} wins the match.", name="Ben") or "Eva" in line for line in lines[-3:])


@pytest.mark.e2e
def test_replay_from_another_seat_hears_that_seats_cards(tmp_path: Path, english: None) -> None:
    match = finished_match()
    lines = run(str(write(tmp_path / "m.jsonl", match)), "--seat", "2", "--verbosity", "normal",
                "--cards", "codes").stdout.splitlines()
    assert lines[0] == f"Replay of Commerce, {match.hand_no} hands, from the seat of Anna."
    first_deal = next(e for e in match.events if isinstance(e, Dealt))
    mine = " ".join(card_code(c) for c in first_deal.hands[1])
    widow = " ".join(card_code(c) for c in first_deal.widow)
    assert f"{mine}, widow {widow}" in lines  # with codes, the deal's cards line
    codes_of_others = [" ".join(card_code(c) for c in first_deal.hands[s]) for s in (0, 2)]
    assert not any(line.startswith(f"{c}, ") for line in lines for c in codes_of_others)


@pytest.mark.parametrize(("recorded", "lang", "named"), [("You", "en", "Player 1"), ("Du", "nl", "Speler 1"),
                                                         ("Jij", "de", "Spieler 1")])
@pytest.mark.e2e
def test_a_player_without_a_name_is_not_you_from_another_seat(tmp_path: Path, recorded: str, lang: str,
                                                                named: str) -> None:
    """A player who gave no name is recorded as "You" in the language played; heard from another seat, in any
    language, that seat is named by its number, never "You" beside the listener's "you"."""
    match = finished_match(human=recorded)
    lines = run(str(write(tmp_path / "m.jsonl", match)), "--seat", "2", lang=lang).stdout.splitlines()
    intro = say(lang, "{ruleset}: you and {others}.", ruleset=say(lang, "Commerce"), others=f"{named}, Ben")
    assert intro in lines
    dealt_by_them = [e.hand for e in match.events if isinstance(e, Dealt) and e.dealer == 0]
    assert dealt_by_them
    for hand in dealt_by_them:
        assert say(lang, "Hand {number}. {name} deals.", number=hand, name=named) in lines


@pytest.mark.parametrize(("change", "says"), [
    (lambda lines: [*lines[:2], lines[2].replace('"hand":1', '"hand":2'), *lines[3:]],
     "Line {line} of the record breaks a rule: {field} should be {expected}, not {found}."),
    (lambda lines: [re.sub(r'"format":\d+', '"format":7', lines[0]), *lines[1:]],
     "The record comes from a newer version of the game (format {found}; this version reads format {known})."),
    (lambda lines: ["not json", *lines], "Line {line} of the record is not JSON."),
    (lambda lines: [], "A record begins with its match line."),
])
@pytest.mark.e2e
def test_a_broken_record_gets_one_sentence_and_status_1(tmp_path: Path, change, says: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "broken.jsonl"
    path.write_text("".join(line + "\n" for line in change(list(record_lines(finished_match().events)))),
                    encoding="utf-8")
    for lang in ("de", "en"):
        result = run(str(path), lang=lang)
        assert result.returncode == 1
        assert result.stderr == ""
        (line,) = result.stdout.splitlines()
        prefix = say(lang, "This record cannot be replayed: {reason}", reason="")
        assert line.startswith(prefix)
        reason = translation(lang).gettext(says).split("{")[0]
        assert line[len(prefix):].startswith(reason), line


def broken_rule(objs: list[dict[str, object]]) -> None:
    """The first swap takes another player's card instead of a widow card: the rules refuse it."""
    i = next(i for i, o in enumerate(objs) if o["event"] == "swap")
    deal = next(o for o in reversed(objs[:i]) if o["event"] == "deal")
    hands: dict[str, list[str]] = deal["hands"]  # type: ignore[assignment]
    held = set(hands[str(objs[i]["player"])])
    objs[i]["took"] = [next(c for h in hands.values() for c in h if c not in held)]


def wrong_player(objs: list[dict[str, object]]) -> None:
    i = next(i for i, o in enumerate(objs) if o["event"] == "pass")
    objs[i]["player"] = (int(objs[i]["player"]) + 1) % 3  # type: ignore[call-overload]


@pytest.mark.e2e
@pytest.mark.parametrize("change", [broken_rule, wrong_player])
def test_a_record_that_breaks_a_rule_is_refused_wholly_in_the_players_language(tmp_path: Path, change) -> None:  # type: ignore[no-untyped-def]
    """The rule a record's move breaks is said in the player's language too (it was said in English inside a
    translated sentence), and a move by the wrong player names the player whose turn it was."""
    objs = [json.loads(line) for line in record_lines(finished_match().events)]
    change(objs)
    lines = [json.dumps(o) for o in objs]
    path = tmp_path / "broken.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        replay(lines)
    error = caught.value
    english = str(error)
    for lang in ("de", "nl", "en"):
        result = run(str(path), lang=lang)
        assert result.returncode == 1 and result.stderr == ""
        (line,) = result.stdout.splitlines()
        reason = error.sentence(translation(lang).gettext)
        assert line == say(lang, "This record cannot be replayed: {reason}", reason=reason)
        assert (english in line) == (lang == "en"), line


@pytest.mark.e2e
def test_missing_file_and_a_seat_that_is_not_there(tmp_path: Path) -> None:
    result = run(str(tmp_path / "nothing.jsonl"))
    assert (result.returncode, result.stdout.strip()) == (1, f"Cannot read {tmp_path / 'nothing.jsonl'}.")
    result = run(str(write(tmp_path / "m.jsonl", finished_match())), "--seat", "9")
    assert result.returncode == 2 and "Choose a seat from 1 to 3." in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.e2e
def test_without_a_file_the_kept_records_are_listed_and_the_latest_replayed(tmp_path: Path) -> None:
    result = run()
    assert result.returncode == 1
    assert result.stdout.strip() == "There is no kept record of a finished match yet; give a record file."
    first, second = finished_match(seed=7), finished_match("thirty-one", seed=8)
    keep_record(list(record_lines(first.events)), "commerce", 50, "20261130-090000")
    keep_record(list(record_lines(second.events)), "thirty-one", 50, "20261130-100000")
    listed = run("--list").stdout.splitlines()
    assert len(listed) == 2
    assert listed[0].startswith("1. 2026-11-30 10:00: Thirty-One, ")
    assert listed[1].startswith("2. 2026-11-30 09:00: Commerce, ")
    won = "you won." if 0 in first.winners else "won by "
    assert won in listed[1]
    assert run().stdout.splitlines()[0].startswith("Replay of Thirty-One, ")
    assert run("2").stdout.splitlines()[0].startswith("Replay of Commerce, ")
    assert run("3").returncode == 1


class Script:
    """Input typed from a list; the prompt and the answer are written like a transcript."""

    name = "plain"

    def __init__(self, lines: list[str], out: io.StringIO) -> None:
        self.lines, self.out = list(lines), out

    def read(self, prompt: str) -> str | None:
        self.out.write(prompt)
        if not self.lines:
            self.out.write("\n")
            return None
        line = self.lines.pop(0)
        self.out.write(line + "\n")
        return line


def listen(match: Match, typed: list[str], seat: int | None = None) -> tuple[int, list[str], Replay]:
    lines = list(record_lines(match.events))
    match_, listener, steps = replay_steps(lines, default_seat if seat is None else (lambda m: seat))
    out = io.StringIO()
    names = ["You" if s == listener else p.name for s, p in enumerate(match_.players)]
    replay = Replay(match_, listener, steps, Narrator(match_.rules, names, listener), Terminal(Script(typed, out),
                                                                                               stdout=out))
    status = replay.run()
    return status, out.getvalue().splitlines(), replay


def after(lines: list[str], answer: str) -> list[str]:
    """What was said after the last question answered with ``answer``, up to the next question."""
    at = max(i for i, line in enumerate(lines) if line.startswith("Replay, hand ") and line.endswith(": " + answer))
    block = []
    for line in lines[at + 1:]:
        if line.startswith("Replay, hand "):
            break
        block.append(line)
    return block


def test_stepping_going_to_hands_and_review_commands(english: None) -> None:
    match = finished_match()
    status, lines, replay = listen(match, ["", "hand", "goto 2", "back", "go to 3", "chips", "history 2", "repeat",
                                           "widow", "pass", "xyzzy", "goto 999", "help", "quit", "never read"])
    assert status == 0
    assert lines[:2] == [f"Replay of Commerce, {match.hand_no} hands, from your seat.",
                         "Press Enter for the next step. Type help for the commands."]
    first = lines[2:lines.index(next(line for line in lines if line.startswith("Replay, hand 1: ")))]
    assert first[:2] == ["Commerce: you and Anna, Ben.", "Everyone starts with 3 chips."]
    assert first[2].startswith("Draw for the first deal: ")
    assert any(line.startswith("Hand 1. ") for line in first)
    assert any(line.startswith("Your cards: ") for line in first)
    step1 = replay.steps[1]
    assert after(lines, "") == replay.narrator.events([e.visible_to(0) for e in match.events[step1.start:step1.end]])
    hand_block = after(lines, "hand")
    assert hand_block[0] == f"Your cards: {replay.narrator.cards(step1.view.hand)}."
    assert after(lines, "goto 2")[0].startswith("Hand 2. ")
    assert after(lines, "back")[0].startswith("Hand 1. ")
    assert after(lines, "go to 3")[0].startswith("Hand 3. ")
    assert after(lines, "chips")[0].startswith("Chips: you ")
    assert after(lines, "repeat") == after(lines, "history 2")
    assert after(lines, "widow")[0].startswith("Widow: ")
    assert after(lines, "pass") == ["This is a replay: nothing can be played. Type help for the commands."]
    assert after(lines, "xyzzy") == ["I do not know xyzzy. Type help for the commands."]
    assert after(lines, "goto 999") == [f"Choose a hand from 1 to {match.hand_no}."]
    assert after(lines, "help")[0].startswith("Replay: Enter or next ne for the next step, back b for the hand")
    assert lines[-1].endswith(": quit")


def test_a_hint_where_the_listener_has_nothing_to_decide_says_so(english: None) -> None:
    """A replay stands between decisions too (the end of a hand, another seat's move): ``hint`` there crashed."""
    match = finished_match("thirty-one", 3)
    typed = [""] * 3 + ["goto 2", "hint", "whatif 13", "explain", "quit"]
    status, lines, _replay = listen(match, typed)
    assert status == 0
    assert "Traceback" not in "\n".join(lines)
    said = after(lines, "hint")
    assert said == ["No hint here: you have nothing to decide."] or said[0].startswith("Hint: ")


def test_stepping_to_the_end_tells_every_step_once(english: None) -> None:
    match = finished_match("handeln", 3)
    steps = len(replay_steps(list(record_lines(match.events)), default_seat)[2])
    status, lines, replay = listen(match, [""] * (steps + 2))
    assert status == 0
    told = [line for line in lines if not line.startswith("Replay, hand ")]
    whole = replay.whole()  # what a pipe gets: the heading, every step, the end
    assert told == [whole[0], "Press Enter for the next step. Type help for the commands.", *whole[1:],
                    "End of the record.", "End of the record."]


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_replay_words_are_unique_in_each_language(lang: str) -> None:
    from commerce_a11y.seat.parser import _command_words, _replay_words, words_of

    t = translation(lang)
    commands = [w for forms in words_of(_command_words(t)).values() for w in forms]
    replays = [w for forms in words_of(_replay_words(t)).values() for w in forms]
    assert len(set(replays)) == len(replays)
    assert not set(replays) & set(commands), set(replays) & set(commands)


def test_records_keep_the_format_and_replay_reads_the_kept_file(tmp_path: Path) -> None:
    match = finished_match()
    path = write(tmp_path / "m.jsonl", match)
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0])["format"] == record_format(match.events[0])


def test_a_decline_joins_the_step_before_it_so_a_format_3_replay_steps_as_format_2_did() -> None:
    """Issue 23, item 6: a ``done`` line (C3) says nothing, so it makes no step of its own in ``commerce replay``
    (no step that tells nothing): the format 3 record of a match steps exactly as its format 2 record did, each step
    telling the same lines from the same view."""
    records = Path(__file__).parent / "records"
    old, new = ([line for line in (records / name).read_text(encoding="utf-8").splitlines()]
                for name in ("commerce-chips1-swaps-per-turn3.jsonl", "commerce-chips1-swaps-per-turn3-format3.jsonl"))
    assert any('"event":"done"' in line for line in new)
    (m2, seat, steps2), (m3, _seat, steps3) = (replay_steps(lines, default_seat) for lines in (old, new))
    narrator = Narrator(m2.rules, [p.name for p in m2.players], seat)
    assert len(steps2) == len(steps3)
    assert all(not all(isinstance(e, Waived) for e in m3.events[s.start:s.end]) for s in steps3)
    for a, b in zip(steps2, steps3, strict=True):
        told = (narrator.events([e.visible_to(seat) for e in m.events[s.start:s.end]]) for m, s in ((m2, a), (m3, b)))
        assert next(told) == next(told) and a.view.phase == b.view.phase and a.view.to_act == b.view.to_act
