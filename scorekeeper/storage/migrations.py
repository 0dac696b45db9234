"""The database schema, as numbered migrations recorded in the database itself.

Applied at every start-up: a migration that has run is never run again, so start-up is
idempotent and an older database file is brought up to date in place. The first twelve (the
game, its rounds, groups and the game's facts, up to m012) are :mod:`.migrations_first`; these
follow them (club evenings, the trash, the history, table cards, a club's past).
"""

import secrets

from sqlite_utils import Database

# The first twelve are applied first: importing them registers them before these.
from scorekeeper.storage.migrations_first import migrations as migrations


@migrations()
def m013_evenings(db: Database) -> None:
    """A group's club evenings (issue 34): who is in one, its game and settings, the sittings
    planned and the table sizes allowed, the seed of its lots and a version its pages follow;
    each sitting drawn (how, with which seed, who was present and who sat out, under the key of
    the request that drew it) and its tables (players in seat order, the first dealer and the
    game made for the table; NULL once that game is deleted)."""
    db.execute(
        """CREATE TABLE evenings (
            id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            game TEXT NOT NULL,
            variants TEXT NOT NULL,
            players TEXT NOT NULL,
            sittings INTEGER NOT NULL,
            table_sizes TEXT NOT NULL,
            seed INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 1
        )"""
    )
    db.execute("CREATE INDEX evenings_group ON evenings (group_id)")
    db.execute(
        """CREATE TABLE evening_sittings (
            evening_id TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            seating TEXT NOT NULL,
            seed INTEGER NOT NULL,
            present TEXT NOT NULL,
            sitting_out TEXT NOT NULL,
            created_at TEXT NOT NULL,
            creation_key TEXT,
            creation_digest TEXT,
            PRIMARY KEY (evening_id, number)
        )"""
    )
    db.execute(
        "CREATE UNIQUE INDEX evening_sittings_key ON evening_sittings (evening_id, creation_key)"
    )
    db.execute(
        """CREATE TABLE evening_tables (
            evening_id TEXT NOT NULL,
            sitting INTEGER NOT NULL,
            number INTEGER NOT NULL,
            players TEXT NOT NULL,
            first_dealer INTEGER NOT NULL,
            game_id TEXT REFERENCES games(id) ON DELETE SET NULL,
            PRIMARY KEY (evening_id, sitting, number),
            FOREIGN KEY (evening_id, sitting)
                REFERENCES evening_sittings(evening_id, number) ON DELETE CASCADE
        )"""
    )
    db.execute("CREATE INDEX evening_tables_game ON evening_tables (game_id)")


@migrations()
def m014_evening_countdown_and_key(db: Database) -> None:
    """A club evening's countdown (when the keeper's timer on the room screen ends, UTC; NULL
    while none runs) and the one-time key of the form that made it (a double tap makes one
    evening), with the digest of the browser that sent it."""
    for column in ("countdown_ends", "creation_key", "creation_digest"):
        db.execute(f"ALTER TABLE evenings ADD COLUMN {column} TEXT")
    db.execute(
        "CREATE UNIQUE INDEX evenings_creation_key ON evenings (creation_key)"
        " WHERE creation_key IS NOT NULL"
    )


@migrations()
def m015_evening_keys(db: Database) -> None:
    """The Idempotency-Keys of an evening's draws in a table of their own (issue 46): a key
    names the sitting it drew, or drew again, even after that sitting was drawn again under
    another key. The keys kept with the sittings move here (those columns stay, unwritten)."""
    db.execute(
        """CREATE TABLE evening_keys (
            evening_id TEXT NOT NULL REFERENCES evenings(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            digest TEXT,
            sitting INTEGER NOT NULL,
            redraw INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            PRIMARY KEY (evening_id, key)
        )"""
    )
    db.execute(
        "INSERT INTO evening_keys (evening_id, key, digest, sitting, created_at)"
        " SELECT evening_id, creation_key, creation_digest, number, created_at"
        " FROM evening_sittings WHERE creation_key IS NOT NULL"
    )
    db.execute("UPDATE evening_sittings SET creation_key = NULL, creation_digest = NULL")


