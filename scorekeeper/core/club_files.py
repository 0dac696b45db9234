"""A club's past in a file (issue 51): a BG Stats export or play file, or a CSV of totals
(date, game, player, total), read into plays known by their totals only. Pure Python.

What is read, and how (docs/bgstats.md, "Bringing a club's past in"):

- **Which file**: text that starts with ``{`` is JSON and must be BG Stats' (``plays`` with
  their ``playerScores``, the ``games`` and ``players`` they refer to); anything else is read
  as a CSV. A file broken where a reader cannot go on is refused whole, saying where (its line,
  or the play's number in the file): :class:`~scorekeeper.core.rules.RuleError`.
- **The game**: by its BoardGameGeek id, else by its name as people write it (folded as a
  search folds it: "oh hell!" is Oh Hell); a play of any other game is kept with its name, to
  be skipped and counted.
- **Scores** are read as BG Stats writes them, text: a whole number (``"120"``, ``"-30"``,
  ``"120.0"``), or nothing known (empty, ``"null"``, a formula, a fraction): left for the
  review to skip the play. A play's ``rank`` and ``winner`` are not read: places come from the
  totals, as the pad's rules give them (the highest total wins, ties share a place), so a file
  whose ranks are 0 or disagree with its scores changes nothing.
- **A CSV** has a first line naming its columns (``date``, ``game``, ``player``, ``total``,
  in any order, any case, more columns let be; comma, semicolon or tab between them). A play is
  a run of lines of one date and one game; it ends at an empty line, at another date or game, or
  where a player of it comes again. Dates are written ``2024-03-15`` (a time may follow).
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any

from scorekeeper.core import family
from scorekeeper.core.bgstats_ids import uuid_of
from scorekeeper.core.players import player_key, search_fold
from scorekeeper.core.rules import RuleError, normalise_name

BGSTATS = "bgstats"
CSV = "csv"
COLUMNS = ("date", "game", "player", "total")
# "score" is what other apps call a total.
_COLUMN_NAMES = {
    "date": "date",
    "game": "game",
    "player": "player",
    "total": "total",
    "score": "total",
}
# A play of a CSV with no time of day is put at noon on the room's clock: its day stays its day
# written in UTC wherever the room is (within 12 hours of it).
NOON = time(12, 0)
_WHOLE = re.compile(r"[+-]?\d{1,9}(?:\.0+)?")
_DAY_TIME = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M")


@dataclass(frozen=True)
class Seat:
    """One seat of a play as the file gives it: the player's name, the score (``None`` when no
    whole number is written), the score as written, and whether BG Stats' anonymous player sat
    there (someone nobody named: a guest)."""

    name: str
    score: int | None
    text: str
    anonymous: bool = False


@dataclass(frozen=True)
class FilePlay:
    """A play of the file: where it is (its number among the file's plays, or the line it
    starts on in a CSV), its uuid (BG Stats', or made from the CSV's key), the pad's game
    (``None`` for a game the pad does not keep, named by ``game_name``), when it was played on
    the room's clock, its seats and whether BG Stats marks it ignored."""

    where: int
    uuid: str
    game: str | None
    game_name: str
    played: datetime
    seats: tuple[Seat, ...]
    ignored: bool = False


@dataclass(frozen=True)
class ClubFile:
    """What a file holds: its kind (:data:`BGSTATS` or :data:`CSV`) and its plays in order."""

    source: str
    plays: tuple[FilePlay, ...]

    @property
    def by_line(self) -> bool:
        """True when a play is told by its line (a CSV), not by its number in the file."""
        return self.source == CSV


def read(text: str) -> ClubFile:
    """The plays of a BG Stats file or a CSV of totals; :class:`RuleError` for a file that is
    neither, or is broken (saying where)."""
    if text.lstrip().startswith(("{", "[")):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RuleError("import_json_broken", line=error.lineno) from None
        except RecursionError:
            raise RuleError("import_json_broken", line=1) from None
        return read_bgstats(data)
    return read_csv(text)


def game_of(name: str, bgg_id: object = None) -> str | None:
    """The pad's game a file names, by its BoardGameGeek id or by its name (or key) as people
    write it; ``None`` for another game.

    >>> game_of("", 150145), game_of("OH HELL!"), game_of("skull_king"), game_of("Catan", 13)
    ('skull_king', 'oh_hell', 'skull_king', None)
    """
    for key, declared in family.GAMES.items():
        if isinstance(bgg_id, int) and bgg_id and declared.bgg_id == bgg_id:
            return key
    folded = search_fold(name)
    for key, declared in family.GAMES.items():
        if folded and folded in (search_fold(declared.name), search_fold(key.replace("_", " "))):
            return key
    return None


def whole(text: str) -> int | None:
    """A score written as a whole number, or ``None``.

    >>> whole(" 120 "), whole("-30"), whole("\u221210"), whole("40.0"), whole("2+3"), whole("-2.5")
    (120, -30, -10, 40, None, None)
    """
    cleaned = text.strip().replace("\u2212", "-")
    if not _WHOLE.fullmatch(cleaned):
        return None
    return int(cleaned.split(".")[0])


# --- BG Stats ----------------------------------------------------------------------------


def read_bgstats(data: object) -> ClubFile:
    """The plays of a BG Stats export or play file (already read as JSON)."""
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        if isinstance(data, dict) and str(data.get("format", "")).startswith("wizard-scorekeeper"):
            raise RuleError("import_pad_file")
        raise RuleError("import_not_bgstats")
    games = {ref: entry for ref, entry in _listed(data, "games")}
    players = {ref: entry for ref, entry in _listed(data, "players")}
    plays = [_play(number, play, games, players) for number, play in enumerate(data["plays"], 1)]
    return ClubFile(BGSTATS, tuple(plays))


