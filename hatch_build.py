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

And the package's long description: ``README.md``, whose links are relative (``docs/playing.md``) so that they work
in a clone and on the forge, but lead nowhere on the package index. ``ReadmeMetadataHook`` makes each one absolute,
to the file on the forge (``[project.urls] Source`` in ``pyproject.toml``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface
from hatchling.metadata.plugin.interface import MetadataHookInterface

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


RELATIVE_LINK = re.compile(r"(\]\()(?![a-z][a-z0-9+.-]*:|#)([^)\s]+)\)")
"""A Markdown link's target that is a path in the repository: no scheme (``https:``, ``mailto:``), no anchor alone."""


def absolute_links(markdown: str, source: str) -> str:
    """``markdown`` with each relative link leading to its file on the forge whose repository is ``source``."""
    return RELATIVE_LINK.sub(lambda link: f"{link[1]}{source.rstrip('/')}/blob/main/{link[2]})", markdown)


class ReadmeMetadataHook(MetadataHookInterface):
    """The README as the long description, with absolute links (``[project] dynamic = ["readme"]``)."""

    PLUGIN_NAME = "custom"

    def update(self, metadata: dict[str, Any]) -> None:
        text = (Path(self.root) / "README.md").read_text(encoding="utf-8")
        metadata["readme"] = {"content-type": "text/markdown",
                              "text": absolute_links(text, metadata["urls"]["Source"])}
