r"""The table server attacked as a stranger would (issue 35): what each flood costs a bystander, in numbers.

Each attack runs against a fresh ``commerce serve`` (this checkout, or ``--server-root`` another one, such as a
worktree of an older commit, to compare the two side by side on this noisy machine) over loopback sockets:

- ``quiet``: the same people as the floods, and no flood: what the others are measured against;
- ``supports``: one logged-in connection sends ``Core.Supports.Add`` with new package names as fast as the socket
  takes them, for ``--seconds``;
- ``settings``: the same with ``Commerce.Settings`` (each one an account write, before budgets);
- ``pings``: the same with ``Core.Ping``;
- ``chat``: 20 chat lines in a few seconds, logging in again after each 4 (the limit is 5 in 10 seconds);
- ``codes``: ``watch NAME CODE`` guesses at a private table's invite code, as fast as they are answered;
- ``crowd``: 1,000 connections at once to a server that lets 100 in (each sends its first negotiation at once);
- ``tls``: 1,200 connections that never begin their TLS handshake, the server limited to 1,024 open files, while
  a TLS player from another address logs in.

During each flood a bystander from another address makes a new account and a table (``bystander_s``: from
connecting to the table's answer). The server's resident memory before and after (``memory_mib``, from after a
first login; Argon2's 19 MiB a hash stay with the allocator, so compare with ``quiet``), and the event loop's
longest stall from the server's own load lines (``stall_ms``), are read as ``serve_load.py`` reads them.

    uv run python bench/attack.py                                   # every attack, this checkout
    uv run python bench/attack.py --server-root /tmp/before supports settings
"""

from __future__ import annotations

import argparse
import contextlib
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from serve_load import rss_kib  # noqa: E402
from server_helpers import RawClient, ServerProcess  # beside the tests that attack the same way  # noqa: E402

from commerce_a11y.wire import telnet as t  # noqa: E402

SERVER_ARGS = ("--per-address", "2000", "--login-per-address", "2000", "--max-connections", "3000",
               "--login-connections", "2000", "--logins-per-minute", "100000")


def resident_mib(server: ServerProcess) -> float:
    assert server.proc is not None
    return rss_kib(server.proc.pid) / 1024


def longest_stall(server: ServerProcess, since: int) -> float:
    """The longest stall (ms) the server's load lines noted after the log's first ``since`` characters."""
    text = (server.data / "server.log").read_text(encoding="utf-8")[since:]
    return max((float(m) for m in re.findall(r"longest stall ([\d.]+) ms", text)), default=0.0)


def bystander(port: int, name: str, results: dict[str, float], source: str = "127.0.0.9") -> None:
    """A stranger makes an account and a table; the seconds it took, or -1 if it did not get there in 120 s."""
    started = time.monotonic()
    try:
        client = RawClient(port, source=source)
        client.prompt(120)
        client.send(name)
        client.prompt(120)
        client.send("secret1")
        client.prompt(120)
        client.send("secret1")
        client.prompt(120)
        results["login_s"] = time.monotonic() - started
        client.send("create commerce")
        client.expect("you are the host", timeout=120)
        results["bystander_s"] = time.monotonic() - started
        client.close()
    except (TimeoutError, OSError):
        results.setdefault("bystander_s", -1.0)


def warm(port: int, name: str) -> None:
    client = RawClient(port, source="127.0.0.10")
    client.login(name)
    client.close()


def flood(port: int, make: Callable[[int], bytes], seconds: float, results: dict[str, float]) -> None:
    """A logged-in connection sends what ``make(n)`` makes, as fast as the socket takes it, for ``seconds``, while
    a bystander makes an account and a table."""
    flooder = RawClient(port, source="127.0.0.8")
    flooder.login("Flooder")
    sent, n = 0, 0
    chunk = b"".join(make(n + i) for i in range(200))
    watcher = threading.Thread(target=bystander, args=(port, "Bystander", results))
    deadline = time.monotonic() + seconds
    flooder.sock.settimeout(0.2)
    watcher_started = False
    while time.monotonic() < deadline:
        if not watcher_started and time.monotonic() > deadline - seconds + 1:
            watcher.start()
            watcher_started = True
        if not chunk:  # the quiet run: the same people, no flood
            time.sleep(0.1)
            continue
        try:
            sent += flooder.sock.send(chunk)
        except TimeoutError:
            continue
        except OSError:
            break
        n += 200
        chunk = b"".join(make(n + i) for i in range(200))
    results["offered_mib"] = sent / 2**20
    flooder.drain(1)
    results["pings_answered"] = len([m for m in flooder.gmcp if m[0] == "Core.Ping"])
    if watcher_started:
        watcher.join(130)
    flooder.close()


def attack_chat(port: int, results: dict[str, float]) -> None:
    listener = RawClient(port, source="127.0.0.9")
    listener.login("Listener")
    client = None
    for number in range(20):
        if number % 4 == 0:
            if client is not None:
                client.close()
            client = RawClient(port, source="127.0.0.8")
            client.login("Talker", new=number == 0)
        assert client is not None
        client.send(f"say line {number}")
        client.prompt()
    listener.drain(1)
    results["chat_heard_of_20"] = listener.text.count("Talker says:")


