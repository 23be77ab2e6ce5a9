"""Names on the table server (issue 23, item 1): one identity for a name, its looks (UTS #39 skeletons), every kind
of name refused, a property over random Unicode names, and the accounts file of the schema before identities,
brought up to date when it is opened. Also the password guesses' budgets (items 3 and 4), without a clock."""

from __future__ import annotations

import sqlite3
import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from commerce_a11y.i18n import speaking
from commerce_a11y.server import guesses as g
from commerce_a11y.server.admission import network
from commerce_a11y.server.db.migrations import MIGRATIONS
from commerce_a11y.server.db.store import Store
from commerce_a11y.server.names import (
    form_refusal,
    identity,
    likeness,
    name_refusal,
    prototypes,
    skeleton,
    table_name_refusal,
    typed,
)
from commerce_a11y.server.passwords import hash_password, verify_password

KELVIN_KIM, LONG_S_SAM, FI_FIONA = "\u212aim", "\u017fam", "\ufb01ona"


def make_store(folder: Path, log: list[str] | None = None) -> Store:
    return Store(folder / "server.db", (log if log is not None else []).append)


def wait_for(store: Store) -> None:
    store.core.settle()


# ----- one identity -----


def test_the_four_attack_names_are_their_owners_identity() -> None:
    """Issue 23, item 1: the Kelvin sign, the capital umlaut, the long s and the fi ligature name their owner."""
    assert identity(KELVIN_KIM) == identity("Kim") == identity("KIM") == "kim"
    assert identity("JÖRG") == identity("Jörg") == identity("jo\u0308rg")
    assert identity(LONG_S_SAM) == identity("Sam")
    assert identity(FI_FIONA) == identity("Fiona")
    assert identity("Straße") == identity("STRASSE")


def test_identity_is_its_own_identity_for_every_code_point() -> None:
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        key = identity(chr(code))
        assert identity(key) == key, hex(code)


# ----- looks -----


def test_the_skeleton_table_is_whole_and_a_skeleton_is_its_own() -> None:
    """Every source of confusables.txt has one prototype, and the skeleton of a skeleton is itself (UTS #39)."""
    table = prototypes()
    assert len(table) > 6000
    assert table["\u0430"] == "a" and table["\u212a"] == "K" and table["I"] == "l" and table["0"] == "O"
    for source in table:
        assert skeleton(skeleton(source)) == skeleton(source), hex(ord(source))


@pytest.mark.parametrize(("first", "second"), [
    ("Ian", "lan"),  # capital i, small L
    ("Kim", "\u041aim"),  # Cyrillic Ka
    ("Anna", "\u0410nna"),  # Cyrillic A
    ("Otto", "0tto"),
    ("Emma", "Ernrna"),
    ("Kim", "\u039aim"),  # Greek capital kappa
])
def test_names_that_look_alike_share_a_look(first: str, second: str) -> None:
    assert identity(first) != identity(second)
    assert likeness(first) & likeness(second)


def test_names_that_do_not_look_alike_share_no_look() -> None:
    for first, second in [("lan", "IAN"), ("Anna", "Hanna"), ("Ben", "Ken"), ("Jörg", "Jorg")]:
        assert not likeness(first) & likeness(second), (first, second)


# ----- refusals, one test each -----


def refusal_kind(name: str, taken: list[tuple[str, str]] | None = None) -> str | None:
    refusal = name_refusal(typed(name), taken or [])
    return None if refusal is None else refusal.kind


@pytest.mark.parametrize("name", [
    "Anna\u3164", "\u3164\u3164", "Ben\u115f", "Kai\u1160x", "Ivo\uffa0", "Ann\u200da", "Ann\u200ca", "Ann\u00ada",
    "Ann\u202ea", "Anna\ufe0f", "Anna\U000e0041", "An\u034fna",
])
def test_invisible_and_default_ignorable_characters_are_refused(name: str) -> None:
    """Issue 23, item 1: Hangul fillers, joiners, the soft hyphen, bidi controls, variation selectors, tags."""
    assert refusal_kind(name) == "invisible"


@pytest.mark.parametrize("name", [
    "\uff31uentin", FI_FIONA, LONG_S_SAM, "\U0001d400nna", "Ma\u00b2x", "\u2160van",
])
def test_names_not_in_nfkc_form_are_refused(name: str) -> None:
    """Issue 23, item 1: fullwidth, ligatures, the long s, mathematical letters, superscripts, Roman numerals."""
    assert refusal_kind(name) == "special forms"


