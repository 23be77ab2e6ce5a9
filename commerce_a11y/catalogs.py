"""Gettext catalogs without Babel: read ``.po``, write ``.po`` and ``.mo``, extract messages from the code.

One module serves three callers, so that they can never disagree about what a catalog says:

* the wheel's build hook (``hatch_build.py``) compiles the catalogs to ``.mo`` with :func:`mo_bytes`; it loads
  this file by path because the package is not installed while it builds, hence stdlib imports only;
* the runtime loader (:mod:`commerce_a11y.i18n`) compiles a catalog in memory when the game runs from a source
  checkout, where no ``.mo`` files exist (uv's editable install uses the source folder as the package);
* ``scripts/update_catalogs.py`` and ``tests/test_catalogs.py`` use :func:`extract` and :func:`write_po`.

The subset of the PO format handled is what GNU gettext writes: ``msgctxt``, ``msgid``, ``msgid_plural``,
``msgstr``, ``msgstr[n]``, strings split over several quoted lines, C escapes, the comment kinds ``#``, ``#.``,
``#:``, ``#,`` and ``#|``, and obsolete ``#~`` entries. Catalogs must be UTF-8 (ours always are).
"""

from __future__ import annotations

import os
import re
import string
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "KEYWORDS",
    "Entry",
    "Extraction",
    "PoError",
    "extract",
    "format_fields",
    "format_flag",
    "mo_bytes",
    "project_messages",
    "python_files",
    "read_po",
    "write_po",
]


class PoError(ValueError):
    """A catalog that GNU ``msgfmt`` would reject too; the message names the line."""


@dataclass
class Entry:
    """One message of a catalog: its source text, its translation(s) and the comments around it.

    A plural entry keeps its translations in ``msgstr_plural`` (``msgstr[0]``, ``msgstr[1]``, ...) and leaves
    ``msgstr`` empty; a singular entry is the other way round. The header is the entry whose ``msgid`` is empty.
    """

    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr_plural: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    """Translator comments (``# ...``): kept verbatim when the update script rewrites a catalog."""
    auto_comments: list[str] = field(default_factory=list)
    """Extracted comments (``#. ...``), from ``# Translators:`` comments in the code."""
    references: list[str] = field(default_factory=list)
    """Source references (``#: ...``): the files that use the message."""
    previous: list[str] = field(default_factory=list)
    """Raw ``#|`` lines (the previous msgid of a fuzzy entry), kept so that a rewrite loses nothing."""
    obsolete: bool = False
    lineno: int = 0

    @property
    def key(self) -> tuple[str | None, str]:
        """What identifies the message in a catalog (and in a ``.mo`` file): context and msgid."""
        return (self.msgctxt, self.msgid)

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.msgctxt is None

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translations(self) -> list[str]:
        """The translated strings: the plural forms, or the single ``msgstr`` in a list."""
        return list(self.msgstr_plural) if self.msgid_plural is not None else [self.msgstr]

    @property
    def is_translated(self) -> bool:
        """Every form filled in; gettext treats a half-translated plural as untranslated, so do we."""
        forms = self.translations
        return bool(forms) and all(forms)


# --- reading -----------------------------------------------------------------------------------------------

_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s*(".*)$')
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f",
                   "v": "\v"}


def _unquote(token: str, lineno: int) -> str:
    """The value of one quoted PO string, C escapes resolved (octal and hex escapes are UTF-8 bytes)."""
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise PoError(f"line {lineno}: expected a string in double quotes, got {token!r}")
    body = token[1:-1]
    if "\\" not in body and '"' not in body:
        return body
    out = bytearray()
    i = 0
    while i < len(body):
        char = body[i]
        if char == '"':
            raise PoError(f"line {lineno}: unescaped double quote inside a string")
        if char != "\\":
            out += char.encode()
            i += 1
            continue
        escape = body[i + 1 : i + 2]
        if escape in _SIMPLE_ESCAPES:
            out += _SIMPLE_ESCAPES[escape].encode()
            i += 2
        elif escape and escape in "01234567":
            digits = re.match(r"[0-7]{1,3}", body[i + 1 :])
            assert digits is not None
            out.append(int(digits.group(), 8) & 0xFF)
            i += 1 + len(digits.group())
        elif escape == "x" and re.match(r"[0-9A-Fa-f]", body[i + 2 : i + 3]):
            digits = re.match(r"[0-9A-Fa-f]{1,2}", body[i + 2 :])
            assert digits is not None
            out.append(int(digits.group(), 16))
            i += 2 + len(digits.group())
        else:
            raise PoError(f"line {lineno}: unknown escape sequence \\{escape}")
    try:
        return out.decode()
    except UnicodeDecodeError as error:
        raise PoError(f"line {lineno}: escapes do not form UTF-8 text") from error


