"""The command line that runs the game the way this copy was started, for every sentence that names a command.

The README sets the game up with ``uv run``, and then ``commerce`` alone is not a command the shell knows: a sentence
saying "type: commerce resume" would send the player to "command not found". ``uv run`` says so in the environment
of what it runs (``UV_RUN_RECURSION_DEPTH``, and ``UV``, the path of uv itself); anything else (an installed
``commerce``, or ``python -m commerce_a11y`` in a venv) is named ``commerce``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

UV_VARIABLES = ("UV_RUN_RECURSION_DEPTH", "UV")
"""Variables ``uv run`` sets for the program it runs."""


def program(environ: Mapping[str, str] | None = None) -> str:
    """The words that start the game here: ``uv run commerce`` or ``commerce``."""
    environ = os.environ if environ is None else environ
    return "uv run commerce" if any(environ.get(name) for name in UV_VARIABLES) else "commerce"


def command_line(words: str) -> str:
    """A command of the game as the player types it here: ``command_line("resume")`` is "uv run commerce resume"
    after the README's setup, "commerce resume" where the game is installed."""
    return f"{program()} {words}"
