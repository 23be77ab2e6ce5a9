"""The ``commerce`` entry point: choose the language first, then let click parse, and never show a traceback.

The language must be known before the commands module is imported, because click's help texts are translated
when the decorators run, and before click parses, because click reports parse errors itself (docs/accessibility.md).
So this module stays tiny and imports the commands only after the language is set: ``--lang`` first, then the
language the player chose before (remembered by a game, never by ``--help`` or another command), then the
environment.
"""

from __future__ import annotations

import sys

held_interrupts: list[int] = []
"""Ctrl-C pressed while the ``commerce`` program was still starting (``main`` then leaves quietly)."""


def _hold_interrupt(signum: int, frame: object) -> None:
    held_interrupts.append(signum)


def _hold_interrupts_while_starting() -> None:
    """When this module starts the program (``commerce``, ``python -m commerce_a11y``), hold a Ctrl-C from the
    earliest moment the game's code runs, rather than let it show as a traceback from the middle of an import;
    ``main`` takes over from it. Imported as a library, nothing changes. The interpreter's own ``_signal`` is used:
    ``signal`` would first import ``enum`` (more milliseconds unguarded)."""
    program = sys.argv[0].replace("\\", "/") if sys.argv else ""
    if program.rsplit("/", 1)[-1].split(".")[0] != "commerce" and not program.endswith("commerce_a11y/__main__.py"):
        return
    try:
        import _signal as signals
    except ImportError:  # not CPython
        import signal as signals
    try:  # noqa: SIM105 - importing contextlib would cost more unguarded time
        signals.signal(signals.SIGINT, _hold_interrupt)
    except (ValueError, OSError, AttributeError):  # not the main thread, or no SIGINT here
        pass


_hold_interrupts_while_starting()  # before any other import

from collections.abc import Sequence  # noqa: E402

from .lossy_text import LossyText  # noqa: E402

