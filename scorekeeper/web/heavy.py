"""A group's heavy answers, bounded: its figures and its group file are counted once per
version of the group, a few at a time, so that a large group cannot take the server's threads
from the round pages of other tables.

A group of 1,000 games takes about a second to read and count. Every answer is kept under the
group's version (its games' stamps, :func:`scorekeeper.storage.group_stamps`, one cheap query):
sixteen phones asking for the same export count it once, and a page asked again reads the
count kept. What is not kept yet is counted through a queue like the printer's
(:class:`scorekeeper.web.pdf.Renders`: ``GROUP_WORK`` at once, ``GROUP_WAITING`` more waiting);
past that the answer is 503 with ``Retry-After``, the same as a busy printer.

The counting itself runs in the worker process (:mod:`scorekeeper.server.worker`): the functions
below marked "in the worker" get the database file and the ids of the games this request may
see, read the games there and answer plain values (figures, the file's bytes), so that the
serving process only waits for them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask, Response, current_app
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import family, sheet, stats
from scorekeeper.core.club_import import TotalsOnly
from scorekeeper.core.evening_file import EveningFile, SittingFile, TableEnded
from scorekeeper.core.group_record import group_text, to_group_file
from scorekeeper.core.stats import GroupStats
from scorekeeper.core.stats_filters import Filters
from scorekeeper.server import worker
from scorekeeper.storage import GameStamp, StoredGame, StoredGroup
from scorekeeper.web import access
from scorekeeper.web.kinds import GAME, GROUP
from scorekeeper.web.pdf import Kept, PrinterBusy, Renders, busy_response

T = TypeVar("T")

_SETUP = threading.Lock()


class Busy(Exception):
    """More large groups are being counted than the server lets wait."""


def init_app(app: Flask) -> None:
    """A full queue is answered 503 (a page, or JSON under /api/)."""
    app.register_error_handler(Busy, busy)
    app.register_error_handler(worker.TooHeavy, too_heavy)


def visible(stored: StoredGroup) -> list[GameStamp]:
    """The stamps of the group's games this request may see, in the order they were started.

    A game whose view link was renewed is hidden from the group's pages and files as it is
    everywhere, except from the group's keepers (who can take it out of the group) and from
    phones that may see the game itself.
    """
    stamps = storage.group_stamps(storage.get_db(), stored.id)
    if access.keeps(GROUP, stored):
        return stamps
    return [entry for entry in stamps if access.may_see(GAME, entry)]


def version(stored: StoredGroup, stamps: list[GameStamp] | None = None) -> tuple[object, ...]:
    """What names the version of the group this request may see: the group's own version and
    change time (its games brought in from a file are its own: two imports within one second
    differ by version) and the stamps of the games visible to it (a hidden game changes what
    is counted)."""
    seen = visible(stored) if stamps is None else stamps
    return (stored.id, stored.version, stored.updated_at, tuple(entry.stamp for entry in seen))


def group_stats(stored: StoredGroup, filters: Filters) -> GroupStats:
    """The statistics of the group's games this request may see that ``filters`` keep:
    counted in the worker once per version, then kept."""
    stamps = visible(stored)
    ids = tuple(entry.id for entry in stamps)
    return counted(
        ("stats", version(stored, stamps), filters),
        lambda: worker.run(count_stats, _database(), ids, filters, stored.id),
    )


@dataclass(frozen=True)
class GameCard:
    """What a group's page shows of one of its games (read from its sheet in the worker)."""

    id: str
    created_at: str
    players: tuple[str, ...]
    finished: bool
    round_number: int
    rounds: int
    leaders: tuple[int, ...]
    totals: tuple[int, ...]
    schedule: str
    """The plain value of the game's schedule setting (Wizard's length)."""
    game: str = family.DEFAULT_GAME
    """The game of the family (a game of the default game is told by its schedule, another by
    its name)."""
    source: str = ""
    """Where a game known by its totals only came from (``bgstats``, ``csv``; issue 51)."""

    @property
    def says_name(self) -> bool:
        """True when the card names its game: one other than the default game, or a game of
        one schedule (nothing else to say of it)."""
        return self.game != family.DEFAULT_GAME or not self.schedule


def game_cards(stored: StoredGroup) -> list[GameCard]:
    """The cards of the group's games this request may see, in the order they were started:
    made in the worker once per version."""
    stamps = visible(stored)
    ids = tuple(entry.id for entry in stamps)
    return counted(
        ("cards", version(stored, stamps)),
        lambda: worker.run(make_cards, _database(), ids, stored.id),
    )


def group_file(stored: StoredGroup) -> bytes:
    """The group file of the games this request may see (UTF-8 JSON), written in the worker
    once per version (the group's name and roster are part of it: a rename touches the group)."""
    stamps = visible(stored)
    ids = tuple(entry.id for entry in stamps)
    key = ("export", version(stored, stamps), stored.name, stored.roster)
    return counted(
        key,
        lambda: worker.run(
            write_group_file, _database(), stored.name, stored.players, ids, stored.id
        ),
    )


