"""Issue 17 at a real terminal (tmux): a whole match of Schwimmen and of Trade and Barter in German, Dutch and
English, typed as a new player would, reading only the screen: the dealer's blind choice (taken once, then kept),
a swap of all three and a single swap (S2, S3), an offer made and answered (taken once, then declined; X4), a trade
(X3), the review commands, then passes to the end of the match. The offer's question says the offer once: no line
before it says it again."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from .tmux import Sentences, Tmux, game_argv, game_env, require_tmux

SEEDS = {"schwimmen": "2", "tauschen": "2"}
"""Seeds whose matches (five lives or chips, four players) bring the blind choice to this player at least twice and,
in tauschen, at least three offers."""
REVIEW = ("help", "widow", "chips", "hint", "whatif", "explain")
"""Tried once each, at the player's first turns."""


@dataclass
class Player:
    """What a new player types, from what the question on the screen says."""

    rules: str
    s: Sentences
    said: dict[str, int] = field(default_factory=dict)
    """How often each kind of move was made."""
    typed: list[str] = field(default_factory=list)

    def once(self, key: str) -> bool:
        self.said[key] = self.said.get(key, 0) + 1
        return self.said[key] == 1

    def answer(self, question: str) -> str:
        s, rules = self.s, self.rules
        kind = s.kind(question)
        words, shown, asked = s.words, s.shown[rules], s.asked[rules]
        if kind in Sentences.BLIND and shown["take"] in question:
            return shown["take"] if self.once("take") else shown["keep"]
        if s.offer(question):
            count = self.said.get("offered", 0)
            self.said["offered"] = count + 1
            return (f"{shown['give']} 1", shown["decline"], shown["pass"])[min(count, 2)]
        for review in REVIEW:
            if self.once(review):
                return {"whatif": f"{words['whatif']} {'all' if rules == 'schwimmen' else '1'}"}.get(
                    review, words[review])
        turn = self.said.get("turns", 0)
        self.said["turns"] = turn + 1
        if rules == "schwimmen":
            moves = [(asked["all"], shown["all"]), (asked["swap"], "13")]
        else:
            moves = [(asked["offer"], f"{shown['offer']} 1"), (asked["swap"], f"{shown['swap']} 1")]
        if turn < len(moves) and f" {moves[turn][0]}," in " " + question.replace(":", ","):
            return moves[turn][1]
        return shown["pass"]


def play_match(tmp_path: Path, rules: str, lang: str, *extra: str) -> tuple[list[str], Player]:
    """A whole match typed as a new player would, to its end (someone wins it, no traceback): the screen's lines."""
    require_tmux()
    s = Sentences(lang)
    player = Player(rules, s)
    follow = s.say("Follow the rest? Yes or no? ").strip()
    argv = game_argv("--rules", rules, "--seed", SEEDS[rules], "--lang", lang, "--input", "plain", "--option",
                     "chips=5", *extra)
    with Tmux(tmp_path / "tmux", cols=80, rows=60) as tmux:
        tmux.start(argv, game_env(tmp_path / "home", TERM="dumb"))
        asked = 0

        def ready(lines: list[str]) -> bool:
            return tmux.exit_status() is not None or (len(lines) > asked and (s.waiting(lines)
                                                                             or lines[-1] == follow))

        while True:
            lines = tmux.wait_for(ready, timeout=30)
            if tmux.exit_status() is not None:
                break
            asked = len(lines)
            answer = s.yes if lines[-1] == follow else player.answer(lines[-1])
            player.typed.append(answer)
            tmux.send_line(answer)
            assert len(player.typed) < 600, "\n".join(lines[-40:])
        assert tmux.wait_exit() == 0
        lines = tmux.lines()
    text = "\n".join(lines)
    assert "Traceback" not in text
    assert said(lines, s, "{name} wins the match.") or said(lines, s, "You win the match!"), text
    return lines, player


