"""Setting a game up: settings (flags over remembered ones over defaults), seats, bots, terminal; saving.

Kept apart from the click commands so that starting, resuming and (later) the tutorial build a game one way.

Two windows may run the game at once. A match in play owns its save slot (``storage.SaveSlot``, locked until the
process ends), so a second window never offers, resumes, sets aside or overwrites the first one's match: it offers
a match of its own, saved apart in the next free slot, or leaves. A finished match is filed (record and
statistics) under one lock, so two matches ending in the same second are both kept and counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import BOT_KINDS
from ..bots.seeding import PositionSeeded
from ..files import atomic_write
from ..i18n import N_, _, active_language
from ..invocation import command_line
from ..narration.narrator import Narrator
from ..narration.voice import CardStyle, Verbosity
from ..opponents import own_words
from ..records import DEFAULT_KEEP, is_time_stamp, keep_record, stamp_time, time_stamp
from ..rules import (
    RECORD_FORMAT,
    Match,
    NewerRecordError,
    Player,
    PlayerKind,
    RecordError,
    Ruleset,
    replay,
    ruleset,
)
from ..seals import SaveRefused, content_digest, new_ident, seal_ident, unseal
from ..seat.naming import match_title
from ..seat.parser import command_vocabulary
from ..seat.tutorial import OPPONENTS, RULES, TUTORIAL_SEED, PatientBot, Tutorial
from ..settings import Settings
from ..stats import add_match, match_entry
from ..storage import (
    SaveSlot,
    SaveWriter,
    aside_path,
    filing_lock,
    free_slot,
    keep_save_aside,
    read_save,
    save_slots,
    set_aside,
    take_back,
)
from .game import Game
from .replay import default_seat
from .signals import GUARD
from .speech import open_speech
from .terminal import Terminal, interactive, make_input

DEFAULTS = {"verbosity": "normal", "cards": "names", "speech": "off", "bell": "off", "input": "auto",
            "difficulty": "normal", "keep_records": str(DEFAULT_KEEP)}


def resolve_settings(flags: Mapping[str, str | None], stored: Settings, remember: bool = False) -> dict[str, str]:
    """Flags given now win (and are remembered when ``remember``: a game's); then the remembered settings; then the
    defaults."""
    given = {k: v for k, v in flags.items() if v is not None}
    if given and remember:
        stored.remember(given)
    return {**DEFAULTS, **stored.values, **given}


def make_terminal(settings: Mapping[str, str], words: Callable[[str], Iterable[str]] = command_vocabulary
                  ) -> Terminal:
    """The terminal the settings ask for; ``words`` gives the words rich input completes, by language."""
    lang = active_language()
    terminal = Terminal(make_input(settings["input"], lambda: words(lang)))
    terminal.speech = open_speech(settings["speech"] == "on", terminal.notice)
    terminal.bell = settings.get("bell") == "on"
    return terminal


def make_narrator(match: Match, seat: int, settings: Mapping[str, str]) -> Narrator:
    """The narrator the settings ask for, the listener's seat named "you".

    A player who gave no name is "You" in the record, in the language of the game played ("Du", "Jij"). Heard from
    another seat (a replay), that word would name someone else than the listener ("Commerce: you and You, Ben"),
    so such a seat is named by its number instead: "Player 1"."""
    you = own_words()
    names = [_("You") if s == seat else _("Player {number}").format(number=s + 1) if p.name.casefold() in you
             else p.name for s, p in enumerate(match.players)]
    return Narrator(match.rules, names, seat, Verbosity(settings["verbosity"]), CardStyle(settings["cards"]))


def _game(match: Match, seat: int, settings: Mapping[str, str], stored: Settings, record_file: Path | None,
          terminal: Terminal | None = None, slot: SaveSlot | None = None) -> Game:
    """The game of ``match`` for the player in ``seat``, saved in ``slot`` (this process owns it); without a slot
    (none was free) nothing is saved, and the game says so once."""
    narrator = make_narrator(match, seat, settings)
    bots = {s: PositionSeeded(p.kind.level or "", match.chance, s)
            for s, p in enumerate(match.players) if s != seat}
    ended: str | None = None  # when the match ended: set by its last save, which carries it in the seal
    ident: str | None = None  # the finished match's identity in the statistics, sealed with ``ended``
    finished = False
    saves = SaveWriter(slot.path) if slot is not None else None

    def save(lines: list[str]) -> bool:
        nonlocal ended, ident
        ok = True
        if record_file is not None:
            ok = atomic_write(record_file, "".join(line + "\n" for line in lines), into=True)
        if saves is None:
            return False
        if not match.over:
            return saves.write(lines) and ok
        if not finished:
            ended, ident = ended or time_stamp(), ident or new_ident()
            saves.write(lines, ended, ident)
        return ok

    def finish(lines: list[str]) -> list[str]:
        nonlocal finished
        finished = True
        return finish_match(lines, match, seat, ended or time_stamp(), ident or new_ident(),
                            int(settings["keep_records"]), slot)

    return Game(match, seat, bots, narrator, terminal or make_terminal(settings), save, stored.remember,
                finish=finish)


def start_game(rules: Ruleset, opponents: Sequence[tuple[str, str]], name: str | None, seed: int | None,
               record_file: Path | None, settings: Mapping[str, str], stored: Settings,
               terminal: Terminal | None = None, slot: SaveSlot | None = None) -> int:
    """A new match with the settings resolved (``resolve_settings``) from ``stored``, saved in ``slot`` (claimed
    by ``offer_resume``; the first free one if none is given). The tutorial's offer and the match's first burst
    reach the terminal with the question after them (``Terminal.holding``)."""
    terminal = terminal or make_terminal(settings)
    with terminal.holding():
        return _start_game(rules, opponents, name, seed, record_file, settings, stored, terminal, slot)


def _start_game(rules: Ruleset, opponents: Sequence[tuple[str, str]], name: str | None, seed: int | None,
                record_file: Path | None, settings: Mapping[str, str], stored: Settings, terminal: Terminal,
                slot: SaveSlot | None) -> int:
    stopped = offer_tutorial(settings, stored, terminal)
    if stopped is not None:
        return stopped
    players = [Player(name or _("You"), PlayerKind.human()),
               *(Player(n, PlayerKind.bot(level)) for n, level in opponents)]
    if seed is None:
        import secrets  # only for a new match without a seed (it brings hashlib with it)

        seed = secrets.randbelow(2**31)
    match = Match(rules, players, seed)
    slot = slot or free_slot()
    return played(_game(match, 0, settings, stored, record_file, terminal, slot), slot)


def played(game: Game, slot: SaveSlot | None, resumed: bool = False) -> int:
    """Play ``game`` to its end or until the player leaves, then let its save slot go: the slot is this window's
    while it plays, not for the rest of the process (a second game in one process, as the tests and benchmarks
    run, finds it free)."""
    status = game.run(resumed=resumed)  # after a crash the slot stays claimed: the crash report says it is saved
    if slot is not None:
        slot.release()
    return status


def tutorial_game(settings: Mapping[str, str], stored: Settings, terminal: Terminal | None = None) -> Game:
    """The guided first hand: a seeded hand of classic Commerce, coached, never saved (the player's saved match
    stays as it is)."""
    players = [Player(_("You"), PlayerKind.human())] + [Player(n, PlayerKind.bot("basic")) for n in OPPONENTS]
    match = Match(ruleset(RULES), players, TUTORIAL_SEED)
    narrator = make_narrator(match, 0, settings)
    bots = {s: PatientBot(s) for s in range(1, len(players))}
    return Game(match, 0, bots, narrator, terminal or make_terminal(settings), lambda lines: True, stored.remember,
                coach=Tutorial(narrator))


def start_tutorial(flags: Mapping[str, str | None], stored: Settings) -> int:
    settings = resolve_settings(flags, stored)
    stored.remember({"tutorial": "offered"})
    return tutorial_game(settings, stored).run()


TUTORIAL_OFFER = N_("New to Commerce? A guided first hand teaches it step by step.")
TUTORIAL_QUESTION = N_("Play the tutorial now? Yes or no? ")
"""The first run's offer of the tutorial: what it is on a line of its own, then a question short enough for the one
line a braille display shows (issue 25, item 6)."""


def offer_tutorial(settings: Mapping[str, str], stored: Settings, terminal: Terminal | None = None) -> int | None:
    """On the very first start at a terminal, offer the tutorial once (scripts and pipes are never asked); the exit
    status if the tutorial was ended by a signal (the game then leaves rather than begin the match)."""
    if settings.get("tutorial") == "offered" or not interactive():
        return None
    stored.remember({"tutorial": "offered"})
    terminal = terminal or make_terminal(settings)
    terminal.say([_(TUTORIAL_OFFER)])
    answer = terminal.yes_or_no(_(TUTORIAL_QUESTION))
    if answer:
        status = tutorial_game(settings, stored, terminal).run()
        if status >= 128:
            return status
        terminal.say([_("Now your match begins.")])
    elif answer is False:
        terminal.say([_("You can start it any time with: {command}").format(command=command_line("tutorial"))])
    return None


FILING_WAIT = 10.0
"""Seconds a finished match waits for another window to finish filing its own (that takes milliseconds)."""


def finish_match(lines: list[str], match: Match, seat: int, ended: str, ident: str, keep: int,
                 slot: SaveSlot | None = None) -> list[str]:
    """Keep a finished match's record, count it in the statistics, then drop its save (in ``slot``; without one
    nothing was saved); a sentence for each part that could not be done.

    The finished match is saved first (with the time it ended and its identity), and each step finds its own work
    done if it was done before: a kill anywhere in between is finished by the next start, and the match is counted
    once. The save is dropped only once the record or the statistics entry is written: until then the match exists
    nowhere else, and the next start tries again.
    """
    said = []
    kept = counted = False
    with filing_lock() as lock:
        if lock.acquire(FILING_WAIT):
            kept = keep_record(lines, match.rules.name, keep, ended) is not None
            if not kept and keep > 0:
                said.append(_("The record of this match could not be kept."))
            counted = add_match(match_entry(match, seat, ident, stamp_time(ended)))
            if not counted:
                said.append(_("This match could not be added to your statistics."))
    if slot is None:
        return said
    if kept or counted:
        slot.remove()
    else:
        said.append(_("The match stays saved; the next start tries again to keep it."))
    return said


def open_slot(slot: SaveSlot, keep: int = DEFAULT_KEEP) -> tuple[Match | None, str | None]:
    """The match saved in ``slot`` (owned by this process), replayed to where the player stopped, or None if there
    is none; ``SaveRefused`` (the file still in place) if it is damaged or cut short, was changed outside the game,
    or comes from a newer version.

    A finished match whose record was not kept yet is filed now (``keep``: the ``keep_records`` setting); the
    second value then says how that went: ``filed``, or ``unfiled`` when it stays saved for the next start."""
    text = slot.read()
    if text is None:
        return None, None
    match, seat, lines, stamp = saved_match(text)
    if not match.over:
        return match, None
    # The match ended but the game stopped before it was filed: file it now, nothing to resume.
    ended = stamp.get("ended")
    with GUARD.deferred():
        finish_match(lines, match, seat, ended if is_time_stamp(ended) else time_stamp(),
                     seal_ident(stamp) or content_digest(lines), keep, slot)
    return None, "unfiled" if slot.read() is not None else "filed"


def load_saved_match(keep: int = DEFAULT_KEEP, slot: SaveSlot | None = None) -> Match | None:
    """The match saved in ``slot`` (the first slot if none is given, read without claiming it), as ``open_slot``
    gives it."""
    return open_slot(slot or SaveSlot(), keep)[0]


def saved_match(text: str) -> tuple[Match, int, list[str], dict[str, Any]]:
    """A save's match, the human seat, the record lines and the seal; ``SaveRefused`` if it cannot be loaded (a
    computer player of a level this version does not know counts as newer)."""
    lines, stamp = unseal(text, RECORD_FORMAT)
    try:
        match = replay(lines)
        human = [s for s, p in enumerate(match.players) if p.kind.is_human]
    except NewerRecordError:
        raise SaveRefused("newer") from None
    except (RecordError, KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError):
        raise SaveRefused("damaged") from None
    if len(human) != 1:
        raise SaveRefused("damaged")
    if any(not p.kind.is_human and p.kind.level not in BOT_KINDS for p in match.players):
        raise SaveRefused("newer")
    return match, human[0], lines, stamp


def refuse_save(refusal: SaveRefused, terminal: Terminal, slot: SaveSlot | None = None) -> None:
    """Keep a save that cannot be loaded aside (never delete a player's match) and say why, and under which name in
    the game's data folder (a whole path is long to hear; ``commerce --help`` and the docs say where that is)."""
    path = (slot or SaveSlot()).path
    number = keep_save_aside(path)
    kept = path if number is None else aside_path(number)
    terminal.say([{
        "damaged": _("The saved match is damaged or cut short; it is kept as {path}."),
        "edited": _("The saved match was changed outside the game; it is kept as {path}."),
        "newer": _("The saved match comes from a newer version of the game; it is kept as {path}."),
    }[refusal.reason].format(path=kept.name)])


def waiting_question(match: Match, asked: Ruleset | None) -> str:
    """The question about a waiting saved match: its ruleset (with the options that matter) and its hand, and, when
    the player asked for another ruleset or other options, that it is not that one."""
    title, hand = match_title(match.rules), match.hand_no
    if asked is None or (asked.name, dict(asked.options)) == (match.rules.name, dict(match.rules.options)):
        return _("A saved match of {ruleset} is waiting (hand {hand}). Go on with it? Yes or no? ").format(
            ruleset=title, hand=hand)
    return _("A saved match of {ruleset} is waiting (hand {hand}), not {asked}. Go on with it? Yes or no? ").format(
        ruleset=title, hand=hand, asked=match_title(asked))


@dataclass
class Waiting:
    """What the save slots hold for this window (``claim_waiting``)."""

    slot: SaveSlot | None = None
    """The slot of the first saved match no other window plays, claimed by this process."""
    match: Match | None = None
    refusal: SaveRefused | None = None
    """Why the match in ``slot`` cannot be loaded (it is still there)."""
    busy: bool = False
    """Whether another window plays a saved match."""
    filed: str | None = None
    """``filed`` if a match that had ended was filed on the way, ``unfiled`` if it could not be (``open_slot``)."""


def claim_waiting(keep: int) -> Waiting:
    """The first saved match no other window plays (or why it cannot be loaded), lowest slot first; finished
    matches found on the way are filed (``open_slot``)."""
    found = Waiting()
    for number in save_slots():
        slot = SaveSlot(number)
        if not slot.claim():
            found.busy = True
            continue
        try:
            match, outcome = open_slot(slot, keep)
        except SaveRefused as refusal:
            found.slot, found.refusal = slot, refusal
            return found
        if match is not None:
            found.slot, found.match = slot, match
            return found
        found.filed = found.filed or outcome
        slot.release()
    return found


def offer_resume(settings: Mapping[str, str], stored: Settings, asked: Ruleset | None = None
                 ) -> tuple[int | None, Terminal | None, SaveSlot | None]:
    """When a match is saved, ask whether to go on with it (naming its ruleset, and saying so when ``asked``, the
    ruleset the player asked for, is another): the exit status if it was resumed (and played) or the player left,
    else None; the terminal if one was opened; and the slot the new match is to be saved in. A save that cannot be
    loaded is kept aside and a new match begins. When another window plays the saved match, a match saved apart is
    offered instead."""
    waiting = claim_waiting(int(settings["keep_records"]))
    slot, match = waiting.slot, waiting.match
    if waiting.refusal is not None:
        terminal = make_terminal(settings)
        refuse_save(waiting.refusal, terminal, slot)
        terminal.say([_("A new match begins.")])
        return None, terminal, slot
    if match is None:
        if not waiting.busy:
            return None, None, free_slot()
        terminal = make_terminal(settings)
        if not terminal.yes_or_no(_("Another window is playing your match. Play a new one here, saved apart? "
                                    "Yes or no? ")):
            terminal.say([_("Goodbye. Go on in the other window, or later with: {command}").format(
                command=command_line("resume"))])
            return 0, terminal, None
        return None, terminal, free_slot()
    assert slot is not None
    terminal = make_terminal(settings)
    answer = terminal.yes_or_no(waiting_question(match, asked))
    if answer is None:
        slot.release()
        return 0, terminal, None
    if answer:
        return played(_game(match, default_seat(match), settings, stored, None, terminal, slot), slot, True), \
            terminal, slot
    number = keep_save_aside(slot.path)
    if number is None:  # it cannot be moved: it stays where it is, and the new match is saved apart
        slot.release()
        return None, terminal, free_slot()
    terminal.say([_("The saved match is set aside as number {number}.").format(number=number),
                  _("To go on with it later, type: {command}").format(command=command_line(f"resume {number}"))])
    return None, terminal, slot


def aside_lines(aside: Mapping[int, Path]) -> list[str]:
    """The saved matches set aside, one short line each, numbered for ``commerce resume N``: the date it was last
    played, its ruleset, hand and the day it was last played ("2. Commerce, hand 3, 2026-12-02.")."""
    from datetime import datetime

    lines = []
    for number, path in aside.items():
        try:
            date = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d")
        except OSError:
            date = path.name
        try:
            text = read_save(path)
            match = saved_match(text)[0] if text is not None else None
        except SaveRefused:
            match = None
        if match is None:
            lines.append(_("{number}. {date}: cannot be read.").format(number=number, date=date))
        else:
            lines.append(_("{number}. {ruleset}, hand {hand}, {date}.").format(
                number=number, date=date, ruleset=match_title(match.rules), hand=match.hand_no))
    return lines


def say_set_aside(terminal: Terminal) -> bool:
    """List the matches set aside and how to go on with one; False when there are none."""
    aside = set_aside()
    if not aside:
        return False
    lines, first = aside_lines(aside), next(iter(aside))
    terminal.say([_("Matches set aside:"), *lines,
                  _("Go on with one, for example: {command}").format(
                      command=command_line(f"resume {first}"))])
    return True


def resume_aside(number: int, settings: Mapping[str, str], stored: Settings, terminal: Terminal) -> int:
    """Go on with the match set aside as ``number``: it is moved back into a free save slot (in one rename, so two
    windows cannot both take it) and played from there; 1 if it is not there or cannot be loaded."""
    slot = free_slot() if aside_path(number).exists() else None
    if slot is None or not take_back(number, slot):
        if slot is not None:
            slot.release()
        terminal.say([_("No match is set aside as number {number}.").format(number=number)])
        if not say_set_aside(terminal):
            terminal.say([_("There is no saved match. Start one with: {command}").format(
                command=command_line("play"))])
        return 1
    try:
        match, outcome = open_slot(slot, int(settings["keep_records"]))
    except SaveRefused as refusal:
        refuse_save(refusal, terminal, slot)
        slot.release()
        return 1
    if match is None:  # it had ended: filed now, or kept saved for the next start
        slot.release()
        return had_ended(outcome, terminal)
    return played(_game(match, default_seat(match), settings, stored, None, terminal, slot), slot, True)


def had_ended(outcome: str | None, terminal: Terminal) -> int:
    """A saved match that had already ended when it was opened (``open_slot``'s outcome): what is said, and the
    exit status (0 once its result is kept, 1 while it stays saved)."""
    if outcome == "unfiled":
        terminal.say([_("Your saved match had already ended but cannot be kept here yet; it stays saved.")])
        return 1
    terminal.say([_("Your saved match had already ended; its result is kept now."),
                  _("Start a new match with: {command}").format(command=command_line("play"))])
    return 0


def resume_game(flags: Mapping[str, str | None], stored: Settings, number: int | None = None) -> int:
    """Go on with the saved match no other window plays, or with the one set aside as ``number``; 1 if there is
    none or it cannot be loaded (it is then kept aside); 0 if it had ended and is filed now. With nothing waiting,
    the matches set aside are listed."""
    settings = resolve_settings(flags, stored, remember=True)
    terminal = make_terminal(settings)
    if number is not None:
        return resume_aside(number, settings, stored, terminal)
    waiting = claim_waiting(int(settings["keep_records"]))
    if waiting.refusal is not None:
        refuse_save(waiting.refusal, terminal, waiting.slot)
        if waiting.slot is not None:
            waiting.slot.release()
        terminal.say([_("Start a new match with: {command}").format(command=command_line("play"))])
        return 1
    if waiting.match is not None:
        return played(_game(waiting.match, default_seat(waiting.match), settings, stored, None, terminal,
                            waiting.slot), waiting.slot, True)
    if waiting.busy:
        terminal.say([_("Another window is playing your saved match; go on there.")])
        return 1
    if waiting.filed is not None:
        return had_ended(waiting.filed, terminal)
    if not say_set_aside(terminal):
        terminal.say([_("There is no saved match. Start one with: {command}").format(command=command_line("play"))])
    return 1


__all__ = ["load_saved_match", "offer_resume", "offer_tutorial", "open_slot", "resume_game", "start_game",
           "start_tutorial", "tutorial_game"]
