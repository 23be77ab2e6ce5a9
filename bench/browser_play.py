"""A whole match in the browser's page, by keyboard alone, while a second person at the same table plays over
telnet: Playwright on Debian's Chromium against a real ``commerce serve --web-port``, with axe-core at each phase.

Prints what a player and an auditor would want to know: the questions asked and answered, the page's ARIA tree at
the login, in the lobby and at the match's end, where focus was after each answer, axe-core's violations, and
whether the telnet player heard the same match (its last lines against the page's).

    uv run python bench/browser_play.py [--lang de|nl|en] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright
from server_helpers import RawClient, ServerProcess

END = {"en": re.compile(r"wins? the match"), "de": re.compile(r"gewinnst? die Partie"),
       "nl": re.compile(r"wint de partij")}
"""The match's end as the page says it: "You win the match!" to the winner, "Bo wins the match." to the others."""
CREATE = {"en": "create", "de": "neu", "nl": "nieuw"}
START = {"en": "start", "de": "starten", "nl": "starten"}


def telnet_player(port: int, stop: threading.Event, heard: list[str]) -> None:
    """Bo: logs in over telnet, sits at the table Web, and passes at every turn until the match is over."""
    bo = RawClient(port)
    bo.login("Bo")
    bo.send("join Web")
    bo.expect("Web", timeout=20)
    while not stop.is_set():
        for kind, _index in bo.new_prompts(0.2):
            if kind == "turn":
                bo.send("p")
        if END["en"].search(bo.text):
            break
    bo.drain(1)
    heard.extend(bo.text.splitlines())
    bo.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="en", choices=("en", "de", "nl"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp())
    server = ServerProcess(data, "--web-port", "0")
    assert server.proc is not None and server.proc.stdout is not None
    web_port = 0
    while not web_port:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.proc.stdout.readline())
        web_port = int(found.group(1)) if found else 0
    stop, heard = threading.Event(), []
    axe, violations, focus_lost = Axe(), {}, 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
            page = browser.new_page(locale=args.lang)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            response = page.goto(f"http://127.0.0.1:{web_port}/")
            assert response is not None
            print("CSP:", response.headers.get("content-security-policy"))
            asks = page.locator("#log .ask")

            def until(holds: Callable[[], bool], seconds: float = 30) -> None:
                """Poll from here: the page's CSP refuses the string a wait_for_function would evaluate."""
                deadline = time.monotonic() + seconds
                while not holds():
                    if time.monotonic() > deadline:
                        raise TimeoutError(page.locator("#log").inner_text()[-800:])
                    page.wait_for_timeout(100)

            def answer(text: str, wait_for_ask: bool = True) -> None:
                nonlocal focus_lost
                before = asks.count()
                page.keyboard.type(text)
                page.keyboard.press("Enter")
                if wait_for_ask:
                    until(lambda: asks.count() > before)
                if page.evaluate("document.activeElement.id") not in ("input", "secret"):
                    focus_lost += 1

            until(lambda: asks.count() > 0)
            print("login:", page.locator("body").aria_snapshot(), sep="\n")
            found = axe.run(page)
            violations["login"] = found.violations_count
            for violation in found.response["violations"]:
                print("axe:", violation["id"], violation["impact"], [n["target"] for n in violation["nodes"]][:4])
            answer("Ada")
            print("password field:", page.evaluate(
                "[document.activeElement.id, document.activeElement.type, document.activeElement.autocomplete]"))
            answer("secret1")
            answer("secret1")
            found = axe.run(page)
            violations["lobby"] = found.violations_count
            for violation in found.response["violations"]:
                print("axe:", violation["id"], violation["impact"], [n["target"] for n in violation["nodes"]][:4])
            print("lobby:", page.locator("body").aria_snapshot(), sep="\n")
            if args.lang != "en":  # the server speaks English (--lang en) until the person chooses
                answer(f"language {args.lang}")
            answer(f"{CREATE[args.lang]} commerce name=Web seats=3 bots=easy chips=1")
            bo = threading.Thread(target=telnet_player, args=(server.port, stop, heard))
            bo.start()
            until(lambda: "Bo" in page.locator("#log").inner_text())
            answer(START[args.lang])
            turns = 0
            deadline = time.monotonic() + 300
            while not END[args.lang].search(page.locator("#log").inner_text()) and time.monotonic() < deadline:
                label = page.locator("#ask").inner_text()
                if label.endswith("?") and "," in label:  # a turn's question: "swap, pass, knock?"
                    answer("p", wait_for_ask=False)
                    turns += 1
                    page.wait_for_timeout(300)
                else:
                    page.wait_for_timeout(200)
            found = axe.run(page)
            violations["match over"] = found.violations_count
            for violation in found.response["violations"]:
                print("axe:", violation["id"], violation["impact"], [n["target"] for n in violation["nodes"]][:4])
            print("match over:", page.locator("body").aria_snapshot()[-1200:], sep="\n")
            lines = [line for burst in page.locator("#log p").all_inner_texts() for line in burst.split("\n")]
            print(f"turns answered by keyboard: {turns}; log lines: {len(lines)}; focus left the input "
                  f"{focus_lost} times; page errors: {errors}")
            print("axe-core violations:", violations)
            print("html lang:", page.evaluate("document.documentElement.lang"),
                  "line lang:", page.evaluate("document.querySelector('#log p:last-child').lang"))
            stop.set()
            bo.join(60)
            ends_page = [line for line in lines if END[args.lang].search(line)]
            ends_bo = [line for line in heard if END["en"].search(line)]
            print("the page's end:", ends_page, "telnet's end:", ends_bo)
            browser.close()
    finally:
        stop.set()
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
