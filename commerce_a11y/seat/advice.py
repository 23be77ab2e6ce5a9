"""Learning while playing: ``hint``, ``whatif`` and ``explain``, in words, from the player's own view only.

A hint is what the strongest computer player would do from the player's ``SeatView`` (seeded from the position and
the player's own cards, ``bots/seeding.hint_seed``, so the same position always gives the same hint), with a second
sentence built from numbers the computer player has: the hand's value after the move, its strength among all hands
of this deck, or the chance of ending lowest after a knock. ``whatif`` names the value a swap would give without
making it. ``explain`` reads only events the player saw: an opponent's move and what it does for the cards that
opponent is known to hold, or a showdown's deciding hands. Nothing here changes the match.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots import without_undo
from ..bots.basic import KEEP_AT
from ..bots.heuristic import HeuristicBot
from ..bots.scoring import after_swap, final_turn
from ..bots.seeding import hint_seed
from ..bots.strength import strength_of, strengths
from ..bots.strong import StrongBot
from ..cards import CARDS, Card
from ..i18n import _, active_language, ngettext, npgettext, pgettext
from ..narration.narrator import Narrator
from ..narration.values import value_words
from ..rules import (
    Accept,
    Action,
    Bartered,
    Dealt,
    Decline,
    Declined,
    Done,
    Event,
    ExchangeAll,
    ExchangedAll,
    Fire,
    Fired,
    Kept,
    Knock,
    Knocked,
    Offer,
    Offered,
    Pass,
    Passed,
    Phase,
    Pounce,
    Pounced,
    SeatView,
    Showdown,
    Swap,
    Swapped,
    Term,
    Trade,
    Traded,
)
from ..rules.rulesets import Settlement
from ..rules.values import score_braillespiel, score_commerce, score_trentuno
from .parser import Invalid, command_for, command_vocabulary, normalize, one_card, shown_words, swap_from_tokens


def hint_action(view: SeatView) -> Action:
    """What the strongest computer player would do now; always one of ``view.legal``. Like every computer
    player it never undoes its own last swap for nothing (``without_undo``), so following the hints never
    swaps the same cards back and forth."""
    # A knock the search rates exactly as well as passing (tauschen, where hands barely change) is decided at
    # every table by the chance of ending lowest, the number the hint's reason gives: the search cannot tell
    # the two apart, and "knock" beside "the chance it ends lowest is about 88 in 100" reads as wrong advice.
    action = StrongBot(hint_seed(view), tie_rule_from=0).choose(without_undo(view))
    if _legal(view, action):
        return action
    return view.legal[0]


def _legal(view: SeatView, action: Action) -> bool:
    if not isinstance(action, Swap):
        return action in view.legal
    wanted = (frozenset(action.gave), frozenset(action.took))
    return any(isinstance(a, Swap) and (frozenset(a.gave), frozenset(a.took)) == wanted for a in view.legal)


def percent(view: SeatView, value: int) -> int:
    """A value's strength at this table (share of all hands of the deck it beats), in whole percent."""
    # Floored and at most 99: "better than 100 in 100 hands" would claim more than any hand of three can be.
    return min(99, int(100 * strength_of(strengths(view.rules, len(view.players)), value)))


def swap_command(view: SeatView, swap: Swap) -> str:
    """What to type for a swap: positions, hand card then widow card ("13", "13 21")."""
    return " ".join(f"{view.hand.index(g) + 1}{view.widow.index(t) + 1}" for g, t in zip(swap.gave, swap.took,
                                                                                       strict=True))


def action_command(view: SeatView, action: Action) -> str:
    """What the player types for an action, in the player's language."""
    if isinstance(action, Swap):
        return swap_command(view, action)
    word = shown_words(active_language(), view.rules.name)[command_for(action.kind, view)]
    if isinstance(action, Trade | Offer | Accept):  # X3, X4: the card by its place in the hand
        return f"{word} {view.hand.index(action.card) + 1}"
    return word


