"""A club night's history in words (issue 47): each entry in the reader's language, from what it
changed of the evening's parts (:mod:`scorekeeper.storage.evening_rows`).

A draw says its tables, who sat out, and who came or went since the sitting before it, so that
a keeper choosing the draw to go back to sees which one it was: a line each (lines end with a
line break, which the History page keeps), read at a glance at a dim table rather than parsed
out of one long sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.render.evening_pages import clock
from scorekeeper.render.history_words import players_words
from scorekeeper.render.labels import gettext as _
from scorekeeper.render.labels import ngettext
from scorekeeper.storage.evening_rows import sitting_name, table_name, table_number
from scorekeeper.storage.history import Parts


def evening_words(change: dict[str, Any], before: Parts, after: Parts) -> str:
    """One entry of a club night's history in words."""
    code = change.get("code", "")
    said = _SAID.get(code)
    return _("Changed") if said is None else said(change, before, after)


def _started(_change: dict[str, Any], _before: Parts, after: Parts) -> str:
    evening = after.get("evening", {})
    what = [
        ngettext("%(num)s player", "%(num)s players", len(evening.get("players", []))),
        ngettext(
            "%(num)s sitting planned", "%(num)s sittings planned", int(evening.get("sittings", 0))
        ),
    ]
    return _("Club night started: %(what)s", what=", ".join(what))


def _imported(_change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    return _("Club night imported from a group file")


def _kept(_change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    return _("History recorded from here on")


_SEATING = {
    "random": lambda: _("at random"),
    "balanced": lambda: _("new opponents"),
    "standings": lambda: _("by standings"),
}


def _drawn(change: dict[str, Any], before: Parts, after: Parts) -> str:
    number = int(change.get("sitting", 0))
    sitting = after.get(sitting_name(number), {})
    seating = _SEATING.get(sitting.get("seating", ""), lambda: "")()
    if change.get("code") == "redrawn":
        said = [_("Sitting %(n)s drawn again (%(seating)s)", n=number, seating=seating)]
    else:
        said = [_("Sitting %(n)s drawn (%(seating)s)", n=number, seating=seating)]
    said.extend(
        _("Table %(table)s: %(names)s", table=table, names=", ".join(names))
        for table, names in _tables(after, number)
    )
    if sitting.get("sitting_out"):
        said.append(_("Sitting out: %(names)s", names=", ".join(sitting["sitting_out"])))
    said.extend(_presence(before, after, number))
    return "\n".join(said)


def _tables(state: Parts, sitting: int) -> list[tuple[int, list[str]]]:
    """The tables of ``sitting`` in ``state``: number and players, in order."""
    found = [
        (table_number(name)[1], part["players"])
        for name, part in state.items()
        if name.startswith("table ") and table_number(name)[0] == sitting
    ]
    return sorted(found)


def _presence(before: Parts, after: Parts, number: int) -> list[str]:
    """Who came and who is not here, against the sitting before this one (the players named
    when the evening began, for the first)."""
    earlier = before.get(sitting_name(number - 1), {}).get("present")
    if earlier is None:
        earlier = before.get("evening", {}).get("players", [])
    present = after.get(sitting_name(number), {}).get("present", [])
    came = [name for name in present if name not in earlier]
    gone = [name for name in earlier if name not in present]
    said = []
    if came:
        said.append(_("Here now: %(names)s", names=", ".join(came)))
    if gone:
        said.append(_("Not here: %(names)s", names=", ".join(gone)))
    return said


def _countdown(_change: dict[str, Any], _before: Parts, after: Parts) -> str:
    ends = after.get("evening", {}).get("countdown_ends")
    if ends is None:
        return _("Countdown stopped")
    return _("Countdown on the room screen, to %(time)s", time=clock(ends))


def _table_out(change: dict[str, Any], _before: Parts, after: Parts) -> str:
    sitting, table = int(change.get("sitting", 0)), int(change.get("table", 0))
    names = ", ".join(after.get(table_name(sitting, table), {}).get("players", []))
    if change.get("code") == "table_back":
        return _(
            "Table %(table)s of sitting %(sitting)s put back: its game counts again (%(names)s)",
            table=table,
            sitting=sitting,
            names=names,
        )
    return _(
        "Table %(table)s of sitting %(sitting)s taken out: its game no longer counts (%(names)s)",
        table=table,
        sitting=sitting,
        names=names,
    )


def _table_ended(change: dict[str, Any], _before: Parts, after: Parts) -> str:
    sitting, table = int(change.get("sitting", 0)), int(change.get("table", 0))
    if change.get("code") == "table_resumed":
        return _(
            "Table %(table)s of sitting %(sitting)s plays on: its game counts again as it stands",
            table=table,
            sitting=sitting,
        )
    part = after.get(table_name(sitting, table), {})
    rounds = int(part.get("ended_rounds") or 0)
    said = [
        ngettext(
            "Table %(table)s of sitting %(sitting)s ended early after %(num)s round: it counts as "
            "it stood then",
            "Table %(table)s of sitting %(sitting)s ended early after %(num)s rounds: it counts as "
            "it stood then",
            rounds,
            table=table,
            sitting=sitting,
        )
    ]
    left = part.get("left_players") or []
    if left:
        said.append(
            ngettext("Who left: %(names)s", "Who left: %(names)s", len(left), names=", ".join(left))
        )
    return "\n".join(said)


def _players(_change: dict[str, Any], before: Parts, after: Parts) -> str:
    was = before.get("evening", {}).get("players", [])
    now = after.get("evening", {}).get("players", [])
    return players_words(was, now)


def _restored(change: dict[str, Any], before: Parts, after: Parts) -> str:
    said = [_("Brought back to how it stood after entry %(n)s", n=change.get("entry", 0))]
    linked = {part.get("game_id") for name, part in after.items() if name.startswith("table ")}
    left = {
        part["game_id"]
        for name, part in before.items()
        if name.startswith("table ") and part.get("game_id") and part["game_id"] not in linked
    }
    if left:
        said.append(
            ngettext(
                "%(num)s game stays in the group, no longer a table of this club night",
                "%(num)s games stay in the group, no longer tables of this club night",
                len(left),
            )
        )
    made = int(change.get("new_games", 0))
    if made:
        said.append(
            ngettext(
                "%(num)s new game for a table whose game was deleted",
                "%(num)s new games for tables whose games were deleted",
                made,
            )
        )
    return "\n".join(said)


_SAID: dict[str, Callable[[dict[str, Any], Parts, Parts], str]] = {
    "evening_started": _started,
    "imported": _imported,
    "kept": _kept,
    "deleted": lambda _change, _before, _after: _("Moved to the trash"),
    "restored": lambda _change, _before, _after: _("Brought back from the trash"),
    "drawn": _drawn,
    "redrawn": _drawn,
    "countdown": _countdown,
    "table_out": _table_out,
    "table_back": _table_out,
    "table_ended": _table_ended,
    "table_resumed": _table_ended,
    "players": _players,
    "restored_to": _restored,
}
