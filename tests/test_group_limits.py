"""Sizes a real table's group never reaches are refused: games, players and rounds in a file,
and a roster that adding games would take past its size."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from sqlite_utils import Database

from scorekeeper import storage
from scorekeeper.core import game, group_record
from scorekeeper.core.group_record import MAX_GAMES, MAX_ROSTER, parse_group_file
from scorekeeper.core.record import RecordError, parse_game
from scorekeeper.core.rules import Variants
from tests.plays import bearer, json_of


def names(count: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{number}" for number in range(count)]


def group_file(players: list[str], games: list[Any]) -> dict[str, Any]:
    return {"format": group_record.FORMAT, "name": "Club", "players": players, "games": games}


def empty_game(players: list[str]) -> dict[str, Any]:
    return {"record": {"players": players, "first_dealer": 0}}


def refusal(data: object) -> str:
    with pytest.raises(RecordError) as caught:
        parse_group_file(data)
    return caught.value.code


def test_a_group_file_past_the_games_a_group_has_is_refused() -> None:
    assert refusal(group_file([], [{}] * (MAX_GAMES + 1))) == "group_file_games"


def test_a_roster_past_its_size_is_refused_in_the_file_and_across_its_games() -> None:
    assert refusal(group_file(names(MAX_ROSTER + 1), [])) == "group_file_roster"
    games = [empty_game(names(8, f"G{number}-")) for number in range(MAX_ROSTER // 8 + 1)]
    assert refusal(group_file([], games)) == "group_file_roster"
    # The roster's names and the games' names are one player each (keys, not spellings).
    fits = parse_group_file(group_file(names(MAX_ROSTER), [empty_game(["p1", "P2 ", "P3"])]))
    assert len(fits.players) == MAX_ROSTER


def test_a_record_with_more_rounds_than_its_game_has_is_refused_before_replaying() -> None:
    three = ["Ann", "Ben", "Cleo"]  # 20 rounds of the standard game
    with pytest.raises(RecordError) as caught:
        parse_game({"players": three, "first_dealer": 0, "rounds": [{}] * 21})
    assert caught.value.code == "record_rounds_too_many"
    assert "20" in str(caught.value)
    with pytest.raises(RecordError) as caught:
        parse_game({"players": three, "first_dealer": 0, "rounds": [{}] * 20})
    assert caught.value.code == "in_round"  # the right count: the rounds themselves are read


def fill_roster(conn: Database, free: int) -> str:
    stored = storage.create_group(conn, "Club", names(MAX_ROSTER - free))
    return stored.id


def test_a_game_that_would_overflow_the_roster_is_refused_and_stores_nothing(
    conn: Database,
) -> None:
    group_id = fill_roster(conn, free=2)
    record = game.new_game(("New1", "New2", "New3"), 0, Variants())
    with pytest.raises(storage.RosterFull):
        storage.create_group_game(conn, group_id, record)
    stored = storage.load_group(conn, group_id)
    assert stored is not None and len(stored.roster) == MAX_ROSTER - 2
    assert storage.group_games(conn, group_id) == []
    # Players who are in the roster already take no room.
    known = game.new_game(("P0", "P1", "New1"), 0, Variants())
    storage.create_group_game(conn, group_id, known)
    mine = storage.create_game(conn, game.new_game(("New2", "New3", "P2"), 0, Variants()))
    with pytest.raises(storage.RosterFull):
        storage.add_group_games(conn, group_id, [mine])
    assert len(storage.group_games(conn, group_id)) == 1


def test_the_api_refuses_a_game_past_the_roster_with_its_code(client: FlaskClient) -> None:
    made = json_of(client.post("/api/groups", json={"name": "Club"}))
    with client.application.app_context():
        storage.join_roster(storage.get_db(), made["id"], names(MAX_ROSTER - 1))
    body = {"players": ["New1", "New2", "New3"], "first_dealer": 0}
    answer = client.post(
        f"/api/groups/{made['id']}/games", json=body, headers=bearer(made["edit_token"])
    )
    assert answer.status_code == 409
    assert json_of(answer)["code"] == "group_roster_full"


def test_importing_a_file_past_a_limit_says_which(client: FlaskClient) -> None:
    data = json.dumps(group_file(names(MAX_ROSTER + 1), [])).encode()
    answer = client.post(
        "/groups/import",
        data={"record": (io.BytesIO(data), "club.json")},
        follow_redirects=True,
    )
    assert answer.status_code == 200
    assert f"at most {MAX_ROSTER} players" in answer.get_data(as_text=True)
