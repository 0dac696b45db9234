"""Renaming a player of a group renames them in the group's club evenings too (issue 46): the
evening's players, each sitting's present players and sit-outs, and its tables, so the tables
keep seating what their games seat and the group's file imports again. Merging two players of
one evening is refused, as merging two players of one game is (docs/club-night.md)."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import group_record
from tests.pages import soup
from tests.test_evening_pages import draw, new_evening, tokens
from tests.test_evenings_api import play_to_the_end, read
from tests.test_groups_pages import make_group

CLUB = [f"Player {n}" for n in range(1, 12)]  # 11: tables of 4 and 5, one sits out


def club_night(client: FlaskClient) -> tuple[str, str, dict[str, Any]]:
    """A group with an evening of 11 (this browser its keeper): its first sitting drawn and its
    first table's game played to the end, then its second sitting drawn (where the one who sat
    out the first plays, and so joins the roster). The group's id, the evening's id and the
    evening as read."""
    group_id = make_group(client)
    evening_id = new_evening(client, group_id, CLUB)
    assert draw(client, evening_id) == []
    play_to_the_end(client, tokens(client, evening_id)["sittings"][0]["tables"][0], 3)
    assert draw(client, evening_id) == []
    answer = read(client, evening_id)
    assert answer["standings"]
    return group_id, evening_id, answer


def rename(client: FlaskClient, group_id: str, old: str, new: str) -> str:
    """Rename ``old`` to ``new`` on the player's page; the page's messages after it."""
    key = old.casefold()
    response = client.post(
        f"/groups/{group_id}/players/{key}/rename", data={"name": new}, follow_redirects=True
    )
    assert response.status_code == 200
    return " ".join(e.get_text(" ", strip=True) for e in soup(response).select(".flash"))


def names_in(answer: dict[str, Any]) -> set[str]:
    """Every name the evening's answer gives: players, present, sit-outs, tables, standings."""
    names = set(answer["players"])
    for sitting in answer["sittings"]:
        names |= set(sitting.get("present", ())) | set(sitting["sitting_out"])
        for table in sitting["tables"]:
            names |= set(table["players"]) | set(table["winners"])
    names |= {line["player"] for line in answer["standings"]}
    return names


def import_again(client: FlaskClient, group_id: str) -> str:
    """Export the group's file and import it on this pad: the new group's id."""
    exported = client.get(f"/groups/{group_id}/export.json")
    group_record.parse_group_file(json.loads(exported.data))  # read without a refusal
    response = client.post(
        "/groups/import",
        data={"record": (io.BytesIO(exported.data), "club.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    assert response.headers["Location"].startswith("/groups/"), response.headers["Location"]
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_a_player_who_played_is_renamed_in_the_evening(client: FlaskClient) -> None:
    group_id, evening_id, before = club_night(client)
    played = before["sittings"][0]["tables"][0]["players"][0]
    assert played in {line["player"] for line in before["standings"]}
    assert "is now Ann" in rename(client, group_id, played, "Ann")
    after = read(client, evening_id)
    assert played not in names_in(after) and "Ann" in after["players"]
    assert after["players"] == [("Ann" if name == played else name) for name in before["players"]]
    table = after["sittings"][0]["tables"][0]
    assert table["players"][0] == "Ann"
    assert "Ann" in {line["player"] for line in after["standings"]}
    assert after["version"] > before["version"]  # its open pages follow
    page = client.get(f"/evenings/{evening_id}").get_data(as_text=True)
    # "Player 1" is in "Player 10" of the roster's list: a name, not a part of one
    assert "Ann" in page and re.search(rf"{re.escape(played)}(?!\d)", page) is None

    copy = import_again(client, group_id)
    with client.application.app_context():
        (imported,) = storage.group_evenings(storage.get_db(), copy)
    again = read(client, imported.id)
    assert again["players"] == after["players"]
    assert again["standings"] == after["standings"]
    assert [t["players"] for t in again["sittings"][0]["tables"]] == [
        t["players"] for t in after["sittings"][0]["tables"]
    ]


def test_a_player_who_sat_out_is_renamed_in_the_evening(client: FlaskClient) -> None:
    group_id, evening_id, before = club_night(client)
    (out,) = before["sittings"][0]["sitting_out"]
    assert out in {name for table in before["sittings"][1]["tables"] for name in table["players"]}
    assert "is now Zed, in 1 game" in rename(client, group_id, out, "Zed")
    after = read(client, evening_id)
    assert after["sittings"][0]["sitting_out"] == ["Zed"]
    assert "Zed" in after["sittings"][0]["present"] and "Zed" in after["sittings"][1]["present"]
    assert out not in names_in(after) and "Zed" in after["players"]
    assert after["version"] > before["version"]
    import_again(client, group_id)


def test_a_new_spelling_of_the_same_name_is_taken_everywhere(client: FlaskClient) -> None:
    group_id, evening_id, before = club_night(client)
    played = before["sittings"][0]["tables"][0]["players"][0]
    rename(client, group_id, played, played.upper())
    after = read(client, evening_id)
    assert played.upper() in after["players"] and played not in names_in(after)
    assert after["sittings"][0]["tables"][0]["players"][0] == played.upper()
    import_again(client, group_id)


def test_two_players_of_one_evening_are_not_merged(client: FlaskClient) -> None:
    group_id, evening_id, before = club_night(client)
    met = {
        frozenset((a, b))
        for sitting in before["sittings"]
        for table in sitting["tables"]
        for a in table["players"]
        for b in table["players"]
    }
    # Never at one game, yet two players of the same evening.
    one, other = next(
        (a, b) for a in before["players"] for b in before["players"] if frozenset((a, b)) not in met
    )
    roster = client.get(f"/groups/{group_id}/export.json").data
    said = rename(client, group_id, one, other)
    assert f"{one} and {other} are players of the same club night, so they cannot be one" in said
    assert read(client, evening_id) == before
    assert client.get(f"/groups/{group_id}/export.json").data == roster  # nothing changed


def test_a_player_merged_with_one_outside_the_evening_takes_that_name(
    client: FlaskClient,
) -> None:
    group_id, evening_id, before = club_night(client)
    with client.application.app_context():
        storage.join_roster(storage.get_db(), group_id, ["Old Friend"])
    played = before["sittings"][0]["tables"][0]["players"][0]
    assert "is now Old Friend" in rename(client, group_id, played, "Old Friend")
    after = read(client, evening_id)
    assert "Old Friend" in after["players"] and played not in names_in(after)
    with client.application.app_context():
        stored = storage.load_group(storage.get_db(), group_id)
    assert stored is not None and "old friend" in dict(stored.roster)
    assert played.casefold() not in dict(stored.roster)
    import_again(client, group_id)
