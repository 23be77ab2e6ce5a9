"""Names of people and tables: one identity for a name, how a name looks, and which names are refused.

Two spellings are one name when a person reading them would take them for one: ``Kim`` typed with the Kelvin sign
(U+212A) and ``Kim``, ``JÖRG`` and ``Jörg``, ``Sam`` with a long s (U+017F) and ``Sam``, ``Fiona`` with the fi
ligature (U+FB01) and ``Fiona``. Everything the server keys by a name
(accounts, who is online, seats, hosts, tables, password guesses, records) uses ``identity``: the name normalised
(NFKC), folded (casefold) and normalised again, the way Unicode defines caseless identifier matching
(UAX #31, D147 "NFKC_Casefold", approximated with the standard library).

Names that are different identities may still be one name to a listener. A player knows another by ear (a speech
engine drops the accents: ``Grëta`` is Greta), by braille, and often through an ASCII client, which gets the
server's own ASCII spelling (``cleaning.fold``: ``Grëta`` and ``ɢreta`` both arrive as "Greta"). So a name's
``likeness`` is what a listener gets of it: that ASCII spelling, lower-cased, with everything but letters and digits
dropped (``Sam-`` is Sam), and its confusable skeletons (UTS #39, section 4: ``Ian`` with a capital i and ``lan``
with a small L, ``Kim`` and KIM in Greek capitals) taken as written, in lower case, in upper case and case
folded. Where the ASCII spelling keeps no letter of a name (a name in another alphabet), its skeletons alone are
its likeness. A new name that shares any of it with an existing one is refused. The skeletons come from Unicode's
confusables.txt as the library ``confusable-homoglyphs`` ships it (``confusables.json``, with the script of each
character in ``categories.json``).

A new name must also be written plainly: already in NFKC form (after NFC, which composes what some input methods
send decomposed), without invisible characters, without combining marks left over, of letters Unicode allows in
identifiers (UTS #39's Identifier_Status: no IPA letters, small capitals, hooked letters or Cherokee and Lisu
lookalikes, which confusables.txt does not map), in one script (UTS #39's "Highly Restrictive" level: Han may go
with Japanese kana or Korean Hangul), and not like the game's word for the player or its computer players' names.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from confusable_homoglyphs import categories, confusables

from ..cleaning import fold
from ..i18n import N_, _
from ..opponents import OPPONENT_NAMES, own_words
from .identifier_status import ALLOWED

NAME = re.compile(r"[^\W_][\w\-]{1,19}")
"""A name: 2 to 20 letters, digits, hyphens and underscores, beginning with a letter or digit."""

DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
"""The code points with the property Default_Ignorable_Code_Point, from the Unicode Character Database's
DerivedCoreProperties.txt (Unicode 15.1), which the standard library's ``unicodedata`` does not expose: soft hyphen,
combining grapheme joiner, the Hangul fillers, zero-width characters, bidirectional controls, variation selectors,
tag characters. A client's line has lost those of category Cf already (``cleaning.clean``); the rest are letters
or marks that show nothing."""

COMMON_SCRIPTS = frozenset({"COMMON", "INHERITED"})
"""Script values that go with any script: digits, the hyphen, the underscore (UTS #39 section 5.1)."""
JOINT_SCRIPTS = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                 frozenset({"LATIN", "HAN", "HANGUL"}))
"""The sets of scripts one name may mix (UTS #39, "Highly Restrictive"): Japanese, Chinese, Korean with Latin."""


@dataclass(frozen=True)
class Refusal:
    """Why a name is refused: ``kind`` for the server's log, ``message`` for the person (a catalog entry, said with
    ``name`` filled in)."""

    kind: str
    message: str
    name: str = ""

    def sentence(self) -> str:
        """The refusal in the language being spoken (``i18n.speaking``)."""
        return _(self.message).format(name=self.name)


