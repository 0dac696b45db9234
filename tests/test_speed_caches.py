"""The pieces of pages kept made (render/page_parts.py, round_parts.py, templating.py) serve the
new page as soon as the game changes, in the reader's language and view, never another's.

Each piece is kept by the game's version (or what it shows of it) and the language: a change
of the game makes a new key, so the next page is made anew. docs/speed.md lists them."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.pages import act, one, play_round, post, soup, start_game, version


def _texts(client: FlaskClient, path: str, selector: str) -> list[str]:
    page = soup(client.get(path))
    return [cell.get_text(" ", strip=True) for cell in page.select(selector)]


def test_the_score_sheet_shows_each_new_round_and_adjustment(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])  # 20, -10, 30
    sheet = f"/games/{game_id}/sheet"
    assert len(_texts(client, sheet, "table.pad tbody tr")) == 1
    first = _texts(client, sheet, "table.pad tbody .total")
    play_round(client, game_id, [2, 0, 0], [1, 0, 1], turned="jester", suit=None)
    assert len(_texts(client, sheet, "table.pad tbody tr")) == 2
    assert _texts(client, sheet, "table.pad tbody .total")[:3] == first
    assert _texts(client, sheet, "table.pad tbody .total")[3:] == ["10", "10", "20"]
    adjusted = client.post(
        f"/games/{game_id}/rounds/2/adjust",
        data={"version": version(client, game_id), "seat": 1, "sign": "-", "points": "20"}
        | {"reason": "revoke"},
    )
    assert adjusted.status_code == 303
    assert _texts(client, sheet, "table.pad tbody .total")[3:] == ["10", "\u221210", "20"]
    assert _texts(client, sheet, ".adjustment-notes li")


def test_the_score_sheet_in_two_languages_and_two_views(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    sheet = f"/games/{game_id}/sheet"
    english = soup(client.get(sheet))
    german = soup(client.get(sheet + "?lang=de"))
    assert (
        one(english, "table.pad tbody th .vh").get_text()
        != one(german, "table.pad tbody th .vh").get_text()
    )
    # The scorekeeper's phone links each round to its correction; another phone does not.
    assert english.select("table.pad tbody th a")
    watcher = client.application.test_client()
    assert not soup(watcher.get(sheet)).select("table.pad tbody th a")
    assert soup(client.get(sheet)).select("table.pad tbody th a")


def test_the_round_page_follows_every_tap(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    page = f"/games/{game_id}"
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    before = soup(client.get(page))
    assert one(before, ".result h2").get_text() == "Round 1 result"
    assert one(before, "body")["data-version"] == str(version(client, game_id))
    assert act(client, game_id, "trump", turned="suit", suit="clubs") == []
    # The trump is in: the result gives way to the bids, the next bidder marked in the order.
    bidding = soup(client.get(page))
    assert bidding.select_one(".result") is None
    assert one(bidding, "ol.order li.current .value").get_text() == "…"
    assert one(bidding, "body")["data-version"] == str(version(client, game_id))
    seat = int(str(one(bidding, ".bid-pad [name=seat]")["value"]))
    assert post(client, game_id, "bid", seat=seat, bid=1).status_code == 303
    after = soup(client.get(page))
    values = [li.get_text(" ", strip=True) for li in after.select("ol.order li")]
    assert values != [li.get_text(" ", strip=True) for li in bidding.select("ol.order li")]
    assert any(text.endswith(" 1") for text in values)
    assert one(after, "body")["data-version"] == str(version(client, game_id))
    assert one(after, "body")["data-version"] != one(bidding, "body")["data-version"]


def test_the_last_result_in_the_readers_language(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    english = one(soup(client.get(f"/games/{game_id}")), ".result h2").get_text()
    german = one(soup(client.get(f"/games/{game_id}?lang=de")), ".result h2").get_text()
    assert english == "Round 1 result" and german != english
    play_round(client, game_id, [2, 0, 0], [1, 0, 1], turned="jester", suit=None)
    assert one(soup(client.get(f"/games/{game_id}?lang=en")), ".result h2").get_text() == (
        "Round 2 result"
    )