EXIT_CRASH = 70
"""Exit status after an unexpected error (EX_SOFTWARE); the details go to a log file, not to the player."""
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C before the game asks anything (128 + SIGINT, as shells report it)."""

def main(argv: Sequence[str] | None = None) -> None:
    """Run the ``commerce`` command line (``argv`` defaults to the process's arguments)."""
    if getattr(sys, "frozen", False):
        _start_a_worker_if_asked()
    from click.exceptions import Abort

    from .console.signals import GUARD, Stopped, silence_output

    try:
        GUARD.install()
        if held_interrupts:  # Ctrl-C while the program was starting (the holder above)
            raise KeyboardInterrupt
        _run(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        # The reader went away (``commerce ... | head``): stop quietly, as command-line tools do. (The game's own
        # output and click's, through ``LossyText``, drop what cannot be written, so this is a last resort.)
        silence_output()
        sys.exit(0)
    except Stopped as stop:
        # SIGHUP or SIGTERM outside a match (a match saves and leaves by itself): leave as the signal would.
        silence_output()
        sys.exit(stop.status)
    except (KeyboardInterrupt, Abort):
        # Ctrl-C before the game asked anything (a match in play takes it as cancelling a line): leave quietly.
        sys.exit(EXIT_INTERRUPTED)
    except Exception as error:
        if _interrupted(error):
            sys.exit(EXIT_INTERRUPTED)
        _report_crash()
        sys.exit(EXIT_CRASH)


def _start_a_worker_if_asked() -> None:
    """In a frozen build (PyInstaller: packaging/commerce.spec), the server's worker processes
    (``server/thinking.py``) are started as this same program with multiprocessing's own arguments: run the worker
    and leave instead of the game. Only a frozen program needs it, and only it pays for importing multiprocessing
    (unfrozen, ``freeze_support`` does nothing)."""
    import multiprocessing

    multiprocessing.freeze_support()


def _interrupted(error: BaseException) -> bool:
    """Whether Ctrl-C lies behind ``error``: Python wraps an exception raised while a class is being made (Ctrl-C
    while a module such as ``ipaddress`` is imported, in the first fraction of a second) in a RuntimeError, so the
    interrupt arrives as that error's cause. That is the player leaving, not a crash."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _run(args: list[str]) -> None:
    """Read the settings, choose the language, then let click parse and run the command (inside ``main``'s guard:
    nothing here, the settings' reading included, can show a traceback)."""
    from click.exceptions import ClickException, UsageError

    from .console.charset import prepare_streams
    from .i18n import argument_language, init_language, use_language
    from .settings import Settings

    prepare_streams()
    settings = Settings.read()  # the one read of this command: the commands get this copy (click's ``obj``)
    settings.unsaved = _settings_unsaved
    chosen = argument_language(args)
    lang = settings.get("lang")
    if chosen is not None:
        use_language(chosen)
    elif lang:
        use_language(lang)
    else:
        init_language(args)  # the locale; an unsupported --lang is left for click to reject in that language
    _settings_problem(settings)
    from .commands import cli

    try:
        # Not standalone: click raises its errors instead of printing them and calling sys.exit, so they are shown
        # here through LossyText (the help and version options write through it too: commands.py).
        status = cli.main(args=args, prog_name="commerce", obj=settings, standalone_mode=False)
    except UsageError as error:
        _usage_error(error)
        sys.exit(error.exit_code)
    except ClickException as error:
        error.show(file=LossyText(sys.stderr))  # type: ignore[arg-type]  # click only writes, flushes and asks isatty
        sys.exit(error.exit_code)
    sys.exit(status if isinstance(status, int) else 0)


def _usage_error(error: object) -> None:
    """A usage error as a player needs it: the sentence that says what is wrong first, then how to get help (click
    puts its usage lines first, and a screen reader reads them before the sentence that matters). Typed ``object``
    and checked here: this module imports nothing before the Ctrl-C holder is set, not even ``typing``."""
    from click.exceptions import UsageError

    from .i18n import _
    from .invocation import program

    assert isinstance(error, UsageError)
    _error_line(_("Error: {message}").format(message=error.format_message()))
    ctx = error.ctx
    if ctx is not None and ctx.command.get_help_option(ctx) is not None:
        command = ctx.command_path.replace("commerce", program(), 1)
        option = max(ctx.command.get_help_option_names(ctx), key=len)  # "--help" reads better than "-h"
        _error_line(_("Try '{command} {option}' for help.").format(command=command, option=option))


def _settings_problem(settings: object) -> None:
    """One sentence on standard error when the settings file cannot be used."""
    from .folders import SETTINGS_FILE, config_dir
    from .i18n import _
    from .settings import Settings

    assert isinstance(settings, Settings)
    if not (settings.blocked or settings.damaged):
        return
    path = config_dir() / SETTINGS_FILE
    if settings.blocked:
        _error_line(_("Settings: {path} is not a file; the game uses its defaults and remembers nothing.")
                    .format(path=path))
    elif settings.damaged:
        _error_line(_("Some settings in {path} are not valid; the game uses its defaults for them.").format(path=path))


def _settings_unsaved() -> None:
    from .folders import config_dir
    from .i18n import _

    _error_line(_("Settings cannot be remembered: {path} cannot be written.").format(path=config_dir()))


def _error_line(text: str) -> None:
    """One line on standard error; where it cannot be written, standard error goes to the null device (the
    interpreter's last flush would fail on the bytes left in its buffer, and the exit status be 120)."""
    stream = LossyText(sys.stderr)
    stream.write(text + "\n")
    stream.flush()


def _report_crash() -> None:
    import traceback  # only after a crash: every start would pay for it

    from .folders import data_dir
    from .i18n import _

    path = data_dir() / "crash.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            traceback.print_exc(file=log)
        where = str(path)
    except OSError:
        where = "-"
    storage = sys.modules.get(f"{__package__}.storage")
    if storage is not None and storage.CLAIMED:  # a match was being played, saved after every move
        text = _("Something went wrong inside the game. Your match is saved; details are in {path}.")
    else:
        text = _("Something went wrong inside the game; details are in {path}.")
    _error_line(text.format(path=where))
