"""The click commands. Every text here is translated when this module is imported (after ``init_language``)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from . import __version__
from .cleaning import clean
from .i18n import LANGUAGES, _, ngettext, translate_click
from .lossy_text import LossyText
from .opponents import DIFFICULTY_LEVELS, OpponentsRefused, parse_opponents
from .reports import stats_lines, summary_lines
from .ruleset_names import RULESET_NAMES
from .settings import NUMBER_SETTINGS, Settings

if TYPE_CHECKING:
    from pathlib import Path

    from .rules import RulesError

# What only a command needs is imported in that command (the rules engine, the computer players, the statistics):
# ``commerce --help`` loads this module, and each import here is paid at every start (bench/startup.py).

Command = TypeVar("Command", bound=Callable[..., Any])
"""A command's function, as click's option decorators take and return it."""

translate_click()


def _stored() -> Settings:
    """The settings ``cli.main`` read for this command (its one read of the file); read here only when a command
    is invoked another way (a test's runner)."""
    ctx = click.get_current_context()
    if not isinstance(ctx.obj, Settings):
        ctx.obj = Settings.read()
    return ctx.obj


def _lang_option(func: Command) -> Command:
    """``--lang``: already applied from the raw arguments by ``cli.main``; declared so click accepts it, and noted
    (in ``ctx.meta``, which a command's context shares with the group's) for a game to remember."""
    return click.option("--lang", type=click.Choice(LANGUAGES), expose_value=False, is_eager=True,
                        callback=_note_language, help=_("Language of the game: de, nl or en."))(func)


def _note_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.meta["commerce_a11y.lang"] = value


def _game_flags(flags: dict[str, str | None]) -> dict[str, str | None]:
    """The options of a game (``play``, ``resume``) that it remembers: its listening options and ``--lang``.

    Only a game remembers what it was started with, as it remembers what the player changes during it; the other
    commands' options (``replay``, ``tutorial``, ``rules``, ``--help``) hold for that command only."""
    return {**flags, "lang": click.get_current_context().meta.get("commerce_a11y.lang")}


def _say(text: str, err: bool = False) -> None:
    """One whole line, never coloured (NO_COLOR and braille displays want plain text), written as a match writes
    (``Terminal``): output that cannot be written (a full disk behind ``>``, a reader gone) is dropped from then
    on, and the command ends as a match does when its output goes, with status 0."""
    from .console.terminal import NoInput, Terminal  # when first needed, like the other console imports here

    Terminal(NoInput(), stdout=sys.stderr if err else sys.stdout).say([text])


def _as_path(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """A file or folder option as a ``Path``, converted here rather than by ``click.Path(path_type=Path)``, which
    would import ``pathlib`` at every start, ``--help`` included (bench/startup.py)."""
    from pathlib import Path

    return None if value is None else Path(value)


def _ip_addresses(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """IP addresses, each written as Python writes it (so that "::1" and "0:0::1" are one proxy)."""
    import ipaddress

    addresses = []
    for address in value:
        try:
            addresses.append(str(ipaddress.ip_address(address)))
        except ValueError:
            raise click.BadParameter(_("{value} is not an IP address.").format(value=address)) from None
    return tuple(addresses)


def _rules_error(error: RulesError) -> click.UsageError:
    return click.UsageError(error.sentence(_))


def _show_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """``--help``, as click's own option does it, but written through ``LossyText`` (a lost page is no crash)."""
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), file=LossyText(sys.stdout), color=ctx.color)  # type: ignore[arg-type]
        ctx.exit()


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"commerce {__version__}", file=LossyText(sys.stdout))  # type: ignore[arg-type]
        ctx.exit()


class _LossyHelp(click.Command):
    """A command whose ``--help`` page is written through ``LossyText``: click builds the option (names, help
    text, eagerness) and this only swaps its callback, the one part that writes."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.callback = _show_help
        return option


class _Group(_LossyHelp, click.Group):
    command_class = _LossyHelp


def _help_width() -> int:
    """The width click wraps help pages to, worked out as click does (``COLUMNS``, else the terminal's width, else
    80; at most 78), but without ``shutil``, which would load three compression modules at every start for it."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 80
    return max(min(columns or 80, 80) - 2, 50)


