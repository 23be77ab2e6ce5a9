"""The game's language: which one to speak, its catalog, and the ``_`` every module translates with.

Only stdlib ``gettext`` runs here (docs/architecture.md: ~8 ms of start-up for it, against ~34 ms for Babel). The
translation is looked up once and kept in a module global, so that ``_`` stays a plain function call that the
narrator can make for every sentence.

Where the catalogs come from: compiled ``commerce_a11y/locales/<lang>/LC_MESSAGES/commerce.mo`` files, which the
build hook (``hatch_build.py``, with Babel) writes from ``locales/<lang>/LC_MESSAGES/commerce.po``: into the wheel,
and into the source folder for an editable install (``uv sync`` in a checkout; it recompiles a changed ``.po``).

English is the source language: the msgids are the English text, so English needs no catalog, and a missing
catalog or message is spoken in English rather than not at all.

click translates its own messages (usage errors, ``--help``) with the stdlib's default gettext domain and ships
no catalogs; :func:`translate_click` routes those calls to our catalogs, which carry click's messages too (see
:mod:`commerce_a11y.click_messages`).
"""

from __future__ import annotations

import gettext
import io
import os
import sys
from collections.abc import Mapping, Sequence
from contextvars import ContextVar, Token

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "_",
    "active_language",
    "detect_language",
    "init_language",
    "language_choice",
    "ngettext",
    "npgettext",
    "pgettext",
    "speaking",
    "translate_click",
    "translation",
    "use_language",
]

DOMAIN = "commerce"
"""The gettext domain: the catalogs are ``commerce.po`` / ``commerce.mo``."""

LANGUAGES = ("de", "nl", "en")
"""The languages the game speaks; English is the source language of every message."""

SOURCE_LANGUAGE = "en"

# os.path rather than pathlib: pathlib costs ~3 ms of start-up, and nothing else the game loads at start needs it.
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_loaded: dict[str, gettext.NullTranslations] = {}
_active: gettext.NullTranslations = gettext.NullTranslations()
_active_language = SOURCE_LANGUAGE
_speaking: ContextVar[tuple[gettext.NullTranslations, str] | None] = ContextVar("speaking", default=None)
"""The language of one listener, set by ``speaking`` around what is said to them; None: the process's language."""


def _language_code(value: str) -> str | None:
    """``nl_BE.UTF-8`` -> ``nl``; ``None`` for a language the game does not speak, and for ``C``/``POSIX``."""
    code = value.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].strip().lower()
    return code if code in LANGUAGES else None


def _catalog_path(base: str, lang: str, suffix: str) -> str:
    return os.path.join(base, lang, "LC_MESSAGES", f"{DOMAIN}{suffix}")


