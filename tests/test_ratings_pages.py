"""Ratings on the group's pages and in the API (issue 48): each game's change of a player read by
opponent, and how often the favourite won against the 1/n baseline."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.core import ratings, record, sheet
from scorekeeper.core.players import seat_keys
from tests.pages import one, soup
from tests.plays import bearer, json_of
from tests.test_groups_api import game_json, make


def group_of_games(client: FlaskClient, count: int = 6) -> tuple[str, list[dict[str, Any]]]:
    group_id, token = make(client)
    games = [game_json(seed) for seed in range(count)]
    for body in games:
        response = client.post(f"/api/groups/{group_id}/games", json=body, headers=bearer(token))
        assert response.status_code == 201
    return group_id, games


def finished(games: list[dict[str, Any]]) -> list[ratings.FinishedGame]:
    return [
        ratings.FinishedGame(
            seat_keys(body["players"]), sheet.build(record.parse_game(body)).totals
        )
        for body in games
    ]


def test_a_players_changes_read_by_opponent_in_the_api(client: FlaskClient) -> None:
    group_id, games = group_of_games(client)
    name = games[0]["players"][0]
    answer = json_of(client.get(f"/api/groups/{group_id}/ratings/{name}"))
    assert answer["player"] == name
    lines = answer["games"]
    expected = ratings.changes_of(finished(games), seat_keys([name])[0])
    assert len(lines) == len(expected) > 0
    for line, change in zip(lines, expected, strict=True):
        assert line["change"] == round(change.change, 2)
        assert (line["place"], line["players"], line["held"]) == (
            change.place,
            change.size,
            change.held,
        )
        parts = [Decimal(str(o["change"])) for o in line["opponents"]]
        assert sum(parts) == Decimal(str(line["change"]))
        assert name not in [o["player"] for o in line["opponents"]]
        if line["place"] == 1 and line["settled"]:
            assert line["change"] >= 0
    assert answer["rating"] == round(expected[-1].after, 2)
    # The name as the rules read names; an unknown player is said so.
    assert client.get(f"/api/groups/{group_id}/ratings/{name.upper()}").status_code == 200
    missing = client.get(f"/api/groups/{group_id}/ratings/Nobody")
    assert missing.status_code == 404 and json_of(missing)["code"] == "player_not_found"


def test_the_backtest_in_the_api_and_on_the_pages(client: FlaskClient) -> None:
    group_id, games = group_of_games(client)
    tested = ratings.backtest(finished(games))
    answer = json_of(client.get(f"/api/groups/{group_id}/ratings"))["backtest"]
    assert answer["games"] == tested.games > 0
    assert answer["baseline"] == pytest.approx(tested.baseline, abs=1e-4)
    assert answer["favourite_won"] == pytest.approx(tested.favourite_won, abs=0.01)
    page = soup(client.get(f"/groups/{group_id}"))
    line = one(page, ".backtest").get_text(" ", strip=True)
    assert f"of {tested.games} games" in line and "25%" in line
    player = games[0]["players"][0]
    page = soup(client.get(f"/groups/{group_id}/players/{seat_keys([player])[0]}"))
    assert one(page, ".backtest").get_text(" ", strip=True) == line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_players_page_shows_each_games_change_by_opponent(
    client: FlaskClient, lang: str
) -> None:
    group_id, games = group_of_games(client)
    name = games[0]["players"][0]
    key = seat_keys([name])[0]
    page = soup(client.get(f"/groups/{group_id}/players/{key}?lang={lang}"))
    table = one(page, "table.rating-changes")
    changes = table.select("td.change")
    opponents = table.select("tr.by-opponent")
    expected = ratings.changes_of(finished(games), key)
    assert len(changes) == len(opponents) == len(expected)
    # Latest first; each line's parts sum to its change.
    newest = expected[-1]
    shown = changes[0].get_text(strip=True).rstrip("°")
    assert shown.replace("\u2212", "-").replace(",", ".").lstrip("+") == f"{newest.change:.2f}"
    parts = [span.get_text(strip=True) for span in opponents[0].select("span")]
    assert len(parts) == newest.size - 1
    total = sum(
        Decimal(part.rsplit(" ", 1)[-1].replace("\u2212", "-").replace(",", ".").lstrip("+"))
        for part in parts
    )
    assert total == Decimal(f"{newest.change:.2f}")
    rating = one(page, ".figures .rating dd").get_text(strip=True).rstrip("*")
    assert rating.replace(",", ".") == f"{newest.after:.1f}"