@click.group(cls=_Group, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"], "terminal_width": _help_width()},
             help=_("Commerce and its family of card games, made for screen readers and braille displays."))
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help=_("Show the version and exit."))
@_lang_option
@click.pass_context
def cli(ctx: click.Context) -> None:
    if ctx.invoked_subcommand is None:
        ctx.invoke(play_command)


@cli.command("simulate", short_help=_("Play matches between computer players."),
             help=_("Play matches between computer players and report how each seat did."))
@click.option("--rules", "rules_name", default="commerce", show_default=True, type=click.Choice(RULESET_NAMES),
              help=_("The ruleset to play."))
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help=_("A ruleset option, for example chips=5; may be given several times."))
@click.option("--players", type=int, default=5, show_default=True, help=_("Number of players."))
@click.option("--bots", default="basic", show_default=True,
              help=_("Computer player levels, one for all seats or one per seat, separated by commas."))
@click.option("--matches", type=click.IntRange(min=1), default=10, show_default=True,
              help=_("Number of matches to play."))
@click.option("--seed", type=int, default=1, show_default=True, help=_("Seed of the first match."))
@click.option("--record-dir", type=click.Path(file_okay=False), callback=_as_path,
              help=_("Folder for one match record per match."))
@click.option("--json", "as_json", is_flag=True, help=_("Print the summary as one JSON object."))
@click.option("--rotate", is_flag=True,
              help=_("Play each deal once from every seat, so that no level gains from where it sits."))
@click.option("--quiet", is_flag=True, help=_("No progress lines."))
@_lang_option
def simulate_command(rules_name: str, options: tuple[str, ...], players: int, bots: str, matches: int, seed: int,
                     record_dir: Path | None, as_json: bool, rotate: bool, quiet: bool) -> None:
    from .bots import BOT_KINDS
    from .rules import OptionError, parse_assignments, ruleset
    from .simulate import simulate

    try:
        rules = ruleset(rules_name, **parse_assignments(options))
        rules.check_players(players)
    except OptionError as error:
        raise _rules_error(error) from None
    kinds = [k.strip() for k in bots.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown or len(kinds) not in (1, players):
        raise click.BadParameter(
            _("Give one level for all seats or one per seat ({players}), from: {levels}.").format(
                players=players, levels=", ".join(BOT_KINDS)),
            param_hint="'--bots'",
        )
    if len(kinds) == 1:
        kinds *= players

    def progress(done: int, total: int) -> None:
        if not quiet:
            _say(ngettext("Played {done} of {total} match.", "Played {done} of {total} matches.", total).format(
                done=done, total=total), err=True)

    summary = simulate(rules, kinds, matches, seed, record_dir, progress, rotate)
    if as_json:
        _say(json.dumps(summary.as_dict(), ensure_ascii=False))
    else:
        for line in summary_lines(summary):
            _say(line)


@cli.command("rules", short_help=_("Read the rules of a ruleset."),
             help=_("Read the rules of a ruleset (commerce by default), section by section."),
             epilog=_("Rulesets: {names}.").format(names=", ".join(RULESET_NAMES)))
@click.argument("ruleset_name", metavar="RULESET", required=False, default="commerce")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help=_("A ruleset option, for example chips=5; may be given several times."))
@_lang_option
def rules_command(ruleset_name: str, options: tuple[str, ...]) -> None:
    from .console.reading import read_rules
    from .console.session import make_terminal, resolve_settings
    from .console.terminal import interactive
    from .narration.narrator import ruleset_title
    from .narration.rules_book import rules_book
    from .rules import OptionError, parse_assignments, ruleset
    from .seat.parser import reader_vocabulary
    from .seat.reader import book_lines

    try:
        rules = ruleset(ruleset_name, **parse_assignments(options))
    except OptionError as error:
        raise _rules_error(error) from None
    sections = rules_book(rules)
    if not interactive():
        for line in book_lines(sections):
            _say(line)
        return
    read_rules(make_terminal(resolve_settings({}, _stored()), reader_vocabulary), sections, ruleset_title(rules))


