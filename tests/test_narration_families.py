"""Issue 17, the player's side of Schwimmen (S1-S10) and Trade and Barter (X1-X6): what each seat hears at each
verbosity and card style, the questions (the dealer's blind choice, swap all, an offer on another player's turn,
trades and offers on one's own), the words players type, the review commands and the advice."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterator

import pytest
from engine_helpers import cards, lay, new_match, play

from commerce_a11y.cards import CARDS
from commerce_a11y.console.game import Game
from commerce_a11y.console.speech import SilentSpeech
from commerce_a11y.console.terminal import Terminal
from commerce_a11y.i18n import LANGUAGES, _, use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.narration.voice import CardStyle, Verbosity
from commerce_a11y.narration.words import card_code, card_name
from commerce_a11y.rules import (
    Accept,
    Bartered,
    CounterKind,
    Dealt,
    Decline,
    Declined,
    Done,
    Eliminated,
    ExchangeAll,
    ExchangedAll,
    Fired,
    Keep,
    Kept,
    Knock,
    Match,
    Offer,
    Offered,
    Pass,
    Passed,
    Phase,
    Refreshed,
    SeatView,
    Settled,
    Showdown,
    Swimming,
    Trade,
    Traded,
    record_lines,
    replay,
    ruleset,
)
from commerce_a11y.seat.advice import hint_lines, trade_chance, unseen, whatif_lines
from commerce_a11y.seat.explain import explain_lines
from commerce_a11y.seat.handler import Say, handle
from commerce_a11y.seat.hearing import Hearing
from commerce_a11y.seat.parser import Invalid, Play, Review, ReviewCommand, parse, shown_words
from commerce_a11y.seat.prompts import question as ask
from commerce_a11y.simulate import play_match

NAMES = ["Anna", "Ben", "Cem"]
BRIEF, NORMAL, VERBOSE = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.VERBOSE


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    use_language("en")
    yield
    use_language("en")


def narrator(name: str, seat: int, verbosity: Verbosity = NORMAL, style: CardStyle = CardStyle.NAMES) -> Narrator:
    return Narrator(ruleset(name), NAMES, seat, verbosity, style)


def heard(name: str, seat: int, events: list, verbosity: Verbosity = NORMAL,
          style: CardStyle = CardStyle.NAMES) -> list[str]:
    """The lines ``seat`` hears for the events, each as that seat may know it."""
    return narrator(name, seat, verbosity, style).events([e.visible_to(seat) for e in events])


def hearing_for(match: Match, seat: int, verbosity: Verbosity = NORMAL, style: CardStyle = CardStyle.NAMES
                ) -> Hearing:
    names = [p.name for p in match.players]
    return Hearing(match, seat, Narrator(match.rules, names, seat, verbosity, style))


def asked(hearing: Hearing, command: str, view: SeatView) -> list[str]:
    """The lines a review command says at this view."""
    outcome = handle(hearing, Review(ReviewCommand(command)), view)
    assert isinstance(outcome, Say), outcome
    return list(outcome.lines)


# ----- what each seat hears: Trade and Barter -----

QUEEN, SEVEN, TWO, ACE = cards("QH 7C 2S AD")
BARTER = [Offered(1, 2, QUEEN), Bartered(1, 2, QUEEN, SEVEN), Traded(1, TWO, ACE, 0), Offered(2, 1, TWO),
          Declined(1, 2), Traded(0, SEVEN, QUEEN, None)]
"""Ben offers Cem the queen of hearts, who gives the seven of clubs for it; Ben trades (Anna deals); Cem offers Ben
a card, who declines; Anna, the dealer, trades (her chip to the box)."""


def test_x3_x4_each_seat_hears_offers_trades_and_answers_as_it_may_know_it() -> None:
    assert heard("tauschen", 0, BARTER) == [
        "Ben offers Cem a card.", "Cem takes it.", "Ben trades a card and pays you a chip.",
        "Cem offers Ben a card.", "Ben declines.",
        "You trade the seven of clubs for the queen of hearts and pay a chip to the box."]
    assert heard("tauschen", 1, BARTER) == [
        "You offer the queen of hearts to Cem.", "Cem takes it and gives you the seven of clubs.",
        "You trade the two of spades for the ace of diamonds and pay Anna a chip.",
        "Cem offers you the two of spades.", "You decline.", "Anna trades a card and pays a chip to the box."]
    assert heard("tauschen", 2, BARTER) == [
        "Ben offers you the queen of hearts.", "You give the seven of clubs for the queen of hearts.",
        "Ben trades a card and pays Anna a chip.",
        "You offer the two of spades to Ben.", "Ben declines.", "Anna trades a card and pays a chip to the box."]


def test_x3_brief_speech_says_every_trade_and_who_got_the_chip_never_the_cards() -> None:
    assert heard("tauschen", 0, BARTER, BRIEF)[2] == "Ben trades and pays you."
    assert heard("tauschen", 2, BARTER, BRIEF)[2] == "Ben trades and pays Anna."
    assert heard("tauschen", 1, BARTER, BRIEF)[-1] == "Anna trades and pays the box."
    assert heard("tauschen", 1, BARTER, BRIEF, CardStyle.CODES)[2] == "You dA for s2."


@pytest.mark.parametrize("name", ["schwimmen", "tauschen"])
@pytest.mark.parametrize("verbosity", list(Verbosity))
def test_g7_no_line_names_a_card_the_seat_may_not_know(name: str, verbosity: Verbosity) -> None:
    """X3, X4, S2: every line a seat hears for an event names only cards in that seat's view of the event (a
    trade's cards for the trader, an offer's for the two players, the blind dealer's new hand for the dealer)."""
    from engine_helpers import named_cards

    match = play_match(ruleset(name), ["random"] * 4, seed=7)
    kinds = {type(e) for e in match.events}
    assert kinds >= ({Traded, Offered, Bartered, Declined} if name == "tauschen" else {ExchangedAll, Kept})
    for lang in LANGUAGES:
        use_language(lang)
        for seat in range(4):
            talk = Narrator(match.rules, ["You", *NAMES], seat, verbosity)
            for event in match.events:
                seen = event.visible_to(seat)
                text = " ".join(talk.event(seen))
                hidden = set(CARDS) - named_cards(seen)
                if isinstance(event, Showdown | Dealt) or not text:
                    continue  # a showdown names its shown hands, a deal the seat's own cards only (named_cards)
                assert not [c for c in hidden if re.search(rf"\b{re.escape(card_name(c))}\b", text)], (event, text)


