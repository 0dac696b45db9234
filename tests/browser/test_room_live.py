"""The room screen while the tables play (issue 48), in Chromium at 1920 x 1080: a round saved
at a table changes that table's card in place (the page never reloads: a mark left on its
window survives), one small answer a change; the QR code a third of the screen's height while
players look for their seats, smaller once play is under way; "finished" as large as the names;
the turns of two sittings run on through the changes. Shot when ``SCOREKEEPER_SHOTS`` names a
folder."""

from __future__ import annotations

from random import Random
from typing import Any

from playwright.sync_api import APIRequestContext, Page, Request, expect

from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests.browser.flows import NewContext
from tests.plays import legal_round, round_json
from tests.support import shots

ROOM = {"width": 1920, "height": 1080}
WITHIN = 2_000  # ms
NAMES = [f"Player {n}" for n in range(1, 14)]


class Tables:
    """Each table's game as posted so far, rounds added one at a time over the API."""

    def __init__(self, api: APIRequestContext, base: str, tables: list[dict[str, Any]]) -> None:
        self.api, self.base, self.tables = api, base, tables
        self.records = {
            t["table"]: game.begin(
                "wizard", t["players"], t["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
            )
            for t in tables
        }

    def save_round(self, number: int) -> None:
        table = next(t for t in self.tables if t["table"] == number)
        record = self.records[number]
        played = legal_round(record, Random(number * 100 + len(record.rounds)))
        answer = self.api.post(
            f"{self.base}/api/games/{table['game']}/rounds",
            data=round_json(played),
            headers={"Authorization": f"Bearer {table['edit_token']}"},
        )
        assert answer.status == 201, answer.text()
        self.records[number] = game.add_round(record, played)


def name_sizes(room: Page) -> list[float]:
    sizes: list[float] = room.evaluate(
        """() => Array.from(document.querySelectorAll(".room .name"))
             .filter((e) => e.offsetParent !== null)
             .map((e) => parseFloat(getComputedStyle(e).fontSize))"""
    )
    return sizes


# Whether the players' link covers any table's card or the standings.
COVERS = """() => {
  const code = document.querySelector(".players-link").getBoundingClientRect();
  return Array.from(document.querySelectorAll(".table-card, .room-standings")).some((box) => {
    const r = box.getBoundingClientRect();
    return code.left < r.right && code.right > r.left && code.top < r.bottom && code.bottom > r.top;
  });
}"""


def qr_height(room: Page) -> float:
    height: float = room.evaluate(
        "document.querySelector('.players-link svg').getBoundingClientRect().height"
    )
    return height


def test_the_room_changes_in_place_while_the_tables_play(
    new_context: NewContext, live_server: str
) -> None:
    room = new_context(viewport=ROOM).new_page()
    api = room.request
    group = api.post(f"{live_server}/api/groups", data={"name": "Friday club"}).json()
    keeper = {"Authorization": f"Bearer {group['edit_token']}"}
    body = {
        "players": NAMES,
        "game": "wizard",
        "variants": {"length": "five_rounds"},
        "sittings": 3,
        "table_sizes": [4, 5],
    }
    made = api.post(f"{live_server}/api/groups/{group['id']}/evenings", data=body, headers=keeper)
    assert made.status == 201, made.text()
    evening_id = made.json()["id"]
    drawn = api.post(
        f"{live_server}/api/evenings/{evening_id}/sittings",
        data={"seating": "random", "seed": 7},
        headers=keeper,
    )
    assert drawn.status == 201, drawn.text()
    tables = Tables(api, live_server, drawn.json()["tables"])

    asked: list[Request] = []
    room.on("request", lambda r: asked.append(r) if "/room.json" in r.url else None)
    loads: list[str] = []
    room.on("load", lambda p: loads.append(p.url))
    room.goto(f"{live_server}/evenings/{evening_id}/room")
    # Players look for their seats: the QR code at least a quarter of the screen's height.
    assert qr_height(room) >= 270
    assert not room.evaluate(COVERS), "the QR code covers a table or the standings"
    assert min(name_sizes(room)) >= 32
    assert room.evaluate("document.documentElement.scrollHeight <= innerHeight")
    shots.take(room, "club-night/room-1920-13-seating.png", full_page=False)
    room.evaluate("window.roomMark = 'kept'")

    # A round saved at table 2: its card says round 2, in place.
    tables.save_round(2)
    card = room.locator("#room-t1-2 .progress .words")
    expect(card).to_have_text("Round 2 of 5", timeout=WITHIN)
    expect(room.locator("#room-t1-1 .progress .words")).to_have_text("Round 1 of 5")

    # Rounds at every table: play is under way, the QR code goes back to its corner.
    for number in (1, 3, 1, 2):
        tables.save_round(number)
    expect(room.locator("#room-t1-1 .progress .words")).to_have_text("Round 3 of 5", timeout=WITHIN)
    expect(room.locator("body")).not_to_have_class("seating", timeout=WITHIN)
    assert qr_height(room) < 270

    # Table 1 plays to its end: "finished" as large as the names, the standings in place.
    for _ in range(3):
        tables.save_round(1)
    done = room.locator("#room-t1-1 .progress.done")
    expect(done).to_contain_text("finished", timeout=WITHIN)
    finished = room.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#room-t1-1 .progress.done')).fontSize)"
    )
    assert finished >= 32 and finished >= min(name_sizes(room))
    expect(room.locator(".room-standings li")).to_have_count(
        len(tables.tables[0]["players"]), timeout=WITHIN
    )
    assert room.evaluate("window.roomMark") == "kept"  # never reloaded
    assert len(loads) == 1, loads
    # One answer at most a change (9 rounds saved), each small.
    assert 1 <= len(asked) <= 9, [r.url for r in asked]
    sizes = [r.response().body().__len__() for r in asked if r.response()]  # type: ignore[union-attr]
    assert max(sizes) < 4_000, sizes
    assert min(name_sizes(room)) >= 32
    assert room.evaluate("document.documentElement.scrollHeight <= innerHeight")
    shots.take(room, "club-night/room-1920-13-playing.png", full_page=False)

    # The next sitting drawn early: one reload (a sitting drawn), then the two take turns,
    # which run on while a table of the one ending saves its rounds.
    drawn = api.post(
        f"{live_server}/api/evenings/{evening_id}/sittings",
        data={"seating": "random", "seed": 8},
        headers=keeper,
    )
    assert drawn.status == 201, drawn.text()
    expect(room.locator(".sitting.next")).to_have_count(1, timeout=WITHIN)
    # The new page shows its sitting once parsed; its load event comes a moment after.
    room.wait_for_load_state()
    for _ in range(40):
        if len(loads) == 2:
            break
        room.wait_for_timeout(50)  # events reach the test between its calls
    assert len(loads) == 2, loads
    room.evaluate("window.roomMark = 'again'")
    first = room.locator(".sitting:visible h2").inner_text()
    assert first.startswith("Next: sitting 2")
    tables.save_round(3)
    expect(room.locator("#room-t1-3 .progress .words")).to_have_text("Round 3 of 5", timeout=WITHIN)
    expect(room.locator(".sitting:visible h2")).to_have_text("Tables now", timeout=14_000)
    assert room.evaluate("window.roomMark") == "again"
    assert len(loads) == 2
