"""Storage: the only package that talks to SQLite (through sqlite-utils).

It stores the facts of a game (players, variants, trump, bids, tricks, the round in progress)
and of a group (its roster and games), never a score. A database file is one
:class:`~scorekeeper.storage.database.Storage`: its connections, its write lock and the records
read from it. Games and groups are modules of their own; :mod:`.app` is the Flask glue. Every
change of a game bumps its version in one place (:func:`.games.changing`), so a change made
against an old version is refused instead of overwriting another phone's entry.

Everything a caller needs is named here.
"""

from scorekeeper.storage.app import get_db, init_app, peek_version, storage
from scorekeeper.storage.database import (
    KEPT_CONNECTIONS,
    Conflict,
    Storage,
    Unavailable,
    backup,
    cannot_write_reason,
    connect,
    migrate,
    new_token,
    renew_token,
)
from scorekeeper.storage.games import (
    KeyReused,
    StoredGame,
    Watch,
    changing,
    create_game,
    create_game_once,
    delete_game,
    load,
    load_many,
    new_game_id,
    save,
    version_of,
)
from scorekeeper.storage.groups import (
    GameStamp,
    RosterFull,
    SameGame,
    StoredGroup,
    add_group_games,
    create_group,
    create_group_game,
    create_group_once,
    group_games,
    group_of,
    group_stamps,
    grouped,
    import_group,
    join_roster,
    load_group,
    load_groups,
    remove_group_game,
    rename_player,
)

new_edit_token = new_token

__all__ = [
    "KEPT_CONNECTIONS",
    "Conflict",
    "GameStamp",
    "KeyReused",
    "RosterFull",
    "SameGame",
    "Storage",
    "StoredGame",
    "StoredGroup",
    "Unavailable",
    "Watch",
    "add_group_games",
    "backup",
    "cannot_write_reason",
    "changing",
    "connect",
    "create_game",
    "create_game_once",
    "create_group",
    "create_group_game",
    "create_group_once",
    "delete_game",
    "get_db",
    "group_games",
    "group_of",
    "group_stamps",
    "grouped",
    "import_group",
    "init_app",
    "join_roster",
    "load",
    "load_group",
    "load_groups",
    "load_many",
    "migrate",
    "new_edit_token",
    "new_game_id",
    "new_token",
    "peek_version",
    "remove_group_game",
    "rename_player",
    "renew_token",
    "save",
    "storage",
    "version_of",
]