def test_x5_the_counts_after_a_hand_include_the_trades() -> None:
    """The hand's counts changed by trades are said with those the showdown changed (the others stand)."""
    settled = Settled({2: -1}, {0: 5, 1: 2, 2: 1}, traded={0: 2, 1: -1, 2: -1})
    assert narrator("tauschen", 0).event(settled) == ["Chips: you 5, Ben 2, Cem 1."]
    assert narrator("tauschen", 0).event(Settled({2: -1}, {0: 3, 1: 3, 2: 2})) == ["Chips: Cem 2."]


def test_x3_x4_a_whole_match_counts_every_trade_in_the_hands_counts() -> None:
    match = play_match(ruleset("tauschen"), ["random"] * 4, seed=7)
    start = dict.fromkeys(range(4), 3)
    for event in match.events:
        if isinstance(event, Settled):
            for seat, total in event.totals.items():
                assert total == start[seat] + event.changes.get(seat, 0) + event.traded.get(seat, 0)
            start = dict(event.totals)


# ----- what each seat hears: Schwimmen -----

def schwimmen_deal() -> Match:
    """Four players, the schwimmen widow face down at the dealer's choice, no one holding 31."""
    match = new_match("schwimmen", 3, seed=1)
    lay(match, ["7C 8D 9H", "10C JD QS", "KC AD 7H"], "8C 9D 10H")
    return match


