"""The table server end to end through raw connections (issue 18): people of two languages and computer players
play a whole match, each hearing it in their own language, and no hidden card reaches anyone who may not see it,
checked on the bytes each connection received; the wire's conventions; logins and their limits; faults."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import time
from pathlib import Path

import pytest
from server_helpers import RawClient, ServerProcess

from commerce_a11y.narration.words import words
from commerce_a11y.rules import Dealt, ExchangedAll, Swapped, replay
from commerce_a11y.wire import telnet as t

HEADER = {"de": r"Runde (\d+)\. ", "nl": r"Ronde (\d+)\. ", "en": r"Hand (\d+)\. "}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    process = ServerProcess(tmp_path_factory.mktemp("serve"), "--per-address", "300", "--max-connections", "400",
                            "--logins-per-minute", "1000", "--login-per-address", "300", "--login-connections", "400")
    yield process
    process.stop()


def answer_until_over(players: list[RawClient], limit: float = 120) -> None:
    """Each person passes (or keeps, or ends the turn) whenever asked, until their table's question comes back
    after they played (before the match, news such as another's sitting down asks the table's question again)."""
    deadline = time.monotonic() + limit
    over, played = set(), set()
    while len(over) < len(players):
        assert time.monotonic() < deadline, players[0].text[-2000:]
        for client in players:
            for kind, _index in client.new_prompts():
                if kind == "table" and id(client) in played:
                    over.add(id(client))
                elif kind == "turn":
                    played.add(id(client))
                    client.send("p")


def held_cards(record: list[str]) -> dict[int, dict[int, set[int]]]:
    """Hand number -> seat -> the cards dealt to that seat which it never gave away in that hand: nobody else may
    learn them before the showdown (and in normal verbosity the showdown names values, not cards)."""
    match = replay(record)
    kept: dict[int, dict[int, set[int]]] = {}
    number = 0
    for event in match.events:
        if isinstance(event, Dealt):
            number = event.hand
            kept[number] = {seat: set(cards) for seat, cards in event.hands.items()}
        elif isinstance(event, Swapped | ExchangedAll) and number:
            kept[number][event.player] -= set(event.gave)
    return kept


def segments(text: str, lang: str) -> dict[int, str]:
    parts = re.split(HEADER[lang], text)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


@pytest.mark.e2e
def test_two_languages_and_computers_play_a_match_and_nothing_hidden_leaks(server: ServerProcess) -> None:
    greta, joost, sam = RawClient(server.port), RawClient(server.port), RawClient(server.port)
    greta.login("Greta")
    joost.login("Joost")
    sam.login("Sam")
    greta.send("language de")
    greta.prompt()
    joost.send("language nl")
    joost.prompt()
    greta.send("neu commerce name=Abend seats=4 bots=basic")
    assert "Tisch Abend" in greta.prompt()
    joost.send("aanschuiven Abend")
    joost.prompt()
    sam.send("watch Abend")
    sam.prompt()
    greta.send("starten")
    answer_until_over([greta, joost])
    sam.drain(0.5)
    folder = next((server.data / "records").iterdir())
    record = next(folder.glob("*.jsonl")).read_text().splitlines()
    kept = held_cards(record)
    match = replay(record)
    assert match.over and [p.kind for p in match.players] == ["human", "human", "bot:basic", "bot:basic"]

    # Each transcript speaks its listener's language from the first deal to the match end.
    assert re.search(r"Runde 1\. ", greta.text) and "Hand 1." not in greta.text and "Ronde" not in greta.text
    assert re.search(r"Ronde 1\. ", joost.text) and "Hand 1." not in joost.text and "Runde" not in joost.text
    assert "Chips:" in sam.text or "Lives:" in sam.text

    # No card another seat kept hidden appears in a listener's bytes during that hand: by name in its language, or
    # in a GMCP status.
    for client, lang, seat in ((greta, "de", 0), (joost, "nl", 1), (sam, "en", None)):
        names = words("card", lang)
        for number, part in segments(client.text, lang).items():
            for other, cards in kept[number].items():
                if other == seat:
                    continue
                for card in cards:
                    assert names[card] not in part, (lang, number, names[card])
        for status in client.statuses():
            hidden = {c for other, cards in kept.get(status["hand"], {}).items() if other != seat for c in cards}
            codes = {match.players and card.code for card in _cards(hidden)}
            assert not codes & set(status["cards"]), status
            if seat is None:
                assert status["cards"] == []
    for client in (greta, joost, sam):
        client.close()


def _cards(numbers: set[int]) -> list:
    from commerce_a11y.cards import CARDS

    return [CARDS[n] for n in numbers]


@pytest.mark.e2e
def test_wire_conventions_crlf_ga_eor_and_echo_only_around_passwords(server: ServerProcess) -> None:
    plain = RawClient(server.port, mud=False)
    plain.login("Plain")
    plain.send("help")
    plain.prompt()
    raw = bytes(plain.raw)
    data = b"".join(item for item in t.Filter().feed(raw) if isinstance(item, bytes))
    assert b"\n" in data and data.count(b"\n") == data.count(b"\r\n")  # CRLF, never a bare LF
    assert plain.marks and set(plain.marks) == {t.GA}  # no EOR agreed: GA after every question
    # WILL ECHO exactly before each password question, WONT ECHO right after its answer.
    will, wont = bytes((t.IAC, t.WILL, t.ECHO)), bytes((t.IAC, t.WONT, t.ECHO))
    assert raw.count(will) == 2 and raw.count(wont) == 2
    assert raw.index(will) < raw.index(b"Choose a password?") < raw.index(wont)
    assert all(ord(c) < 128 for c in plain.text)  # no UTF-8 agreed: ASCII spelling
    plain.close()

    mud = RawClient(server.port)
    mud.login("Mudder")
    mud.send("help")
    mud.prompt()
    assert t.EOR in mud.marks  # EOR agreed: EOR after questions
    mud.close()
    log = (server.data / "server.log").read_text()
    assert "secret1" not in log


@pytest.mark.e2e
def test_wrong_password_new_account_mismatch_and_bad_names(server: ServerProcess) -> None:
    first = RawClient(server.port)
    first.login("Wilma", "right-one")
    first.close()
    again = RawClient(server.port)
    again.prompt()
    again.send("Wilma")
    again.prompt()
    again.send("wrong")
    again.expect("Wrong password.")
    assert again.prompt().startswith("Name?")
    again.send("You")
    again.expect("the game.s word for the player")
    again.prompt()
    again.send("x" * 30)
    again.expect("2 to 20 letters")
    again.prompt()
    again.send("Wilma")
    again.prompt()
    again.send("right-one")
    again.expect("Welcome, Wilma")
    again.close()


@pytest.mark.e2e
def test_long_lines_malformed_telnet_and_control_characters(server: ServerProcess) -> None:
    client = RawClient(server.port)
    client.login("Lina")
    client.send("x" * 2000)
    client.expect("too long")
    client.prompt()
    client.sock.settimeout(60)  # the server reads a client's bytes at most a megabyte a second (INPUT_RATE)
    client.send_raw(b"a" * 10_000_000 + b"\r\n")  # ten megabytes in one line
    client.expect("too long", timeout=60)
    client.send_raw(bytes((t.IAC, 7, t.IAC, t.SB, t.GMCP)) + b"x" * 20000 + bytes((t.IAC, t.SE)))
    client.send_raw(bytes((t.IAC, t.SE, t.IAC, t.WILL, 200)) + b"\x1b[2Jwho\x07\r\n")
    client.expect("Online: ")
    client.close()


@pytest.mark.e2e
def test_a_client_that_stops_reading_is_dropped_without_slowing_others(server: ServerProcess) -> None:
    quiet = socket.socket()
    quiet.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    quiet.connect(("127.0.0.1", server.port))
    other = RawClient(server.port)
    other.login("Otto")
    quiet.sendall(b"Quiet\r\nsecret1\r\nsecret1\r\n")
    time.sleep(1)
    quiet.settimeout(5)
    log = server.data / "server.log"
    deadline = time.monotonic() + 90  # how soon the queue fills depends on how fast a busy machine answers
    dropped = False
    while time.monotonic() < deadline and not dropped:  # asks for the help text again and again, never reading
        with contextlib.suppress(OSError):
            quiet.sendall(b"help\r\n" * 50)
        other.send("who")
        assert other.expect("Online: ", timeout=5)  # the others are answered at once all along
        dropped = "disconnect 127.0.0.1 Quiet" in log.read_text()
    assert dropped
    quiet.close()
    other.close()


@pytest.mark.e2e
def test_two_hundred_connections_at_once(server: ServerProcess) -> None:
    socks = []
    for _ in range(200):
        socks.append(socket.create_connection(("127.0.0.1", server.port), timeout=20))
    asked = 0
    for sock in socks:
        data = b""
        while b"Name?" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
        asked += b"Name?" in data
    assert asked == 200
    for sock in socks:
        sock.close()
    client = RawClient(server.port)
    client.login("After")
    client.close()


@pytest.mark.e2e
def test_kill_mid_hand_and_restart_keeps_cards_and_turn(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "data")
    try:
        anna = RawClient(first.port)
        anna.login("Alma")
        anna.send("create thirty-one name=Kill seats=3 bots=basic")
        anna.prompt()
        anna.send("start")
        anna.prompt()  # Alma's first question
        before = anna.statuses()[-1]
        first.kill()
    finally:
        if first.proc and first.proc.poll() is None:
            first.kill()
    second = ServerProcess(tmp_path / "data")
    try:
        back = RawClient(second.port)
        back.prompt()
        back.send("Alma")
        back.prompt()
        back.send("secret1")
        back.expect("Back at table Kill")
        back.expect("goes on")
        question = back.prompt()
        assert question.endswith("? ") and ("swap" in question or question.startswith("You may call"))
        after = back.statuses()[-1]
        assert after["cards"] == before["cards"] and after["widow"] == before["widow"]
        assert after["turn"] == before["turn"] == "Alma" and after["hand"] == before["hand"]
        back.close()
    finally:
        second.stop()


def test_status_fields_are_documented() -> None:
    from commerce_a11y.server import status

    for field in ("table", "ruleset", "hand", "cards", "widow", "counter", "players", "pot", "turn", "yours",
                  "phase", "last_round", "knocker", "over", "position"):
        assert f"``{field}``" in (status.__doc__ or "")


def test_gmcp_parse_rejects_garbage() -> None:
    assert t.parse_gmcp(b"Core.Hello {\"a\":1}") == ("Core.Hello", {"a": 1})
    assert t.parse_gmcp(b"\xff\xfe") is None
    assert t.parse_gmcp(b"Bad {not json") is None
    assert json.loads(t.gmcp_bytes("A.B", {"x": 1})[3:-2].split(b" ", 1)[1]) == {"x": 1}


def test_the_question_kinds_gmcp_is_made_once_and_is_the_same_message() -> None:
    for kind in ("name", "turn", "lobby"):
        assert t.ask_bytes(kind) is t.ask_bytes(kind)
        assert t.parse_gmcp(t.ask_bytes(kind)[3:-2]) == ("Commerce.Ask", {"kind": kind})


@pytest.mark.e2e
def test_a_vanished_client_is_found_by_tcp_keepalive_and_user_timeout(server: ServerProcess) -> None:
    """A client whose network vanished without closing (half-open) cannot be made on loopback here (no packet
    filter in this sandbox); what finds it is the kernel's, so the test checks that every connection asks for it."""
    import shutil
    import subprocess

    if shutil.which("ss") is None:
        pytest.skip("ss (iproute2) is not installed")
    client = RawClient(server.port)
    client.login("Keepy")
    out = subprocess.run(["ss", "-tnoi", "sport", "=", f":{server.port}"], capture_output=True, text=True).stdout
    client.close()
    assert "keepalive" in out
