"""Refusals say why and what is possible now (issue 15): the engine names the rule that forbids an action, and the
game adds the actions possible now, in the player's words, when nothing of the refused kind is."""

from __future__ import annotations

import random

import pytest
from engine_helpers import lay, new_match

from commerce_a11y.bots import make_bot
from commerce_a11y.i18n import _, use_language
from commerce_a11y.narration.narrator import Narrator
from commerce_a11y.rules import (
    Accept,
    Decline,
    EndTurn,
    ExchangeAll,
    Fire,
    IllegalAction,
    Keep,
    Knock,
    Match,
    Offer,
    Pass,
    Player,
    Pounce,
    Swap,
    Trade,
    Wait,
    ruleset,
)
from commerce_a11y.seat.parser import Play, parse
from commerce_a11y.seat.prompts import refusal_line, refusal_reason

CONFIGS = [("commerce", {}), ("commerce", {"pounce": True, "swaps_per_turn": 3}), ("commerce", {"extended": True}),
           ("braillespiel", {}), ("handeln", {}), ("thirty-one", {}), ("trentuno", {}), ("schwimmen", {}),
           ("tauschen", {})]


def narrator_for(match: Match, seat: int) -> Narrator:
    return Narrator(match.rules, [p.name for p in match.players], seat)


def refusal(match: Match, typed: str) -> str:
    """The line the player at turn hears after typing a refused command."""
    seat = match.to_act
    assert seat is not None
    view = match.view(seat)
    parsed = parse(typed, view)
    assert isinstance(parsed, Play), parsed
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, parsed.action)
    return refusal_line(narrator_for(match, seat), info.value, parsed.action, view)


@pytest.fixture(autouse=True)
def english() -> None:
    use_language("en")


@pytest.mark.parametrize(("name", "options", "setup", "typed", "said"), [
    ("braillespiel", {}, [], "knock", "No knocking in this game. Now: swap, pass."),
    ("braillespiel", {}, [], "done", "Nothing to end: you have not swapped yet. Now: swap, pass."),
    ("commerce", {}, [], "pounce", "Pounce is off in this match. Now: swap, pass, knock."),
    ("commerce", {"pounce": True}, [], "pounce",
     "Pounce needs your Tricon's fourth card in the widow. Now: swap, pass, knock."),
    ("commerce", {}, ["knock"], "knock", "No knocking in the last round. Now: swap, pass."),
    ("commerce", {}, [], "call", "No call in this game. Now: swap, pass, knock."),
    ("commerce", {}, [], "keep", "No exchange of the whole hand in this game. Now: swap, pass, knock."),
    ("handeln", {}, [], "fire", "First exchange your cards or keep them. Now: exchange, keep."),
    ("handeln", {}, [], "pass", "First exchange your cards or keep them. Now: exchange, keep."),
    ("handeln", {}, ["keep"], "fire", "You may call only with 31 points or more. Now: swap, pass, in."),
    ("handeln", {}, ["keep"], "exchange",
     "Only the dealer may exchange, right after the deal. Now: swap, pass, in."),
    ("handeln", {}, ["keep"], "keep",
     "Only the dealer may exchange, right after the deal. Now: swap, pass, in."),
    ("handeln", {}, ["keep", "in"], "in", "I'm in was called already. Now: swap, pass."),
    ("thirty-one", {}, [], "call", "You may call only with 31 points or more. Now: swap, pass, knock."),
    ("commerce", {"swaps_per_turn": 3}, ["11"], "knock", "You have swapped this turn. Now: swap, done."),
    ("schwimmen", {}, [], "knock", "First keep your cards or take the face-down widow. Now: take, keep."),
    ("schwimmen", {}, [], "pass", "First keep your cards or take the face-down widow. Now: take, keep."),
    ("schwimmen", {}, ["keep"], "knock", "No knocking in the first round. Now: swap, swap all, pass."),
    ("schwimmen", {}, ["keep"], "call", "The game shows 31 and three aces for you. Now: swap, swap all, pass."),
])
def test_a_refusal_says_why_and_what_is_possible_now(name: str, options: dict, setup: list[str], typed: str,
                                                     said: list[str]) -> None:
    """Issue 15: "That is not possible now." said neither. One line: a sentence for the rule, one for the
    choices."""
    match = new_match(name, 3, seed=2, **options)
    lay(match, ["7C 7D 7H", "8C 9D 10S", "JC QD KS"], "QH KH AD")
    for line in setup:
        parsed = parse(line, match.view(match.to_act))
        assert isinstance(parsed, Play)
        match.apply(match.to_act, parsed.action)
    assert refusal(match, typed) == said


