"""A club evening worked out once (its sittings, each table's game as it stands, the standings
across tables) and rendered as the API's JSON and as CSV: the evening's pages, room screen and
PDF take the same structure (:func:`build`).

The standings count finished games only (core/evening_standings.py); a table whose game is still
being played is listed in ``playing``, and one whose game was deleted counts nothing. A table the
evening's keepers took out (issue 47) counts as a sitting sat out for each of its players: its
game is kept, and neither its places nor its points count.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.core import evening_standings, sheet
from scorekeeper.core.evening_standings import Standing, TableResult
from scorekeeper.core.game import GameRecord
from scorekeeper.core.record import Json
from scorekeeper.core.refusals import N_
from scorekeeper.render import labels
from scorekeeper.render.csvfile import safe_cell
from scorekeeper.storage import StoredEvening, StoredSitting


@dataclass(frozen=True)
class TableLine:
    """A table of a sitting and its game as it stands (``finished`` False without a game),
    and when the evening's keepers took it out (``None`` while it counts)."""

    table: int
    players: tuple[str, ...]
    first_dealer: int
    game_id: str | None
    finished: bool
    totals: tuple[int, ...]
    winners: tuple[str, ...]
    taken_out_at: str | None = None

    @property
    def done(self) -> bool:
        """Nothing more to wait for at this table: its game finished, or it was taken out."""
        return self.finished or self.taken_out_at is not None


@dataclass(frozen=True)
class SittingLine:
    """A sitting drawn, with its tables as they stand."""

    number: int
    seating: str
    seed: int
    present: tuple[str, ...]
    tables: tuple[TableLine, ...]
    sitting_out: tuple[str, ...]


@dataclass(frozen=True)
class EveningSheet:
    """Everything an evening's outputs show."""

    evening: StoredEvening
    sittings: tuple[SittingLine, ...]
    standings: tuple[Standing, ...]

    @property
    def playing(self) -> tuple[str, ...]:
        """The ids of the games still being played, sitting by sitting."""
        return tuple(
            table.game_id
            for sitting in self.sittings
            for table in sitting.tables
            if table.game_id is not None and not table.done
        )

    @property
    def taken_out(self) -> tuple[tuple[SittingLine, TableLine], ...]:
        """The tables taken out, sitting by sitting."""
        return tuple(_taken_out(self.sittings))


def build(
    evening: StoredEvening, games: Mapping[str, GameRecord], *, before: int | None = None
) -> EveningSheet:
    """The evening with its tables' games (by id; a game missing counts nothing), over the
    sittings before sitting ``before`` when given (what a sitting by standings is drawn from)."""
    kept = [s for s in evening.sittings if before is None or s.number < before]
    sittings = tuple(_sitting(sitting, games) for sitting in kept)
    results = [
        TableResult(table.players, table.totals, len(games[table.game_id].rounds))
        for sitting in sittings
        for table in sitting.tables
        if table.finished and table.game_id is not None and table.taken_out_at is None
    ]
    sat_out = [player for sitting in sittings for player in sitting.sitting_out]
    # A table taken out: each of its players as if they had sat that sitting out.
    sat_out += [player for _, table in _taken_out(sittings) for player in table.players]
    ranked = evening_standings.standings(results, sat_out, seed=evening.seed)
    return EveningSheet(evening, sittings, ranked)


def _sitting(sitting: StoredSitting, games: Mapping[str, GameRecord]) -> SittingLine:
    tables = []
    for table in sitting.tables:
        record = games.get(table.game_id) if table.game_id is not None else None
        built = None if record is None else sheet.build(record)
        tables.append(
            TableLine(
                table.table,
                table.players,
                table.first_dealer,
                None if record is None else table.game_id,
                built is not None and built.finished,
                () if built is None else built.totals,
                () if built is None else tuple(table.players[seat] for seat in built.winners),
                table.taken_out_at,
            )
        )
    return SittingLine(
        sitting.number,
        sitting.seating,
        sitting.seed,
        sitting.present,
        tuple(tables),
        sitting.sitting_out,
    )


