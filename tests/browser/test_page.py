"""The browser's page (``commerce serve --web-port``) in a real browser, Debian's Chromium driven by Playwright
(``conftest.py``), against a real server: what ``bench/browser_play.py`` shows by hand, asserted.

A whole match played by keyboard alone, with a telnet player at the same table: focus never lost, the password typed
into a password field of its own and never shown, the page's ARIA tree and axe-core's verdict at the login, in the
lobby and at the match's end, and both players told the same winner. Markup in another player's chat shown as text.
A page turned away at the door (the server full for its address) says why once and does not knock again.

Every page runs under the page's own Content-Security-Policy, which refuses the strings Playwright's
``wait_for_function`` evaluates: waiting is polling from here (``Player.until``).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import RawClient, ServerProcess

pytestmark = pytest.mark.e2e

END = re.compile(r"You win the match!|(\S+) wins the match\.|share the win")
"""The match's last word, as each player hears it (``narration/narrator.py``, ``_match_end``)."""
TURN = re.compile(r"\bpass\b[^?]*\?\s*$")
"""A turn's question ("Last turn: swap, pass?", "swap, pass, knock?"): pass is one of its answers."""
PASSWORD = "Hush-7fq2zx"
"""Ada's password: typed into the page, and never to be seen in it."""
HOSTILE = """<img src=x onerror="document.title='pwned'"> <b>bold</b>"""
CLOSED = "The server closed the connection. Reload the page to connect again."
FULL = "The server is full; try again later."


def web_server(data: Path, *args: str) -> tuple[ServerProcess, int]:
    """``commerce serve --web-port 0`` and the port its page is served at (the line after the telnet port's)."""
    server = ServerProcess(data, "--web-port", "0", *args)
    assert server.proc is not None and server.proc.stdout is not None
    for _line in range(20):
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.proc.stdout.readline())
        if found:
            return server, int(found.group(1))
    server.stop()
    raise AssertionError("the server did not say where its page is")


def winner(line: str, me: str) -> str:
    """Who wins, by a player's end of the match (``END``), from ``me``'s ears."""
    found = END.search(line)
    assert found is not None, line
    return me if found.group(0).startswith("You") else found.group(1) or found.group(0)


class Player:
    """A page of the browser, played by keyboard, with the page's errors and every answer's focus kept."""

    def __init__(self, browser: Any, url: str) -> None:
        self.page = browser.new_page(locale="en")
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.on("console", lambda message: self.errors.append(f"console: {message.text}")
                     if message.type == "error" else None)
        self.focus: list[tuple[str, str]] = []
        """Per answer: what was typed (a password as ``***``) and the id of the focused element after it."""
        self.url = url
        self.asks = self.page.locator("#log .ask")
        """The questions in the log (each the last line of its burst)."""
        self.log = self.page.locator("#log")

    def open(self) -> Any:
        response = self.page.goto(self.url)
        assert response is not None and response.ok
        return response

    def until(self, holds: Callable[[], bool], seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while not holds():
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {seconds} s; the log ends: {self.log.inner_text()[-1500:]!r}")
            self.page.wait_for_timeout(100)

    def focused(self) -> str:
        return str(self.page.evaluate("document.activeElement && document.activeElement.id"))

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def answer(self, text: str, secret: bool = False, also: Callable[[], bool] = lambda: False) -> None:
        """Type ``text`` (unless typed already) and Enter, and wait for the next question (or ``also``); focus must
        still be in a shown field."""
        before = self.asks.count()
        field = self.page.locator("#secret" if secret else "#input")
        if field.input_value() != text:
            self.type(text)
        self.page.keyboard.press("Enter")
        self.until(lambda: self.asks.count() > before or also())
        self.focus.append(("***" if secret else text, self.focused()))
        assert self.focus[-1][1] in ("input", "secret"), f"focus lost after answering {self.focus[-1]}"
        assert self.page.locator(f"#{self.focus[-1][1]}").is_visible(), "focus is in the hidden field"

    def lines(self) -> list[str]:
        """The log's lines: a paragraph's text, or each of its lines where one paragraph holds a burst."""
        return [line.strip() for text in self.page.locator("#log p").all_text_contents()
                for line in text.split("\n") if line.strip()]

    def last_question(self) -> str:
        return str(self.asks.last.text_content()).strip()

    def log_in(self, name: str, password: str, at_password: Callable[[], None] = lambda: None) -> None:
        """A new person's login by keyboard (name, password, the password again), checked at every step; at each
        password question, before it is answered, ``at_password``."""
        from playwright.sync_api import expect

        self.until(lambda: self.asks.count() > 0)
        assert self.focused() == "input"
        self.answer(name)
        for question in ("Choose a password?", "The password again?"):
            self.check_secret_field(question)
            at_password()
            self.type(password)
            assert self.page.locator("#secret").input_value() == password
            assert self.page.locator("#input").input_value() == ""
            assert password not in self.page.locator("body").inner_text()
            self.answer(password, secret=True)
        assert self.last_question() == "Lobby?", self.lines()[-4:]
        assert self.focused() == "input", "after the login focus is back in the text field"
        expect(self.page.locator("#secret")).to_be_hidden()
        expect(self.page.locator("#secret")).to_have_value("")
        self.check_password_unseen(password)

    def check_secret_field(self, question: str) -> None:
        """At a password question: the password field has focus, is one, and is named by the question; the text
        field is hidden (a moment later: the page keeps the field that had focus in the accessibility tree for a second,
        labelled by the question too, so that Orca hears of the new field's focus first)."""
        from playwright.sync_api import expect

        assert self.last_question() == question, self.lines()[-4:]
        active = self.page.evaluate("[document.activeElement.id, document.activeElement.type]")
        assert active == ["secret", "password"], active
        expect(self.page.locator("#input")).to_be_hidden()
        expect(self.page.get_by_role("textbox", name=question)).to_be_focused()
        expect(self.page.locator("main")).to_match_aria_snapshot(
            f'- textbox /{re.escape(question)}/\n- button "Send"')

    def check_password_unseen(self, password: str) -> None:
        assert password not in self.page.locator("#input").input_value()
        assert password not in self.log.inner_text() and password not in (self.log.text_content() or "")
        assert password not in self.page.locator("body").inner_text()
        assert password not in self.page.locator("body").aria_snapshot()

    def check_axe(self, axe: Any, when: str) -> None:
        found = axe.run(self.page)
        described = [(v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]][:4])
                     for v in found.response["violations"]]
        for violation in described:
            print(f"axe-core at {when}:", *violation)
        assert found.violations_count == 0, f"axe-core at {when}: {described}"


