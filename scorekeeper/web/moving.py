"""``flask --app scorekeeper move-pad SOURCE TARGET`` (issue 52): a pad copied from one database
to another (a SQLite file into PostgreSQL, or back), then checked by what players take away from
it: every game's, group's and club night's export read from both must be the same, byte for
byte. A copy that does not check out is emptied again, and the command says which thing
differed. The target must hold nothing: a pad is never merged into another.
"""

from __future__ import annotations

from collections.abc import Iterator

import click

from scorekeeper import storage
from scorekeeper.core import record as game_record
from scorekeeper.core import sheet
from scorekeeper.render import evening_sheet
from scorekeeper.storage import history, moving
from scorekeeper.storage.database import Database
from scorekeeper.web import heavy


@click.command("move-pad")
@click.argument("source")
@click.argument("target")
def move_pad_command(source: str, target: str) -> None:
    """Copy every game, group and club night from SOURCE to TARGET, each a SQLite file or a
    postgresql:// URL; TARGET must be empty. Checked by comparing every export."""
    try:
        from_db, to_db = storage.connect(source), storage.connect(target)
    except storage.Unavailable as error:
        raise click.ClickException(f"Cannot reach the database: {error}") from error
    try:
        for db in (from_db, to_db):
            storage.migrate(db)
        try:
            copied = moving.copy_pad(from_db, to_db)
        except moving.NotEmpty:
            raise click.ClickException(
                f"{storage.shown(target)} already holds games or groups: nothing was copied. "
                "Move a pad only into an empty database."
            ) from None
        different = next(_differences(from_db, source, to_db, target), None)
        if different is not None:
            moving.empty_pad(to_db)
            raise click.ClickException(
                f"The copy of {different} does not read as the original: the copy was emptied "
                f"again, {storage.shown(source)} is unchanged."
            )
    finally:
        from_db.close()
        to_db.close()
    games, groups, evenings = copied["games"], copied["groups"], copied["evenings"]
    click.echo(
        f"Copied {games} games, {groups} groups and {evenings} club nights to "
        f"{storage.shown(target)}; every export reads the same."
    )


def _differences(
    source: Database, source_name: str, target: Database, target_name: str
) -> Iterator[str]:
    """Each thing whose export differs between the two databases (none: the copy is true)."""
    if moving.counts(source) != moving.counts(target):
        yield "the whole pad (the number of rows differs)"
    for (game_id,) in source.execute("SELECT id FROM games ORDER BY id").fetchall():
        if _game_export(source, game_id) != _game_export(target, game_id):
            yield f"the game {game_id}"
    for (group_id,) in source.execute("SELECT id FROM groups ORDER BY id").fetchall():
        before = _group_export(source, source_name, group_id)
        if before != _group_export(target, target_name, group_id):
            yield f"the group {group_id}"
    for (evening_id,) in source.execute("SELECT id FROM evenings ORDER BY id").fetchall():
        if _evening_export(source, evening_id) != _evening_export(target, evening_id):
            yield f"the club night {evening_id}"


def _game_export(db: Database, game_id: str) -> tuple[object, ...]:
    """The game as stored (version, tokens, times) and as its file carries it, with its
    history."""
    stored = storage.load(db, game_id, trashed=True)
    assert stored is not None
    written = game_record.record_text(game_record.to_record(sheet.build(stored.record)))
    carried = history.exported(db, history.entries(db, storage.GAMES, game_id))
    return stored, written, carried


def _group_export(db: Database, name: str, group_id: str) -> tuple[object, ...]:
    stored = storage.load_group(db, group_id, trashed=True)
    assert stored is not None
    ids = tuple(entry.id for entry in storage.group_games(db, group_id))
    written = heavy.write_group_file(name, stored.name, stored.players, ids, group_id)
    carried = history.exported(db, history.entries(db, "groups", group_id))
    return stored, written, carried, storage.imported_games(db, group_id)


def _evening_export(db: Database, evening_id: str) -> tuple[object, ...]:
    stored = storage.load_evening(db, evening_id, trashed=True)
    assert stored is not None
    ids = [game_id for sitting in stored.sittings for game_id in sitting.game_ids]
    games = {game.id: game.record for game in storage.load_many(db, ids)}
    written = evening_sheet.to_json(evening_sheet.build(stored, games))
    carried = history.exported(db, history.entries(db, "evenings", evening_id))
    return stored, written, carried