def _settings_option(name: str, choices: tuple[str, ...], help_text: str) -> Callable[[Command], Command]:
    return click.option(f"--{name}", type=click.Choice(choices), default=None, help=help_text)


def _listening_options(func: Command) -> Command:
    """How the game talks and listens (``--verbosity``, ``--cards``, ``--speech``, ``--bell``, ``--input``): the
    same for every command that talks with the player, and remembered as settings when a game (``play``,
    ``resume``) is started with them."""
    for option in reversed((
        _settings_option("verbosity", ("brief", "normal", "verbose"), _("How much is said: brief, normal or verbose.")),
        _settings_option("cards", ("names", "codes"), _("Cards as spoken names or short braille codes.")),
        _settings_option("speech", ("off", "on"), _("Speak through the speech synthesizer as well (off by default).")),
        _settings_option("bell", ("off", "on"), _("A bell before your turn's question (off by default).")),
        _settings_option("input", ("auto", "plain", "rich"), _("Input: plain lines, rich editing, or chosen for you.")),
    )):
        func = option(func)
    return func


def _keep_records_option(func: Command) -> Command:
    """``--keep-records N``: how many records of finished matches are kept (remembered like the listening options)."""
    return click.option("--keep-records", "keep_records", type=click.IntRange(*NUMBER_SETTINGS["keep_records"]),
                        default=None, callback=lambda ctx, param, value: None if value is None else str(value),
                        help=_("How many records of finished matches to keep (default 50)."))(func)


@cli.command("play", short_help=_("Play a match against computer players."),
             help=_("Play a match against computer players (classic Commerce against three by default)."))
@click.option("--rules", "rules_name", default="commerce", show_default=True, type=click.Choice(RULESET_NAMES),
              help=_("The ruleset to play."))
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help=_("A ruleset option, for example chips=5; may be given several times."))
@click.option("--players", type=int, default=None, help=_("Number of players, you included (default 4)."))
@click.option("--opponents", default=None, metavar="SPEC",
              help=_("Computer players, for example Anna:strong,Ben:easy (levels: random, easy, basic, heuristic, "
                     "strong)."))
@click.option("--name", default=None, help=_("Your name in the match record."))
@click.option("--seed", type=int, default=None, help=_("Seed for a match that can be played again exactly."))
@click.option("--record", "record_file", type=click.Path(dir_okay=False), callback=_as_path, default=None,
              help=_("Write the match record to this file."))
@_listening_options
@_settings_option("difficulty", ("easy", "normal", "hard"),
                  _("How well the computer players play: easy, normal or hard (default normal)."))
@_keep_records_option
@_lang_option
def play_command(rules_name: str, options: tuple[str, ...], players: int | None, opponents: str | None,
                 name: str | None, seed: int | None, record_file: Path | None, **settings: str | None) -> None:
    from .console.session import offer_resume, resolve_settings, start_game
    from .rules import OptionError, parse_assignments, ruleset

    stored = _stored()
    difficulty = settings.get("difficulty") or stored.get("difficulty") or "normal"
    try:
        rules = ruleset(rules_name, **parse_assignments(options))
        if players is not None:
            rules.check_players(players)  # before counting opponents: --players 0 or 10**20 is simply wrong
        seats = parse_opponents(opponents, players, DIFFICULTY_LEVELS[difficulty])
        rules.check_players(len(seats) + 1)
    except OptionError as error:
        raise _rules_error(error) from None
    except OpponentsRefused as refusal:
        raise click.BadParameter(str(refusal), param_hint="'--opponents'") from None
    resolved = resolve_settings(_game_flags(settings), stored, remember=True)  # valid options: remembered
    source = click.get_current_context().get_parameter_source("rules_name")
    asked = rules if options or source is not click.core.ParameterSource.DEFAULT else None
    status, terminal, slot = offer_resume(resolved, stored, asked)
    if status is None:
        status = start_game(rules, seats, clean(name or "")[:20] or None, seed, record_file, resolved, stored,
                            terminal, slot)
    sys.exit(status)


