"""Speech of our own (self-voicing): the game speaks its lines itself when the player asks for it (``--speech on``).

Off by default, because a screen reader already reads what we print, and two voices saying the same thing are worse
than one (docs/accessibility.md). When it is on, every line goes to:

* on Linux (and any other system that is neither Windows nor macOS), speech-dispatcher, through its own Python
  client, ``speechd.SSIPClient``, which also sets the voice's language. (accessible_output2 only wraps that client
  on Linux, without a way to set the language, and its ``Auto`` would also build an eSpeak output that floods
  stderr with ALSA/JACK errors.) The client is the system package ``python3-speechd`` (Debian, Ubuntu; ``speechd``
  elsewhere), installed with speech-dispatcher itself and not on PyPI, so it is loaded from the system folder
  into the game's environment (``_import_speechd``);
* on Windows, accessible_output2's outputs (the running screen reader, else SAPI), each built in its own try (on
  Windows on ARM NVDA's DLL is missing, which must not silence SAPI) in the speech thread itself, after COM is set
  up there: SAPI and JAWS speak through COM, whose objects belong to the thread that made them;
* on macOS, the system's ``say`` command, one process a line, in a voice of the game's language, stopped at once
  when a new turn makes its line stale. (accessible_output2's only macOS output drives VoiceOver through
  AppleScript, which needs a permission, and is silent without VoiceOver: exactly when self-voicing is wanted.)

Speech is a comfort, never a condition for playing, so nothing here may stop the game: every backend call is
wrapped, and the first failure (no backend at start, or the daemon dying mid-game) is told to the player once,
through ``notice``, after which speech stays silent and the game goes on in text. Nothing here prints: the console
decides where notices go.

The speech libraries are imported only when speech is switched on, because start-up time matters for a game that
is launched from a terminal many times a day.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable
from typing import Any, Protocol

from commerce_a11y import platforms
from commerce_a11y.i18n import _, active_language

__all__ = ["OutputSpeech", "SilentSpeech", "Speech", "open_speech"]

Notice = Callable[[str], None]

_SYSTEM_SPEECHD_FOLDERS = (
    "/usr/lib/python3/dist-packages",  # Debian, Ubuntu: python3-speechd
    "/usr/lib/python3*/site-packages",  # Fedora, Arch, openSUSE: python3-speechd / python-speechd
    "/usr/lib64/python3*/site-packages",
    "/usr/local/lib/python3*/site-packages",
    "/usr/local/lib/python3/dist-packages",
)
"""Where Linux distributions install the ``speechd`` module (searched newest Python first within a pattern)."""


class Speech(Protocol):
    """What the console needs from a voice: say a line, possibly cutting off what is still being said; hang up."""

    def speak(self, text: str, interrupt: bool = False) -> None: ...

    def close(self) -> None: ...


class SilentSpeech:
    """Speaks nothing: the default (the screen reader reads our printed lines) and the fallback after a failure."""

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say nothing."""

    def close(self) -> None:
        """Nothing to hang up."""


class OutputSpeech:
    """Speaks through one output (speech-dispatcher, or accessible_output2's), and falls silent for good at its first
    failure.

    ``set_language``, when given, is called with the game's language (``de``, ``nl``, ``en``) before a line is
    spoken whenever that language changed, so that a synthesiser like espeak-ng reads German text with a German
    voice rather than an English one. Failing to set the language is not a failure of speech: the line is still
    spoken, in whatever voice the player's speech settings give.
    """

    def __init__(self, output: Any, notice: Notice, set_language: Callable[[str], None] | None = None) -> None:
        self._output: Any = output
        self._notice = notice
        self._set_language = set_language
        self._language: str | None = None

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say ``text``; with ``interrupt``, first stop whatever is still being said (a new turn makes it stale).

        A blank line without ``interrupt`` is skipped: it would only put a silent message in the queue.
        """
        if self._output is None or (not text.strip() and not interrupt):
            return
        try:
            self._follow_language()
            self._output.speak(text, interrupt=interrupt)
        except Exception:  # speech must never stop the game, whatever the backend raises
            # speech-dispatcher raises SSIPCommunicationError once its daemon is gone, a broken socket raises
            # OSError, a Windows screen reader's DLL can raise anything: all of them mean the voice is lost.
            self._fail(_("Speech stopped working; the game goes on in text."))

    def hush(self) -> None:
        """Stop the line being said now, from any thread (a new turn made it stale), where the output can: its
        ``silence``. The next line goes on as usual."""
        silence = getattr(self._output, "silence", None)
        if silence is not None:
            with contextlib.suppress(Exception):
                silence()

    def close(self) -> None:
        """Hang up (speech-dispatcher wants its connection closed); silent from then on, never raises."""
        output, self._output = self._output, None
        close = getattr(output, "close", None)
        if close is not None:
            with contextlib.suppress(Exception):
                close()

    def _follow_language(self) -> None:
        """Tell the backend the game's language when it changed since the last line (the player may switch)."""
        if self._set_language is None:
            return
        language = active_language()
        if language != self._language:
            self._language = language
            # An unknown language is refused by some daemons: the line is better said in the default voice than
            # not at all. A lost connection shows up again in the speak() that follows, which gives the notice.
            with contextlib.suppress(Exception):
                self._set_language(language)

    def _fail(self, message: str) -> None:
        """Fall silent for good and tell the player once. Closing the dead backend may fail too: ignored."""
        self.close()
        self._notice(message)


