"""The game record's parts that differ by game of the family: the ``"game"`` key and its
settings (a round's own facts are read and written by the game's declaration).

Each is written only where the game has it, so a Wizard record is as it always was; read with
the shapes of :mod:`scorekeeper.core.record_shapes` and checked by the game's declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from scorekeeper.core import family, rules
from scorekeeper.core.family import Declaration
from scorekeeper.core.record_shapes import Json, RecordError, fields_of, kind
from scorekeeper.core.rules import RuleError

D = TypeVar("D")
T = TypeVar("T")

# --- reading ---------------------------------------------------------------------------------


def parse_key(data: object) -> Declaration[Any, Any]:
    """The game a record names (the default game where it names none), or a refusal."""
    if data is None:
        return family.game(family.DEFAULT_GAME)
    if not isinstance(data, str):
        raise RecordError("record_not_text", what='"game"', kind=kind(data))
    return _read(family.game, data)


def parse_settings(declared: Declaration[Any, Any], data: object) -> Any:
    """A game's settings from the ``variants`` object: every field optional, each one of its
    setting's choices (read by the game's own reader where it has one)."""
    if declared.read_settings is not None:
        return declared.read_settings(data)
    known = tuple(setting.key for setting in declared.settings)
    return _read(declared.from_plain, fields_of(data, '"variants"', known))


def parse_players(declared: Declaration[Any, Any], data: object) -> tuple[str, ...]:
    """A game's players: as many as it seats, each named as the rules want."""
    if not isinstance(data, list):
        raise RecordError("record_players_not_list", kind=kind(data))
    _read(declared.check_players, len(data))
    return _read(lambda names: rules.check_player_names(names, count=False), data)


def _read(read: Callable[[D], T], data: D) -> T:
    """``read(data)``, a refusal of the rules given as the record's."""
    try:
        return read(data)
    except RecordError:
        raise
    except RuleError as error:
        raise RecordError.because(error.reason) from error


# --- writing ---------------------------------------------------------------------------------


def game_json(key: str, chosen: Any) -> Json:
    """The ``"game"`` key (left out for the default game, as before there were others) and the
    ``"variants"``: the game's settings by key."""
    declared = family.game(key)
    named: Json = {} if key == family.DEFAULT_GAME else {"game": key}
    return {**named, "variants": declared.to_plain(chosen)}
