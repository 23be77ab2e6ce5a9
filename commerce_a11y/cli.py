"""The ``commerce`` entry point: choose the language first, then let click parse.

The language must be known before the commands module is imported, because click's help texts are translated
when the decorators run, and before click parses, because click reports parse errors itself (ACCESSIBILITY.md).
So this module stays tiny and imports the commands only after ``init_language``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    """Run the ``commerce`` command line (``argv`` defaults to the process's arguments)."""
    from .i18n import init_language

    args = list(sys.argv[1:] if argv is None else argv)
    init_language(args)
    from .commands import cli

    cli.main(args=args, prog_name="commerce")
