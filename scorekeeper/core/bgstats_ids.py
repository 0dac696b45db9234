"""The ids the pad gives things in BG Stats' files: every ``uuid`` is a name in one space
(uuid5), so the same thing has the same uuid in every file the pad writes, and a file read back
is known by them (docs/bgstats.md). Pure Python, shared by the files written
(:mod:`scorekeeper.render.bgstats`) and the files read (:mod:`scorekeeper.core.club_files`)."""

from __future__ import annotations

import uuid

SPACE = uuid.UUID("6f1d3c52-8a3e-4d0b-9a51-2b7c0e4f9d11")


def uuid_of(kind: str, name: str) -> str:
    """The uuid of the thing of ``kind`` the pad calls ``name`` (a play by its game's id, a game
    by its key, a player by their key, a place by its group's id).

    >>> uuid_of("play", "abc") == uuid_of("play", "abc") != uuid_of("game", "abc")
    True
    """
    return str(uuid.uuid5(SPACE, f"{kind}:{name}"))


def play_uuid(game_id: str) -> str:
    """The uuid of the play of the pad's game ``game_id`` in every file the pad writes."""
    return uuid_of("play", game_id)
