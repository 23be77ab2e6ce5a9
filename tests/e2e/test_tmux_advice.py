"""In a real terminal (tmux): the tutorial offered on the very first start and played to its end by following
what each step says to type; and ``hint``, ``explain`` and ``whatif`` in a match."""

from __future__ import annotations

import re
from pathlib import Path

from .tmux import Sentences, Tmux, game_argv, game_env, require_tmux


def test_first_start_offers_the_tutorial_and_a_newcomer_follows_it_to_the_end(tmp_path: Path) -> None:
    require_tmux()
    s = Sentences("en")
    told = s.say("New to Commerce? A guided first hand teaches it step by step.")
    offer = s.say("Play the tutorial now? Yes or no? ").strip()
    step = re.compile(s.pattern("Step {number} of {total}: type {command}", total=12).pattern.replace(
        ".+?", "(.+?)") + "$")
    home = tmp_path / "home"
    with Tmux(tmp_path / "tmux", cols=80, rows=40) as tmux:
        tmux.start(game_argv("--seed", "3", "--lang", "en", "--input", "plain"), game_env(home, first_start=True))
        # What the tutorial is on a line of its own, then the short question (issue 25, item 6).
        assert tmux.wait_for(lambda ls: bool(ls) and ls[-1] == offer)[-2:] == [told, offer]
        tmux.send_line(s.yes)
        typed: list[str] = []
        for number in range(1, 13):
            # Only what the screen says: the step's line names the command, the question waits for it.
            lines = tmux.wait_for(lambda ls, n=number: s.waiting(ls) and any(
                (m := step.match(line)) and m[1] == str(n) for line in ls[-12:]))
            command = next(m[2] for line in reversed(lines) if (m := step.match(line)))
            typed.append(command)
            tmux.send_line(command)
        tmux.wait_for(s.say("To play a whole match, type: {command}", command="commerce play"))
        lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.say("Now your match begins.") in ls)
        tmux.send_line(s.words["quit"])
        tmux.wait_for(s.leave_prompt.strip())
        tmux.send_line(s.yes)
        assert tmux.wait_exit() == 0
        raw = tmux.raw()
    assert typed[:9] == ["hand", "widow", "value", "chips", "history", "repeat", "help", "hint", f"whatif {typed[9]}"]
    assert re.fullmatch(r"[1-3]{2}", typed[9]) and typed[10:] == ["pass", "knock"]
    assert b"\x1b" not in raw
    assert "Traceback" not in "\n".join(lines)
    assert s.say("That was the tutorial. The commands once more:") in lines
    assert (home / "data" / "commerce-a11y" / "saved-match.jsonl").is_file()  # the real match, saved on leaving


def test_hint_explain_and_whatif_at_a_real_terminal(tmp_path: Path) -> None:
    require_tmux()
    s = Sentences("de")
    w = s.words
    with Tmux(tmp_path / "tmux") as tmux:
        tmux.start(game_argv("--seed", "3", "--lang", "de", "--input", "plain"), game_env(tmp_path / "home"))
        tmux.wait_for(s.waiting)
        tmux.send_line(w["hint"])
        lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) >= 2)
        hint = lines[-5:-1]
        tmux.send_line(w["explain"])
        lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) >= 3)
        explain = lines[-3:-1]
        tmux.send_line(f"{w['whatif']} 13")
        lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) >= 4)
        whatif = lines[-3:-1]
        tmux.send_line(f"{w['whatif']} 77")
        lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) >= 5)
        refused = lines[-2]
        tmux.send_line(w["hand"])  # nothing changed: the hand is as dealt
        lines = tmux.wait_for(lambda ls: s.waiting(ls) and s.prompt_count(ls) >= 6)
        tmux.send_line(w["quit"])
        tmux.wait_for(s.leave_prompt.strip())
        tmux.send_line(s.yes)
        assert tmux.wait_exit() == 0
    assert hint[0] == s.say("Hint: type {command}.", command="21"), hint
    assert s.pattern("Swap your {gave} for {took}.").fullmatch(hint[1]), hint
    assert s.pattern("It makes {value}.").fullmatch(hint[2]), hint
    assert s.pattern("It beats {percent} of 100 hands.").fullmatch(hint[3]), hint
    assert s.pattern("{name} took {took} and laid {gave}.", name="Cem").fullmatch(explain[0]), explain
    assert s.pattern("Swapping {gave} for {took} makes {value}.").fullmatch(whatif[0]), whatif
    assert s.pattern("Now you hold {value}.").fullmatch(whatif[1]), whatif
    assert refused == s.say("Choose your card from 1 to {hand} and the widow card from 1 to 3.", hand=3)
    assert s.pattern("Your cards: {cards}.").fullmatch(lines[-3]), lines[-4:]
