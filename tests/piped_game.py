"""The game run as a player's script runs it: ``python -m commerce_a11y`` with its input piped, in a language."""

from __future__ import annotations

import os
import subprocess
import sys

from commerce_a11y.i18n import translation


def run(*args: str, lang: str = "en", stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    env.update(LANG="C.UTF-8", TERM="dumb")
    return subprocess.run([sys.executable, "-m", "commerce_a11y", *args, "--lang", lang], capture_output=True,
                          text=True, env=env, timeout=120, check=False, input=stdin)


def say(lang: str, msgid: str, **values: object) -> str:
    return translation(lang).gettext(msgid).format(**values)
