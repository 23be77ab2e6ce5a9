"""The click commands. Every text here is translated when this module is imported (after ``init_language``)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import __version__
from .bots import BOT_KINDS
from .i18n import LANGUAGES, _, ngettext, translate_click
from .rules import RULESETS, OptionError, RulesError, parse_assignments, ruleset
from .simulate import Summary, simulate

translate_click()


def _lang_option(func):  # type: ignore[no-untyped-def]
    """``--lang``: already applied from the raw arguments by ``cli.main``; declared so click accepts it."""
    return click.option("--lang", type=click.Choice(LANGUAGES), expose_value=False, is_eager=True,
                        help=_("Language of the game: de, nl or en."))(func)


def _say(text: str, err: bool = False) -> None:
    """One whole line, never coloured (NO_COLOR and braille displays want plain text)."""
    click.echo(text, err=err, color=False)


def _rules_error(error: RulesError) -> click.UsageError:
    return click.UsageError(_(error.template).format(**error.params))


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="commerce", message="%(prog)s %(version)s")
@_lang_option
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Commerce and its family of card games, made for screen readers and braille displays."""
    if ctx.invoked_subcommand is None:
        _say(ctx.get_help())


@cli.command()
@click.option("--rules", "rules_name", default="commerce", show_default=True, type=click.Choice(list(RULESETS)),
              help=_("The ruleset to play."))
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help=_("A ruleset option, for example chips=5; may be given several times."))
@click.option("--players", type=int, default=5, show_default=True, help=_("Number of players."))
@click.option("--bots", default="basic", show_default=True,
              help=_("Computer player levels, one for all seats or one per seat, separated by commas."))
@click.option("--matches", type=click.IntRange(min=1), default=10, show_default=True,
              help=_("Number of matches to play."))
@click.option("--seed", type=int, default=1, show_default=True, help=_("Seed of the first match."))
@click.option("--record-dir", type=click.Path(file_okay=False, path_type=Path),
              help=_("Folder for one match record per match."))
@click.option("--json", "as_json", is_flag=True, help=_("Print the summary as one JSON object."))
@click.option("--quiet", is_flag=True, help=_("No progress lines."))
@_lang_option
def simulate_command(rules_name: str, options: tuple[str, ...], players: int, bots: str, matches: int, seed: int,
                     record_dir: Path | None, as_json: bool, quiet: bool) -> None:
    """Play matches between computer players and report how each seat did."""
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

    summary = simulate(rules, kinds, matches, seed, record_dir, progress)
    if as_json:
        _say(json.dumps(summary.as_dict(), ensure_ascii=False))
    else:
        for line in _summary_lines(summary):
            _say(line)


simulate_command.name = "simulate"

_SEAT_LINES = {
    "chips": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, chips lost {lost}, per hand {rate}."),
    "lives": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, lives lost {lost}, per hand {rate}."),
    "marks": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, marks lost {lost}, per hand {rate}."),
    "minus_points": _("Seat {seat}, {bot}: matches won {won}, hands lost {hands}, minus points {lost}, "
                      "per hand {rate}."),
}


def _summary_lines(summary: Summary) -> list[str]:
    """The text summary: the run first, then one line per seat (seats counted from 1 for people)."""
    data = summary.as_dict()
    lines = [_("{ruleset}: {matches} matches, {hands} hands in {seconds} seconds, {rate} hands a second.").format(
        ruleset=summary.rules.name, matches=summary.matches, hands=summary.hands,
        seconds=f"{summary.seconds:.1f}", rate=f"{summary.hands_per_second:.0f}")]
    template = _SEAT_LINES[summary.rules.counter]
    for seat in data["seats"]:
        lines.append(template.format(seat=seat["seat"] + 1, bot=seat["bot"], won=seat["matches_won"],
                                     hands=seat["hands_lost"], lost=seat["chips_lost"],
                                     rate=f"{seat['chips_lost_per_hand']:.3f}"))
    return lines


