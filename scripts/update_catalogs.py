"""Bring the catalogs in ``locales/`` up to date with the messages in the code.

Run after adding, changing or removing a translatable string::

    uv run python scripts/update_catalogs.py          # rewrite the catalogs, list what changed
    uv run python scripts/update_catalogs.py --check  # change nothing; exit 1 if a catalog is out of date

What it does, per language: messages new in the code are added (English gets its msgid as translation, German
and Dutch get an empty one, so that ``tests/test_catalogs.py`` fails until someone translates them); messages gone
from the code become obsolete ``#~`` entries, which keep their translation in case the string comes back (those
with nothing worth keeping are dropped, and ``--drop-obsolete`` drops them all); every existing translation and
translator comment is kept. A message whose plural text changed keeps its translation but is marked fuzzy, which
the tests reject until a translator has looked at it. Entries are sorted by msgid, and nothing varying (dates)
is written, so running it twice changes nothing. It needs nothing beyond the stdlib and the game's own
``commerce_a11y/catalogs.py``.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from commerce_a11y.catalogs import Entry, project_messages, read_po, write_po  # noqa: E402
from commerce_a11y.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE  # noqa: E402

LANGUAGE_NAMES = {"de": "German", "nl": "Dutch", "en": "English"}
FORMAT_FLAGS = {"python-format", "python-brace-format"}


def catalog_path(lang: str) -> Path:
    return ROOT / "locales" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def new_header(lang: str) -> Entry:
    """The header of a catalog that does not exist yet: UTF-8, and the plural rule all three languages share."""
    fields = {
        "Project-Id-Version": "commerce-a11y",
        "Report-Msgid-Bugs-To": "",
        "PO-Revision-Date": "2025-01-01 00:00+0000",
        "Last-Translator": "commerce-a11y contributors",
        "Language-Team": f"{LANGUAGE_NAMES[lang]}",
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": "nplurals=2; plural=(n != 1);",
    }
    return Entry(
        msgid="",
        msgstr="".join(f"{key}: {value}\n" for key, value in fields.items()),
        comments=[f"{LANGUAGE_NAMES[lang]} messages of commerce-a11y.",
                  "Add strings in the code, then run: uv run python scripts/update_catalogs.py"],
    )


def plural_count(header: Entry) -> int:
    match = re.search(r"nplurals\s*=\s*(\d+)", header.msgstr)
    return int(match.group(1)) if match else 2


def sort_flags(flags: list[str]) -> list[str]:
    return sorted(set(flags), key=lambda flag: (flag != "fuzzy", flag))


def merged_entry(found: Entry, old: Entry | None, lang: str, forms: int) -> Entry:
    """The catalog entry for a message of the code: extracted facts, with the old entry's translation kept."""
    entry = replace(found, references=list(found.references), auto_comments=list(found.auto_comments))
    if old is not None:
        entry.comments = list(old.comments)
    if old is None or (lang == SOURCE_LANGUAGE and old.translations == source_texts(old, forms)):
        # New, or English still equal to its source: (re)generated, so an English plural follows its msgid.
        if lang == SOURCE_LANGUAGE:
            entry.msgstr_plural = source_texts(found, forms) if found.msgid_plural is not None else []
            entry.msgstr = found.msgid if found.msgid_plural is None else ""
        elif found.msgid_plural is not None:
            entry.msgstr_plural = [""] * forms
        if old is not None:
            entry.flags = sort_flags(found.flags + [flag for flag in old.flags if flag not in FORMAT_FLAGS])
        return entry
    entry.previous = list(old.previous)
    kept_flags = [flag for flag in old.flags if flag not in FORMAT_FLAGS]
    if found.msgid_plural is None:
        entry.msgstr = old.msgstr if old.msgid_plural is None else (old.msgstr_plural or [""])[0]
    else:
        old_forms = old.msgstr_plural if old.msgid_plural is not None else [old.msgstr]
        entry.msgstr_plural = (list(old_forms) + [""] * forms)[:forms]
    if old.msgid_plural != found.msgid_plural and any(old.translations):
        kept_flags.append("fuzzy")
        # gettext's way to show the translator what the source said before: "#| msgid ..." lines.
        bare = Entry(msgid=old.msgid, msgctxt=old.msgctxt, msgid_plural=old.msgid_plural)
        entry.previous = [f"#| {line}" for line in write_po([bare]).splitlines() if line.startswith(("msg", '"'))
                          and not line.startswith("msgstr")]
    entry.flags = sort_flags(found.flags + kept_flags)
    return entry