def test_s2_the_blind_choice_is_heard_as_each_seat_may_know_it() -> None:
    old, middle = cards("KC AD 7H"), cards("8C 9D 10H")
    took = ExchangedAll(2, tuple(old), tuple(middle), blind=True)
    assert heard("schwimmen", 2, [took]) == [
        "You take the face-down widow. Your cards: eight of clubs, nine of diamonds, ten of hearts. New widow: "
        "king of clubs, ace of diamonds, seven of hearts."]
    assert heard("schwimmen", 2, [took], BRIEF, CardStyle.CODES) == ["You c8 d9 hT for cK dA h7."]
    assert heard("schwimmen", 0, [took]) == [
        "Cem takes the face-down widow. New widow: king of clubs, ace of diamonds, seven of hearts."]
    assert heard("schwimmen", 0, [took], BRIEF, CardStyle.CODES) == ["Cem: face-down widow for cK dA h7."]
    kept = Kept(2, tuple(middle))
    assert heard("schwimmen", 0, [kept]) == ["Cem keeps their cards. Widow: eight of clubs, nine of diamonds, ten "
                                             "of hearts."]
    assert heard("schwimmen", 2, [kept], BRIEF, CardStyle.CODES) == ["You keep. Widow: c8 d9 hT."]
    use_language("de")
    assert heard("schwimmen", 0, [kept], BRIEF, CardStyle.CODES) == ["Cem behält sie. Skat: kr8 ka9 heZ."]
    assert heard("schwimmen", 0, [took], BRIEF, CardStyle.CODES) == ["Cem: verdeckter Skat für krK kaA he7."]
    use_language("nl")
    assert heard("schwimmen", 0, [took], BRIEF, CardStyle.CODES) == ["Cem: dichte widow voor klH ruA ha7."]


def test_s2_the_middle_face_down_is_said_except_when_brief() -> None:
    match = schwimmen_deal()
    deal = next(e for e in match.events if isinstance(e, Dealt))
    assert "The widow lies face down." in heard("schwimmen", 0, [deal])
    assert "The widow lies face down." not in heard("schwimmen", 0, [deal], BRIEF)


def test_s3_a_swap_of_all_three_is_heard_by_everyone() -> None:
    swap = ExchangedAll(0, tuple(cards("7C 8D 9H")), tuple(cards("8C 9D 10H")))
    assert heard("schwimmen", 0, [swap]) == ["You swap all three. Your cards: eight of clubs, nine of diamonds, ten "
                                             "of hearts."]
    assert heard("schwimmen", 0, [swap], BRIEF) == ["You: widow for seven of clubs, eight of diamonds, nine of hearts."]
    assert heard("schwimmen", 1, [swap]) == ["Anna swaps all three. New widow: seven of clubs, eight of diamonds, "
                                             "nine of hearts."]
    assert heard("schwimmen", 1, [swap], BRIEF) == ["Anna: widow for seven of clubs, eight of diamonds, nine of "
                                                    "hearts."]


def test_s5_a_fresh_widow_is_said_at_every_verbosity() -> None:
    fresh = Refreshed(tuple(cards("7C 8D 9H")), tuple(cards("8C 9D 10H")))
    assert heard("schwimmen", 0, [fresh], BRIEF, CardStyle.CODES) == ["New widow: c8 d9 hT."]
    assert heard("schwimmen", 0, [fresh]) == ["Everyone passed. New widow: eight of clubs, nine of diamonds, ten "
                                              "of hearts."]
    assert heard("schwimmen", 0, [fresh], VERBOSE)[0].startswith("Everyone passed: seven of clubs, eight of")


def test_s5_schwimmen_passes_are_schieben_in_german() -> None:
    passes = [Passed(1), Passed(2)]
    use_language("de")
    assert heard("schwimmen", 0, passes) == ["Ben und Cem schieben."]
    assert heard("schwimmen", 0, [Passed(1)]) == ["Ben schiebt."]
    assert heard("schwimmen", 1, [Passed(1)]) == ["Du schiebst."]
    assert heard("tauschen", 0, [Passed(1)]) == ["Ben passt."]  # the others say passen
    use_language("nl")
    assert heard("schwimmen", 0, passes) == ["Ben en Cem passen."]


def test_s6_s7_shows_and_fire_at_every_verbosity() -> None:
    aces, other = cards("AC AD AH"), cards("7C 8D 9H")
    show = [Fired(1, "fire"), Showdown({0: tuple(other), 1: tuple(aces), 2: tuple(cards("KC QC JC"))}, {},
                                       losers=(0, 2))]
    assert heard("schwimmen", 0, show, NORMAL)[-2:] == ["You lose a life.", "Cem loses a life."]
    # Brief speech tells the losers with the counts they are left with, a line each.
    settled = Settled({0: -1, 2: -1}, {0: 2, 1: 3, 2: 1})
    assert heard("schwimmen", 0, [*show, settled], BRIEF) == ["Ben shows three aces: fire!",
                                                              "You lose a life, 2 left.", "Cem loses a life, 1 left."]
    use_language("de")
    assert heard("schwimmen", 2, show, BRIEF)[0] == "Ben zeigt drei Asse: Feuer!"
    assert heard("schwimmen", 2, [Fired(1, "31")])[0] == "Ben zeigt 31: Schnauz!"
    use_language("nl")
    assert heard("schwimmen", 2, show, BRIEF)[0] == "Ben laat drie azen zien: vuur!"


