"""Issue 27, items 2 and 5: the game's own speech on macOS and Windows, run here with the platform simulated.

macOS speaks through the system's ``say`` (a fake program here, which logs what it is asked): a voice of the game's
language, the lines one after another, a line cut off when a new turn makes it stale. Windows makes its outputs
in the speech thread after initialising COM there, each in its own try, so that a missing NVDA DLL (Windows on
ARM) does not silence SAPI."""

from __future__ import annotations

import sys
import threading
import time
import types
from pathlib import Path

import pytest

from commerce_a11y import platforms
from commerce_a11y.console import speech as speech_module
from commerce_a11y.console.speech import BackgroundSpeech, SilentSpeech, open_speech
from commerce_a11y.i18n import use_language

FAKE_SAY = r'''#!/bin/sh
# A stand-in for macOS's say: lists voices for -v ?, otherwise logs its arguments and "speaks" (a long line takes
# ten seconds, so that cutting it off can be seen).
if [ "$1" = "-v" ] && [ "$2" = "?" ]; then
  echo "Alex                en_US    # Most people recognize me by my voice."
  echo "Anna                de_DE    # Hallo, ich heiße Anna."
  echo "Xander              nl_NL    # Hallo, mijn naam is Xander."
  exit 0
fi
echo "$@" >> "$SAY_LOG"
case "$*" in *lang*) sleep 10 ;; esac
echo "done $*" >> "$SAY_LOG"
'''


@pytest.mark.e2e
def test_macos_speaks_through_say_in_the_games_language_and_cuts_a_stale_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "bin" / "say"
    program.parent.mkdir()
    program.write_text(FAKE_SAY)
    program.chmod(0o755)
    log = tmp_path / "said.log"
    monkeypatch.setenv("PATH", f"{program.parent}:/usr/bin:/bin")
    monkeypatch.setenv("SAY_LOG", str(log))
    notices: list[str] = []
    use_language("de")
    try:
        with platforms.simulated("darwin"):
            voice = open_speech(True, notices.append)
            assert isinstance(voice, BackgroundSpeech)
            voice.speak("Runde 1. Anna gibt.")
            voice.speak("Ein langer Satz.")  # "lang": the fake speaks it for ten seconds
            deadline = time.monotonic() + 10
            while "Ein langer Satz." not in (log.read_text() if log.exists() else ""):
                assert time.monotonic() < deadline
                time.sleep(0.05)
            started = time.monotonic()
            voice.speak("Du bist dran.", interrupt=True)
            voice.close()
            assert time.monotonic() - started < 5  # the stale line was cut off, not waited for
    finally:
        use_language("en")
    said = log.read_text().splitlines()
    assert said[:2] == ["-v Anna -- Runde 1. Anna gibt.", "done -v Anna -- Runde 1. Anna gibt."]
    assert "-v Anna -- Ein langer Satz." in said and "done -v Anna -- Ein langer Satz." not in said
    assert said[-2:] == ["-v Anna -- Du bist dran.", "done -v Anna -- Du bist dran."]
    assert notices == []


def test_macos_without_say_is_one_notice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    notices: list[str] = []
    with platforms.simulated("darwin"):
        voice = open_speech(True, notices.append)
    assert isinstance(voice, SilentSpeech)
    assert notices == ["Speech is not available here; the game goes on in text."]


class FakeOle32:
    def __init__(self) -> None:
        self.initialised: list[tuple[int, int]] = []
        self.uninitialised: list[int] = []

    def CoInitializeEx(self, reserved: object, model: int) -> int:
        self.initialised.append((threading.get_ident(), model))
        return 0

    def CoUninitialize(self) -> None:
        self.uninitialised.append(threading.get_ident())


def fake_accessible_output2(made_in: list[tuple[str, int]], said: list[str]) -> types.ModuleType:
    """accessible_output2 as Windows on ARM has it: NVDA's DLL is missing; JAWS is not running; SAPI speaks."""
    class NVDA:
        priority = 1

        def __init__(self) -> None:
            raise OSError("[WinError 126] nvdaControllerClient64.dll: the module could not be found")

    def output(name: str, rank: int, active: bool) -> type:
        """An output that can be made: it notes the thread it was made in, and speaks into ``said``."""
        class Output:
            priority = rank

            def __init__(self) -> None:
                made_in.append((name, threading.get_ident()))

            def is_active(self) -> bool:
                return active

            def speak(self, text: str, interrupt: bool = False) -> None:
                said.append(text)

            def silence(self) -> None:
                said.append("(silenced)")

        return Output

    module = types.ModuleType("accessible_output2")
    outputs = [NVDA, output("jaws", 2, active=False), output("sapi5", 99, active=True)]
    module.get_output_classes = lambda: outputs  # type: ignore[attr-defined]
    module.outputs = types.ModuleType("accessible_output2.outputs")  # type: ignore[attr-defined]
    return module


def test_windows_makes_its_outputs_in_the_speech_thread_after_com_each_in_its_own_try(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    ole32 = FakeOle32()
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(ole32=ole32), raising=False)
    made_in: list[tuple[str, int]] = []
    said: list[str] = []
    module = fake_accessible_output2(made_in, said)
    monkeypatch.setitem(sys.modules, "accessible_output2", module)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", module.outputs)  # type: ignore[attr-defined]
    notices: list[str] = []
    with platforms.simulated("win32"):
        voice = open_speech(True, notices.append)
        voice.speak("Your turn.")
        voice.speak("swap, pass, knock?")
        voice.close()
    assert said == ["Your turn.", "swap, pass, knock?"] and notices == []
    ((thread, model),) = ole32.initialised
    assert model == speech_module.COINIT_APARTMENTTHREADED
    assert thread != threading.get_ident()  # the speech thread, not the game's
    assert {name for name, _ in made_in} == {"jaws", "sapi5"} and {t for _, t in made_in} == {thread}
    assert ole32.uninitialised == [thread]


def test_windows_with_no_output_at_all_is_one_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "accessible_output2", None)  # not installed: import fails
    notices: list[str] = []
    with platforms.simulated("win32"):
        voice = open_speech(True, notices.append)
        voice.speak("Your turn.")
        voice.close()
    assert notices == ["Speech is not available here; the game goes on in text."]
