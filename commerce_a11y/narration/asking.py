"""What a seat hears before and at its decision: the status lines (an offer, the cards where they changed) and the
question, which fits one braille line.

The front ends ask these before each decision (``seat/hearing.py``, ``seat/prompts.py``); the narrator says the
offer to the player with the same sentence when the offer is made (``offered_you``).
"""

from __future__ import annotations

from ..i18n import _
from ..rules import Phase, SeatView
from .values import value_words
from .voice import CardStyle, Voice


def offered_you(voice: Voice, player: int, card: int) -> str:
    """X4: an offer to the player, as the event tells it and as the line before the question says it."""
    return _("{name} offers you the {card}.").format(name=voice.name(player), card=voice.card(card))


def status_lines(voice: Voice, view: SeatView, told: tuple[tuple[int, ...], tuple[int, ...]]) -> list[str]:
    """Before a decision's question: an offer to the player (X4), then the cards it is decided on where they
    changed since the player last heard them (``told``, ``stale``).

    A braille display shows the line the cursor is on, the question, and the player pans up from there; the
    question names the moves and has no room for the cards as well (``question``). So with codes the hand and
    the widow are one short line (``cards_line``), said at the deal and again before a decision where either
    changed; with card names, whose hand and widow take a line each, each comes again where it changed."""
    lines = []
    offer = view.offer
    if view.phase is Phase.ANSWER and offer is not None and offer.to == voice.seat and offer.card is not None:
        lines.append(offered_you(voice, offer.player, offer.card))
    hand, widow = stale(voice, view, told)
    if voice.card_style is CardStyle.CODES:
        if hand or widow:
            lines.append(table_cards(voice, view))
        return lines
    if hand:
        lines.append(_("Your cards: {cards}.").format(cards=voice.cards(view.hand)))
    if widow:
        lines.append(_("Widow: {cards}.").format(cards=voice.cards(view.widow)))
    return lines


def stale(voice: Voice, view: SeatView, told: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[bool, bool]:
    """Whether the hand and the widow of ``view`` are to be said again before a question, against what the
    player last heard of them (``told``): where they changed. Brief speech told every swap with both its
    cards (``brief_swap``), so it says the hand again only where more than one of its cards changed (one is
    what the player's own swap line said), and the widow only where none of the cards last heard in it is
    left: up to two changed cards are followed from the swap lines, as a player of brief speech chose to,
    and ``widow`` says it on demand (issue 25's speech budget: 2 s a hand with codes, 3 s with names). With
    codes both are one line, said again where either is stale."""
    hand, widow = told
    known_hand, known_widow = (1, len(view.widow) - 1) if voice.brief else (0, 0)
    hand_stale = len(set(view.hand) - set(hand)) > known_hand or len(view.hand) != len(hand)
    widow_stale = bool(view.widow) and (len(set(view.widow) - set(widow)) > known_widow
                                        or len(view.widow) != len(widow))
    if voice.card_style is CardStyle.CODES and (hand_stale or widow_stale):
        return True, bool(view.widow)
    return hand_stale, widow_stale


def table_cards(voice: Voice, view: SeatView) -> str:
    """The cards line of ``view`` (``cards_line``)."""
    return voice.cards_line(view.hand, view.widow)


def situation(voice: Voice, view: SeatView) -> str | None:
    """What sets this turn apart from an ordinary one, as its question begins: that it goes on (after a swap,
    C3; after a declined offer, X4), or that it is the last one; None for an ordinary turn.

    No player is named: a name at a table may have 20 letters, half a braille line, and the one a decision
    turns on (who knocked, who offers) was said on a line of its own when it happened ("Anna knocks.") and
    ``turn`` says it again."""
    if view.phase is Phase.CONTINUE or (view.phase is Phase.TURN and view.turn_offered):  # C3; X4, declined
        return _("Your turn goes on")
    if view.last_round and view.knocker is not None:
        # Translators: the turn after someone knocked (or called "I'm in"), before the moves possible now:
        # "Last turn: swap, pass?". A braille line holds 40 cells: keep it short.
        return _("Last turn")
    return None


def question(voice: Voice, view: SeatView, actions: str) -> str:
    """The question at the player's decision, the same at every verbosity: what sets the decision apart (if
    anything) and the moves possible now, ``actions``, in the words the player types ("Last turn: swap,
    pass? "), so the one line a braille display shows says what to type. It fits 40 braille cells with the
    cursor in every language and ruleset (tests/test_question_cells.py), which leaves no room for the cards:
    those are on the line just before (``status_lines``). An ordinary turn is the moves alone ("swap, pass,
    knock? "): they say whose decision it is, and every word more would push the longest lists (German
    Handeln's "tauschen, passen, eingeschafft, feuer") past the line."""
    if view.phase is Phase.ANSWER:  # X4: asked on another player's turn; the offer is the line before
        offer = view.offer
        assert offer is not None and offer.card is not None
        if voice.card_style is CardStyle.CODES:
            # Translators: the answer to an offer, with the offered card's code (the player's own cards are
            # on the line before): "h7 offered: give, decline? ". At most 40 braille cells.
            return _("{card} offered: {actions}? ").format(card=voice.card(offer.card), actions=actions)
        return _("{actions}? ").format(actions=actions)
    if view.phase is Phase.EXCHANGE:  # H1; S2, the middle face down
        return _("You deal: {actions}? ").format(actions=actions)
    if view.phase is Phase.CALL:  # H4, T2
        return _("You may call now: {actions}? ").format(actions=actions)
    apart = situation(voice, view)
    if apart is None:
        # Translators: an ordinary turn's question is the moves possible now, "swap, pass, knock? ".
        return _("{actions}? ").format(actions=actions)
    return _("{situation}: {actions}? ").format(situation=apart, actions=actions)


def value_line(voice: Voice, view: SeatView) -> str:
    return _("Your hand: {value}.").format(value=value_words(voice.rules, view.hand))
