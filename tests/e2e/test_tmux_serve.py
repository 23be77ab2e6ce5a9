"""Issue 18 end to end with real clients in tmux: the Debian telnet client (German) and TinTin++ (Dutch) sit at one
table with two computer players and play a whole match, while ``commerce join`` watches; each transcript is in its
player's language and never shows a card another seat kept hidden."""

from __future__ import annotations

import re
import shutil
import sys
import time
from pathlib import Path

import pytest

from commerce_a11y.cleaning import fold
from commerce_a11y.narration.words import words
from commerce_a11y.rules import replay

from .tmux import Tmux, game_env

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from server_helpers import ServerProcess
from test_server import held_cards

TINTIN = shutil.which("tt++") or ("/usr/games/tt++" if Path("/usr/games/tt++").exists() else None)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")


def text_of(pane: Tmux) -> str:
    return ANSI.sub("", pane.raw().decode("utf-8", "replace"))


def asked(pane: Tmux) -> str | None:
    """The question the pane shows unanswered on its last line, if any."""
    lines = [line for line in pane.lines() if line.strip()]
    if lines and lines[-1].rstrip().endswith("?"):
        return lines[-1].strip()
    return None


def login(pane: Tmux, name: str) -> None:
    pane.wait_for("Name?", 20)
    pane.send_line(name)
    pane.wait_for("password?", 20)
    pane.send_line("geheim1")
    pane.wait_for("again?", 20)
    pane.send_line("geheim1")
    pane.wait_for("Lobby?", 20)


