"""Issue 47, a game's history through the API and its page: every change an entry with its phone,
a restore to any entry (itself an entry, refused when stale or asked by a viewer), the words of
a correction, and the phone's own name."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.core.rules import Variants
from tests.plays import EXAMPLE_GAME, bearer, create, json_of, played_game, round_json
from tests.test_api_trash import outputs

ROUNDS = [round_json(played) for played in played_game(3, Variants(), 6).rounds]


def history(client: FlaskClient, game_id: str) -> list[dict[str, object]]:
    answer = client.get(f"/api/games/{game_id}/history")
    assert answer.status_code == 200, answer.json
    entries: list[dict[str, object]] = json_of(answer)["entries"]
    return entries


def restore(client: FlaskClient, game_id: str, token: str, body: object, version: str) -> object:
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
    assert set(entries[2]["after"]) == {"round 1"}  # type: ignore[arg-type]


def test_a_restore_to_an_entry_gives_that_entrys_outputs_and_can_be_undone(
    client: FlaskClient,
) -> None:
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": list(ROUNDS[:1])})
    at_start = outputs(client, game_id)
    for played in ROUNDS[1:4]:
        answer = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
        assert answer.status_code == 201
    later = outputs(client, game_id)
    back = restore(client, game_id, token, {"entry": 1}, "4")
    assert back.status_code == 200, back.json  # type: ignore[attr-defined]
    assert outputs(client, game_id)[1:3] == at_start[1:3]  # the record and the CSV as they were
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
    assert stale.status_code == 412  # type: ignore[attr-defined]
    unknown = restore(client, game_id, token, {"entry": 9}, "1")
    assert unknown.status_code == 404  # type: ignore[attr-defined]
    assert json_of(unknown)["code"] == "entry_not_found"  # type: ignore[arg-type]
    for body in ({"entry": 0}, {"entry": "1"}, {"entry": True}, {"entry": 1, "more": 1}, []):
        bad = restore(client, game_id, token, body, "1")
        assert bad.status_code == 400, body  # type: ignore[attr-defined]
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
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": list(ROUNDS[:2])})
    page = client.get(f"/games/{game_id}/history")
    assert page.status_code == 200
    assert "Game started" in page.get_data(as_text=True)