def test_s9_lives_and_swimming_in_chips() -> None:
    match = schwimmen_deal()
    match.counts = [2, 0, 1]
    hearing = hearing_for(match, 0)
    assert asked(hearing, "chips", match.view(0)) == ["Lives: you 2, P1 0, P2 1.", "Swimming: P1.",
                                                      "This is hand 1."]
    use_language("de")
    assert asked(hearing, "chips", match.view(0))[1:] == ["Schwimmen: P1.", "Das ist Runde 1."]


# ----- the questions -----

def tauschen_at_turn() -> Match:
    match = new_match("tauschen", 3, seed=2)
    lay(match, ["7C 7D 7H", "8C 9D 10S", "JC QD KS"], "")
    return match


def question(match: Match, verbosity: Verbosity = NORMAL, style: CardStyle = CardStyle.NAMES) -> str:
    seat = match.to_act
    assert seat is not None
    return ask(hearing_for(match, seat, verbosity, style).narrator, match.view(seat))


def status(match: Match, verbosity: Verbosity = NORMAL, style: CardStyle = CardStyle.NAMES) -> list[str]:
    """The lines before the question of the seat to act, which has heard nothing yet."""
    seat = match.to_act
    assert seat is not None
    return hearing_for(match, seat, verbosity, style).status(match.view(seat))


def test_x4_the_offer_is_asked_of_the_neighbour_on_the_offerers_turn() -> None:
    match = tauschen_at_turn()
    offerer = match.to_act
    play(match, Offer(cards("7C")[0]))
    neighbour = match.to_act
    assert match.phase is Phase.ANSWER and neighbour != offerer
    who = match.players[offerer].name
    # The offer on the line before the question (issue 25, item 6); with codes, the hand after it.
    assert status(match)[0] == f"{who} offers you the seven of clubs."
    assert question(match) == question(match, BRIEF) == "give, decline? "
    assert status(match, BRIEF, CardStyle.CODES) == [f"{who} offers you the c7.", "Your cards: cJ dQ sK."]
    assert question(match, NORMAL, CardStyle.CODES) == "c7 offered: give, decline? "
    use_language("de")
    assert status(match)[0] == f"{who} bietet dir Kreuz 7 an."
    assert question(match) == "geben, ablehnen? "
    assert question(match, BRIEF, CardStyle.CODES) == "kr7 angeboten: geben, ablehnen? "
    use_language("nl")
    assert question(match) == "geven, weigeren? "


def test_x4_the_offer_is_said_once_before_its_question_and_in_full_on_review() -> None:
    """The neighbour's lines do not tell the offer as an event: the line before its question says it; ``history``
    tells it too."""
    match = tauschen_at_turn()
    neighbour = match.order[-1]
    hearing = hearing_for(match, neighbour)
    events = play(match, Offer(cards("7C")[0]))
    assert match.to_act == neighbour
    offered = f"{match.players[match.order[0]].name} offers you the seven of clubs."
    assert offered not in hearing.tell(events)
    assert offered in asked(hearing, "history", match.view(neighbour))
    third = hearing_for(match, match.order[1])
    assert third.tell(events) == [
        f"{match.players[match.order[0]].name} offers {match.players[neighbour].name} a card."]


def test_x2_x3_the_turn_question_names_trade_and_offer() -> None:
    match = tauschen_at_turn()
    assert question(match) == question(match, BRIEF) == "trade, offer, pass, knock? "
    assert question(match, BRIEF, CardStyle.CODES) == "trade, offer, pass, knock? "
    assert status(match, BRIEF, CardStyle.CODES) == ["Your cards: c7 d7 h7."]
    use_language("de")
    assert question(match) == "tauschen, handeln, passen, klopfen? "
    use_language("nl")
    assert question(match) == "ruilen, handelen, passen, kloppen? "