def test_decomposed_input_is_composed_first_and_accepted() -> None:
    """NFC first: some input methods send decomposed letters; the Kelvin sign is a K by canonical equivalence."""
    assert typed("Jo\u0308rg") == "Jörg"
    assert refusal_kind("Jo\u0308rg") is None
    assert typed(KELVIN_KIM) == "Kim"


def test_combining_marks_left_after_nfc_are_refused() -> None:
    assert refusal_kind("Jq\u0308rg") == "accent marks"  # q with a diaeresis has no composed form
    assert refusal_kind("Anna\u0301\u0301") == "accent marks"


@pytest.mark.parametrize("name", ["A", "x" * 21, "Anna Lena", "_Anna", "An.na", "Anna!"])
def test_the_length_and_the_characters_allowed(name: str) -> None:
    assert refusal_kind(name) == "form"


@pytest.mark.parametrize("name", ["\u0410nna", "K\u03b1i", "Tom\u0430s", "Ali\u0661"])
def test_scripts_mixed_are_refused(name: str) -> None:
    """Issue 23, item 1: a Cyrillic A in Anna, a Greek alpha, an Arabic-Indic digit in a Latin name."""
    assert refusal_kind(name) == "scripts"


@pytest.mark.parametrize("name", ["Greta", "Алёна", "Ελένη", "山田たろう", "김민준", "Jörg-2", "Zoë_7"])
def test_names_in_one_script_are_accepted(name: str) -> None:
    assert refusal_kind(name) is None, name


@pytest.mark.parametrize("name", ["Ben", "BEN", "You", "du", "JIJ", "lvo", "Ernil", "Hana", "0tto"[1:] + "Kai"])
def test_names_like_the_game_words_or_computer_players_are_refused(name: str) -> None:
    """Issue 23, item 1: the computer players' names (who also stand in for a person) and the word for "you"."""
    if name == "ttoKai":
        assert refusal_kind(name) is None  # only the whole name counts
        return
    assert refusal_kind(name) == ("game word" if name.casefold() in ("you", "du", "jij") else "computer player")


def test_a_name_like_another_account_is_refused_with_its_name() -> None:
    refusal = name_refusal("lan", [("lan", "Ian")])
    assert refusal is not None and refusal.kind == "lookalike"
    with speaking("en"):
        assert refusal.sentence() == "That name looks or sounds like Ian; choose another."
    with speaking("de"):
        assert "Ian" in refusal.sentence()


def test_table_names_follow_the_same_rules() -> None:
    assert table_name_refusal("Evening") is None
    for name, kind in [("\u0410bend", "scripts"), ("\uff21bend", "special forms"), ("Abend\u3164", "invisible"),
                       ("A", "form")]:
        refusal = table_name_refusal(name)
        assert refusal is not None and refusal.kind == kind
    with speaking("en"):
        assert form_refusal("A", "A table's name has 2 to 20 letters or digits.") is not None


def test_every_refusal_is_one_sentence_in_each_language() -> None:
    names = ["Anna\u3164", FI_FIONA, "Jq\u0308rg", "A", "\u0410nna", "Ben"]
    for lang in ("en", "de", "nl"):
        with speaking(lang):
            for name in names:
                refusal = name_refusal(typed(name))
                assert refusal is not None
                sentence = refusal.sentence()
                assert sentence.endswith(".") and "\n" not in sentence and "{" not in sentence


# ----- the property -----

LATIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüßéèñç"
CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ"
GREEK = "αβγδεζηθικλμνξοπρστυφχψωΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"
FULLWIDTH = "".join(chr(c) for c in range(0xFF21, 0xFF3B)) + "".join(chr(c) for c in range(0xFF41, 0xFF5B))
MATHEMATICAL = "".join(chr(c) for c in range(0x1D400, 0x1D434))
COMBINING = "".join(chr(c) for c in range(0x0300, 0x0370))
FILLERS = "\u3164\u115f\u1160\uffa0\u200b\u200d\u00ad\ufe0f"


def sources_of() -> dict[str, list[str]]:
    """Each prototype to the characters that look like it."""
    found: dict[str, list[str]] = {}
    for source, target in prototypes().items():
        found.setdefault(target, []).append(source)
    return found


SOURCES = sources_of()


@st.composite
def plain_name(draw: st.DrawFn) -> str:
    """A name in one script, as a person would choose it."""
    letters = draw(st.sampled_from([LATIN, CYRILLIC, GREEK]))
    return draw(st.text(st.sampled_from(letters), min_size=2, max_size=8))


