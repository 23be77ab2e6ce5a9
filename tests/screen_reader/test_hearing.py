"""What the Orca test finds wrong in a burst (``hearing.Burst``), on logs written here as Orca 43 writes them, and
when it skips: so a failure of the real test means what it says."""

from __future__ import annotations

import pytest

from commerce_a11y import platforms

from .conftest import unavailable
from .hearing import Burst

pytestmark = pytest.mark.screen_reader

PRINTED = "hand\r\nYour cards: s8 sa hk.\r\nYour hand: Point, 29.\r\nTurn: s8 sa hk, c2 hq h4 "
QUESTION_BRAILLE = ("12:00:01.000300 - BRAILLE LINE:  ',turn3 s#h sa hk1 c#b hq h#d '\n"
                    "12:00:01.000301 -      VISIBLE:  ',turn3 s#h sa hk1 c#b hq h#d ', cursor=29\n")


def spoken(*messages: str) -> str:
    """Orca's debug log of ``messages``, each spoken as one: its further lines indented as Orca indents them."""
    return "".join(f"12:00:00.{n:06d} - SPEECH OUTPUT: '" + message.replace("\n", "\n" + " " * 18)
                   + "'[{'established': False}]\n" for n, message in enumerate(messages))


def test_a_burst_heard_whole_has_no_problem() -> None:
    log = spoken("ha", "nd", "return ", "Your cards: s8 sa hk.\nYour hand: Point, 29.", "Turn: s8 sa hk, c2 hq h4 ")
    assert Burst("hand", PRINTED, log + QUESTION_BRAILLE).problems() == []


def test_a_line_missing_twice_or_after_the_question_is_named() -> None:
    log = spoken("Your cards: s8 sa hk.", "Turn: s8 sa hk, c2 hq h4 ", "Your cards: s8 sa hk.")
    assert Burst("hand", PRINTED, log + QUESTION_BRAILLE).problems() == [
        "printed 1x, spoken 2x: 'Your cards: s8 sa hk.'",
        "printed 1x, spoken 0x: 'Your hand: Point, 29.'",
        "(Orca spoke ['Your cards: s8 sa hk.', 'Turn: s8 sa hk, c2 hq h4 ', 'Your cards: s8 sa hk.'])",
        "the question 'Turn: s8 sa hk, c2 hq h4' is not spoken last (last: 'Your cards: s8 sa hk.')"]


def test_an_escape_sequence_spoken_is_named() -> None:
    log = spoken("Your cards: s8 sa hk.\nYour hand: Point, 29.", "\x1b[2KTurn: s8 sa hk, c2 hq h4 ")
    problems = Burst("hand", PRINTED, log + QUESTION_BRAILLE).problems()
    assert any(problem.startswith("an escape sequence spoken") for problem in problems)


def test_a_question_wider_than_the_display_is_named_with_its_cells() -> None:
    printed = "13\r\nAnna knocks.\r\nAnna klopfte: he4 pia hek, kak hed kad "
    log = spoken("Anna knocks.\nAnna klopfte: he4 pia hek, kak hed kad ")
    braille = ("12:00:01.000300 - BRAILLE LINE:  'anna klopfte: he#d pia hek, kak hed kad '\n"
               "12:00:01.000301 -      VISIBLE:  'nna klopfte: he#d pia hek, kak hed kad ', cursor=40\n")
    assert Burst("13", printed, log + braille).problems() == [
        "'Anna klopfte: he4 pia hek, kak hed kad' takes 41 cells with the cursor: the display shows "
        "'nna klopfte: he#d pia hek, kak hed kad ' of 'anna klopfte: he#d pia hek, kak hed kad '"]


def test_a_question_without_a_braille_line_is_named() -> None:
    log = spoken("Your cards: s8 sa hk.\nYour hand: Point, 29.\nTurn: s8 sa hk, c2 hq h4 ")
    assert Burst("hand", PRINTED, log).problems() == ["no braille line at the question 'Turn: s8 sa hk, c2 hq h4'"]


def test_without_orca_it_skips_except_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^missing orca$"):
        unavailable("missing orca")
    monkeypatch.setenv("CI", "1")
    with platforms.simulated("linux"), pytest.raises(pytest.fail.Exception, match="cannot run: missing orca"):
        unavailable("missing orca")
    with platforms.simulated("win32"), pytest.raises(pytest.skip.Exception):  # the forge's Windows job
        unavailable("missing orca")


def test_a_line_spoken_in_pieces_as_the_terminal_got_it_counts_once() -> None:
    log = spoken("return ", "Your cards: s8 sa hk.\nYour hand: Point, 29.", "Turn: s8 sa", " hk, c2 hq h4 ")
    assert Burst("hand", PRINTED, log + QUESTION_BRAILLE).problems() == []


def test_the_last_lines_of_the_burst_read_early_are_not_counted_twice() -> None:
    printed = "pass\r\nYou pass.\r\nAnna s5 for ct.\r\nCem ct for s4.\r\nswap, pass, knock? "
    log = spoken("return ", "Cem ct for s4.\nswap, pass, knock? ", "You pass.\nAnna s5 for ct.",
                 "Cem ct for s4.", "swap, pass, knock? ")
    braille = ("12:00:01.000300 - BRAILLE LINE:  'swap1 pass1 knock8 '\n"
               "12:00:01.000301 -      VISIBLE:  'swap1 pass1 knock8 ', cursor=19\n")
    assert Burst("pass", printed, log + braille).problems() == []
    from_inside_a_line = spoken("return ", "s4.\nswap, pass, knock? ", "You pass.\nAnna s5 for ct.",
                                "Cem ct for s4.", "swap, pass, knock? ")
    assert Burst("pass", printed, from_inside_a_line + braille).problems() == []


def test_lines_read_early_are_forgiven_only_when_the_burst_is_spoken_after_them() -> None:
    printed = "pass\r\nYou pass.\r\nAnna s5 for ct.\r\nCem ct for s4.\r\nswap, pass, knock? "
    log = spoken("return ", "Cem ct for s4.\nswap, pass, knock? ", "You pass.\nAnna s5 for ct.")
    assert Burst("pass", printed, log).spoken() == ["Cem ct for s4.", "swap, pass, knock?", "You pass.",
                                                    "Anna s5 for ct."]


def test_a_line_printed_and_spoken_once_is_never_taken_as_read_early() -> None:
    printed = "x\r\nYou knock.\r\nswap, all, pass? "
    log = spoken("return ", "You knock.", "swap, all, pass? ")
    assert Burst("x", printed, log).spoken() == ["You knock.", "swap, all, pass?"]
