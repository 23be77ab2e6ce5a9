"""Issue 23, item 7: a full disk lost whole tables. With the data folder on a full 8 MiB file system, players went on
hearing moves whose saves failed (161 events heard, never saved; 0 of 4 players told), and after SIGKILL no table
had a save that loaded. Now a move whose save failed is not told: the table hears one sentence, nothing is said or
asked until the save is written (the server keeps trying), and what was heard is always in the save. Through raw
connections to a real server whose data folder is on a disk that fills up (``full_disk.SmallDisk``)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from full_disk import SmallDisk
from server_helpers import RawClient, ServerProcess

WAITS = "The server cannot save right now: the game waits, and the server keeps trying."


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SmallDisk]:
    small = SmallDisk(tmp_path, monkeypatch)
    yield small
    small.close()


@pytest.fixture
def server(disk: SmallDisk) -> Iterator[ServerProcess]:
    process = ServerProcess(disk.data, "--logins-per-minute", "1000")
    yield process
    process.stop()


def stalled(server: ServerProcess, disk: SmallDisk, name: str) -> RawClient:
    """A person alone at a table whose save has just failed on the full disk."""
    client = seated(server, name)
    disk.fill()
    pass_until_the_save_fails(client)
    return client


def seated(server: ServerProcess, name: str) -> RawClient:
    """A person alone with two computer players, at their first turn."""
    client = RawClient(server.port)
    client.login(name)
    client.send(f"create commerce name={name}s seats=3 bots=easy chips=9")
    client.prompt()
    client.send("start")
    until_turn(client)
    return client


def until_turn(client: RawClient, limit: float = 30) -> None:
    deadline = time.monotonic() + limit
    while not turn(client, 0.1):
        assert time.monotonic() < deadline, client.text[-1500:]


def turn(client: RawClient, timeout: float) -> bool:
    """Whether the person's turn question came (a match that ended is started again)."""
    kinds = [kind for kind, _index in client.new_prompts(timeout)]
    if "table" in kinds:
        client.send("start")
    return "turn" in kinds


def pass_until_the_save_fails(client: RawClient, limit: int = 300) -> None:
    """Pass at every turn, on a full disk, until a save fails: a real full file system still takes writes that fit
    in the blocks a file has already."""
    for _turn in range(limit):
        client.send("p")
        deadline = time.monotonic() + 30
        while True:
            client.pump(0.1)
            if WAITS in client.text:
                return
            if turn(client, 0.01):
                break
            assert time.monotonic() < deadline, client.text[-1500:]
    raise AssertionError("no save failed")


def passes_saved(data: Path, seat: int = 0) -> int:
    """The passes of ``seat`` in the table's save, as a restart reads it."""
    from commerce_a11y.server.saves import TableSaves

    (save,) = {p.with_name(p.name.replace(".2.jsonl", ".jsonl")) for p in (data / "tables").glob("*.jsonl")}
    loaded = TableSaves(save).load()
    assert loaded is not None
    return sum(1 for line in loaded[0] if json.loads(line) == {"event": "pass", "player": seat})


@pytest.mark.e2e
def test_a_move_whose_save_failed_is_not_told_and_the_game_goes_on_once_the_disk_has_room(
        server: ServerProcess, disk: SmallDisk) -> None:
    ada = stalled(server, disk, "Ada")
    ada.send("hand")
    ada.expect("The game waits until the server can save it.")
    ada.drain(2.5)  # two tries of the save meanwhile
    after = ada.text.split(WAITS, 1)[1]
    assert after.strip() == "The game waits until the server can save it."  # nothing told, nothing asked
    disk.free()
    until_turn(ada, limit=40)  # the server tried again: the move that waited is told, and the game goes on
    ada.send("p")
    until_turn(ada)
    assert ada.text.count(WAITS) == 1  # one sentence, however many tries
    assert passes_saved(disk.data) == ada.text.count("You pass.")
    assert "Traceback" not in (server.data / "server.log").read_text()
    ada.close()


@pytest.mark.e2e
def test_after_sigkill_on_a_full_disk_every_move_heard_is_in_the_save_and_the_table_comes_back(
        server: ServerProcess, disk: SmallDisk) -> None:
    bea = stalled(server, disk, "Bea")
    heard = bea.text.count("You pass.")
    server.kill()
    disk.free()
    assert passes_saved(disk.data) == heard  # heard, so saved; the pass that waited was never told
    server.start()
    back = RawClient(server.port)
    back.login("Bea", new=False)
    back.expect("Back at table Beas.")
    assert back.kinds[-1] == "turn"  # asked again the turn whose move was never saved (login took the question)
    back.send("p")
    back.expect("You pass.")
    back.close()
    log = (server.data / "server.log").read_text()
    assert re.search(r"table Beas \(\w+\): restored|table Beas restored", log), log[-1500:]


@pytest.mark.e2e
def test_on_a_full_disk_a_new_account_and_a_new_table_are_refused_with_a_sentence(
        server: ServerProcess, disk: SmallDisk) -> None:
    """SQLite's own writes meet the full disk too (only on a real file system; the injected one fails os.write)."""
    if not disk.real:
        pytest.skip("only a real full file system refuses SQLite's writes")
    cid = RawClient(server.port)
    cid.login("Cid")
    disk.fill()
    cid.send("create commerce name=Nowhere seats=3")
    cid.expect("The server cannot save right now: try again in a moment.")
    new = RawClient(server.port)
    new.prompt()
    new.send("Dot")
    new.prompt()
    new.send("secret1")
    new.prompt()
    new.send("secret1")
    new.expect("The server cannot save right now: try again in a moment.")
    assert new.prompt() == "Name? "  # asked again, and nothing broke
    disk.free()
    new.send("Dot")
    new.prompt()
    new.send("secret1")
    new.prompt()
    new.send("secret1")
    new.expect("Welcome, Dot.")
    cid.send("create commerce name=Somewhere seats=3")
    cid.expect("Table Somewhere: ")
    cid.close()
    new.close()


def test_the_log_goes_on_after_the_disk_had_no_room_for_some_lines(tmp_path: Path) -> None:
    """It gave up for good at the first line it could not write: a full disk silenced the log until a restart."""
    import errno

    from commerce_a11y.server.serve import LogFile

    log = LogFile(tmp_path / "server.log")
    real_write, failing = log.file.write, [2]

    def write(text: str) -> int:
        if failing[0]:
            failing[0] -= 1
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(text)

    log.file.write = write  # type: ignore[method-assign]
    for text in ("one", "two", "three"):
        log(text)
    log.close()
    lines = (tmp_path / "server.log").read_text().splitlines()
    assert [line[20:] for line in lines] == ["2 log lines lost", "three"]