def answered(lines: list[str], s: Sentences, answer: str) -> list[list[str]]:
    """The lines printed after each question answered with ``answer``."""
    at = [i for i, line in enumerate(lines) if s.prompt(line) == (True, answer)]
    result = []
    for i in at:
        end = next((k for k in range(i + 1, len(lines)) if s.prompt(lines[k])[0]), len(lines))
        result.append(lines[i + 1:end])
    return result


def said(lines: list[str], s: Sentences, msgid: str) -> list[str]:
    pattern = s.pattern(msgid)
    return [line for line in lines if pattern.fullmatch(line)]


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_s2_s3_a_whole_match_of_schwimmen_typed_as_a_new_player(tmp_path: Path, lang: str) -> None:
    lines, player = play_match(tmp_path, "schwimmen", lang)
    s = player.s
    text = "\n".join(lines)
    shown = s.shown["schwimmen"]
    # The blind choice, as its question names it: taken once (the new hand said, the old one the widow), kept after.
    assert player.said.get("take", 0) >= 2, text
    took = answered(lines, s, shown["take"])
    assert len(took) == 1 and s.pattern("You take the face-down widow. Your cards: {hand}. New widow: {cards}."
                                        ).fullmatch(took[0][0]), took
    kept = answered(lines, s, shown["keep"])
    assert kept and all(s.pattern("You keep your cards. Widow: {cards}.").fullmatch(b[0]) for b in kept), kept
    # "swap all" as the question shows it, then a single swap; the pass as Schwimmen's players say it.
    swapped = answered(lines, s, shown["all"])
    assert len(swapped) == 1 and s.pattern("You swap all three. Your cards: {hand}.").fullmatch(swapped[0][0])
    assert s.pattern("You take the {took} for the {gave}.").fullmatch(answered(lines, s, "13")[0][0])
    passes = answered(lines, s, shown["pass"])
    assert passes and all(b[:1] == [s.t.pgettext("schwimmen", "You pass.")] for b in passes if b)
    whatif = answered(lines, s, f"{s.words['whatif']} all")
    assert s.pattern("Swapping all three makes {value}.").fullmatch(whatif[0][0]), whatif
    assert s.pattern("Now you hold {value}.").fullmatch(whatif[0][1]), whatif
    # Lives and swimming in the game's own words.
    assert said(lines, s, "Lives: {list}.")
    assert said(lines, s, "{name} swims.") or said(lines, s, "You swim: no lives left, but still in.")
    assert said(lines, s, "{name} goes under.") or said(lines, s, "You go under. The match plays on to its end.")


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_x3_x4_a_whole_match_of_trade_and_barter_typed_as_a_new_player(tmp_path: Path, lang: str) -> None:
    lines, player = play_match(tmp_path, "tauschen", lang)
    s = player.s
    text = "\n".join(lines)
    shown = s.shown["tauschen"]
    # Offers to the player: each said once, on the line before its question (issue 25, item 6).
    asked = [i for i, line in enumerate(lines) if s.offer(line)]
    assert len(asked) >= 3, text
    offered_you = s.pattern("{name} offers you the {card}.")
    assert all(offered_you.fullmatch(lines[i - 1]) for i in asked), text
    assert sum(bool(offered_you.fullmatch(line)) for line in lines) == len(asked), text
    gave = answered(lines, s, f"{shown['give']} 1")
    assert s.pattern("You give the {card} for the {offered}.").fullmatch(gave[0][0]), gave
    assert answered(lines, s, shown["decline"])[0][:1] == [s.say("You decline.")]
    assert answered(lines, s, shown["pass"])  # passing on an offer declines it too
    # The player's own offer and trade: the cards are said to the player.
    offer = answered(lines, s, f"{shown['offer']} 1")[0]
    assert s.pattern("You offer the {card} to {name}.").fullmatch(offer[0]), offer
    assert re.search("|".join(p.pattern for p in (s.pattern("{name} takes it and gives you the {card}."),
                                                  s.pattern("{name} declines."))), offer[1]), offer
    trade = answered(lines, s, f"{shown['swap']} 1")[0]
    assert s.pattern("You trade the {gave} for the {took} and pay {name} a chip.").fullmatch(trade[0]) or s.pattern(
        "You trade the {gave} for the {took} and pay a chip to the box.").fullmatch(trade[0]), trade
    # No widow here: one sentence says so, with the stock to trade with.
    widow = answered(lines, s, s.words["widow"])[0]
    no_widow = s.t.ngettext("There is no widow in {ruleset}. The stock holds {count} card.",
                            "There is no widow in {ruleset}. The stock holds {count} cards.", 40).replace(
                                "{ruleset}", s.t.gettext("Trade and Barter"))
    assert re.fullmatch(re.escape(no_widow).replace(re.escape("{count}"), r"\d+"), widow[0]), widow
    # What others do, as every seat may know it: a card traded or offered unnamed.
    assert said(lines, s, "{name} offers {other} a card.") or said(lines, s, "{name} trades a card and pays "
                                                                                 "{dealer} a chip.")


