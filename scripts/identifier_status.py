"""Write ``commerce_a11y/server/identifier_status.py`` from Unicode's ``IdentifierStatus.txt`` (UTS #39).

    uv run python scripts/identifier_status.py IdentifierStatus.txt

The file is at https://www.unicode.org/Public/security/latest/IdentifierStatus.txt: each line gives a code point or
a range and its status, ``Allowed`` (everything not listed is ``Restricted``). The module keeps the allowed ranges,
merged where they touch, eight to a line.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "commerce_a11y" / "server" / "identifier_status.py"
LINE = re.compile(r"^([0-9A-Fa-f]{4,6})(?:\.\.([0-9A-Fa-f]{4,6}))?\s*;\s*Allowed\b")

HEAD = '''"""The code points Unicode allows in identifiers: UTS #39's Identifier_Status=Allowed, from its
IdentifierStatus.txt (Unicode {version}), as ranges. Everything else is Restricted: IPA and phonetic letters, small
capitals, hooked and barred letters of no living orthography, and the scripts of limited use (Cherokee, Lisu and the
like), whose letters pass for Latin ones. Written by scripts/identifier_status.py; do not edit by hand."""

ALLOWED = """
{ranges}
"""
'''


def allowed_ranges(text: str) -> list[tuple[int, int]]:
    """The allowed ranges of an IdentifierStatus.txt, sorted and merged."""
    found = []
    for line in text.splitlines():
        match = LINE.match(line)
        if match:
            first = int(match.group(1), 16)
            found.append((first, int(match.group(2) or match.group(1), 16)))
    merged: list[tuple[int, int]] = []
    for first, last in sorted(found):
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
        else:
            merged.append((first, last))
    return merged


def module(text: str) -> str:
    version = re.search(r"Version:\s*([\d.]+)", text)
    pairs = [f"{first:04X}-{last:04X}" if first != last else f"{first:04X}" for first, last in allowed_ranges(text)]
    lines = [" ".join(pairs[i:i + 8]) for i in range(0, len(pairs), 8)]
    return HEAD.format(version=version.group(1) if version else "?", ranges="\n".join(lines))


if __name__ == "__main__":
    TARGET.write_text(module(Path(sys.argv[1]).read_text(encoding="utf-8")), encoding="utf-8")
