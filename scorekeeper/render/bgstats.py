"""Finished games for BG Stats (issue 51): the push link that opens BG Stats' own import
dialog with one play, and the play file (``.bgsplay``) of several (a game, a club night, a
group). The fields are those ../shared/BGSTATS.md gathers from BG Stats' support page and from
files it writes; docs/bgstats.md says each decision where they leave a gap:

- **When**: the game's start, on the serving machine's clock (the room's, as the club night's
  times); **how long**: from the start to the last round saved, in whole minutes (0, which BG
  Stats reads as not recorded, for a game with no round saved here, such as one imported).
- **Who starts**: the player on the first dealer's left, who bids and leads first.
- **Places**: the sheet's (ties share a place: 1, 1, 3); every player with the best total
  wins, as the rules share a win. Highest total wins in every game of the family.
- **The variant** (``board``): the game's settings in words where they differ from its defaults.
- **Stable ids**: every ``uuid`` is derived from the pad's own id of the thing (the game's id,
  the game's key, the player's name as the pad matches names, the group), so importing the same
  play again updates it instead of adding a second one.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.core import family
from scorekeeper.core.bgstats_ids import play_uuid, uuid_of
from scorekeeper.core.players import player_key
from scorekeeper.core.sheet import Sheet

SOURCE_NAME = "Wizard score pad"
PUSH_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
ABOUT = "A play file for Board Game Stats (BG Stats), written by the Wizard score pad."
# How BG Stats joins a variant's parts in its own files.
BOARD_JOIN = " ／ "  # noqa: RUF001


@dataclass(frozen=True)
class Play:
    """A finished game as BG Stats logs it."""

    id: str
    game: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    start_seat: int
    rounds: int
    started: datetime
    minutes: int
    board: str
    uuid: str = ""
    """The play's uuid where it came from another file (a play brought in keeps its own);
    empty: made from ``id``, the pad's game."""


def play_of(
    game_id: str, built: Sheet, started: datetime, last_round: datetime | None, board: str
) -> Play:
    """The finished game ``game_id`` (its sheet) as a play: ``started`` and ``last_round``
    on the room's clock, ``board`` its variant in words."""
    minutes = 0
    if last_round is not None and last_round >= started:
        minutes = max(1, round((last_round - started).total_seconds() / 60))
    return Play(
        game_id,
        built.game,
        built.players,
        built.totals,
        built.ranks,
        built.winners,
        (built.first_dealer + 1) % len(built.players),
        len(built.rounds),
        started,
        minutes,
        board,
    )


def _day_time(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _game(key: str) -> dict[str, Any]:
    """The game as BG Stats matches it: by its BoardGameGeek id where one is known, else by
    its English name (BoardGameGeek's)."""
    declared = family.game(key)
    found: dict[str, Any] = {"name": declared.name, "highestWins": True, "noPoints": False}
    if declared.bgg_id is not None:
        found["bggId"] = declared.bgg_id
    found["sourceGameId"] = key
    return found


def push_data(play: Play) -> dict[str, Any]:
    """The push link's JSON for one play (the fields of BG Stats' own example)."""
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play.id,
        "playDate": _day_time(play.started),
        "durationMin": play.minutes,
        "board": play.board,
        "game": _game(play.game),
        "players": [
            {
                "name": name,
                "sourcePlayerId": player_key(name),
                "score": play.scores[seat],
                "rank": play.ranks[seat],
                "winner": seat in play.winners,
                "startPlayer": seat == play.start_seat,
            }
            for seat, name in enumerate(play.players)
        ],
    }


def push_link(play: Play) -> str:
    """The address that opens BG Stats' import dialog with the play."""
    data = json.dumps(push_data(play), ensure_ascii=False, separators=(",", ":"))
    return PUSH_LINK + urllib.parse.quote(data, safe="")


def play_file(
    plays: Sequence[Play], *, place: str, place_id: str, written: datetime
) -> dict[str, Any]:
    """The play file of ``plays`` at ``place`` (a group's name, or the pad's), as BG Stats
    shares a play: its games, players and location once each, referred to by number."""
    stamp = _day_time(written)
    keys = list(dict.fromkeys(play.game for play in plays))
    names: dict[str, str] = {}
    for play in plays:
        for name in play.players:
            names.setdefault(player_key(name), name)
    numbers = {key: number for number, key in enumerate(names, start=1)}
    return {
        "about": ABOUT,
        "games": [_file_game(number, key, stamp) for number, key in enumerate(keys, start=1)],
        "players": [
            {
                "id": numbers[key],
                "uuid": uuid_of("player", key),
                "name": name,
                "isAnonymous": False,
                "modificationDate": stamp,
                "bggUsername": "",
            }
            for key, name in names.items()
        ],
        "locations": [
            {
                "id": 1,
                "uuid": uuid_of("location", place_id),
                "name": place,
                "modificationDate": stamp,
            }
        ],
        "plays": [_file_play(play, keys.index(play.game) + 1, numbers, stamp) for play in plays],
        "userInfo": {"meRefId": 0},
    }


def _file_game(number: int, key: str, stamp: str) -> dict[str, Any]:
    declared = family.game(key)
    return {
        "id": number,
        "uuid": uuid_of("game", key),
        "name": declared.name,
        "modificationDate": stamp,
        "cooperative": False,
        "highestWins": True,
        "noPoints": False,
        "usesTeams": False,
        "bggId": declared.bgg_id or 0,
        "bggName": declared.name if declared.bgg_id is not None else "",
        "bggYear": 0,
        "designers": "",
        "isBaseGame": True,
        "isExpansion": False,
        "minPlayerCount": declared.min_players,
        "maxPlayerCount": declared.max_players,
        "minPlayTime": 0,
        "maxPlayTime": 0,
        "minAge": 0,
        "rating": 0,
        "urlImage": "",
        "urlThumb": "",
    }


def _file_play(play: Play, game: int, numbers: dict[str, int], stamp: str) -> dict[str, Any]:
    day = _day_time(play.started)
    return {
        "uuid": play.uuid or play_uuid(play.id),
        "gameRefId": game,
        "locationRefId": 1,
        "playDate": day,
        "playDateYmd": int(play.started.strftime("%Y%m%d")),
        "entryDate": day,
        "modificationDate": stamp,
        "durationMin": play.minutes,
        "ignored": False,
        "manualWinner": False,
        "rounds": play.rounds,
        "board": play.board,
        "comments": "",
        "scoringSetting": 0,
        "usesTeams": False,
        "expansionPlays": [],
        "bggId": family.game(play.game).bgg_id or 0,
        "importPlayId": 0,
        "rating": 0,
        "playerScores": [
            {
                "playerRefId": numbers[player_key(name)],
                "score": str(play.scores[seat]),
                "winner": seat in play.winners,
                "newPlayer": False,
                "startPlayer": seat == play.start_seat,
                "rank": play.ranks[seat],
                "seatOrder": seat + 1,
                "role": "",
                "team": "",
                "metaData": "",
            }
            for seat, name in enumerate(play.players)
        ],
    }
