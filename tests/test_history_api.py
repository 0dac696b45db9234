"""Issue 47, a game's history through the API and its page: every change an entry with its phone,
a restore to any entry (itself an entry, refused when stale or asked by a viewer), the words of
a correction, and the phone's own name."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import BidVisibility, Turned, Variants
from tests import pdfs
from tests.pages import one, play_round, soup, start_game
from tests.plays import EXAMPLE_GAME, bearer, create, json_of, played_game, round_json
from tests.test_api_trash import outputs
from tests.test_export import flashes, upload

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

ROUNDS = [round_json(played) for played in played_game(3, Variants(), 6).rounds]


def history(client: FlaskClient, game_id: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/games/{game_id}/history")
    assert answer.status_code == 200, answer.json
    entries: list[dict[str, Any]] = json_of(answer)["entries"]
    return entries


def restore(
    client: FlaskClient, game_id: str, token: str, body: object, version: str
) -> TestResponse:
    return client.post(
        f"/api/games/{game_id}/restore",
        json=body,
        headers={**bearer(token), "If-Match": f'"{version}"'},
    )


def test_each_change_is_an_entry_with_its_phone_and_words(client: FlaskClient) -> None:
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": list(ROUNDS[:2])})
    client.set_cookie("phone", "first-phone")
    first = ROUNDS[2]
    added = client.post(f"/api/games/{game_id}/rounds", json=first, headers=bearer(token))
    assert added.status_code == 201, added.json
    corrected = dict(ROUNDS[0])
    corrected["tricks"] = corrected["tricks"][1:] + corrected["tricks"][:1]
    client.set_cookie("phone", "second-phone")
    put = client.put(f"/api/games/{game_id}/rounds/1", json=corrected, headers=bearer(token))
    assert put.status_code == 200, put.json
    entries = history(client, game_id)
    assert [entry["entry"] for entry in entries] == [1, 2, 3]
    assert [entry["change"] for entry in entries] == [
        {"code": "started"},
        {"code": "round_entered", "round": 3},
        {"code": "round_corrected", "round": 1},
    ]
    # the creating client had no cookie: one phone; then two phones with theirs
    assert [entry["phone"] for entry in entries] == ["phone 1", "phone 2", "phone 3"]
    words = str(entries[2]["words"])
    assert words.startswith("Round 1 corrected: ") and "tricks" in words and "score" in words
    assert entries[2]["before"] != entries[2]["after"]
    assert set(entries[2]["after"]) == {"round 1"}


def test_a_restore_to_an_entry_gives_that_entrys_outputs_and_can_be_undone(
    client: FlaskClient,
) -> None:
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": list(ROUNDS[:1])})
    at_start = outputs(client, game_id)
    pdf_at_start = pdfs.text(client.get(f"/games/{game_id}/sheet.pdf").data)
    for played in ROUNDS[1:4]:
        answer = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
        assert answer.status_code == 201
    later = outputs(client, game_id)
    back = restore(client, game_id, token, {"entry": 1}, "4")
    assert back.status_code == 200, back.json
    assert outputs(client, game_id)[1:3] == at_start[1:3]  # the record and the CSV as they were
    assert pdfs.text(client.get(f"/games/{game_id}/sheet.pdf").data) == pdf_at_start
    entries = history(client, game_id)
    assert entries[-1]["change"] == {"code": "restored_to", "entry": 1}
    undone = restore(client, game_id, token, {"entry": 4}, "5")
    assert undone.status_code == 200
    assert outputs(client, game_id)[1:3] == later[1:3]


def test_a_restore_is_refused_stale_unknown_or_without_the_edit_token(
    client: FlaskClient,
) -> None:
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": list(ROUNDS[:2])})
    stale = restore(client, game_id, token, {"entry": 1}, "0")
    assert stale.status_code == 412
    unknown = restore(client, game_id, token, {"entry": 9}, "1")
    assert unknown.status_code == 404
    assert json_of(unknown)["code"] == "entry_not_found"
    bodies: list[object] = [
        {"entry": 0},
        {"entry": "1"},
        {"entry": True},
        {"entry": 1, "more": 1},
        [],
    ]
    for body in bodies:
        bad = restore(client, game_id, token, body, "1")
        assert bad.status_code == 400, body
    viewer = client.post(f"/api/games/{game_id}/restore", json={"entry": 1})
    assert viewer.status_code == 401
    assert len(history(client, game_id)) == 1  # nothing written by a refused restore


def test_the_history_has_an_etag(client: FlaskClient) -> None:
    game_id, token = create(client, EXAMPLE_GAME)
    first = client.get(f"/api/games/{game_id}/history")
    again = client.get(
        f"/api/games/{game_id}/history", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304
    client.post(f"/api/games/{game_id}/rounds", json=ROUNDS[0], headers=bearer(token))
    changed = client.get(
        f"/api/games/{game_id}/history", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert changed.status_code == 200


def test_the_history_page_names_the_phone_and_restores(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    play_round(client, game_id, bids=[0, 1, 0], tricks=[0, 1, 0])
    page = soup(client.get(f"/games/{game_id}/history"))
    items = page.select("ol.history li")
    assert "Round 1 entered: Tom bid 0, took 0" in items[0].get_text()
    assert "Game started" in items[-1].get_text()
    assert "phone 1" in items[0].get_text()
    assert "This phone in the history: phone 1" in one(page, "details.phone-name summary").text
    named = client.post(f"/games/{game_id}/history/phone", data={"name": "  Mary's   phone "})
    assert named.status_code == 303
    page = soup(client.get(f"/games/{game_id}/history"))
    assert "Mary's phone" in page.select("ol.history li")[0].get_text()
    # back to before the round was entered, from the page: the round is open again
    entered = int(str(items[0]["value"]))
    form = one(page, "form:has(ol.history)")
    version = one(form, "input[name=version]")["value"]
    one(form, f"li[value='{entered - 1}'] button[name=entry]")
    back = client.post(form["action"], data={"version": version, "entry": entered - 1})
    assert back.status_code == 303
    page = soup(client.get(f"/games/{game_id}/history"))
    newest = page.select("ol.history li")[0].get_text()
    assert f"Brought back to how it stood after entry {entered - 1}" in newest
    assert "The game is back as it stood" in page.get_text()
    watcher = soup(FlaskClient(client.application).get(f"/games/{game_id}/history"))
    assert watcher.select("ol.history button") == []  # a watcher reads, never restores


def test_an_export_carries_the_history_and_its_import_keeps_it(client: FlaskClient) -> None:
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": list(ROUNDS[:1])})
    client.set_cookie("phone", "marys")
    client.post(f"/api/games/{game_id}/rounds", json=ROUNDS[1], headers=bearer(token))
    client.post(f"/games/{game_id}/history/phone", data={"name": "Mary's phone"})
    exported = client.get(f"/games/{game_id}/export.json").get_data()
    carried = json.loads(exported)["history"]
    assert [entry["phone"] for entry in carried] == ["phone 1", "Mary's phone"]
    answer = upload(client, exported)
    assert answer.status_code == 302, flashes(client)
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    entries = history(client, new_id)
    assert [entry["change"]["code"] for entry in entries] == [
        "started",
        "round_entered",
        "imported",
    ]
    assert [entry["phone"] for entry in entries][:2] == ["phone 1", "Mary's phone"]
    # the imported game's own record reads as the exported one, history and all but the import
    again = json.loads(client.get(f"/games/{new_id}/export.json").get_data())
    assert again["rounds"] == json.loads(exported)["rounds"]


def test_an_import_refuses_a_history_that_does_not_lead_to_its_game(client: FlaskClient) -> None:
    game_id, _token = create(client, {**EXAMPLE_GAME, "rounds": list(ROUNDS[:2])})
    exported = json.loads(client.get(f"/games/{game_id}/export.json").get_data())
    exported["rounds"] = exported["rounds"][:1]
    before = client.get("/").get_data()
    answer = upload(client, json.dumps(exported).encode())
    assert answer.status_code == 302 and answer.headers["Location"] == "/"
    assert "does not end in the game" in flashes(client)[-1][1]
    assert client.get("/").get_data().count(b"<li") == before.count(b"<li")
    api = client.post("/api/games", json=exported)
    assert api.status_code == 400 and json_of(api)["code"] == "record_history"
    for broken in ([], [{"entry": 2}], "history", [{**exported["history"][0], "entry": 3}]):
        refused = client.post("/api/games", json={**exported, "history": broken})
        assert refused.status_code == 400, broken


def test_an_import_without_a_history_starts_one(client: FlaskClient) -> None:
    record = {**EXAMPLE_GAME, "rounds": list(ROUNDS[:2])}
    answer = upload(client, json.dumps(record).encode())
    new_id = answer.headers["Location"].rsplit("/", 1)[-1]
    entries = history(client, new_id)
    assert [entry["change"] for entry in entries] == [{"code": "imported"}]


def test_a_rematch_begins_its_history_as_one(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    answer = client.post(f"/games/{game_id}/rematch")
    assert answer.status_code == 303
    new_id = answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert new_id != game_id
    assert [entry["change"] for entry in history(client, new_id)] == [{"code": "rematch"}]


def test_a_sealed_bid_is_in_no_history_until_its_round_opens(
    app: Flask, client: FlaskClient
) -> None:
    with app.app_context():
        db = storage.get_db()
        stored = storage.create_game(
            db,
            game.new_game(
                ("Tom", "Dick", "Mary"), 0, Variants(bid_visibility=BidVisibility.HIDDEN)
            ),
        )
        stored = storage.save(db, stored, game.set_trump(stored.record, Turned.JESTER, None))
        seat = game.current_setup(stored.record).bidders[0]
        stored = storage.save(db, stored, game.place_bid(stored.record, seat, 1))
    entries = history(client, stored.id)
    assert entries[-1]["words"] == f"Round 1: bids {stored.record.players[seat]} sealed"
    assert entries[-1]["after"] == {
        "round 1": {"bids": [None, None, None][:seat] + ["sealed"] + [None] * (2 - seat)}
    }
    carried = json.loads(client.get(f"/games/{stored.id}/export.json").data)["history"]
    assert all(
        bid is None
        for entry in carried
        for part in entry["parts"].values()
        if isinstance(part, dict)
        for bid in part.get("bids", [])
    )