def hint_lines(view: SeatView, narrator: Narrator) -> list[str]:
    """Two sentences: what to do (and what to type), then why, in numbers the computer player has."""
    action = hint_action(view)
    return [_what(view, narrator, action), _why(view, narrator, action)]


def _what(view: SeatView, narrator: Narrator, action: Action) -> str:
    command = action_command(view, action)
    if isinstance(action, Swap):
        return _("Hint: swap your {gave} for {took}; type {command}.").format(
            gave=narrator.cards(action.gave), took=narrator.cards(action.took), command=command)
    if isinstance(action, Pass):
        if Term.PUSH in view.rules.terms:  # German "schieben"
            return pgettext("schwimmen", "Hint: pass.")
        return _("Hint: pass.")  # the command is the word itself, in every language
    if isinstance(action, Knock):
        if Term.IM_IN in view.rules.terms:  # H3
            return _("Hint: call I'm in; type {command}.").format(command=command)
        return _("Hint: knock.")
    if isinstance(action, Fire):
        if Term.FIRE in view.rules.terms:  # H4
            return _("Hint: call Fire; type {command}.").format(command=command)
        return _("Hint: call 31; type {command}.").format(command=command)
    if isinstance(action, Pounce):
        card = next(c for c in view.widow if c.rank == view.hand[0].rank)
        return _("Hint: pounce on {card}; type {command}.").format(card=narrator.card(card), command=command)
    if isinstance(action, ExchangeAll) and view.face_down:  # S2
        return _("Hint: take the face-down widow; type {command}.").format(command=command)
    if isinstance(action, ExchangeAll) and view.phase is Phase.TURN:  # S3
        return _("Hint: swap all three; type {command}.").format(command=command)
    if isinstance(action, ExchangeAll):
        return _("Hint: exchange your cards for the widow; type {command}.").format(command=command)
    if isinstance(action, Trade):  # X3
        return _("Hint: trade {card} with the stock; type {command}.").format(card=narrator.card(action.card),
                                                                              command=command)
    if isinstance(action, Offer):  # X4
        return _("Hint: offer {card}; type {command}.").format(card=narrator.card(action.card), command=command)
    if isinstance(action, Accept):
        return _("Hint: take the offer and give {card}; type {command}.").format(card=narrator.card(action.card),
                                                                                 command=command)
    if isinstance(action, Decline):
        return _("Hint: decline the offer; type {command}.").format(command=command)
    if view.phase is Phase.EXCHANGE:
        return _("Hint: keep your cards; type {command}.").format(command=command)
    if view.phase is Phase.CALL:
        return _("Hint: do not call yet; type {command}.").format(command=command)
    return _("Hint: end your turn; type {command}.").format(command=command)