def attack_codes(port: int, results: dict[str, float]) -> None:
    host = RawClient(port, source="127.0.0.9")
    host.login("Host")
    host.send("create commerce name=Secret private=yes")
    code = host.expect(r"invite code is \w+").split()[-1]
    guesser = RawClient(port, source="127.0.0.8")
    guesser.login("Guesser")
    started, tried, answered = time.monotonic(), 0, 0
    while time.monotonic() - started < 10:
        guess = f"{tried:0{len(code)}d}"[-len(code):]
        guesser.send(f"watch Secret {guess}")
        guesser.prompt()
        tried += 1
        if "That is not the invite code" in guesser.text:
            answered = guesser.text.count("That is not the invite code")
        if "Too many wrong invite codes" in guesser.text:
            break
    results["codes_compared"] = answered
    results["guesses_a_second"] = tried / (time.monotonic() - started)
    results["code_alphabet"] = len(set(code))  # a glance at the code's form
    results["code_length"] = len(code)


def crowd(port: int, count: int, source: str, send: bytes, results: dict[str, float]) -> None:
    from test_server_floods_wire import crowd as run_crowd

    counts = run_crowd(port, count, source, send)
    results.update({f"crowd_{key}": value for key, value in counts.items()})


def attack_tls(root: Path, folder: Path, results: dict[str, float]) -> None:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    server = ServerProcess(folder / "data", "--tls-cert", str(cert), "--tls-key", str(key), *SERVER_ARGS[:2],
                           "--max-connections", "3000", open_files=1024, root=root)
    held: list[socket.socket] = []
    try:
        before = resident_mib(server)
        for _ in range(1200):
            with contextlib.suppress(OSError):
                held.append(socket.create_connection(("127.0.0.1", server.port), timeout=5,
                                                     source_address=("127.0.0.6", 0)))
        results["held_open_after_1s"] = float(_still_open(held, 1.0))
        started = time.monotonic()
        try:
            context = ssl.create_default_context(cafile=str(cert))
            plain = socket.create_connection(("127.0.0.1", server.port), timeout=30, source_address=("127.0.0.7", 0))
            player = context.wrap_socket(plain, server_hostname="localhost")
            player.settimeout(30)
            data = b""
            while b"Name?" not in data:
                data += player.recv(4096)
            results["tls_player_s"] = time.monotonic() - started
            player.close()
        except OSError:
            results["tls_player_s"] = -1.0
        results["memory_mib"] = resident_mib(server) - before
        time.sleep(6)
        results["held_open_after_7s"] = float(_still_open(held, 0.1))
        log = (server.data / "server.log").read_text(encoding="utf-8")
        results["resource_log_lines"] = log.count("out of system resource")
        results["log_kib"] = len(log.encode()) / 1024
    finally:
        for sock in held:
            sock.close()
        server.stop()


def _still_open(socks: list[socket.socket], wait: float) -> int:
    """How many of ``socks`` the server has not closed (each looked at for ``wait`` seconds at most, in all)."""
    deadline = time.monotonic() + wait
    open_ = 0
    for sock in socks:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        try:
            if sock.recv(4096):
                open_ += 1
        except TimeoutError:
            open_ += 1
        except OSError:
            pass
    return open_


FLOODS: dict[str, Callable[[int], bytes]] = {
    "quiet": lambda n: b"",
    "supports": lambda n: t.gmcp_bytes("Core.Supports.Add", [f"Made.Up{n} 1"]),
    "settings": lambda n: t.gmcp_bytes("Commerce.Settings", {"verbosity": "brief" if n % 2 else "normal"}),
    "pings": lambda n: t.gmcp_bytes("Core.Ping"),
}
ATTACKS = [*FLOODS, "chat", "codes", "crowd", "tls"]


def run(attack: str, root: Path, seconds: float) -> dict[str, float]:
    results: dict[str, float] = {}
    folder = Path(tempfile.mkdtemp(prefix=f"attack-{attack}-"))
    try:
        if attack == "tls":
            attack_tls(root, folder, results)
            return results
        extra = ("--max-connections", "100", "--login-connections", "100") if attack == "crowd" else ()
        server = ServerProcess(folder / "data", *SERVER_ARGS, *extra, root=root)
        try:
            warm(server.port, "Warm")
            before = resident_mib(server)
            mark = len((server.data / "server.log").read_text(encoding="utf-8"))
            if attack in FLOODS:
                flood(server.port, FLOODS[attack], seconds, results)
            elif attack == "chat":
                attack_chat(server.port, results)
            elif attack == "codes":
                attack_codes(server.port, results)
            else:
                crowd(server.port, 1000, "127.0.0.4", t.negotiation(t.WILL, t.TTYPE) + b"\r\n", results)
            time.sleep(5.5)  # a load line covers the attack
            results["memory_mib"] = resident_mib(server) - before
            results["stall_ms"] = longest_stall(server, mark)
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("attacks", nargs="*", help=f"which attacks (default every one): {', '.join(ATTACKS)}")
    parser.add_argument("--server-root", type=Path, default=ROOT, help="the checkout whose server is attacked")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each flood lasts")
    args = parser.parse_args()
    unknown = [attack for attack in args.attacks if attack not in ATTACKS]
    if unknown:
        parser.error(f"no attack {unknown[0]}; the attacks: {', '.join(ATTACKS)}")
    for attack in args.attacks or ATTACKS:
        results = run(attack, args.server_root.resolve(), args.seconds)
        shown = ", ".join(f"{key} {value:.1f}" if isinstance(value, float) and value % 1 else f"{key} {value:g}"
                          for key, value in results.items())
        print(f"{attack}: {shown}", flush=True)


if __name__ == "__main__":
    main()