class BackgroundSpeech:
    """Speaks from a worker thread, so that a daemon that stops answering can never freeze the game.

    The speechd client waits for each reply without a time limit; on the game's thread a hung daemon would
    hang the player's turn. Here the game only queues lines (dropping them if the queue is full, never waiting),
    and an interrupt empties the queue first, since its lines went stale with the new turn, and hushes the line
    being said where the output can (``hush``). Where the output must be made in the thread that uses it
    (Windows' COM), ``build`` makes it there, after ``thread_setup``; None from it is no speech.
    """

    def __init__(self, inner: Speech | None, size: int = 200, build: Callable[[], Speech | None] | None = None,
                 notice: Notice | None = None) -> None:
        import queue
        import threading

        self._inner: Speech = inner or SilentSpeech()
        self._build = build
        self._notice = notice
        self._queue: queue.Queue[tuple[str, bool] | None] = queue.Queue(maxsize=size)
        self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
        self._thread.start()

    def _work(self) -> None:
        done = thread_setup()
        try:
            if self._build is not None:
                built = _quietly(self._build)
                if built is None and self._notice is not None:
                    self._notice(_("Speech is not available here; the game goes on in text."))
                self._inner = built or SilentSpeech()
            while (item := self._queue.get()) is not None:
                self._inner.speak(*item)
            self._inner.close()
        finally:
            done()

    def speak(self, text: str, interrupt: bool = False) -> None:
        import queue

        if interrupt:
            with contextlib.suppress(queue.Empty):
                while True:
                    self._queue.get_nowait()
            hush = getattr(self._inner, "hush", None)
            if hush is not None:
                hush()
        with contextlib.suppress(queue.Full):
            self._queue.put_nowait((text, interrupt))

    def close(self) -> None:
        import queue

        with contextlib.suppress(queue.Full):
            self._queue.put_nowait(None)
        self._thread.join(timeout=2)


def open_speech(enabled: bool, notice: Notice) -> Speech:
    """The game's voice: silent unless ``enabled``; silent too, after one ``notice``, when no backend can be made.

    ``notice`` may be called from the speech thread: the console queues such notices and prints them between
    prompts, never while one is open.
    """
    if not enabled:
        return SilentSpeech()
    if platforms.is_windows():  # made in the speech thread, after COM is set up there
        def build() -> Speech | None:
            made = _make_windows()
            return None if made is None else OutputSpeech(made, notice)

        return BackgroundSpeech(None, build=build, notice=notice)
    made = _make_output()
    if made is None:
        notice(_("Speech is not available here; the game goes on in text."))
        return SilentSpeech()
    output, set_language = made
    return BackgroundSpeech(OutputSpeech(output, notice, set_language))


def _make_output() -> tuple[Any, Callable[[str], None] | None] | None:
    """This system's speech output (but Windows', made in the speech thread) and how to set its language; None
    when there is none."""
    made: tuple[Any, Callable[[str], None] | None] | None = _quietly(
        _make_say if platforms.is_macos() else _make_speech_dispatcher)
    return made