def _why(view: SeatView, narrator: Narrator, action: Action) -> str:
    rules = view.rules
    hand = list(view.hand)
    now = rules.hand_value(hand)
    value = value_words(rules, hand)
    share = percent(view, now)
    if isinstance(action, ExchangeAll) and view.phase is Phase.TURN:
        # S3: swapping all three is a swap of every card, and its reason the same; "It makes 9 points, better
        # than 1 in 100 hands" read as wrong advice where the search lays a hand in the widow to take it back.
        action = Swap(gave=tuple(hand), took=tuple(view.widow))
    if isinstance(action, Swap):
        new = after_swap(hand, action)
        after = rules.hand_value(new)
        words = value_words(rules, new)
        if after > now:
            return _("It makes {value}, better than {percent} in 100 hands.").format(
                value=words, percent=percent(view, after))
        if final_turn(view):
            # Never worse than passing here (the hint keeps the value), so the swap is for the others' last turns.
            return _("It keeps {value} and takes {took} away from the players after you.").format(
                value=words, took=narrator.cards(action.took))
        return _("It gives {value}, no better yet, but it can improve on the next swap.").format(value=words)
    if isinstance(action, Trade | Offer | Accept | Decline):  # X3, X4
        return _barter_why(view, narrator, action)
    if view.phase is Phase.EXCHANGE and view.face_down:  # S2: the basic level's rule, the middle unseen
        average = value_words(rules, KEEP_AT)
        if isinstance(action, ExchangeAll):
            return _("You hold {value}, below an average hand, {average}: the face-down widow is likely "
                     "better.").format(value=value, average=average)
        return _("You hold {value}, at least an average hand, {average}.").format(value=value, average=average)
    if isinstance(action, Knock):
        if rules.settlement is Settlement.BEST_TAKES_POT:
            return _("You hold {value}, better than {percent} in 100 hands: a good moment to end the "
                     "hand.").format(value=value, percent=share)
        judge = HeuristicBot(hint_seed(view))
        chance = judge.knock_risk(view)
        risk = round(100 * chance)
        if chance > judge.risk_limit(view):
            # The search knocks with a hand likely to end lowest: waiting was rated worse still, so say why.
            return _("You hold {value}, better than {percent} in 100 hands; the chance it ends lowest is about "
                     "{risk} in 100, but waiting helps the others more than you.").format(
                value=value, percent=share, risk=risk)
        return _("You hold {value}, better than {percent} in 100 hands; the chance it ends lowest is about "
                 "{risk} in 100.").format(value=value, percent=share, risk=risk)
    if isinstance(action, Fire):
        return _("You hold {value}; calling now ends the hand before anyone improves.").format(value=value)
    if isinstance(action, Pounce):
        return _("Four of a rank beats every three-card hand.")
    if isinstance(action, ExchangeAll | Done) and view.phase is Phase.EXCHANGE:
        widow = value_words(rules, view.widow)
        if isinstance(action, ExchangeAll):
            return _("The widow, {widow}, promises more than your cards, {value}.").format(widow=widow, value=value)
        return _("Your cards, {value}, promise more than the widow, {widow}.").format(widow=widow, value=value)
    if not rules.widow:  # X1: a pass in tauschen
        return _("You hold {value}, better than {percent} in 100 hands; a trade's sure chip is not worth its "
                 "chance now.").format(value=value, percent=share)
    best = max((whatif_value(view, a) for a in view.legal if isinstance(a, Swap)), default=now)
    if isinstance(action, Done) and view.phase is Phase.CALL:
        return _("You hold {value}, which can still improve before anyone calls.").format(value=value)
    if best <= now:
        return _("No swap improves on {value}, which is better than {percent} in 100 hands.").format(
            value=value, percent=share)
    if final_turn(view):
        return _("You hold {value}, better than {percent} in 100 hands; on average any swap helps the players "
                 "after you more than you.").format(value=value, percent=share)
    if rules.refresh and _pass_ends_hand(view):  # S5: the round of passes brings fresh cards, or the showdown
        if view.stock_size >= 3:
            return _("You hold {value}, better than {percent} in 100 hands; your pass completes a round of "
                     "passes, and three fresh cards come to the widow.").format(value=value, percent=share)
        return _("You hold {value}, better than {percent} in 100 hands; your pass completes a round of passes, "
                 "and with the stock short the hands are shown.").format(value=value, percent=share)
    if rules.pass_is_final or _pass_ends_hand(view):
        # B3, C6, C18: no waiting here, the pass ends one's swapping or the hand itself.
        return _("You hold {value}, better than {percent} in 100 hands; on average passing now loses less than "
                 "any swap.").format(value=value, percent=share)
    return _("You hold {value}, better than {percent} in 100 hands; on average waiting loses less than any "
             "swap.").format(value=value, percent=share)