def test_x4_after_a_declined_offer_the_turn_goes_on_without_a_second_offer() -> None:
    match = tauschen_at_turn()
    play(match, Offer(cards("7C")[0]), Decline())
    assert question(match) == "Your turn goes on: trade, pass, knock? "
    use_language("de")
    assert question(match) == "Weiter: tauschen, passen, klopfen? "


def test_s2_s3_the_blind_choice_and_the_turn_with_swap_all() -> None:
    match = schwimmen_deal()
    assert match.phase is Phase.EXCHANGE
    for verbosity, style in itertools.product(Verbosity, CardStyle):
        assert question(match, verbosity, style) == "You deal: take, keep? "
    assert status(match, BRIEF, CardStyle.CODES) == ["Your cards: cK dA h7."]
    play(match, Keep())
    assert question(match) == "swap, all, pass? "  # S3: no knock in the first round; "all" swaps all three
    assert status(match, BRIEF, CardStyle.CODES) == ["c7 d8 h9, c8 d9 hT"]
    use_language("de")
    assert question(match) == "tauschen, alle, schieben? "
    use_language("nl")
    assert question(match) == "ruilen, alles, passen? "


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_brief_questions_with_codes_fit_a_40_cell_line(lang: str) -> None:
    """Each question of the new rulesets with the longest codes of the language, at brief verbosity, within 40
    characters (braille cells are measured by bench/speech_cost.py; the tmux test counts them)."""
    from commerce_a11y.cards import deck

    use_language(lang)
    for name in ("schwimmen", "tauschen"):
        match = new_match(name, 3, seed=1)
        longest = sorted(deck(32 if name == "schwimmen" else 52), key=lambda c: len(card_code(c)), reverse=True)
        for seat, first in zip(match.order, range(0, 9, 3), strict=True):
            match.hands[seat] = list(longest[first:first + 3])
        if match.rules.widow:
            match.widow = list(longest[9:12])
            match.turn_widow = tuple(match.widow)
        lines = []
        if match.phase is Phase.EXCHANGE:
            lines.append(question(match, BRIEF, CardStyle.CODES))
            play(match, Keep())
        lines.append(question(match, BRIEF, CardStyle.CODES))
        if name == "tauschen":
            play(match, Offer(match.hands[match.to_act][0]))
            lines.append(question(match, BRIEF, CardStyle.CODES))
        for line in lines:
            assert len(line.strip()) <= 40, line


# ----- the words players type -----

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_a_question_shows_is_understood(lang: str) -> None:
    """What a question shows is what the player types: each ruleset's own words too ("schieben", "swap all",
    "trade"), and passing on an offer declines it."""
    use_language(lang)
    match = schwimmen_deal()
    words = shown_words(lang, "schwimmen")
    view = match.view(match.to_act)
    assert parse(words["take"], view) == Play(ExchangeAll())
    assert parse(words["keep"], view) == Play(Keep())
    play(match, Keep())
    view = match.view(match.to_act)
    assert parse(words["all"], view) == Play(ExchangeAll())
    assert parse(words["pass"], view) == Play(Pass())
    assert parse(words["all"].split()[0], view) == Play(ExchangeAll()) or parse(words["all"].split()[-1],
                                                                               view) == Play(ExchangeAll())
    assert isinstance(parse(f"{words['swap']} 13", view), Play)

    match = tauschen_at_turn()
    words = shown_words(lang, "tauschen")
    view = match.view(match.to_act)
    hand = view.hand
    assert parse(f"{words['swap']} 2", view) == Play(Trade(hand[1]))
    assert parse(f"{words['offer']} 2", view) == Play(Offer(hand[1]))
    assert isinstance(parse("2", view), Invalid)
    play(match, Offer(hand[0]))
    view = match.view(match.to_act)
    assert parse(f"{words['give']} 3", view) == Play(Accept(view.hand[2]))
    assert parse("3", view) == Play(Accept(view.hand[2]))
    assert parse(card_name(view.hand[2]), view) == Play(Accept(view.hand[2]))
    assert parse(words["decline"], view) == Play(Decline())
    assert parse(words["pass"], view) == Play(Decline())
    assert parse("knock", view) == Play(Knock())  # refused by the rules, with the reason


