"""The standings' tie-break columns on the room screen at 1920 x 1080 (issue 48): beside 40
players' names they take no name's line and shrink none under 32 px; a player's result card
prints without the page's bar."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import APIRequestContext

from tests.browser.flows import NewContext
from tests.browser.test_club_night import ROOM, play_over_the_api
from tests.support import shots


def played_evening(api: APIRequestContext, base: str, names: list[str]) -> dict[str, Any]:
    """An evening of ``names`` at tables of 4, its first sitting played over the API."""
    group = api.post(f"{base}/api/groups", data={"name": "Freitagsklub"}).json()
    keeper = {"Authorization": f"Bearer {group['edit_token']}"}
    body = {
        "players": names,
        "game": "wizard",
        "sittings": 3,
        "table_sizes": [4],
        "variants": {"length": "five_rounds"},
    }
    made = api.post(f"{base}/api/groups/{group['id']}/evenings", data=body, headers=keeper)
    assert made.status == 201, made.text()
    drawn = api.post(
        f"{base}/api/evenings/{made.json()['id']}/sittings",
        data={"seating": "random", "seed": 1},
        headers=keeper,
    )
    assert drawn.status == 201, drawn.text()
    for seed, table in enumerate(drawn.json()["tables"]):
        play_over_the_api(api, table, seed)
    evening: dict[str, Any] = api.get(f"{base}/api/evenings/{made.json()['id']}").json()
    return evening


def test_forty_players_tie_breaks_take_no_names_line(
    new_context: NewContext, live_server: str
) -> None:
    room = new_context(viewport=ROOM).new_page()
    names = [f"Spielerin Nummer {number}" for number in range(1, 41)]
    evening = played_evening(room.request, live_server, names)
    assert len(evening["standings"]) == 40
    room.goto(f"{live_server}/evenings/{evening['id']}/room")
    got = room.evaluate(
        """() => Array.from(document.querySelectorAll(".room-standings .name"), (e) => [
             parseFloat(getComputedStyle(e).fontSize),
             e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).fontSize)])"""
    )
    assert len(got) == 40
    assert min(size for size, _lines in got) >= 32, got
    assert max(lines for _size, lines in got) < 1.5, got  # every name on one line
    figures = room.locator(".room-standings .per-round").all_inner_texts()
    shown = [line["points_per_round"] for line in evening["standings"]]
    assert [float(text.replace("\u2212", "-")) for text in figures] == shown
    assert room.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shots.take(room, "club-night/room-1920-40-standings.png", full_page=False)

    card = new_context().new_page()
    card.goto(f"{live_server}/evenings/{evening['id']}/players/1")
    card.emulate_media(media="print")
    assert not card.locator("header.bar").is_visible()
    assert card.locator(".card-sittings").is_visible()
    assert card.evaluate("document.documentElement.scrollWidth <= innerWidth")
