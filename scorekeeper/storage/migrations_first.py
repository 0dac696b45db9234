"""The first twelve migrations of the database schema (:mod:`.migrations` holds the rest and
applies them all): games, their seats and rounds, groups, view tokens and creation keys, round
adjustments, the Bomb and the Cloud, the game of the family, and a round's own facts as one
value."""

import json

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
