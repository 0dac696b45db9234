"""The game chosen on a new-game form (a table's own or a group's), and that game's settings.

The form is the same for every game of the family: names, seating and the first dealer, then
the game's settings as its declaration folds them (``Declaration.folds``). A form class is made
once per game from the base form (:func:`form_for`): the game's settings added, each named by
its key. The words come from :mod:`scorekeeper.render.game_words` in the template.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, RadioField, SelectField, ValidationError
from wtforms.fields.choices import SelectChoice

from scorekeeper.core import family, rules, variants
from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import Plain, Refusal
from scorekeeper.core.family.game_settings import PlainChoice, refused_tables
from scorekeeper.core.refusals import RuleError
from scorekeeper.render import labels
from scorekeeper.web.forms import NewGameForm, OnceForm


def game_key(chosen: object) -> str:
    """The game a form or address names, the default game where it names none; a name that is
    no game is refused (``game_unknown``)."""
    key = chosen if isinstance(chosen, str) and chosen else family.DEFAULT_GAME
    family.game(key[:40])
    return key


@cache
def form_for(base: type[NewGameForm], key: str) -> type[NewGameForm]:
    """The new-game form of ``base`` (a table's, a group's) for the game ``key``: its settings
    added, and the table's size checked by the game where it is not the base form's own."""
    declared = family.game(key)
    fields: dict[str, Any] = setting_fields(declared)
    fields["game_key"] = key
    # The base forms check a table of 3 to 8 names in their own words ("Enter the names of at
    # least 3 players"); a game played by other table sizes says its own.
    table = (declared.min_players, declared.max_players)
    own_table = table == (rules.MIN_PLAYERS, rules.MAX_PLAYERS)
    mixins = (_GameSettings,) if own_table else (_GameSettings, _GameTable)
    return type(f"{key.title()}{base.__name__}", (*mixins, base), fields)


def setting_fields(declared: Declaration[Any, Any]) -> dict[str, Field]:
    """A form field for each of a game's settings, by key (a club evening's form takes them
    too)."""
    return {s.key: _field(s.default, s.choices) for s in declared.settings}


def _field(default: Plain, choices: tuple[Plain, ...]) -> Field:
    if isinstance(default, bool):
        return BooleanField(default=default)
    if isinstance(default, int):
        return SelectField(
            choices=[SelectChoice(choice) for choice in choices], coerce=int, default=default
        )
    return RadioField(choices=[SelectChoice(str(choice)) for choice in choices], default=default)


class _GameSettings:
    """A new-game form's settings: the declaration's, judged by the game with the table."""

    game_key: str

    @property
    def declared(self) -> Declaration[Any, Any]:
        """The game's declaration."""
        return family.game(self.game_key)

    def validate(self, extra_validators: Any = None) -> bool:
        """Check the fields, then ask the game whether the settings go with the table."""
        form: Any = self
        # The fields' own checks: names, first dealer, each setting one of its choices.
        if not OnceForm.validate(form, extra_validators):
            return False
        declared = self.declared
        try:
            chosen = declared.from_plain(settings_of(form, declared))
            declared.check_settings(len(form.names()), chosen)
        except RuleError as error:
            # The field the refusal names, else the players (a group's: those ticked).
            key = error.setting if error.setting in form else "players"
            form[key if key in form else "pick"].errors.append(labels.refusal(error.reason))
            return False
        return True


class _GameTable:
    """The names of a new-game form counted by the game, where it is played by other table
    sizes than the base form's."""

    declared: Declaration[Any, Any]

    def validate_players(self, field: Field) -> None:
        form: Any = self
        check_names(self.declared, form.names())

    def validate_pick(self, field: Field) -> None:
        # A group's roster: the names were checked as they joined it; the count is the game's.
        form: Any = self
        try:
            self.declared.check_players(len(form.names()))
        except RuleError as error:
            raise ValidationError(labels.refusal(error.reason)) from error