class _Builder:
    """The entry being read: collects comments and keyword strings until the next entry starts."""

    def __init__(self) -> None:
        self.entry = Entry(msgid="")
        self.strings: dict[tuple[str, int | None], list[str]] = {}
        self.last: tuple[str, int | None] | None = None

    @property
    def has_message(self) -> bool:
        return bool(self.strings)

    def finish(self) -> Entry | None:
        if not self.strings:
            return None
        entry = self.entry
        parts = {key: "".join(chunks) for key, chunks in self.strings.items()}
        if ("msgid", None) not in parts:
            raise PoError(f"line {entry.lineno}: entry without msgid")
        entry.msgid = parts[("msgid", None)]
        entry.msgctxt = parts.get(("msgctxt", None))
        entry.msgid_plural = parts.get(("msgid_plural", None))
        indexes = sorted(index for (word, index) in parts if word == "msgstr" and index is not None)
        if entry.msgid_plural is None:
            if indexes or ("msgstr", None) not in parts:
                raise PoError(f"line {entry.lineno}: a singular entry needs exactly one plain msgstr")
            entry.msgstr = parts[("msgstr", None)]
        else:
            if ("msgstr", None) in parts or not indexes or indexes != list(range(len(indexes))):
                raise PoError(f"line {entry.lineno}: a plural entry needs msgstr[0], msgstr[1], ... in order")
            entry.msgstr_plural = [parts[("msgstr", index)] for index in indexes]
        return entry


def _lines(source: str | os.PathLike[str]) -> list[str]:
    if isinstance(source, os.PathLike) or ("\n" not in source and source.endswith(".po")):
        return Path(source).read_text(encoding="utf-8").splitlines()
    return source.splitlines()


