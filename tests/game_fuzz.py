"""Whole games driven by random input lines, through the real ``Game`` loop; shared by the test and bench/.

A scripted input back-end answers every question the game asks with a line drawn from valid commands (in every
language), other rulesets' commands, numbers in and out of range, escape sequences, control characters, very long
lines and text that was invalid UTF-8. At each question it checks what the previous line did: the match record
changed only after a line that was a legal action, and every saved record replays into the same match. A player
who leaves (``quit``, ``yes``) or runs out of lines is resumed from the save, as ``commerce resume`` would.
"""

from __future__ import annotations

import io
import random
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from commerce_a11y.bots import make_bot
from commerce_a11y.console import speaker as speaker_module
from commerce_a11y.console.game import Game
from commerce_a11y.console.speech import SilentSpeech
from commerce_a11y.console.terminal import Terminal
from commerce_a11y.i18n import LANGUAGES, _, use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.rules import RULESETS, Match, Player, Swap, record_lines, replay, ruleset
from commerce_a11y.seat.parser import Play, parse

VALID = ["pass", "p", "knock", "k", "13", "21", "1 3", "32", "13 21", "swap 11", "s 22", "done", "d", "keep",
         "exchange", "fire", "call", "pounce", "in", "hand", "widow", "value", "chips", "turn", "history",
         "history all", "repeat", "help", "rules", "passen", "klopfen", "tauschen 12", "fertig", "behalten",
         "umtauschen", "feuer", "ansagen", "kloppen", "ruilen 23", "klaar", "verbosity brief", "cards codes",
         "cards names", "verbosity verbose", "language de", "language nl", "language en", "speech off",
         "offer 1", "of 3", "give 2", "gi 1", "decline", "dc", "trade 3", "anbieten 2", "geben 1", "ablehnen",
         "aanbieden 1", "geven 2", "weigeren", "x"]
GARBAGE = ["", " ", "xyzzy", "99", "0", "00", "-1", "1", "123", "4" * 50, "swap", "swap 99", "swap hq hq",
           "Herz-König", "herz koenig", "queen of hearts for", "hartenvrouw", "²", "١٣", "quit", "q", "no", "nein",
           "history 99999999999999999999", "history -3", "verbosity loud", "cards", "language xx", "speech maybe",
           "\x1b[A", "\x1b[B\x1b[A", "\x1b]0;title\x07", "\x1bOP", "\x00", "\x7f\x7f", "\x03", "\x04", "\t13",
           "p\rk", "\u202epass", "pa\u200bss", "\ufffd\ufffd", "\udcff\udcfe", "13\x1b[200~", "ja", "yes please"]


OPTIONS = {"braillespiel": {"marks": 3}}
"""Braillespiel at 10 marks runs to hundreds of hands, thousands of random players' moves once the player is out,
and the game saves the whole record after each: 3 marks keeps a match to minutes of fuzzing, not hours."""


@dataclass
class Tally:
    lines: int = 0
    games: int = 0
    finished: int = 0
    resumed: int = 0
    output_chars: int = 0
    problems: list[str] = field(default_factory=list)


def random_line(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(VALID)
    if roll < 0.8:
        return rng.choice(GARBAGE)
    if roll < 0.9:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12))).decode("utf-8", "surrogateescape")
    if roll < 0.95:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(1, 10)))
    return rng.choice(VALID + GARBAGE) * rng.randrange(50, 500)


