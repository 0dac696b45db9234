"""'Start the game' and 'Rematch' sent twice (a double tap, two phones at once) make one game:
the new-game form carries a one-time key and a rematch is keyed by the game it follows, both
stored with the game. The same holds for an import sent twice, a group's new game, and an API
post carrying an Idempotency-Key. Checked in process and against the real server with parallel
posts."""

from __future__ import annotations

import io
import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.core.rules import Length, Variants
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
    # Once that rematch is deleted (in the trash), a new one can be made.
    rematch = first.headers["Location"].rsplit("/", 1)[-1]
    client.post(f"/games/{rematch}/delete", data={"version": 1})
    third = client.post(f"/games/{created['id']}/rematch")
    assert third.headers["Location"] != first.headers["Location"]
    assert games(database) == 3  # the deleted rematch waits in the trash


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


# --- the API: Idempotency-Key -----------------------------------------------------------------


def keyed(key: str) -> dict[str, str]:
    return {"Idempotency-Key": key}


def test_the_same_api_post_with_its_key_answers_the_first_game(
    app: Flask, client: FlaskClient
) -> None:
    database = Path(app.config["DATABASE"])
    body = finished_game_json()
    first = client.post("/api/games", json=body, headers=keyed("c0ffee-1"))
    # A retry, with the same JSON spaced otherwise: the same game, its token, nothing stored.
    spaced = json.dumps(body, indent=2, sort_keys=True)
    again = client.post(
        "/api/games", data=spaced, content_type="application/json", headers=keyed("c0ffee-1")
    )
    assert first.status_code == again.status_code == 201
    assert first.json is not None and again.json is not None
    assert (again.json["id"], again.json["edit_token"]) == (
        first.json["id"],
        first.json["edit_token"],
    )
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert games(database) == 1
    # Without a key, or with another one, the same body is another game.
    assert client.post("/api/games", json=body).status_code == 201
    assert client.post("/api/games", json=body, headers=keyed("c0ffee-2")).status_code == 201
    assert games(database) == 3


def test_a_key_sent_again_with_another_game_is_refused(app: Flask, client: FlaskClient) -> None:
    database = Path(app.config["DATABASE"])
    body = finished_game_json()
    assert client.post("/api/games", json=body, headers=keyed("k-1")).status_code == 201
    other = {**body, "players": ["Ann", "Bo", "Cy"]}
    refused = client.post("/api/games", json=other, headers=keyed("k-1"))
    assert refused.status_code == 422
    assert refused.json == {
        "error": "This Idempotency-Key was sent before with another game, so nothing was "
        "stored. Send a new key with each new game.",
        "code": "idempotency_key_reused",
    }
    assert games(database) == 1


def test_a_refused_game_leaves_its_key_unused(app: Flask, client: FlaskClient) -> None:
    broken = {**finished_game_json(), "players": ["Ann"]}
    assert client.post("/api/games", json=broken, headers=keyed("k-2")).status_code == 400
    made = client.post("/api/games", json=finished_game_json(), headers=keyed("k-2"))
    assert made.status_code == 201
    assert games(Path(app.config["DATABASE"])) == 1


@pytest.mark.parametrize("key", ["", "two words", "x" * 201, "clé", "tab\there"])
def test_an_odd_key_is_refused(app: Flask, client: FlaskClient, key: str) -> None:
    answer = client.post("/api/games", json=finished_game_json(), headers=keyed(key))
    assert answer.status_code == 400
    assert answer.json is not None and answer.json["code"] == "idempotency_key_invalid"
    assert games(Path(app.config["DATABASE"])) == 0


def test_a_key_is_kept_for_a_day(app: Flask, client: FlaskClient) -> None:
    database = Path(app.config["DATABASE"])
    body = finished_game_json()
    first = client.post("/api/games", json=body, headers=keyed("k-3")).json
    assert first is not None
    with closing(sqlite3.connect(database)) as conn, conn:
        day_ago = (datetime.now(UTC) - timedelta(hours=23)).isoformat(timespec="seconds")
        conn.execute("UPDATE games SET created_at = ?", [day_ago])
    again = client.post("/api/games", json=body, headers=keyed("k-3")).json
    assert again is not None and again["id"] == first["id"]
    with closing(sqlite3.connect(database)) as conn, conn:
        older = (datetime.now(UTC) - timedelta(hours=25)).isoformat(timespec="seconds")
        conn.execute("UPDATE games SET created_at = ?", [older])
    # A day later the key is free again: the same body (or another) is a new game.
    later = client.post(
        "/api/games", json={**body, "players": ["Ann", "Bo", "Cy"]}, headers=keyed("k-3")
    )
    assert later.status_code == 201 and later.json is not None and later.json["id"] != first["id"]
    assert games(database) == 2


def test_50_identical_api_posts_at_once_store_one_game(live: Server) -> None:
    before = games(live.database)
    body = finished_game_json()

    def post() -> tuple[int, str, str]:
        with live.client(timeout=60) as client:
            status, answer = client.request("POST", "/api/games", body, headers=keyed("burst-50"))
        return status, answer["id"], answer["edit_token"]

    answers = at_once(50, post)
    assert {status for status, _id, _token in answers} == {201}
    assert len({(game, token) for _status, game, token in answers}) == 1
    assert games(live.database) == before + 1


# --- the import form and a group's new-game form ----------------------------------------------


def import_file(client: FlaskClient, content: bytes, once: str | None) -> str:
    data: dict[str, object] = {"record": (io.BytesIO(content), "game.json")}
    if once is not None:
        data["once"] = once
    answer = client.post("/games/import", data=data, content_type="multipart/form-data")
    assert answer.status_code == 302, answer.status_code
    return answer.headers["Location"]


def test_the_same_import_sent_twice_imports_one_game(app: Flask, client: FlaskClient) -> None:
    database = Path(app.config["DATABASE"])
    once = str(one(soup(client.get("/")), "form[action='/games/import'] input[name=once]")["value"])
    content = json.dumps(finished_game_json()).encode()
    first = import_file(client, content, once)
    assert first.startswith("/games/")
    assert import_file(client, content, once) == first
    assert games(database) == 1
    # Another file from the same page is another game; so is a form without a key of ours.
    other = json.dumps({**finished_game_json(), "players": ["Ann", "Bo", "Cy"]}).encode()
    assert import_file(client, other, once) not in (first, "/")
    assert import_file(client, content, None) != first
    assert import_file(client, content, "x") != first
    assert games(database) == 4


def test_a_groups_new_game_sent_twice_starts_one_game(app: Flask, client: FlaskClient) -> None:
    database = Path(app.config["DATABASE"])
    group = client.post("/groups/new", data={"name": "Friday club"}).headers["Location"]
    page = soup(client.get(f"{group}/games/new"))
    once = str(one(page, "input[name=once]")["value"])
    form = {"new_names-0": "Ana", "new_names-1": "Ben", "new_names-2": "Cy"}
    form |= {"first_dealer": "new-0", "length": "standard", "once": once}
    first = client.post(f"{group}/games/new", data=form)
    again = client.post(f"{group}/games/new", data=form)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert games(database) == 1