@pytest.mark.parametrize(("lang", "typed", "action"), [
    ("de", "schieben", Pass()), ("de", "klopfen", Knock()), ("de", "alle tauschen", ExchangeAll()),
    ("de", "nehmen", ExchangeAll()), ("de", "behalten", Keep()),
    ("nl", "alles ruilen", ExchangeAll()), ("nl", "pakken", ExchangeAll()), ("nl", "houden", Keep()),
    ("en", "swap all", ExchangeAll()), ("en", "take", ExchangeAll()), ("en", "all", ExchangeAll()),
])
def test_schwimmen_words(lang: str, typed: str, action: object) -> None:
    use_language(lang)
    match = schwimmen_deal()
    if not isinstance(action, Done) and typed not in ("nehmen", "pakken", "take"):
        play(match, Keep())
    assert parse(typed, match.view(match.to_act)) == Play(action)  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "typed", "kind"), [
    ("de", "tauschen 1", Trade), ("de", "handeln 1", Offer), ("de", "anbieten 1", Offer),
    ("nl", "ruilen 1", Trade), ("nl", "handelen 1", Offer), ("nl", "aanbieden 1", Offer),
    ("en", "trade 1", Trade), ("en", "barter 1", Offer), ("en", "offer 1", Offer),
])
def test_tauschen_words(lang: str, typed: str, kind: type) -> None:
    use_language(lang)
    match = tauschen_at_turn()
    parsed = parse(typed, match.view(match.to_act))
    assert isinstance(parsed, Play) and isinstance(parsed.action, kind)


# ----- review and advice -----

def test_x1_widow_says_there_is_none_and_what_the_stock_holds() -> None:
    match = tauschen_at_turn()
    assert asked(hearing_for(match, match.to_act), "widow", match.view(match.to_act)) == [
        "There is no widow in Trade and Barter. The stock holds 43 cards."]


def test_x3_whatif_names_a_trades_chance_and_an_answers_value() -> None:
    match = tauschen_at_turn()
    seat = match.to_act
    view = match.view(seat)
    talk = Narrator(match.rules, NAMES, seat)
    # Three sevens: only the fourth seven improves them (a trade of any one of them).
    assert len(unseen(view)) == 49 and trade_chance(view, view.hand[0]) == 0
    assert whatif_lines(view, talk, ["1"]) == ["Trading seven of clubs costs a chip.",
                                               "It improves your hand 0 times in 100.",
                                               "Now you hold tricon of sevens."]
    assert whatif_lines(view, talk, []) == ["Which card? For example whatif 2."]
    play(match, Offer(view.hand[0]))
    answer = match.view(match.to_act)
    talk = Narrator(match.rules, NAMES, match.to_act)
    assert whatif_lines(answer, talk, ["2"]) == ["Giving queen of diamonds for seven of clubs makes point, 27.",
                                                 "Now you hold point, 30."]


def test_s3_whatif_all_values_the_whole_widow() -> None:
    match = schwimmen_deal()
    play(match, Keep())
    view = match.view(match.to_act)
    talk = Narrator(match.rules, NAMES, match.to_act)
    assert whatif_lines(view, talk, ["all"]) == ["Swapping all three makes 10 points.", "Now you hold 9 points."]