def _barter_why(view: SeatView, narrator: Narrator, action: Trade | Offer | Accept | Decline) -> str:
    """Why a trade, an offer, or an answer to one (X3, X4), in numbers the player's own view gives: the chance a
    card from the stock improves the hand, the hand's strength, what an offered card would make."""
    rules = view.rules
    hand = list(view.hand)
    now = rules.hand_value(hand)
    value = value_words(rules, hand)
    share = percent(view, now)
    if isinstance(action, Trade):
        chance = trade_chance(view, action.card)
        return _("Trading {card} improves {value} about {chance} times in 100; your hand beats only {percent} in "
                 "100 hands, so the chance is worth a chip.").format(
            card=narrator.card(action.card), value=value, chance=chance, percent=share)
    if isinstance(action, Offer):
        neighbour = narrator.name(view.neighbour)
        return _("An offer costs nothing: {name} takes {card} only if it helps them, and the card you get back "
                 "may help your {value}, which beats only {percent} in 100 hands.").format(
            name=neighbour, card=narrator.card(action.card), value=value, percent=share)
    offer = view.offer
    assert offer is not None and offer.card is not None
    offered = narrator.card(offer.card)
    if isinstance(action, Accept):
        new = _given(hand, action.card, offer.card)
        after = rules.hand_value(new)
        if after > now:
            return _("Giving {card} for {offered} makes {value}, better than {percent} in 100 hands.").format(
                offered=offered, card=narrator.card(action.card), value=value_words(rules, new),
                percent=percent(view, after))
        if after == now:
            return _("It keeps {value} and gives away {card}, the card your hand needs least.").format(
                value=value_words(rules, new), card=narrator.card(action.card))
        return _("It gives {value} for now, but {offered} is a card to build on.").format(
            value=value_words(rules, new), offered=offered)
    best_hand = max((_given(hand, a.card, offer.card) for a in view.legal if isinstance(a, Accept)),
                    key=rules.hand_value, default=hand)
    if rules.hand_value(best_hand) <= now:
        return _("No card of yours given for {offered} improves on {value}.").format(offered=offered, value=value)
    return _("Taking {offered} would make at most {value}, not worth the card {name} hopes for.").format(
        offered=offered, value=value_words(rules, best_hand), name=narrator.name(offer.player))


def _given(hand: Sequence[int], card: int, offered: int) -> list[int]:
    """X4: the hand after giving ``card`` for the ``offered`` one."""
    return [offered if c == card else c for c in hand]


def unseen(view: SeatView) -> list[int]:
    """The cards this seat has not seen this hand: where the next card of the stock may come from (X3). Every card
    seen this hand (its own, those traded, offered or bartered before it) is out of the stock for good."""
    seen = set(view.hand)
    for event in view.hand_history:
        if isinstance(event, Traded | Bartered):
            seen.update(c for c in (event.gave, event.took) if c is not None)
        elif isinstance(event, Offered) and event.card is not None:
            seen.add(event.card)
    return [c for c in view.rules.deck(len(view.players)) if c not in seen]


def trade_chance(view: SeatView, card: int) -> int:
    """X3: in whole percent, the chance that trading ``card`` gives a better hand (the stock's top card, for all
    this seat knows, any card it has not seen)."""
    rules = view.rules
    hand = list(view.hand)
    now = rules.hand_value(hand)
    cards = unseen(view)
    better = sum(rules.hand_value(_given(hand, card, c)) > now for c in cards)
    return round(100 * better / len(cards)) if cards else 0


def _pass_ends_hand(view: SeatView) -> bool:
    """C6, C18: whether a pass now completes the passes in a row that end the swapping."""
    rounds = view.rules.stalemate_rounds
    return rounds is not None and view.passes + 1 >= rounds * len(view.order)


# ----- whatif -----


