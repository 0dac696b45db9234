"""The group file: a whole group (name, roster, every game) as one JSON file, and back.

Pure Python, no Flask. Each game inside is a game record (:mod:`scorekeeper.record`), read by
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
from dataclasses import dataclass
from datetime import UTC, datetime

from scorekeeper.game import GameRecord
from scorekeeper.record import (
    MAX_NAME_LENGTH,
    Json,
    RecordError,
    parse_game,
    record_text,
    to_record,
)
from scorekeeper.sheet import Sheet

FORMAT = "wizard-scorekeeper-group/1"
MAX_GROUP_NAME = 40
# A group file is one upload: enough games for years of weekly evenings.
MAX_GAMES = 2000
FIELDS = ("format", "name", "players", "games")


@dataclass(frozen=True)
class GroupFile:
    """A group read from its file: name, roster, and the games with when each was played."""

    name: str
    players: tuple[str, ...]
    games: tuple[tuple[GameRecord, str], ...]


def to_group_file(name: str, players: tuple[str, ...], games: list[tuple[Sheet, str]]) -> Json:
    """The group file of a group: its name, roster and each game's record with its start."""
    return {
        "format": FORMAT,
        "name": name,
        "players": list(players),
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

    Raises :class:`RecordError`; for a game, the message starts with its number.
    """
    if not isinstance(data, dict):
        raise RecordError("A group file must be a JSON object {...}.")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise RecordError(
            f'The group file has a field this app does not know: "{str(unknown[0])[:30]}" '
            f"(known fields: {', '.join(FIELDS)})."
        )
    if data.get("format") != FORMAT:
        raise RecordError(f'This is not a group file of this app: "format" must be "{FORMAT}".')
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_GROUP_NAME:
        raise RecordError(f'"name" must be the group\'s name, 1 to {MAX_GROUP_NAME} characters.')
    players = data.get("players", [])
    if not isinstance(players, list) or not all(
        isinstance(player, str) and 0 < len(player.strip()) <= MAX_NAME_LENGTH for player in players
    ):
        raise RecordError(
            f'"players" must be a list of names (1 to {MAX_NAME_LENGTH} characters each).'
        )
    games = data.get("games", [])
    if not isinstance(games, list):
        raise RecordError('"games" must be a list of games.')
    if len(games) > MAX_GAMES:
        raise RecordError(f"A group file holds at most {MAX_GAMES} games.")
    read = tuple(_game(number, entry) for number, entry in enumerate(games, start=1))
    return GroupFile(name.strip(), tuple(player.strip() for player in players), read)


def _game(number: int, entry: object) -> tuple[GameRecord, str]:
    if not isinstance(entry, dict) or set(entry) - {"played_at", "record"} or "record" not in entry:
        raise RecordError(f'Game {number}: each game is {{"played_at": ..., "record": {{...}}}}.')
    try:
        record = parse_game(entry["record"])
    except RecordError as error:
        raise RecordError(f"Game {number}: {error}") from error
    return record, _moment(number, entry.get("played_at"))


def _moment(number: int, value: object) -> str:
    """When a game started, as stored (UTC, to the second); now when the file does not say."""
    if value is None:
        return datetime.now(UTC).isoformat(timespec="seconds")
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise RecordError(
            f'Game {number}: "played_at" must be a date and time like "2026-11-27T19:30:00+00:00".'
        )
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")
