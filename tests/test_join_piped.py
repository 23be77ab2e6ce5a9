"""Issue 18: ``commerce join`` scripted through pipes, as other tools will use it: two people (German and Dutch) log
in with --name and --password, one creates a table, the other joins, two computer players fill it, both play a
whole match answering one line per question, and each exits 0 at the end of its input; each finds the finished
match in its own ``commerce replay`` (and statistics), told in its language."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from e2e.tmux import game_env
from server_helpers import ROOT, ServerProcess

pytestmark = pytest.mark.e2e  # every test here starts the game, a server or a program


def join(home: Path, port: int, name: str, lang: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "commerce_a11y", "join", f"127.0.0.1:{port}", "--name", name, "--password",
         "geheim1", "--lang", lang], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, encoding="utf-8", bufsize=1, env=game_env(home), cwd=ROOT)


class Output:
    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.text = ""
        assert proc.stdout is not None
        self.thread = threading.Thread(target=self.read, args=(proc.stdout,), daemon=True)
        self.thread.start()

    def read(self, stream) -> None:  # type: ignore[no-untyped-def]
        """Everything as it comes, a question without its line end too."""
        import codecs
        import os

        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        while chunk := os.read(stream.fileno(), 65536):
            self.text += decoder.decode(chunk)

    def wait(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text:
            assert time.monotonic() < deadline, self.text[-2000:]
            time.sleep(0.05)


def test_two_piped_joins_play_a_match_and_keep_its_record(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data")
    try:
        host = join(tmp_path / "de", server.port, "Greta", "de")
        host_out = Output(host)
        assert host.stdin is not None
        host.stdin.write("neu commerce name=Pipe seats=4 bots=basic\n")
        host.stdin.flush()
        host_out.wait("Tisch Pipe? ")
        guest = join(tmp_path / "nl", server.port, "Joost", "nl")
        guest_out = Output(guest)
        assert guest.stdin is not None
        guest.stdin.write("aanschuiven Pipe\n")
        guest.stdin.flush()
        host_out.wait("Joost setzt sich auf Platz 2.")
        host.stdin.write("starten\n" + "p\n" * 300)
        host.stdin.close()
        # the guest's answers wait for the deal: a line piped before the match starts answers the table's question
        guest_out.wait("Ronde 1.", timeout=60)
        guest.stdin.write("p\n" * 300)
        guest.stdin.close()
        assert host.wait(120) == 0
        assert guest.wait(120) == 0
        host_out.thread.join(5)
        guest_out.thread.join(5)
    finally:
        server.stop()
    assert "Runde 1." in host_out.text and "Ronde" not in host_out.text
    assert "Ronde 1." in guest_out.text and "Runde" not in guest_out.text
    assert "Protokoll gespeichert: commerce replay spielt es ab." in host_out.text
    assert "Verslag bewaard: commerce replay speelt het af." in guest_out.text
    # Issue 26, item 5: each replays from the seat of the person who kept it, without being told which, as "your
    # seat"; another seat is named by its player.
    for home, lang, yours, end in ((tmp_path / "de", "de", "aus deiner Sicht", "Partie"),
                                   (tmp_path / "nl", "nl", "vanaf jouw plaats", "partij")):
        told = subprocess.run([sys.executable, "-m", "commerce_a11y", "replay", "--all", "--lang", lang],
                              capture_output=True, text=True, env=game_env(home), cwd=ROOT, timeout=60)
        assert told.returncode == 0, told.stdout + told.stderr
        assert yours in told.stdout.splitlines()[0], told.stdout[:300]
        assert end in told.stdout.splitlines()[-1] or end in told.stdout
        stats = subprocess.run([sys.executable, "-m", "commerce_a11y", "stats", "--json"], capture_output=True,
                               text=True, env=game_env(home), cwd=ROOT, timeout=60)
        assert '"played": 1' in stats.stdout
    other = subprocess.run([sys.executable, "-m", "commerce_a11y", "replay", "--all", "--lang", "nl", "--seat", "1"],
                           capture_output=True, text=True, env=game_env(tmp_path / "nl"), cwd=ROOT, timeout=60)
    assert "vanaf de plaats van Greta" in other.stdout.splitlines()[0], other.stdout[:300]


def test_join_refused_login_exits_1(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data")
    try:
        first = join(tmp_path / "a", server.port, "Owner", "en")
        first.communicate("quit\n", timeout=60)
        second = subprocess.run(
            [sys.executable, "-m", "commerce_a11y", "join", f"127.0.0.1:{server.port}", "--name", "Owner",
             "--password", "wrong-one"], input="", capture_output=True, text=True, env=game_env(tmp_path / "b"),
            cwd=ROOT, timeout=60)
        assert second.returncode == 1
        assert "did not accept" in second.stdout
    finally:
        server.stop()


def test_join_over_tls_with_the_servers_own_certificate(tmp_path: Path) -> None:
    import shutil

    if shutil.which("openssl") is None:
        import pytest

        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    server = ServerProcess(tmp_path / "data", "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "commerce_a11y", "join", f"localhost:{server.port}", "--name", "Secure",
             "--password", "geheim1", "--tls-ca", str(cert), "--lang", "en"], input="who\n", capture_output=True,
            text=True, env=game_env(tmp_path / "home"), cwd=ROOT, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "Online: 1 person." in done.stdout and "Secure in the lobby, English." in done.stdout
        plain = subprocess.run(  # an unencrypted client gets nothing it can read, and the server goes on
            [sys.executable, "-m", "commerce_a11y", "join", f"localhost:{server.port}", "--name", "Plain",
             "--password", "geheim1"], input="who\n", capture_output=True, text=True, env=game_env(tmp_path / "p"),
            cwd=ROOT, timeout=60)
        assert "Online:" not in plain.stdout
    finally:
        server.stop()


def test_a_telnet_players_record_comes_home_at_their_next_join(tmp_path: Path) -> None:
    from server_helpers import RawClient

    server = ServerProcess(tmp_path / "data")
    try:
        player = RawClient(server.port)
        player.login("Tess", "geheim1")
        player.send("create thirty-one name=Solo seats=3 bots=easy")
        player.prompt()
        player.send("start")
        deadline = time.monotonic() + 60
        while "The match's record is kept on the server. Log in with commerce join to get it." not in player.text:
            assert time.monotonic() < deadline, player.text[-1500:]
            for kind, _index in player.new_prompts(0.05):
                if kind == "turn":
                    player.send("p")
        player.close()
        later = subprocess.run(
            [sys.executable, "-m", "commerce_a11y", "join", f"127.0.0.1:{server.port}", "--name", "Tess",
             "--password", "geheim1", "--lang", "en"], input="quit\n", capture_output=True, text=True,
            env=game_env(tmp_path / "home"), cwd=ROOT, timeout=60)
        assert "Record kept: commerce replay plays it." in later.stdout, later.stdout
    finally:
        server.stop()
