"""'Start the game' and 'Rematch' sent twice (a double tap, two phones at once) make one game:
the new-game form carries a one-time key and a rematch is keyed by the game it follows, both
stored with the game. Checked in process and against the real server with parallel posts."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import Length, Variants
from tests.pages import one, soup
from tests.phone import NEW_GAME, Phone
from tests.plays import played_game, round_json
from tests.support.client import at_once
from tests.support.server import Server


def games(database: Path) -> int:
    with closing(sqlite3.connect(database)) as conn:
        count: int = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        return count


def finished_game_json() -> dict[str, object]:
    record = played_game(3, Variants(length=Length.FIVE_ROUNDS), rounds=5)
    assert record.finished
    return {
        "players": list(record.players),
        "first_dealer": record.first_dealer,
        "variants": {"length": "five_rounds"},
        "rounds": [round_json(played) for played in record.rounds],
    }


def test_the_new_game_form_carries_a_one_time_key(client: FlaskClient) -> None:
    keys = {one(soup(client.get("/games/new")), "input[name=once]")["value"] for _ in "ab"}
    assert len(keys) == 2 and all(len(str(key)) >= 16 for key in keys)


def test_the_same_new_game_form_sent_twice_starts_one_game(app: Flask, client: FlaskClient) -> None:
    database = Path(app.config["DATABASE"])
    once = str(one(soup(client.get("/games/new")), "input[name=once]")["value"])
    first = client.post("/games/new", data={**NEW_GAME, "once": once})
    again = client.post("/games/new", data={**NEW_GAME, "once": once})
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert games(database) == 1
    # Another form (another key, or none this app made) is another game.
    client.post("/games/new", data={**NEW_GAME, "once": "x"})
    client.post("/games/new", data=NEW_GAME)
    assert games(database) == 3


def test_a_rematch_sent_twice_makes_one_game(app: Flask, client: FlaskClient) -> None:
    database = Path(app.config["DATABASE"])
    created = client.post("/api/games", json=finished_game_json()).json
    assert created is not None
    client.post(f"/games/{created['id']}/join/{created['edit_token']}")
    first = client.post(f"/games/{created['id']}/rematch")
    again = client.post(f"/games/{created['id']}/rematch")
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert games(database) == 2
    # Once that rematch is deleted, a new one can be made.
    rematch = first.headers["Location"].rsplit("/", 1)[-1]
    client.post(f"/games/{rematch}/delete", data={"version": 1})
    third = client.post(f"/games/{created['id']}/rematch")
    assert third.headers["Location"] != first.headers["Location"]
    assert games(database) == 2


# --- the real server: the same post from several connections at once ------------------------


def test_start_the_game_posted_at_once_makes_one_game(live: Server) -> None:
    phone = Phone(live)
    phone.open("GET", "/games/new")
    before = games(live.database)
    answers = at_once(10, lambda: phone.open("POST", "/games/new", NEW_GAME))
    assert {status for status, _where in answers} == {303}
    assert len({where for _status, where in answers}) == 1
    assert games(live.database) == before + 1


def test_rematch_posted_at_once_makes_one_game(live: Server) -> None:
    phone = Phone(live)
    with live.client(timeout=30) as client:
        _status, created = client.request("POST", "/api/games", finished_game_json())
    join = f"/games/{created['id']}/join/{created['edit_token']}"
    phone.open("GET", join)
    assert phone.open("POST", join, {})[0] == 303
    phone.open("GET", f"/games/{created['id']}")
    before = games(live.database)
    answers = at_once(10, lambda: phone.open("POST", f"/games/{created['id']}/rematch", {}))
    assert {status for status, _where in answers} == {303}
    assert len({where for _status, where in answers}) == 1
    assert games(live.database) == before + 1
