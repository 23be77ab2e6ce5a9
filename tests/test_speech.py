"""Self-voicing (``--speech on``): silent by default, one notice and silence on any failure, real speech on Linux.

The unit tests drive :class:`OutputSpeech` with fake backends. The real test starts a private speech-dispatcher
(docs/accessibility.md, "Testing like a player") whose espeak-ng writes its audio into a WAV file
through an ALSA file plugin, with its own HOME, XDG_RUNTIME_DIR and configuration in a temporary folder, so it
never touches the player's own speech set-up. It is skipped, with the reason, only where speech-dispatcher is not
installed; ``.ci/run`` installs it.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from commerce_a11y.console import speech as speech_module
from commerce_a11y.console.speech import OutputSpeech, SilentSpeech, open_speech

ROOT = Path(__file__).resolve().parent.parent
ON_LINUX = sys.platform.startswith("linux")


class SSIPCommunicationError(Exception):
    """Stands in for speechd.client.SSIPCommunicationError, which the real client raises once the daemon is gone."""


class FakeOutput:
    """An accessible_output2 output that records what it was asked to say and breaks after ``works`` lines."""

    def __init__(self, works: int = 1000, error: Exception | None = None, close_error: bool = False) -> None:
        self.works = works
        self.error = error or SSIPCommunicationError("Speech Dispatcher connection lost.")
        self.close_error = close_error
        self.said: list[tuple[str, bool]] = []
        self.calls = 0
        self.closed = 0

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls += 1
        if self.calls > self.works:
            raise self.error
        self.said.append((text, interrupt))

    def close(self) -> None:
        self.closed += 1
        if self.close_error:
            raise OSError("socket already closed")


# --- unit tests ------------------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def english_notices(monkeypatch: pytest.MonkeyPatch) -> None:
    """The notices are compared in English (the msgids), whatever language another test left active."""
    monkeypatch.setattr(speech_module, "_", lambda message: message)



def run_python(code: str) -> subprocess.CompletedProcess[str]:
    """Run code in a fresh interpreter, where the modules it imports are its own (not this test run's)."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          check=False)


def test_silent_speech_says_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    silent = SilentSpeech()
    silent.speak("Du bist dran.", interrupt=True)
    silent.speak("")
    silent.close()
    silent.speak("after close")
    assert capsys.readouterr() == ("", "")


@pytest.mark.e2e
def test_speech_off_is_silent_and_never_imports_accessible_output2() -> None:
    """Start-up cost: the default (speech off) must not load accessible_output2 nor speechd. A fresh process, since
    other tests in this one may already have imported them."""
    code = (
        "import sys\n"
        "from commerce_a11y.console.speech import SilentSpeech, open_speech\n"
        "notices = []\n"
        "speech = open_speech(False, notices.append)\n"
        "speech.speak('Du bist dran.', interrupt=True)\n"
        "speech.close()\n"
        "assert isinstance(speech, SilentSpeech), speech\n"
        "assert notices == [], notices\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('accessible_output2', 'speechd'))\n"
        "assert not loaded, loaded\n"
    )
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""


def test_lines_and_interrupts_reach_the_backend() -> None:
    output = FakeOutput()
    notices: list[str] = []
    voice = OutputSpeech(output, notices.append)
    voice.speak("Neue Runde.", interrupt=True)
    voice.speak("Du hast Herz-Dame, Pik-Sieben, Kreuz-As.")
    voice.speak("   ")  # a blank line is not queued...
    voice.speak("", interrupt=True)  # ...unless it is there to stop stale speech
    assert output.said == [("Neue Runde.", True), ("Du hast Herz-Dame, Pik-Sieben, Kreuz-As.", False), ("", True)]
    assert notices == []


@pytest.mark.parametrize("error", [SSIPCommunicationError("connection lost"), BrokenPipeError(32, "Broken pipe"),
                                   OSError("socket closed"), RuntimeError("COM error"), AssertionError("bad reply")],
                         ids=lambda error: type(error).__name__)
def test_a_backend_that_breaks_mid_game_gives_one_notice_then_silence(
        error: Exception, capsys: pytest.CaptureFixture[str]) -> None:
    output = FakeOutput(works=3, error=error)
    notices: list[str] = []
    voice = OutputSpeech(output, notices.append)
    for turn in range(8):
        voice.speak(f"Zug {turn}.", interrupt=turn % 2 == 0)  # never raises
    assert [text for text, _ in output.said] == ["Zug 0.", "Zug 1.", "Zug 2."]
    assert output.calls == 4  # the failing call, then never again
    assert notices == ["Speech stopped working; the game goes on in text."]
    assert output.closed == 1  # the dead connection is hung up
    voice.close()
    assert output.closed == 1
    assert capsys.readouterr() == ("", "")  # the console prints the notice, speech prints nothing


def test_closing_a_dead_backend_does_not_raise() -> None:
    output = FakeOutput(works=0, close_error=True)
    notices: list[str] = []
    voice = OutputSpeech(output, notices.append)
    voice.speak("Eins.")
    voice.speak("Zwei.")
    voice.close()
    assert notices == ["Speech stopped working; the game goes on in text."]


def test_close_hangs_up_once_and_speech_after_it_is_silent() -> None:
    output = FakeOutput(close_error=True)
    notices: list[str] = []
    voice = OutputSpeech(output, notices.append)
    voice.speak("Tschüss.")
    voice.close()
    voice.close()
    voice.speak("Noch da?")
    assert output.said == [("Tschüss.", False)]
    assert output.closed == 1
    assert notices == []


def test_the_voice_follows_the_game_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """espeak-ng reads German with an English voice unless told the language: it is set when it changes."""
    language = ["de"]
    monkeypatch.setattr(speech_module, "active_language", lambda: language[0])
    output = FakeOutput()
    set_to: list[str] = []
    voice = OutputSpeech(output, [].append, set_to.append)
    voice.speak("Du bist dran.")
    voice.speak("Du tauschst.")
    language[0] = "nl"
    voice.speak("Jij bent aan de beurt.")
    assert set_to == ["de", "nl"]
    assert len(output.said) == 3


def test_a_refused_language_does_not_silence_speech(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(speech_module, "active_language", lambda: "nl")

    def refuse(language: str) -> None:
        raise ValueError(f"no voice for {language}")

    output = FakeOutput()
    notices: list[str] = []
    voice = OutputSpeech(output, notices.append, refuse)
    voice.speak("Jij bent aan de beurt.")
    assert output.said == [("Jij bent aan de beurt.", False)]
    assert notices == []


@pytest.mark.parametrize("failure", ["returns nothing", "raises"])
def test_no_backend_at_start_gives_one_notice(failure: str, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    def builder() -> None:
        print("Cannot find Speech Dispatcher. Please install python-speechd or python3-speechd.")
        print("noise on stderr", file=sys.stderr)
        if failure == "raises":
            raise OSError("cannot load nvdaControllerClient64.dll")

    monkeypatch.setattr(speech_module, "_make_speech_dispatcher", builder)
    monkeypatch.setattr(speech_module, "_make_say", builder)
    monkeypatch.setattr(speech_module, "_make_windows", builder)
    notices: list[str] = []
    voice = open_speech(True, notices.append)
    voice.speak("Du bist dran.", interrupt=True)
    voice.close()
    assert notices == ["Speech is not available here; the game goes on in text."]
    assert capsys.readouterr() == ("", "")


@pytest.mark.skipif(not ON_LINUX, reason="speech-dispatcher is the Linux backend")
def test_no_speechd_module_gives_one_notice(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """No speechd module, neither in the environment nor in the system's folders."""
    monkeypatch.setitem(sys.modules, "speechd", None)  # `import speechd` raises ImportError
    monkeypatch.setattr(speech_module, "_SYSTEM_SPEECHD_FOLDERS", ())
    notices: list[str] = []
    voice = open_speech(True, notices.append)
    voice.speak("Du bist dran.")
    assert isinstance(voice, SilentSpeech)
    assert notices == ["Speech is not available here; the game goes on in text."]
    assert capsys.readouterr() == ("", "")


@pytest.mark.e2e
@pytest.mark.skipif(not ON_LINUX, reason="speech-dispatcher is the Linux backend")
@pytest.mark.parametrize("spawn", ["missing", "refuses"])
def test_a_daemon_that_cannot_start_gives_one_notice(spawn: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """No daemon at the address, and the client's autospawn cannot start one (no program, or it refuses)."""
    if not speech_module._import_speechd():
        pytest.skip("the speechd module (Debian: python3-speechd) is not installed")
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nobody-listens.sock'}")
    monkeypatch.setenv("SPEECHD_CMD", str(tmp_path / "no-such-program") if spawn == "missing" else "/bin/false")
    notices: list[str] = []
    voice = open_speech(True, notices.append)
    voice.speak("Du bist dran.")
    assert isinstance(voice, SilentSpeech)
    assert notices == ["Speech is not available here; the game goes on in text."]
    assert capsys.readouterr() == ("", "")


@pytest.mark.e2e
@pytest.mark.skipif(not ON_LINUX, reason="speech-dispatcher is the Linux backend")
def test_linux_speaks_through_speechds_own_client() -> None:
    """speechd.SSIPClient itself, with the language set through its public API; accessible_output2 (whose Linux
    output hides the client and has no language setting) is not loaded at all. A fake ``speechd`` module records
    the calls, in a fresh process."""
    code = (
        "import sys, types\n"
        "calls = []\n"
        "class SSIPClient:\n"
        "    def __init__(self, name, *args, **kwargs): calls.append(('connect', name))\n"
        "    def set_language(self, language): calls.append(('language', language))\n"
        "    def cancel(self): calls.append(('cancel',))\n"
        "    def speak(self, text, *args, **kwargs): calls.append(('speak', text))\n"
        "    def close(self): calls.append(('close',))\n"
        "sys.modules['speechd'] = types.SimpleNamespace(SSIPClient=SSIPClient)\n"
        "from commerce_a11y.console.speech import OutputSpeech, _make_output\n"
        "from commerce_a11y.i18n import use_language\n"
        "use_language('nl')\n"
        "output, set_language = _make_output()\n"
        "voice = OutputSpeech(output, print, set_language)\n"
        "voice.speak('Jij bent aan de beurt.', interrupt=True)\n"
        "voice.speak('Anna klopt.')\n"
        "voice.close()\n"
        "print(calls)\n"
        "print(sorted(m for m in sys.modules if m.startswith('accessible_output2')))\n"
    )
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    calls, loaded = result.stdout.splitlines()
    assert calls == str([("connect", "commerce-a11y"), ("language", "nl"), ("cancel",),
                         ("speak", "Jij bent aan de beurt."), ("speak", "Anna klopt."), ("close",)])
    assert loaded == "[]"


SYSTEM_SPEECHD = Path("/usr/lib/python3/dist-packages/speechd/__init__.py")


@pytest.mark.e2e
@pytest.mark.skipif(not SYSTEM_SPEECHD.exists(), reason="Debian's python3-speechd is not installed")
def test_speechd_is_loaded_from_the_system_folder_without_touching_sys_path() -> None:
    """The uv interpreter cannot import Debian's python3-speechd by itself; the game loads that one package."""
    code = (
        "import importlib.util, sys\n"
        "if importlib.util.find_spec('speechd') is not None: sys.exit(3)\n"
        "path = list(sys.path)\n"
        "from commerce_a11y.console.speech import _import_speechd\n"
        "assert _import_speechd()\n"
        "import speechd\n"
        "from speechd.client import SSIPClient, SSIPCommunicationError\n"
        "assert speechd.__file__ == '/usr/lib/python3/dist-packages/speechd/__init__.py', speechd.__file__\n"
        "assert sys.path == path\n"
    )
    result = run_python(code)
    if result.returncode == 3:
        pytest.skip("speechd is installed in the environment itself")
    assert result.returncode == 0, result.stderr


# --- real speech: a private speech-dispatcher writing a WAV file -----------------------------------------------

ESPEAK_NG_MODULES = ("/usr/lib/speech-dispatcher-modules/sd_espeak-ng",
                     "/usr/lib/*/speech-dispatcher-modules/sd_espeak-ng",
                     "/usr/lib64/speech-dispatcher-modules/sd_espeak-ng")


def _real_speech_missing() -> str | None:
    """Why the real test cannot run here, or None."""
    if not ON_LINUX:
        return "speech-dispatcher is the Linux backend"
    if shutil.which("speech-dispatcher") is None:
        return "speech-dispatcher is not installed (.ci/run installs it with apt)"
    if not any(glob.glob(pattern) for pattern in ESPEAK_NG_MODULES):
        return "speech-dispatcher-espeak-ng is not installed"
    if shutil.which("sox") is None:
        return "sox is not installed"
    if not Path("/etc/speech-dispatcher/speechd.conf").exists():
        return "speech-dispatcher's configuration is missing"
    return None


@dataclass
class Daemon:
    """A private speech-dispatcher: its process, log, WAV file, and the environment that reaches it."""

    process: subprocess.Popen[bytes]
    log: Path
    wav: Path
    env: dict[str, str]
    _log_read: int = 0
    _log_text: str = ""

    def log_text(self) -> str:
        """The log so far. Read incrementally: at log level 5 the daemon writes 2.5 MB while it starts."""
        if self.log.exists():
            with self.log.open("rb") as log:
                log.seek(self._log_read)
                new = log.read()
            end = new.rfind(b"\n") + 1  # whole lines only, so no character is ever cut in two
            self._log_read += end
            self._log_text += new[:end].decode("utf-8", errors="replace")
        return self._log_text

    def kill(self) -> None:
        """Kill the daemon and the synthesis modules it started, which share its process group (the group is
        killed before the daemon is reaped, so its id cannot have been reused)."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    """speech-dispatcher + espeak-ng, audio to ``out/speech.wav`` through an ALSA file plugin on the null device.

    Everything lives in ``tmp_path``: the configuration (a copy of /etc/speech-dispatcher with the audio output,
    module and log level changed), HOME (for the ``.asoundrc``), XDG_RUNTIME_DIR and the socket. SPEECHD_CMD points
    at nothing, so no client can ever autospawn a second daemon outside this folder.
    """
    missing = _real_speech_missing()
    if missing:
        pytest.skip(missing)
    if not speech_module._import_speechd():
        pytest.skip("the speechd module (Debian: python3-speechd) is not installed")
    conf, home, run, log, out = (tmp_path / name for name in ("conf", "home", "run", "log", "out"))
    for folder in (home, run, log, out):
        folder.mkdir(mode=0o700)
    shutil.copytree("/etc/speech-dispatcher", conf)
    with (conf / "speechd.conf").open("a", encoding="utf-8") as config:
        config.write('\nAudioOutputMethod "alsa"\nAudioALSADevice "capture"\nDefaultModule "espeak-ng"\nLogLevel 5\n')
    wav = out / "speech.wav"
    (home / ".asoundrc").write_text(f'pcm.capture {{ type file; slave.pcm "null"; file "{wav}"; format "wav" }}\n',
                                    encoding="utf-8")
    socket = run / "speechd.sock"
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SPEECHD_", "XDG_"))}
    env.update(HOME=str(home), XDG_RUNTIME_DIR=str(run), XDG_CONFIG_HOME=str(home / ".config"),
               SPEECHD_ADDRESS=f"unix_socket:{socket}", SPEECHD_CMD=str(tmp_path / "no-autospawn"))
    with (log / "stdout.txt").open("wb") as stdout:
        process = subprocess.Popen(
            ["speech-dispatcher", "--run-single", "--timeout", "0", "--config-dir", str(conf), "--log-dir", str(log),
             "--log-level", "5", "--communication-method", "unix_socket", "--socket-path", str(socket),
             "--pid-file", str(run / "pid")],
            env=env, stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.STDOUT, start_new_session=True)
    running = Daemon(process, log / "speech-dispatcher.log", wav, env)
    try:
        _wait_for(lambda: socket.exists() or process.poll() is not None, 15, "the daemon's socket")
        if process.poll() is not None:
            pytest.fail(f"speech-dispatcher exited with {process.returncode}: "
                        f"{(log / 'stdout.txt').read_text(errors='replace')[-2000:]}")
        yield running
    finally:
        running.kill()


def _wait_for(ready: Callable[[], bool], timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > end:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)


class Child:
    """A Python process playing the game's part: it speaks when told to (one word on stdin), answers in lines.

    Its stdout is read by a thread into a queue, so that waiting for a line can time out instead of hanging.
    """

    def __init__(self, code: str, env: dict[str, str]) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, text=True, encoding="utf-8",
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def line(self, timeout: float = 20) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            line = None
        if line is None:
            self.process.kill()
            self.process.wait(timeout=10)
            stderr = self.process.stderr.read() if self.process.stderr else ""
            pytest.fail(f"the speaking process did not answer; its stderr: {stderr}")
        return line

    def tell(self, word: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(word + "\n")
        self.process.stdin.flush()

    def finish(self) -> tuple[int, str]:
        """Its exit status and stderr once it has ended (killed after 20 s)."""
        try:
            status = self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait(timeout=10)
        self.reader.join(timeout=10)
        return status, self.process.stderr.read() if self.process.stderr else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def _audio(wav: Path) -> dict[str, float]:
    """sox's statistics of the WAV file; --ignore-length because the daemon never finalises the header."""
    result = subprocess.run(["sox", "--ignore-length", str(wav), "-n", "stat"], capture_output=True, text=True,
                            timeout=30, check=True)
    stats = {}
    for line in result.stderr.splitlines():
        key, _, value = line.partition(":")
        try:
            stats[" ".join(key.split())] = float(value)
        except ValueError:
            continue
    return stats


FIRST = "Du tauschst die Pik-Sieben gegen den Kreuz-König."
SECOND = "Neue Runde: Grüße an alle am Tisch."
AFTER = "Niemand hört diesen Satz."

# speak() must return at once (speech-dispatcher queues the line): a watchdog ends the child with its traceback on
# stderr if one blocks for 10 s, instead of leaving the test to guess.
CHILD = f"""
import faulthandler, json, sys
from commerce_a11y.console.speech import open_speech
from commerce_a11y.i18n import _, use_language

def say(*texts, interrupt=False):
    faulthandler.dump_traceback_later(10, exit=True)
    for text in texts:
        speech.speak(text, interrupt=interrupt)
    faulthandler.cancel_dump_traceback_later()

use_language("de")
notices = []
faulthandler.dump_traceback_later(10, exit=True)
speech = open_speech(True, notices.append)
faulthandler.cancel_dump_traceback_later()
print(json.dumps({{"kind": type(speech).__name__, "notices": notices}}), flush=True)
say({FIRST!r})
print("spoken", flush=True)
sys.stdin.readline()
say({SECOND!r}, interrupt=True)
print("spoken", flush=True)
sys.stdin.readline()  # the daemon is dead now
say({AFTER!r}, {AFTER!r}, {AFTER!r}, interrupt=True)
speech.close()
expected = _("Speech stopped working; the game goes on in text.")
print(json.dumps({{"notices": notices, "expected": expected}}), flush=True)
"""


def _queued(log: str, text: str) -> int:
    """Where the daemon's log says it queued ``text`` (-1: it did not)."""
    return log.find(f"Queueing message |{text}|")


@pytest.mark.e2e
def test_real_speech_reaches_the_wav_file_and_a_dead_daemon_is_survived(daemon: Daemon) -> None:
    child = Child(CHILD, daemon.env)
    try:
        assert json.loads(child.line()) == {"kind": "BackgroundSpeech", "notices": []}
        assert child.line() == "spoken"

        # (a) the daemon queued the German sentence, in German, and finished speaking it
        _wait_for(lambda: _queued(daemon.log_text(), FIRST) >= 0, 15, "the first sentence in the daemon's log")
        _wait_for(lambda: "got END" in daemon.log_text()[_queued(daemon.log_text(), FIRST):], 15,
                  "the end of the first sentence in the daemon's log")
        log = daemon.log_text()
        assert re.search(r"DATA:\|SET self LANGUAGE de\b", log[:_queued(log, FIRST)])

        # (b) real audio: once the file stops growing, it holds more than a second of loud enough sound
        sizes = [-1]

        def settled() -> bool:
            sizes.append(daemon.wav.stat().st_size if daemon.wav.exists() else -1)
            return sizes[-1] > 44 and sizes[-1] == sizes[-2] == sizes[-3]

        _wait_for(settled, 15, "the WAV file to stop growing")
        audio = _audio(daemon.wav)
        print(f"first sentence: {audio}")
        assert audio["Length (seconds)"] > 1.0
        assert audio["Samples read"] > 20_000
        assert audio["RMS amplitude"] > 0.02
        assert audio["Maximum amplitude"] > 0.2

        # interrupt: stale speech is cancelled before the new sentence is queued
        child.tell("next")
        assert child.line() == "spoken"
        _wait_for(lambda: _queued(daemon.log_text(), SECOND) >= 0, 15, "the second sentence in the daemon's log")
        log = daemon.log_text()
        assert "DATA:|CANCEL self" in log[_queued(log, FIRST):_queued(log, SECOND)]

        # the daemon dies mid-game: no exception, one notice, silence after it
        daemon.kill()
        child.tell("next")
        result = json.loads(child.line())
        assert result["notices"] == [result["expected"]]
        status, stderr = child.finish()
        assert (status, stderr) == (0, "")  # no traceback, nothing printed by speech
        assert child.lines.get_nowait() is None  # and no other line on stdout
        assert _queued(daemon.log_text(), AFTER) == -1
    finally:
        child.stop()
