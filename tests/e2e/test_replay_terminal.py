"""``commerce replay`` at a real terminal (a pty): it asks between steps and goes where the listener says."""

from __future__ import annotations

from pathlib import Path

from commerce_a11y.bots import make_bot
from commerce_a11y.i18n import translation
from commerce_a11y.rules import Match, Player, record_lines, ruleset

from .test_pty_bytes import PtyGame
from .tmux import game_argv, game_env


def test_replay_steps_goes_to_a_hand_and_quits_in_german(tmp_path: Path) -> None:
    match = Match(ruleset("commerce"), [Player("Eva", "human"), Player("Anna", "bot:basic"),
                                        Player("Ben", "bot:basic")], 7)
    bots = [make_bot("basic", s) for s in range(3)]
    while not match.over:
        match.apply(match.to_act, bots[match.to_act].choose(match.view(match.to_act)))
    record = tmp_path / "match.jsonl"
    record.write_text("".join(line + "\n" for line in record_lines(match.events)), encoding="utf-8")
    t = translation("de")
    prompt = t.gettext("Replay, hand {number}: ")
    game = PtyGame([*game_argv()[:-1], "replay", str(record), "--lang", "de"], game_env(tmp_path / "home",
                                                                                          TERM="dumb"), cols=250)
    try:
        def asked(count: int) -> bool:
            lines = game.lines()
            return sum(line.startswith(prompt.format(number="")[:-3]) for line in lines) >= count and bool(
                lines) and lines[-1].rstrip().endswith(":")

        game.read(lambda: asked(1), timeout=15)
        assert game.lines()[0] == t.gettext("Replay of {ruleset}, {hands} hands, from your seat.").format(
            ruleset="Commerce", hands=match.hand_no)
        game.key(b"\r", lambda: asked(2))
        game.key(b"gehe zu 2\r", lambda: asked(3))
        lines = game.lines()
        assert lines[-1].rstrip() == prompt.format(number=2).rstrip()
        said = lines[lines.index(prompt.format(number=1) + "gehe zu 2") + 1]
        assert said.startswith(t.gettext("Hand {number}. {name} deals.").split("{name}")[0].format(number=2))
        game.key(b"beenden\r", lambda: True)
        status = game.wait()
    finally:
        game.close()
    assert status == 0