class FuzzInput:
    """The scripted player: answers with random lines and checks, at each question, what the last one did."""

    name = "plain"

    def __init__(self, rng: random.Random, budget: int, tally: Tally) -> None:
        self.rng, self.budget, self.tally = rng, budget, tally
        self.game: Game | None = None
        self.saved: list[str] = []
        self.checked: list[str] = []
        self.before: list[str] | None = None
        self.last: tuple[str, object, tuple] | None = None  # the line, how it parsed, the legal actions then

    def save(self, lines: list[str]) -> bool:
        self.saved = lines
        return True

    def check_save(self) -> None:
        """The last save holds the whole match so far and replays into it (checked when the player is asked)."""
        assert self.game is not None
        events = self.game.match.events
        if len(self.saved) != len(events) or (events and self.saved[-1] != next(record_lines(events[-1:]))):
            self.tally.problems.append("the save is behind the match")
        if self.saved is not self.checked:
            self.checked = self.saved
            copy = replay(self.saved)
            if list(record_lines(copy.events)) != self.saved:
                self.tally.problems.append("a saved record does not replay into the same match")

    def read(self, prompt: str) -> str | None:
        game = self.game
        assert game is not None
        self.check_save()
        events = game.match.events
        now = [str(len(events)), *record_lines(events[-3:])]  # events are only ever appended
        if self.last is not None and self.before is not None and now != self.before:
            line, parsed, legal = self.last
            legal_sets = [(set(a.gave), set(a.took)) for a in legal if isinstance(a, Swap)]
            ok = isinstance(parsed, Play) and (parsed.action in legal or (
                isinstance(parsed.action, Swap) and (set(parsed.action.gave), set(parsed.action.took)) in legal_sets))
            if not ok:
                self.tally.problems.append(f"the record changed after {line!r} ({parsed!r})")
        if self.budget <= 0:
            return None
        self.budget -= 1
        self.tally.lines += 1
        line = random_line(self.rng)
        view = game.match.view(game.seat)
        asking_turn = game.match.to_act == game.seat and prompt != _("Save and leave? Yes or no? ")
        parsed = parse(line, view) if asking_turn else None
        self.before, self.last = now, (line, parsed, view.legal)
        return line


def play_game(rng: random.Random, tally: Tally, budget: int, bots: str = "random") -> None:
    """One match from the deal until it ends or the budget of lines is spent, resumed from its save each time the
    player leaves."""
    name = rng.choice(list(RULESETS))
    lang = rng.choice(LANGUAGES)
    use_language(lang)
    players = rng.randint(3, 5)
    match = Match(ruleset(name, **OPTIONS.get(name, {})), [Player("You", "human")] + [Player(f"Bot{i}", f"bot:{bots}")
                                                               for i in range(1, players)], rng.randrange(2**31))
    tally.games += 1
    player = FuzzInput(rng, budget, tally)
    resumed = False
    while True:
        out = io.StringIO()
        terminal = Terminal(player, SilentSpeech(), out)
        narrator = Narrator(match.rules, [_("You")] + [p.name for p in match.players[1:]], 0,
                            Verbosity(rng.choice(list(Verbosity))), CardStyle(rng.choice(list(CardStyle))))
        game = Game(match, 0, {s: make_bot(bots, s) for s in range(1, players)}, narrator, terminal, player.save)
        player.game, player.before, player.last = game, None, None
        game.run(resumed=resumed)
        player.check_save()
        text = out.getvalue()
        tally.output_chars += len(text)
        controls = {ch for ch in text if unicodedata.category(ch)[0] == "C" and ch != "\n"}
        if controls:
            tally.problems.append(f"{name}/{lang}: control characters printed: {sorted(controls)!r}")
        if match.over:
            tally.finished += 1
            return
        if player.budget <= 0:
            return
        # The player left: go on from the save, as ``commerce resume`` does.
        match = replay(player.saved)
        resumed = True
        tally.resumed += 1


def fuzz(seed: int, lines: int, per_game: int = 400, bots: str = "random",
         progress: Callable[[Tally], None] | None = None) -> Tally:
    """Play games from random lines until ``lines`` have been typed; what happened."""
    rng = random.Random(seed)
    tally = Tally()
    original = speaker_module.open_speech
    speaker_module.open_speech = lambda enabled, notice: SilentSpeech()  # never start a real synthesizer
    try:
        while tally.lines < lines:
            play_game(rng, tally, min(per_game, lines - tally.lines), bots)
            if progress:
                progress(tally)
    finally:
        speaker_module.open_speech = original
        use_language("en")
    return tally