@st.composite
def lookalike(draw: st.DrawFn, name: str) -> str:
    """``name`` changed the ways that keep or nearly keep its look: a confusable character from any script, a
    fullwidth or mathematical letter, another case, a combining mark, an invisible filler."""
    out = []
    for ch in name:
        choice = draw(st.integers(0, 6))
        if choice == 1:
            out.append(draw(st.sampled_from(SOURCES.get(skeleton(ch), [ch]))))
        elif choice == 2:
            out.append(ch.swapcase() if len(ch.swapcase()) == 1 else ch)
        elif choice == 3:
            out.append(ch + draw(st.sampled_from(COMBINING)))
        elif choice == 4:
            out.append(ch + draw(st.sampled_from(FILLERS)))
        elif choice == 5:
            out.append(draw(st.sampled_from(FULLWIDTH + MATHEMATICAL + CYRILLIC + GREEK)))
        else:
            out.append(ch)
    return "".join(out)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                    HealthCheck.too_slow])
@given(first=plain_name(), data=st.data())
def test_two_names_nobody_could_tell_apart_are_one_account_or_the_second_is_refused(first: str,
                                                                                  data: st.DataObject) -> None:
    """Issue 23, item 1: for random Unicode names, the second of two names with the same skeleton after folding
    (a person could not tell them apart by eye) either is the first's identity (and so asks its password) or is
    refused as a new name, through a real accounts file."""
    second = typed(data.draw(lookalike(first)))
    assume(skeleton(identity(first)) == skeleton(identity(second)) and first != second)
    assume(name_refusal(first) is None)
    with tempfile.TemporaryDirectory() as folder:
        store = make_store(Path(folder))
        try:
            import asyncio

            assert asyncio.run(store.accounts.create(first, "hash", {}))
            if store.accounts.find(second) is not None:
                assert store.accounts.find(second)[0] == first  # type: ignore[index]
            else:
                assert name_refusal(second, store.accounts.lookalikes(second)) is not None, (first, second)
        finally:
            store.close()


# ----- the accounts file -----

OLD_SCHEMA = """
create table accounts (
    name text primary key collate nocase, hash text not null, created real not null, settings text not null
);
create table tables (
    id text primary key, name text not null unique collate nocase, spec text not null, updated real not null
);
create table deliveries (
    account text not null collate nocase, path text not null, seat integer not null, primary key (account, path)
);
"""


def test_an_old_accounts_file_gets_identities_and_the_younger_of_two_alike_is_disabled(tmp_path: Path) -> None:
    """Issue 23, item 1: a server.db of the schema before identities, with accounts that are one name today (Kim
    and Kim with the Kelvin sign, Jörg and JÖRG) or look alike (Ian and lan, Anna and Cyrillic Anna): the older of
    each pair is kept with its password, the younger disabled and logged, and deliveries follow the identity."""
    db = sqlite3.connect(tmp_path / "server.db")
    db.executescript(OLD_SCHEMA)
    hashed = hash_password("kims-secret")
    accounts = [("Kim", 1), (KELVIN_KIM, 2), ("Ian", 3), ("lan", 4), ("JÖRG", 5), ("Jörg", 6), ("Zoe", 7),
                (LONG_S_SAM, 8), ("Sam", 9), ("Anna1", 10), ("\u0410nna1", 11)]
    db.executemany("insert into accounts values (?, ?, ?, '{}')", [(n, hashed, t) for n, t in accounts])
    db.execute("insert into deliveries values ('KIM', '/records/a.jsonl', 0)")
    db.commit()
    db.close()

    log: list[str] = []
    store = make_store(tmp_path, log)
    try:
        assert store.accounts.find(KELVIN_KIM)[0] == "Kim"  # type: ignore[index]
        assert verify_password(store.accounts.find("kim")[1], "kims-secret")  # type: ignore[index]
        assert store.accounts.find("lan") is None and store.accounts.find("Ian")[0] == "Ian"  # type: ignore[index]
        assert store.accounts.find("Jörg")[0] == "JÖRG"  # type: ignore[index]
        assert store.accounts.find("Sam")[0] == LONG_S_SAM  # type: ignore[index]  # the older spelling keeps it
        assert store.accounts.find("Zoe")[0] == "Zoe"  # type: ignore[index]
        assert store.accounts.find("\u0410nna1") is None
        disabled = sorted(line.split()[1] for line in log)
        assert disabled == sorted([KELVIN_KIM, "lan", "Jörg", "Sam", "\u0410nna1"])
        assert all("disabled" in line for line in log)
        assert store.accounts.lookalikes("lan") == [("lan", "Ian")]
        assert store.deliveries.of("Kim") == [("/records/a.jsonl", 0)]
    finally:
        store.close()
    again: list[str] = []
    store = make_store(tmp_path, again)  # opened again: nothing more to do
    try:
        assert not again and store.accounts.find("Kim") is not None
        assert store.core.db.execute("pragma user_version").fetchone()[0] == len(MIGRATIONS)  # every one, once
    finally:
        store.close()