INVISIBLE = N_("That name holds invisible characters; type it with visible letters only.")
SPECIAL_FORMS = N_("Type the name in ordinary letters, not in wide, joined or symbol forms.")
ACCENT_MARKS = N_("Choose a name without separate accent marks.")
RESTRICTED = N_("Choose a name in everyday letters, without phonetic letters or small capitals.")
PLAYER_NAME_FORM = N_("A name has 2 to 20 letters or digits, for example Anna.")
TABLE_NAME_FORM = N_("A table's name has 2 to 20 letters or digits.")
MIXED_SCRIPTS = N_("Choose a name in one alphabet, for example Anna.")
GAME_WORD = N_("That name sounds like {name}, the game's word for the player; choose another.")
COMPUTER_NAME = N_("That name sounds like {name}, a computer player's name; choose another.")
LOOKALIKE = N_("That name looks or sounds like {name}; choose another.")


# ----- one identity -----


@lru_cache(maxsize=8192)
def identity(name: str) -> str:
    """The key of a name: NFKC, casefold, NFKC. Equal keys are one person (or one table), however typed."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def same(first: str, second: str) -> bool:
    """Whether two names are one identity."""
    return identity(first) == identity(second)


# ----- how a name looks -----


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character to its prototype (confusables.txt, as ``confusable-homoglyphs`` ships it).

    The library's table holds both directions: a source character maps to a one-element list holding its
    prototype, and a prototype maps to the list of its sources. Where two characters each map only to the other,
    the table does not say which is the prototype; one of them is chosen for both, the same every time
    (``_representative``).
    The library wraps right-to-left characters in LEFT-TO-RIGHT MARKs for display; those are taken off."""

    def plain(text: str) -> str:
        return text.replace("\u200e", "")

    table = {plain(key): [plain(item["c"]) for item in items] for key, items in confusables.confusables_data.items()}
    mapping: dict[str, str] = {}
    for key, targets in table.items():
        if len(targets) > 1:
            mapping.update((source, key) for source in targets if source != key)
        elif len(targets) == 1 and table.get(targets[0]) == [key]:
            pair = sorted((key, targets[0]), key=_representative)
            mapping[pair[1]] = pair[0]
    single = {source: target for source, target in mapping.items() if len(source) == 1 and source != target}
    # A prototype is a fixed point: the characters of each one are mapped until nothing changes (a handful of
    # prototypes, such as "(日)", hold a character the table maps on).
    for _round in range(4):
        changed = False
        for source, target in single.items():
            mapped = "".join(single.get(ch, ch) for ch in target)
            if mapped != target:
                single[source], changed = mapped, True
        if not changed:
            break
    return single


def _representative(text: str) -> tuple[bool, bool, bool, list[int]]:
    """The order in which one of a pair of mutual confusables is chosen as the prototype: a sequence of several
    characters first (only single characters are mapped), then an ASCII one, then one that NFKC leaves alone, then
    the lower code point."""
    return (len(text) == 1, not text.isascii(), unicodedata.normalize("NFKC", text) != text, [ord(c) for c in text])


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again; equal skeletons look alike.
    Done until nothing changes (at most a few rounds): for a few prototypes the second NFD brings out a mark the
    table maps on (``dž``), and the skeleton of a skeleton must be itself."""
    table = prototypes()
    result = unicodedata.normalize("NFD", text)
    for _round in range(4):
        mapped = unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in result))
        if mapped == result:
            break
        result = mapped
    return result


@lru_cache(maxsize=8192)
def likeness(name: str) -> frozenset[str]:
    """What a listener gets of a name (see the module): its ASCII spelling as a key, where that keeps a letter, and
    its skeletons as written, in lower and upper case and case folded, of its letters and digits alone. Two names
    that share any of it are one name to somebody."""
    written = unicodedata.normalize("NFKC", name)
    letters = "".join(ch for ch in written if ch.isalnum())
    found = {skeleton(form) for form in (letters, letters.lower(), letters.upper(), identity(letters))}
    spelled = "".join(ch for ch in fold(letters).lower() if ch.isalnum())
    if any(ch.isalpha() for ch in spelled):
        found.add(spelled)
    return frozenset(found)


@cache
def game_likeness() -> dict[str, tuple[str, str]]:
    """The likeness of the game's own words for the player ("You", "Du", "Jij") and of the names its computer
    players take at a table (they also stand in for a person who left), each to that word and the refusal that
    names it."""
    found: dict[str, tuple[str, str]] = {}
    for word, message in (*((w, GAME_WORD) for w in sorted(own_words())),
                          *((n, COMPUTER_NAME) for n in OPPONENT_NAMES)):
        for key in likeness(word):
            found.setdefault(key, (word.capitalize(), message))
    return found


# ----- the refusals -----


def typed(line: str) -> str:
    """A name as typed, in NFC (some input methods send ``o`` and a combining diaeresis for ``ö``), every run of
    spaces of any width one space (the blanks that are letters, the Hangul fillers, stay: they are refused as
    invisible, ``form_refusal``)."""
    return unicodedata.normalize("NFC", " ".join(line.split()))


@cache
def _allowed() -> tuple[list[int], list[int]]:
    """The first and last code points of each allowed range (``identifier_status.ALLOWED``), for a binary search."""
    firsts, lasts = [], []
    for item in ALLOWED.split():
        first, _sep, last = item.partition("-")
        firsts.append(int(first, 16))
        lasts.append(int(last or first, 16))
    return firsts, lasts


def restricted(ch: str) -> bool:
    """Whether UTS #39 restricts the character in identifiers (its Identifier_Status is not Allowed)."""
    firsts, lasts = _allowed()
    at = bisect.bisect_right(firsts, ord(ch)) - 1
    return at < 0 or ord(ch) > lasts[at]