def whatif_line(view: SeatView, narrator: Narrator, tokens: Sequence[str]) -> str:
    """The value a swap would give, without making it; one short sentence when the swap is not possible."""
    rules = view.rules
    if not rules.widow:  # X3, X4: a trade's chance, or an answer to an offer
        return _barter_whatif(view, narrator, tokens)
    words = [command_vocabulary(active_language()).get(normalize(t)) for t in tokens]
    if rules.swap_all and "all" in words and set(words) <= {"all", "swap"}:  # S3: "whatif all"
        return _("If you swap all three for {took}: {value}. Now: {current}.").format(
            took=narrator.cards(view.widow), value=value_words(rules, view.widow),
            current=value_words(rules, view.hand))
    if not tokens:
        return _("Which swap? For example whatif 13.")
    parsed = swap_from_tokens(list(tokens), view)
    if isinstance(parsed, Invalid):
        return parsed.message
    swap = parsed
    most = 3 if view.rules.multi_swap else 1
    if len(swap.gave) > most:
        return _("Swap one of your cards for one widow card.")
    new = after_swap(view.hand, swap)
    return _("If you swap {gave} for {took}: {value}. Now: {current}.").format(
        gave=narrator.cards(swap.gave), took=narrator.cards(swap.took),
        value=value_words(view.rules, new), current=value_words(view.rules, view.hand))


def _barter_whatif(view: SeatView, narrator: Narrator, tokens: Sequence[str]) -> str:
    """X3, X4: ``whatif 2`` names what trading card 2 may do, or, answering an offer, what giving it makes."""
    if not tokens:
        return _("Which card? For example whatif 2.")
    parsed = one_card(list(tokens), view)
    if isinstance(parsed, Invalid):
        return parsed.message
    rules = view.rules
    current = value_words(rules, view.hand)
    offer = view.offer
    if view.phase is Phase.ANSWER and offer is not None and offer.card is not None:
        new = _given(view.hand, parsed, offer.card)
        return _("If you give {card} for {offered}: {value}. Now: {current}.").format(
            card=narrator.card(parsed), offered=narrator.card(offer.card), value=value_words(rules, new),
            current=current)
    return _("If you trade {card}: a better hand about {chance} times in 100, for a chip. Now: {current}.").format(
        card=narrator.card(parsed), chance=trade_chance(view, parsed), current=current)


def whatif_value(view: SeatView, swap: Swap) -> int:
    """The value ``whatif`` names for a swap (the same lookup the engine uses after it)."""
    return view.rules.hand_value(after_swap(view.hand, swap))


# ----- explain -----

ExplainedMove = (Swapped | Passed | Knocked | Fired | Pounced | ExchangedAll | Kept | Traded | Offered | Bartered
                 | Declined)
"""The moves ``explain`` tells the reasons of: every decision of another player (in Handeln the dealer keeping the
hand dealt says nothing, since the widow lay open for everyone)."""
MOVES = (Swapped, Passed, Knocked, Fired, Pounced, ExchangedAll, Kept, Traded, Offered, Bartered, Declined)


def _explained(event: Event) -> ExplainedMove | None:
    """The event as a move ``explain`` tells the reasons of, or None (S6, S7: a show the game made is told with
    the showdown's reasons too)."""
    if isinstance(event, MOVES) and not (isinstance(event, Kept) and not event.turned_up):
        return event
    return None


def explain_lines(view: SeatView, narrator: Narrator, seen: Sequence[Event], who: str = "") -> list[str]:
    """Why: the newest of an opponent's last move this hand and the last showdown (which ended the hand before
    it, so no move of this hand is older); with a name, that opponent's last move this hand."""
    if who:
        return _named_move(view, narrator, seen, who)
    for event in reversed(seen):
        move = _explained(event)
        if move is not None and move.actor != view.seat:
            return move_lines(view, narrator, move, seen)
        if isinstance(event, Showdown):
            return showdown_lines(view, narrator, event)
    return [_("Nothing to explain yet: no one else has moved this hand.")]