def read_po(source: str | os.PathLike[str], *, keep_obsolete: bool = False) -> list[Entry]:
    """The entries of a catalog, in file order, header first where the file has one.

    ``source`` is a path (a ``Path``, or a ``str`` ending in ``.po``) or the text of a catalog. Obsolete ``#~``
    entries are left out unless ``keep_obsolete`` (the update script keeps them so that a string that comes
    back gets its old translation back). Raises :class:`PoError` for syntax errors and duplicate messages.
    """
    entries: list[Entry] = []
    seen: set[tuple[str | None, str]] = set()
    builder = _Builder()

    def flush() -> None:
        nonlocal builder
        entry = builder.finish()
        if entry is not None and (keep_obsolete or not entry.obsolete):
            if entry.key in seen and not entry.obsolete:
                raise PoError(f"line {entry.lineno}: duplicate message {entry.msgid!r}")
            if not entry.obsolete:
                seen.add(entry.key)
            entries.append(entry)
        builder = _Builder()

    for lineno, raw in enumerate(_lines(source), 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if not line or line.startswith("|"):
                continue
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if builder.has_message:
                flush()
            kind, text = line[1:2], line[2:].strip()
            if kind == ",":
                builder.entry.flags += [flag.strip() for flag in text.split(",") if flag.strip()]
            elif kind == ".":
                builder.entry.auto_comments.append(text)
            elif kind == ":":
                builder.entry.references += text.split()
            elif kind == "|":
                builder.entry.previous.append(line)
            else:
                builder.entry.comments.append(line[2:] if line.startswith("# ") else line[1:])
            continue
        if line.startswith('"'):
            if builder.last is None:
                raise PoError(f"line {lineno}: string continuation without a keyword before it")
            builder.strings[builder.last].append(_unquote(line, lineno))
            continue
        match = _KEYWORD.match(line)
        if match is None:
            raise PoError(f"line {lineno}: cannot read {raw!r}")
        word, index_text, quoted = match.groups()
        index = int(index_text) if index_text is not None else None
        if index is not None and word != "msgstr":
            raise PoError(f"line {lineno}: only msgstr takes an index")
        # Entries need no blank line between them: msgctxt always starts one, msgid unless it follows a msgctxt.
        starts_entry = word == "msgctxt" or (word == "msgid" and set(builder.strings) != {("msgctxt", None)})
        if starts_entry and builder.has_message:
            flush()
        key = (word, index)
        if key in builder.strings:
            raise PoError(f"line {lineno}: {word} twice in one entry")
        if not builder.has_message:
            builder.entry.lineno = lineno
        builder.entry.obsolete = obsolete
        builder.strings[key] = [_unquote(quoted, lineno)]
        builder.last = key
    flush()
    return entries


# --- writing -----------------------------------------------------------------------------------------------

def _escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def _quoted(keyword: str, text: str) -> list[str]:
    """``keyword "text"``, or gettext's multi-line form when the text has inner line breaks."""
    pieces = text.splitlines(keepends=True)
    if len(pieces) <= 1:
        return [f'{keyword} "{_escape(text)}"']
    return [f'{keyword} ""', *(f'"{_escape(piece)}"' for piece in pieces)]


def write_po(entries: Iterable[Entry]) -> str:
    """The text of a catalog holding ``entries`` in the given order, lines unwrapped (smaller diffs)."""
    blocks = []
    for entry in entries:
        lines = [f"# {text}".rstrip() for text in entry.comments]
        lines += [f"#. {text}".rstrip() for text in entry.auto_comments]
        lines += [f"#: {reference}" for reference in entry.references]
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        lines += entry.previous
        body = []
        if entry.msgctxt is not None:
            body += _quoted("msgctxt", entry.msgctxt)
        body += _quoted("msgid", entry.msgid)
        if entry.msgid_plural is not None:
            body += _quoted("msgid_plural", entry.msgid_plural)
            for index, form in enumerate(entry.msgstr_plural):
                body += _quoted(f"msgstr[{index}]", form)
        else:
            body += _quoted("msgstr", entry.msgstr)
        lines += [f"#~ {line}" for line in body] if entry.obsolete else body
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def mo_bytes(entries: Iterable[Entry]) -> bytes:
    """A GNU ``.mo`` file (little-endian, revision 0, no hash table) holding the usable translations.

    The header is always kept, because ``gettext.GNUTranslations`` reads the charset and the plural rule from
    it. Fuzzy, untranslated and obsolete entries are left out, as ``msgfmt`` does, so that the player hears
    the English source rather than a guess or nothing.
    """
    table: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.obsolete or (not entry.is_header and (entry.fuzzy or not entry.is_translated)):
            continue
        key = entry.msgid if entry.msgctxt is None else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        table[key.encode()] = "\0".join(entry.translations).encode()
    keys = sorted(table)  # GNU readers may binary-search the originals, so they must be sorted
    count = len(keys)
    originals_at = 28
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    descriptors: list[int] = []
    blob = bytearray()
    for text in keys + [table[key] for key in keys]:
        descriptors += [len(text), data_at + len(blob)]
        blob += text + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    return header + struct.pack(f"<{len(descriptors)}I", *descriptors) + bytes(blob)


# --- checking ----------------------------------------------------------------------------------------------

def format_fields(text: str) -> set[str]:
    """The ``str.format`` field names in ``text`` (nested ones in format specs too).

    A translation must use exactly the fields of its source: a renamed field raises ``KeyError`` at the moment
    the player should hear the sentence. Raises ``ValueError`` for a malformed template (a lone brace).
    """
    names: set[str] = set()
    for _literal, name, spec, _conversion in string.Formatter().parse(text):
        if name is not None:
            names.add(name)
            if spec:
                names |= format_fields(spec)
    return names


# No space flag, so that "100% sure" does not read as a "% s" directive.
_PERCENT_FORMAT = re.compile(r"%(\([^)]*\))?[-#0+]*(\*|\d+)?(\.(\*|\d+))?[diouxXeEfFgGcrsa]")


def format_flag(msgid: str) -> str | None:
    """The gettext flag that lets ``msgfmt --check-format`` compare placeholders, if ``msgid`` has any."""
    try:
        if format_fields(msgid):
            return "python-brace-format"
    except ValueError:
        pass
    if _PERCENT_FORMAT.search(msgid.replace("%%", "")):
        return "python-format"
    return None


# --- extracting --------------------------------------------------------------------------------------------

KEYWORDS: dict[str, tuple[str, ...]] = {
    "_": ("msgid",),
    "N_": ("msgid",),
    "gettext": ("msgid",),
    "ngettext": ("msgid", "msgid_plural"),
    "pgettext": ("msgctxt", "msgid"),
    "npgettext": ("msgctxt", "msgid", "msgid_plural"),
}
"""Marker functions, by name, and what their leading string arguments are. ``N_`` only marks a string (the
rules core defines its own, so that it needs no i18n import); the others also translate it."""


@dataclass
class Extraction:
    """What :func:`extract` found: the messages by key, plus calls it could not read (to fix in the code)."""

    messages: dict[tuple[str | None, str], Entry] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _callee_name(node: object) -> str | None:
    """``_`` for ``_(...)`` and for ``i18n._(...)``. (``ast`` is imported lazily throughout: it costs ~6 ms,
    and the run-time loader, which also imports this module in a checkout, never extracts.)"""
    import ast

    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _translator_comment(lines: list[str], call_line: int) -> list[str]:
    """The ``# Translators:`` comment block right above (or on) the call's line, without the ``#``."""
    def comment(number: int) -> str | None:
        if not 1 <= number <= len(lines):
            return None
        text = lines[number - 1]
        hash_at = text.find("#")
        return text[hash_at + 1 :].strip() if hash_at >= 0 else None

    trailing = comment(call_line)
    if trailing and trailing.lower().startswith("translators:"):
        return [trailing]
    block: list[str] = []
    number = call_line - 1
    while number >= 1 and lines[number - 1].lstrip().startswith("#"):
        block.insert(0, comment(number) or "")
        if block[0].lower().startswith("translators:"):
            return block
        number -= 1
    return []


def extract(files: Iterable[Path], root: Path) -> Extraction:
    """Every message marked in ``files`` (by the names in :data:`KEYWORDS`), with references relative to root.

    ``ast`` is used rather than regular expressions so that strings split over lines, implicit concatenation
    and keyword-free calls are read exactly as Python reads them. A marked call whose text is not a literal
    is skipped, except that an f-string or a ``.format()`` inside the marker is reported as a problem: its
    text would differ from the catalog's at run time and never be translated.
    """
    import ast

    result = Extraction()
    for path in sorted(files):
        source = path.read_text(encoding="utf-8")
        reference = path.resolve().relative_to(root.resolve()).as_posix()
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source, filename=str(path))):
            if not isinstance(node, ast.Call):
                continue
            roles = KEYWORDS.get(_callee_name(node.func) or "")
            if roles is None or len(node.args) < len(roles):
                continue
            where = f"{reference}:{node.lineno}"
            texts: dict[str, str] = {}
            for role, argument in zip(roles, node.args, strict=False):
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    texts[role] = argument.value
                elif isinstance(argument, ast.JoinedStr) or (
                    isinstance(argument, ast.Call) and _callee_name(argument.func) == "format"
                ):
                    result.problems.append(f"{where}: formatted text inside a marker; format the result")
            if len(texts) != len(roles):
                continue
            if texts["msgid"] == "":
                result.problems.append(f"{where}: empty msgid (it would translate to the catalog header)")
                continue
            _add(result, texts, reference, where, _translator_comment(lines, node.lineno))
    return result


