"""A group's players across its games: who is who, by a key of their name.

Two names are one player when the rules would call them the same name at one table
(:func:`~scorekeeper.core.rules.same_name_key`: trimmed, Unicode-normalised, case folded). Pure
Python; read by the group's storage, its record file and its figures alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.core import rules

player_key = rules.same_name_key
"""A player's key: the same for every spelling the rules call the same name."""


def seat_keys(players: Sequence[str]) -> tuple[str, ...]:
    """The player key of each seat; a seat whose key an earlier seat has already taken (names
    the rules once let through, such as two spellings of "Zoë") is told apart by its seat."""
    keys: list[str] = []
    for seat, name in enumerate(players):
        key = player_key(name)
        keys.append(f"{key}#{seat + 1}" if key in keys else key)
    return tuple(keys)