def check_tree(player: Player, question: str) -> None:
    """The page's ARIA tree: a log, the text field named by the question, a Send button, a Sounds checkbox."""
    from playwright.sync_api import expect

    tree = player.page.locator("body").aria_snapshot()
    print(tree)
    expect(player.page.locator("body")).to_match_aria_snapshot(
        f'- main:\n'
        f'  - log "Game"\n'
        f'  - textbox /{re.escape(question)}/\n'
        f'  - button "Send"\n'
        f'  - checkbox "Sounds" [checked]\n')
    expect(player.page.get_by_role("textbox", name=question)).to_be_focused()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[[str], Player]]:
    """Makes a ``Player`` of a new page (its own browser context) at a URL; every one closed after the test."""
    made: list[Player] = []

    def make(url: str) -> Player:
        made.append(Player(browser, url))
        return made[-1]

    yield make
    for player in made:
        player.page.close()


def telnet_player(port: int, stop: threading.Event, heard: list[str], failed: list[BaseException]) -> None:
    """Bo: logs in over telnet, sits at the table Web, and passes at every turn until the match is over."""
    try:
        bo = RawClient(port)
        bo.login("Bo")
        bo.send("join Web")
        bo.expect("You sit at table Web", timeout=20)
        while not stop.is_set() and not END.search(bo.text):
            for kind, _index in bo.new_prompts(0.2):
                if kind == "turn":
                    bo.send("p")
        bo.drain(0.5)
        heard.extend(bo.text.splitlines())
        bo.close()
    except BaseException as error:  # told to the test, which waits for this thread
        failed.append(error)


@pytest.mark.timeout(240)
def test_a_whole_match_by_keyboard_with_a_telnet_player_at_the_table(open_page: Callable[[str], Player],
                                                                      tmp_path: Path) -> None:
    from axe_playwright_python.sync_playwright import Axe

    server, web_port = web_server(tmp_path / "server")
    stop, heard, failed = threading.Event(), [], []
    bo = threading.Thread(target=telnet_player, args=(server.port, stop, heard, failed), daemon=True)
    axe = Axe()
    try:
        ada = open_page(f"http://127.0.0.1:{web_port}/")
        response = ada.open()
        policy = response.headers["content-security-policy"]
        assert "'unsafe-inline'" not in policy and "frame-ancestors 'none'" in policy
        assert "script-src 'self'" in policy and "default-src 'none'" in policy
        assert response.headers["x-content-type-options"] == "nosniff"

        ada.until(lambda: ada.asks.count() > 0)
        check_tree(ada, "Name?")
        ada.check_axe(axe, "the login")
        ada.log_in("Ada", PASSWORD, at_password=lambda: ada.check_axe(axe, "a password question"))
        check_tree(ada, "Lobby?")
        ada.check_axe(axe, "the lobby")

        ada.answer("create commerce name=Web seats=3 bots=easy chips=1")
        bo.start()
        ada.until(lambda: "Bo sits down" in ada.log.inner_text())
        ada.answer("start")

        def over() -> bool:
            return bool(END.search(ada.log.inner_text()))

        turns, handled = 0, [0]  # the questions looked at
        deadline = time.monotonic() + 150
        while not over():
            assert time.monotonic() < deadline, f"no end of the match; the log ends: {ada.lines()[-10:]}"
            ada.until(lambda: ada.asks.count() > handled[0] or over(), 60)
            handled[0] = ada.asks.count()
            if TURN.search(ada.last_question()):
                ada.answer("p", also=over)
                turns += 1
        lines = ada.lines()
        ending = [line for line in lines if END.search(line)]
        ada.check_axe(axe, "the match's end")
        print(ada.page.locator("body").aria_snapshot()[-1500:])
        print(f"turns answered by keyboard: {turns}; focus after each answer: {ada.focus}")
        bo.join(60)
        assert not bo.is_alive() and not failed, failed
        heard_end = [line for line in heard if END.search(line)]
        print("the page's end:", ending, "telnet's end:", heard_end)
        assert turns > 0 and len(ending) == 1 and len(heard_end) == 1, (ending, heard_end)
        assert winner(ending[0], "Ada") == winner(heard_end[0], "Bo"), (ending, heard_end)
        assert all(focus in ("input", "secret") for _typed, focus in ada.focus), ada.focus
        ada.check_password_unseen(PASSWORD)
        assert ada.errors == [], ada.errors

        # The policy is the browser's law too: a script put inline into the page does not run.
        ada.page.evaluate("""() => { const s = document.createElement('script');
            s.textContent = "document.title = 'inline ran'"; document.body.append(s); }""")
        ada.page.wait_for_timeout(200)
        assert ada.page.title() != "inline ran"
        assert any("Content Security Policy" in error for error in ada.errors), ada.errors
    finally:
        stop.set()
        server.stop()