@migrations()
def m016_evening_table_taken_out(db: Database) -> None:
    """When the evening's keepers took a table out of its sitting (issue 47; UTC, NULL while
    it counts): its game is kept but no longer counts in the evening's standings."""
    db.execute("ALTER TABLE evening_tables ADD COLUMN taken_out_at TEXT")


@migrations()
def m017_game_trash(db: Database) -> None:
    """A deleted game is kept in the trash for a while (issue 47): when it was moved there
    (UTC; NULL for a game in play). Every read of games skips one that has a time here. A game
    deleted for good from the trash leaves its id and that time, no more (``gone_games``), so
    that its address says so plainly."""
    db.execute("ALTER TABLE games ADD COLUMN deleted_at TEXT")
    db.execute("CREATE INDEX games_deleted_at ON games (deleted_at) WHERE deleted_at IS NOT NULL")
    db.execute("CREATE TABLE gone_games (id TEXT PRIMARY KEY, gone_at TEXT NOT NULL)")


@migrations()
def m018_history(db: Database) -> None:
    """The history of games, groups and club nights (issue 47, :mod:`.history`): one row an
    entry, numbered from 1 for each thing, what it made of the thing's parts as compact JSON,
    when (seconds since 1970, UTC) and the number of the phone it came from; and the phones,
    each by the key of its cookie, with the name its keeper gave it. Kept small: a history
    holds an entry for every bid."""
    db.execute(
        "CREATE TABLE history (thing TEXT NOT NULL, id TEXT NOT NULL, entry INTEGER NOT NULL,"
        " at INTEGER NOT NULL, phone INTEGER, code TEXT NOT NULL, round INTEGER, detail TEXT,"
        " parts TEXT NOT NULL, PRIMARY KEY (thing, id, entry)) WITHOUT ROWID"
    )
    db.execute(
        "CREATE TABLE phones (number INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT)"
    )


