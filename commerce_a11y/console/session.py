"""Setting a game up: settings (flags over remembered ones over defaults), seats, bots, terminal; saving.

Kept apart from the click commands so that starting, resuming and (later) the tutorial build a game one way.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from ..bots import make_bot
from ..i18n import _, active_language
from ..narration.narrator import CardStyle, Narrator, Verbosity
from ..rules import Match, Player, RecordError, Ruleset, replay, ruleset
from ..storage import atomic_write, load_settings, read_save, remove_save, save_path, save_settings, write_save
from .game import Game
from .parser import answer_vocabulary, command_vocabulary, normalize
from .speech import open_speech
from .terminal import INTERRUPTED, Terminal, make_input
from .tutorial import OPPONENTS, RULES, TUTORIAL_SEED, PatientBot, Tutorial

DEFAULTS = {"verbosity": "normal", "cards": "names", "speech": "off", "input": "auto", "difficulty": "normal"}


def resolve_settings(flags: Mapping[str, str | None]) -> dict[str, str]:
    """Flags given now win and are remembered; then the remembered settings; then the defaults."""
    given = {k: v for k, v in flags.items() if v is not None}
    if given:
        save_settings(given)
    return {**DEFAULTS, **load_settings(), **given}


def make_terminal(settings: Mapping[str, str], words: Callable[[str], Iterable[str]] = command_vocabulary
                  ) -> Terminal:
    """The terminal the settings ask for; ``words`` gives the words rich input completes, by language."""
    lang = active_language()
    terminal = Terminal(make_input(settings["input"], lambda: words(lang)))
    terminal.speech = open_speech(settings["speech"] == "on", terminal.notice)
    return terminal


def _narrator(match: Match, seat: int, settings: Mapping[str, str]) -> Narrator:
    names = [_("You") if s == seat else p.name for s, p in enumerate(match.players)]
    return Narrator(match.rules, names, seat, Verbosity(settings["verbosity"]), CardStyle(settings["cards"]))


def _game(match: Match, seat: int, settings: Mapping[str, str], record_file: Path | None,
          terminal: Terminal | None = None) -> Game:
    narrator = _narrator(match, seat, settings)
    bots = {s: make_bot(p.kind.removeprefix("bot:"), match.seed * 100 + s)
            for s, p in enumerate(match.players) if s != seat}

    def save(lines: list[str]) -> bool:
        if match.over:
            remove_save()
            ok = True
        else:
            ok = write_save(lines)
        if record_file is not None:
            ok = atomic_write(record_file, "".join(line + "\n" for line in lines)) and ok
        return ok

    return Game(match, seat, bots, narrator, terminal or make_terminal(settings), save, save_settings)


def start_game(rules: Ruleset, opponents: Sequence[tuple[str, str]], name: str | None, seed: int | None,
               record_file: Path | None, flags: Mapping[str, str | None]) -> None:
    settings = resolve_settings(flags)
    terminal = make_terminal(settings)
    offer_tutorial(settings, terminal)
    players = [Player(name or _("You"), "human")] + [Player(n, f"bot:{level}") for n, level in opponents]
    match = Match(rules, players, secrets.randbelow(2**31) if seed is None else seed)
    _game(match, 0, settings, record_file, terminal).run()


def tutorial_game(settings: Mapping[str, str], terminal: Terminal | None = None) -> Game:
    """The guided first hand: a seeded hand of classic Commerce, coached, never saved (the player's saved match
    stays as it is)."""
    players = [Player(_("You"), "human")] + [Player(n, "bot:basic") for n in OPPONENTS]
    match = Match(ruleset(RULES), players, TUTORIAL_SEED)
    narrator = _narrator(match, 0, settings)
    bots = {s: PatientBot(s) for s in range(1, len(players))}
    return Game(match, 0, bots, narrator, terminal or make_terminal(settings), lambda lines: True, save_settings,
                coach=Tutorial(narrator))


def start_tutorial(flags: Mapping[str, str | None]) -> int:
    settings = resolve_settings(flags)
    save_settings({"tutorial": "offered"})
    return tutorial_game(settings).run()


def offer_tutorial(settings: Mapping[str, str], terminal: Terminal | None = None) -> None:
    """On the very first start at a terminal, offer the tutorial once (scripts and pipes are never asked)."""
    if load_settings().get("tutorial") == "offered" or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return
    save_settings({"tutorial": "offered"})
    terminal = terminal or make_terminal(settings)
    while True:
        line = terminal.ask(_("New to Commerce? A guided first hand teaches it step by step. Play it now? "
                              "Yes or no? "))
        if line is None or line == INTERRUPTED:
            return
        answer = answer_vocabulary(active_language()).get(normalize(line))
        if answer == "yes":
            tutorial_game(settings, terminal).run()
            terminal.say([_("Now your match begins.")])
            return
        if answer == "no":
            terminal.say([_("You can start it any time with: commerce tutorial")])
            return
        terminal.say([_("Please answer yes or no.")])


def offer_resume(flags: Mapping[str, str | None]) -> bool:
    """When a match is saved, ask whether to go on with it; True if it was resumed (and played)."""
    if read_save() is None:
        return False
    settings = resolve_settings(flags)
    terminal = make_terminal(settings)
    while True:
        line = terminal.ask(_("A saved match is waiting. Go on with it? Yes or no? "))
        if line is None or line == INTERRUPTED:
            return True
        answer = answer_vocabulary(active_language()).get(normalize(line))
        if answer == "yes":
            resume_game(flags, terminal)
            return True
        if answer == "no":
            keep_aside(_("The saved match is kept as {path}."), terminal)
            return False
        terminal.say([_("Please answer yes or no.")])


def keep_aside(message: str, terminal: Terminal) -> None:
    """Move the saved match out of the way (never delete a player's match) and say where it went."""
    path = save_path()
    for n in range(1, 1000):
        target = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not target.exists():
            try:
                path.replace(target)
            except OSError:
                return
            terminal.say([message.format(path=target)])
            return


def resume_game(flags: Mapping[str, str | None], terminal: Terminal | None = None) -> int:
    """Go on with the saved match; 1 if there is none or it cannot be read (it is then kept aside)."""
    settings = resolve_settings(flags)
    terminal = terminal or make_terminal(settings)
    lines = read_save()
    if lines is None:
        terminal.say([_("There is no saved match. Start one with: commerce play")])
        return 1
    try:
        match = replay(lines)
        seat = next(s for s, p in enumerate(match.players) if p.kind == "human")
        if match.over:
            raise RecordError("over")
    except (RecordError, StopIteration, ValueError, KeyError):
        keep_aside(_("The saved match cannot be read; it is kept as {path}."), terminal)
        return 1
    game = _game(match, seat, settings, None, terminal)
    return game.run(resumed=True)


__all__ = ["offer_resume", "offer_tutorial", "resume_game", "start_game", "start_tutorial", "tutorial_game"]
