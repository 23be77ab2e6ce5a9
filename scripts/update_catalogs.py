"""Bring the translation template and catalogs in ``locales/`` up to date with the messages in the code.

Run after adding, changing or removing a translatable string::

    uv run python scripts/update_catalogs.py          # rewrite the template and catalogs, list what changed
    uv run python scripts/update_catalogs.py --check  # change nothing; exit 1 if a file is out of date

Babel does the work (``pybabel extract`` and ``pybabel update``, through its API): the messages are extracted from
``commerce_a11y/`` into ``locales/commerce.pot`` with their ``# Translators:`` comments, and each catalog
(``locales/<lang>/LC_MESSAGES/commerce.po``) is updated from it. English is the source language and has no catalog.
New messages get an empty translation, so that ``tests/test_catalogs.py`` fails until someone translates them;
messages gone from the code become obsolete ``#~`` entries when they hold a translation (kept in case the string
comes back, and revived then; ``--drop-obsolete`` drops them all). No fuzzy guesses are made.

What this adds to plain ``pybabel``, so that branches that add messages in parallel merge cleanly: entries sorted by
msgid (case aside, as a reader looks a message up), no line wrapping and no line numbers, and each file's header
kept as it is (no creation date, no Babel version), so that running it twice, or on two branches, writes the same
bytes. After merging branches that both touched the catalogs, run it once more and commit what it writes.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "commerce_a11y"
DOMAIN = "commerce"
LANGUAGES = ("de", "nl")
"""The translated languages; English, the source language, needs no catalog."""
LANGUAGE_NAMES = {"de": "German", "nl": "Dutch"}

KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
"""The marker functions of the game (``commerce_a11y.i18n``; ``N_`` only marks, and the rules core has its own) and
where their messages are, in Babel's notation: ``(1, "c")`` is the context, the numbers the msgid and plural."""
COMMENT_TAG = "Translators:"
TEMPLATE = ROOT / "locales" / f"{DOMAIN}.pot"


def catalog_path(lang: str) -> Path:
    return ROOT / "locales" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def singular(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def sort_key(message: Message) -> tuple[str, str, str]:
    """Alphabetical, case aside, so that a translator finds a message where a reader would look for it."""
    return (singular(message).casefold(), singular(message), message.context or "")


def template() -> Catalog:
    """Every message marked in the package, with its files and translator comments, in :func:`sort_key` order."""
    found = Catalog(project="commerce-a11y", fuzzy=False)
    for filename, lineno, msgid, comments, context in extract_from_dir(
        ROOT / PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=[COMMENT_TAG],
        strip_comment_tags=False,
    ):
        found.add(msgid, locations=[(f"{PACKAGE}/{filename}", lineno)], auto_comments=comments, context=context)
    ordered = Catalog(project="commerce-a11y", fuzzy=False)
    for message in sorted(found, key=sort_key):
        if message.id:
            ordered[message.id] = message
    return ordered


def po_text(catalog: Catalog, header: str, *, keep_obsolete: bool = True) -> str:
    """The text of a catalog: ``header`` as given, then the entries in the catalog's order, lines unwrapped."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=True, include_lineno=False, ignore_obsolete=not keep_obsolete)
    return header + "\n" + buffer.getvalue().decode("utf-8").rstrip("\n") + "\n"


def header_of(text: str) -> str:
    """A catalog's header block (its comments and the ``msgid ""`` entry), everything before the first blank line."""
    return text.split("\n\n", 1)[0].rstrip("\n") + "\n"


def new_header(lang: str | None) -> str:
    """The header of a file that does not exist yet: UTF-8, and the plural rule German, Dutch and English share."""
    fields = {
        "Project-Id-Version": "commerce-a11y",
        "Report-Msgid-Bugs-To": "",
        "PO-Revision-Date": "2025-01-01 00:00+0000" if lang else "YEAR-MO-DA HO:MI+ZONE",
        "Last-Translator": "commerce-a11y contributors",
        "Language-Team": LANGUAGE_NAMES[lang] if lang else "",
        "Language": lang or "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": "nplurals=2; plural=(n != 1);",
    }
    title = f"{LANGUAGE_NAMES[lang]} messages" if lang else "Translation template"
    return (f"# {title} of commerce-a11y.\n"
            "# Add strings in the code, then run: uv run python scripts/update_catalogs.py\n"
            'msgid ""\nmsgstr ""\n' + "".join(f'"{key}: {value}\\n"\n' for key, value in fields.items()))


def describe(message: Message) -> str:
    return (f"[{message.context}] " if message.context else "") + repr(singular(message))


def updated(lang: str, found: Catalog, drop_obsolete: bool) -> tuple[str, list[str], int]:
    """One catalog's new text, the lines that say what changed in it, and how many messages wait for a translator."""
    path = catalog_path(lang)
    old_text = path.read_text(encoding="utf-8") if path.exists() else new_header(lang)
    catalog = read_po(io.StringIO(old_text), locale=lang)
    before = {(singular(message), message.context): message for message in catalog if message.id}
    for key, message in list(catalog.obsolete.items()):  # a string that came back gets its old translation back
        if found.get(message.id, message.context) is not None and catalog.get(message.id, message.context) is None:
            catalog[message.id] = message
            del catalog.obsolete[key]
    catalog.update(found, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete = {key: message for key, message in catalog.obsolete.items() if _translated(message)}
    after = {(singular(message), message.context) for message in catalog if message.id}
    report = [f"added: {describe(message)}" for message in catalog if message.id
              and (singular(message), message.context) not in before]
    report += [f"obsolete: {describe(message)}" for key, message in before.items() if key not in after]
    waiting = sum(1 for message in catalog if message.id and (message.fuzzy or not _translated(message)))
    return po_text(catalog, header_of(old_text), keep_obsolete=not drop_obsolete), report, waiting


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(strings) and all(strings)


def write(path: Path, text: str, check: bool) -> bool:
    """Write ``text`` to ``path`` unless it is there already (or only ``check``); whether the file was out of date."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return True


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file is out of date")
    parser.add_argument("--drop-obsolete", action="store_true", help="remove obsolete entries instead of keeping them")
    args = parser.parse_args(None if argv is None else list(argv))

    found = template()
    print(f"{len(found)} messages in the code")
    old_template = TEMPLATE.read_text(encoding="utf-8") if TEMPLATE.exists() else new_header(None)
    stale = [TEMPLATE.name] if write(TEMPLATE, po_text(found, header_of(old_template)), args.check) else []
    changes: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        text, report, waiting = updated(lang, found, args.drop_obsolete)
        for line in report:
            changes.setdefault(line, []).append(lang)
        if write(catalog_path(lang), text, args.check):
            stale.append(lang)
        if waiting:
            print(f"{lang}: {waiting} to translate in {catalog_path(lang).relative_to(ROOT)}")
    for line, langs in changes.items():
        action, _, message = line.partition(": ")
        print(f"{action} ({', '.join(langs)}): {message}")
    if args.check:
        print(("out of date: " + ", ".join(stale) + " (run scripts/update_catalogs.py)") if stale else "up to date")
        return 1 if stale else 0
    print("written: " + (", ".join(stale) if stale else "nothing changed"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