def counted(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``'s answer kept under ``key``, made in the queue if it is not kept;
    :class:`Busy` when the queue is full."""
    try:
        answer: T = _kept().fetch(key, lambda: _queue().render(make, patience=30))
    except PrinterBusy as error:
        raise Busy from error
    return answer


def busy(_error: Busy) -> Response:
    """The answer to a request the queue had no room for: try again shortly."""
    return busy_response(
        _("Many large groups are being counted right now: try again in a few seconds.")
    )


def too_heavy(error: worker.TooHeavy) -> Response:
    """The answer when the work took longer or more memory than the server gives it, or its
    worker died under it (which is not the request's size: said as a plain failure)."""
    if isinstance(error, worker.WorkerDied):
        return busy_response(_("That did not work: go back and try again."))
    return busy_response(
        _("This took the server too long to prepare: try again in a minute or two.")
    )


# --- in the worker ---------------------------------------------------------------------------


def count_stats(
    database: str, game_ids: tuple[str, ...], filters: Filters, group_id: str | None = None
) -> GroupStats:
    """The statistics of the games ``game_ids`` of the database file, and of the group
    ``group_id``'s games known by their totals only, that ``filters`` keep."""
    games = [
        stats.PlayedGame(entry.id, entry.created_at, entry.record)
        for entry in _games(database, game_ids)
    ]
    imported = _imported(database, group_id)
    if not imported:
        return stats.compute(games, filters)
    # Sorted stably: games started at one moment keep the order they were stored in.
    both: list[stats.PlayedGame | TotalsOnly] = [*games, *imported]
    both.sort(key=lambda entry: entry.played_at)
    return stats.compute(both, filters)


def _imported(database: str, group_id: str | None) -> list[TotalsOnly]:
    if group_id is None:
        return []
    db = storage.connect(database)
    try:
        return storage.imported_games(db, group_id)
    finally:
        db.close()


def write_group_file(
    database: str,
    name: str,
    players: tuple[str, ...],
    game_ids: tuple[str, ...],
    group_id: str | None = None,
) -> bytes:
    """The group file of ``name`` with its roster ``players``, the games ``game_ids`` and the
    evenings of the group ``group_id`` (a table whose game is not among them names none)."""
    games = _games(database, game_ids)
    db = storage.connect(database)
    try:
        evenings = [] if group_id is None else storage.group_evenings(db, group_id)
    finally:
        db.close()
    places = {entry.id: place for place, entry in enumerate(games)}
    data = to_group_file(
        name,
        players,
        [(sheet.build(entry.record), entry.created_at) for entry in games],
        [_evening_file(evening, places) for evening in evenings],
    )
    return group_text(data).encode("utf-8")


def _evening_file(evening: storage.StoredEvening, places: dict[str, int]) -> EveningFile:
    """An evening as its group's file keeps it: each table's game by its place in the file."""
    return EveningFile(
        evening.plan,
        evening.seed,
        evening.created_at,
        tuple(
            SittingFile(
                sitting.number,
                sitting.seating,
                sitting.seed,
                sitting.present,
                sitting.drawn,
                sitting.created_at,
                tuple(
                    None if table.game_id is None else places.get(table.game_id)
                    for table in sitting.tables
                ),
                tuple(table.taken_out_at for table in sitting.tables)
                if any(table.taken_out_at for table in sitting.tables)
                else (),
                tuple(
                    None
                    if table.ended_at is None
                    else TableEnded(table.ended_at, table.ended_rounds, table.left)
                    for table in sitting.tables
                )
                if any(table.ended_at for table in sitting.tables)
                else (),
            )
            for sitting in evening.sittings
        ),
    )


def _said(value: object) -> str:
    """A setting's plain value as a card keeps it; "" for none."""
    return "" if value is None else str(value)


def make_cards(
    database: str, game_ids: tuple[str, ...], group_id: str | None = None
) -> list[GameCard]:
    """The card of each of the games ``game_ids`` and of the group ``group_id``'s games known
    by their totals only, in the order played."""
    cards = []
    for entry in _games(database, game_ids):
        built = sheet.build(entry.record)
        cards.append(
            GameCard(
                id=entry.id,
                created_at=entry.created_at,
                players=built.players,
                finished=built.finished,
                round_number=built.round_number,
                rounds=len(built.schedule),
                leaders=built.leaders,
                totals=built.totals,
                schedule=_said(built.declaration.schedule_chosen(built.settings)),
                game=entry.record.game,
            )
        )
    imported = [
        GameCard(
            id=known.id,
            created_at=known.played_at,
            players=known.players,
            finished=True,
            round_number=0,
            rounds=0,
            leaders=tuple(seat for seat, rank in enumerate(known.ranks) if rank == 1),
            totals=known.totals,
            schedule="",
            game=known.game,
            source=known.source,
        )
        for known in _imported(database, group_id)
    ]
    return sorted([*cards, *imported], key=lambda card: card.created_at) if imported else cards


def _games(database: str, game_ids: tuple[str, ...]) -> list[StoredGame]:
    db = storage.connect(database)
    try:
        return storage.load_many(db, game_ids)
    finally:
        db.close()


def _database() -> str:
    return storage.storage().path


def _kept() -> Kept[Any]:
    return _extension("scorekeeper_group_kept", lambda config: Kept(int(config["GROUP_KEPT"])))


def _queue() -> Renders:
    return _extension(
        "scorekeeper_group_work",
        lambda config: Renders(int(config["GROUP_WORK"]), int(config["GROUP_WAITING"])),
    )


def _extension(name: str, make: Callable[[Any], T]) -> T:
    extensions = current_app.extensions
    with _SETUP:
        if name not in extensions:
            extensions[name] = make(current_app.config)
    made: T = extensions[name]
    return made
