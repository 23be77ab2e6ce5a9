"""Learning while playing: ``hint`` and ``whatif``, in words, from the player's own view only (``explain``, about
the others' moves, is ``explain.py``).

A hint is what the strongest computer player would do from the player's ``SeatView`` (seeded from the position and
the player's own cards, ``bots/seeding.hint_seed``, so the same position always gives the same hint), with a second
sentence built from numbers the computer player has: the hand's value after the move, its strength among all hands
of this deck, or the chance of ending lowest after a knock. ``whatif`` names the value a swap would give without
making it. Nothing here changes the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..bots import without_undo
from ..bots.base import last_swap
from ..bots.basic import KEEP_AT
from ..bots.dominance import (
    category,
    category_keeping,
    ceiling,
    gain,
    improvable,
    undominated,
    without_needless_drop,
)
from ..bots.heuristic import HeuristicBot
from ..bots.scoring import after_swap, final_turn, hand_after
from ..bots.seeding import hint_seed
from ..bots.strength import strength_of, strengths
from ..bots.strong import StrongBot
from ..i18n import _, active_language, pgettext
from ..narration.narrator import Narrator
from ..narration.values import value_words
from ..rules import (
    Accept,
    Action,
    Bartered,
    Decline,
    Done,
    ExchangeAll,
    ExchangedAll,
    Fire,
    Knock,
    Offer,
    Offered,
    Pass,
    Phase,
    Pounce,
    SeatView,
    Swap,
    Swapped,
    Term,
    Trade,
    Traded,
)
from ..rules.rulesets import Settlement
from .parser import Invalid, command_for, command_vocabulary, normalize, one_card, shown_words, swap_from_tokens


def hint_action(view: SeatView) -> Action:
    """What the strongest computer player would do now, held to what a hint promises; always one of
    ``view.legal``. Like every computer player it never undoes its own last swap for nothing (``without_undo``),
    so following the hints never swaps the same cards back and forth; nor does it take back, without a gain, a
    card it had the player lay on the turn before (``_without_take_back``); and it never leaves the hand no
    better while one swap makes a higher category (``_up_a_category``). It is never a move that another legal
    move dominates (``bots.dominance``), judged among all the legal moves before the rules above leave any out,
    and it lowers the hand's category while another swap keeps it only for a gain its reason names
    (``without_needless_drop``)."""
    # A knock the search rates exactly as well as passing (tauschen, where hands barely change) is decided at
    # every table by the chance of ending lowest, the number the hint's reason gives: the search cannot tell
    # the two apart, and "knock" beside "the chance it ends lowest is about 88 in 100" reads as wrong advice.
    choices = without_needless_drop(_without_take_back(without_undo(undominated(view))))
    action = StrongBot(hint_seed(view), tie_rule_from=0).choose(choices)
    if not _legal(choices, action):
        action = choices.legal[0]
    return _up_a_category(choices, action)


def _laid_before(view: SeatView) -> frozenset[int]:
    """The cards this seat laid on its last turn that changed its hand: a swap (all the single swaps of a C3
    turn), or a swap of all three (S3)."""
    for event in reversed(view.hand_history):
        if isinstance(event, ExchangedAll) and event.player == view.seat:
            return frozenset(event.gave)
        if isinstance(event, Swapped) and event.player == view.seat:
            break
    last = last_swap(view)
    return last[0] if last is not None else frozenset()


def _without_take_back(view: SeatView) -> SeatView:
    """The view without the swaps that take back a card this seat laid on its last swapping turn and do not raise
    the hand's value. ``without_undo`` leaves them in once another player has changed the widow, and the search
    may rate laying a card and taking it back as well as anything (measured: the next hint took back the card the
    hint before had laid, for nothing); a hint that reverses itself reads as wrong advice."""
    laid = _laid_before(view)
    if not laid:
        return view
    value = view.rules.hand_value(view.hand)

    def taking_back(action: Action) -> bool:
        after = hand_after(view, action)
        return (after is not None and not laid.isdisjoint(set(after) - set(view.hand))
                and view.rules.hand_value(after) <= value)

    legal = tuple(a for a in view.legal if not taking_back(a))
    return view if len(legal) == len(view.legal) else replace(view, legal=legal)


def _up_a_category(view: SeatView, action: Action) -> Action:
    """The action, unless it leaves the hand no better while one swap makes a higher category (a higher value
    class: a sequence, a flush or three of a rank over points): then the swap to the best such hand. The search
    may rate keeping a pair, or a swap that is no better yet, a little above a Flush one swap away (measured in
    braillespiel and commerce, within the noise of its deals); a hint passing over it reads as wrong advice."""
    rules = view.rules
    after = hand_after(view, action)
    if after is None or rules.hand_value(after) > rules.hand_value(view.hand):
        return action
    held = category(rules, view.hand)
    better = [(rules.hand_value(hand), a) for a in view.legal
              if isinstance(a, Swap | ExchangeAll) and (hand := hand_after(view, a)) is not None
              and category(rules, hand) > held]
    return max(better, key=lambda pair: pair[0])[1] if better else action


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
    """Short lines, each a sentence that fits a braille display where the cards allow: what to type first, then
    the move in words, then why, in numbers the computer player has. No semicolon or parenthesis: a screen reader
    reads them aloud as words."""
    action = hint_action(view)
    return [*_what(view, narrator, action), *_why(view, narrator, action)]


def _typed(command: str, move: str) -> list[str]:
    """What to type, then the move it makes."""
    return [_("Hint: type {command}.").format(command=command), move]


def _what(view: SeatView, narrator: Narrator, action: Action) -> list[str]:
    command = action_command(view, action)
    if isinstance(action, Swap):
        return _typed(command, _("Swap your {gave} for {took}.").format(gave=narrator.cards(action.gave),
                                                                         took=narrator.cards(action.took)))
    if isinstance(action, Pass):
        if Term.PUSH in view.rules.terms:  # German "schieben"
            return [pgettext("schwimmen", "Hint: pass.")]
        return [_("Hint: pass.")]  # the command is the word itself, in every language
    if isinstance(action, Knock):
        if Term.IM_IN in view.rules.terms:  # H3
            return _typed(command, _("Call I'm in."))
        return [_("Hint: knock.")]
    if isinstance(action, Fire):
        if Term.FIRE in view.rules.terms:  # H4
            return _typed(command, _("Call Fire."))
        return _typed(command, _("Call 31."))
    if isinstance(action, Pounce):
        card = next(c for c in view.widow if c.rank == view.hand[0].rank)
        return _typed(command, _("Pounce on {card}.").format(card=narrator.card(card)))
    if isinstance(action, ExchangeAll) and view.face_down:  # S2
        return _typed(command, _("Take the face-down widow."))
    if isinstance(action, ExchangeAll) and view.phase is Phase.TURN:  # S3
        return _typed(command, _("Swap all three."))
    if isinstance(action, ExchangeAll):
        return _typed(command, _("Exchange your cards for the widow."))
    if isinstance(action, Trade):  # X3
        return _typed(command, _("Trade {card} with the stock.").format(card=narrator.card(action.card)))
    if isinstance(action, Offer):  # X4
        return _typed(command, _("Offer {card}.").format(card=narrator.card(action.card)))
    if isinstance(action, Accept):
        return _typed(command, _("Take the offer and give {card}.").format(card=narrator.card(action.card)))
    if isinstance(action, Decline):
        return _typed(command, _("Decline the offer."))
    if view.phase is Phase.EXCHANGE:
        return _typed(command, _("Keep your cards."))
    if view.phase is Phase.CALL:
        return _typed(command, _("Do not call yet."))
    return _typed(command, _("End your turn."))


def _prospect(view: SeatView, action: Swap, new: list[int], takes: str) -> str:
    """What a swap that is no better yet is for, said only where it is true: the gain that justifies lowering the
    hand's category while another swap keeps it (``gain``, issue 36: "keeps two cards to" a named hand), else that
    the hand can improve on the next swap, checked over every card that could come (``improvable``); a hand no
    card improves is swapped for what it takes from the others (``takes``)."""
    rules = view.rules
    keeping = category_keeping(view)
    if keeping and category(rules, new) < category(rules, view.hand):
        target = gain(view, action, ceiling(view, keeping))
        if target is not None:
            # Translators: {value} is a hand the next swap can make with one more card, such as "tricon of twos".
            return _("It keeps two cards to {value}.").format(value=value_words(rules, target))
    if improvable(view, action):
        return _("It can improve on the next swap.")
    return takes


def beats_line(view: SeatView, value: int) -> str:
    """A value's strength said plainly: how many of 100 hands it beats ("better than 61 in 100 hands" was heard
    as a 61 in 100 chance)."""
    return _("It beats {percent} of 100 hands.").format(percent=percent(view, value))


def _held(view: SeatView, value: int) -> list[str]:
    """The hand held, then its strength."""
    return [_("You hold {value}.").format(value=value_words(view.rules, view.hand)), beats_line(view, value)]


def _why(view: SeatView, narrator: Narrator, action: Action) -> list[str]:
    rules = view.rules
    hand = list(view.hand)
    now = rules.hand_value(hand)
    value = value_words(rules, hand)
    if isinstance(action, ExchangeAll) and view.phase is Phase.TURN:
        # S3: swapping all three is a swap of every card, and its reason the same; "It makes 9 points, better
        # than 1 in 100 hands" read as wrong advice where the search lays a hand in the widow to take it back.
        action = Swap(gave=tuple(hand), took=tuple(view.widow))
    if isinstance(action, Swap):
        new = after_swap(hand, action)
        after = rules.hand_value(new)
        words = value_words(rules, new)
        if after > now:
            return [_("It makes {value}.").format(value=words), beats_line(view, after)]
        takes = _("It takes {took} from the players after you.").format(took=narrator.cards(action.took))
        if final_turn(view):
            # Never worse than passing here (the hint keeps the value), so the swap is for the others' last turns.
            return [_("It keeps {value}.").format(value=words), takes]
        return [_("It gives {value}, no better yet.").format(value=words), _prospect(view, action, new, takes)]
    if isinstance(action, Trade | Offer | Accept | Decline):  # X3, X4
        return _barter_why(view, narrator, action)
    if view.phase is Phase.EXCHANGE and view.face_down:  # S2: the basic level's rule, the middle unseen
        average = _("An average hand is {average}.").format(average=value_words(rules, KEEP_AT))
        if isinstance(action, ExchangeAll):
            return [_("You hold {value}.").format(value=value), average,
                    _("The face-down widow is likely better.")]
        return [_("You hold {value}.").format(value=value), average, _("Yours is at least as good.")]
    if isinstance(action, Knock):
        if rules.settlement is Settlement.BEST_TAKES_POT:
            return [*_held(view, now), _("A good moment to end the hand.")]
        judge = HeuristicBot(hint_seed(view))
        chance = judge.knock_risk(view)
        risk = _("It ends lowest about {risk} times in 100.").format(risk=round(100 * chance))
        if chance > judge.risk_limit(view):
            # The search knocks with a hand likely to end lowest: waiting was rated worse still, so say why.
            return [*_held(view, now), risk, _("But waiting helps the others more.")]
        return [*_held(view, now), risk]
    if isinstance(action, Fire):
        return [_("You hold {value}.").format(value=value), _("Call now, before anyone improves.")]
    if isinstance(action, Pounce):
        return [_("Four of a rank beat any hand of three.")]
    if isinstance(action, ExchangeAll | Done) and view.phase is Phase.EXCHANGE:
        lines = [_("The widow holds {widow}.").format(widow=value_words(rules, view.widow)),
                 _("Your cards hold {value}.").format(value=value)]
        if isinstance(action, ExchangeAll):
            return [*lines, _("The widow promises more.")]
        return [*lines, _("Your cards promise more.")]
    if not rules.widow:  # X1: a pass in tauschen
        return [*_held(view, now), _("A trade is not worth a chip now.")]
    best = max((whatif_value(view, a) for a in view.legal if isinstance(a, Swap)), default=now)
    if isinstance(action, Done) and view.phase is Phase.CALL:
        return [_("You hold {value}.").format(value=value), _("It can still improve before anyone calls.")]
    if best <= now:
        return [*_held(view, now), _("No swap improves it.")]
    if final_turn(view):
        return [*_held(view, now), _("On average a swap helps the others more.")]
    if rules.refresh and _pass_ends_hand(view):  # S5: the round of passes brings fresh cards, or the showdown
        ends = _("Your pass completes a round of passes.")
        if view.stock_size >= 3:
            return [*_held(view, now), ends, _("Three fresh cards come to the widow.")]
        return [*_held(view, now), ends, _("The stock is short, so the hands are shown.")]
    if rules.pass_is_final or _pass_ends_hand(view):
        # B3, C6, C18: no waiting here, the pass ends one's swapping or the hand itself.
        return [*_held(view, now), _("On average passing now loses least.")]
    return [*_held(view, now), _("On average waiting loses least.")]


def _barter_why(view: SeatView, narrator: Narrator, action: Trade | Offer | Accept | Decline) -> list[str]:
    """Why a trade, an offer, or an answer to one (X3, X4), in numbers the player's own view gives: the chance a
    card from the stock improves the hand, the hand's strength, what an offered card would make."""
    rules = view.rules
    hand = list(view.hand)
    now = rules.hand_value(hand)
    if isinstance(action, Trade):
        return [*_held(view, now), _("Trading {card} improves it {chance} times in 100.").format(
            card=narrator.card(action.card), chance=trade_chance(view, action.card)),
            _("That chance is worth a chip.")]
    if isinstance(action, Offer):
        return [_("An offer costs nothing."),
                _("{name} takes it only if it helps them.").format(name=narrator.name(view.neighbour)),
                _("The card you get back may help you."), *_held(view, now)]
    offer = view.offer
    assert offer is not None and offer.card is not None
    offered = narrator.card(offer.card)
    if isinstance(action, Accept):
        new = _given(hand, action.card, offer.card)
        after = rules.hand_value(new)
        if after > now:
            return [_("It makes {value}.").format(value=value_words(rules, new)), beats_line(view, after)]
        if after == now:
            return [_("It keeps {value}.").format(value=value_words(rules, new)),
                    _("It gives away the card you need least.")]
        return [_("It gives {value} for now.").format(value=value_words(rules, new)),
                _("But {offered} is a card to build on.").format(offered=offered)]
    best_hand = max((_given(hand, a.card, offer.card) for a in view.legal if isinstance(a, Accept)),
                    key=rules.hand_value, default=hand)
    if rules.hand_value(best_hand) <= now:
        return [_("Taking {offered} does not improve your hand.").format(offered=offered),
                _("You hold {value}.").format(value=value_words(rules, hand))]
    return [_("Taking {offered} makes at most {value}.").format(offered=offered,
                                                                value=value_words(rules, best_hand)),
            _("That is not worth the card {name} hopes for.").format(name=narrator.name(offer.player))]


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


