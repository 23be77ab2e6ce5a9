"""The catalogs say everything the code says, correctly, and reach the player both from a checkout and a wheel.

Each check here stands for a fault that would otherwise reach a player: a message missing from a catalog is
spoken in English, an empty or fuzzy one too, and a renamed ``{placeholder}`` raises ``KeyError`` at the moment
the sentence should be heard. When a catalog test fails after you changed a string, run
``uv run python scripts/update_catalogs.py`` and translate what it lists.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from commerce_a11y import catalogs, i18n
from commerce_a11y.catalogs import Entry, PoError, format_fields, mo_bytes, read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
UPDATE_HINT = "run `uv run python scripts/update_catalogs.py`, then translate what it lists"


def catalog_path(lang: str) -> Path:
    return ROOT / "locales" / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def messages(lang: str) -> list[Entry]:
    return [entry for entry in read_po(catalog_path(lang)) if not entry.is_header]


def header(lang: str) -> Entry:
    entries = read_po(catalog_path(lang))
    assert entries and entries[0].is_header, f"{lang}: the catalog must start with its header"
    return entries[0]


def plural_count(lang: str) -> int:
    match = re.search(r"nplurals=(\d+);", header(lang).msgstr)
    assert match, f"{lang}: no Plural-Forms in the header"
    return int(match.group(1))


@pytest.fixture(scope="module")
def extraction() -> catalogs.Extraction:
    return catalogs.project_messages(ROOT)


@pytest.fixture
def restore_language() -> Iterator[None]:
    before = i18n.active_language()
    yield
    i18n.use_language(before)


languages = pytest.mark.parametrize("lang", i18n.LANGUAGES)


# --- (a) to (d): the catalogs against the code -------------------------------------------------------------

def test_the_code_marks_every_message_readably(extraction: catalogs.Extraction) -> None:
    assert extraction.problems == []
    assert extraction.messages, "the extractor found no message at all"


@languages
def test_catalog_holds_exactly_the_messages_of_the_code(lang: str, extraction: catalogs.Extraction) -> None:
    in_catalog = {entry.key: entry.msgid_plural for entry in messages(lang)}
    in_code = {key: entry.msgid_plural for key, entry in extraction.messages.items()}
    missing = sorted(set(in_code) - set(in_catalog), key=str)
    unused = sorted(set(in_catalog) - set(in_code), key=str)
    assert not missing, f"{lang}: not in the catalog: {missing}; {UPDATE_HINT}"
    assert not unused, f"{lang}: no longer in the code: {unused}; {UPDATE_HINT}"
    changed = sorted(key for key in in_code if in_code[key] != in_catalog[key])
    assert not changed, f"{lang}: plural text differs from the code: {changed}; {UPDATE_HINT}"


@languages
def test_header_declares_utf8_and_the_plural_rule(lang: str) -> None:
    text = header(lang).msgstr
    assert f"Language: {lang}\n" in text
    assert "Content-Type: text/plain; charset=UTF-8\n" in text
    assert "Plural-Forms: nplurals=2; plural=(n != 1);\n" in text


@languages
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    forms = plural_count(lang)
    fuzzy = [entry.msgid for entry in messages(lang) if entry.fuzzy]
    empty = [entry.msgid for entry in messages(lang) if not entry.is_translated]
    short = [entry.msgid for entry in messages(lang)
             if entry.msgid_plural is not None and len(entry.msgstr_plural) != forms]
    assert not fuzzy, f"{lang}: fuzzy (check the translation, then remove the flag): {fuzzy}"
    assert not empty, f"{lang}: not translated: {empty}"
    assert not short, f"{lang}: plural entries without exactly {forms} forms: {short}"


@languages
def test_translations_keep_the_placeholders_of_their_source(lang: str) -> None:
    faults = []
    for entry in messages(lang):
        # msgstr[0] is the singular; every further form (and a plain msgstr's msgid) is compared as gettext does.
        sources = [entry.msgid] if entry.msgid_plural is None else [entry.msgid] + [entry.msgid_plural] * (
            len(entry.msgstr_plural) - 1)
        for source, translation in zip(sources, entry.translations, strict=True):
            try:
                if format_fields(translation) != format_fields(source):
                    faults.append(f"{translation!r} should use the fields of {source!r}")
            except ValueError as error:
                faults.append(f"{translation!r}: {error}")
    assert not faults, f"{lang}: " + "; ".join(faults)


@languages
@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_gnu_msgfmt_accepts_the_catalog(lang: str) -> None:
    result = subprocess.run(["msgfmt", "--check", "--check-format", "-o", os.devnull, str(catalog_path(lang))],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_click_messages_are_clicks_own() -> None:
    """A click upgrade that rewords a message must fail here rather than turn the game English."""
    from commerce_a11y import click_messages

    click_dir = Path(click.__file__).parent
    in_click = catalogs.extract(catalogs.python_files(click_dir), click_dir.parent).messages
    ours = catalogs.extract([Path(click_messages.__file__)], ROOT).messages
    assert ours
    for key, entry in ours.items():
        if entry.msgid in click_messages.SHOWN_THROUGH_VARIABLES:
            continue
        assert key in in_click, f"click {click.__name__} no longer has the message {entry.msgid!r}"
        assert in_click[key].msgid_plural == entry.msgid_plural, entry.msgid


# --- (e) the runtime loader ---------------------------------------------------------------------------------

def test_the_checkout_loader_speaks_german_and_dutch() -> None:
    assert i18n.translation("de").gettext("Usage:") == "Aufruf:"
    assert i18n.translation("nl_BE.UTF-8").gettext("Usage:") == "Gebruik:"
    german = i18n.translation("de")
    assert german.ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})",
                           2) == "Unerwartete zusätzliche Argumente ({args})"
    assert isinstance(german, gettext.GNUTranslations)


def test_english_and_unknown_languages_speak_the_msgids() -> None:
    assert i18n.translation("en").gettext("Usage:") == "Usage:"
    assert i18n.translation("fr").gettext("Usage:") == "Usage:"
    assert i18n.translation("de").gettext("a message nobody wrote") == "a message nobody wrote"


def test_module_functions_follow_the_active_language(restore_language: None) -> None:
    i18n.use_language("nl")
    assert i18n.active_language() == "nl"
    assert i18n._("Options") == "Opties"
    assert i18n.ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1) == (
        "Bedoel je {possibility}?")
    assert i18n.pgettext("no such context", "Options") == "Options"
    assert i18n.N_("Options") == "Options"
    i18n.use_language("en")
    assert i18n._("Options") == "Options"


def test_click_speaks_the_active_language(restore_language: None) -> None:
    @click.command()
    @click.option("--count", type=int)
    def game(count: int | None) -> None:
        click.echo("ran")

    runner = CliRunner()
    i18n.use_language("de")
    result = runner.invoke(game, ["--nope"], prog_name="commerce")
    assert "Aufruf: commerce" in result.output
    assert "Hilfe gibt es mit 'commerce --help'." in result.output
    assert "Fehler: Die Option '--nope' gibt es nicht." in result.output
    assert "Optionen" in runner.invoke(game, ["--help"]).output
    i18n.use_language("nl")
    assert "Ongeldige waarde voor '--count'" in runner.invoke(game, ["--count", "x"]).output
    i18n.use_language("en")
    assert "No such option '--nope'." in runner.invoke(game, ["--nope"]).output


# --- (f) which language ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "environ", "expected"), [
    (["--lang", "nl"], {"LANG": "de_DE.UTF-8"}, "nl"),
    (["play", "--lang=de"], {}, "de"),
    (["--lang", "fr"], {"LANG": "de_DE.UTF-8"}, "de"),
    (["--", "--lang", "de"], {}, "en"),
    (["--lang"], {"LANG": "nl_NL.UTF-8"}, "nl"),
    ([], {"LANG": "nl_BE.UTF-8"}, "nl"),
    ([], {"LANGUAGE": "fr:de:en", "LANG": "nl_NL.UTF-8"}, "de"),
    ([], {"LANGUAGE": "", "LC_ALL": "de_AT.UTF-8", "LANG": "nl_NL.UTF-8"}, "de"),
    ([], {"LC_ALL": "C", "LC_MESSAGES": "nl_NL.UTF-8", "LANG": "de_DE.UTF-8"}, "nl"),
    ([], {"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "de"),
    ([], {"LANG": "POSIX"}, "en"),
    ([], {"LANG": "fr_FR.UTF-8"}, "en"),
    ([], {}, "en"),
])
def test_detect_language(argv: list[str], environ: dict[str, str], expected: str) -> None:
    assert i18n.detect_language(argv, environ) == expected


# --- the PO reader and MO writer ----------------------------------------------------------------------------

SAMPLE = r'''# A translator's note.
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. Translators: the skat is the widow
#: commerce_a11y/rules/match.py
#, python-brace-format
msgid "{card} is not in the skat."
msgstr "{card} liegt nicht im Skat."

msgctxt "rank"
msgid "Queen"
msgstr "Dame"

msgid "Queen"
msgstr "Königin"

msgid ""
"Two\n"
"lines \"quoted\" \\ \t tab \303\244"
msgstr "Zwei\nZeilen"

msgid "{n} chip"
msgid_plural "{n} chips"
msgstr[0] "{n} Chip"
msgstr[1] "{n} Chips"

#, fuzzy
msgid "Guessed"
msgstr "Geraten"

msgid "Untranslated"
msgstr ""

#~ msgid "Gone"
#~ msgstr "Weg"
'''


def test_reader_understands_the_po_format() -> None:
    entries = read_po(SAMPLE)
    by_key = {entry.key: entry for entry in entries}
    assert entries[0].is_header and entries[0].comments == ["A translator's note."]
    skat = by_key[(None, "{card} is not in the skat.")]
    assert skat.flags == ["python-brace-format"]
    assert skat.auto_comments == ["Translators: the skat is the widow"]
    assert skat.references == ["commerce_a11y/rules/match.py"]
    assert by_key[("rank", "Queen")].msgstr == "Dame"
    assert by_key[(None, "Queen")].msgstr == "Königin"
    assert (None, 'Two\nlines "quoted" \\ \t tab ä') in by_key
    plural = by_key[(None, "{n} chip")]
    assert plural.msgid_plural == "{n} chips" and plural.msgstr_plural == ["{n} Chip", "{n} Chips"]
    assert by_key[(None, "Guessed")].fuzzy
    assert (None, "Gone") not in by_key
    assert read_po(SAMPLE, keep_obsolete=True)[-1].obsolete


def test_entries_need_no_blank_line_between_them() -> None:
    entries = read_po('msgctxt "rank"\nmsgid "Queen"\nmsgstr "Dame"\nmsgid "Queen"\nmsgstr "Königin"\n'
                      '#, fuzzy\nmsgid "King"\nmsgstr "König"\n')
    assert [(entry.key, entry.msgstr, entry.fuzzy) for entry in entries] == [
        (("rank", "Queen"), "Dame", False), ((None, "Queen"), "Königin", False), ((None, "King"), "König", True)]


def test_writer_round_trips() -> None:
    entries = read_po(SAMPLE, keep_obsolete=True)
    again = read_po(write_po(entries), keep_obsolete=True)
    for entry in entries + again:
        entry.lineno = 0
    assert again == entries


def test_mo_leaves_out_fuzzy_and_empty_and_keeps_the_header() -> None:
    translations = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(SAMPLE))))
    assert translations.info()["content-type"] == "text/plain; charset=UTF-8"
    assert translations.gettext("{card} is not in the skat.") == "{card} liegt nicht im Skat."
    assert translations.pgettext("rank", "Queen") == "Dame"
    assert translations.gettext("Queen") == "Königin"
    assert translations.ngettext("{n} chip", "{n} chips", 1) == "{n} Chip"
    assert translations.ngettext("{n} chip", "{n} chips", 5) == "{n} Chips"
    assert translations.gettext("Guessed") == "Guessed"
    assert translations.gettext("Untranslated") == "Untranslated"
    assert translations.gettext("Gone") == "Gone"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_mo_says_what_gnu_msgfmt_says(tmp_path: Path) -> None:
    po = tmp_path / "sample.po"
    po.write_text(SAMPLE, encoding="utf-8")
    subprocess.run(["msgfmt", "-o", str(tmp_path / "gnu.mo"), str(po)], check=True, timeout=60)
    gnu = gettext.GNUTranslations(io.BytesIO((tmp_path / "gnu.mo").read_bytes()))
    ours = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(po))))
    assert ours._catalog == gnu._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", [
    'msgid "unterminated\nmsgstr ""\n',
    'msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n',
    'msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n',
    'msgid "a"\nmsgstr "\\q"\n',
    '"orphan"\n',
])
def test_reader_rejects_broken_catalogs(text: str) -> None:
    with pytest.raises(PoError):
        read_po(text)


def test_extractor_reads_every_marker_and_reports_formatted_text(tmp_path: Path) -> None:
    source = tmp_path / "pkg" / "module.py"
    source.parent.mkdir()
    source.write_text(
        "from .errors import N_\n"
        "# Translators: said when a player knocks\n"
        "a = _('{name} knocks.')\n"
        "b = N_('Marked' ' only')\n"
        "c = ngettext('{n} chip', '{n} chips', n)\n"
        "d = pgettext('rank', 'Queen')\n"
        "e = i18n._(variable)\n"
        "f = _(f'{x} formatted')\n",
        encoding="utf-8",
    )
    found = catalogs.extract([source], tmp_path)
    assert set(found.messages) == {(None, "{name} knocks."), (None, "Marked only"), (None, "{n} chip"),
                                   ("rank", "Queen")}
    knocks = found.messages[(None, "{name} knocks.")]
    assert knocks.auto_comments == ["Translators: said when a player knocks"]
    assert knocks.flags == ["python-brace-format"] and knocks.references == ["pkg/module.py"]
    assert found.messages[(None, "{n} chip")].msgid_plural == "{n} chips"
    assert len(found.problems) == 1 and "pkg/module.py:8" in found.problems[0]


# --- (g) the wheel ------------------------------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("uv") is None, reason="uv is not installed")
def test_installed_wheel_speaks_german_from_its_packaged_catalogs(tmp_path: Path) -> None:
    uv = shutil.which("uv")
    assert uv is not None
    env = {key: value for key, value in os.environ.items() if not key.startswith(("VIRTUAL_ENV", "UV_PROJECT"))}

    def run(*args: str, cwd: Path = tmp_path) -> str:
        result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, f"{' '.join(args)}\n{result.stdout}\n{result.stderr}"
        return result.stdout

    run(uv, "build", "--wheel", "--quiet", "--out-dir", str(tmp_path / "dist"), str(ROOT))
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for lang in i18n.LANGUAGES:
        assert f"commerce_a11y/locales/{lang}/LC_MESSAGES/commerce.mo" in names
    assert not [name for name in names if name.endswith(".po")]

    run(uv, "venv", "--quiet", "--python", sys.executable, str(tmp_path / "venv"))
    python = tmp_path / "venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run(uv, "pip", "install", "--quiet", "--no-deps", "--python", str(python), str(wheel))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    output = run(str(python), "-c", (
        "import sys\n"
        "from commerce_a11y import i18n\n"
        "print(i18n.translation('de').gettext('Usage:'))\n"
        "print(i18n.__file__)\n"
        "print('commerce_a11y.catalogs' in sys.modules)\n"
    ), cwd=elsewhere)
    german, module_file, compiled_in_memory = output.splitlines()
    assert german == "Aufruf:"
    assert Path(module_file).is_relative_to(tmp_path / "venv")
    assert compiled_in_memory == "False", "the installed game should read the packaged .mo, not compile"