@migrations()
def m019_group_and_evening_trash(db: Database) -> None:
    """Groups and club evenings join the trash (issue 47), as games did (m017): when each was
    moved there (UTC; NULL in play). An evening of a group in the trash is in it with its group,
    read through it: nothing of the evening is marked. One deleted for good leaves its id and
    that time, no more (``gone_groups``, ``gone_evenings``)."""
    for table in ("groups", "evenings"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN deleted_at TEXT")
        db.execute(
            f"CREATE INDEX {table}_deleted_at ON {table} (deleted_at) WHERE deleted_at IS NOT NULL"
        )
        db.execute(f"CREATE TABLE gone_{table} (id TEXT PRIMARY KEY, gone_at TEXT NOT NULL)")


@migrations()
def m020_corrected_rounds(db: Database) -> None:
    """A round corrected after it was entered keeps its figures from before its first correction
    (issue 47; core/corrections.py): trump, bids, tricks and the game's own facts as compact
    JSON, as the game record writes them under ``corrected_from``; NULL for a round never
    corrected (every round stored before)."""
    db.execute("ALTER TABLE rounds ADD COLUMN corrected_from TEXT")


@migrations()
def m021_roster_keys_one_space(db: Database) -> None:
    """A player's key reads every run of spaces as one (issue 48: "Ana  Lopez" is "Ana Lopez"):
    a roster key stored with a run of spaces takes the new key, its shown name one space; where
    the group already holds that key, the two entries are one player (the one kept shows its
    name)."""
    rows = db.execute("SELECT group_id, key, name FROM group_players").fetchall()
    for group_id, key, name in rows:
        new_key = " ".join(key.split())
        if new_key == key:
            continue
        db.execute("DELETE FROM group_players WHERE group_id = ? AND key = ?", [group_id, key])
        db.execute(
            "INSERT OR IGNORE INTO group_players (group_id, key, name) VALUES (?, ?, ?)",
            [group_id, new_key, " ".join(name.split())],
        )


@migrations()
def m022_evening_plans(db: Database) -> None:
    """An evening's plan of the sittings still to come (issue 48), kept once shown or printed
    so that the draws follow what was printed: after how many sittings drawn it was made, for
    which players, with which seed, and its sittings (JSON). One per evening, replaced by the
    next plan made; it stands only while the evening goes as planned (docs/club-night.md)."""
    db.execute(
        """CREATE TABLE evening_plans (
            evening_id TEXT PRIMARY KEY REFERENCES evenings(id) ON DELETE CASCADE,
            after INTEGER NOT NULL,
            present TEXT NOT NULL,
            seed INTEGER NOT NULL,
            sittings TEXT NOT NULL,
            made_at TEXT NOT NULL
        )"""
    )


@migrations()
def m023_table_cards(db: Database) -> None:
    """A club night's table cards (issue 48): the evening's secret from which each physical
    table's card token is made (``web/table_cards.py``), drawn for every evening stored before;
    and the games a redraw replaced (``redrawn_games``: the evening, sitting and table each was
    played at, and its edit token), so that a phone left on such a game's address is led to its
    table's game of now rather than told there is nothing there."""
    db.execute("ALTER TABLE evenings ADD COLUMN table_secret TEXT")
    for (evening_id,) in db.execute("SELECT id FROM evenings").fetchall():
        db.execute(
            "UPDATE evenings SET table_secret = ? WHERE id = ?",
            [secrets.token_urlsafe(24), evening_id],
        )
    db.execute(
        "CREATE TABLE redrawn_games (game_id TEXT PRIMARY KEY, evening_id TEXT NOT NULL,"
        " sitting INTEGER NOT NULL, number INTEGER NOT NULL, edit_token TEXT NOT NULL,"
        " FOREIGN KEY (evening_id) REFERENCES evenings (id) ON DELETE CASCADE)"
    )


@migrations()
def m024_evening_table_ended(db: Database) -> None:
    """A table the evening's keepers ended early (issue 48; a player left in the middle of its
    game): when (UTC; NULL while it plays on), how many of its game's rounds count (those every
    player finished before it was ended) and who left (a JSON list of names; NULL for none)."""
    db.execute("ALTER TABLE evening_tables ADD COLUMN ended_at TEXT")
    db.execute("ALTER TABLE evening_tables ADD COLUMN ended_rounds INTEGER")
    db.execute("ALTER TABLE evening_tables ADD COLUMN left_players TEXT")


@migrations()
def m025_imported_games(db: Database) -> None:
    """A club's past brought into a group from a file (issue 51): each play a game known by its
    totals only, the group's (deleted with it). Its players (names as the group stores them) and
    their totals are JSON lists in seat order, with the totals of its guests (seats nobody named);
    ``play_uuid`` names the play whatever file brings it (BG Stats' uuid, or one made from a
    CSV's day, game, players and totals), so a second import finds it. And the files waiting
    for their keeper's review (``import_drafts``), each kept until it is brought in or a day
    has passed."""
    db.execute(
        """CREATE TABLE imported_games (
            id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            play_uuid TEXT NOT NULL,
            source TEXT NOT NULL,
            game TEXT NOT NULL,
            played_at TEXT NOT NULL,
            players TEXT NOT NULL,
            totals TEXT NOT NULL,
            guests TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            UNIQUE (group_id, play_uuid)
        )"""
    )
    db.execute(
        """CREATE TABLE import_drafts (
            id TEXT PRIMARY KEY,
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            made_at TEXT NOT NULL
        )"""
    )


def names() -> list[str]:
    """Every migration's name, in the order they apply."""
    return [migration.name for migration in migrations._migrations]