@cli.command("resume", short_help=_("Go on with the saved match."),
             help=_("Go on with the saved match, or with a match set aside, by its number (NUMBER). Saved matches "
                    "are kept in the game's data folder, for example ~/.local/share/commerce-a11y."))
@click.argument("number", metavar="NUMBER", type=click.IntRange(min=1, max=9999), required=False)
@_listening_options
@_keep_records_option
@_lang_option
def resume_command(number: int | None, **settings: str | None) -> None:
    from .console.session import resume_game

    sys.exit(resume_game(_game_flags(settings), _stored(), number))


@cli.command("tutorial", short_help=_("A guided first hand of Commerce."),
             help=_("A guided first hand of Commerce: each step says "
                    "what to type (your saved match is left alone)."))
@_listening_options
@_lang_option
def tutorial_command(**settings: str | None) -> None:
    from .console.session import start_tutorial

    sys.exit(start_tutorial(settings, _stored()))


@cli.command("replay", short_help=_("Listen to a match record again."),
             help=_("Listen to a match record again, step by step "
                    "(FILE, a number from --list, or the latest kept record)."))
@click.argument("file", required=False, type=click.Path(dir_okay=False), callback=_as_path)
@click.option("--seat", type=click.IntRange(min=1), default=None,
              help=_("Hear the match from this seat, counted from 1 (default: the human player's)."))
@click.option("--list", "list_records", is_flag=True,
              help=_("List the kept records of finished matches, newest first."))
@click.option("--all", "whole", is_flag=True, help=_("Tell the whole match at once, without stepping."))
@_listening_options
@_lang_option
def replay_command(file: Path | None, seat: int | None, list_records: bool, whole: bool,
                   **settings: str | None) -> None:
    from .console.replay_session import list_lines, replay_file

    if list_records:
        for line in list_lines():
            _say(line)
        return
    sys.exit(replay_file(file, seat, whole, settings, _stored()))


@cli.command("stats", short_help=_("Your statistics across finished matches."),
             help=_("Your statistics across finished matches: played, won, "
                    "and lost per hand, by ruleset and opponents."))
@click.option("--json", "as_json", is_flag=True, help=_("Print the statistics as one JSON object."))
@_lang_option
def stats_command(as_json: bool) -> None:
    from .stats import StatsRefused, read_stats, statistics

    try:
        entries = read_stats()
    except StatsRefused as refusal:
        _say(_("The statistics file cannot be read; it is kept as {path}.").format(path=refusal.kept)
             if refusal.kept else _("The statistics file cannot be read."))
        entries = []
    result = statistics(entries)
    if as_json:
        _say(json.dumps(result.as_dict(), ensure_ascii=False))
        return
    for line in stats_lines(result):
        _say(line)


@cli.command("doctor", short_help=_("A short report to give when asking for help."),
             help=_("A short report to read out or paste when asking for help: the version, the system, the "
                    "language and why, the speech found, the input, and whether the data folder can be written."))
@click.option("--speak", is_flag=True, help=_("Also say a test sentence with the game's own speech."))
@_lang_option
def doctor_command(speak: bool) -> None:
    from .doctor import report

    for line in report(sys.argv[1:], _stored(), try_speech=speak):
        _say(line)


@cli.command("serve", short_help=_("Host tables for friends to join."),
             help=_("Host tables that others join with commerce join, telnet or a MUD client."))
@click.option("--host", default="127.0.0.1", show_default=True,
              help=_("Address to listen on; 0.0.0.0 lets friends on other computers connect."))
