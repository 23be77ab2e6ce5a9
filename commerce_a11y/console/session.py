"""Setting a game up: settings (flags over remembered ones over defaults), seats, bots, terminal; saving.

Kept apart from the click commands so that starting, resuming and (later) the tutorial build a game one way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..bots import make_bot
from ..i18n import _, active_language
from ..narration.narrator import CardStyle, Narrator, Verbosity
from ..records import DEFAULT_KEEP, is_time_stamp, keep_record, stamp_time, time_stamp
from ..rules import RECORD_FORMAT, Match, NewerRecordError, Player, RecordError, Ruleset, replay, ruleset
from ..stats import add_match, match_entry
from ..storage import (
    SaveRefused,
    SaveWriter,
    Settings,
    atomic_write,
    content_digest,
    keep_aside,
    read_save,
    remove_save,
    remove_stale_temporaries,
    save_path,
    unseal,
)
from .game import Game
from .parser import command_vocabulary
from .replay import default_seat
from .speech import open_speech
from .terminal import Terminal, interactive, make_input
from .tutorial import OPPONENTS, RULES, TUTORIAL_SEED, PatientBot, Tutorial

DEFAULTS = {"verbosity": "normal", "cards": "names", "speech": "off", "input": "auto", "difficulty": "normal",
            "keep_records": str(DEFAULT_KEEP)}


def resolve_settings(flags: Mapping[str, str | None], stored: Settings) -> dict[str, str]:
    """Flags given now win and are remembered; then the remembered settings; then the defaults."""
    given = {k: v for k, v in flags.items() if v is not None}
    if given:
        stored.remember(given)
    return {**DEFAULTS, **stored.values, **given}


def make_terminal(settings: Mapping[str, str], words: Callable[[str], Iterable[str]] = command_vocabulary
                  ) -> Terminal:
    """The terminal the settings ask for; ``words`` gives the words rich input completes, by language."""
    lang = active_language()
    terminal = Terminal(make_input(settings["input"], lambda: words(lang)))
    terminal.speech = open_speech(settings["speech"] == "on", terminal.notice)
    return terminal


def make_narrator(match: Match, seat: int, settings: Mapping[str, str]) -> Narrator:
    """The narrator the settings ask for, the listener's seat named "you"."""
    names = [_("You") if s == seat else p.name for s, p in enumerate(match.players)]
    return Narrator(match.rules, names, seat, Verbosity(settings["verbosity"]), CardStyle(settings["cards"]))


def _game(match: Match, seat: int, settings: Mapping[str, str], stored: Settings, record_file: Path | None,
          terminal: Terminal | None = None) -> Game:
    narrator = make_narrator(match, seat, settings)
    bots = {s: make_bot(p.kind.removeprefix("bot:"), match.seed * 100 + s)
            for s, p in enumerate(match.players) if s != seat}
    ended: str | None = None  # when the match ended: set by its last save, which carries it in the seal
    finished = False
    saves = SaveWriter()

    def save(lines: list[str]) -> bool:
        nonlocal ended
        ok = True
        if record_file is not None:
            ok = atomic_write(record_file, "".join(line + "\n" for line in lines))
        if not match.over:
            return saves.write(lines) and ok
        if not finished:
            ended = ended or time_stamp()
            saves.write(lines, ended)
        return ok

    def finish(lines: list[str]) -> list[str]:
        nonlocal finished
        finished = True
        return finish_match(lines, match, seat, ended or time_stamp(), int(settings["keep_records"]))

    return Game(match, seat, bots, narrator, terminal or make_terminal(settings), save, stored.remember,
                finish=finish)


def start_game(rules: Ruleset, opponents: Sequence[tuple[str, str]], name: str | None, seed: int | None,
               record_file: Path | None, settings: Mapping[str, str], stored: Settings,
               terminal: Terminal | None = None) -> int:
    """A new match with the settings resolved (``resolve_settings``) from ``stored``."""
    terminal = terminal or make_terminal(settings)
    offer_tutorial(settings, stored, terminal)
    players = [Player(name or _("You"), "human")] + [Player(n, f"bot:{level}") for n, level in opponents]
    if seed is None:
        import secrets  # only for a new match without a seed (it brings hashlib with it)

        seed = secrets.randbelow(2**31)
    match = Match(rules, players, seed)
    return _game(match, 0, settings, stored, record_file, terminal).run()


def tutorial_game(settings: Mapping[str, str], stored: Settings, terminal: Terminal | None = None) -> Game:
    """The guided first hand: a seeded hand of classic Commerce, coached, never saved (the player's saved match
    stays as it is)."""
    players = [Player(_("You"), "human")] + [Player(n, "bot:basic") for n in OPPONENTS]
    match = Match(ruleset(RULES), players, TUTORIAL_SEED)
    narrator = make_narrator(match, 0, settings)
    bots = {s: PatientBot(s) for s in range(1, len(players))}
    return Game(match, 0, bots, narrator, terminal or make_terminal(settings), lambda lines: True, stored.remember,
                coach=Tutorial(narrator))


def start_tutorial(flags: Mapping[str, str | None], stored: Settings) -> int:
    settings = resolve_settings(flags, stored)
    stored.remember({"tutorial": "offered"})
    return tutorial_game(settings, stored).run()