def _named_move(view: SeatView, narrator: Narrator, seen: Sequence[Event], who: str) -> list[str]:
    others = [s for s in range(len(view.players)) if s != view.seat]
    seat = next((s for s in others if normalize(narrator.names[s]) == normalize(who)), None)
    if seat is None:
        return [_("Name a player: {names}.").format(names=narrator.names_list(others))]
    for event in reversed(seen):
        move = _explained(event)
        if move is not None and move.actor == seat:
            return move_lines(view, narrator, move, seen)
        if isinstance(event, Dealt):
            break
    return [_("{name} has not moved yet this hand.").format(name=narrator.name(seat))]


def move_lines(view: SeatView, narrator: Narrator, event: ExplainedMove, seen: Sequence[Event]) -> list[str]:
    """An opponent's move: what they did, then what it may do for the cards they are known to hold."""
    name = narrator.name(event.actor)
    if isinstance(event, Traded | Offered | Bartered | Declined):
        return [_barter_lines(view, narrator, event)]
    if isinstance(event, Kept):  # S2
        return [_("{name} kept the hand dealt: good enough not to risk the face-down widow.").format(name=name)]
    if isinstance(event, Swapped):
        took, gave = list(event.took), list(event.gave)
        lines = [_("{name} took {took} and laid {gave}.").format(name=name, took=narrator.cards(took),
                                                                gave=narrator.cards(gave))]
        known = _known_after(view, seen, event)
        lines.append(_intent(view, narrator, name, known, took, gave))
        return lines
    if isinstance(event, Passed):
        if not view.rules.widow:  # X1
            return [_("{name} passed: their cards are good enough, or not worth a chip for a trade.").format(
                name=name)]
        if view.rules.pass_is_final:
            return [_("{name} passed and swaps no more this hand: their cards are good enough, or the widow had "
                      "nothing they wanted.").format(name=name)]
        return [_("{name} passed: their cards are good enough, or the widow had nothing they wanted.").format(
            name=name)]
    if isinstance(event, Knocked):
        return [_("{name} expects not to be lowest. You have one last turn to beat someone.").format(name=name)]
    if isinstance(event, Fired) and event.call == "fire":  # S7
        return [_("{name} holds three aces, fire, which the game shows at once: everyone else loses a "
                  "life.").format(name=name)]
    if isinstance(event, Fired) and event.call:  # S6
        return [_("{name} holds 31, which the game shows at once: the hand ends, and the lowest hand loses a "
                  "life.").format(name=name)]
    if isinstance(event, Fired):
        return [_("{name} called with cards hard to beat; the hand ends at once.").format(name=name)]
    if isinstance(event, Pounced):
        return [_("{name} took the fourth card of their Tricon: four of a rank beats every three-card "
                  "hand.").format(name=name)]
    widow = event.took  # ExchangedAll: the dealer's exchange (H1), a swap of all three (S3)
    if not widow:  # S2: taken face down, unseen by the others; the hand laid face up is what they held
        return [_("{name} took the face-down widow unseen: the hand they laid, {cards}, that is {value}, was too "
                  "weak to keep.").format(name=name, cards=narrator.cards(event.gave),
                                          value=value_words(view.rules, event.gave))]
    return [_("{name} took the whole widow: {cards}, that is {value}.").format(
        name=name, cards=narrator.cards(widow), value=value_words(view.rules, widow))]


