"""A club evening worked out once (its sittings, each table's game as it stands, the standings
across tables) and rendered as the API's JSON and as CSV: the evening's pages, room screen and
PDF take the same structure (:func:`build`).

The standings count finished games only (core/evening_standings.py); a table whose game is still
being played is listed in ``playing``, and one whose game was deleted counts nothing. A table the
evening's keepers took out (issue 47) counts as a sitting sat out for each of its players: its
game is kept, and neither its places nor its points count. A table they ended early (issue 48: a
player left) counts as it stood after its last round every player finished, whoever left placed
last (core/evening_standings.py). A table whose game is gone (in the trash, or deleted for good)
is never waited for, and counts as a table taken out: the evening is never stuck on it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.core import evening_standings, sheet
from scorekeeper.core.evening_standings import (
    SittingPoints,
    SittingResult,
    Standing,
    TableResult,
)
from scorekeeper.core.game import GameRecord, totals_after
from scorekeeper.core.record import Json
from scorekeeper.core.refusals import N_
from scorekeeper.render import labels
from scorekeeper.render.csvfile import safe_cell
from scorekeeper.storage import StoredEvening, StoredSitting, StoredTable


@dataclass(frozen=True)
class TableLine:
    """A table of a sitting and its game as it stands (``finished`` False without a game;
    ``game_id`` ``None`` once its game is gone), when the evening's keepers took it out
    (``None`` while it counts), its progress (the rounds saved of the rounds its game plans,
    both 0 without a game) and when the keepers ended it early (its ``totals`` and ``winners``
    then as it stood after its ``ended_rounds``, ``left`` who left)."""

    table: int
    players: tuple[str, ...]
    first_dealer: int
    game_id: str | None
    finished: bool
    totals: tuple[int, ...]
    winners: tuple[str, ...]
    taken_out_at: str | None = None
    rounds_done: int = 0
    rounds_planned: int = 0
    ended_at: str | None = None
    ended_rounds: int = 0
    left: tuple[str, ...] = ()

    @property
    def done(self) -> bool:
        """Nothing more to wait for at this table: its game finished or ended early, it was
        taken out, or its game is gone."""
        return (
            self.finished
            or self.taken_out_at is not None
            or self.ended_at is not None
            or self.game_id is None
        )

    @property
    def counted(self) -> bool:
        """Its game counts in the standings: finished or ended early, and not taken out."""
        return (
            (self.finished or self.ended_at is not None)
            and self.game_id is not None
            and self.taken_out_at is None
        )

    @property
    def set_aside(self) -> bool:
        """Its players count as sitting that sitting out: taken out, or its game gone."""
        return self.taken_out_at is not None or self.game_id is None


@dataclass(frozen=True)
class SittingLine:
    """A sitting drawn, with its tables as they stand."""

    number: int
    seating: str
    seed: int
    present: tuple[str, ...]
    tables: tuple[TableLine, ...]
    sitting_out: tuple[str, ...]

    @property
    def over(self) -> bool:
        """Nothing of the sitting is waited for: every table's game ended, or the table was
        taken out, or its game is gone (it counts as taken out and nobody plays it). Its sit-outs
        are credited from then on (core/evening_standings.py)."""
        return all(table.done or table.game_id is None for table in self.tables)


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

    @property
    def ended(self) -> tuple[tuple[SittingLine, TableLine], ...]:
        """The tables ended early (and not taken out), sitting by sitting."""
        return tuple(
            (s, table)
            for s in self.sittings
            for table in s.tables
            if table.ended_at is not None and table.counted
        )

    @property
    def gone(self) -> tuple[tuple[SittingLine, TableLine], ...]:
        """The tables whose game is gone (and not taken out), sitting by sitting."""
        return tuple(
            (s, table)
            for s in self.sittings
            for table in s.tables
            if table.game_id is None and table.taken_out_at is None
        )


def build(
    evening: StoredEvening, games: Mapping[str, GameRecord], *, before: int | None = None
) -> EveningSheet:
    """The evening with its tables' games (by id; a game missing counts nothing), over the
    sittings before sitting ``before`` when given (what a sitting by standings is drawn from)."""
    kept = [s for s in evening.sittings if before is None or s.number < before]
    sittings = tuple(_sitting(sitting, games) for sitting in kept)
    results = [_result(sitting, games) for sitting in sittings]
    ranked = evening_standings.standings(results, seed=evening.seed)
    return EveningSheet(evening, sittings, ranked)


def _result(sitting: SittingLine, games: Mapping[str, GameRecord]) -> SittingResult:
    """The sitting as the standings count it: its games ended (or ended early) at tables that
    count; who sat it out, and each player of a table taken out or whose game is gone as if
    they had; who still plays; and whether it is over (:attr:`SittingLine.over`), which credits
    its sit-outs."""
    return SittingResult(
        tuple(
            TableResult(t.players, t.totals, _rounds(t, games), t.left)
            for t in sitting.tables
            if t.counted
        ),
        (*sitting.sitting_out, *(p for t in sitting.tables if t.set_aside for p in t.players)),
        tuple(p for t in sitting.tables if not t.done for p in t.players),
        sitting.over,
    )


def _rounds(table: TableLine, games: Mapping[str, GameRecord]) -> int:
    """The rounds of the table's game that count: all of them, or those an early end kept."""
    if table.ended_at is not None:
        return table.ended_rounds
    return len(games[table.game_id].rounds) if table.game_id is not None else 0