def offer_tutorial(settings: Mapping[str, str], stored: Settings, terminal: Terminal | None = None) -> None:
    """On the very first start at a terminal, offer the tutorial once (scripts and pipes are never asked)."""
    if settings.get("tutorial") == "offered" or not interactive():
        return
    stored.remember({"tutorial": "offered"})
    terminal = terminal or make_terminal(settings)
    answer = terminal.yes_or_no(_("New to Commerce? A guided first hand teaches it step by step. Play it now? "
                                  "Yes or no? "))
    if answer:
        tutorial_game(settings, stored, terminal).run()
        terminal.say([_("Now your match begins.")])
    elif answer is False:
        terminal.say([_("You can start it any time with: commerce tutorial")])


def finish_match(lines: list[str], match: Match, seat: int, ended: str, keep: int) -> list[str]:
    """Keep a finished match's record, count it in the statistics, then drop its save; a sentence for each part
    that could not be done (the match is counted even when its record cannot be kept).

    The finished match is saved first (with the time it ended), and each step finds its own work done if it was
    done before: a kill anywhere in between is finished by the next start, and the match is counted once.
    """
    said = []
    if keep_record(lines, match.rules.name, keep, ended) is None and keep > 0:
        said.append(_("The record of this match could not be kept."))
    if not add_match(match_entry(match, seat, content_digest(lines), stamp_time(ended))):
        said.append(_("This match could not be added to your statistics."))
    remove_save()
    return said


def load_saved_match(keep: int = DEFAULT_KEEP) -> Match | None:
    """The saved match, replayed to where the player stopped; None if there is none; ``SaveRefused`` (the file
    still in place) if it is damaged or cut short, was changed outside the game, or comes from a newer version.

    A finished match whose record was not kept yet is finished now (``keep``: the ``keep_records`` setting)."""
    remove_stale_temporaries(save_path())
    text = read_save()
    if text is None:
        return None
    match, seat, lines, stamp = saved_match(text)
    if match.over:
        # The match ended but the game stopped before its record was kept: finish that now, nothing to resume.
        ended = stamp.get("ended")
        finish_match(lines, match, seat, ended if is_time_stamp(ended) else time_stamp(), keep)
        return None
    return match


def saved_match(text: str) -> tuple[Match, int, list[str], dict[str, Any]]:
    """A save's match, the human seat, the record lines and the seal; ``SaveRefused`` if it cannot be loaded."""
    lines, stamp = unseal(text, RECORD_FORMAT)
    try:
        match = replay(lines)
        human = [s for s, p in enumerate(match.players) if p.kind == "human"]
    except NewerRecordError:
        raise SaveRefused("newer") from None
    except (RecordError, KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise SaveRefused("damaged") from None
    if len(human) != 1:
        raise SaveRefused("damaged")
    return match, human[0], lines, stamp


def refuse_save(refusal: SaveRefused, terminal: Terminal) -> None:
    """Keep a save that cannot be loaded aside (never delete a player's match) and say why and where."""
    kept = keep_aside(save_path()) or save_path()
    terminal.say([{
        "damaged": _("The saved match is damaged or cut short; it is kept as {path}."),
        "edited": _("The saved match was changed outside the game; it is kept as {path}."),
        "newer": _("The saved match comes from a newer version of the game; it is kept as {path}."),
    }[refusal.reason].format(path=kept)])


def offer_resume(settings: Mapping[str, str], stored: Settings) -> tuple[int | None, Terminal | None]:
    """When a match is saved, ask whether to go on with it: the exit status if it was resumed (and played), else
    None and the terminal if one was opened. A save that cannot be loaded is kept aside and a new match begins."""
    try:
        match = load_saved_match(int(settings["keep_records"]))
    except SaveRefused as refusal:
        terminal = make_terminal(settings)
        refuse_save(refusal, terminal)
        terminal.say([_("A new match begins.")])
        return None, terminal
    if match is None:
        return None, None
    terminal = make_terminal(settings)
    answer = terminal.yes_or_no(_("A saved match is waiting. Go on with it? Yes or no? "))
    if answer is None:
        return 0, terminal
    if answer:
        return _game(match, default_seat(match), settings, stored, None, terminal).run(resumed=True), terminal
    kept = keep_aside(save_path())
    if kept is not None:
        terminal.say([_("The saved match is kept as {path}.").format(path=kept)])
    return None, terminal


def resume_game(flags: Mapping[str, str | None], stored: Settings) -> int:
    """Go on with the saved match; 1 if there is none or it cannot be loaded (it is then kept aside)."""
    settings = resolve_settings(flags, stored)
    terminal = make_terminal(settings)
    try:
        match = load_saved_match(int(settings["keep_records"]))
    except SaveRefused as refusal:
        refuse_save(refusal, terminal)
        terminal.say([_("Start a new match with: commerce play")])
        return 1
    if match is None:
        terminal.say([_("There is no saved match. Start one with: commerce play")])
        return 1
    return _game(match, default_seat(match), settings, stored, None, terminal).run(resumed=True)


__all__ = ["load_saved_match", "offer_resume", "offer_tutorial", "resume_game", "start_game", "start_tutorial",
           "tutorial_game"]
