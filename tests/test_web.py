"""The browsers' endpoint (``commerce serve --web-port``) as a page and as an attacker meet it: the page's files and
their headers, the WebSocket's messages, and every frame a page could send, with raw sockets where no library would
send it (docs/hosting.md, "The browser's page")."""

from __future__ import annotations

import asyncio
import json
import socket
import urllib.request
from pathlib import Path

import pytest
from web_helpers import Page, Site, frame, raw_socket, site
from websockets.exceptions import ConnectionClosed, InvalidStatus

from commerce_a11y.server import sockets, web_peer
from commerce_a11y.server import web as endpoint
from commerce_a11y.server.limits import Limits


def fetch(port: int, path: str, language: str = "") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def online(web: Site, account: str) -> bool:
    return any(session.account == account for session in web.server.sessions)


def test_the_page_is_served_with_headers_that_allow_only_its_own_files(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path) as web:
            pages = await asyncio.to_thread(
                lambda: [fetch(web.port, path, "nl-BE,nl;q=0.9") for path in ("/", "/page.js", "/page.css")])
            missing = await asyncio.to_thread(fetch, web.port, "/../server.db")
            german = await asyncio.to_thread(fetch, web.port, "/", "de-DE")
        for status, headers, _body in pages:
            assert status == 200
            policy = headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "script-src 'self'" in policy
            assert "frame-ancestors 'none'" in policy and "'unsafe-inline'" not in policy
            assert headers["X-Content-Type-Options"] == "nosniff"
        assert [p[1]["Content-Type"].split(";")[0] for p in pages] == ["text/html", "text/javascript", "text/css"]
        html = pages[0][2].decode()
        assert '<html lang="nl">' in html and "Versturen" in html  # the browser's language, where the game has it
        assert '<html lang="de">' in german[2].decode() and "Senden" in german[2].decode()
        assert "<script>" not in html and " style=" not in html and "{words}" not in html
        assert sum(len(p[2]) for p in pages) <= 40 * 1024
        assert missing[0] == 404 and "frame-ancestors 'none'" in missing[1]["Content-Security-Policy"]

    asyncio.run(main())


def test_a_page_of_another_site_cannot_open_the_websocket(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path) as web:
            with pytest.raises(InvalidStatus) as refused:
                await Page.open(web, origin="http://evil.example")  # type: ignore[arg-type]
            assert refused.value.response.status_code == 403
            own = await Page.open(web, origin=f"http://127.0.0.1:{web.port}")  # type: ignore[arg-type]
            await own.ask("name")
            await own.close()
            assert any("another site" in line for line in web.log)

    asyncio.run(main())


def test_a_login_and_the_lobby_over_the_websocket(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path) as web:
            page = await Page.open(web)
            first = await page.until(lambda m: True)
            assert first["type"] == "words" and first["lang"] == "en" and first["words"]["send"] == "Send"
            await page.log_in("Ada")
            assert page.messages[1] == {"type": "ask", "text": "Name? ", "kind": "name", "heading": ""}
            assert page.messages[-1] == {"type": "ask", "text": "Lobby? ", "kind": "lobby", "heading": "Lobby"}
            assert page.data("Commerce.Settings") == [{"sounds": "on"}]
            assert len(page.data("Commerce.Resume")) == 1
            await page.line("language de")
            words = await page.until(lambda m: m["type"] == "words")
            assert words["lang"] == "de" and words["words"]["send"] == "Senden"
            assert (await page.ask("lobby"))["heading"] == "Lobby"
            await page.connection.send(json.dumps({"type": "data", "package": "Commerce.Settings",
                                                   "data": {"sounds": "off"}}))
            await page.close()
            await asyncio.sleep(0.2)
            web.server.store.core.settle()
            assert web.server.store.accounts.find("Ada")[2]["sounds"] == "off"  # type: ignore[index]

    asyncio.run(main())


def test_a_binary_frame_and_a_line_too_long_get_one_sentence_and_the_question_again(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path) as web:
            page = await Page.open(web)
            await page.log_in("Ada")
            await page.connection.send(b"\x00\xff binary")
            await page.ask("lobby")
            await page.line("x" * 2000)
            await page.ask("lobby")
            await page.connection.send(["wh", "o"])  # one message in three frames: one line
            await page.ask("lobby")
            said = page.lines()
            assert said.index("Only lines of text are read here; that message is left out.") + 1 \
                == said.index("That line is too long; it is left out.") < said.index("Ada in the lobby, English.")

    asyncio.run(main())


