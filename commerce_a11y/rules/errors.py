"""Errors of the rules core, carrying their sentence as an untranslated catalog id plus its values.

The core may not print or translate (it is pure), yet every refusal must reach a player as one sentence in their
language. So an error keeps the English msgid (``template``, marked for extraction with ``N_``) and the values to
fill in; the interface translates the template and formats it, and ``str()`` gives the English sentence for
library users and logs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cleaning import clean


def N_(message: str) -> str:
    """Mark a message for the catalogs without translating it (translation happens in the interface)."""
    return message


class RulesError(Exception):
    """A refusal by the rules: a template sentence and the values that fill it."""

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        # Values may come from a record someone else wrote (a ruleset's name, a field's value): printed only
        # cleaned and short, never an escape sequence or a million characters (100: the list of every ruleset's
        # name, which a refusal names, fits whole).
        self.params = {k: clean(v, 100) if isinstance(v, str) else v for k, v in params.items()}
        super().__init__(self.sentence())

    def sentence(self, translate: Callable[[str], str] = str) -> str:
        """The sentence in the language ``translate`` (the interface's gettext) gives; a refusal that is a value of
        this one (a record's move the rules refused, as the reason the record is refused) in that language too."""
        params = {k: v.sentence(translate) if isinstance(v, RulesError) else v for k, v in self.params.items()}
        return translate(self.template).format(**params)


class OptionError(RulesError, ValueError):
    """An unknown ruleset, an unknown option, a bad option value or a player count the ruleset does not allow."""


class IllegalAction(RulesError):
    """An action the rules do not allow now; the match is left unchanged."""


class RecordError(RulesError):
    """A match record that cannot be read or that breaks a rule; ``line`` is its 1-based line number."""

    def __init__(self, template: str, line: int = 0, **params: Any) -> None:
        super().__init__(template, line=line, **params)
        self.line = line


class NewerRecordError(RecordError):
    """A record (or saved match) written by a newer version of the game, in a format this version does not know."""
