"""The database schema, as numbered migrations recorded in the database itself.

Applied at every start-up: a migration that has run is never run again, so start-up is
idempotent and an older database file is brought up to date in place.
"""

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