@click.option("--port", type=click.IntRange(0, 65535), default=4000, show_default=True, help=_("Port to listen on."))
@click.option("--data", "data", type=click.Path(file_okay=False), callback=_as_path, default=None,
              help=_("Folder for accounts, tables, records and the log (default: the game's data folder)."))
@click.option("--tls-cert", type=click.Path(dir_okay=False, exists=True), callback=_as_path, default=None,
              help=_("Certificate file, to accept only encrypted connections (with --tls-key)."))
@click.option("--tls-key", type=click.Path(dir_okay=False, exists=True), callback=_as_path, default=None,
              help=_("Private key file of the certificate."))
@click.option("--max-connections", type=click.IntRange(1, 100_000), default=500, show_default=True,
              help=_("Connections at most, in all."))
@click.option("--per-address", type=click.IntRange(1, 100_000), default=10, show_default=True,
              help=_("Connections at most from one address."))
@click.option("--logins-per-minute", "logins", type=click.IntRange(1, 1_000_000), default=20, show_default=True,
              help=_("Login attempts at most per address and minute."))
@click.option("--login-time", type=click.IntRange(5, 3600), default=60, show_default=True,
              help=_("Seconds a connection has to log in, name and password."))
@click.option("--login-connections", type=click.IntRange(1, 100_000), default=None,
              help=_("Connections at most that have not logged in yet (default: a fifth of --max-connections)."))
@click.option("--login-per-address", type=click.IntRange(1, 100_000), default=3, show_default=True,
              help=_("Connections at most from one address that have not logged in yet."))
@click.option("--grace", type=click.IntRange(0, 3600), default=90, show_default=True,
              help=_("Seconds a dropped player's seat waits before a computer player plays for them."))
@click.option("--idle", type=click.IntRange(2, 86_400), default=1800, show_default=True,
              help=_("Seconds a connection may stay idle in the lobby before it is closed."))
@click.option("--tables-per-account", "tables", type=click.IntRange(1, 1000), default=5, show_default=True,
              help=_("Tables one account may have a seat at when it makes another."))
@click.option("--close-after", type=click.FloatRange(0.0005, 100_000), default=168.0, show_default=True,
              help=_("Hours after which a table nobody has sat at is closed; its record is kept for its players."))
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help=_("Processes that compute computer players' moves (default: one per processor)."))
@click.option("--web-port", type=click.IntRange(0, 65535), default=None,
              help=_("Port to serve the page browsers play from (with --tls-cert: HTTPS)."))
@click.option("--trusted-proxy", "trusted", multiple=True, callback=_ip_addresses,
              help=_("Address of a reverse proxy in front of --web-port whose X-Forwarded-For is believed."))
@click.option("--operator", "operators", multiple=True,
              help=_("An account that may ban, mute, broadcast and close tables (kept; repeat for more)."))
@click.option("--not-operator", "not_operators", multiple=True,
              help=_("An account that is an operator no longer."))
@_lang_option
def serve_command(host: str, port: int, data: Path | None, tls_cert: Path | None, tls_key: Path | None,
                  max_connections: int, per_address: int, logins: int, login_time: int,
                  login_connections: int | None, login_per_address: int, grace: int, idle: int, tables: int,
                  close_after: float, workers: int | None, web_port: int | None, trusted: tuple[str, ...],
                  operators: tuple[str, ...], not_operators: tuple[str, ...]) -> None:
    from .folders import data_dir
    from .server.limits import Limits
    from .server.serve import Web, run, tls_context

    if (tls_cert is None) != (tls_key is None):
        raise click.UsageError(_("Give both --tls-cert and --tls-key, or neither."))
    tls = tls_context(tls_cert, tls_key) if tls_cert is not None and tls_key is not None else None
    limits = Limits(connections=max_connections, per_address=per_address, grace=grace, idle=idle, logins=logins,
                    login=login_time, waiting=login_connections, waiting_per_address=login_per_address,
                    tables=tables, close_after=close_after * 3600)
    if trusted and web_port is None:
        raise click.UsageError(_("--trusted-proxy is for --web-port."))
    web = Web(web_port, trusted) if web_port is not None else None
    sys.exit(run(host, port, data or data_dir() / "server", limits, tls, workers, web, (operators, not_operators)))