def test_s2_whatif_at_the_blind_choice_says_the_widow_is_face_down() -> None:
    """Issue 25, item 12: ``whatif`` at the dealer's blind choice was refused with a sentence about the range of
    card numbers; the widow lies face down, so there is nothing to compare yet."""
    match = schwimmen_deal()
    view = match.view(match.to_act)
    assert view.face_down and view.phase is Phase.EXCHANGE
    talk = Narrator(match.rules, NAMES, match.to_act)
    for typed in (["12"], ["all"], []):
        assert whatif_lines(view, talk, typed) == ["The widow is face down.", "There is nothing to compare yet."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_x3_x4_s2_every_hint_of_a_whole_match_says_what_and_why(lang: str) -> None:
    """At every decision of seat 0 in matches of both rulesets the hint is short lines, the first naming what
    to type, in the player's language (the strong level's choices are whatever ``bots/`` makes them)."""
    use_language(lang)
    for name in ("schwimmen", "tauschen"):
        match = play_match(ruleset(name), ["random"] * 4, seed=3)
        seen = 0

        def observe(m: Match) -> None:
            nonlocal seen
            if m.to_act == 0 and not m.over:
                view = m.view(0)
                lines = hint_lines(view, Narrator(m.rules, ["You", *NAMES], 0))
                assert len(lines) >= 2 and all(line and "{" not in line for line in lines), lines
                assert not any(set(";()") & set(line) for line in lines), lines
                seen += 1

        replay(list(record_lines(match.events)), observe)  # each of seat 0's decisions, asked again
        assert seen >= 10


def test_x4_explain_says_what_an_offer_and_its_answer_say_about_a_hand() -> None:
    match = tauschen_at_turn()
    offerer, middle, neighbour = match.order
    play(match, Offer(match.hands[offerer][0]))
    play(match, Decline())
    view = match.view(offerer)
    talk = Narrator(match.rules, [p.name for p in match.players], offerer)
    lines = explain_lines(view, talk, list(view.history))
    assert lines == [f"{match.players[neighbour].name} declined your seven of clubs: it does not improve their "
                     "hand, so they likely collect neither its suit nor its rank."]
    other = match.view(middle)
    talk = Narrator(match.rules, [p.name for p in match.players], middle)
    assert explain_lines(other, talk, list(other.history)) == [
        f"{match.players[neighbour].name} declined the card {match.players[offerer].name} offered: it would not "
        "improve their hand."]


def test_x4_explain_an_offer_taken_from_the_offerer_and_the_others() -> None:
    match = tauschen_at_turn()
    offerer, middle, neighbour = match.order
    play(match, Offer(match.hands[offerer][0]), Accept(match.hands[neighbour][0]))
    names = [p.name for p in match.players]
    view = match.view(offerer)
    lines = explain_lines(view, Narrator(match.rules, names, offerer), list(view.history))
    assert lines == [f"{names[neighbour]} took your seven of clubs: it helps their hand.",
                     "They likely collect its suit or rank.", "They gave you jack of clubs, which helped them least."]
    view = match.view(middle)
    assert explain_lines(view, Narrator(match.rules, names, middle), list(view.history)) == [
        f"{names[neighbour]} took the card {names[offerer]} offered: it helps their hand, and they gave back the "
        "card they needed least."]


def test_s9_the_tally_counts_swims_and_going_under() -> None:
    from commerce_a11y.tally import tally

    match = play_match(ruleset("schwimmen", chips=1), ["random"] * 4, seed=5)
    seats, _ = tally(match.events, 4, CounterKind.LIVES)
    assert sum(s.swims for s in seats) == sum(isinstance(e, Swimming) for e in match.events) > 0
    assert sum(s.went_under for s in seats) == sum(isinstance(e, Eliminated) for e in match.events) == 3


def test_stats_name_swims_and_trade_chips() -> None:
    from commerce_a11y.reports import stats_lines
    from commerce_a11y.stats import statistics

    entries = [{"id": "a", "ruleset": "schwimmen", "opponents": ["basic"], "won": False, "hands": 9,
                "hands_lost": 4, "lost": 5, "swims": 2, "went_under": 1},
               {"id": "b", "ruleset": "tauschen", "opponents": ["basic"], "won": True, "hands": 10,
                "hands_lost": 2, "lost": 5, "paid": 3, "received": 4},
               {"id": "c", "ruleset": "tauschen", "opponents": ["basic"], "won": False, "hands": 5,
                "hands_lost": 1, "lost": 1}]  # an entry of an older version: no trades counted
    lines = stats_lines(statistics(entries))
    assert "Schwimmen: you swam 2 times; went under: 1." in lines
    assert "Trade and Barter: 3 chips paid for trades; received as dealer: 4." in lines
    use_language("de")
    lines = stats_lines(statistics(entries))
    assert "Schwimmen: 2-mal geschwommen; untergegangen: 1." in lines


def test_a_tauschen_game_in_process_answers_offers_and_trades(capsys: pytest.CaptureFixture[str]) -> None:
    """A whole match at a scripted terminal: the player trades, offers, answers offers (take, then decline); the
    game never crashes and every offer to the player is said once."""
    from commerce_a11y.bots import make_bot
    from commerce_a11y.rules import Player

    answers = {"offers": 0, "turns": 0}

    class Script:
        interactive = False
        name = "plain"

        def read(self, prompt: str) -> str | None:
            view = game.match.view(0)
            out.write(prompt + "\n")
            if view.phase is Phase.ANSWER:
                answers["offers"] += 1
                return "give 1" if answers["offers"] == 1 else "decline"
            answers["turns"] += 1
            if answers["turns"] == 1 and any(isinstance(a, Trade) for a in view.legal):
                return "trade 1"
            if answers["turns"] == 2:
                return "offer 1"
            return "pass"

    match = Match(ruleset("tauschen", chips=5), [Player("You"), *(Player(n, "bot:random") for n in NAMES)], 2)
    out = io.StringIO()
    talk = Narrator(match.rules, ["You", *NAMES], 0)
    game = Game(match, 0, {s: make_bot("random", 200 + s) for s in (1, 2, 3)}, talk,
                Terminal(Script(), SilentSpeech(), out), lambda lines: True)  # type: ignore[arg-type]
    game.run()
    lines = out.getvalue().splitlines()
    assert match.over and answers["offers"] >= 2
    offers = [i for i, line in enumerate(lines) if line == "give, decline? "]
    assert len(offers) == answers["offers"]
    # Each offer said once, on the line before its question.
    assert all(re.fullmatch(r"\w+ offers you .+\.", lines[i - 1]) for i in offers)
    assert sum(bool(re.fullmatch(r"\w+ offers you .+\.", line)) for line in lines) == len(offers)
    assert any(line.startswith("You trade ") for line in lines) and any(line.startswith("You give ") for line in
                                                                         lines)
    assert _("You decline.") in lines


@pytest.mark.e2e
@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_tells_both_rulesets_as_the_seat_heard_them(lang: str, tmp_path: object) -> None:
    """``commerce replay`` of the record fixtures, from the first seat: the offers made to the seat are told (there
    is no question to say them), the other seats' trades without their cards, and swimming and going under."""
    import subprocess
    import sys
    from pathlib import Path

    from commerce_a11y.i18n import translation

    records = Path(__file__).parent / "records"
    t = translation(lang)

    def told(name: str) -> list[str]:
        result = subprocess.run([sys.executable, "-m", "commerce_a11y", "replay", str(records / f"{name}.jsonl"),
                                 "--seat", "1", "--lang", lang], capture_output=True, text=True, timeout=120,
                                check=False, stdin=subprocess.DEVNULL, env={"LANG": "C.UTF-8", "TERM": "dumb",
                                                                            "HOME": str(tmp_path)})
        assert result.returncode == 0 and not result.stderr, result.stderr
        return result.stdout.splitlines()

    def matching(lines: list[str], msgid: str) -> list[str]:
        parts = re.split(r"\{(\w+)\}", t.gettext(msgid))
        pattern = "".join(re.escape(p) if i % 2 == 0 else ".+?" for i, p in enumerate(parts))
        return [line for line in lines if re.fullmatch(pattern, line)]

    barter = told("tauschen-chips2")
    assert matching(barter, "{name} offers you the {card}.")
    assert matching(barter, "You give the {card} for the {offered}.")
    assert matching(barter, "{name} trades a card and pays a chip to the box.")
    assert not matching(barter, "You offer the {card} to {name}.") or matching(barter, "{name} declines.")
    swim = told("schwimmen-chips1")
    assert matching(swim, "{name} swims.") or matching(swim, "You swim: no lives left, but still in.")
    assert matching(swim, "{name} goes under.") or matching(swim, "You go under. The match plays on to its end.")
    assert matching(swim, "{name} shows 31.") or matching(swim, "{name} shows three aces: fire!") or matching(
        swim, "You show 31.")


def test_s2_the_table_servers_status_never_shows_the_face_down_widow() -> None:
    """GMCP ``Commerce.Status`` named the face-down middle's cards to every seat before the dealer's choice."""
    from types import SimpleNamespace

    from commerce_a11y.server.status import status

    match = schwimmen_deal()
    table = SimpleNamespace(match=match, name="T", seating=[None, None, None])
    assert match.face_down and status(table, None)["widow"] == []  # type: ignore[arg-type]
    assert status(table, match.dealer)["widow"] == []  # type: ignore[arg-type]
    play(match, Keep())
    assert status(table, None)["widow"] == ["8C", "9D", "10H"]  # type: ignore[arg-type]