def test_a_message_over_the_limit_or_text_not_utf8_ends_only_that_connection(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path) as web:
            other = await Page.open(web)
            await other.log_in("Bo")
            big = await Page.open(web)
            await big.ask("name")
            await big.connection.send("x" * (65 * 1024))
            with pytest.raises(ConnectionClosed) as closed:
                await big.until(lambda m: False)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

            def broken() -> bytes:
                sock = raw_socket(web.port)
                sock.sendall(frame(0x1, b"caf\xc3"))  # a text frame that is not UTF-8
                received = b""
                while chunk := sock.recv(4096):
                    received += chunk
                sock.close()
                return received

            received = await asyncio.to_thread(broken)
            assert b"\x88" in received and (1007).to_bytes(2, "big") in received  # closed: invalid data
            await other.line("who")
            await other.ask("lobby")
            assert other.lines()[-1] == "Bo in the lobby, English."
            assert not any("Traceback" in line for line in web.log)

    asyncio.run(main())


def test_a_page_that_stops_reading_is_dropped_and_nobody_waits(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # The bounds made small, so that a few help texts fill them (the real ones take a minute of lines at the pace
    # a person may type them): what is tested is what happens once they are full.
    monkeypatch.setattr(web_peer, "OUTPUT_LIMIT", 8 * 1024)
    monkeypatch.setattr(sockets, "SEND_BUFFER", 4096)
    monkeypatch.setattr(endpoint, "WRITE_LIMIT", 1024)

    async def main() -> None:
        async with site(tmp_path, Limits(per_address=20)) as web:
            reader = await Page.open(web)
            await reader.log_in("Bo")
            small = socket.socket()
            small.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            small.connect(("127.0.0.1", web.port))
            silent = await Page.open(web, sock=small, max_queue=1)
            await silent.log_in("Ada")
            silent.connection.transport.pause_reading()  # reads nothing more
            for _ in range(90):  # asks for the help text again and again
                await asyncio.wait_for(silent.line("help"), 5)
                await asyncio.sleep(0.01)
                if not online(web, "Ada"):
                    break
            assert not online(web, "Ada")
            assert any(line.startswith("dropped") and "not read" in line for line in web.log), web.log
            await reader.line("who")
            await reader.ask("lobby", timeout=5)
            assert reader.lines()[-1] == "Bo in the lobby, English."

    asyncio.run(main())


def test_a_crowd_of_sockets_from_one_address_is_turned_away_and_a_player_still_logs_in(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path, Limits(per_address=10, connections=2000)) as web:
            crowd = await asyncio.gather(*(Page.open(web) for _ in range(1000)), return_exceptions=True)
            assert all(isinstance(page, Page) for page in crowd)
            refused = 0
            for page in crowd:
                try:
                    await page.until(lambda m: False, timeout=1)  # type: ignore[union-attr]
                except ConnectionClosed as closed:  # turned away: one sentence, then "try again later"
                    said = page.lines()  # type: ignore[union-attr]
                    refused += closed.rcvd is not None and closed.rcvd.code == 1013 and len(said) == 1
                except AssertionError:  # let in: asked its name
                    pass
            assert refused >= 990
            assert len(web.server.sessions) <= 10
            for page in crowd:
                await page.close()  # type: ignore[union-attr]
            await asyncio.sleep(0.2)
            player = await Page.open(web)
            await player.log_in("Ada")

    asyncio.run(main())


def test_a_resume_token_brings_the_page_back_once_and_not_after_the_grace_period(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path, Limits(grace=1), trusted=("127.0.0.1",)) as web:
            page = await Page.open(web)
            await page.log_in("Ada")
            token = page.data("Commerce.Resume")[-1]["token"]
            page.connection.transport.abort()  # the network is gone, not a quit
            await asyncio.sleep(0.1)
            back = await Page.open(web, token, additional_headers={"X-Forwarded-For": "198.51.100.7"})
            await back.ask("lobby")
            assert not any(m["type"] == "ask" and m["kind"] == "name" for m in back.messages)
            assert any(line.startswith("resumed Ada from 198.51.100.7") for line in web.log)
            again = await Page.open(web, token)  # good once
            await again.ask("name")
            assert "Your earlier login has ended; log in again." in again.lines()
            newer = back.data("Commerce.Resume")[-1]["token"]
            back.connection.transport.abort()
            await asyncio.sleep(1.3)  # the grace period is over
            late = await Page.open(web, newer, additional_headers={"X-Forwarded-For": "203.0.113.9"})
            await late.ask("name")
            assert "Your earlier login has ended; log in again." in late.lines()

    asyncio.run(main())


def test_the_forwarded_address_is_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    async def main() -> None:
        async with site(tmp_path) as web:
            page = await Page.open(web, additional_headers={"X-Forwarded-For": "198.51.100.7"})
            await page.log_in("Ada")
            assert any(line.startswith("login Ada from 127.0.0.1") for line in web.log)
        async with site(tmp_path / "proxied", trusted=("127.0.0.1",)) as web:
            page = await Page.open(web, additional_headers={"X-Forwarded-For": "10.0.0.1, 198.51.100.7"})
            await page.log_in("Ada")
            assert any(line.startswith("login Ada from 198.51.100.7") for line in web.log)

    asyncio.run(main())
