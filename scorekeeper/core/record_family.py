"""The game record's parts that differ by game of the family: the ``"game"`` key and its
settings, and Skull King's facts of a round (bonuses, destroyed tricks, pirate powers).

Each is written only where the game has it, so a Wizard record is as it always was; read with
the shapes of :mod:`scorekeeper.core.record_shapes` and checked by the game's declaration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from scorekeeper.core import family, rules
from scorekeeper.core.family import WIZARD, Declaration
from scorekeeper.core.family.skull_king import Change, Claim, Extras, Wager
from scorekeeper.core.record_shapes import Json, RecordError, fields_of, flag, kind, whole
from scorekeeper.core.rules import Reason, RuleError

D = TypeVar("D")
T = TypeVar("T")

EXTRA_FIELDS = ("bonuses", "destroyed", "harry", "roatan", "cannonball")
"""A Skull King round's fields beyond those of every round."""
BONUS_FIELDS = ("seat", "kind", "with")


# --- reading ---------------------------------------------------------------------------------


def parse_key(data: object) -> Declaration[Any, Any]:
    """The game a record names (Wizard where it names none), or a refusal."""
    if data is None:
        return WIZARD
    if not isinstance(data, str):
        raise RecordError("record_not_text", what='"game"', kind=kind(data))
    return _read(family.game, data)


def parse_settings(declared: Declaration[Any, Any], data: object) -> Any:
    """Another game's settings from the ``variants`` object: every field optional, each one
    of its setting's choices."""
    known = tuple(setting.key for setting in declared.settings)
    return _read(declared.from_plain, fields_of(data, '"variants"', known))


def parse_players(declared: Declaration[Any, Any], data: object) -> tuple[str, ...]:
    """Another game's players: as many as it seats, named as every game's are."""
    if not isinstance(data, list):
        raise RecordError("record_players_not_list", kind=kind(data))
    _read(declared.check_players, len(data))
    return _read(lambda names: rules.check_player_names(names, count=False), data)


def parse_extras(fields: dict[str, object]) -> Extras:
    """Skull King's facts of a round from its fields (each optional: none)."""
    bonuses = fields.get("bonuses", [])
    if not isinstance(bonuses, list):
        raise RecordError("record_not_list", what='"bonuses"', kind=kind(bonuses))
    cannonball = fields.get("cannonball", [])
    if not isinstance(cannonball, list):
        raise RecordError("record_not_list", what='"cannonball"', kind=kind(cannonball))
    return Extras(
        destroyed=whole(fields.get("destroyed", 0), '"destroyed"'),
        bonuses=tuple(_claim(entry) for entry in bonuses),
        harry=_pair(fields.get("harry"), "harry", "by", Change),
        roatan=_pair(fields.get("roatan"), "roatan", "amount", Wager),
        cannonball=tuple(flag(declared, '"cannonball"') for declared in cannonball),
    )


def _claim(data: object) -> Claim:
    fields = fields_of(data, Reason("what_bonus"), BONUS_FIELDS, required=("seat", "kind"))
    claimed = fields["kind"]
    if not isinstance(claimed, str):
        raise RecordError("record_not_text", what='"bonuses.kind"', kind=kind(claimed))
    ally = fields.get("with")
    return Claim(
        whole(fields["seat"], '"bonuses.seat"'),
        claimed,
        None if ally is None else whole(ally, '"bonuses.with"'),
    )


def _pair(data: object, name: str, second: str, make: Any) -> Any:
    if data is None:
        return None
    fields = fields_of(data, f'"{name}"', ("seat", second), required=("seat", second))
    return make(
        whole(fields["seat"], f'"{name}.seat"'), whole(fields[second], f'"{name}.{second}"')
    )


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
    """The ``"game"`` key (only for a game other than Wizard) and the ``"variants"``: the game's
    settings by key."""
    declared = family.game(key)
    named: Json = {} if key == WIZARD.key else {"game": key}
    return {**named, "variants": declared.to_plain(chosen)}


def extras_json(extras: Extras | None) -> Json:
    """Skull King's facts of a round, each only where there is one."""
    if extras is None:
        return {}
    facts: Json = {}
    if extras.bonuses:
        facts["bonuses"] = [_claim_json(claim) for claim in extras.bonuses]
    if extras.destroyed:
        facts["destroyed"] = extras.destroyed
    if extras.harry is not None:
        facts["harry"] = {"seat": extras.harry.seat, "by": extras.harry.by}
    if extras.roatan is not None:
        facts["roatan"] = {"seat": extras.roatan.seat, "amount": extras.roatan.amount}
    if extras.cannonball:
        facts["cannonball"] = list(extras.cannonball)
    return facts


def _claim_json(claim: Claim) -> Json:
    written: Json = {"seat": claim.seat, "kind": claim.kind}
    if claim.ally is not None:
        written["with"] = claim.ally
    return written
