"""The server's language through real connections (issue 26, item 7): ``commerce serve --lang de`` asks a new
telnet player in German and makes German the new account's language, and every language's lobby words work
before a player has said a language (a German player types ``hilfe`` in an English lobby)."""

from __future__ import annotations

import re

import pytest
from server_helpers import RawClient, ServerProcess

from commerce_a11y.i18n import speaking, translation
from commerce_a11y.server.lobby_commands import lobby_help

pytestmark = pytest.mark.e2e  # every test here starts a server


def test_a_german_server_asks_a_new_player_in_german_and_the_lobby_speaks_german(tmp_path) -> None:
    server = ServerProcess(tmp_path, "--lang", "de")
    try:
        client = RawClient(server.port)
        german = translation("de").gettext
        client.prompt()
        client.send("Greta")
        client.expect(re.escape(german("{name} is new here.").format(name="Greta")))
        client.prompt()
        client.send("secret1")
        client.prompt()
        client.send("secret1")
        client.prompt()
        client.send("hilfe")
        with speaking("de"):
            first = lobby_help("de", at_table=False)[0]
        client.expect(re.escape(first))
        client.close()
    finally:
        server.stop()


def test_an_english_lobby_understands_german_and_dutch_words(tmp_path) -> None:
    server = ServerProcess(tmp_path)
    try:
        client = RawClient(server.port)
        client.login("Daan")
        first = re.escape(lobby_help("en", at_table=False)[0])
        for word in ("hilfe", "hulp"):
            client.send(word)
            client.expect(first)
            client.prompt()
        client.close()
    finally:
        server.stop()