def _listed(data: dict[str, Any], field: str) -> list[tuple[object, dict[str, Any]]]:
    """The entries of the file's list ``field`` by their ``id`` (what plays refer to)."""
    found = data.get(field, [])
    if not isinstance(found, list) or not all(isinstance(entry, dict) for entry in found):
        raise RuleError("import_bgstats_list", field=field)
    return [(entry.get("id"), entry) for entry in found]


def _play(
    number: int, play: object, games: dict[object, dict[str, Any]], players: dict[object, Any]
) -> FilePlay:
    if not isinstance(play, dict):
        raise RuleError("import_play_shape", play=number, field="plays")
    uuid = play.get("uuid")
    if not isinstance(uuid, str) or not uuid.strip():
        raise RuleError("import_play_shape", play=number, field="uuid")
    game = games.get(play.get("gameRefId"))
    if game is None:
        raise RuleError("import_play_game", play=number)
    scores = play.get("playerScores")
    if not isinstance(scores, list) or not all(isinstance(score, dict) for score in scores):
        raise RuleError("import_play_shape", play=number, field="playerScores")
    seats = []
    for score in scores:
        player = players.get(score.get("playerRefId"))
        if player is None or not isinstance(player.get("name", ""), str):
            raise RuleError("import_play_player", play=number)
        written = score.get("score")
        text = "" if written is None or isinstance(written, bool) else str(written)
        seats.append(
            Seat(
                normalise_name(player.get("name") or ""),
                whole(text),
                text,
                bool(player.get("isAnonymous")),
            )
        )
    name = str(game.get("name") or game.get("bggName") or "")
    return FilePlay(
        number,
        uuid.strip().lower(),
        game_of(name, game.get("bggId")),
        name,
        _played(play.get("playDate"), number),
        tuple(seats),
        play.get("ignored") is True,
    )


def _played(written: object, number: int) -> datetime:
    if isinstance(written, str):
        for shape in _DAY_TIME:
            try:
                return datetime.strptime(written.strip()[:19], shape)
            except ValueError:
                continue
    raise RuleError("import_play_date", play=number)


# --- CSV ---------------------------------------------------------------------------------


def read_csv(text: str) -> ClubFile:
    """The plays of a CSV of totals (a first line naming the columns)."""
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    dialect = max(",;\t", key=first.count)
    rows = csv.reader(lines, delimiter=dialect)
    columns = _columns(next(rows, []))
    plays: list[FilePlay] = []
    current: list[tuple[int, date, datetime, str, str, int]] = []
    for row in rows:
        if not any(cell.strip() for cell in row):
            _close(current, plays)
            continue
        line = _line(rows.line_num, row, columns)
        same = current and current[0][1:2] == line[1:2] and _fold(current[0][3]) == _fold(line[3])
        if not same or player_key(line[4]) in {player_key(seat[4]) for seat in current}:
            _close(current, plays)
        current.append(line)
    _close(current, plays)
    return ClubFile(CSV, tuple(plays))


def _fold(name: str) -> str:
    return game_of(name) or search_fold(name)


def _columns(header: list[str]) -> dict[str, int]:
    """Where each needed column is, from the first line; refused when one is missing."""
    found: dict[str, int] = {}
    for place, cell in enumerate(header):
        column = _COLUMN_NAMES.get(search_fold(cell))
        if column is not None:
            found.setdefault(column, place)
    if set(found) != set(COLUMNS):
        shown = ", ".join(cell.strip()[:20] for cell in header[:6]) or "—"
        raise RuleError("import_csv_header", found=shown)
    return found


def _line(
    number: int, row: list[str], columns: dict[str, int]
) -> tuple[int, date, datetime, str, str, int]:
    """One line of a CSV: its number, day, moment, game, player and total; refused, saying the
    line, when one of them cannot be read."""
    if len(row) <= max(columns.values()):
        raise RuleError("import_csv_columns", line=number)
    cell = {column: row[place].strip() for column, place in columns.items()}
    moment = _csv_moment(cell["date"])
    if moment is None:
        raise RuleError("import_csv_date", line=number, value=cell["date"][:20])
    if not cell["game"]:
        raise RuleError("import_csv_game", line=number)
    name = normalise_name(cell["player"])
    if not name:
        raise RuleError("import_csv_player", line=number)
    total = whole(cell["total"])
    if total is None:
        raise RuleError("import_csv_total", line=number, value=cell["total"][:20])
    return number, moment.date(), moment, cell["game"], name, total


def _csv_moment(written: str) -> datetime | None:
    for shape in _DAY_TIME:
        try:
            return datetime.strptime(written[:19], shape)
        except ValueError:
            continue
    try:
        return datetime.combine(date.fromisoformat(written[:10]), NOON)
    except ValueError:
        return None


def _close(current: list[tuple[int, date, datetime, str, str, int]], plays: list[FilePlay]) -> None:
    """The lines read so far as one play (then none)."""
    if not current:
        return
    first = current[0]
    game = game_of(first[3])
    plays.append(
        FilePlay(
            first[0],
            uuid_of("csv-play", csv_key(first[1], game or search_fold(first[3]), current)),
            game,
            first[3],
            first[2],
            tuple(Seat(line[4], line[5], str(line[5])) for line in current),
        )
    )
    current.clear()


def csv_key(day: date, game: str, lines: list[tuple[int, date, datetime, str, str, int]]) -> str:
    """What names a CSV's play whatever file it comes in (the rule of docs/bgstats.md): its day,
    its game and the set of its players (as the pad tells players apart) with their totals, so
    that the same play brought in again is known, in any order of lines, spelling or case."""
    pairs = sorted(f"{player_key(line[4])}={line[5]}" for line in lines)
    return "|".join([day.isoformat(), game, *pairs])