@pytest.mark.parametrize(("setup", "typed", "said"), [
    ([], "give 1", "There is no offer to answer. Now: trade, offer, pass, knock."),
    ([], "13", "Type trade or offer and a card, for example offer 2."),
    (["offer 1"], "knock", "First answer the offer: give a card for it, or decline. Now: give, decline."),
    (["offer 1", "decline"], "offer 2", "You have made an offer this turn. Now: trade, pass, knock."),
    (["chips 1"], "swap 1", "You may not pay your last chip for a trade. Now: offer, pass, knock."),
])
def test_x3_x4_refusals_of_trade_and_barter(setup: list[str], typed: str, said: str) -> None:
    match = new_match("tauschen", 3, seed=2)
    lay(match, ["7C 7D 7H", "8C 9D 10S", "JC QD KS"], "")
    for line in setup:
        if line == "chips 1":
            match.counts[match.to_act] = 1
            continue
        parsed = parse(line, match.view(match.to_act))
        assert isinstance(parsed, Play)
        match.apply(match.to_act, parsed.action)
    view = match.view(match.to_act)
    parsed = parse(typed, view)
    if not isinstance(parsed, Play):
        assert parsed.message == said
        return
    assert refusal(match, typed) == said


def test_a_refusal_in_german_and_dutch() -> None:
    match = new_match("braillespiel", 3, seed=2)
    use_language("de")
    assert refusal(match, "klopfen") == "Klopfen gibt es in diesem Spiel nicht. Jetzt: tauschen, passen."
    use_language("nl")
    assert refusal(match, "kloppen") == "Kloppen bestaat niet in dit spel. Nu: ruilen, passen."


def test_a_refused_card_of_a_possible_swap_adds_no_list_of_choices() -> None:
    """When swapping is possible and only the cards are wrong, the reason is enough."""
    match = new_match("braillespiel", 3, seed=2)
    lay(match, ["7C JC 9H", "10C 10D 10H", "QC QD QH"], "8S 9S 10S")
    seat = match.to_act
    view = match.view(seat)
    action = Swap((match.hands[seat][0],), (match.hands[seat][1],))
    with pytest.raises(IllegalAction) as info:
        match.apply(seat, action)
    assert refusal_line(narrator_for(match, seat), info.value, action, view) == "jack of clubs is not in the widow."


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}-{'-'.join(o)}" for n, o in CONFIGS])
def test_no_refusal_is_the_bare_not_possible_now(name: str, options: dict) -> None:
    """At positions reached by play, every action that is refused gives a reason of its own, in every language,
    and the choices possible now when nothing of its kind is."""
    rng = random.Random(7)
    for seed in range(3):
        match = Match(ruleset(name, **options), [Player(f"P{i}") for i in range(4)], seed=seed)
        bots = {s: make_bot("random", seed * 10 + s) for s in range(4)}
        for _step in range(60):
            if match.over:
                break
            seat = match.to_act
            view = match.view(seat)
            hand, widow = match.hands[seat], match.widow or match.stock[:3]
            tries = [Pass(), Knock(), Fire(), Pounce(), ExchangeAll(), Keep(), Wait(), EndTurn(),
                     Swap((hand[0],), (widow[0],)), Swap((hand[0], hand[1]), (widow[0], widow[1])), Trade(hand[0]),
                     Offer(hand[0]), Accept(hand[0]), Decline(), Trade(widow[0]), Offer(widow[0]), Accept(widow[0])]
            for action in tries:
                if action in view.legal or (isinstance(action, Swap) and len(action.gave) == 1 and any(
                        isinstance(a, Swap) and a.gave == action.gave and a.took == action.took for a in view.legal)):
                    continue
                with pytest.raises(IllegalAction) as info:
                    match.apply(seat, action)
                assert info.value.template != "That is not possible now."
                for lang in ("de", "nl", "en"):
                    use_language(lang)
                    line = refusal_line(narrator_for(match, seat), info.value, action, view)
                    reason = refusal_reason(narrator_for(match, seat), info.value)
                    assert line.startswith(reason) and reason != _("That is not possible now.")
                    if all(a.kind != action.kind for a in view.legal):
                        now = line[len(reason) + 1:]
                        assert now == _("Now: {commands}.").format(commands=now.split(" ", 1)[1][:-1])
                    else:
                        assert line == reason
                use_language("en")
            match.apply(seat, bots[seat].choose(view) if rng.random() < 0.9 else view.legal[0])
