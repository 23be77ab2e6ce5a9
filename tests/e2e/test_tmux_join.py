"""Issue 26, item 4: ``commerce join`` at a real terminal (tmux). A new account's password is asked twice, as the
server asks it and the README says; an existing account's once. When the server goes away, or wants TLS that
``--tls`` did not ask for, join says one sentence and exits with a status that tells why (3, 4), and a join without
``--lang`` leaves the account's language as it was."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .tmux import Tmux, game_env

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from server_helpers import RawClient, ServerProcess


def join_argv(port: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "commerce_a11y", "join", f"127.0.0.1:{port}", "--input", "plain", *extra]


def test_a_new_account_types_its_password_twice_an_old_one_once(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data")
    env = game_env(tmp_path / "home")
    try:
        with Tmux(tmp_path / "first", cols=100, rows=30) as pane:
            pane.start(join_argv(server.port, "--name", "Neele"), env)
            pane.wait_for("Password?", 30)
            pane.send_line("geheim1")
            pane.wait_for("The password again?", 30)
            assert "Welcome" not in pane.screen()  # no account before the second typing
            pane.send_line("geheim1")
            pane.wait_for("Lobby?", 30)
            assert "geheim1" not in pane.screen()  # never shown
            pane.send_line("quit")
            assert pane.wait_exit(20) == 0
        with Tmux(tmp_path / "again", cols=100, rows=30) as pane:
            pane.start(join_argv(server.port, "--name", "Neele"), env)
            pane.wait_for("Password?", 30)
            pane.send_line("geheim1")
            pane.wait_for("Lobby?", 30)
            assert "again?" not in pane.screen()
            pane.send_line("quit")
            assert pane.wait_exit(20) == 0
    finally:
        server.stop()


def test_the_server_going_away_is_one_sentence_and_status_3(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data")
    env = game_env(tmp_path / "home")
    try:
        with Tmux(tmp_path / "gone", cols=100, rows=30) as pane:
            pane.start(join_argv(server.port, "--name", "Olga", "--password", "geheim1"), env)
            pane.wait_for("Lobby?", 30)
            server.stop()
            assert pane.wait_exit(30) == 3
            assert "The server closed the connection." in pane.screen()
            assert "Traceback" not in pane.screen()
    finally:
        server.stop()


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate made with docs/hosting.md's recipe (its name, localhost and 127.0.0.1)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=table.example", "-addext",
                    "subjectAltName=DNS:table.example,DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_the_hosting_recipes_certificate_serves_the_address_the_server_prints(tmp_path: Path) -> None:
    """Issue 26, item 8: the certificate the docs make works for 127.0.0.1, the address the server prints, whose
    start line says how to connect with TLS; and join without --tls there says so and exits 4."""
    recipe = (Path(__file__).resolve().parents[2] / "docs" / "hosting.md").read_text(encoding="utf-8")
    assert "subjectAltName=DNS:your.host.name,DNS:localhost,IP:127.0.0.1" in recipe
    cert, key = certificate(tmp_path)
    server = ServerProcess(tmp_path / "data", "--tls-cert", str(cert), "--tls-key", str(key))
    env = game_env(tmp_path / "home")
    try:
        assert f"port {server.port}, with TLS. Connect with: " in server.started
        assert f"join --tls 127.0.0.1:{server.port}, or a MUD client with TLS on." in server.started
        with Tmux(tmp_path / "tls", cols=100, rows=30) as pane:
            pane.start(join_argv(server.port, "--name", "Pia", "--password", "geheim1", "--tls-ca", str(cert)), env)
            pane.wait_for("Lobby?", 30)
            pane.send_line("quit")
            assert pane.wait_exit(20) == 0
        with Tmux(tmp_path / "plain", cols=100, rows=30) as pane:
            pane.start(join_argv(server.port, "--name", "Pia", "--password", "geheim1"), env)
            assert pane.wait_exit(30) == 4
            assert "The server closed at once: if it uses TLS, add --tls." in pane.screen()
    finally:
        server.stop()


def test_join_without_lang_keeps_the_accounts_language(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "data")
    try:
        dutch = RawClient(server.port)
        dutch.login("Daan")
        dutch.send("language nl")
        dutch.expect("Taal: Nederlands.")
        dutch.close()
        with Tmux(tmp_path / "join", cols=100, rows=30) as pane:
            pane.start(join_argv(server.port, "--name", "Daan", "--password", "secret1"),
                       game_env(tmp_path / "home", LANG="en_US.UTF-8"))
            pane.wait_for("Lobby?", 30)
            assert "Welkom, Daan." in pane.screen()
            pane.send_line("quit")
            assert pane.wait_exit(20) == 0
        again = RawClient(server.port)
        again.login("Daan", new=False)
        assert "Welkom, Daan." in again.text  # telnet hears the account's Dutch still
        again.close()
    finally:
        server.stop()
