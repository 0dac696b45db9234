"""A game's declared round facts as the tricks step and the correction page send them (a seat
each, ``fact-<field>``), and as the page address keeps them after the tricks (``":f01"``: the
first fact the game asks for, seat 1). Anything odd is read as nobody, never refused: the rules
judge the round when it is confirmed. The one reader of a posted seat for every round form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.family import Declaration


def seat_of(text: str, players: int) -> int | None:
    """A seat as a form or an address sends it (one digit), ``None`` for anything else."""
    if text.isascii() and text.isdigit() and len(text) == 1 and int(text) < players:
        return int(text)
    return None


def posted(
    declared: Declaration[Any, Any], form: Mapping[str, str], players: int
) -> dict[str, int]:
    """The seat posted for each fact the game's declaration asks for (none: nobody)."""
    seats = {}
    for entry in declared.facts.entry:
        seat = seat_of(form.get(f"fact-{entry.field}", ""), players)
        if seat is not None:
            seats[entry.field] = seat
    return seats


def text(declared: Declaration[Any, Any], seats: Mapping[str, int]) -> str:
    """The seats picked, as the page address keeps them after the tricks, so a stepper's tap
    without a script keeps them."""
    entries = declared.facts.entry
    return "".join(
        f":f{index}{seats[entry.field]}"
        for index, entry in enumerate(entries)
        if entry.field in seats
    )


def from_draft(declared: Declaration[Any, Any], draft: str, players: int) -> dict[str, int]:
    """The seats a draft keeps (:func:`text` after the tricks), by fact."""
    entries = declared.facts.entry
    kept = {}
    for part in draft.split(":")[2:]:
        if part[:1] == "f" and len(part) == 3 and part[1].isdigit() and int(part[1]) < len(entries):
            seat = seat_of(part[2], players)
            if seat is not None:
                kept[entries[int(part[1])].field] = seat
    return kept
