"""click's own messages that a player can meet, marked here so that our catalogs carry them.

click 8 translates its messages through gettext but ships no catalogs; :func:`commerce_a11y.i18n.translate_click`
sends those calls to ours. The msgids must be click's exactly, character for character: ``tests/test_catalogs.py``
checks each one against the installed click's source, so that a click upgrade that rewords a message fails a test
instead of silently turning English. Add a message here when the game starts to surface it (a new parameter type,
a prompt), then run ``scripts/update_catalogs.py``. Nothing imports this module while the game runs.
"""

from __future__ import annotations

from commerce_a11y.i18n import N_, ngettext

MESSAGES = (
    # Help pages.
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("default: {default}"),
    N_("required"),  # click translates it from a variable: see SHOWN_THROUGH_VARIABLES
    # Usage errors.
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing command."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Option {name!r} does not take a value."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Aborted!"),
    # Parameter types.
    N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("Could not open file {filename!r}: {message}"),
    # Prompts.
    N_("Error: invalid input"),
    N_("Repeat for confirmation"),
    N_("Error: The two entered values do not match."),
)

SHOWN_THROUGH_VARIABLES = frozenset({"required"})
"""Messages click translates from a variable (``_(extra["required"])``), so they are not literal in its source."""


def _plural_messages(n: int) -> None:  # pragma: no cover - never called
    """Never called: these calls only mark click's plural messages for the extractor."""
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", n)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", n)
    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", n)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", n)
