"""commerce-a11y: Commerce and its family of card games, for blind and low-vision players."""

import sys as _sys

__version__ = "0.1.0"

held_interrupts: list[int] = []
"""Ctrl-C pressed while the ``commerce`` program was still starting (``cli.main`` then leaves quietly)."""


def _hold_interrupt(signum: int, frame: object) -> None:
    held_interrupts.append(signum)


def _hold_interrupts_while_starting() -> None:
    """When this package is the program being started (``commerce``, ``python -m commerce_a11y``), hold a Ctrl-C
    from the earliest moment the game's code runs, rather than let it show as a traceback from the middle of an
    import; ``cli.main`` takes over from it. Imported as a library, nothing changes. The interpreter's own
    ``_signal`` is used: ``signal`` would first import ``enum`` (more milliseconds unguarded)."""
    name = _sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1].split(".")[0] if _sys.argv else ""
    if _sys.argv[:1] != ["-m"] and name != "commerce":
        return
    try:
        import _signal as signals
    except ImportError:  # not CPython
        import signal as signals
    try:  # noqa: SIM105 - importing contextlib would cost more unguarded time
        signals.signal(signals.SIGINT, _hold_interrupt)
    except (ValueError, OSError, AttributeError):  # not the main thread, or no SIGINT here
        pass


_hold_interrupts_while_starting()