def _add(result: Extraction, texts: dict[str, str], reference: str, where: str, comments: list[str]) -> None:
    msgctxt, msgid, plural = texts.get("msgctxt"), texts["msgid"], texts.get("msgid_plural")
    entry = result.messages.get((msgctxt, msgid))
    if entry is None:
        flags = {flag for text in (msgid, plural) if text is not None and (flag := format_flag(text))}
        entry = Entry(msgid=msgid, msgctxt=msgctxt, msgid_plural=plural, flags=sorted(flags))
        result.messages[entry.key] = entry
    elif entry.msgid_plural != plural:
        result.problems.append(f"{where}: {msgid!r} is used with two different plural forms")
    if reference not in entry.references:
        entry.references.append(reference)
    for comment in comments:
        if comment not in entry.auto_comments:
            entry.auto_comments.append(comment)


def python_files(folder: Path) -> Iterator[Path]:
    """The ``.py`` files under ``folder`` that the extractor reads (caches and hidden folders skipped)."""
    for path in sorted(folder.rglob("*.py")):
        if not any(part.startswith((".", "__pycache__")) for part in path.relative_to(folder).parts):
            yield path


SOURCE_PACKAGE = "commerce_a11y"
"""The folder, under the project root, whose ``.py`` files hold every message of the game."""


def project_messages(root: Path) -> Extraction:
    """The messages of the whole game: what ``scripts/update_catalogs.py`` writes and the tests compare."""
    return extract(python_files(root / SOURCE_PACKAGE), root)
