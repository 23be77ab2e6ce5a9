"""The catalogs say everything the code says, correctly, and reach the player from a wheel and from a checkout.

Each check here stands for a fault that would otherwise reach a player: a message missing from a catalog is
spoken in English, an empty or fuzzy one too, and a renamed ``{placeholder}`` raises ``KeyError`` at the moment
the sentence should be heard. When a catalog test fails after you changed a string, run
``uv run python scripts/update_catalogs.py`` and translate what it lists. The catalogs are read with Babel (a
development and build dependency only; the game runs on the standard library's gettext).
"""

from __future__ import annotations

import ast
import gettext
import importlib.util
import io
import os
import re
import shutil
import string
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from types import ModuleType

import click
import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po
from click.testing import CliRunner

from commerce_a11y import i18n

ROOT = Path(__file__).resolve().parent.parent
UPDATE_HINT = "run `uv run python scripts/update_catalogs.py`, then translate what it lists"


def load_update_script() -> ModuleType:
    """``scripts/update_catalogs.py``, which holds the extraction settings (keywords, comment tag, file order)."""
    spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "scripts" / "update_catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


updater = load_update_script()
TRANSLATED = updater.LANGUAGES


def catalog(lang: str) -> Catalog:
    with updater.catalog_path(lang).open("rb") as file:
        return read_po(file, locale=lang, abort_invalid=True)


def messages(lang: str) -> list[Message]:
    return [message for message in catalog(lang) if message.id]


def key(message: Message) -> tuple[str | None, str]:
    return (message.context, message.id if isinstance(message.id, str) else message.id[0])


def plural(message: Message) -> str | None:
    return None if isinstance(message.id, str) else message.id[1]


def forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


@pytest.fixture(scope="module")
def in_code() -> dict[tuple[str | None, str], Message]:
    return {key(message): message for message in updater.template() if message.id}


@pytest.fixture
def restore_language() -> Iterator[None]:
    before = i18n.active_language()
    yield
    i18n.use_language(before)


languages = pytest.mark.parametrize("lang", TRANSLATED)


# --- (a) to (d): the catalogs against the code -------------------------------------------------------------

def marker_problems(path: Path, root: Path = ROOT) -> list[str]:
    """Marked calls whose text is formatted before the lookup (an f-string, ``.format``): their text differs from
    the catalog's at run time and is never translated; and empty msgids, which translate to the catalog header."""
    problems = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name not in updater.KEYWORDS:
            continue
        for argument in node.args:
            formatted = isinstance(argument, ast.JoinedStr) or (
                isinstance(argument, ast.Call) and getattr(argument.func, "attr", None) == "format")
            if formatted or (isinstance(argument, ast.Constant) and argument.value == ""):
                problems.append(f"{path.relative_to(root)}:{node.lineno}")
    return problems


def test_the_code_marks_every_message_readably(in_code: dict[tuple[str | None, str], Message]) -> None:
    assert len(in_code) > 500, "the extractor found too few messages"
    problems = [problem for path in sorted((ROOT / "commerce_a11y").rglob("*.py")) for problem in marker_problems(path)]
    assert problems == [], "format the translated text, not the text inside the marker"