def _sitting(sitting: StoredSitting, games: Mapping[str, GameRecord]) -> SittingLine:
    tables = []
    for table in sitting.tables:
        record = games.get(table.game_id) if table.game_id is not None else None
        built = None if record is None else sheet.build(record)
        totals: tuple[int, ...] = () if built is None else built.totals
        winners = () if built is None else tuple(table.players[seat] for seat in built.winners)
        finished = built is not None and built.finished
        if record is not None and table.ended_at is not None:
            totals, winners = _ended(record, table)
            finished = False
        tables.append(
            TableLine(
                table.table,
                table.players,
                table.first_dealer,
                None if record is None else table.game_id,
                finished,
                totals,
                winners,
                table.taken_out_at,
                0 if record is None else len(record.rounds),
                0 if record is None else len(record.schedule),
                table.ended_at,
                table.ended_rounds,
                table.left,
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


def _ended(record: GameRecord, table: StoredTable) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """A table ended early: its totals after the rounds that count, and its winners (the best
    total among those who stayed)."""
    totals = totals_after(record, table.ended_rounds)
    stayed = [seat for seat, name in enumerate(table.players) if name not in table.left]
    best = max((totals[seat] for seat in stayed), default=None)
    winners = tuple(table.players[seat] for seat in stayed if totals[seat] == best)
    return totals, winners


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
                "sat_out_pending": line.pending,
                "head_to_head": line.head_to_head,
                "decided_by": line.decided_by,
                "by_sitting": [_entry_json(entry) for entry in line.sittings],
            }
            for line in built.standings
        ],
        "tie_breaks": list(evening_standings.TIE_BREAKS),
        "playing": list(built.playing),
    }


def _entry_json(entry: SittingPoints) -> Json:
    """What a sitting gave a player, as the API says it."""
    return {
        "state": entry.state,
        "placement_points": None if entry.points is None else _number(entry.points),
        "place": entry.place,
        "seats": entry.seats,
        "shared": entry.shared if entry.place is not None else None,
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
                "ended_early": table.ended_at is not None,
                "ended_at": table.ended_at,
                "rounds_counted": table.ended_rounds if table.ended_at is not None else None,
                "left": list(table.left),
                "game_gone": table.game_id is None,
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
    N_("Ended early"),
)


def to_csv(built: EveningSheet) -> str:
    """The evening as CSV: the standings, then every sitting's tables and each table's
    winners (empty while its game is played; for a table ended early, as it counts, with the
    rounds counted and who left), then who sat out; UTF-8 with its mark, as a game's CSV."""
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
            row += [dealer, ", ".join(table.winners), "", _ended_cell(table)]
            writer.writerow([safe_cell(cell) for cell in row])
        if sitting.sitting_out:
            out: list[str | int] = [sitting.number, "", "", "", ""]
            out += [", ".join(sitting.sitting_out), ""]
            writer.writerow([safe_cell(cell) for cell in out])
    return "\ufeff" + buffer.getvalue()


def _ended_cell(table: TableLine) -> str:
    """How a table ended early counts, in the CSV's words: the rounds counted and who left."""
    if table.ended_at is None or not table.counted:
        return ""
    rounds = labels.ngettext("after %(num)s round", "after %(num)s rounds", table.ended_rounds)
    if not table.left:
        return rounds
    # By how many left: one person's "left" is not many people's in every language.
    left = labels.ngettext(
        "Left: %(names)s", "Left: %(names)s", len(table.left), names=", ".join(table.left)
    )
    return f"{rounds}; {left}"


def _safe(cell: str | int | float) -> str | int | float:
    return cell if isinstance(cell, float) else safe_cell(cell)
