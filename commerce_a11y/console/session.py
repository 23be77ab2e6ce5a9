"""Setting a game up: settings (flags over remembered ones over defaults), seats, bots, terminal; saving.

Kept apart from the click commands so that starting, resuming and (later) the tutorial build a game one way.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from ..bots import make_bot
from ..i18n import _, active_language
from ..narration.narrator import CardStyle, Narrator, Verbosity
from ..rules import Match, Player, RecordError, Ruleset, replay
from ..storage import atomic_write, load_settings, read_save, remove_save, save_path, save_settings, write_save
from .game import Game
from .parser import answer_vocabulary, command_vocabulary, normalize
from .speech import open_speech
from .terminal import INTERRUPTED, Terminal, make_input

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


def _game(match: Match, seat: int, settings: Mapping[str, str], record_file: Path | None,
          terminal: Terminal | None = None) -> Game:
    names = [_("You") if s == seat else p.name for s, p in enumerate(match.players)]
    narrator = Narrator(match.rules, names, seat, Verbosity(settings["verbosity"]), CardStyle(settings["cards"]))
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
    players = [Player(name or _("You"), "human")] + [Player(n, f"bot:{level}") for n, level in opponents]
    match = Match(rules, players, secrets.randbelow(2**31) if seed is None else seed)
    _game(match, 0, settings, record_file).run()


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


__all__ = ["offer_resume", "resume_game", "start_game"]
