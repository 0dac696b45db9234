"""Helpers for page tests: start a game and play through the phone pages with a test client."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag
from flask.testing import FlaskClient
from werkzeug.test import TestResponse


def soup(response: TestResponse) -> BeautifulSoup:
    """The page parsed, for tests that look at its structure."""
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def one(page: Tag, selector: str) -> Tag:
    """The first element of ``page`` that matches ``selector``; the test fails if none does."""
    found = page.select_one(selector)
    assert found is not None, f"nothing matches {selector!r}"
    return found


def start_game(
    client: FlaskClient, names: list[str], first_dealer: int | str = 0, **variants: str
) -> str:
    """Fill in the new-game form; returns the new game's id."""
    data = {f"players-{seat}": name for seat, name in enumerate(names)}
    data |= {"first_dealer": str(first_dealer), "length": "standard", "bid_restriction": "none"}
    data |= {"bid_visibility": "open"} | variants
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, soup(response).select(".field-error")
    return response.headers["Location"].rsplit("/", 1)[-1]


def version(client: FlaskClient, game_id: str) -> int:
    """The version of the game that the round page shows now."""
    field = soup(client.get(f"/games/{game_id}")).select_one("input[name=version]")
    assert field is not None
    return int(str(field["value"]))


def post(client: FlaskClient, game_id: str, action: str, **data: object) -> TestResponse:
    """Send one of the round page's forms, made against the current version."""
    payload = {"version": version(client, game_id)} | data
    return client.post(f"/games/{game_id}/{action}", data=payload)


def errors(client: FlaskClient, game_id: str) -> list[str]:
    """The error messages the round page shows now (reading them uses them up)."""
    page = soup(client.get(f"/games/{game_id}"))
    return [p.get_text(" ", strip=True) for p in page.select(".flash.error")]


def act(client: FlaskClient, game_id: str, action: str, **data: object) -> list[str]:
    """Send a form of the round page; returns the errors it led to (empty when accepted)."""
    assert post(client, game_id, action, **data).status_code == 303
    return errors(client, game_id)


def play_round(
    client: FlaskClient,
    game_id: str,
    bids: list[int],
    tricks: list[int | None],
    turned: str = "suit",
    suit: str | None = "hearts",
) -> None:
    """Enter a whole round: trump (if asked), each seat's bid when its turn comes, the tricks."""
    page = soup(client.get(f"/games/{game_id}"))
    if page.select_one("form[action$='/trump']"):
        data: dict[str, object] = {"turned": turned}
        if suit:
            data["suit"] = suit
        assert act(client, game_id, "trump", **data) == []
    while (
        bidder := soup(client.get(f"/games/{game_id}")).select_one(".bid-pad [name=seat]")
    ) is not None:
        seat = int(str(bidder["value"]))
        assert act(client, game_id, "bid", seat=seat, bid=bids[seat]) == []
    taken = {f"tricks-{seat}": n for seat, n in enumerate(tricks) if n is not None}
    assert act(client, game_id, "tricks", **taken) == []


def correct_round(
    client: FlaskClient, game_id: str, number: int, **changes: object
) -> TestResponse:
    """Send round ``number``'s correction form as the page fills it in, with ``changes``."""
    page = soup(client.get(f"/games/{game_id}/rounds/{number}/edit"))
    data: dict[str, object] = {
        str(field["name"]): field.get("value", "") for field in page.select("form input[name]")
    }
    for select in page.select("form select"):
        chosen = select.select_one("option[selected]") or one(select, "option")
        data[str(select["name"])] = chosen["value"]
    data |= changes
    return client.post(f"/games/{game_id}/rounds/{number}/edit", data=data)