def _packaged_mo(lang: str) -> bytes | None:
    """The compiled catalog in the package (a wheel's, or the one the build hook wrote into a checkout), if any.

    Reading the file next to this module is the cheap, common case; ``importlib.resources`` (about 8 ms to
    import) is only asked when the package does not live in a plain folder, as in a zip application.
    """
    try:
        with open(_catalog_path(os.path.join(_PACKAGE_DIR, "locales"), lang, ".mo"), "rb") as file:
            return file.read()
    except OSError:
        if os.path.isfile(__file__):
            return None
    from importlib import resources

    resource = resources.files(__package__ or "commerce_a11y").joinpath(
        "locales", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    return resource.read_bytes() if resource.is_file() else None


def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (``"de"``, ``"nl_BE.UTF-8"``, ...), loaded once and then reused.

    ``NullTranslations`` (the English msgids) for English, for a language the game does not speak, and when no
    catalog can be found at all (a checkout that was never built: run ``uv sync``).
    """
    code = _language_code(lang) or SOURCE_LANGUAGE
    if code not in _loaded:
        data = _packaged_mo(code) if code != SOURCE_LANGUAGE else None
        _loaded[code] = gettext.GNUTranslations(io.BytesIO(data)) if data else gettext.NullTranslations()
    return _loaded[code]


def detect_language(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang X`` / ``--lang=X`` on the command line, else the locale, else English.

    This reads ``argv`` itself, before click does, because click reports a parse error before any option
    callback could switch the language, and that error must already be in the player's language. See
    :func:`language_choice` for the order.
    """
    return language_choice(argv, environ)[0]


def language_choice(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> tuple[str, str]:
    """The language to speak and what chose it: ``--lang``, a locale variable's name, ``windows`` or ``macos``
    (the system's setting), or ``default`` (English); ``commerce doctor`` tells the player which.

    The locale variables follow gettext's order, the first one set deciding (``C`` and ``POSIX`` count as unset;
    ``LANGUAGE`` may list several languages, ``de:en``). Windows never sets them, and a Mac often does not outside
    Terminal: with none set, the user's display language on Windows, the ``AppleLanguages`` preference on macOS.
    An unsupported ``--lang`` value is left for click to reject, in the language of the locale.
    """
    chosen = argument_language(sys.argv[1:] if argv is None else argv)
    if chosen is not None:
        return chosen, "--lang"
    env = os.environ if environ is None else environ
    for variable in _ENVIRONMENT_VARIABLES:
        values = [part for part in env.get(variable, "").split(":") if part]
        if variable != "LANGUAGE":
            values = values[:1]
        values = [value for value in values if value.split(".", 1)[0] not in ("C", "POSIX")]
        if values:
            return next((code for value in values if (code := _language_code(value))), SOURCE_LANGUAGE), variable
    from . import platforms

    if platforms.is_windows():
        code = _windows_language()
        if code is not None:
            return code, "windows"
    elif platforms.is_macos():
        code = _macos_language()
        if code is not None:
            return code, "macos"
    return SOURCE_LANGUAGE, "default"


def _windows_language() -> str | None:
    """The game's code for the Windows user's display language, if the game speaks it; None on any failure."""
    try:
        import ctypes
        import locale

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined,unused-ignore]
        name = locale.windows_locale.get(int(lcid))
    except Exception:  # no kernel32, an odd answer: the default language
        return None
    return _language_code(name) if name else None


MACOS_PREFERENCE_TIMEOUT = 2.0
"""Seconds ``defaults`` may take to answer before the game goes on in English (it answers in a few ms)."""


def _macos_language() -> str | None:
    """The first language of the Mac's ``AppleLanguages`` preference that the game speaks; None on any failure.

    ``defaults read -g AppleLanguages`` prints a property list, ``(\n    "de-DE",\n    en\n)``."""
    import subprocess

    try:
        result = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True,
                                timeout=MACOS_PREFERENCE_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    if result.returncode != 0:
        return None
    for item in result.stdout.strip().strip("()").split(","):
        code = _language_code(item.strip().strip('"'))
        if code is not None:
            return code
    return None


def use_language(lang: str) -> gettext.NullTranslations:
    """Make ``lang`` the language of every later ``_`` call (click's messages included, once click is loaded)."""
    global _active, _active_language
    _active = translation(lang)
    _active_language = _language_code(lang) or SOURCE_LANGUAGE
    if "click" in sys.modules:
        translate_click()
    return _active


def argument_language(args: Sequence[str]) -> str | None:
    """The supported language a ``--lang X`` / ``--lang=X`` argument asks for, or None (absent or unsupported).
    The last one counts, as click takes the last of an option given twice."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value is not None and (code := _language_code(value)):
            found = code
    return found


def init_language(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The one call ``cli.main`` makes before click parses: detect the language and use it; returns it."""
    lang = detect_language(argv, environ)
    use_language(lang)
    return lang


class _Speaking:
    """``speaking``'s block: a plain class rather than ``contextlib.contextmanager``, because the table server enters
    one for every line it says to anyone (about twenty a move) and a generator costs several times as much."""

    __slots__ = ("spoken", "token")

    def __init__(self, spoken: tuple[gettext.NullTranslations, str]) -> None:
        self.spoken = spoken
        self.token: Token[tuple[gettext.NullTranslations, str] | None] | None = None

    def __enter__(self) -> None:
        self.token = _speaking.set(self.spoken)

    def __exit__(self, *exc: object) -> None:
        assert self.token is not None
        _speaking.reset(self.token)


_SPOKEN_CODES: dict[str, str] = {}
"""The language code of each ``lang`` given to ``speaking`` (only the game's own codes are kept: the keys stay few)."""


def speaking(lang: str) -> _Speaking:
    """Speak ``lang`` inside the block, in this thread or asyncio task only (a ``ContextVar``), then what was
    spoken before.

    The table server talks to players of several languages at once: it wraps what it says to each listener (the
    narration, the parser's words, the review commands) in that listener's language. A context variable rather
    than switching the process's language: a block that is left by an exception still restores it, a task or
    thread elsewhere (a login's password hashing, another table) never hears the wrong language, and the local
    game, which never enters ``speaking``, keeps its one process-wide language exactly as before."""
    code = _SPOKEN_CODES.get(lang)
    if code is None:
        code = _language_code(lang) or SOURCE_LANGUAGE
        if lang in LANGUAGES:
            _SPOKEN_CODES[lang] = code
    return _Speaking((_loaded.get(code) or translation(code), code))


def _current() -> gettext.NullTranslations:
    spoken = _speaking.get()
    return _active if spoken is None else spoken[0]


def active_language() -> str:
    """The code (``de``, ``nl``, ``en``) of the language ``_`` speaks now."""
    spoken = _speaking.get()
    return _active_language if spoken is None else spoken[1]


def _(message: str) -> str:
    """``message`` in the active language."""
    return _current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` in the active language (still to be ``.format``-ted)."""
    return _current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart from the same English words in another ``context``."""
    return _current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _current().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (translate it with ``_`` when spoken)."""
    return message


# --- click -------------------------------------------------------------------------------------------------

_STDLIB_FUNCTIONS = {
    id(gettext.gettext): _,
    id(gettext.ngettext): ngettext,
    id(gettext.pgettext): pgettext,
    id(gettext.npgettext): npgettext,
}


def translate_click() -> None:
    """Make click's own messages speak the active language, now and after any later :func:`use_language`.

    click 8 does ``from gettext import gettext as _`` (and ``ngettext``) in each module, so its messages go
    through the stdlib's default domain, which only reads ``.mo`` files from disk and picks the language from
    the environment, never from ``--lang``. Because those names are module globals looked up at each call,
    re-binding them in click's modules to this module's ``_`` / ``ngettext`` is enough, and since these read
    the active translation, it needs doing only once. Names are found by identity with the stdlib functions
    (whatever alias click uses), so the patch does nothing to a module that changed its imports; a click
    module first imported later (shell completion, the pager) keeps English until this runs again.
    Idempotent and cheap: it only walks the already imported ``click`` modules.

    click offers no hook for this (no domain or translation function to pass in; ``gettext.textdomain`` and
    ``bindtextdomain`` would reach its calls, but they choose the language from the environment, not from
    ``--lang``). This function is the one place that reaches into click's modules, and
    ``tests/test_catalogs.py::test_every_click_module_with_messages_is_routed_to_our_catalogs`` fails, naming the
    module, as soon as a click release translates another way.
    """
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "click" or name.startswith("click.")):
            continue
        namespace = vars(module)
        for attribute, value in list(namespace.items()):
            replacement = _STDLIB_FUNCTIONS.get(id(value))
            if replacement is not None:
                namespace[attribute] = replacement


def language_name(code: str) -> str:
    """A language by its name in the language spoken now ("German"; in German "Deutsch"): said aloud, the code
    "en" is the word "and", and "de" and "nl" are two letters."""
    names = {"de": pgettext("language", "German"), "nl": pgettext("language", "Dutch"),
             "en": pgettext("language", "English")}
    return names.get(code, code)
