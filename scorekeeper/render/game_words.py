"""Every game's words in the reader's language: its name, settings, choices and bonuses.

One set of functions for every game of the family, so a page, the PDF or the CSV never asks
which game it is: Wizard's words come from ``core/variants.py`` (as :mod:`labels` says them),
Skull King's and Oh Hell's from ``core/family/words.py``. Each function translates when it is
called: inside a request in the request's language, outside one (a module's import, a command)
in English, so they are safe to call anywhere.
"""

from __future__ import annotations

from flask import has_request_context

from scorekeeper.core import variants
from scorekeeper.core.family import game
from scorekeeper.core.family import words as family_words
from scorekeeper.core.refusals import P_
from scorekeeper.core.variants import Words
from scorekeeper.render import labels

WIZARD = "wizard"


def _say(message: str) -> str:
    return labels.gettext(message) if message and has_request_context() else message


def game_name(key: str) -> str:
    """The name of a game ("Skull King")."""
    if key == WIZARD:
        if not has_request_context():
            return "Wizard"
        # The game's published name, apart from the Wizard card's word (context "card").
        return str(labels.catalogue().upgettext("app name", P_("app name", "Wizard")))
    return _say(family_words.NAMES[key])


def _wizard_key(key: str) -> str:
    """Wizard's variant key: its schedule setting is ``length``."""
    return game(WIZARD).schedule_setting if key == "schedule" else key


def _setting(game_key: str, key: str) -> Words:
    if game_key == WIZARD:
        return variants.BY_KEY[_wizard_key(key)].words
    return family_words.SETTINGS[game_key][key]


def setting_label(game_key: str, key: str) -> str:
    """The name of a setting of a game ("Game length", "The hook")."""
    return _say(_setting(game_key, key).label)


def setting_help(game_key: str, key: str) -> str:
    """The one-line help of a setting; "" where the setting has none (a choice whose choices
    each have their own)."""
    return _say(_setting(game_key, key).help)


def _choice(game_key: str, key: str, value: object) -> Words | None:
    """The declared words of a choice, ``None`` for an on/off value or a plain number."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    if game_key == WIZARD:
        return variants.BY_KEY[_wizard_key(key)].options.get(str(value))
    return family_words.CHOICES[game_key].get(key, {}).get(value)


def choice_label(game_key: str, key: str, value: object) -> str:
    """The name of one value of a setting ("Blitz Attack", "On", or a number as itself)."""
    if isinstance(value, bool):
        return _say(family_words.FLAGS[value])
    declared = _choice(game_key, key, value)
    return _say(declared.label) if declared else str(value)


def choice_help(game_key: str, key: str, value: object) -> str:
    """The one-line help of one value of a setting; "" where it has none."""
    declared = _choice(game_key, key, value)
    return _say(declared.help) if declared else ""


def schedule_label(game_key: str, value: object) -> str:
    """The name of one of a game's schedules (Wizard's game lengths)."""
    return choice_label(game_key, "schedule", value)


def bonus_label(kind: str) -> str:
    """What a bonus is for ("A Mermaid captured by a Pirate")."""
    return _say(family_words.BONUSES[kind].label)


def bonus_short(kind: str) -> str:
    """A bonus in a few characters, for a sheet column or a button ("Mermaid", "14")."""
    return _say(family_words.BONUSES[kind].short)


TEMPLATE_GLOBALS = {
    function.__name__: function
    for function in (
        game_name,
        setting_label,
        setting_help,
        choice_label,
        choice_help,
        schedule_label,
        bonus_label,
        bonus_short,
    )
}
"""The functions every template may call by these names."""
