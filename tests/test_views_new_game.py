"""The new-game form: names, seating, first dealer, variants and refused combinations."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup, Tag
from flask.testing import FlaskClient

from scorekeeper.core import variants
from scorekeeper.core.family.wizard import SECTION_TITLES
from tests.pages import one, soup, start_game

BASE = {
    "players-0": "Tom",
    "players-1": "Dick",
    "players-2": "Mary",
    "first_dealer": "0",
    "length": "standard",
    "bid_restriction": "none",
    "bid_visibility": "open",
}


def _help(choice: Tag) -> Tag:
    """The help text that follows a choice on the form."""
    found = choice.find_next("small")
    assert isinstance(found, Tag)
    return found


def test_form_explains_every_variant(client: FlaskClient) -> None:
    page = soup(client.get("/games/new"))
    for name in ("length", "bid_restriction", "bid_visibility"):
        options = page.select(f"input[name={name}]")
        assert options and all(_help(o).get_text(strip=True) for o in options)
    for flag in ("saboteur", "jester_bid", "foresight", "gizzard_fester", "pull_one"):
        assert page.select_one(f"input[name={flag}]") is not None
    for field in page.select("input[id^=players-]"):
        assert page.select_one(f"label[for={field['id']}]") is not None


def test_names_are_trimmed_and_blank_seats_skipped(client: FlaskClient) -> None:
    data = BASE | {"players-0": "  Tom ", "players-3": "", "players-4": "Harry"}
    game_id = start_game(client, [], **data)
    page = soup(client.get(f"/games/{game_id}/sheet"))
    assert [th.get_text(strip=True) for th in page.select("table.pad thead th")][1:] == [
        "Tom",
        "Dick",
        "Mary",
        "Harry",
    ]


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"players-2": ""}, "players", "at least 3 players"),
        ({"players-1": "tOM"}, "players", "Players 1 and 2 have the same name"),
        ({"players-2": "x" * 33}, "players", "Player 3's name is longer than 32 characters"),
        ({"first_dealer": "5"}, "first_dealer", "one of the players"),
        ({"first_dealer": "nobody"}, "first_dealer", "Not a valid choice"),
        ({"length": "forever"}, "length", "Not a valid choice"),
        (
            {"bid_restriction": "plus_minus_one", "bid_visibility": "hidden"},
            "bid_visibility",
            "cannot be combined with hidden or delayed",
        ),
        ({"bid_restriction": "canadian", "saboteur": "y"}, "saboteur", "choose one of the two"),
        (
            {f"players-{n}": f"P{n}" for n in range(3, 7)} | {"length": "amigo"},
            "length",
            "no schedule for 7 or 8 players",
        ),
    ],
)
def test_refused_with_reason_next_to_the_field_and_input_kept(
    client: FlaskClient, change: dict[str, str], field: str, message: str
) -> None:
    response = client.post("/games/new", data=BASE | change)
    assert response.status_code == 400
    page = soup(response)
    errors = [e.get_text(strip=True) for e in page.select(".field-error")]
    assert any(message in error for error in errors), errors
    assert one(page, "#players-0")["value"] == "Tom"
    assert client.get("/").status_code == 200
    assert soup(client.get("/")).select(".game-card") == []


def test_seats_move_up_and_down_without_javascript(client: FlaskClient) -> None:
    page = soup(client.post("/games/new", data=BASE | {"move": "2:up"}))
    assert one(page, "#players-1")["value"] == "Mary"
    assert one(page, "#players-2")["value"] == "Dick"


def test_random_first_dealer_is_one_of_the_players(client: FlaskClient) -> None:
    game_id = start_game(client, ["A", "B", "C"], first_dealer="random")
    dealer = one(soup(client.get(f"/games/{game_id}")), ".facts dd").get_text(strip=True)
    assert dealer in {"A", "B", "C"}


def test_new_game_is_listed_on_home_with_progress(client: FlaskClient) -> None:
    start_game(client, ["Tom", "Dick", "Mary"])
    card = one(soup(client.get("/")), ".game-card")
    assert "Tom, Dick, Mary" in card.get_text()
    assert "Round 1 of 20" in card.get_text()


def test_a_refused_name_marks_the_seats_it_names(client: FlaskClient) -> None:
    names = {"players-0": "Ana", "players-1": "Ben", "players-2": "Cleo", "players-4": " ben"}
    response = client.post("/games/new", data=BASE | names)
    assert response.status_code == 400
    page = soup(response)
    assert "Players 2 and 4 have the same name" in one(page, "#error-players").get_text()
    invalid = [field["id"] for field in page.select("input[aria-invalid=true]")]
    # The form closes the gap before the fourth name: it comes back in the fourth seat.
    assert invalid == ["players-1", "players-3"]
    assert page.select_one("#players-3")["value"] == "ben"  # type: ignore[index]
    assert [field["id"] for field in page.select("input[autofocus]")] == ["players-1"]


def dealer_list(page: BeautifulSoup) -> list[str]:
    return [option.get_text(strip=True) for option in page.select("#first_dealer option")]


def test_the_dealer_list_offers_the_named_seats(client: FlaskClient) -> None:
    """Before a name reaches the server every seat is offered by its number (the page's script
    narrows the list as names are typed); once names are in, only they are, by name. A seat
    chosen but left empty stays, under its refusal."""
    assert dealer_list(soup(client.get("/games/new"))) == [
        "Draw at random",
        *(f"Seat {n}" for n in range(1, 9)),
    ]
    page = soup(client.post("/games/new", data=BASE | {"move": "0:down"}))
    assert dealer_list(page) == ["Draw at random", "Dick", "Tom", "Mary"]
    response = client.post("/games/new", data=BASE | {"first_dealer": "5"})
    page = soup(response)
    assert dealer_list(page) == ["Draw at random", "Tom", "Dick", "Mary", "Seat 6"]
    assert one(page, "#first_dealer option[selected]")["value"] == "5"
    assert "one of the players" in one(page, "#error-first_dealer").get_text()


def test_the_dealer_list_offers_only_the_seats_of_the_game(client: FlaskClient) -> None:
    """Oh Hell is for 3 to 7 players: no eighth seat to deal from."""
    assert dealer_list(soup(client.get("/games/new?game=oh_hell"))) == [
        "Draw at random",
        *(f"Seat {n}" for n in range(1, 8)),
    ]


def title(fold: Tag) -> str:
    """A fold's title, as its heading says it."""
    return one(fold, ".fold-title").get_text(strip=True)