def test_marker_problems_are_found(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text("a = _('{name} knocks.')\nb = _(f'{x} formatted')\nc = pgettext('rank', '{q}'.format(q=1))\n"
                      "d = t.pgettext('rank', 'Queen')\ne = _('')\n", encoding="utf-8")
    assert marker_problems(source, tmp_path) == ["module.py:2", "module.py:3", "module.py:5"]


def test_the_template_and_catalogs_are_up_to_date() -> None:
    """What ``scripts/update_catalogs.py`` would write is what is there: the .pot, and each catalog's entries."""
    assert updater.main(["--check"]) == 0, UPDATE_HINT


@languages
def test_catalog_holds_exactly_the_messages_of_the_code(
        lang: str, in_code: dict[tuple[str | None, str], Message]) -> None:
    in_catalog = {key(message): plural(message) for message in messages(lang)}
    code = {k: plural(message) for k, message in in_code.items()}
    missing = sorted(set(code) - set(in_catalog), key=str)
    unused = sorted(set(in_catalog) - set(code), key=str)
    assert not missing, f"{lang}: not in the catalog: {missing}; {UPDATE_HINT}"
    assert not unused, f"{lang}: no longer in the code: {unused}; {UPDATE_HINT}"
    changed = sorted(k for k in code if code[k] != in_catalog[k])
    assert not changed, f"{lang}: plural text differs from the code: {changed}; {UPDATE_HINT}"


def test_translator_comments_reach_the_template(in_code: dict[tuple[str | None, str], Message]) -> None:
    """Notes written above a list of messages (the command words) reach the translators, which the home-made
    extractor did not manage."""
    notes = {k: " ".join(message.auto_comments) for k, message in in_code.items()}
    assert notes[("command", "swap s trade")].startswith("Translators: the words a player types for a command")
    assert notes[("reader", "next n")].startswith("Translators: the words a player types in the rules reader")
    assert notes[("decimal sign", ".")].startswith("Translators: the decimal sign")
    template = updater.TEMPLATE.read_text(encoding="utf-8")
    assert "#. Translators: the words a player types for a command" in template


@languages
def test_header_declares_utf8_and_the_plural_rule(lang: str) -> None:
    read = catalog(lang)
    assert str(read.locale) == lang
    assert read.charset.lower() == "utf-8"
    assert read.plural_forms == "nplurals=2; plural=(n != 1);"


@languages
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    fuzzy = [message.id for message in messages(lang) if message.fuzzy]
    empty = [message.id for message in messages(lang) if not all(forms(message))]
    short = [message.id for message in messages(lang) if message.pluralizable and len(forms(message)) != 2]
    assert not fuzzy, f"{lang}: fuzzy (check the translation, then remove the flag): {fuzzy}"
    assert not empty, f"{lang}: not translated: {empty}"
    assert not short, f"{lang}: plural entries without exactly 2 forms: {short}"


def brace_fields(text: str) -> set[str]:
    """The ``str.format`` field names in ``text`` (nested ones in format specs too); ValueError if malformed."""
    names: set[str] = set()
    for _literal, name, spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            names.add(name)
            if spec:
                names |= brace_fields(spec)
    return names


# No space flag, so that "100% sure" does not read as a "% s" directive.
PERCENT_FORMAT = re.compile(r"%(\([^)]*\))?[-#0+]*(\*|\d+)?(\.(\*|\d+))?[diouxXeEfFgGcrsa]")


def percent_fields(text: str) -> list[str]:
    """The %-directives of ``text`` (``%(name)s`` by name, positional ones in order), ``%%`` aside."""
    return sorted(match.group(0) for match in PERCENT_FORMAT.finditer(text.replace("%%", "")))


@languages
def test_translations_keep_the_placeholders_of_their_source(lang: str) -> None:
    faults = []
    for message in messages(lang):
        # msgstr[0] is the singular; every further form (and a plain msgstr's msgid) is compared as gettext does.
        ids = [message.id] if isinstance(message.id, str) else [message.id[0], message.id[1]]
        for index, translation in enumerate(forms(message)):
            source = ids[min(index, len(ids) - 1)]
            try:
                if brace_fields(translation) != brace_fields(source):
                    faults.append(f"{translation!r} should use the fields of {source!r}")
            except ValueError as error:
                faults.append(f"{translation!r}: {error}")
            if percent_fields(translation) != percent_fields(source):
                faults.append(f"{translation!r} should use the %-directives of {source!r}")
    assert not faults, f"{lang}: " + "; ".join(faults)


def test_the_placeholder_checks_see_a_fault() -> None:
    assert brace_fields("{card} liegt im {widow:>{width}}.") == {"card", "widow", "width"}
    assert percent_fields("%(prog)s, Version %(version)s") == ["%(prog)s", "%(version)s"]
    assert percent_fields("100% sicher, %d mal") == ["%d"]
    with pytest.raises(ValueError):
        brace_fields("{kaputt")


@pytest.mark.e2e
@languages
@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_gnu_msgfmt_accepts_the_catalog(lang: str) -> None:
    result = subprocess.run(["msgfmt", "--check", "--check-format", "-o", os.devnull, str(updater.catalog_path(lang))],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_click_messages_are_clicks_own() -> None:
    """A click upgrade that rewords a message must fail here rather than turn the game English."""
    from commerce_a11y import click_messages

    def found(items: Iterator[tuple]) -> dict[tuple[str | None, str], str | None]:  # type: ignore[type-arg]
        result = {}
        for item in items:
            msgid, context = item[-3], item[-1]
            single = msgid if isinstance(msgid, str) else msgid[0]
            result[(context, single)] = None if isinstance(msgid, str) else msgid[1]
        return result

    in_click = found(extract_from_dir(Path(click.__file__).parent, keywords=updater.KEYWORDS))
    ours = found(extract_from_file("python", click_messages.__file__, keywords=updater.KEYWORDS))
    assert ours
    for (context, msgid), plural_text in ours.items():
        if msgid in click_messages.SHOWN_THROUGH_VARIABLES:
            continue
        assert (context, msgid) in in_click, f"click {version('click')} no longer has the message {msgid!r}"
        assert in_click[(context, msgid)] == plural_text, msgid


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


def test_every_click_module_with_messages_is_routed_to_our_catalogs() -> None:
    """``translate_click`` rebinds the stdlib gettext functions that click's modules imported. Should click translate
    another way (its own function, a domain of its own), a module with messages would keep its own ``_`` and the
    game's help and errors would turn English: this fails first, naming the module."""
    import importlib

    click_dir = Path(click.__file__).parent
    uses: dict[str, set[str]] = {}
    for filename, _lineno, _msgid, _comments, _context in extract_from_dir(click_dir, keywords=updater.KEYWORDS):
        module = "click." + filename.removesuffix(".py").replace(os.sep, ".")
        uses.setdefault(module.removesuffix(".__init__"), set())
    for module_name in list(uses):
        try:
            importlib.import_module(module_name)
        except (ImportError, AssertionError):  # another platform's module (click._winconsole)
            del uses[module_name]
            continue
        source = (click_dir / (module_name.removeprefix("click.") + ".py")).read_text(encoding="utf-8")
        uses[module_name] = {name for name in ("_", "ngettext") if re.search(rf"\b{name}\(", source)}
    assert {"click.core", "click.exceptions", "click.types"} <= set(uses)
    i18n.translate_click()
    ours = {"_": i18n._, "ngettext": i18n.ngettext}
    for module_name, names in uses.items():
        namespace = vars(sys.modules[module_name])
        for name in names:
            assert namespace.get(name) is ours[name], f"{module_name}.{name} is not routed to the game's catalogs"


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


# --- (g) the wheel and the checkout --------------------------------------------------------------------------

def without_uv_environment() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if not key.startswith(("VIRTUAL_ENV", "UV_PROJECT"))}


def run(*args: str | Path, cwd: Path) -> str:
    result = subprocess.run([str(arg) for arg in args], cwd=cwd, env=without_uv_environment(), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def gnu_catalog(po: Path, tmp_path: Path) -> dict[object, str]:
    subprocess.run(["msgfmt", "-o", str(tmp_path / "gnu.mo"), str(po)], check=True, timeout=60)
    return gettext.GNUTranslations(io.BytesIO((tmp_path / "gnu.mo").read_bytes()))._catalog  # type: ignore[attr-defined]


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("uv") is None, reason="uv is not installed")
def test_installed_wheel_speaks_german_from_its_packaged_catalogs(tmp_path: Path) -> None:
    uv = shutil.which("uv")
    assert uv is not None
    run(uv, "build", "--wheel", "--quiet", "--out-dir", tmp_path / "dist", ROOT, cwd=tmp_path)
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for lang in TRANSLATED:
        assert f"commerce_a11y/locales/{lang}/LC_MESSAGES/commerce.mo" in names
    assert not [name for name in names if name.endswith((".po", ".pot"))]
    assert not [name for name in names if "/en/" in name], "English is the source language: no catalog"
    if shutil.which("msgfmt"):  # the build hook compiles as GNU gettext does: fuzzy and empty entries left out
        packaged = zipfile.ZipFile(wheel).read("commerce_a11y/locales/de/LC_MESSAGES/commerce.mo")
        ours = gettext.GNUTranslations(io.BytesIO(packaged))._catalog  # type: ignore[attr-defined]
        gnu = gnu_catalog(updater.catalog_path("de"), tmp_path)
        assert {k: v for k, v in ours.items() if k} == {k: v for k, v in gnu.items() if k}

    run(uv, "venv", "--quiet", "--python", sys.executable, tmp_path / "venv", cwd=tmp_path)
    python = tmp_path / "venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run(uv, "pip", "install", "--quiet", "--python", python, wheel, cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    output = run(python, "-c", (
        "import sys\n"
        "from commerce_a11y import i18n\n"
        "print(i18n.translation('de').gettext('Usage:'))\n"
        "print(i18n.__file__)\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'babel'))\n"
    ), cwd=elsewhere)
    german, module_file, babel_loaded = output.splitlines()
    assert german == "Aufruf:"
    assert Path(module_file).is_relative_to(tmp_path / "venv")
    assert babel_loaded == "[]", "the game runs on the standard library's gettext"
    help_text = run(python, "-m", "commerce_a11y", "--lang", "nl", "--help", cwd=elsewhere)
    assert help_text.startswith("Gebruik: commerce")


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("uv") is None, reason="uv is not installed")
def test_a_fresh_checkout_speaks_german_and_hears_an_edited_catalog(tmp_path: Path) -> None:
    """``uv sync`` in a clone compiles the catalogs into the source folder; after a ``.po`` changed, ``uv run``
    (which syncs first) compiles it again, because pyproject.toml names the catalogs in uv's cache keys."""
    uv = shutil.which("uv")
    assert uv is not None
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    for name in ("pyproject.toml", "hatch_build.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, checkout / name)
    shutil.copytree(ROOT / "locales", checkout / "locales")
    shutil.copytree(ROOT / "commerce_a11y", checkout / "commerce_a11y",
                    ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run(uv, "sync", "--quiet", "--no-dev", cwd=checkout)
    assert (checkout / "commerce_a11y" / "locales" / "de" / "LC_MESSAGES" / "commerce.mo").is_file()
    command = (uv, "run", "--quiet", "--no-dev", "--project", checkout, "commerce", "--lang", "de", "--help")
    assert run(*command, cwd=elsewhere).startswith("Aufruf: commerce")

    po = checkout / "locales" / "de" / "LC_MESSAGES" / "commerce.po"
    text = po.read_text(encoding="utf-8")
    assert '\nmsgstr "Aufruf:"\n' in text
    po.write_text(text.replace('\nmsgstr "Aufruf:"\n', '\nmsgstr "Benutzung:"\n'), encoding="utf-8")
    os.utime(po, (po.stat().st_atime, po.stat().st_mtime + 2))  # newer than the .mo, however coarse the clock
    assert run(*command, cwd=elsewhere).startswith("Benutzung: commerce")
