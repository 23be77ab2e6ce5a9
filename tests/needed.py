"""What some tests need from the machine (Orca's desktop, Debian's Chromium), and what they do without it.

Where it is missing (a developer's machine), they are skipped with a one-line reason; in CI (``CI`` set on Linux, as
``.ci/run`` sets it, which installs all of it) they fail instead, since there they must run. Orca and Debian's
Chromium are Linux's: the forge's Windows and macOS jobs, where ``CI`` is set too, skip them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from commerce_a11y import platforms

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium (``apt-get install chromium``): Playwright cannot download a browser of its own here."""


def unavailable(what: str, reason: str) -> None:
    """Skip with ``reason``, or fail where ``what`` (a kind of test) must run."""
    if os.environ.get("CI") and platforms.is_linux():
        pytest.fail(f"{what} cannot run: {reason}", pytrace=False)
    pytest.skip(reason)
