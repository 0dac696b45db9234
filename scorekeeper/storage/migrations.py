"""The database schema, as numbered migrations recorded in the database itself.

Applied at every start-up: a migration that has run is never run again, so start-up is
idempotent and an older database file is brought up to date in place.
"""

import json
import secrets

from sqlite_utils import Database, Migrations

migrations = Migrations("scorekeeper")


@migrations()
def m001_games_seats_rounds(db: Database) -> None:
    """Games with their variants, seats, rounds and each seat's bid and tricks per round."""
    db.table("games").create(
        {
            "id": str,
            "created_at": str,
            "updated_at": str,
            "first_dealer": int,
            "length": str,
            "bid_restriction": str,
            "bid_visibility": str,
            "saboteur": int,
            "jester_bid": int,
            "foresight": int,
            "gizzard_fester": int,
            "pull_one": int,
            "edit_token": str,
            "version": int,
        },
        pk="id",
        not_null={"created_at", "updated_at", "first_dealer", "edit_token", "version"},
    )
    db.table("seats").create(
        {"game_id": str, "seat": int, "name": str},
        pk=("game_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"name"},
    )
    # A round with complete = 0 is the one at the table now: its trump (NULL until entered),
    # the bids made so far and the running trick counter survive a reload or a restart.
    db.table("rounds").create(
        {
            "game_id": str,
            "number": int,
            "dealer": int,
            "trump_turned": str,
            "trump_suit": str,
            "trick_winners": str,
            "complete": int,
        },
        pk=("game_id", "number"),
        foreign_keys=[("game_id", "games", "id")],
        not_null={"dealer", "complete"},
    )
    db.table("hands").create(
        {"game_id": str, "number": int, "seat": int, "bid": int, "tricks": int},
        pk=("game_id", "number", "seat"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db.table("games").create_index(["updated_at"])


# The variant columns of m001, frozen here as they were: later variants live only in the JSON.
_M001_CHOICES = ("length", "bid_restriction", "bid_visibility")
_M001_FLAGS = ("saboteur", "jester_bid", "foresight", "gizzard_fester", "pull_one")


@migrations()
def m002_variants_as_json(db: Database) -> None:
    """A game's variants as one JSON object, so a new variant needs no schema change; the
    rounds' ``dealer`` column, written and never read (the rules know the dealer), is dropped."""
    games = db.table("games")
    games.add_column("variants", str)
    for row in list(db.query("SELECT * FROM games")):
        plain = {key: row[key] for key in _M001_CHOICES}
        plain.update({key: bool(row[key]) for key in _M001_FLAGS})
        db.execute("UPDATE games SET variants = ? WHERE id = ?", [json.dumps(plain), row["id"]])
    games.transform(drop=set(_M001_CHOICES + _M001_FLAGS), not_null={"variants"})
    db.table("rounds").transform(drop={"dealer"})


@migrations()
def m003_creation_keys_and_view_tokens(db: Database) -> None:
    """A game may carry the key of the request that created it: a form sent twice (a double
    tap, two phones at once) finds the game the first one made instead of making another.
    And a view token, once the scorekeeper renews the view link (until then, none: the game's
    id is its view link, as before)."""
    db.table("games").add_column("creation_key", str)
    db.table("games").create_index(["creation_key"], unique=True)
    db.table("games").add_column("view_token", str)


@migrations()
def m004_groups(db: Database) -> None:
    """Groups (a table that plays regularly), their roster, and which games belong to which.

    A game belongs to at most one group; deleting a game or a group drops the membership rows
    with it (``ON DELETE CASCADE``), never the other side.
    """
    db.execute(
        """CREATE TABLE groups (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            edit_token TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )"""
    )
    # The roster: players by their normalised name (key), with the spelling shown.
    db.execute(
        """CREATE TABLE group_players (
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (group_id, key)
        )"""
    )
    db.execute(
        """CREATE TABLE group_games (
            game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
            added_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX group_games_group ON group_games (group_id)")


@migrations()
def m005_group_view_tokens(db: Database) -> None:
    """A group's view token, once a keeper renews the group's view link (until then, none: the
    group's id is its view link, as for a game)."""
    db.execute("ALTER TABLE groups ADD COLUMN view_token TEXT")


@migrations()
def m006_creation_digests(db: Database) -> None:
    """The digest of the request that created a game under a client's key (the API's
    ``Idempotency-Key``): the same key sent again with another body is refused, not answered
    with the first game."""
    db.execute("ALTER TABLE games ADD COLUMN creation_digest TEXT")


@migrations()
def m007_group_creation_keys(db: Database) -> None:
    """A group may carry the key of the form that created it and the digest of the browser that
    sent it, as a game does (m003, m006): "New group" or "Import group" sent twice makes one."""
    db.execute("ALTER TABLE groups ADD COLUMN creation_key TEXT")
    db.execute("CREATE UNIQUE INDEX idx_groups_creation_key ON groups (creation_key)")
    db.execute("ALTER TABLE groups ADD COLUMN creation_digest TEXT")


@migrations()
def m008_round_adjustments(db: Database) -> None:
    """A round's adjustments (signed points with a reason) as one JSON column: a list of
    ``[seat, points, reason]``, NULL for none (every round stored before)."""
    db.execute("ALTER TABLE rounds ADD COLUMN adjustments TEXT")


@migrations()
def m009_bomb_and_cloud(db: Database) -> None:
    """A round of an anniversary deck may carry the Bomb (its trick went to nobody) and the
    Cloud (the seat that won its trick and the bid it is scored against); a classic round has
    neither."""
    db.execute("ALTER TABLE rounds ADD COLUMN bomb INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE rounds ADD COLUMN cloud_seat INTEGER")
    db.execute("ALTER TABLE rounds ADD COLUMN cloud_bid INTEGER")


@migrations()
def m010_game_of_the_family(db: Database) -> None:
    """A game names which game of the family it is (every game stored before is Wizard); its
    settings stay in the ``variants`` column, by key. A Skull King round keeps its extras
    (bonuses, destroyed tricks, pirate powers) as one JSON column, NULL in every other game."""
    db.execute("ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'wizard'")
    db.execute("ALTER TABLE rounds ADD COLUMN extras TEXT")


@migrations()
def m011_group_versions(db: Database) -> None:
    """A group's version, counted up by every change of the group or of one of its games, so
    that a group's open pages follow it live as a game's do."""
    db.execute("ALTER TABLE groups ADD COLUMN version INTEGER NOT NULL DEFAULT 1")


@migrations()
def m012_round_facts_as_one_value(db: Database) -> None:
    """A round's own facts (Wizard's Bomb and Cloud, Skull King's bonuses, destroyed tricks and
    pirate powers) as one JSON column, read and written by the game's declaration: the round's
    fields as the game record writes them, NULL where nothing happened. The Bomb and Cloud
    columns and Skull King's ``extras`` column are folded into it and dropped."""
    db.execute("ALTER TABLE rounds ADD COLUMN facts TEXT")
    rows = db.execute(
        "SELECT game_id, number, bomb, cloud_seat, cloud_bid, extras FROM rounds"
        " WHERE bomb OR cloud_seat IS NOT NULL OR extras IS NOT NULL"
    ).fetchall()
    for game_id, number, bomb, cloud_seat, cloud_bid, extras in rows:
        facts: dict[str, object] = {"bomb": True} if bomb else {}
        if cloud_seat is not None:
            facts["cloud"] = {"seat": cloud_seat, "bid": cloud_bid}
        facts.update(json.loads(extras) if extras else {})
        db.execute(
            "UPDATE rounds SET facts = ? WHERE game_id = ? AND number = ?",
            [json.dumps(facts, ensure_ascii=False) if facts else None, game_id, number],
        )
    for column in ("bomb", "cloud_seat", "cloud_bid", "extras"):
        db.execute(f"ALTER TABLE rounds DROP COLUMN {column}")


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
