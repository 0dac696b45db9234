"""Storage for the Flask app: the app's :class:`Storage`, each request's connection, the schema
brought up to date at start, and the ``backup`` command."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext

from scorekeeper.storage.database import (
    Database,
    NotAFile,
    Storage,
    Unavailable,
    backup,
    cannot_write,
    cannot_write_reason,
    is_url,
    migrate,
    shown,
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


def database_of(app: Flask) -> str:
    """Where the app's games are: ``DATABASE_URL`` (``SCOREKEEPER_DATABASE_URL``, a
    ``postgresql://`` URL) if set, else the SQLite file ``DATABASE``."""
    return str(app.config.get("DATABASE_URL") or app.config["DATABASE"])


def _max_bytes(app: Flask) -> int | None:
    megabytes = app.config.get("DATABASE_MAX_MB")
    return None if megabytes is None else int(float(megabytes) * 1024 * 1024)


def init_app(app: Flask) -> None:
    """Give the app its storage, create or upgrade the schema now, and register teardown and the
    CLI commands.

    A database that cannot be written (read-only, full) is served read-only, with the reason in
    the log; only an out-of-date schema that cannot be upgraded stops the start.
    """
    path = database_of(app)
    if not is_url(path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    app.extensions["scorekeeper.storage"] = kept = Storage.of(path, _max_bytes(app))
    try:
        db = kept.open()
    except Unavailable as error:
        raise RuntimeError(f"The database {shown(path)} cannot be reached ({error}).") from error
    try:
        migrate(db)
        reason = cannot_write_reason(db)
        if reason is None:  # the games past their days in the trash go at every start too
            purge_trash(db, float(app.config.get("TRASH_DAYS", TRASH_DAYS)))
    except (Unavailable, sqlite3.OperationalError) as error:
        if isinstance(error, sqlite3.OperationalError) and not cannot_write(error):
            raise
        raise RuntimeError(
            f"The database {shown(path)} needs an upgrade but cannot be written ({error}). "
            "Free some disk space or make it writable, then start again."
        ) from error
    finally:
        db.close()
    if reason is not None:
        app.logger.warning(
            "The database %s cannot be written (%s): serving the games read-only. Every entry "
            "is refused until it can be written again (free disk space, make it writable).",
            shown(path),
            reason,
        )
    app.teardown_appcontext(close_db)
    app.cli.add_command(backup_command)


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
def backup_command(path: str) -> None:
    """Copy the database to PATH, safely while the app is running."""
    try:
        backup(get_db(), path)
    except NotAFile as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"Backed up the games to {path}.")