def _quietly(make: Callable[[], Any]) -> Any:
    """``make()``, or None where it fails or makes nothing.

    The libraries report some failures by printing (accessible_output2's "Cannot find ...", a daemon's start-up
    messages) rather than raising, so stdout and stderr are captured while they are imported and connected; the
    captured text is dropped, since the one notice the caller gives says all the player needs.
    """
    captured = io.StringIO()
    try:
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            return make()
    except Exception:  # a broken install, a missing DLL, a daemon that cannot start: no speech
        return None


COINIT_APARTMENTTHREADED = 0x2
"""``CoInitializeEx``'s apartment model for the speech thread: SAPI's and JAWS's objects are apartment objects."""


def thread_setup() -> Callable[[], None]:
    """Set up the speech thread for its outputs, and how to undo it: on Windows, COM for this thread (each thread
    that uses COM objects initialises COM itself); elsewhere nothing."""
    if not platforms.is_windows():
        return lambda: None
    import ctypes

    try:
        ole32 = ctypes.windll.ole32  # type: ignore[attr-defined]
        result = ole32.CoInitializeEx(None, COINIT_APARTMENTTHREADED)
    except Exception:  # no COM to set up: the outputs that need it fail to be made, and are left out
        return lambda: None
    return ole32.CoUninitialize if result >= 0 else (lambda: None)


def probe(sentence: str | None = None) -> str | None:
    """The name of the output ``--speech on`` would use here, made as the game makes it (on Windows with COM set
    up first, as the speech thread does), saying ``sentence`` through it where given; None where there is none
    (``commerce doctor``)."""
    if platforms.is_windows():
        done = thread_setup()
        try:
            made = _quietly(_make_windows)
            if made is None:
                return None
            if sentence:
                made.speak(sentence)
            return str(type(made.active()).__name__)
        finally:
            done()
    found = _make_output()
    if found is None:
        return None
    output, set_language = found
    voice = OutputSpeech(output, lambda text: None, set_language)
    if sentence:
        voice.speak(sentence)
    voice.close()
    return "say" if platforms.is_macos() else "speech-dispatcher"


class FirstActive:
    """Windows: of the outputs that could be made, the first that is active when a line is said (a screen reader
    running now, else SAPI), so that starting NVDA in the middle of a game moves the game's voice there."""

    def __init__(self, outputs: list[Any]) -> None:
        self.outputs = outputs

    def active(self) -> Any:
        return next((output for output in self.outputs if output.is_active()), None)

    def speak(self, text: str, interrupt: bool = False) -> None:
        output = self.active()
        if output is not None:
            output.speak(text, interrupt=interrupt)

    def silence(self) -> None:
        output = self.active()
        if output is not None and hasattr(output, "silence"):
            output.silence()


def _make_windows() -> FirstActive | None:
    """Windows: accessible_output2's outputs by its priority, each made in its own try (a screen reader's DLL
    missing, as NVDA's on Windows on ARM, leaves that one out, not speech); None when none is active."""
    import accessible_output2.outputs  # the outputs' modules, which get_output_classes lists

    outputs = []
    for output_class in accessible_output2.get_output_classes():
        try:
            outputs.append(output_class())
        except Exception:  # OutputError, OSError from a DLL, a COM error: this output is not here
            continue
    made = FirstActive(outputs)
    return made if outputs and made.active() is not None else None


class SayOutput:
    """macOS: the system's ``say``, a process a line, waited for before the next so that lines never overlap, and
    ended at once by ``silence`` (a new turn). The voice is the first of the game's language that ``say -v ?``
    lists (the system's default voice where it lists none)."""

    def __init__(self, program: str) -> None:
        import threading

        self.program = program
        self.voice: str | None = None
        self.process: Any = None
        self.lock = threading.Lock()

    def voices(self) -> list[tuple[str, str]]:
        """(name, locale) of each voice ``say -v ?`` lists, as "Anna   de_DE    # Hallo, ich heiße Anna."."""
        import re
        import subprocess

        listed = subprocess.run([self.program, "-v", "?"], capture_output=True, text=True, timeout=5, check=False)
        found = []
        for line in listed.stdout.splitlines():
            match = re.match(r"^(.+?)\s+([a-z]{2,3})[_-]([A-Za-z0-9]+)\s+#", line)
            if match:
                found.append((match[1].strip(), match[2]))
        return found

    def set_language(self, language: str) -> None:
        self.voice = next((name for name, lang in self.voices() if lang == language), None)

    def speak(self, text: str, interrupt: bool = False) -> None:
        import subprocess

        if interrupt:
            self.silence()
        with self.lock:
            running = self.process
        if running is not None:
            running.wait()
        argv = [self.program, *(("-v", self.voice) if self.voice else ()), "--", text]
        with self.lock:
            self.process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL)

    def silence(self) -> None:
        with self.lock:
            running, self.process = self.process, None
        if running is not None and running.poll() is None:
            running.terminate()

    def close(self) -> None:
        with self.lock:
            running = self.process
        if running is not None:
            with contextlib.suppress(Exception):
                running.wait(timeout=10)


