"""Issue 26, items 1 and 2: coming back to a table. The catch-up tells each hand that ended meanwhile by its outcome
(who lost what, and the counts left), then everyone's counts, then the hand being played, where the moves the
computer made for the person are said as such; a long absence is bounded. A match that ended while its player was
away is told once, at the next login, with where its record is (no file name for a telnet client).

In process (``table_harness``): the real server on a virtual clock, so the grace period passes at once."""

from __future__ import annotations

import re

from table_harness import Harness, PeerClient
from test_server_tables import play, table

from commerce_a11y.rules import Dealt, Move
from commerce_a11y.seat.hearing import MISSED_HANDS


def back_in(harness: Harness, name: str) -> PeerClient:
    """``name`` logs in again (an account made before); no question follows while the table plays on."""
    client = harness.connect()
    client.prompt()
    client.send(name)
    client.prompt()
    client.send("secret1")
    return client


def catch_up(text: str, start: str) -> list[str]:
    """The lines from ``start`` (the catch-up's first line) to the next question."""
    lines = text[text.index(start):].split("\r\n") if "\r\n" in text else text[text.index(start):].splitlines()
    said = []
    for line in lines[1:]:
        if line.endswith("? ") or not line:
            break
        said.append(line)
    return said


def gone_from(harness: Harness, spec: str, lang: str) -> tuple[PeerClient, PeerClient]:
    """Ada hosts a table of ``spec``, Bo (speaking ``lang``) sits down, the match starts, and Bo's connection drops."""
    ada, bo = harness.person("Ada"), harness.person("Bo")
    table(ada, spec, bo)
    if lang != "en":
        bo.send(f"language {lang}")
        bo.prompt()
    ada.send("start")
    ada.drain(0.3)
    bo.close()
    return ada, bo


def away_for(harness: Harness, host: PeerClient, hands: int) -> None:
    """Bo (seat 2) left; the host plays on until ``hands`` more hands began and, in the hand being played, the
    computer has made a move for Bo."""
    host.expect("the computer plays for Bo after 90 seconds")
    harness.advance(91)
    (drop,) = harness.server.tables.values()
    first = drop.match.hand_no

    def moved_for_bo() -> bool:
        events = drop.match.events
        deal = max(i for i, e in enumerate(events) if isinstance(e, Dealt))
        return drop.match.hand_no >= first + hands and any(
            isinstance(e, Move) and e.player == 1 for e in events[deal:])

    play([host], moved_for_bo)


def test_the_catch_up_tells_each_hand_missed_the_counts_and_the_computers_moves_as_such(harness: Harness) -> None:
    ada, bo = gone_from(harness, "commerce name=Drop seats=3 bots=basic chips=9", "en")
    away_for(harness, ada, 3)
    bo = back_in(harness, "Bo")
    bo.expect("Since you left:")
    bo.drain(0.3)
    lines = catch_up(bo.text, "Since you left:")
    hands = [i for i, line in enumerate(lines) if re.fullmatch(r"Hand \d+\.", line)]
    assert len(hands) >= 2, lines
    for i in hands:  # each hand by its outcome alone: who lost, with the count left
        assert re.fullmatch(r"(You lose|\w+ loses) a chip(, \d+ left)?\.|No one would be left.*", lines[i + 1]), lines
    counts = next(i for i, line in enumerate(lines) if line.startswith("Chips: you "))
    assert counts > hands[-1]
    mine = [line for line in lines if line.startswith("The computer played for you: You ")]
    assert mine, lines
    # The person's own moves are never told as if they had made them.
    assert not any(re.match(r"You (take|pass|knock)", line) for line in lines), lines
    for client in (ada, bo):
        client.close()


def test_a_long_absence_is_told_in_a_bounded_number_of_lines(harness: Harness) -> None:
    ada, bo = gone_from(harness, "commerce name=Drop seats=3 bots=basic chips=9", "de")
    away_for(harness, ada, MISSED_HANDS + 3)
    bo = back_in(harness, "Bo")
    bo.expect("Seit du weg warst:")
    bo.drain(0.3)
    lines = catch_up(bo.text, "Seit du weg warst:")
    assert sum(bool(re.fullmatch(r"Runde \d+\.", line)) for line in lines) == MISSED_HANDS, lines
    assert re.fullmatch(r"Davor endeten \d+ Runden\.", lines[0]), lines
    assert any(line.startswith("Der Computer spielte für dich: Du ") for line in lines), lines
    assert len(lines) <= 2 * MISSED_HANDS + 2 + 30
    for client in (ada, bo):
        client.close()


def test_a_match_that_ended_while_away_is_told_once_at_the_next_login(harness: Harness) -> None:
    ada, bo = gone_from(harness, "commerce name=Short seats=3 bots=basic chips=1", "nl")
    ada.expect("the computer plays for Bo after 90 seconds")
    harness.advance(91)
    play([ada], lambda: "wins the match" in ada.text or "share the win" in ada.text or "You win the match" in ada.text)
    harness.settle()
    bo = back_in(harness, "Bo")
    bo.expect("Je partij Commerce is afgelopen terwijl je weg was.")
    bo.drain(0.3)
    lines = catch_up(bo.text, "Je partij Commerce is afgelopen terwijl je weg was.")
    assert re.search(r"wint de partij|win(t|nen) samen|Jij wint", lines[0]), lines
    # A telnet client cannot use a file name: it hears how to get the record instead.
    assert "Het verslag van de partij staat op de server. Log in met commerce join om het te krijgen." in lines
    assert ".jsonl" not in bo.text
    bo.close()
    again = back_in(harness, "Bo")
    again.drain(0.3)
    assert "afgelopen terwijl je weg was" not in again.text  # once
    for client in (ada, again):
        client.close()


def test_news_of_a_record_gone_or_broken_is_dropped_and_the_login_goes_on(harness: Harness) -> None:
    cy = harness.person("Cy")
    cy.close()
    broken = harness.data / "broken.jsonl"
    broken.write_text('{"format": 1}\nnot json\n')
    harness.server.store.news.add("Cy", str(broken), 0)
    harness.server.store.news.add("Cy", str(harness.data / "gone.jsonl"), 0)
    harness.settle()
    again = back_in(harness, "Cy")
    again.prompt()
    assert again.prompts[-1] == "Lobby? " and "went wrong" not in again.text
    harness.settle()
    assert harness.server.store.news.of("Cy") == []  # told once: not again
    again.close()
