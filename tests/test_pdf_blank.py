"""The blank score pad: GET /sheets/blank.pdf, the paper fallback for N players."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorekeeper.core import rules
from tests import pdfs
from tests.pages import one, soup


@pytest.mark.parametrize(
    ("players", "size"),
    [(3, (595, 842)), (6, (842, 595)), (8, (842, 595))],
)
def test_pad_has_a_row_per_round_of_the_standard_schedule(
    client: FlaskClient, players: int, size: tuple[int, int]
) -> None:
    response = client.get(f"/sheets/blank.pdf?players={players}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert pdfs.pages(response.data) == [size]
    text = pdfs.text(response.data)
    assert "Round Cards Dealer Trump" in text
    assert "Bid Tricks Score Total " * players in text
    schedule = rules.schedule(players)
    rows = " ".join(f"{number} {hand}" for number, hand in enumerate(schedule, start=1))
    assert rows in text
    if players * schedule[-1] == 60:  # the last round deals the whole deck
        assert f"{len(schedule)} {schedule[-1]} No trump: no card left" in text
    assert f"{players} players · Standard · {len(schedule)} rounds" in text


@pytest.mark.parametrize("length", list(rules.Length))
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_every_length_and_table_has_its_rows_and_headers(
    client: FlaskClient, length: rules.Length, players: int
) -> None:
    response = client.get(f"/sheets/blank.pdf?players={players}&length={length.value}")
    if length is rules.Length.AMIGO and players > 6:
        assert response.status_code == 400 and "no schedule for 7 or 8" in response.text
        return
    assert response.status_code == 200
    text = pdfs.text(response.data)
    schedule = rules.schedule(players, length)
    assert "Round Cards Dealer Trump" in text
    assert "Bid Tricks Score Total " * players in text
    assert f"{len(schedule)} rounds" in text
    if length is rules.Length.MAXIMUS:
        assert "♣ Clubs" in text  # the trump of round 1 is fixed, so printed
    # Every seat without a name has its number and a line to write the name on.
    assert " ".join(str(seat) for seat in range(1, players + 1)) in text


def test_unknown_length_is_refused(client: FlaskClient) -> None:
    response = client.get("/sheets/blank.pdf?players=4&length=forever")
    assert response.status_code == 400
    assert (
        "The setting length is one of standard," in response.text and "not forever" in response.text
    )


def test_names_fill_the_seats_in_order(client: FlaskClient) -> None:
    query = "players=5&names=Tom&names=Γιώργος&names=Мария&names=<i>x</i>&paper=letter"
    response = client.get(f"/sheets/blank.pdf?{query}")
    assert pdfs.pages(response.data) == [(792, 612)]
    text = pdfs.text(response.data)
    assert "Tom Γιώργος Мария <i>x</i> 5 Bid" in text
    assert pdfs.fonts(response.data) <= {"DejaVu-Sans", "DejaVu-Sans-Bold"}
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="wizard-blank-5-tom-i-x-i.pdf"; filename*=')


@pytest.mark.parametrize(
    "query",
    ["", "players=2", "players=9", "players=four", "players=-3", "players=²", "players=4.0"],
)
def test_player_count_outside_3_to_8_is_refused(client: FlaskClient, query: str) -> None:
    response = client.get(f"/sheets/blank.pdf?{query}")
    assert response.status_code == 400
    assert "a number from 3 to 8" in response.text


def test_more_names_than_players_is_refused(client: FlaskClient) -> None:
    response = client.get("/sheets/blank.pdf?players=3&names=a&names=b&names=c&names=d")
    assert response.status_code == 400 and "4 names for 3 players" in response.text


def test_overlong_name_is_refused(client: FlaskClient) -> None:
    response = client.get(f"/sheets/blank.pdf?players=3&names={'x' * 33}")
    assert response.status_code == 400 and "Keep each name to 32 characters" in response.text


def test_unknown_paper_is_refused(client: FlaskClient) -> None:
    response = client.get("/sheets/blank.pdf?players=3&paper=a5")
    assert response.status_code == 400 and "Paper must be" in response.text


def test_blank_pad_is_cached_with_an_etag(client: FlaskClient) -> None:
    first = client.get("/sheets/blank.pdf?players=4")
    etag = first.headers["ETag"]
    assert client.get("/sheets/blank.pdf?players=4").data == first.data
    again = client.get("/sheets/blank.pdf?players=4", headers={"If-None-Match": etag})
    assert again.status_code == 304
    other = client.get("/sheets/blank.pdf?players=4&names=Ann")
    assert other.headers["ETag"] != etag


def test_the_home_pages_blank_pad_is_for_the_game_chosen(client: FlaskClient) -> None:
    """Issue 33's walk: the home page's blank pad was Wizard's whatever the table played. Its form
    names the game; the Wizard settings it also sends are left to Wizard."""
    form = one(soup(client.get("/")), "details.blank form")
    games = [option["value"] for option in form.select("select[name=game] option")]
    assert games == ["wizard", "skull_king", "oh_hell"]
    # Wizard's length and deck are marked as Wizard's (shown with Wizard only, style.css).
    wizard_only = form.select(".wizard-only select")
    assert [field["name"] for field in wizard_only] == ["length", "deck"]
    sent = "players=5&length=standard&deck=classic"
    response = client.get(f"/sheets/blank.pdf?game=skull_king&{sent}")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    text = pdfs.text(response.data)
    assert "Skull King" in text and "Trump" not in text