def _barter_lines(view: SeatView, narrator: Narrator, event: Traded | Offered | Bartered | Declined) -> str:
    """X3, X4: what a trade, an offer or its answer says about a hand. An offer gives away the card one's hand
    needs least; taking it says the card helps, declining says it does not; paying for a trade says the hand was
    weak. Cards are named only where this seat saw them."""
    me = view.seat
    name = narrator.name(event.actor)
    if isinstance(event, Traded):
        return _("{name} paid a chip for an unseen card from the stock: a hand weak enough to pay for a "
                 "chance.").format(name=name)
    if isinstance(event, Offered):
        if event.to == me and event.card is not None:
            return _("{name} offered you {card}, the card their hand needs least: they are unlikely to collect its "
                     "suit or rank.").format(name=name, card=narrator.card(event.card))
        return _("{name} offered {other} a card: it costs nothing, and is the card their hand needs least, so "
                 "their hand is likely weak.").format(name=name, other=narrator.name(event.to))
    if isinstance(event, Bartered):  # the neighbour (``to``) took the offer of ``player``
        if event.player == me and event.gave is not None and event.took is not None:
            return _("{name} took your {gave}: it helps their hand, so they likely collect its suit or rank; {took}, "
                     "which they gave you, helped them least.").format(
                name=name, gave=narrator.card(event.gave), took=narrator.card(event.took))
        return _("{name} took the card {other} offered: it helps their hand, and they gave back the card they "
                 "needed least.").format(name=name, other=narrator.name(event.player))
    offer = next((e for e in reversed(view.hand_history) if isinstance(e, Offered) and e.player == event.to), None)
    if event.to == me and offer is not None and offer.card is not None:
        return _("{name} declined your {card}: it does not improve their hand, so they likely collect neither its "
                 "suit nor its rank.").format(name=name, card=narrator.card(offer.card))
    return _("{name} declined the card {other} offered: it would not improve their hand.").format(
        name=name, other=narrator.name(event.to))


def _known_after(view: SeatView, seen: Sequence[Event], upto: Swapped) -> list[int]:
    """The cards an opponent is known to hold after ``upto``: taken this hand and not laid down again."""
    seat = upto.player
    known: list[int] = []
    for event in seen:
        if isinstance(event, Dealt):
            known = []
        elif isinstance(event, Swapped) and event.player == seat:
            known = [c for c in known if c not in event.gave] + list(event.took)
        elif isinstance(event, ExchangedAll) and event.player == seat:
            known = list(event.took)
        elif isinstance(event, Pounced) and event.player == seat:
            known.append(event.took)
        if event is upto:
            break
    return known


def _intent(view: SeatView, narrator: Narrator, name: str, known: list[int], took: Sequence[int],
            gave: Sequence[int]) -> str:
    """What a swap does for the cards the opponent is known to hold, in the ruleset's own kinds of hand."""
    rules = view.rules
    cards = [CARDS[c] for c in known]
    for card in (CARDS[c] for c in took):
        same_rank = [c for c in cards if c.rank == card.rank]
        if len(same_rank) >= 2:
            return _("{name} now holds at least {count} of one rank: {cards}.").format(
                name=name, count=len(same_rank), cards=narrator.cards(same_rank))
        same_suit = [c for c in cards if c.suit == card.suit]
        if len(same_suit) >= 2 and rules.scorer is not score_trentuno:  # R2: suits do not count
            return _suit_line(view, narrator, name, same_suit)
        if rules.options.get("krikelkrakel"):  # B9: ranks in a row in three suits
            near = [c for c in cards if c.suit != card.suit and 0 < abs(c.rank - card.rank) <= 2]
            if near:
                return _("{name} now holds {cards}, close in rank: perhaps for a Krikelkrakel.").format(
                    name=name, cards=narrator.cards([card, near[0]]))
    took_points = sum(CARDS[c].points for c in took)
    gave_points = sum(CARDS[c].points for c in gave)
    if took_points > gave_points and not rules.options.get("extended"):  # C18: points count for nothing
        if rules.scorer is score_trentuno:  # R2: the total is all that counts
            return ngettext("{name} gave a lower card for a higher one: a total closer to 31.",
                            "{name} gave lower cards for higher ones: a total closer to 31.",
                            len(took)).format(name=name)
        if Term.PIPS in rules.terms:
            # Translators: Handeln's points (German "Augen").
            return npgettext("handeln", "{name} gave a lower card for a higher one: more points, or a start on "
                             "a suit.", "{name} gave lower cards for higher ones: more points, or a start on a "
                             "suit.", len(took)).format(name=name)
        return ngettext("{name} gave a lower card for a higher one: more points, or a start on a suit.",
                        "{name} gave lower cards for higher ones: more points, or a start on a suit.",
                        len(took)).format(name=name)
    return ngettext("{name} gave up a card that did not fit their other cards.",
                    "{name} gave up cards that did not fit their other cards.", len(took)).format(name=name)


