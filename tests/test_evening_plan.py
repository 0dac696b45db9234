"""The evening's plan (issue 48): every sitting still to come, printed before the first card is
dealt; the draws follow it while the evening goes as planned (docs/club-night.md "The plan")."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests import pdfs
from tests.pages import one, soup
from tests.plays import bearer, json_of
from tests.test_evening_pages import draw, new_evening
from tests.test_evenings_api import evening, sitting
from tests.test_groups_pages import make_group

TWENTY = [f"Player {n}" for n in range(1, 21)]


def plan(client: FlaskClient, evening_id: str, **headers: str) -> dict[str, Any]:
    response = client.get(f"/api/evenings/{evening_id}/plan", headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = json_of(response)
    return answer


def tables_of(drawn: dict[str, Any]) -> list[tuple[list[str], int]]:
    return [(table["players"], table["first_dealer"]) for table in drawn["tables"]]


def test_the_plan_of_twenty_at_tables_of_four_is_every_sitting_without_a_repeat(
    client: FlaskClient,
) -> None:
    evening_id, _token, _made = evening(client, TWENTY, sittings=5, table_sizes=[4])
    planned = plan(client, evening_id)
    assert planned["made_after"] == 0 and sorted(planned["present"]) == sorted(TWENTY)
    assert [s["sitting"] for s in planned["sittings"]] == [1, 2, 3, 4, 5]
    assert planned["pairs_again"] == 0
    for each in planned["sittings"]:
        assert sorted(p for t in each["tables"] for p in t["players"]) == sorted(TWENTY)
        assert [t["table"] for t in each["tables"]] == [1, 2, 3, 4, 5]
    # Each player's route: a table and seat at each sitting, as the tables have them.
    route = {line["player"]: line["sittings"] for line in planned["routes"]}
    assert list(route) == TWENTY
    stop = route["Player 7"][2]
    table = planned["sittings"][2]["tables"][stop["table"] - 1]
    assert table["players"][stop["seat"] - 1] == "Player 7"
    # Asked again, the same plan.
    assert plan(client, evening_id) == planned


def test_the_draws_follow_the_plan_printed(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, TWENTY, sittings=5, table_sizes=[4])
    planned = plan(client, evening_id)
    for number in range(1, 4):
        drawn = sitting(client, evening_id, token, seating="balanced")
        assert drawn["sitting"] == number and drawn["seating"] == "balanced"
        assert tables_of(drawn) == tables_of(planned["sittings"][number - 1])
    # What is left of the plan is what was printed.
    later = plan(client, evening_id)
    assert later["made_after"] == 0
    assert later["sittings"] == planned["sittings"][3:]


def test_a_plan_is_followed_from_a_first_sitting_by_lots_too_but_not_by_a_given_seed(
    client: FlaskClient,
) -> None:
    evening_id, token, _made = evening(client)
    planned = plan(client, evening_id)
    drawn = sitting(client, evening_id, token)  # the first sitting's default: random
    assert tables_of(drawn) == tables_of(planned["sittings"][0])
    assert drawn["sitting_out"] == planned["sittings"][0]["sitting_out"]
    seeded = sitting(client, evening_id, token, seating="balanced", seed=77)
    assert seeded["seed"] == 77
    # The plan no longer stands: asked now, a new one for the sittings still to come.
    later = plan(client, evening_id)
    assert later["made_after"] == 2 and [s["sitting"] for s in later["sittings"]] == [3]


def test_who_is_here_changing_drops_the_plan(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, TWENTY, sittings=5, table_sizes=[4])
    planned = plan(client, evening_id)
    sitting(client, evening_id, token)
    now = [*TWENTY[1:], "Late Lena"]
    drawn = sitting(client, evening_id, token, seating="balanced", present=now)
    assert "Late Lena" in [p for t in drawn["tables"] for p in t["players"]]
    assert tables_of(drawn) != tables_of(planned["sittings"][1])
    later = plan(client, evening_id)
    assert later["made_after"] == 2 and sorted(later["present"]) == sorted(now)
    assert len(later["sittings"]) == 3


def test_a_redraw_draws_anew(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, TWENTY, sittings=5, table_sizes=[4])
    planned = plan(client, evening_id)
    sitting(client, evening_id, token)
    response = client.post(
        f"/api/evenings/{evening_id}/sittings/1",
        json={"seating": "balanced"},
        headers=bearer(token),
    )
    assert response.status_code == 200
    assert tables_of(json_of(response)) != tables_of(planned["sittings"][0])


def test_every_sitting_drawn_leaves_an_empty_plan(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, sittings=1)
    sitting(client, evening_id, token)
    assert plan(client, evening_id)["sittings"] == []


def test_the_plan_is_a_pdf_linked_from_the_keepers_part(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    link = one(soup(client.get(f"/evenings/{evening_id}")), ".plan-link a")
    assert link["href"] == f"/evenings/{evening_id}/plan.pdf"
    response = client.get(link["href"])
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdfs.text(response.data)
    planned = plan(client, evening_id)
    assert "The evening's plan" in text and "Each player's route" in text
    for number in (1, 2, 3):
        assert f"Sitting {number}" in text
    for line in planned["routes"]:
        assert line["player"] in text
    # Drawn by the page's form (random, as it offers first): the plan's first sitting.
    assert draw(client, evening_id) == []
    drawn = json_of(client.get(f"/api/evenings/{evening_id}"))["sittings"][0]
    assert tables_of(drawn) == tables_of(planned["sittings"][0])
    # The plan stands: still linked, to print again. Every sitting drawn: no link.
    assert soup(client.get(f"/evenings/{evening_id}")).select(".plan-link")
    assert draw(client, evening_id) == [] and draw(client, evening_id) == []
    assert not soup(client.get(f"/evenings/{evening_id}")).select(".plan-link")


def test_the_plan_is_linked_before_the_first_draw_and_while_it_stands(
    client: FlaskClient,
) -> None:
    # Drawn without a plan asked for: no link on the page (the API still plans the rest).
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    assert soup(client.get(f"/evenings/{evening_id}")).select(".plan-link")
    assert draw(client, evening_id) == []
    assert not soup(client.get(f"/evenings/{evening_id}")).select(".plan-link")
    assert [s["sitting"] for s in plan(client, evening_id)["sittings"]] == [2, 3]
    assert soup(client.get(f"/evenings/{evening_id}")).select(".plan-link")


def test_an_unknown_evening_has_no_plan(client: FlaskClient) -> None:
    assert client.get("/api/evenings/nope/plan").status_code == 404
    assert client.get("/evenings/nope/plan.pdf").status_code == 404
