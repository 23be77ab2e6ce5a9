"""A setting changed by a player during play: the word typed understood and checked, and the sentence that confirms
it, for both front ends.

Each front end only applies the change where it keeps settings: the console to its narrator, speech and language
and the settings file, the table server to the person's account and their seat. Where the server differs (it has
no speech of its own: the player's program speaks) that is one flag here, ``speech``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..i18n import LANGUAGES, _, active_language
from ..narration.voice import CardStyle, Verbosity
from .parser import normalize, setting_vocabulary, setting_word


class Setting(StrEnum):
    VERBOSITY = "verbosity"
    CARDS = "cards"
    SPEECH = "speech"
    LANGUAGE = "language"


VALUES: dict[Setting, tuple[str, ...]] = {Setting.VERBOSITY: tuple(Verbosity), Setting.CARDS: tuple(CardStyle),
                                         Setting.SPEECH: ("on", "off"), Setting.LANGUAGE: tuple(LANGUAGES)}


@dataclass(frozen=True)
class ChangeSetting:
    """A checked change: ``value`` is the setting's own value (``brief``, ``codes``, ``on``, ``de``)."""

    setting: Setting
    value: str

    @property
    def stored(self) -> dict[str, str]:
        """The change as the settings file and an account keep it."""
        return {"lang" if self.setting is Setting.LANGUAGE else self.setting.value: self.value}

    def said(self) -> str:
        """The confirming sentence, in the active language: a front end says it once the change is made, so that a
        new language confirms itself in its own words."""
        lang = active_language()
        if self.setting is Setting.VERBOSITY:
            return _("Verbosity: {value}.").format(value=setting_word(lang, self.value))
        if self.setting is Setting.CARDS:
            return _("Cards: {value}.").format(value=setting_word(lang, self.value))
        if self.setting is Setting.SPEECH:
            return _("Speech: on.") if self.value == "on" else _("Speech: off.")
        return _("Language: English.")


def setting_change(setting: Setting, argument: str, speech: bool = True) -> ChangeSetting | str:
    """The change ``argument`` asks for, in the active language's words or English; else the one sentence that says
    what to type. Without ``speech`` (the front end does not speak) the speech setting is explained instead."""
    if setting is Setting.SPEECH and not speech:
        return _("Speech comes from your own program: commerce join --speech on, or your screen reader.")
    arg = normalize(argument)
    # A language is named by its code; the other values by a word of the active language or English.
    value = arg if setting is Setting.LANGUAGE else setting_vocabulary(active_language()).get(arg, arg)
    if value in VALUES[setting]:
        return ChangeSetting(setting, value)
    return {
        Setting.VERBOSITY: _("Type verbosity brief, normal or verbose."),
        Setting.CARDS: _("Type cards names or cards codes."),
        Setting.SPEECH: _("Type speech on or speech off."),
        Setting.LANGUAGE: _("Type language de, nl or en."),
    }[setting]
