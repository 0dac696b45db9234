"""The group file: a whole group (name, roster, every game) as one JSON file, and back.

Pure Python, no Flask. Each game inside is a game record (:mod:`scorekeeper.core.record`), read by
the same reader, so a group file is checked exactly like the games it holds would be one by
one: every round is replayed through the rules. Like a game record it holds completed rounds
only; a round still being played is not part of it.

```json
{"format": "wizard-scorekeeper-group/1", "name": "Friday club", "players": ["Ana", "Ben"],
 "games": [{"played_at": "2026-11-27T19:30:00+00:00", "record": {...a game record...}}]}
```
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from scorekeeper.core import rules
from scorekeeper.core.evening_file import EveningFile, evening_json, parse_evening_file
from scorekeeper.core.game import GameRecord
from scorekeeper.core.players import player_key
from scorekeeper.core.record import (
    Json,
    RecordError,
    check_text,
    parse_game,
    record_text,
    to_record,
)
from scorekeeper.core.rules import RuleError
from scorekeeper.core.sheet import Sheet

FORMAT = "wizard-scorekeeper-group/1"
MAX_GROUP_NAME = 40
# Sizes a real table's group never reaches (20 years of a weekly evening is about 1,000 games;
# a club's roster is some dozens): a file past them is refused, so that one upload cannot make
# every later page, export and report of the group slow for the server's other tables.
MAX_GAMES = 1000
MAX_ROSTER = 200
FIELDS = ("format", "name", "players", "games", "evenings")


@dataclass(frozen=True)
class GroupFile:
    """A group read from its file: name, roster, and the games with when each was played."""

    name: str
    players: tuple[str, ...]
    games: tuple[tuple[GameRecord, str], ...]
    evenings: tuple[EveningFile, ...] = ()


def to_group_file(
    name: str,
    players: tuple[str, ...],
    games: list[tuple[Sheet, str]],
    evenings: Iterable[EveningFile] = (),
) -> Json:
    """The group file of a group: its name, roster, each game's record with its start, and its
    club evenings where it has some (a file without is as it was before evenings)."""
    written = [evening_json(evening) for evening in evenings]
    return {
        "format": FORMAT,
        "name": name,
        "players": list(players),
        **({"evenings": written} if written else {}),
        "games": [
            {"played_at": played_at, "record": to_record(built)} for built, played_at in games
        ],
    }


def group_text(data: Json) -> str:
    """A group file people can read too: each game's record laid out as its own file is."""

    def dump(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = [f"  {dump(key)}: {dump(value)}" for key, value in data.items() if key != "games"]
    games = ",\n".join(
        f'    {{"played_at": {dump(entry["played_at"])}, "record": '
        + record_text(entry["record"]).strip().replace("\n", "\n    ")
        + "}"
        for entry in data["games"]
    )
    body = ",\n".join([*head, f'  "games": [\n{games}\n  ]' if games else '  "games": []'])
    return "{\n" + body + "\n}\n"


def parse_group_file(data: object) -> GroupFile:
    """Read a group file (parsed JSON); every game is replayed through the rules.

    Raises :class:`RecordError`; for a game, its reason is inside "Game 3: …".
    """
    if not isinstance(data, dict):
        raise RecordError("group_file_not_object")
    check_text(data)
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        field = str(unknown[0])
        field = field if len(field) <= 30 else field[:29] + "…"
        raise RecordError("group_file_unknown_field", field=field, known=", ".join(FIELDS))
    if data.get("format") != FORMAT:
        raise RecordError("group_file_format", format=FORMAT)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_GROUP_NAME:
        raise RecordError("group_file_name", max=MAX_GROUP_NAME)
    if rules.has_hidden_character(name):
        raise RecordError("group_name_bad_character")
    players = data.get("players", [])
    if not isinstance(players, list) or not all(_fit_name(player) for player in players):
        raise RecordError("group_file_players", max=rules.MAX_NAME_LENGTH)
    if len(players) > MAX_ROSTER:
        raise RecordError("group_file_roster", max=MAX_ROSTER)
    games = data.get("games", [])
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise RecordError("group_file_games", max=MAX_GAMES)
    read = []
    for number, entry in enumerate(games, start=1):
        try:
            read.append(_game(entry))
        except RuleError as error:
            raise RecordError("in_game", number=number, reason=error.reason) from error
    evenings = data.get("evenings", [])
    if not isinstance(evenings, list) or len(evenings) > MAX_GAMES:
        raise RecordError("group_file_evening", number=1)
    records = [record for record, _played in read]
    nights = tuple(
        parse_evening_file(entry, records, number) for number, entry in enumerate(evenings, start=1)
    )
    _each_game_in_one_evening(nights)
    roster = tuple(rules.normalise_name(player) for player in players)
    if len(roster_keys(roster, (record.players for record, _played in read))) > MAX_ROSTER:
        raise RecordError("group_file_roster", max=MAX_ROSTER)
    return GroupFile(rules.normalise_name(name), roster, tuple(read), nights)


def _each_game_in_one_evening(evenings: Iterable[EveningFile]) -> None:
    """A game is a table of one evening at most: the first evening counting a game an earlier
    one counted is refused."""
    seen: set[int] = set()
    for number, evening in enumerate(evenings, start=1):
        games = {game for sitting in evening.sittings for game in sitting.games if game is not None}
        if games & seen:
            raise RecordError("group_file_evening", number=number)
        seen |= games


def roster_keys(roster: Iterable[str], games: Iterable[Iterable[str]]) -> set[str]:
    """The players a group's roster holds: its names and every game's, one per player key."""
    keys = {player_key(name) for name in roster}
    for players in games:
        keys.update(player_key(name) for name in players)
    return keys


def _fit_name(name: object) -> bool:
    """A roster name the rules would let a player have."""
    if not isinstance(name, str):
        return False
    if rules.has_hidden_character(name):
        return False
    return 0 < len(rules.normalise_name(name)) <= rules.MAX_NAME_LENGTH


def _game(entry: object) -> tuple[GameRecord, str]:
    if not isinstance(entry, dict) or set(entry) - {"played_at", "record"} or "record" not in entry:
        raise RecordError("group_file_game")
    return parse_game(entry["record"]), _moment(entry.get("played_at"))


def _moment(value: object) -> str:
    """When a game started, as stored (UTC, to the second); now when the file does not say."""
    if value is None:
        return datetime.now(UTC).isoformat(timespec="seconds")
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise RecordError("group_file_played_at")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC).isoformat(timespec="seconds")
    except OverflowError:
        # Year 1 east of Greenwich or year 9999 west of it: no such moment in UTC.
        raise RecordError("group_file_played_at") from None
