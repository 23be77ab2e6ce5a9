"""Hatchling build hook: compile the gettext catalogs, for the wheel and for an editable install alike.

The catalogs live in the top-level ``locales/`` folder (where translators and gettext tools expect them), yet the
game reads compiled ``.mo`` files inside its package, ``commerce_a11y/locales/<lang>/LC_MESSAGES/commerce.mo``
(``commerce_a11y/i18n.py``). So each ``locales/<lang>/LC_MESSAGES/commerce.po`` is compiled there with Babel (a
build requirement only; the game itself runs on the standard library's gettext) whenever the ``.mo`` is missing or
older than its ``.po``. The compiled files are ignored by git and left out of the sdist.

* A wheel gets them through ``build_data["force_include"]`` (hatch would skip them, as git ignores them).
* An editable install (``uv sync`` in a checkout) uses the source folder as the package, so the files written here
  are the ones the game finds. ``[tool.uv] cache-keys`` in ``pyproject.toml`` names the ``.po`` files, so that
  ``uv sync`` and ``uv run`` rebuild the editable install, and with it the ``.mo`` files, after a catalog changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = "commerce_a11y"


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every catalog under ``root/locales`` whose ``.mo`` is missing or older; all the ``.mo`` paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled = []
    for po_path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
        relative = po_path.relative_to(root / "locales").with_suffix(".mo")
        mo_path = root / PACKAGE / "locales" / relative
        if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
            with po_path.open("rb") as po_file:
                catalog = read_po(po_file, locale=relative.parts[0], abort_invalid=True)
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            partial = mo_path.with_suffix(".mo.partial")
            with partial.open("wb") as mo_file:
                write_mo(mo_file, catalog, use_fuzzy=False)  # fuzzy and empty entries stay English, as msgfmt does
            partial.replace(mo_path)  # a game starting meanwhile reads the old file or the new one, never half
        compiled.append(mo_path)
    return compiled


class CatalogBuildHook(BuildHookInterface):
    """Compiles the catalogs into the package folder and adds them to the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        compiled = compile_catalogs(root)
        if version == "editable":
            return  # the package is the source folder, where the files now are
        for mo_path in compiled:
            build_data["force_include"][str(mo_path)] = mo_path.relative_to(root).as_posix()