@pytest.mark.parametrize("rules", ["schwimmen", "tauschen"])
@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_a_whole_brief_match_with_codes_reads_on_a_40_cell_line(tmp_path: Path, rules: str, lang: str) -> None:
    """Brief speech with card codes in a 40-column terminal, a player who passes (keeps, declines): at least 95% of
    the lines fit 40 braille cells, every question fits, and the line before each holds the player's cards (and
    the widow, where one lies face up)."""
    from .test_tmux_brief import braille_cells

    require_tmux()
    s = Sentences(lang)
    shown = s.shown[rules]
    follow = s.say("Follow the rest? Yes or no? ").strip()
    argv = game_argv("--rules", rules, "--seed", "5", "--lang", lang, "--cards", "codes", "--verbosity", "brief",
                     "--input", "plain")
    with Tmux(tmp_path / "tmux", cols=40, rows=60) as tmux:
        tmux.start(argv, game_env(tmp_path / "home", TERM="dumb"))
        asked = 0
        while True:
            lines = tmux.wait_for(lambda ls, seen=asked: tmux.exit_status() is not None or (
                len(ls) > seen and (s.waiting(ls) or ls[-1] == follow)), timeout=30)
            if tmux.exit_status() is not None:
                break
            asked = len(lines)
            kind = s.kind(lines[-1])
            tmux.send_line(s.yes if lines[-1] == follow else shown["keep"] if kind in Sentences.BLIND else
                           shown["pass"])
        assert tmux.wait_exit() == 0
        lines = tmux.lines()
    text = "\n".join(lines)
    assert "Traceback" not in text
    at = [i for i, line in enumerate(lines) if s.prompt(line)[0] and line != f"{follow} {s.yes}"]
    assert at, text
    code = r"[a-z]{1,2}[2-9ATJQKZBDHV]"  # a suit's small letters, then a digit or a capital (issue 36)
    hand = rf"(?:{code} ){{2}}{code}"
    cards = re.compile(rf"{hand}(?:, {hand})?\.?$")  # brief: no word "widow"
    for i in at:
        # The newest cards line is above each question: said at the deal and again whenever the cards changed.
        assert any(cards.search(line) for line in lines[:i]), lines[:i + 1]
    if rules == "schwimmen":
        assert any(re.search(rf"{hand}, {hand}$", lines[i - 1]) for i in at), text
    if rules == "tauschen":
        assert any(s.offer(line) for line in lines), text
    questions = [lines[i].rsplit(" ", 1)[0] for i in at]
    assert all(n + 2 <= 40 for n in braille_cells(lang, questions) or []), questions  # the space and the cursor
    cells = braille_cells(lang, [line.rsplit(" ", 1)[0] if s.prompt(line)[0] else line for line in lines])
    if cells is None:
        pytest.skip("liblouis (lou_translate) is not installed")
    over = [line for line, n in zip(lines, cells, strict=True) if n > 40]
    assert len(over) <= 0.05 * len(lines), over