def test_telnet_and_tintin_play_a_match_in_two_languages_while_join_watches(tmp_path: Path) -> None:
    if shutil.which("telnet") is None or TINTIN is None:
        pytest.skip("telnet or tt++ is not installed (.ci/run installs them)")
    server = ServerProcess(tmp_path / "data")
    script = tmp_path / "session.tin"
    script.write_text("#config {SCREEN READER} {ON}\n#config {CHARSET} {UTF-8}\n"
                      f"#session game 127.0.0.1 {server.port}\n", encoding="utf-8")
    env = game_env(tmp_path / "home", TERM="xterm")
    try:
        with Tmux(tmp_path / "telnet", cols=120, rows=40) as de, Tmux(tmp_path / "tintin", cols=120, rows=40) as nl, \
                Tmux(tmp_path / "join", cols=120, rows=40) as watcher:
            de.start(["telnet", "127.0.0.1", str(server.port)], env)
            nl.start([TINTIN, "-G", str(script)], env)
            login(de, "Telly")
            de.send_line("language de")
            de.wait_for("Sprache: Deutsch.")
            de.send_line("neu commerce name=Abend seats=4 bots=basic")
            de.wait_for("Tisch Abend?")
            login(nl, "Tintin")
            nl.send_line("language nl")
            nl.wait_for("Taal: Nederlands.")
            nl.send_line("aanschuiven Abend")
            nl.wait_for("Tafel Abend?")
            watcher.start([sys.executable, "-m", "commerce_a11y", "join", f"127.0.0.1:{server.port}", "--name",
                           "Wanda", "--password", "geheim1", "--lang", "en", "--input", "plain"], env)
            watcher.wait_for("Lobby?", 30)
            watcher.send_line("watch Abend")
            watcher.wait_for("Watching Abend?", 20)
            de.send_line("starten")
            answered = {id(de): "", id(nl): ""}
            ended = {id(de): False, id(nl): False}
            deadline = time.monotonic() + 240
            while not all(ended.values()):
                assert time.monotonic() < deadline, "\n".join(de.lines()[-20:] + nl.lines()[-20:])
                for pane, table in ((de, "Tisch Abend?"), (nl, "Tafel Abend?")):
                    question = asked(pane)
                    raw = len(pane.raw())
                    if question is None or answered[id(pane)] == f"{raw}":
                        continue
                    if question == table:
                        if re.search(r"(gewinnt|wint|teilt|delen).*\n", text_of(pane)):
                            ended[id(pane)] = True
                        continue
                    answered[id(pane)] = f"{raw}"
                    pane.send_line("p")
                time.sleep(0.05)
            watcher.wait_for(lambda lines: any("wins the match" in x or "share the win" in x for x in lines), 30)
            watcher.send_line("quit")
            assert watcher.wait_exit(20) == 0
            transcripts = {"de": text_of(de), "nl": text_of(nl), "en": text_of(watcher)}
    finally:
        server.stop()
    assert re.search(r"Runde 1\. ", transcripts["de"]) and "Ronde 1" not in transcripts["de"]
    assert re.search(r"\nIedereen begint met 3 fiches\.\n\w+ deelt\.\n", transcripts["nl"])  # brief: who deals
    assert "Runde 1" not in transcripts["nl"]
    assert re.search(r"Hand 1\. ", transcripts["en"])
    assert "Koenig" in transcripts["de"] or "Dame" in transcripts["de"]  # telnet agreed no UTF-8: ASCII spelling
    # TinTin++ reports a screen reader (MTTS): brief from the start, which leaves out the draw for the first deal.
    assert "Trekken om wie deelt" not in transcripts["nl"] and "Iedereen begint met 3 fiches." in transcripts["nl"]
    assert "Alle beginnen mit 3 Chips." in transcripts["de"]  # plain telnet: normal
    record = next((server.data / "records").iterdir()).glob("*.jsonl")
    lines = next(record).read_text().splitlines()
    assert replay(lines).over
    kept = held_cards(lines)
    # Each hand begins at its deal line: with its number ("Runde 2. Anna gibt."), or in brief speech with the dealer
    # alone ("Anna deelt."), the hands then counted from the first.
    headers = {"de": r"Runde (\d+)\. ", "nl": r"(?m)^\w+ deelt\.$()", "en": r"Hand (\d+)\. "}
    for lang, seat in (("de", 0), ("nl", 1), ("en", None)):
        names = words("card", lang)
        parts = re.split(headers[lang], transcripts[lang])
        for index in range(1, len(parts) - 1, 2):
            number, part = int(parts[index] or (index + 1) // 2), parts[index + 1]
            for other, cards in kept[number].items():
                if other != seat:
                    for card in cards:
                        assert names[card] not in part and fold(names[card]) not in part, (lang, number, card)


def test_a_telnet_player_coming_back_hears_what_was_missed(tmp_path: Path) -> None:
    """Issue 26, items 1 and 3, end to end: Debian telnet leaves a match, the computer plays for the person while the
    host plays on, and logging in again puts them back with each missed hand's outcome, the counts and the moves
    made for them said as such."""
    from server_helpers import RawClient

    if shutil.which("telnet") is None:
        pytest.skip("Debian's telnet is not installed")
    server = ServerProcess(tmp_path / "data", grace=1)
    env = game_env(tmp_path / "home")
    try:
        host = RawClient(server.port)
        host.login("Hosta")
        host.send("create commerce name=Back seats=3 bots=basic chips=9")
        host.prompt()
        with Tmux(tmp_path / "telnet", cols=120, rows=40) as pane:
            pane.start(["telnet", "127.0.0.1", str(server.port)], env)
            login(pane, "Telly")
            pane.send_line("join Back")
            pane.wait_for("Table Back?")
            host.send("start")
            pane.wait_for("Hand 1.", 20)
            pane.send_line("quit")
            pane.wait_exit(20)
        deadline = time.monotonic() + 120
        while host.text.count("Hand ") < 4:  # the host plays on; the computer plays for Telly after 1 second
            assert time.monotonic() < deadline, host.text[-1500:]
            for kind, _index in host.new_prompts(0.05):
                if kind == "turn":
                    host.send("p")
        with Tmux(tmp_path / "again", cols=120, rows=40) as pane:
            pane.start(["telnet", "127.0.0.1", str(server.port)], env)
            pane.wait_for("Name?", 20)
            pane.send_line("Telly")
            pane.wait_for("Password?", 20)
            pane.send_line("geheim1")
            pane.wait_for("Since you left:", 20)
            time.sleep(0.5)
            seen = text_of(pane)
        said = seen[seen.index("Since you left:"):]
        assert re.search(r"\nHand \d+\.\n.+ loses a chip", said), said
        assert re.search(r"\nChips: you \d+, ", said), said
        # The hand being played: the computer's moves for Telly, if it made any yet, are said as its own.
        assert not re.search(r"^You (take|pass|knock)", said, re.MULTILINE), said
        host.close()
    finally:
        server.stop()
