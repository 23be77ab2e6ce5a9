"""The browser's page as the server hands it out: its three files (``commerce_a11y/web/``), its own words in the
person's language, and the headers every answer carries.

The page is one HTML file, one script module and one style sheet, shipped in the wheel, fetched from nowhere else.
The HTML is a template with two places the server fills as it starts: the ``lang`` of the document, and the page's
own words (a JSON object in a ``meta`` element, HTML-escaped), so that the page speaks the language of the server's
``--lang`` before anyone logs in; afterwards the WebSocket brings the words in the person's language
(``web_peer.py``). The words are catalog entries like every sentence the game says.

Every answer forbids what the page does not need: scripts and styles only from the page's own files (no inline
script or style), connections only to its own host, no frames around it, no guessing of types.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..i18n import LANGUAGES, N_, _, speaking

DEFAULT_LANGUAGE = "en"

WORDS = {
    "title": N_("Commerce"),
    "log": N_("Game"),
    "command": N_("Command"),
    "send": N_("Send"),
    "sounds": N_("Sounds"),
    "connecting": N_("Connecting to the server."),
    "lost": N_("Connection lost; connecting again."),
    "back": N_("Connected again."),
    "closed": N_("The server closed the connection. Reload the page to connect again."),
    "keys": N_("F2 reads the last lines again, F8 goes to the lines."),
}
"""The page's own words by the key its elements name (``data-word``)."""

HEADERS = (
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                                "img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-cache"),
)
"""Headers of every answer (the page's files and the refusals alike)."""

TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8"}
FILES = {"/": "index.html", "/index.html": "index.html", "/page.js": "page.js", "/page.css": "page.css"}
"""The paths the page is served at, and its file for each: nothing else is."""


@cache
def words(lang: str) -> dict[str, str]:
    """The page's words in ``lang``."""
    with speaking(lang):
        return {key: _(message) for key, message in WORDS.items()}


@dataclass(frozen=True)
class File:
    body: bytes
    content_type: str


@cache
def page_file(name: str, lang: str) -> File:
    """One of the page's files as it is served (the HTML filled in for ``lang``), read from the package once."""
    text = resources.files("commerce_a11y").joinpath("web", name).read_text(encoding="utf-8")
    if name == "index.html":
        text = text.replace("{lang}", lang).replace("{words}", html.escape(json.dumps(words(lang)), quote=True))
    return File(text.encode("utf-8"), TYPES[name[name.rindex("."):]])


def chosen_language(accept: str | None, default: str) -> str:
    """The page's language before anyone logs in: the first of the browser's languages (``Accept-Language``) the
    game speaks, else the server's."""
    for part in (accept or "").split(",")[:16]:
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return default
