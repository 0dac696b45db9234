"""The score sheet as JSON: the game record (export) and the game state (API).

Pure Python, no Flask. Both are rendered from :class:`~scorekeeper.sheet.Sheet`, the one
structure every output shows, so bids that hidden or delayed visibility still seals are never
here. The record holds completed rounds only: the round at the table may hold sealed bids, and it
is not part of what a game record can import. The state is the record plus everything derived.
"""

from __future__ import annotations

import json
from dataclasses import fields
from enum import StrEnum
from typing import Any

from scorekeeper.record import FORMAT
from scorekeeper.rules import Trump, Variants
from scorekeeper.sheet import CurrentRound, RoundRow, Sheet

Json = dict[str, Any]


def to_record(sheet: Sheet) -> Json:
    """The game record of a sheet: importable as is, with every variant written out."""
    return {
        "format": FORMAT,
        "players": list(sheet.players),
        "first_dealer": sheet.first_dealer,
        "variants": variants_json(sheet.variants),
        "rounds": [
            {"trump": trump_json(row.trump), "bids": list(row.bids), "tricks": list(row.tricks)}
            for row in sheet.rounds
        ],
    }


def record_text(record: Json) -> str:
    """A record as a file people can read too: one line per field and one per round."""

    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = [f"  {dump(key)}: {dump(value)}" for key, value in record.items() if key != "rounds"]
    rounds = ",\n".join(f"    {dump(played)}" for played in record["rounds"])
    body = ",\n".join([*head, f'  "rounds": [\n{rounds}\n  ]' if rounds else '  "rounds": []'])
    return "{\n" + body + "\n}\n"


def to_state(sheet: Sheet, game_id: str) -> Json:
    """The game state the API returns: the record's fields plus every derived number."""
    return {
        "id": game_id,
        **to_record(sheet),
        "rounds": [round_json(row) for row in sheet.rounds],
        "schedule": list(sheet.schedule),
        "finished": sheet.finished,
        "totals": list(sheet.totals),
        "winners": list(sheet.winners),
        "current": current_json(sheet.current),
    }


def variants_json(variants: Variants) -> Json:
    """Every variant field by name, enums as their stored values."""
    return {field.name: _plain(getattr(variants, field.name)) for field in fields(Variants)}


def trump_json(trump: Trump) -> Json:
    """What was turned and the resulting suit (``None``: no trump)."""
    return {"turned": trump.turned.value, "suit": trump.suit.value if trump.suit else None}


def round_json(row: RoundRow) -> Json:
    """A completed round with its scores, the totals after it, and any correction flags."""
    return {
        "number": row.number,
        "hand_size": row.hand_size,
        "dealer": row.dealer,
        "trump": trump_json(row.trump),
        "bids": list(row.bids),
        "tricks": list(row.tricks),
        "scores": list(row.scores),
        "totals": list(row.totals),
        "flags": list(row.flags),
    }


def current_json(current: CurrentRound | None) -> Json | None:
    """The round at the table now (sealed bids are ``None`` in the sheet already)."""
    if current is None:
        return None
    return {
        "number": current.number,
        "hand_size": current.hand_size,
        "dealer": current.dealer,
        "trump": None if current.trump is None else trump_json(current.trump),
        "bids": list(current.bids),
        "tricks_counted": current.tricks_counted,
    }


def _plain(value: object) -> object:
    return value.value if isinstance(value, StrEnum) else value
