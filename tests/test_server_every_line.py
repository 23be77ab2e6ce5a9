"""Every line typed at a table gets an answer and the question again (issue 36, part 2): seen under Orca, a player
out of the match typed `hand` at "Table tt?" once it had ended, heard "That did not work on the server; the game
goes on." and no question came. The review commands of a seat with no cards, and any line whose handling fails,
each get one sentence and the question again. In process (``table_harness``), on a virtual clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_harness import Harness
from test_server_floods import until_said
from test_server_tables import play

from commerce_a11y.server.table import Table

REVIEW = ["hand", "value", "whatif 11", "widow", "chips", "history", "show", "turn", "hint", "explain", "help", "rules"]


def lost_match(harness: Harness) -> object:
    """A person alone with two strong computer players and one chip, passing until the match is over (mostly out
    of it before its end)."""
    player = harness.person("Pia")
    player.send("create commerce name=tt seats=3 bots=strong chips=1")
    player.prompt()
    player.send("start")
    play([player], lambda: ("wins the match." in player.text or "You win the match!" in player.text)
         and player.text.rstrip().endswith("Table tt?"))
    return player


@pytest.mark.parametrize("line", REVIEW)
def test_a_review_command_after_the_match_is_answered_then_asked_again(tmp_path: Path, line: str) -> None:
    with Harness(tmp_path / "data") as harness:
        player = lost_match(harness)
        asked = player.text.count("Table tt? ")
        player.send(line)
        until_said(player, "Table tt? ", asked + 1, limit=30)
        said = player.text.rsplit("Table tt? ", 2)[-2]
        assert "did not work" not in said and said.strip(), said
        out = player.text.find("You are out.")
        out_before_the_last_hand = 0 <= out < player.text.rindex("\nHand ")
        if line in ("hand", "value", "whatif 11") and out_before_the_last_hand:
            assert "You hold no cards now." in said  # no cards dealt in the hands after
        assert not [entry for entry in harness.log if entry.startswith("error")]


def test_a_line_whose_handling_fails_is_told_and_the_question_comes_again(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with Harness(tmp_path / "data") as harness:
        player = harness.person("Pia")
        player.send("create commerce name=tt seats=3")
        player.prompt()
        player.send("start")
        player.expect("Your turn|swap, pass|Tausch", timeout=30)

        async def broken(self: Table, session: object, text: str) -> None:
            raise KeyError("a fault of the server's own")

        monkeypatch.setattr(Table, "line", broken)
        player.prompt(30)
        asked = len(player.prompts)
        player.send("hand")
        player.expect("That did not work on the server; the game goes on.")
        player.prompt(30)
        assert len(player.prompts) == asked + 1
