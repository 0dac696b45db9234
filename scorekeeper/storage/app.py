"""Storage for the Flask app: the app's :class:`Storage`, each request's connection, the schema
brought up to date at start, and the ``backup`` command."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from scorekeeper.storage.database import (
    Storage,
    Unavailable,
    backup,
    cannot_write,
    cannot_write_reason,
    migrate,
)
from scorekeeper.storage.trash import TRASH_DAYS, purge_trash


def storage(app: Flask | None = None) -> Storage:
    """The app's storage (the current app's by default)."""
    found: Storage = (app or current_app).extensions["scorekeeper.storage"]
    return found


def get_db() -> Database:
    """The request's connection: the one its server thread keeps open to the app's database."""
    if "db" not in g:
        g.db = storage().connection()
    db: Database = g.db
    return db


def peek_version(app: Flask, game_id: str) -> int | None:
    """The game's version outside a request, on the connection this thread keeps for ``app``:
    watching phones ask many times a second (``live.VersionCheck``). ``None`` for an unknown
    game and for one whose view link was renewed: watching that takes a token, checked in a
    request."""
    row = (
        storage(app)
        .connection()
        .execute(
            "SELECT version FROM games WHERE id = ? AND view_token IS NULL AND deleted_at IS NULL",
            [game_id],
        )
        .fetchone()
    )
    return None if row is None else int(row[0])


def close_db(_error: BaseException | None = None) -> None:
    """End the request's use of its connection; a transaction it left open is rolled back."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def _max_bytes(app: Flask) -> int | None:
    megabytes = app.config.get("DATABASE_MAX_MB")
    return None if megabytes is None else int(float(megabytes) * 1024 * 1024)


def init_app(app: Flask) -> None:
    """Give the app its storage, create or upgrade the schema now, and register teardown and the
    CLI commands.

    A database that cannot be written (read-only, full) is served read-only, with the reason in
    the log; only an out-of-date schema that cannot be upgraded stops the start.
    """
    path = app.config["DATABASE"]
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    app.extensions["scorekeeper.storage"] = kept = Storage.of(path, _max_bytes(app))
    db = kept.open()
    try:
        migrate(db)
        reason = cannot_write_reason(db)
        if reason is None:  # the games past their days in the trash go at every start too
            purge_trash(db, float(app.config.get("TRASH_DAYS", TRASH_DAYS)))
    except (Unavailable, sqlite3.OperationalError) as error:
        if isinstance(error, sqlite3.OperationalError) and not cannot_write(error):
            raise
        raise RuntimeError(
            f"The database {path} needs an upgrade but cannot be written ({error}). "
            "Free some disk space or make it writable, then start again."
        ) from error
    finally:
        db.close()
    if reason is not None:
        app.logger.warning(
            "The database %s cannot be written (%s): serving the games read-only. Every entry "
            "is refused until it can be written again (free disk space, make it writable).",
            path,
            reason,
        )
    app.teardown_appcontext(close_db)
    app.cli.add_command(backup_command)


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
def backup_command(path: str) -> None:
    """Copy the database to PATH, safely while the app is running."""
    backup(get_db(), path)
    click.echo(f"Backed up the games to {path}.")