def _taken_out(sittings: tuple[SittingLine, ...]) -> list[tuple[SittingLine, TableLine]]:
    return [(s, table) for s in sittings for table in s.tables if table.taken_out_at is not None]


# --- JSON ------------------------------------------------------------------------------------


def to_json(built: EveningSheet, tokens: Mapping[str, str] | None = None) -> Json:
    """The evening as ``GET /api/evenings/<id>`` answers it (docs/api.md); with ``tokens``
    (the group's keepers), each table's game carries its edit token."""
    evening = built.evening
    return {
        "id": evening.id,
        "group": evening.group_id,
        "game": evening.game,
        "variants": evening.declaration.to_plain(evening.settings),
        "players": list(evening.players),
        "sittings_planned": evening.sittings_planned,
        "table_sizes": list(evening.table_sizes),
        "created_at": evening.created_at,
        "version": evening.version,
        "sittings": [sitting_json(sitting, tokens) for sitting in built.sittings],
        "standings": [
            {
                "player": line.player,
                "rank": line.rank,
                "placement_points": _number(line.placement_points),
                "games": line.games,
                "sat_out": line.sat_out,
                "points_per_round": _number(line.points_per_round),
            }
            for line in built.standings
        ],
        "tie_breaks": list(evening_standings.TIE_BREAKS),
        "playing": list(built.playing),
    }


def sitting_json(sitting: SittingLine, tokens: Mapping[str, str] | None = None) -> Json:
    """A sitting as the API answers it (each game's edit token too, given ``tokens``)."""
    return {
        "sitting": sitting.number,
        "seating": sitting.seating,
        "seed": sitting.seed,
        "present": list(sitting.present),
        "tables": [
            {
                "table": table.table,
                "players": list(table.players),
                "first_dealer": table.first_dealer,
                "game": table.game_id,
                "finished": table.finished,
                "winners": list(table.winners),
                "taken_out": table.taken_out_at is not None,
                "taken_out_at": table.taken_out_at,
                **_token(table.game_id, tokens),
            }
            for table in sitting.tables
        ],
        "sitting_out": list(sitting.sitting_out),
    }


def _token(game_id: str | None, tokens: Mapping[str, str] | None) -> Json:
    if tokens is None or game_id is None or game_id not in tokens:
        return {}
    return {"edit_token": tokens[game_id]}


def _number(value: Fraction) -> float:
    return round(float(value), 2)


# --- CSV -------------------------------------------------------------------------------------

STANDINGS_HEADER = (
    N_("Rank"),
    N_("Player"),
    N_("Placement points"),
    N_("Games"),
    N_("Sat out"),
    N_("Points per round"),
)
TABLES_HEADER = (
    N_("Sitting"),
    N_("Table"),
    N_("Players"),
    N_("First dealer"),
    N_("Winners"),
    N_("Sitting out"),
)


def to_csv(built: EveningSheet) -> str:
    """The evening as CSV: the standings, then every sitting's tables and each table's
    winners (empty while its game is played), then who sat out; UTF-8 with its mark, as a
    game's CSV."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([safe_cell(labels.gettext(column)) for column in STANDINGS_HEADER])
    for line in built.standings:
        cells: list[str | int | float] = [line.rank, line.player]
        cells += [_number(line.placement_points), line.games, line.sat_out]
        cells.append(_number(line.points_per_round))
        writer.writerow([_safe(cell) for cell in cells])
    writer.writerow([])
    writer.writerow([safe_cell(labels.gettext(column)) for column in TABLES_HEADER])
    for sitting in built.sittings:
        for table in sitting.tables:
            dealer = table.players[table.first_dealer]
            row: list[str | int] = [sitting.number, table.table, ", ".join(table.players)]
            row += [dealer, ", ".join(table.winners), ""]
            writer.writerow([safe_cell(cell) for cell in row])
        if sitting.sitting_out:
            out: list[str | int] = [sitting.number, "", "", "", "", ", ".join(sitting.sitting_out)]
            writer.writerow([safe_cell(cell) for cell in out])
    return "\ufeff" + buffer.getvalue()


def _safe(cell: str | int | float) -> str | int | float:
    return cell if isinstance(cell, float) else safe_cell(cell)
