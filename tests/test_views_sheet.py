"""The score sheet, corrections of finished rounds, game over and rematch."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.pages import correct_round as _edit
from tests.pages import one, play_round, soup, start_game


def _totals(client: FlaskClient, game_id: str) -> list[str]:
    cells = soup(client.get(f"/games/{game_id}/sheet")).select("tfoot tr:first-child td")
    return [cell.get_text(strip=True) for cell in cells]


def test_sheet_has_a_cell_per_player_and_round(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    play_round(client, game_id, [2, 0, 0], [1, 0, 1], turned="jester", suit=None)
    page = soup(client.get(f"/games/{game_id}/sheet"))
    rows = page.select("table.pad tbody tr")
    assert len(rows) == 2
    first = [td.get_text(" ", strip=True) for td in rows[0].select("td")]
    assert first == ["0/0 ✓ +20 20", "1/0 ✗ \u221210 \u221210", "1/1 ✓ +30 30"]
    assert "deals Mary" in one(rows[0], "th").get_text(" ")
    assert "♥ Hearts" in one(rows[0], "th").get_text()
    assert "No trump (Jester turned)" in one(rows[1], "th").get_text()
    # The card is named under the trump's mark: a Jester's "\u2013" is not a deal with no card
    # left, a Wizard's suit not a suit card turned (issue 33).
    assert rows[0].select(".special") == []
    assert one(rows[1], ".special").get_text() == "Jester"
    assert _totals(client, game_id) == ["10", "10", "20"]
    assert "Mary" in one(page, "thead th.leader").get_text()
    ranks = [td.get_text() for td in page.select("tfoot tr:nth-of-type(2) td")]
    assert ranks == ["2", "2", "1"]
    svg = page.select_one("figure.chart svg")
    assert svg is not None and "Mary" in svg.get_text()


def test_correcting_a_round_changes_the_totals(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    play_round(client, game_id, [2, 0, 0], [1, 0, 1], turned="jester", suit=None)
    response = _edit(client, game_id, 1, **{"tricks-1": 1, "tricks-2": 0})
    assert response.status_code == 303
    assert _totals(client, game_id) == ["10", "50", "\u221220"]


def test_a_correction_the_rules_refuse_changes_nothing(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    response = _edit(client, game_id, 1, **{"tricks-1": 1})
    assert response.status_code == 400
    assert "add up to 2" in one(soup(response), ".flash.error").get_text()
    response = _edit(client, game_id, 1, turned="suit", suit="")
    assert "Which suit" in one(soup(response), ".flash.error").get_text()
    assert _totals(client, game_id) == ["20", "\u221210", "30"]


def test_correction_that_breaks_a_later_canadian_round_is_flagged(client: FlaskClient) -> None:
    """Mary shared the lead when, dealing round 3, she made the bids add up (allowed).

    A correction of round 1 puts her alone in the lead before round 3, so round 3 now breaks
    the Canadian rule: it is flagged, and nothing in it is changed.
    """
    game_id = start_game(
        client, ["Tom", "Dick", "Mary"], first_dealer=0, bid_restriction="canadian"
    )
    play_round(client, game_id, [1, 0, 0], [1, 0, 0])
    play_round(client, game_id, [0, 0, 1], [0, 1, 1], turned="jester", suit=None)
    play_round(client, game_id, [1, 1, 1], [1, 1, 1], turned="suit", suit="clubs")
    assert soup(client.get(f"/games/{game_id}/sheet")).select("tr.flagged") == []
    assert _edit(client, game_id, 1, **{"tricks-0": 0, "tricks-1": 1}).status_code == 303
    page = soup(client.get(f"/games/{game_id}/sheet"))
    flagged = page.select("tbody tr.flagged")
    assert len(flagged) == 1 and one(flagged[0], ".num").get_text() == "3"
    assert "Canadian rule" in one(page, "tr.flag-note").get_text()


def test_game_over_names_the_winner_and_offers_a_rematch(client: FlaskClient) -> None:
    names = ["Tom", "Dick", "Mary", "Ann", "Bob", "Cy"]
    game_id = start_game(client, names, length="five_rounds")
    for hand in range(1, 6):
        play_round(client, game_id, [0] * 6, [hand, 0, 0, 0, 0, 0])
    page = soup(client.get(f"/games/{game_id}"))
    assert "Game over" in one(page, "h1").get_text()
    assert "Shared win" in one(page, ".winner").get_text()
    standings = [one(li, ".name").get_text() for li in page.select(".standings li")]
    assert standings[-1] == "Tom"
    version = page.select_one("input[name=version]")
    assert version is not None  # undo reopens the last round
    response = client.post(f"/games/{game_id}/rematch")
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    new_page = soup(client.get(f"/games/{new_id}"))
    assert "Round 1 of 5" in one(new_page, "h1").get_text()
    assert one(new_page, ".facts dd").get_text() == "Dick"


def test_a_turned_wizard_is_named_and_long_names_break_with_a_hyphen(client: FlaskClient) -> None:
    """Issue 33: the sheet names a Wizard turned up under its suit; on a sheet fitted to a phone
    (six players), a word too wide for its column gets soft hyphens where it may break."""
    names = ["Konstantinopoulos", "Ana", "Ben", "Cleo", "Dan", "Eve"]
    game_id = start_game(client, names, first_dealer=5)
    play_round(client, game_id, [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], turned="wizard")
    page = soup(client.get(f"/games/{game_id}/sheet"))
    row = one(page, "table.pad tbody tr")
    assert one(row, ".trump [aria-hidden]").get_text() == "\u2665"
    assert one(row, ".special").get_text() == "Wizard"
    header = [th.get_text() for th in page.select("table.pad thead th.name")]
    assert header[0].replace("\N{SOFT HYPHEN}", "") == "\u2605 Konstantinopoulos (in the lead)"
    assert "\N{SOFT HYPHEN}" in header[0]
    assert header[1:] == names[1:]