def _suit_line(view: SeatView, narrator: Narrator, name: str, same_suit: list[Card]) -> str:
    """Cards of one suit and what they may become: each ruleset's own kinds of hand (C8, C9, B5, B6, H5, T1)."""
    count, cards = len(same_suit), narrator.cards(same_suit)
    rules = view.rules
    if rules.scorer is score_commerce:  # C8, C9: a Flush and a Sequence rank
        return _("{name} now holds at least {count} cards of one suit: {cards}; perhaps for a Flush or a "
                 "Sequence.").format(name=name, count=count, cards=cards)
    if rules.scorer is score_braillespiel:  # B5, B6: a Sequence ranks, else points in one suit
        return pgettext("braillespiel", "{name} now holds at least {count} cards of one suit: {cards}; perhaps "
                        "for a Sequence or points in that suit.").format(name=name, count=count, cards=cards)
    if Term.PIPS in rules.terms:
        # Translators: Handeln's points (German "Augen").
        return pgettext("handeln", "{name} now holds at least {count} cards of one suit: {cards}; perhaps for "
                        "points in that suit.").format(name=name, count=count, cards=cards)
    return _("{name} now holds at least {count} cards of one suit: {cards}; perhaps for points in that "
             "suit.").format(name=name, count=count, cards=cards)


def showdown_lines(view: SeatView, narrator: Narrator, event: Showdown) -> list[str]:
    """Who won or lost a showdown, and the hands that decided it."""
    rules = view.rules
    hands = event.hands
    values = {s: rules.hand_value(cards) for s, cards in hands.items()}
    words = {s: value_words(rules, cards) for s, cards in hands.items()}
    order = list(hands)
    if event.winners is not None:
        (winner,) = event.winners
        best = values[winner]
        tied = [s for s in order if values[s] == best and s != winner]
        if tied:
            return [_("{first} and {others} tie with {value}; {first}, first in turn order, wins the pot.").format(
                first=narrator.name(winner), others=narrator.names_list(tied), value=words[winner])]
        rest = sorted((s for s in order if s != winner), key=lambda s: -values[s])
        return [_beats(narrator, winner, rest[0], words)] if rest else []
    losers = list(event.losers or ())
    if not losers:
        return [_("No one lost this hand.")]
    fire = [s for s in order if words[s] and rules.name_hand(hands[s]).category == "fire"]
    if fire:  # S7: three aces cost everyone else a life, whatever they held
        return [_("{name} showed three aces: everyone else loses a life.").format(name=narrator.name(fire[0]))]
    lowest = values[losers[0]]
    above = [s for s in order if values[s] > lowest]
    if len(losers) > 1:
        line = _("{names} tie for the lowest hand, {value}.").format(
            names=narrator.names_and(losers), value=words[losers[0]])
        if not above:
            return [line]
        nearest = min(above, key=lambda s: values[s])
        return [line, _beats(narrator, nearest, losers[0], words)]
    nearest = min(above, key=lambda s: values[s])
    return [_beats(narrator, nearest, losers[0], words)]


def _beats(narrator: Narrator, winner: int, loser: int, words: dict[int, str]) -> str:
    """One seat's hand beats another's, with both hands' deciding cards."""
    me = narrator.seat
    if winner == me:
        return _("You beat {loser}: {mine} against {theirs}.").format(
            loser=narrator.name(loser), mine=words[winner], theirs=words[loser])
    if loser == me:
        return _("{winner} beats you: {theirs} against {mine}.").format(
            winner=narrator.name(winner), theirs=words[winner], mine=words[loser])
    return _("{winner} beats {loser}: {theirs} against {other}.").format(
        winner=narrator.name(winner), loser=narrator.name(loser), theirs=words[winner], other=words[loser])
