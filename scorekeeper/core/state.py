"""The game state the API returns: the game record plus every derived number.

Pure Python, no Flask. Rendered from :class:`~scorekeeper.core.sheet.Sheet`, the one structure every
output shows, so bids that hidden or delayed visibility still seals are never here.
"""

from __future__ import annotations

from scorekeeper.core.current_round import CurrentRound
from scorekeeper.core.record import Json, adjustments_json, figures_json, to_record, trump_json
from scorekeeper.core.sheet import RoundRow, Sheet


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


def round_json(row: RoundRow) -> Json:
    """A completed round with its scores (adjustments included), its adjustments, the totals
    after it, any correction flags, what the game records beyond bids and tricks, and where it
    was corrected, its figures before with the scores they give (``corrected_from``)."""
    played = {
        "number": row.number,
        "hand_size": row.hand_size,
        "dealer": row.dealer,
        "trump": trump_json(row.trump),
        "bids": list(row.bids),
        "tricks": list(row.tricks),
        "scores": list(row.scores),
        "adjustments": adjustments_json(row.adjustments),
        "totals": list(row.totals),
        "flags": list(row.flags),
        **row.record.declaration.facts.write(row.facts),
    }
    if row.original is not None:
        played["corrected_from"] = {
            **figures_json(row.original),
            "scores": list(row.original.scores),
        }
    return played


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
    }
