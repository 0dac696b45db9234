"""A game's settings as plain values (what a record, a form or the API holds) and back, and the
combinations its refusals refuse spelt out for the new-game page (:func:`refused_tables`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from enum import StrEnum
from itertools import product
from typing import Any

from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import Plain, Refusal, S, Setting
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.variants import PLAYERS


def setting_value(setting: Setting, plain: object) -> Plain:
    """A setting's value from what was posted, refused unless it is one of its choices."""
    # ``True == 1`` in Python: a flag takes only a bool, a number setting never a bool.
    same_kind = isinstance(plain, bool) is isinstance(setting.default, bool)
    if not (same_kind and isinstance(plain, str | bool | int) and plain in setting.choices):
        raise RuleError(
            "setting_not_option",
            setting=setting.key,
            name=setting.key,
            options=", ".join(str(choice) for choice in setting.choices),
            given=str(plain),
        )
    return plain


def by_key(settings: Sequence[Setting], values: Mapping[str, object]) -> dict[str, Plain]:
    """Posted values by key, each checked against its setting; an unknown key is refused."""
    known = {setting.key: setting for setting in settings}
    checked: dict[str, Plain] = {}
    for key, value in values.items():
        if key not in known:
            raise RuleError("setting_unknown", name=key, known=", ".join(known))
        checked[key] = setting_value(known[key], value)
    return checked


def settings_from_plain(
    make: Callable[..., S],
    settings: Sequence[Setting],
    kinds: Mapping[str, type[StrEnum]],
    values: Mapping[str, object],
) -> S:
    """A game's settings (``make``: its dataclass) from posted or stored values, each checked
    against its choices; ``kinds`` names the enum of each choice that is one."""
    checked: dict[str, Any] = by_key(settings, values)
    for key, kind in kinds.items():
        if key in checked:
            checked[key] = kind(checked[key])
    return make(**checked)


def settings_to_plain(chosen: Any) -> dict[str, Plain]:
    """A game's settings (a dataclass) by key as stored, each choice by its plain value."""
    return {
        key: value.value if isinstance(value, StrEnum) else value
        for key, value in asdict(chosen).items()
    }


PlainChoice = dict[str, Plain]
"""Values by key (``players`` and settings' keys) that together make a refused combination."""


def refused_tables(
    declared: Declaration[Any, Any],
) -> tuple[tuple[Refusal[Any], tuple[PlainChoice, ...]], ...]:
    """Each refusal of a game spelt out as the choices that make it: the values (``players`` and
    settings' keys) it depends on, one mapping per refused combination, in order. Each refusal
    is tried on every table of what it reads (:attr:`Refusal.reads`) and its own setting, the
    other settings at their defaults, so a page can grey out a choice before it is sent without
    a second copy of the rules; the rules still judge."""
    return tuple((refusal, _spelt(declared, refusal)) for refusal in declared.refusals)


def _spelt(declared: Declaration[Any, Any], refusal: Refusal[Any]) -> tuple[PlainChoice, ...]:
    domains: dict[str, tuple[Plain, ...]] = {}
    if PLAYERS in refusal.reads:
        domains[PLAYERS] = tuple(range(declared.min_players, declared.max_players + 1))
    for setting in declared.settings:
        if setting.key in refusal.reads or setting.key == refusal.setting:
            domains[setting.key] = setting.choices
    results: dict[tuple[Plain, ...], bool] = {}
    for values in product(*domains.values()):
        table = dict(zip(domains, values, strict=True))
        players = int(table.pop(PLAYERS, declared.min_players))
        results[values] = refusal.applies(players, declared.from_plain(table))
    return spell_out(domains, results)


def spell_out(
    domains: Mapping[str, tuple[Plain, ...]], results: Mapping[tuple[Plain, ...], bool]
) -> tuple[PlainChoice, ...]:
    """The combinations a rule refuses, from its outcome on every table of ``domains`` (the
    values of each key, tables keyed by their values in the order of the keys): each names
    only the values that change the outcome somewhere, in the order of their values."""
    keys = list(domains)
    relevant = [(index, key) for index, key in enumerate(keys) if _changes(results, index)]
    combos = {
        tuple(values[index] for index, _key in relevant)
        for values, refused_here in results.items()
        if refused_here
    }
    return tuple(
        {key: value for (_index, key), value in zip(relevant, combo, strict=True)}
        for combo in sorted(combos)
    )


def _changes(results: Mapping[tuple[Plain, ...], bool], index: int) -> bool:
    """Whether the value at ``index`` changes the outcome of some table: two tables alike but
    for it have different outcomes (one pass over the tables, grouped by the other values)."""
    outcomes: dict[tuple[Plain, ...], bool] = {}
    for values, outcome in results.items():
        others = values[:index] + values[index + 1 :]
        if outcomes.setdefault(others, outcome) != outcome:
            return True
    return False