def test_an_account_and_its_looks_are_made_at_once_and_a_lookalike_is_taken(tmp_path: Path) -> None:
    import asyncio

    store = make_store(tmp_path)
    try:
        assert asyncio.run(store.accounts.create("Ian", "h", {}))
        assert not asyncio.run(store.accounts.create("lan", "h", {}))  # its look is taken: made meanwhile
        assert not asyncio.run(store.accounts.create("IAN", "h", {}))  # the same identity
        assert store.accounts.find("lan") is None
    finally:
        store.close()


def test_known_addresses_are_kept_hashed_and_only_the_latest(tmp_path: Path) -> None:
    """Issue 23, item 4: where an account logged in, a few addresses each, never in plain text."""
    store = make_store(tmp_path)
    try:
        for n in range(8):
            store.addresses.logged_in_from("Kim", f"127.0.0.{n}")
        wait_for(store)
        assert not store.addresses.known("Kim", "127.0.0.0") and store.addresses.known(KELVIN_KIM, "127.0.0.7")
        assert not store.addresses.known("Ian", "127.0.0.7")
        rows = store.core.db.execute("select address from known").fetchall()
        assert len(rows) == 5 and not any("127.0.0" in row[0] for row in rows)
    finally:
        store.close()
    assert b"127.0.0" not in (tmp_path / "server.db").read_bytes()


# ----- the guesses' budgets -----


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_guesses_are_counted_before_they_are_checked() -> None:
    """Issue 23, item 3: a hundred guesses reserved at once: only the budget's worth may be checked."""
    clock = Clock()
    guesses = g.Guesses(clock)
    reserved = [guesses.reserve("olga", f"10.0.0.{n % 10}", known=False) for n in range(100)]
    checked = [r for r in reserved if isinstance(r, g.Guess)]
    assert len(checked) == g.ACCOUNT_GUESSES
    assert reserved[-1] == "account"
    clock.now += g.WINDOW + 1
    assert isinstance(guesses.reserve("olga", "10.0.0.1", known=False), g.Guess)


def test_a_strangers_guesses_leave_the_owners_address_alone_and_pauses_grow() -> None:
    """Issue 23, item 4: the budget of unknown addresses spent, the owner's known address still may guess, with no
    pause; the pauses double with each wrong guess; a right password gives its guess back."""
    clock = Clock()
    guesses = g.Guesses(clock)
    pauses = []
    for _n in range(g.ACCOUNT_GUESSES):
        guess = guesses.reserve("olga", "10.0.0.9", known=False)
        assert isinstance(guess, g.Guess)
        pauses.append(guesses.wrong(guess))
    assert pauses == pytest.approx([g.FIRST_PAUSE * 2**n for n in range(g.ACCOUNT_GUESSES)])
    assert guesses.refusal("olga", "10.0.0.8", known=False) == "account"
    owner = guesses.reserve("olga", "10.0.0.1", known=True)
    assert isinstance(owner, g.Guess) and guesses.wait(owner) == 0
    guesses.right(owner)
    assert not guesses.book[("known", "olga", "10.0.0.1")].times


def test_one_address_guessing_at_many_accounts_is_stopped() -> None:
    """Issue 23, item 4: password spraying, one wrong guess at each of many accounts from one address."""
    guesses = g.Guesses(Clock())
    results = [guesses.reserve(f"user{n}", "10.0.0.5", known=False) for n in range(g.ADDRESS_GUESSES + 1)]
    assert all(isinstance(r, g.Guess) for r in results[:-1]) and results[-1] == "address"
    assert isinstance(guesses.reserve("user99", "10.0.0.6", known=False), g.Guess)


def test_addresses_are_counted_by_network() -> None:
    assert network("127.0.0.5") == "127.0.0.5"
    assert network("::ffff:10.1.2.3") == "10.1.2.3"
    assert network("2001:db8:1:2:3:4:5:6") == network("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    assert network("?") == "?"


def test_nfc_and_nfkc_agree_on_every_name_accepted() -> None:
    for name in ["Jörg", "Zoë", "Алёна", "Ελένη"]:
        assert unicodedata.normalize("NFKC", name) == name and name_refusal(name) is None
