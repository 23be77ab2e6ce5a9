"""The browser for the page's tests (``test_page.py``): Debian's Chromium driven by Playwright, one for each
test (see ``browser``).

Playwright cannot download its own browsers here, so it drives the system's (``CHROMIUM``), with ``--no-sandbox``
(a container's user namespaces). Where Chromium, Playwright or axe-playwright-python is missing, the tests are
skipped, or fail in CI (``needed.unavailable``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import needed
import pytest
from needed import CHROMIUM


def unavailable(reason: str) -> None:
    needed.unavailable("the browser test", reason)


@pytest.fixture
def browser() -> Iterator[Any]:
    """Chromium, launched headless for each test (a test opens pages of its own: ``browser.new_page()``). Not once
    per session: Playwright's synchronous API keeps an event loop running in the thread while it is open, and a
    later test's ``asyncio.run`` on the same xdist worker would be refused."""
    if not CHROMIUM.exists():
        unavailable(f"no {CHROMIUM} (Debian: apt-get install chromium)")
    try:
        import axe_playwright_python.sync_playwright  # noqa: F401  (the tests' axe-core)
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        unavailable(f"Playwright or axe-playwright-python is not importable ({error}; uv sync installs them)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()
