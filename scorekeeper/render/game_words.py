"""Every game's words in the reader's language: its name, settings, choices and bonuses.

One set of functions for every game of the family, so a page, the PDF or the CSV never asks
which game it is: each game's declaration gives its words (``Declaration.words``). Each function
translates when it is called: inside a request in the request's language, outside one (a
module's import, a command) in English, so they are safe to call anywhere.
"""

from __future__ import annotations

from typing import Any

from flask import has_request_context

from scorekeeper.core import family
from scorekeeper.core.family import Declaration, game
from scorekeeper.core.family.declared_parts import BonusWords
from scorekeeper.core.family.words import FLAGS
from scorekeeper.core.variants import Words
from scorekeeper.render import labels, languages


def say(message: str, declared: Declaration[Any, Any] | None = None) -> str:
    """A game's message id in the reader's language: the app's catalogue, else the words the
    game brings for the language (a game declared outside the app)."""
    if not message or not has_request_context():
        return message
    said = labels.gettext(message)
    if said == message and declared is not None:
        # A game declared outside the app brings its own words for the languages it knows.
        own = declared.words.translations.get(languages.current(), {})
        return own.get(message, said)
    return said


def game_name(key: str) -> str:
    """The name of a game ("Skull King")."""
    declared = game(key)
    if not has_request_context():
        return declared.name
    if declared.name_context:
        return str(labels.catalogue().upgettext(declared.name_context, declared.name))
    return say(declared.name, declared)


def games_listed() -> str:
    """Every game's name, listed as the reader's language lists them: a sentence naming the
    games the pad keeps names every game declared, not three."""
    return labels.listed([game_name(key) for key in family.GAMES])


def _key(declared: Declaration[Any, Any], key: str) -> str:
    """A setting's key in the game: ``schedule`` is the game's schedule setting (Wizard's
    ``length``)."""
    return declared.schedule_setting if key == "schedule" else key


def _setting(game_key: str, key: str) -> tuple[Words, Declaration[Any, Any]]:
    declared = game(game_key)
    return declared.words.settings[_key(declared, key)], declared


def setting_label(game_key: str, key: str) -> str:
    """The name of a setting of a game ("Game length", "The hook")."""
    words, declared = _setting(game_key, key)
    return say(words.label, declared)


def setting_help(game_key: str, key: str) -> str:
    """The one-line help of a setting; "" where the setting has none (a choice whose choices
    each have their own)."""
    words, declared = _setting(game_key, key)
    return say(words.help, declared)


def _choice(game_key: str, key: str, value: object) -> Words | None:
    """The declared words of a choice, ``None`` for an on/off value or a plain number."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return None
    declared = game(game_key)
    return declared.words.choices.get(_key(declared, key), {}).get(value)


def choice_label(game_key: str, key: str, value: object) -> str:
    """The name of one value of a setting ("Blitz Attack", "On", or a number as itself)."""
    if isinstance(value, bool):
        return say(FLAGS[value])
    declared = _choice(game_key, key, value)
    return say(declared.label, game(game_key)) if declared else str(value)


def choice_help(game_key: str, key: str, value: object) -> str:
    """The one-line help of one value of a setting; "" where it has none."""
    declared = _choice(game_key, key, value)
    return say(declared.help, game(game_key)) if declared else ""


def schedule_label(game_key: str, value: object) -> str:
    """The name of one of a game's schedules (Wizard's game lengths)."""
    return choice_label(game_key, "schedule", value)


def bonus_label(kind: str) -> str:
    """What a bonus is for ("A Mermaid captured by a Pirate")."""
    words, declared = bonus_words(kind)
    return say(words.label, declared)


def bonus_short(kind: str) -> str:
    """A bonus in a few characters, for a sheet column or a button ("Mermaid", "14")."""
    words, declared = bonus_words(kind)
    return say(words.short, declared)


def bonus_words(kind: str) -> tuple[BonusWords, Declaration[Any, Any]]:
    """The words of a bonus kind, and the game that has it."""
    for declared in family.GAMES.values():
        if kind in declared.words.bonuses:
            return declared.words.bonuses[kind], declared
    raise KeyError(kind)


TEMPLATE_GLOBALS = {
    function.__name__: function
    for function in (
        game_name,
        games_listed,
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