def check_names(declared: Declaration[Any, Any], names: list[str]) -> None:
    """Refuse a table the game is not played by, or names the rules refuse (as Wizard's)."""
    try:
        declared.check_players(len(names))
        # The names' own rules (length, look-alikes) are the same in every game; a table of
        # two (Skull King) is checked as one seat more, the count being the game's to judge.
        rules.check_player_names([*names, *([_SPARE] if len(names) < rules.MIN_PLAYERS else [])])
    except RuleError as error:
        raise ValidationError(labels.refusal(error.reason)) from error


# A third name no player has: looks like nobody's, at most 32 characters, no hidden character.
_SPARE = "\u2116 0"


def settings_of(form: NewGameForm, declared: Declaration[Any, Any]) -> dict[str, Plain]:
    """The settings chosen on ``form`` by key, as plain values; a setting that plays a part only
    with another's choice is left out without it (``Declaration.only_with``)."""
    values: dict[str, Plain] = {s.key: form[s.key].data for s in declared.settings}
    needs = declared.only_with
    return {
        key: value
        for key, value in values.items()
        if key not in needs or values.get(needs[key][0]) == needs[key][1]
    }


def refused_choices(declared: Declaration[Any, Any]) -> list[dict[str, object]]:
    """The choices a game refuses, spelt out for the page's script (``setting``, ``reason``,
    ``when``: the combinations of ``players`` and settings that make it). A refusal whose
    sentence depends on the table says it once per table size (``{value}`` stands for the
    choice); the rules still judge."""
    found: list[dict[str, object]] = []
    for refusal, combos in _refused_tables(declared.key):
        by_table: dict[int | None, list[PlainChoice]] = {}
        for combo in combos:
            table = combo.get(variants.PLAYERS) if refusal.words else None
            by_table.setdefault(table if isinstance(table, int) else None, []).append(combo)
        for players, when in by_table.items():
            reason = _reason(declared, refusal, players, when[0])
            found.append({"setting": refusal.setting, "reason": reason, "when": when})
    return found


@cache
def _refused_tables(key: str) -> tuple[tuple[Refusal[Any], tuple[PlainChoice, ...]], ...]:
    """:func:`refused_tables` of a game, worked out once (the same in every language)."""
    return refused_tables(family.game(key))


def _reason(
    declared: Declaration[Any, Any], refusal: Refusal[Any], players: int | None, combo: PlainChoice
) -> str:
    """A refusal's sentence at a table of ``players`` (the smallest where it names none)."""
    words: dict[str, Any] = {}
    if refusal.words:
        chosen = declared.from_plain({k: v for k, v in combo.items() if k != variants.PLAYERS})
        words = dict(refusal.words(players or declared.min_players, chosen))
        words |= {"given": "{value}"} if "given" in words else {}
    return labels.refusal(RuleError(refusal.code, setting=refusal.setting, **words).reason)


def picked(posted: MultiDict[str, str], key: str) -> MultiDict[str, str]:
    """The form data of a tap on game ``key``: what was typed (names, seats, first dealer) and
    that game's settings at their defaults, whatever the game shown before had chosen (a box
    left unticked is no choice: the form is sent by another game's page)."""
    every = {setting.key for declared in family.GAMES.values() for setting in declared.settings}
    kept: MultiDict[str, str] = MultiDict(
        (name, value) for name, value in posted.items(multi=True) if name not in every
    )
    for setting in family.game(key).settings:
        if setting.default is not False:
            kept[setting.key] = "y" if setting.default is True else str(setting.default)
    return kept


def plain(form: NewGameForm) -> dict[str, Plain]:
    """The settings of the game ``form`` is for, by key, as ``game.start`` takes them."""
    return settings_of(form, family.game(form.game_key))


def needs_script(declared: Declaration[Any, Any]) -> bool:
    """Whether a game's settings need the settings script (static/settings.js): a setting shown
    only with another's choice, or a list of numbers whose refused ones it greys out."""
    numbers = any(not isinstance(s.default, bool | str) for s in declared.settings)
    return bool(declared.only_with) or numbers
