"""A group's rows as its history's parts (issue 47): its name, each player of its roster and
each of its games, so that every change of the group (players renamed or merged, games added
or taken out, a club night's draw) is an entry of what it changed, and a link renewed is an
entry too (never the token itself).

A group's parts are ``group`` (its name), each ``player <key>`` (the name shown) and each
``game <id>`` (when it joined the group). A change reads them before and after itself, inside
its transaction (:func:`noted`): one indexed read of the roster and of the games' ids each time.
Its entry names the players of the games it added or took out, so that the history can say
them after the games themselves changed or went. A group has no restore: its games keep their
own histories.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Literal

from scorekeeper.core.players import player_key
from scorekeeper.storage import history
from scorekeeper.storage.database import Database, Thing, renew_token, writing
from scorekeeper.storage.history import Parts

GROUPS = "groups"
"""A group's name in the history (:mod:`.history`)."""

# The groups whose change is being noted in this context: a change made inside another's
# (each game of a club night's draw, each game of an imported group) is part of that entry.
_noting: ContextVar[frozenset[str]] = ContextVar("noting_groups", default=frozenset())


def parts_of(db: Database, group_id: str) -> Parts:
    """The group's whole state as history parts (empty for no such group)."""
    found = db.execute("SELECT name FROM groups WHERE id = ?", [group_id]).fetchone()
    if found is None:
        return {}
    parts: Parts = {"group": {"name": found[0]}}
    roster = db.execute("SELECT key, name FROM group_players WHERE group_id = ?", [group_id])
    parts.update((f"player {key}", name) for key, name in roster)
    games = db.execute("SELECT game_id, added_at FROM group_games WHERE group_id = ?", [group_id])
    parts.update((f"game {game_id}", added_at) for game_id, added_at in games)
    return parts


@contextmanager
def noted(
    db: Database, group_id: str, change: dict[str, Any], *, always: bool = False
) -> Iterator[dict[str, Any]]:
    """Write the history entry of the change of the group made inside, in the caller's
    transaction: what it made of the group's parts, ``change`` (yielded, so that the change can
    add its details) saying what it was, with the players of each game it added (``added``) or
    took out (``removed``; empty for a game deleted with it).

    A change that left the parts as they were writes nothing, unless ``always``. A group kept
    from before histories begins its history with its state before the change."""
    said = dict(change)
    if group_id in _noting.get():
        yield said
        return
    token = _noting.set(_noting.get() | {group_id})
    try:
        before = parts_of(db, group_id)
        yield said
        parts = history.difference(before, parts_of(db, group_id))
    finally:
        _noting.reset(token)
    if not parts and not always:
        return
    for key, ids in (("added", _games(parts, gone=False)), ("removed", _games(parts, gone=True))):
        if ids:
            said[key] = [_players(db, game_id) for game_id in ids]
    history.record(db, GROUPS, group_id, said, parts, (lambda: before) if before else None)


def _games(parts: Parts, *, gone: bool) -> list[str]:
    return sorted(
        name.split()[1]
        for name, value in parts.items()
        if name.startswith("game ") and (value is None) == gone
    )


def _players(db: Database, game_id: str) -> list[str]:
    found = db.execute("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", [game_id])
    return [name for (name,) in found]


def renaming(db: Database, group_id: str, key: str, name: str) -> dict[str, Any]:
    """What renaming the player ``key`` to ``name`` is, for its entry: a rename, or a merge
    when ``name`` is another player's, from the name the roster shows."""
    roster = dict(db.execute("SELECT key, name FROM group_players WHERE group_id = ?", [group_id]))
    merged = player_key(name) != key and player_key(name) in roster
    return {
        "code": "players_merged" if merged else "player_renamed",
        "from": roster.get(key, key),
        "to": name,
    }


def renew_group_link(db: Database, stored: Thing, link: Literal["edit", "view"]) -> Thing:
    """Renew the group's edit or view link (:func:`.database.renew_token`), with its history
    entry in the same transaction: which link, never the token."""
    with writing(db), noted(db, stored.id, {"code": "link_renewed", "link": link}, always=True):
        return renew_token(db, stored, link)