def source_texts(entry: Entry, forms: int) -> list[str]:
    """What the English catalog holds for an entry: its msgid, or msgid and msgid_plural for each plural form."""
    if entry.msgid_plural is None:
        return [entry.msgid]
    return [entry.msgid] + [entry.msgid_plural] * (forms - 1)


def worth_keeping(entry: Entry) -> bool:
    """An obsolete entry is kept only when it holds a real translation that could be revived."""
    return any(entry.translations) and entry.translations != source_texts(entry, len(entry.translations))


def update(lang: str, found: dict[tuple[str | None, str], Entry], drop_obsolete: bool) -> tuple[str, list[str]]:
    """The new text of one catalog and the lines that report what changed in it."""
    path = catalog_path(lang)
    existing = read_po(path, keep_obsolete=True) if path.exists() else []
    header = next((entry for entry in existing if entry.is_header and not entry.obsolete), None) or new_header(lang)
    current = {entry.key: entry for entry in existing if not entry.is_header and not entry.obsolete}
    obsolete = {entry.key: entry for entry in existing if entry.obsolete}
    forms = plural_count(header)
    report = []
    entries = []
    for key in sorted(found, key=sort_key):
        old = current.get(key) or obsolete.get(key)
        if key not in current:
            report.append(("revived" if old else "added") + f": {describe(found[key])}")
        elif current[key].msgid_plural != found[key].msgid_plural:
            report.append(f"plural changed, check the translation: {describe(found[key])}")
        entries.append(merged_entry(found[key], old, lang, forms))
    gone = []
    for key, entry in {**obsolete, **current}.items():
        if key in found:
            continue
        if key in current:
            report.append(f"obsolete: {describe(entry)}")
        if not drop_obsolete and worth_keeping(entry):
            gone.append(replace(entry, obsolete=True, references=[], auto_comments=[]))
    gone.sort(key=lambda entry: sort_key(entry.key))
    return write_po([header, *entries, *gone]), report


def sort_key(key: tuple[str | None, str]) -> tuple[str, str, str]:
    """Alphabetical, case aside, so that a translator finds a message where a reader would look for it."""
    context, msgid = key
    return (msgid.casefold(), msgid, context or "")


def describe(entry: Entry) -> str:
    context = f"[{entry.msgctxt}] " if entry.msgctxt is not None else ""
    return context + repr(entry.msgid)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalog is out of date")
    parser.add_argument("--drop-obsolete", action="store_true", help="remove obsolete entries instead of keeping them")
    args = parser.parse_args(argv)

    extraction = project_messages(ROOT)
    for problem in extraction.problems:
        print(f"problem: {problem}", file=sys.stderr)
    print(f"{len(extraction.messages)} messages in the code")
    stale = []
    changes: dict[str, list[str]] = {}
    todo: list[str] = []
    for lang in LANGUAGES:
        text, report = update(lang, extraction.messages, args.drop_obsolete)
        path = catalog_path(lang)
        changed = not path.exists() or path.read_text(encoding="utf-8") != text
        for line in report:
            changes.setdefault(line, []).append(lang)
        if changed:
            stale.append(lang)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
        untranslated = [entry for entry in read_po(text) if not entry.is_header and not entry.is_translated]
        if untranslated:
            todo.append(f"{lang}: {len(untranslated)} to translate in {path.relative_to(ROOT)}")
    for line, langs in changes.items():
        action, _, message = line.partition(": ")
        print(f"{action} ({', '.join(langs)}): {message}")
    for line in todo:
        print(line)
    if args.check:
        print(("out of date: " + ", ".join(stale) + " (run scripts/update_catalogs.py)") if stale else "up to date")
        return 1 if stale or extraction.problems else 0
    print("written: " + (", ".join(stale) if stale else "nothing changed"))
    return 1 if extraction.problems else 0


if __name__ == "__main__":
    sys.exit(main())
