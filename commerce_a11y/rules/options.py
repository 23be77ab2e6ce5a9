"""Ruleset options: what each option allows, and validation that names the allowed values.

Options arrive as Python values from the library API and as ``KEY=VALUE`` text from the command line; both go
through ``OptionSpec.parse`` so a bad value is refused the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import N_, OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: a boolean, or an integer within ``low``..``high`` or among ``choices``."""

    name: str
    default: bool | int
    low: int = 0
    high: int = 0
    choices: tuple[int, ...] = ()

    def parse(self, ruleset: str, raw: object) -> bool | int:
        """The option's value from a Python value or text; ``OptionError`` naming what is allowed."""
        value: bool | int | None = None
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
                value = raw.strip().lower() in _TRUE
        elif isinstance(raw, int) and not isinstance(raw, bool):
            value = raw
        elif isinstance(raw, str) and raw.strip().lstrip("-").isdecimal() and len(raw.strip()) <= 9:
            value = int(raw.strip())  # no option goes near nine digits; longer text is simply not allowed
        if value is not None and (
            isinstance(value, bool)
            or (value in self.choices if self.choices else self.low <= value <= self.high)
        ):
            return value
        # Said in words a screen reader reads well: "1 to 9" (not "1-9"), "on or off" (as the rules book says).
        allowed: dict[str, object] = {}
        if isinstance(self.default, bool):
            template = N_("Option {option} of {ruleset} cannot be {value}. Allowed: on or off.")
        elif self.choices:
            template = N_("Option {option} of {ruleset} cannot be {value}. Allowed: {allowed}.")
            allowed = {"allowed": ", ".join(str(c) for c in self.choices)}
        else:
            template = N_("Option {option} of {ruleset} cannot be {value}. Allowed: {low} to {high}.")
            allowed = {"low": self.low, "high": self.high}
        raise OptionError(template, option=self.name, ruleset=ruleset, value=shown(raw), **allowed)


def shown(raw: object, limit: int = 20) -> object:
    """A value as an error message may repeat it: itself when short, else its first characters and "..."."""
    if isinstance(raw, int) and abs(raw) >= 10**limit:
        return "..."
    text = str(raw)
    return raw if len(text) <= limit else text[: limit - 3] + "..."


def validate(ruleset: str, specs: Mapping[str, OptionSpec], given: Mapping[str, object]) -> dict[str, bool | int]:
    """All options of a ruleset: the given ones checked, the others at their defaults."""
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise OptionError(
            N_("{ruleset} has no option {option}. Its options: {allowed}."),
            ruleset=ruleset, option=shown(unknown[0]), allowed=", ".join(specs) or "-",
        )
    return {name: spec.parse(ruleset, given[name]) if name in given else spec.default
            for name, spec in specs.items()}


def parse_assignments(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["chips=5", "ace_low=yes"]`` as a dict of text values; a pair without ``=`` is refused."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(N_("Write an option as KEY=VALUE, for example chips=5 (not {text})."), text=pair)
        result[key.strip().replace("-", "_")] = value.strip()
    return result