def test_options_are_folded_under_headings_that_say_the_choice(client: FlaskClient) -> None:
    page = soup(client.get("/games/new"))
    folds = page.select("details.fold")
    # One fold per section of the variants, headed by its title (Wizard's declared folds).
    assert [title(fold) for fold in folds] == list(SECTION_TITLES.values())
    assert not any(fold.has_attr("open") for fold in folds)
    assert one(folds[0], ".fold-choice").get_text() == "Standard"
    assert page.select("details.more-seats input") and not one(page, "details.more-seats").has_attr(
        "open"
    )
    # Every option is in a fold.
    for spec in variants.REGISTRY:
        assert one(page, f"[name={spec.key}]").find_parent("details", class_="fold") is not None
    # A refused form comes back with the refused option's fold open and every heading saying
    # what was sent.
    names = {"players-3": "Dan", "players-4": "Eve"}
    data = BASE | names | {"bid_restriction": "canadian", "saboteur": "y"}
    page = soup(client.post("/games/new", data=data))
    heading = {
        title(fold): one(fold, ".fold-choice").get_text(strip=True)
        for fold in page.select("details.fold")
    }
    assert heading["Game length"] == "Standard · 12 rounds"  # five players
    assert heading["Bidding"] == "Canadian rule · Open"
    assert heading["Special rules"] == "Wizard Saboteur"
    assert heading["Table reminders"] == "none chosen"
    opened = [title(fold) for fold in page.select("details.fold[open]")]
    assert opened == ["Special rules"]
    assert one(page, "details.more-seats").has_attr("open")  # Eve sits in the fifth seat
