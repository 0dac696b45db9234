"""Skull King's facts of a round (bonuses, destroyed tricks, pirate powers, the Cannonball) as a
round's fields, in the game record and in the database alike; each written only where there is
one, so a round with none is written as a round of any game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.family.declared_parts import RoundFacts
from scorekeeper.core.family.skull_king import Change, Claim, Extras, Wager
from scorekeeper.core.record_shapes import Json, RecordError, fields_of, flag, kind, whole
from scorekeeper.core.rules import Reason

FIELDS = ("bonuses", "destroyed", "harry", "roatan", "cannonball")
"""A Skull King round's fields beyond those of every round."""
BONUS_FIELDS = ("seat", "kind", "with")


def read(fields: Mapping[str, object]) -> Extras:
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


def write(extras: Extras) -> Json:
    """Skull King's facts of a round, each only where there is one."""
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


FACTS = RoundFacts(
    Extras(), FIELDS, read, write, tricks_lost=lambda extras: extras.destroyed, page="bonuses"
)
"""A Skull King round's own facts."""
