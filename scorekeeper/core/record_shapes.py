"""The shapes of the JSON a game record is read from: objects with known fields, whole numbers,
flags and choices, each refused with a :class:`RecordError` a player understands. Shared by the
game record (:mod:`scorekeeper.core.record`) and the records of a game's own facts
(:mod:`scorekeeper.core.record_family`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from scorekeeper.core.rules import Reason, RuleError

Json = dict[str, Any]


class RecordError(RuleError):
    """A game record that cannot be read; its reason tells the player what to fix."""


# Half a character: JSON may write one as "\ud800", and no text holding it can be stored or shown.
_HALF_CHARACTER = re.compile("[\ud800-\udfff]")


def check_text(data: object) -> None:
    """Refuse parsed JSON with half a character anywhere (a key, a value, however deep)."""
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if _HALF_CHARACTER.search(item):
                raise RecordError("broken_text")
        elif isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            pending += item


def fields_of(
    data: object, what: str, known: tuple[str, ...], required: tuple[str, ...] = ()
) -> dict[str, object]:
    """``data`` as an object with only ``known`` fields and every ``required`` one."""
    if not isinstance(data, dict):
        raise RecordError("record_not_object", what=what, kind=kind(data))
    unknown = [key for key in data if key not in known]
    if unknown:
        raise RecordError(
            "record_unknown_field", what=what, field=short(unknown[0]), known=", ".join(known)
        )
    missing = [key for key in required if key not in data]
    if missing:
        raise RecordError("record_missing_field", what=what, field=missing[0])
    return data


def by_seat(data: object, what: str, players: tuple[str, ...]) -> Iterator[tuple[str, object]]:
    """``data`` as a list with one value per seat, each with its player's name."""
    if not isinstance(data, list) or len(data) != len(players):
        raise RecordError("record_by_seat", what=what, players=len(players))
    return zip((short(name) for name in players), data, strict=True)


def whole(value: object, what: str) -> int:
    """``value`` as a JSON whole number (never a bool or a decimal)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError("record_not_whole", what=what, kind=kind(value))
    return value


def flag(value: object, what: str) -> bool:
    """``value`` as ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise RecordError("record_not_flag", what=what, kind=kind(value))
    return value


def option(options: Iterable[str], value: object, what: str) -> str:
    """``value`` as one of ``options``."""
    names = [str(option) for option in options]
    if not isinstance(value, str) or value not in names:
        given = f'"{short(value)}"' if isinstance(value, str) else kind(value)
        raise RecordError("record_not_option", what=what, options=", ".join(names), given=given)
    return value


def kind(value: object) -> Reason:
    """How a JSON value is called in a message (never the value itself: it may be huge)."""
    if value is None:
        return Reason("kind_null")
    if isinstance(value, bool):
        return Reason("kind_bool")
    if isinstance(value, int | float):
        return Reason("kind_number" if isinstance(value, int) else "kind_decimal")
    if isinstance(value, str):
        return Reason("kind_text")
    return Reason("kind_list" if isinstance(value, list) else "kind_object")


def short(text: str, limit: int = 30) -> str:
    """``text`` cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