@cli.command("join", short_help=_("Play at a table server."),
             help=_("Play at a table server: commerce join HOST or HOST:PORT."))
@click.argument("address")
@click.option("--name", default=None, help=_("Your name on the server (an account is made the first time)."))
@click.option("--password", default=None, help=_("Your password on the server."))
@click.option("--tls", is_flag=True, help=_("Connect encrypted (a server started with --tls-cert)."))
@click.option("--tls-ca", type=click.Path(dir_okay=False, exists=True), callback=_as_path, default=None,
              help=_("Trust this certificate (a server's own, self-signed one); implies --tls."))
@_listening_options
@_lang_option
def join_command(address: str, name: str | None, password: str | None, tls: bool, tls_ca: Path | None,
                 **settings: str | None) -> None:
    from .client.join import join
    from .console.session import resolve_settings
    from .i18n import argument_language

    stored = _stored()
    sys.exit(join(address, name, password, tls or tls_ca is not None, resolve_settings(settings, stored), stored,
                  tls_ca, argument_language(sys.argv[1:])))


# ----- click's own words, in the player's language -----

def _describe_range(low: float | None, high: float | None) -> str:
    """A number range in the player's words ("0 to 10000", not click's "[0<=x<=10000]")."""
    if low is None:
        return _("at most {high}").format(high=high)
    if high is None:
        return _("at least {low}").format(low=low)
    return _("{low} to {high}").format(low=low, high=high)


class _IntRange(click.IntRange):
    def _describe_range(self) -> str:
        return _describe_range(self.min, self.max)


class _FloatRange(click.FloatRange):
    def _describe_range(self) -> str:
        return _describe_range(self.min, self.max)


def _number_type(kind: Any) -> Any:
    """The number type ``kind`` in the player's words (its name is what click's errors and help call it), or None
    when ``kind`` is no number."""
    made: Any
    if isinstance(kind, click.IntRange):
        made = _IntRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    elif isinstance(kind, click.FloatRange):
        made = _FloatRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    elif isinstance(kind, click.types.IntParamType):
        made = click.types.IntParamType()
    elif isinstance(kind, click.types.FloatParamType):
        made = click.types.FloatParamType()
    else:
        return None
    # Translators: what a number option takes, in click's errors ("'x' is not a valid number.").
    made.name = _("number")
    return made


def _in_the_players_words(group: click.Group) -> None:
    """Put click's English in help pages and errors into the player's language: ``[OPTIONS]``, ``[COMMAND]
    [ARGS]...``, and each option's placeholder (``NUMBER``, ``TEXT``, ``KEY=VALUE``) and range."""
    # Translators: the placeholders of a help page's usage line and options, in capitals as on the English page.
    words = {"KEY=VALUE": _("KEY=VALUE"), "SPEC": _("SPEC"), "RULESET": _("RULESET"), "ADDRESS": _("ADDRESS"),
             "FILE": _("FILE"), "NUMBER": _("NUMBER")}
    group.subcommand_metavar = _("[COMMAND] [ARGS]...")
    for command in (group, *group.commands.values()):
        command.options_metavar = _("[OPTIONS]")
        for param in command.params:
            number = _number_type(param.type)
            if number is not None:
                param.type = number
            if isinstance(param, click.Argument):
                # A metavar given is shown as it is: an optional argument's brackets are added here, as click does.
                name = words.get(param.metavar or (param.name or "").upper(), param.metavar)
                param.metavar = name if param.required or name is None else f"[{name}]"
            elif param.metavar in words:
                param.metavar = words[param.metavar]
            elif param.metavar is None and isinstance(param, click.Option) and not param.is_flag:
                if number is not None:
                    param.metavar = _("NUMBER")
                elif param.type is click.STRING:
                    param.metavar = _("TEXT")


_in_the_players_words(cli)

