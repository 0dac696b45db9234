"""A club evening in a group's file (issue 34, docs/club-night.md): its plan, its sittings as
drawn and each table's game (by its place among the file's games), written and read back,
every refusal a :class:`RecordError` with a stable code. A game of the file is a table's game
only if it was made for that table (its players in seat order, the first dealer, the evening's
game and settings), and belongs to one table at most."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core import game, rules
from scorekeeper.core.evening import Seating, Sitting
from scorekeeper.core.evening_record import (
    MAX_SEED,
    EveningPlan,
    check_left,
    parse_evening,
    parse_names,
    sitting_of,
)
from scorekeeper.core.game import GameRecord
from scorekeeper.core.players import player_key
from scorekeeper.core.record_shapes import RecordError, fields_of, whole

FILE_FIELDS = (
    "created_at",
    "game",
    "variants",
    "players",
    "sittings_planned",
    "table_sizes",
    "seed",
    "sittings",
)
SITTING_FILE_FIELDS = (
    "sitting",
    "seating",
    "seed",
    "present",
    "created_at",
    "tables",
    "sitting_out",
)
TABLE_FILE_FIELDS = ("table", "players", "first_dealer", "game")
TABLE_FILE_OPTIONAL = ("taken_out_at", "ended_at", "ended_rounds", "left")
"""Written only for a table the evening's keepers took out (issue 47), or ended early (issue 48:
when, the rounds that count, who left)."""


@dataclass(frozen=True)
class TableEnded:
    """A table the evening's keepers ended early: when (UTC), the rounds that count, who
    left."""

    at: str
    rounds: int
    left: tuple[str, ...] = ()


@dataclass(frozen=True)
class SittingFile:
    """A sitting as a group file keeps it: each table's game by its place in the file's games
    (``None``: the file holds no game for that table)."""

    number: int
    seating: str
    seed: int
    present: tuple[str, ...]
    drawn: Sitting
    created_at: str
    games: tuple[int | None, ...]
    taken_out: tuple[str | None, ...] = ()
    """When each table was taken out (UTC), ``None`` for a table that counts; empty: none."""

    ended: tuple[TableEnded | None, ...] = ()
    """How each table was ended early, ``None`` for one that was not; empty: none."""

    def taken_out_at(self, index: int) -> str | None:
        """When table ``index`` (from 0) was taken out, or ``None``."""
        return self.taken_out[index] if index < len(self.taken_out) else None

    def ended_at(self, index: int) -> TableEnded | None:
        """How table ``index`` (from 0) was ended early, or ``None``."""
        return self.ended[index] if index < len(self.ended) else None


@dataclass(frozen=True)
class EveningFile:
    """An evening as a group file keeps it."""

    plan: EveningPlan
    seed: int
    created_at: str
    sittings: tuple[SittingFile, ...]


def evening_json(evening: EveningFile) -> dict[str, Any]:
    """An evening as the group file writes it."""
    plan = evening.plan
    return {
        "created_at": evening.created_at,
        "game": plan.game,
        "variants": plan.declaration.to_plain(plan.settings),
        "players": list(plan.players),
        "sittings_planned": plan.sittings,
        "table_sizes": list(plan.table_sizes),
        "seed": evening.seed,
        "sittings": [
            {
                "sitting": sitting.number,
                "seating": sitting.seating,
                "seed": sitting.seed,
                "present": list(sitting.present),
                "created_at": sitting.created_at,
                "tables": [
                    {
                        "table": number,
                        "players": list(table.players),
                        "first_dealer": table.first_dealer,
                        "game": game_index,
                        **_taken_out_json(sitting.taken_out_at(number - 1)),
                        **_ended_json(sitting.ended_at(number - 1)),
                    }
                    for number, (table, game_index) in enumerate(
                        zip(sitting.drawn.tables, sitting.games, strict=True), start=1
                    )
                ],
                "sitting_out": list(sitting.drawn.sitting_out),
            }
            for sitting in evening.sittings
        ],
    }


def _taken_out_json(when: str | None) -> dict[str, str]:
    """A table taken out carries when (a file without any is as before issue 47)."""
    return {} if when is None else {"taken_out_at": when}


def _ended_json(ended: TableEnded | None) -> dict[str, Any]:
    """A table ended early carries when, its rounds that count and who left (a file without
    any is as before issue 48)."""
    if ended is None:
        return {}
    return {"ended_at": ended.at, "ended_rounds": ended.rounds, "left": list(ended.left)}


def parse_evening_file(data: object, games: Sequence[GameRecord], number: int) -> EveningFile:
    """Read evening ``number`` of a group file whose games are ``games``; a table's game must
    seat the table's players in its order. Raises :class:`RecordError` (``group_file_evening``
    for anything this app would not have written)."""
    try:
        return _evening_file(data, games)
    except (rules.RuleError, TypeError, ValueError) as error:
        raise RecordError("group_file_evening", number=number) from error


def _evening_file(data: object, games: Sequence[GameRecord]) -> EveningFile:
    fields = fields_of(data, '"evenings"', FILE_FIELDS, required=FILE_FIELDS)
    plan = parse_evening(
        {
            "players": fields["players"],
            "game": fields["game"],
            "variants": fields["variants"],
            "sittings": fields["sittings_planned"],
            "table_sizes": fields["table_sizes"],
        }
    )
    sittings = fields["sittings"]
    if not isinstance(sittings, list) or len(sittings) > plan.sittings:
        raise ValueError("sittings")
    read = tuple(
        _sitting_file(entry, number, plan, games) for number, entry in enumerate(sittings, start=1)
    )
    _each_game_once(read)
    return EveningFile(plan, _seed(fields["seed"]), _moment(fields["created_at"]), read)


def _sitting_file(
    data: object, number: int, plan: EveningPlan, games: Sequence[GameRecord]
) -> SittingFile:
    fields = fields_of(data, '"sittings"', SITTING_FILE_FIELDS, required=SITTING_FILE_FIELDS)
    if fields["sitting"] != number:
        raise ValueError("sitting")
    Seating(str(fields["seating"]))
    present = parse_names(fields["present"])
    out = parse_names(fields["sitting_out"])
    tables = []
    made: list[int | None] = []
    taken_out: list[str | None] = []
    ended: list[TableEnded | None] = []
    for place, entry in enumerate(_list(fields["tables"]), start=1):
        table = fields_of(
            entry, '"tables"', TABLE_FILE_FIELDS + TABLE_FILE_OPTIONAL, required=TABLE_FILE_FIELDS
        )
        out_at = table.get("taken_out_at")
        taken_out.append(None if out_at is None else _moment(out_at))
        players = parse_names(table["players"])
        ended.append(_table_ended(table, players))
        first = whole(table["first_dealer"], '"first_dealer"')
        index = table["game"]
        if table["table"] != place or not 0 <= first < len(players):
            raise ValueError("table")
        if len(players) not in plan.table_sizes:
            raise ValueError("table size")
        if index is not None:
            index = whole(index, '"game"')
            if not 0 <= index < len(games) or not _made_for(games[index], plan, players, first):
                raise ValueError("game")
        tables.append((players, first))
        made.append(index)
    drawn = sitting_of(tables, out)
    if sorted(map(player_key, (*drawn.seated, *out))) != sorted(map(player_key, present)):
        raise ValueError("present")
    if not {player_key(name) for name in present} <= {player_key(n) for n in plan.players}:
        raise ValueError("present")
    return SittingFile(
        number,
        str(fields["seating"]),
        _seed(fields["seed"]),
        present,
        drawn,
        _moment(fields["created_at"]),
        tuple(made),
        tuple(taken_out) if any(taken_out) else (),
        tuple(ended) if any(ended) else (),
    )


def _table_ended(table: dict[str, object], players: Sequence[str]) -> TableEnded | None:
    """How a table of a file was ended early (all three fields, or none), its leavers among
    its players."""
    given = [key for key in ("ended_at", "ended_rounds", "left") if key in table]
    if not given:
        return None
    if len(given) != 3:
        raise ValueError("ended")
    rounds = whole(table["ended_rounds"], '"ended_rounds"')
    if rounds < 0:
        raise ValueError("ended_rounds")
    left = check_left(parse_names(table["left"]), players, 0, 0) if table["left"] else ()
    return TableEnded(_moment(table["ended_at"]), rounds, left)


def _made_for(record: GameRecord, plan: EveningPlan, players: Sequence[str], first: int) -> bool:
    """Whether ``record`` is the game the pad made for a table of ``players`` whose seat
    ``first`` deals first: its players in seat order, its first dealer, the evening's game and
    settings (rounds played since aside)."""
    made = game.begin(plan.game, players, first, plan.settings)
    keys = [player_key(name) for name in record.players]
    return keys == [player_key(name) for name in players] and (
        record.game,
        record.first_dealer,
        record.settings,
    ) == (made.game, made.first_dealer, made.settings)


def _each_game_once(sittings: Sequence[SittingFile]) -> None:
    """A game is one table's: never counted at two tables of the evening."""
    used = [index for sitting in sittings for index in sitting.games if index is not None]
    if len(used) != len(set(used)):
        raise ValueError("game twice")


def _list(data: object) -> list[object]:
    if not isinstance(data, list):
        raise ValueError("list")
    return data


def _seed(data: object) -> int:
    if isinstance(data, bool) or not isinstance(data, int) or not 0 <= data <= MAX_SEED:
        raise ValueError("seed")
    return data


def _moment(data: object) -> str:
    """A moment as the pad writes it (ISO 8601, read as UTC when it names no offset), as
    stored: UTC, to the second."""
    if not isinstance(data, str) or len(data) > 40:
        raise ValueError("moment")
    moment = datetime.fromisoformat(data)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC).isoformat(timespec="seconds")
    except OverflowError:  # year 1 east of Greenwich, year 9999 west of it
        raise ValueError("moment") from None