def invisible(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE) or unicodedata.category(ch)[0] == "C"


def scripts_mixed(name: str) -> bool:
    """Whether the name mixes scripts beyond what UTS #39's "Highly Restrictive" level allows."""
    scripts = {categories.alias(ch) for ch in name} - COMMON_SCRIPTS
    return len(scripts) > 1 and not any(scripts <= joint for joint in JOINT_SCRIPTS)


def form_refusal(name: str, form_message: str = PLAYER_NAME_FORM) -> Refusal | None:
    """Why ``name`` (as ``typed`` gives it) is not written plainly enough to be a new name; None if it is.

    The checks go from what a person is least likely to see to what they can fix by retyping: invisible
    characters, special forms (fullwidth, ligatures, the long s, mathematical letters; the Kelvin sign is a K
    already, by NFC), accent marks left separate, letters Unicode restricts in identifiers, the length and the
    characters allowed, and scripts mixed."""
    if any(invisible(ch) for ch in name):
        return Refusal("invisible", INVISIBLE)
    if unicodedata.normalize("NFKC", name) != name:
        return Refusal("special forms", SPECIAL_FORMS)
    if any(unicodedata.category(ch).startswith("M") for ch in name):
        return Refusal("accent marks", ACCENT_MARKS)
    if any(restricted(ch) for ch in name if ch.isalnum()):
        return Refusal("restricted letters", RESTRICTED)
    if not NAME.fullmatch(name):
        return Refusal("form", form_message)
    if scripts_mixed(name):
        return Refusal("scripts", MIXED_SCRIPTS)
    return None


def name_refusal(name: str, taken: Iterable[tuple[str, str]] = ()) -> Refusal | None:
    """Why ``name`` cannot be a new account's (None if it can): its form, the game's words and computer players'
    names, or the likeness of another account (``taken``: (key, that account's name) for the keys of its
    ``likeness`` it shares with an existing one)."""
    refusal = form_refusal(name)
    if refusal is not None:
        return refusal
    words = game_likeness()
    word = next((words[key] for key in sorted(likeness(name)) if key in words), None)
    if word is not None:
        return Refusal("game word" if word[1] == GAME_WORD else "computer player", word[1], word[0])
    other = next((name for _key, name in taken), None)
    return None if other is None else Refusal("lookalike", LOOKALIKE, other)


def table_name_refusal(name: str) -> Refusal | None:
    """Why ``name`` cannot be a new table's (None if it can); a table like another one is the lobby's to say."""
    return form_refusal(name, TABLE_NAME_FORM)
