"""Skull King's Loot when one ally misses (issue 49's walk): it scores nothing for both, and
every place that says why (the sheet's marks, their hover and screen-reader words, the key, the
CSV, the round's result) names the ally who missed, never the one who met the bid."""

from __future__ import annotations

import csv
import io

import pytest
from flask.testing import FlaskClient

from scorekeeper.render import game_words
from tests import test_api_family as api_family
from tests.pages import one, soup
from tests.plays import bearer

ANN, BOB, CID, DEE, EVE = api_family.FIVE
FIRST = {"bids": [0, 0, 0, 0, 1], "tricks": [0, 0, 0, 0, 1]}


def loot_round(client: FlaskClient, bids: list[int], tricks: list[int]) -> str:
    """A Skull King game whose second round has a Loot: Bob took it, Cid played it."""
    game_id, token = api_family.skull_king(client, advanced_cards=True)
    second = {"bids": bids, "tricks": tricks, "bonuses": [api_family.bonus(1, "loot", 2)]}
    for played in (FIRST, second):
        posted = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
        assert posted.status_code == 201, posted.json
    return game_id


def marks_said(client: FlaskClient, game_id: str, language: str = "en") -> dict[str, str]:
    """Each player's marks of round 2 on the sheet, as hovered and as a screen reader says them
    (the same words: checked here)."""
    page = soup(client.get(f"/games/{game_id}/sheet?lang={language}"))
    cells = page.select("table.pad tbody tr")[1].select("td")
    said = {}
    for name, cell in zip(api_family.FIVE, cells, strict=True):
        marks = cell.select_one(".bonus-marks")
        if marks is not None:
            spoken = one(marks, ".visually-hidden").get_text()
            assert spoken == marks["title"], name
            said[name] = spoken
    return said


def test_the_ally_who_met_the_bid_is_told_who_missed(client: FlaskClient) -> None:
    # Bob bid 1 and took 1; Cid, who played the Loot, bid 1 and took none.
    game_id = loot_round(client, [0, 1, 1, 0, 0], [1, 1, 0, 0, 0])
    said = marks_said(client, game_id)
    loot = game_words.bonus_label("loot")
    assert said == {
        BOB: f"{loot}: scored nothing: {CID} missed the bid",
        CID: f"{loot}: scored nothing: {CID} missed the bid",
    }
    # The key does not say the struck Loot's player missed: either ally's bid voids it.
    page = soup(client.get(f"/games/{game_id}/sheet"))
    key = page.select(".marks-key .mark-key")[-1].get_text(" ", strip=True)
    short = game_words.bonus_short("loot")
    assert key == (
        f"{short} scored nothing: the player's bid was missed, or for the Loot either ally's"
    )
    # The spreadsheet says the same, row by row.
    text = client.get(f"/games/{game_id}/export.csv").text.lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text)))
    detail = {row["player"]: row["bonuses"] for row in rows if row["round"] == "2"}
    assert detail[BOB] == detail[CID] == f"{loot}: scored nothing: {CID} missed the bid"
    # The round's result names the same player.
    result = soup(client.get(f"/games/{game_id}")).select(".round-extras li")
    assert result[0].get_text(" ", strip=True).endswith(f"scored nothing: {CID} missed the bid")


def test_the_allies_words_in_spanish_name_who_missed(client: FlaskClient) -> None:
    """The walk's words: "no sumó nada (apuesta no cumplida)" on the row of Bob, who met it."""
    game_id = loot_round(client, [0, 1, 1, 0, 0], [1, 1, 0, 0, 0])
    said = marks_said(client, game_id, "es")
    assert "apuesta no cumplida" not in said[BOB]
    assert said[BOB] == said[CID] and said[BOB].endswith(f"({CID} no cumplió su apuesta)")


@pytest.mark.parametrize(
    ("bids", "tricks", "named"),
    [
        # Bob (bid 2, took 1) missed, Cid met: Bob is named, on both rows.
        ([0, 2, 1, 0, 0], [0, 1, 1, 0, 0], {BOB: BOB, CID: BOB}),
        # Both missed: each row says its own player missed; the result names both.
        ([0, 0, 1, 0, 0], [1, 1, 0, 0, 0], {BOB: BOB, CID: CID}),
    ],
)
def test_each_ally_is_told_what_happened_to_them(
    client: FlaskClient, bids: list[int], tricks: list[int], named: dict[str, str]
) -> None:
    game_id = loot_round(client, bids, tricks)
    said = marks_said(client, game_id)
    assert {name: text.rsplit(": ", 1)[1] for name, text in said.items()} == {
        name: f"{who} missed the bid" for name, who in named.items()
    }
    result = soup(client.get(f"/games/{game_id}")).select_one(".round-extras li")
    assert result is not None
    missed = sorted({*named.values()})
    words = (
        f"{missed[0]} missed the bid"
        if len(missed) == 1
        else f"{missed[0]} and {missed[1]} missed their bids"
    )
    assert result.get_text(" ", strip=True).endswith(f"scored nothing: {words}")


def test_a_loot_both_allies_met_is_no_struck_mark(client: FlaskClient) -> None:
    game_id = loot_round(client, [0, 1, 1, 0, 0], [0, 1, 1, 0, 0])
    page = soup(client.get(f"/games/{game_id}/sheet"))
    assert page.select(".marks-key s") == []
    assert set(marks_said(client, game_id).values()) == {game_words.bonus_label("loot")}
