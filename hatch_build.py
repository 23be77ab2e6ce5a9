"""Hatchling build hook: compile the gettext catalogs into the wheel.

The catalogs live in the top-level ``locales/`` folder (where translators and gettext tools expect them), yet an
installed game must find them inside its package. So each ``locales/<lang>/LC_MESSAGES/<name>.po`` is compiled
to ``.mo`` in a temporary folder and mapped to ``commerce_a11y/locales/<lang>/LC_MESSAGES/<name>.mo`` through
``build_data["force_include"]``; nothing is written into the source tree. The compiler is the game's own
``commerce_a11y/catalogs.py``, loaded by file path (the package is not installed while it is being built), so
the build needs neither Babel nor GNU gettext, and the wheel holds exactly what the source-checkout loader
would compile in memory. Editable builds get the same mapping; there the source folder shadows the copies, and
the runtime loader compiles the ``.po`` files instead (see ``commerce_a11y/i18n.py``).
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = "commerce_a11y"


def load_catalogs_module(root: Path) -> ModuleType:
    """``commerce_a11y/catalogs.py`` as a stand-alone module, without importing (or needing) the package."""
    path = root / PACKAGE / "catalogs.py"
    spec = importlib.util.spec_from_file_location("_commerce_a11y_build_catalogs", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load the catalog compiler from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is created
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module


class CatalogBuildHook(BuildHookInterface):
    """Adds one compiled ``.mo`` file to the wheel per ``.po`` catalog."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        catalogs = load_catalogs_module(root)
        self._output = Path(tempfile.mkdtemp(prefix="commerce-a11y-catalogs-"))
        for po_path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
            relative = po_path.relative_to(root / "locales").with_suffix(".mo")
            mo_path = self._output / relative
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            mo_path.write_bytes(catalogs.mo_bytes(catalogs.read_po(po_path)))
            build_data["force_include"][str(mo_path)] = f"{PACKAGE}/locales/{relative.as_posix()}"
            self.app.display_debug(f"compiled {po_path.relative_to(root)}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        output = getattr(self, "_output", None)
        if output is not None:
            shutil.rmtree(output, ignore_errors=True)
