"""The evenings of a group file (issue 46): a file whose evening the pad would never write is
refused whole, ``group_file_evening``, as docs/api.md says: one game at two tables, a table of
a size the evening does not allow, a player who is not the evening's, a date that is not one."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from scorekeeper.core import group_record
from scorekeeper.core.record_shapes import RecordError
from tests.test_evenings_api import CLUB, evening, read, sitting

Json = dict[str, Any]


@pytest.fixture
def group_file(client: FlaskClient) -> Json:
    """A group file as the pad writes it: an evening of 11 at tables of 4 and 5, two sittings."""
    evening_id, token, _made = evening(client, players=CLUB[:11])
    sitting(client, evening_id, token, seed=1)
    sitting(client, evening_id, token, seed=2)
    exported = client.get(f"/groups/{read(client, evening_id)['group']}/export.json")
    data: Json = json.loads(exported.data)
    return data


def first_table(data: Json) -> Json:
    table: Json = data["evenings"][0]["sittings"][0]["tables"][0]
    return table


def sitting_twice(data: Json) -> None:
    sittings = data["evenings"][0]["sittings"]
    sittings[1] = {**copy.deepcopy(sittings[0]), "sitting": 2}


def evening_twice(data: Json) -> None:
    data["evenings"].append(copy.deepcopy(data["evenings"][0]))


def size_not_allowed(data: Json) -> None:
    seated = len(first_table(data)["players"])
    data["evenings"][0]["table_sizes"] = [size for size in (3, 4, 5, 6) if size != seated]


def player_not_the_evenings(data: Json) -> None:
    data["evenings"][0]["players"].remove(first_table(data)["players"][0])


def another_first_dealer(data: Json) -> None:
    table = first_table(data)
    table["first_dealer"] = (table["first_dealer"] + 1) % len(table["players"])


def game_of_other_settings(data: Json) -> None:
    data["games"][first_table(data)["game"]]["record"]["variants"]["length"] = "standard"


def evening_not_dated(data: Json) -> None:
    data["evenings"][0]["created_at"] = "last Friday"


def sitting_not_dated(data: Json) -> None:
    data["evenings"][0]["sittings"][1]["created_at"] = "2026-13-45T19:30:00+00:00"


CHANGES: dict[str, Callable[[Json], None]] = {
    "one game counted in two sittings": sitting_twice,
    "one game counted in two evenings": evening_twice,
    "a table of a size the evening does not allow": size_not_allowed,
    "a player who is not the evening's": player_not_the_evenings,
    "a table whose game another seat deals first": another_first_dealer,
    "a table whose game has other settings": game_of_other_settings,
    "an evening's date that is not a date": evening_not_dated,
    "a sitting's date that is not a date": sitting_not_dated,
}


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_an_evening_the_pad_would_never_write_is_refused(
    group_file: Json, change: Callable[[Json], None]
) -> None:
    group_record.parse_group_file(group_file)  # as written, it is read
    change(group_file)
    with pytest.raises(RecordError) as refused:
        group_record.parse_group_file(group_file)
    assert refused.value.reason.code == "group_file_evening"
    named = len(group_file["evenings"]) if change is evening_twice else 1
    assert dict(refused.value.reason.params) == {"number": named}


def test_a_refused_file_imports_nothing(client: FlaskClient, group_file: Json) -> None:
    sitting_twice(group_file)
    groups = client.get("/groups").get_data(as_text=True)
    response = client.post(
        "/groups/import",
        data={"record": (io.BytesIO(json.dumps(group_file).encode()), "club.json")},
        content_type="multipart/form-data",
        follow_redirects=True,
    )
    page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    assert "Evening 1 of the group file is not an evening" in page.get_text(" ", strip=True)
    assert client.get("/groups").get_data(as_text=True) == groups


def test_a_moment_without_an_offset_is_read_as_utc(group_file: Json) -> None:
    group_file["evenings"][0]["created_at"] = "2026-12-05T19:30:00"
    (read_evening,) = group_record.parse_group_file(group_file).evenings
    assert read_evening.created_at == "2026-12-05T19:30:00+00:00"
