"""A whole club evening over the API (issue 34): 13 players at tables of 4 and 5 over three
sittings, one arriving for the second, every table's game played to its end through the game
API; the draw's rules checked sitting by sitting and the standings against a count by hand.
Then the evening leaves with its group's file and comes back the same on a fresh pad."""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from scorekeeper import storage
from tests.plays import json_of
from tests.support.apps import make_app
from tests.test_create_once_groups import GROUP_FILE
from tests.test_evenings_api import CLUB, evening, play_to_the_end, read, sitting


def check_the_draw(
    drawn: dict[str, Any], present: list[str], earlier: list[dict[str, Any]]
) -> None:
    """Everyone present seated once or sitting out, nobody at two tables, sizes allowed, and
    nobody sits out twice before everyone still here has sat out once."""
    seated = [name for table in drawn["tables"] for name in table["players"]]
    assert len(seated) == len(set(seated))
    assert sorted(seated + drawn["sitting_out"]) == sorted(present)
    assert all(len(table["players"]) in (4, 5) for table in drawn["tables"])
    assert all(0 <= table["first_dealer"] < len(table["players"]) for table in drawn["tables"])
    out_before = Counter(name for s in earlier for name in s["sitting_out"])
    for name in drawn["sitting_out"]:
        assert all(out_before[name] <= out_before[other] for other in present), name


def placement_by_hand(totals: list[int]) -> list[Fraction]:
    """Each seat's placement points: 100 for first down to 0 for last, ties sharing."""
    count = len(totals)
    ordered = sorted(totals, reverse=True)
    points = []
    for total in totals:
        places = [place for place, other in enumerate(ordered) if other == total]
        shares = [Fraction(100) - Fraction(100, count - 1) * place for place in places]
        points.append(sum(shares, Fraction(0)) / len(places))
    return points


def test_a_whole_evening_of_13_players(client: FlaskClient) -> None:
    late = CLUB[12]
    evening_id, token, _made = evening(client, players=CLUB[:12])
    plan = [("random", CLUB[:12]), ("balanced", CLUB), ("standings", CLUB)]
    drawn_so_far: list[dict[str, Any]] = []
    for number, (seating, present) in enumerate(plan, start=1):
        drawn = sitting(client, evening_id, token, seating=seating, present=present)
        assert drawn["sitting"] == number
        check_the_draw(drawn, present, drawn_so_far)
        drawn_so_far.append(drawn)
        for seed, table in enumerate(drawn["tables"]):
            play_to_the_end(client, table, seed + 10 * number)
    assert late not in [n for t in drawn_so_far[0]["tables"] for n in t["players"]]
    assert [len(t["players"]) for t in drawn_so_far[1]["tables"]] == [5, 4, 4]

    got = read(client, evening_id)
    assert got["playing"] == [] and got["players"] == CLUB
    expected: defaultdict[str, Fraction] = defaultdict(Fraction)
    games: Counter[str] = Counter()
    for drawn in drawn_so_far:
        for table in drawn["tables"]:
            state = json_of(client.get(f"/api/games/{table['game']}"))
            assert state["finished"] and state["players"] == table["players"]
            by_hand = placement_by_hand(state["totals"])
            for name, points in zip(table["players"], by_hand, strict=True):
                expected[name] += points
                games[name] += 1
        for name in drawn["sitting_out"]:
            expected[name] += Fraction(50)
    lines = got["standings"]
    assert [line["rank"] for line in lines] == list(range(1, 14))
    for line in lines:
        assert line["placement_points"] == round(float(expected[line["player"]]), 2)
        assert line["games"] == games[line["player"]]
    assert games[late] == 2
    ranked = [line["placement_points"] for line in lines]
    assert ranked == sorted(ranked, reverse=True)
    # By standings: the leaders after two sittings at table 1.
    assert len(drawn_so_far[2]["tables"][0]["players"]) == 5


def test_sitting_out_goes_round(client: FlaskClient) -> None:
    """11 at tables of 4 and 5 seat 10: one sits out each sitting, never the same twice."""
    evening_id, token, _made = evening(client, players=CLUB[:11], sittings=5)
    drawn_so_far: list[dict[str, Any]] = []
    for seating in ("random", "balanced", "random", "balanced", "random"):
        drawn = sitting(client, evening_id, token, seating=seating)
        check_the_draw(drawn, CLUB[:11], drawn_so_far)
        drawn_so_far.append(drawn)
    out = [name for drawn in drawn_so_far for name in drawn["sitting_out"]]
    assert len(out) == 5 and len(set(out)) == 5


def test_a_balanced_evening_repeats_no_pair_where_none_need_repeat(client: FlaskClient) -> None:
    """16 at tables of 4 for 3 sittings can meet nobody twice (docs/club-night.md)."""
    players = [f"P{n}" for n in range(16)]
    evening_id, token, _made = evening(client, players=players, table_sizes=[4])
    met: Counter[frozenset[str]] = Counter()
    for _ in range(3):
        drawn = sitting(client, evening_id, token, seating="balanced", seed=5)
        for table in drawn["tables"]:
            met.update(frozenset(pair) for pair in itertools.combinations(table["players"], 2))
    assert max(met.values()) == 1


def test_the_evening_goes_with_its_group_file(client: FlaskClient, tmp_path: Path) -> None:
    evening_id, token, _made = evening(client, players=CLUB[:11])
    first = sitting(client, evening_id, token, seating="random")
    for seed, table in enumerate(first["tables"]):
        play_to_the_end(client, table, seed)
    sitting(client, evening_id, token, seating="standings")  # drawn, not played
    before = read(client, evening_id)
    exported = client.get(f"/groups/{before['group']}/export.json")
    assert exported.status_code == 200
    data = json.loads(exported.data)
    assert len(data["evenings"]) == 1

    fresh = make_app(tmp_path / "fresh.sqlite").test_client()
    response = fresh.post(
        "/groups/import",
        data={"record": (io.BytesIO(exported.data), "club.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    group_id = response.headers["Location"].rsplit("/", 1)[-1]
    again = json.loads(fresh.get(f"/groups/{group_id}/export.json").data)
    evenings = again["evenings"]
    assert evenings == data["evenings"]
    with fresh.application.app_context():
        (stored,) = storage.group_evenings(storage.get_db(), group_id)
    after = read(fresh, stored.id)
    assert same_evening(after) == same_evening(before)


def same_evening(answer: dict[str, Any]) -> dict[str, Any]:
    """An evening's JSON without what a pad gives anew (ids, the version)."""
    kept = {key: value for key, value in answer.items() if key not in ("id", "group", "version")}
    kept["playing"] = len(answer["playing"])
    kept["sittings"] = [
        {**s, "tables": [{k: v for k, v in t.items() if k != "game"} for t in s["tables"]]}
        for s in answer["sittings"]
    ]
    return kept


def test_an_older_group_file_without_evenings_still_imports(client: FlaskClient) -> None:
    response = client.post(
        "/groups/import",
        data={"record": (io.BytesIO(GROUP_FILE), "club.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/groups/")
    exported = client.get(response.headers["Location"] + "/export.json")
    assert "evenings" not in json.loads(exported.data)
