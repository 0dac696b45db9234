"""A group's history in words (issue 47): each entry as a sentence in the reader's language, from
its change (the players of the games it added or took out are kept with it) and what it changed
of the group's parts (:mod:`scorekeeper.storage.group_rows`). A renewed link is said, never its
token, which no entry holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.render.labels import gettext as _
from scorekeeper.render.labels import ngettext
from scorekeeper.storage.history import Parts


def group_words(change: dict[str, Any], before: Parts, after: Parts) -> str:
    """One entry of a group's history in words."""
    said = _SAID.get(change.get("code", ""))
    return _("Changed") if said is None else said(change, before, after)


def _games(change: dict[str, Any], key: str) -> str:
    """The games an entry added or took out, each by its players."""
    return " · ".join(", ".join(players) for players in change.get(key, []) if players)


def _started(_change: dict[str, Any], _before: Parts, after: Parts) -> str:
    roster = _roster(after)
    if not roster:
        return _("Group started")
    return _("Group started with %(names)s", names=", ".join(roster))


def _imported(change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    count = len(change.get("added", []))
    return ngettext(
        "Group imported from a file with %(num)s game",
        "Group imported from a file with %(num)s games",
        count,
    )


def _brought_in(change: dict[str, Any], _before: Parts, after: Parts) -> str:
    source = {"bgstats": "BG Stats", "csv": "CSV"}.get(str(change.get("source")), "?")
    return ngettext(
        "%(num)s game brought in from a %(source)s file",
        "%(num)s games brought in from a %(source)s file",
        int(change.get("plays", 0)),
        source=source,
    )


def _kept(_change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    return _("History recorded from here on")


def _added(change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    count = len(change.get("added", []))
    if change.get("evening"):
        return ngettext(
            "Club night brought back to an earlier entry: %(num)s new game for its tables",
            "Club night brought back to an earlier entry: %(num)s new games for its tables",
            count,
        )
    return ngettext(
        "Game added: %(games)s", "Games added: %(games)s", count, games=_games(change, "added")
    )


def _removed(change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    count = len(change.get("removed", []))
    return ngettext(
        "Game taken out of the group: %(games)s",
        "Games taken out of the group: %(games)s",
        count,
        games=_games(change, "removed"),
    )


def _drawn(change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    count, sitting = len(change.get("added", [])), int(change.get("sitting", 0))
    if change.get("code") == "redrawn":
        return ngettext(
            "Club night, sitting %(sitting)s drawn again: %(num)s new game for its table",
            "Club night, sitting %(sitting)s drawn again: %(num)s new games for its tables",
            count,
            sitting=sitting,
        )
    return ngettext(
        "Club night, sitting %(sitting)s drawn: %(num)s game for its table",
        "Club night, sitting %(sitting)s drawn: %(num)s games for its tables",
        count,
        sitting=sitting,
    )


def _players_added(_change: dict[str, Any], before: Parts, after: Parts) -> str:
    came = [name for name in _roster(after) if name not in _roster(before)]
    return _("Players added: %(names)s", names=", ".join(came))


def _renamed(change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    names = {"old": change.get("from", ""), "new": change.get("to", "")}
    if change.get("code") == "players_merged":
        head = _("Players merged: %(old)s into %(new)s", **names)
    else:
        head = _("Player renamed: %(old)s → %(new)s", **names)
    games = int(change.get("games", 0))
    if not games:
        return head
    changed = ngettext("%(num)s game changed", "%(num)s games changed", games)
    return f"{head} ({changed})"


def _link(change: dict[str, Any], _before: Parts, _after: Parts) -> str:
    if change.get("link") == "view":
        return _("New view link: the old one no longer shows the group")
    return _("New edit link: the old one no longer changes the group")


def _roster(state: Parts) -> list[str]:
    return sorted(value for name, value in state.items() if name.startswith("player "))


_SAID: dict[str, Callable[[dict[str, Any], Parts, Parts], str]] = {
    "group_started": _started,
    "imported": _imported,
    "plays_imported": _brought_in,
    "kept": _kept,
    "deleted": lambda _change, _before, _after: _("Moved to the trash"),
    "restored": lambda _change, _before, _after: _("Brought back from the trash"),
    "games_added": _added,
    "games_removed": _removed,
    "drawn": _drawn,
    "redrawn": _drawn,
    "players_added": _players_added,
    "player_renamed": _renamed,
    "players_merged": _renamed,
    "link_renewed": _link,
}