def whatif_lines(view: SeatView, narrator: Narrator, tokens: Sequence[str]) -> list[str]:
    """The value a swap would give, without making it, then the value now, each a short line; one short sentence
    when the swap is not possible."""
    rules = view.rules
    if view.face_down:  # S2: the dealer's blind choice, before anyone has seen the widow
        return [_("The widow is face down."), _("There is nothing to compare yet.")]
    if not rules.widow:  # X3, X4: a trade's chance, or an answer to an offer
        return _barter_whatif(view, narrator, tokens)
    now = _("Now you hold {value}.").format(value=value_words(rules, view.hand))
    words = [command_vocabulary(active_language()).get(normalize(t)) for t in tokens]
    if rules.swap_all and "all" in words and set(words) <= {"all", "swap"}:  # S3: "whatif all"
        return [_("Swapping all three makes {value}.").format(value=value_words(rules, view.widow)), now]
    if not tokens:
        return [_("Which swap? For example whatif 13.")]
    parsed = swap_from_tokens(list(tokens), view)
    if isinstance(parsed, Invalid):
        return [parsed.message]
    swap = parsed
    most = 3 if view.rules.multi_swap else 1
    if len(swap.gave) > most:
        return [_("Swap one of your cards for one widow card.")]
    new = after_swap(view.hand, swap)
    return [_("Swapping {gave} for {took} makes {value}.").format(
        gave=narrator.cards(swap.gave), took=narrator.cards(swap.took), value=value_words(view.rules, new)), now]


def _barter_whatif(view: SeatView, narrator: Narrator, tokens: Sequence[str]) -> list[str]:
    """X3, X4: ``whatif 2`` names what trading card 2 may do, or, answering an offer, what giving it makes."""
    if not tokens:
        return [_("Which card? For example whatif 2.")]
    parsed = one_card(list(tokens), view)
    if isinstance(parsed, Invalid):
        return [parsed.message]
    rules = view.rules
    now = _("Now you hold {value}.").format(value=value_words(rules, view.hand))
    offer = view.offer
    if view.phase is Phase.ANSWER and offer is not None and offer.card is not None:
        new = _given(view.hand, parsed, offer.card)
        return [_("Giving {card} for {offered} makes {value}.").format(
            card=narrator.card(parsed), offered=narrator.card(offer.card), value=value_words(rules, new)), now]
    return [_("Trading {card} costs a chip.").format(card=narrator.card(parsed)),
            _("It improves your hand {chance} times in 100.").format(chance=trade_chance(view, parsed)), now]


def whatif_value(view: SeatView, swap: Swap) -> int:
    """The value ``whatif`` names for a swap (the same lookup the engine uses after it)."""
    return view.rules.hand_value(after_swap(view.hand, swap))