def _make_say() -> tuple[SayOutput, Callable[[str], None]] | None:
    """macOS: ``say``, which every Mac has; None where it is missing."""
    import shutil

    program = shutil.which("say")
    if program is None:
        return None
    output = SayOutput(program)
    return output, output.set_language


class SpeechDispatcherOutput:
    """speech-dispatcher through ``speechd.SSIPClient``: a line is queued (``speak`` returns at once), a new turn
    first cancels what is still being said."""

    def __init__(self, client: Any) -> None:
        self._client = client

    def speak(self, text: str, interrupt: bool = False) -> None:
        if interrupt:
            self._client.cancel()
        self._client.speak(text)

    def set_language(self, language: str) -> None:
        self._client.set_language(language)

    def close(self) -> None:
        self._client.close()


def _make_speech_dispatcher() -> tuple[Any, Callable[[str], None]] | None:
    """Linux: a connection to speech-dispatcher (its client starts the daemon when it is not running, and raises
    when it can neither reach nor start one); None without the client library."""
    if not _import_speechd():
        return None
    import speechd

    output = SpeechDispatcherOutput(speechd.SSIPClient("commerce-a11y"))
    return output, output.set_language


def _import_speechd() -> bool:
    """Make ``import speechd`` work in our virtual environment; whether it does.

    speech-dispatcher's Python client is not on PyPI (only an unofficial fork is): distributions ship it as a
    system package (Debian's python3-speechd), installed for the system Python only, so a uv, pipx or pyenv
    interpreter cannot import it. The module is pure Python with only standard-library imports, so we load that one
    package from the system folder by its file location and register it in ``sys.modules``. The system folder
    itself is never put on ``sys.path``, not even for a moment: everything else in it (built for the system Python,
    possibly another version) stays out of reach. No bytecode is written into the system folder, which belongs to
    the package manager.
    """
    try:
        import speechd  # noqa: F401 - installed in the environment itself: nothing to do
    except ImportError:
        pass
    else:
        return True
    import glob  # here, not at the top: only a game with speech on pays for it

    for pattern in _SYSTEM_SPEECHD_FOLDERS:
        for folder in sorted(glob.glob(pattern), key=_python_version_key, reverse=True):
            if _load_package("speechd", os.path.join(folder, "speechd")):
                return True
    return False


def _python_version_key(folder: str) -> tuple[int, ...]:
    """Sort key: ``/usr/lib/python3.12/site-packages`` after ``/usr/lib/python3.9/site-packages``."""
    name = next((part for part in folder.split(os.sep) if part.startswith("python3")), "python3")
    return tuple(int(number) for number in name.removeprefix("python").split(".") if number.isdigit())


def _load_package(name: str, package_dir: str) -> bool:
    """Import the package in ``package_dir`` under ``name`` without touching ``sys.path``; whether it worked."""
    import importlib.util

    init = os.path.join(package_dir, "__init__.py")
    if not os.path.isfile(init):
        return False
    spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[package_dir])
    if spec is None or spec.loader is None:
        return False
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before running it, so that its relative imports (.client, .paths) resolve
    dont_write_bytecode, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        spec.loader.exec_module(module)
    except Exception:  # written for another Python, or broken: as if it were not there
        for loaded in [key for key in sys.modules if key == name or key.startswith(name + ".")]:
            del sys.modules[loaded]
        return False
    finally:
        sys.dont_write_bytecode = dont_write_bytecode
    return True