@pytest.mark.timeout(120)
def test_markup_in_a_chat_line_is_shown_as_text(open_page: Callable[[str], Player], tmp_path: Path) -> None:
    server, web_port = web_server(tmp_path / "server")
    bo = None
    try:
        ada = open_page(f"http://127.0.0.1:{web_port}/")
        ada.open()
        ada.log_in("Ada", PASSWORD)
        bo = RawClient(server.port)
        bo.login("Bo")
        bo.send(f"say {HOSTILE}")
        bo.expect("Bo says:")
        ada.until(lambda: "Bo says:" in ada.log.inner_text())
        ada.page.wait_for_timeout(300)  # an onerror, had an image been made, would have run by now
        said = [line for line in ada.lines() if line.startswith("Bo says:")]
        assert said == [f"Bo says: {HOSTILE}"], said
        assert ada.page.locator("img, b").count() == 0  # none in the log, nor anywhere
        assert ada.page.evaluate("[...document.querySelectorAll('#log p')].some(p => p.textContent.includes("
                                 "'<img src=x'))")
        assert ada.page.title() != "pwned"
        assert ada.focused() == "input"
        assert ada.errors == [], ada.errors
    finally:
        if bo is not None:
            bo.close()
        server.stop()


@pytest.mark.timeout(120)
def test_a_page_turned_away_at_the_door_says_why_once_and_does_not_knock_again(
        open_page: Callable[[str], Player], tmp_path: Path) -> None:
    server, web_port = web_server(tmp_path / "server", "--per-address", "1")
    holder = RawClient(server.port)  # the one connection 127.0.0.1 may have
    try:
        holder.prompt()  # admitted: the name's question
        player = open_page(f"http://127.0.0.1:{web_port}/")
        sockets: list[str] = []
        player.page.on("websocket", lambda socket: sockets.append(socket.url))
        # Each close code the page's WebSockets get, kept where the test can read it (an init script runs before
        # the page's module, and Playwright adds it outside the page's policy).
        player.page.add_init_script("""(() => {
            const Native = window.WebSocket;
            window.closeCodes = [];
            window.WebSocket = class extends Native {
                constructor(...args) {
                    super(...args);
                    this.addEventListener('close', (event) => window.closeCodes.push(event.code));
                }
            };
        })()""")
        player.open()
        started = time.monotonic()
        player.until(lambda: CLOSED in player.log.inner_text(), 15)
        player.page.wait_for_timeout(max(0, 5000 - (time.monotonic() - started) * 1000))
        lines = player.lines()
        assert player.page.evaluate("window.closeCodes") == [1013]
        assert len(sockets) == 1, sockets
        assert lines.count(FULL) == 1 and lines.count(CLOSED) == 1, lines
        assert lines.index(FULL) < lines.index(CLOSED), lines
        assert player.focused() == "input"
        # Enter now sends nothing and opens nothing: the page says why, and keeps what was typed.
        player.type("hello")
        player.page.keyboard.press("Enter")
        player.until(lambda: player.page.locator("#again").text_content() == CLOSED, 5)
        assert player.page.locator("#input").input_value() == "hello"
        assert len(sockets) == 1 and player.lines().count(CLOSED) == 1
        assert player.errors == [], player.errors
    finally:
        holder.close()
        server.stop()
    assert "refused 127.0.0.1: full for the address" in (tmp_path / "server" / "server.log").read_text()
