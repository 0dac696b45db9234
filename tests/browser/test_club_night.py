"""A whole club evening in Chromium (issue 34): a keeper makes it from the group's page and draws
its three sittings on the evening's page (13 players at tables of 4 and 5, one arriving for
the second sitting); one table of the first sitting is tapped through on the keeper's phone,
every other game is entered over the API with its table's edit token. Then the draw's rules,
the standings against a count by hand, find your table, the room screen at 1920 x 1080 (names
of 32 px or more, no scrolling), the PDF and the CSV and JSON files.

The evening's page and the room screen are shot when ``SCOREKEEPER_SHOTS`` names a folder."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter, defaultdict
from fractions import Fraction
from random import Random
from typing import Any

from playwright.sync_api import APIRequestContext, Page

from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests import pdfs
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.plays import legal_round, round_json
from tests.support import shots
from tests.support.axe import AXE, axe
from tests.support.browser import PDF_MS
from tests.test_evening_whole import check_the_draw, placement_by_hand

CLUB = [f"Player {n}" for n in range(1, 14)]
LATE = CLUB[12]
FIVE = Variants(length=Length.FIVE_ROUNDS)
ROOM = {"width": 1920, "height": 1080}


def api_evening(request: APIRequestContext, evening_id: str, token: str) -> dict[str, Any]:
    """The evening as its group's keeper reads it over the API (each table's edit token)."""
    answer = request.get(
        f"/api/evenings/{evening_id}", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def play_over_the_api(request: APIRequestContext, table: dict[str, Any], seed: int) -> None:
    """Every round of a table's game posted with the table's edit token, legal by the rules."""
    rng = Random(seed)
    record = game.begin("wizard", table["players"], table["first_dealer"], FIVE)
    while len(record.rounds) < len(record.schedule):
        played = legal_round(record, rng)
        answer = request.post(
            f"/api/games/{table['game']}/rounds",
            data=round_json(played),
            headers={"Authorization": f"Bearer {table['edit_token']}"},
        )
        assert answer.status == 201, answer.text()
        record = game.add_round(record, played)


def tap_through(page: Page, evening_id: str, table: dict[str, Any]) -> None:
    """Keep score of the table's game on this phone: its QR card's link, then every round."""
    page.goto(f"/evenings/{evening_id}/sittings/1/tables/{table['table']}")
    link = page.locator(".link-text a").get_attribute("href")
    assert link and "/join/" in link
    page.goto(link)
    flows.tap(page, page.locator("main form button.primary"))
    record = game.begin("wizard", table["players"], table["first_dealer"], FIVE)
    while len(record.rounds) < len(record.schedule):
        hand = game.current_setup(record).hand_size
        bids, tricks = flows.all_but_one_made(len(table["players"]), hand)
        flows.play_round(page, bids, tricks)
        record = flows.engine_round(record, bids, tricks, flows.JESTER)
    assert flows.phase(page) == "over"


def draw(page: Page, number: int, seating: str, late: str = "") -> None:
    """Tap the keeper's draw of the next sitting on the evening's page."""
    form = page.locator("form.draw")
    form.locator(f"input[name=seating][value={seating}]").check()
    if late:
        form.locator("#late-names").fill(late)
    flows.tap(page, form.get_by_role("button", name=f"Draw sitting {number}"))
    assert not flows.flash_errors(page), flows.flash_errors(page)


def standings_by_hand(
    request: APIRequestContext, sittings: list[dict[str, Any]]
) -> tuple[dict[str, Fraction], Counter[str]]:
    """Each player's placement points and games counted by hand from the games' totals."""
    points: defaultdict[str, Fraction] = defaultdict(Fraction)
    games: Counter[str] = Counter()
    for drawn in sittings:
        for table in drawn["tables"]:
            state = request.get(f"/api/games/{table['game']}").json()
            assert state["finished"]
            for name, share in zip(
                table["players"], placement_by_hand(state["totals"]), strict=True
            ):
                points[name] += share
                games[name] += 1
        for name in drawn["sitting_out"]:
            points[name] += Fraction(50)
    return points, games


def test_a_whole_club_night(new_context: NewContext, live_server: str) -> None:
    keeper = new_context(bypass_csp=True).new_page()  # axe-core goes in as a script of its own
    keeper.goto(live_server)
    flows.tap(keeper, keeper.get_by_role("link", name="New group"))
    keeper.fill("#name", "Club night test")
    flows.tap(keeper, keeper.get_by_role("button", name="Make the group"))
    group_id = keeper.url.rstrip("/").rsplit("/", 1)[-1]
    share = keeper.request.get(f"/groups/{group_id}/share").text()
    found = re.search(rf"/groups/{group_id}/join/([A-Za-z0-9_-]+)", share)
    assert found
    token = found.group(1)

    # The evening from the group's page: 12 here, tables of 4 and 5, Wizard of five rounds.
    flows.tap(keeper, keeper.get_by_role("link", name="Club night"))
    keeper.fill("#new_names", "\n".join(CLUB[:12]))
    flows.choose(keeper, "input[name=length][value=five_rounds]")
    keeper.fill("#sittings", "3")
    for size in ("3", "6", "7", "8"):
        keeper.set_checked(f"input[name=table_sizes][value='{size}']", False)
    flows.tap(keeper, keeper.get_by_role("button", name="Make the evening"))
    found = re.search(r"/evenings/([^/?#]+)$", keeper.url)
    assert found, keeper.url
    evening_id = found.group(1)

    # Sitting 1 at random: one table tapped on this phone, the others over the API.
    draw(keeper, 1, "random")
    first = api_evening(keeper.request, evening_id, token)["sittings"][0]
    check_the_draw(first, CLUB[:12], [])
    tap_through(keeper, evening_id, first["tables"][0])
    keeper.goto("about:blank")
    for seed, table in enumerate(first["tables"][1:]):
        play_over_the_api(keeper.request, table, seed)

    # Sitting 2 balanced, with the late arrival; sitting 3 by standings once every game ended.
    keeper.goto(f"/evenings/{evening_id}")
    assert keeper.locator("input[name=seating][value=standings]").is_enabled(), keeper.locator(
        "form.draw"
    ).inner_text()
    draw(keeper, 2, "balanced", late=LATE)
    # Off the evening while its games are posted: its live page would reload itself meanwhile.
    keeper.goto("about:blank")
    drawn = api_evening(keeper.request, evening_id, token)["sittings"]
    check_the_draw(drawn[1], CLUB, drawn[:1])
    for seed, table in enumerate(drawn[1]["tables"]):
        play_over_the_api(keeper.request, table, 10 + seed)
    keeper.goto(f"/evenings/{evening_id}")
    draw(keeper, 3, "standings")
    keeper.goto("about:blank")
    evening = api_evening(keeper.request, evening_id, token)
    sittings = evening["sittings"]
    check_the_draw(sittings[2], CLUB, sittings[:2])
    assert all(len(t["players"]) in (4, 5) for s in sittings for t in s["tables"])
    assert LATE not in [n for t in sittings[0]["tables"] for n in t["players"]]
    outs = [name for s in sittings for name in s["sitting_out"]]
    assert len(outs) == len(set(outs))  # nobody sits out twice in three sittings
    for seed, table in enumerate(sittings[2]["tables"]):
        play_over_the_api(keeper.request, table, 20 + seed)

    # The standings on the evening's page, against a count by hand.
    keeper.goto(f"/evenings/{evening_id}")
    points, games = standings_by_hand(keeper.request, sittings)
    rows = keeper.evaluate(
        """() => Array.from(document.querySelectorAll(".evening-standings tbody tr"),
             (row) => [row.cells[0].textContent.trim(),
                       row.querySelector(".name a").textContent,
                       row.cells[2].textContent.trim(),
                       row.querySelector(".name small").textContent])"""
    )
    assert [row[0] for row in rows] == [str(n) for n in range(1, 14)]
    for _rank, name, shown, played in rows:
        assert shown == f"{float(points[name]):,.1f}", name
        assert played.split()[0] == str(games[name]), name
    assert games[LATE] == 2
    assert keeper.locator(".evening-standings + .legend").inner_text().startswith("Ranked by")
    if AXE.exists():
        assert axe(keeper) == []
    shots.take(keeper, "club-night/evening-390-light.png")

    # Find your table, without a script (the form is a GET).
    keeper.fill("#find", "player 7")
    flows.tap(keeper, keeper.get_by_role("button", name="Find"))
    where = keeper.locator(".found").inner_text()
    assert "Player 7" in where and ("Table" in where or "sits out" in where)

    # The room screen, from the back of the room.
    room = new_context(viewport=ROOM, bypass_csp=True).new_page()
    room.goto(f"/evenings/{evening_id}/room")
    assert room.locator(".table-card").count() == len(sittings[2]["tables"])
    assert room.locator(".room-standings li").count() == 13
    # Every game played: the screen says the evening is over, and who won it.
    assert (
        room.locator(".evening-over").inner_text()
        == f"The club night is over. \u2605 Winner: {rows[0][1]}"
    )
    sizes = room.evaluate(
        """() => Array.from(document.querySelectorAll(".room .name"),
             (e) => parseFloat(getComputedStyle(e).fontSize))"""
    )
    assert len(sizes) == 13 + 13 and min(sizes) >= 32, sizes
    assert room.evaluate("document.documentElement.scrollHeight <= innerHeight")
    assert room.evaluate("document.documentElement.scrollWidth <= innerWidth")
    if AXE.exists():
        assert axe(room) == []
    shots.take(room, "club-night/room-1920-13.png", full_page=False)

    # The PDF, the CSV and the JSON.
    text = pdfs.text(keeper.request.get(f"/evenings/{evening_id}/sheet.pdf", timeout=PDF_MS).body())
    assert all(name in text for name in CLUB)
    winners = [w for s in sittings for t in s["tables"] for w in t["winners"]]
    assert winners and all(name in text for name in winners)
    exported = keeper.request.get(f"/evenings/{evening_id}/export.csv").text().lstrip("\ufeff")
    lines = list(csv.reader(io.StringIO(exported)))
    assert [line[1] for line in lines[1:14]] == [row[1] for row in rows]
    kept = json.loads(keeper.request.get(f"/evenings/{evening_id}/export.json").text())
    assert [line["player"] for line in kept["standings"]] == [row[1] for row in rows]
    assert kept["playing"] == []


def test_a_full_room_shows_the_next_sitting_and_the_one_ending_in_turns(
    new_context: NewContext, live_server: str
) -> None:
    """40 players at 10 tables, the next sitting drawn before the last one ends: the two take
    turns on the room screen (the next one first), each in names of 32 px or more on one
    screen at 1920 x 1080, rather than the ending one shrunk below that."""
    room = new_context(viewport=ROOM).new_page()
    api = room.request
    group = api.post(f"{live_server}/api/groups", data={"name": "Freitagsklub"}).json()
    keeper = {"Authorization": f"Bearer {group['edit_token']}"}
    names = [f"Spielerin Nummer {number}" for number in range(1, 41)]
    body = {"players": names, "game": "wizard", "sittings": 3, "table_sizes": [4]}
    made = api.post(f"{live_server}/api/groups/{group['id']}/evenings", data=body, headers=keeper)
    assert made.status == 201, made.text()
    evening_id = made.json()["id"]
    for seed in (1, 2):
        drawn = api.post(
            f"{live_server}/api/evenings/{evening_id}/sittings",
            data={"seating": "random", "seed": seed},
            headers=keeper,
        )
        assert drawn.status == 201, drawn.text()
    room.clock.install()
    room.goto(f"{live_server}/evenings/{evening_id}/room")
    sittings = room.locator(".sitting")
    for turn, showing in enumerate(("Next: sitting 2", "Tables now", "Next: sitting 2")):
        if turn:
            room.clock.run_for(12_500)
        assert sittings.locator("visible=true").count() == 1
        visible = room.locator(".sitting:visible")
        assert showing in visible.inner_text()
        sizes = room.evaluate(
            """() => Array.from(document.querySelectorAll(".room .name"))
                 .filter((e) => e.offsetParent !== null)
                 .map((e) => parseFloat(getComputedStyle(e).fontSize))"""
        )
        assert len(sizes) == 40 and min(sizes) >= 32, sizes  # one sitting, no standings yet
        assert room.evaluate("document.documentElement.scrollHeight <= innerHeight")
        shots.take(room, f"club-night/room-1920-40-turn-{turn}.png", full_page=False)


def test_a_tables_phone_is_refused_deleting_its_club_night_game(
    new_context: NewContext, live_server: str
) -> None:
    """Issue 47: the phone keeping a table's game offers no Delete for it, and its delete page
    says whose table it is and who can take it out, with the way to the evening; the evening's
    keeper takes the table out from the evening's page instead."""
    phone = new_context().new_page()
    api = phone.request
    group = api.post(f"{live_server}/api/groups", data={"name": "Friday club"}).json()
    bearer = {"Authorization": f"Bearer {group['edit_token']}"}
    body = {"players": CLUB[:8], "game": "wizard", "sittings": 2, "table_sizes": [4]}
    made = api.post(f"{live_server}/api/groups/{group['id']}/evenings", data=body, headers=bearer)
    assert made.status == 201, made.text()
    evening_id = made.json()["id"]
    drawn = api.post(
        f"{live_server}/api/evenings/{evening_id}/sittings",
        data={"seating": "random", "seed": 5},
        headers=bearer,
    )
    assert drawn.status == 201, drawn.text()
    table = drawn.json()["tables"][1]
    phone.goto(f"{live_server}/games/{table['game']}/join/{table['edit_token']}")
    flows.tap(phone, phone.locator("main form button.primary"))
    phone.goto(f"{live_server}/")
    assert phone.locator(".game-card").count() == 1
    assert phone.locator(".game-card a.delete").count() == 0
    phone.goto(f"{live_server}/games/{table['game']}/delete")
    said = phone.locator("main .refused").inner_text()
    assert re.fullmatch(
        r"This game is table 2 of sitting 1 of Friday club's club night of .+\. "
        r"Only the club night's keepers can take a table out\.",
        said,
    ), said
    assert phone.get_by_role("button", name="Yes, delete it").count() == 0
    flows.tap(phone, phone.get_by_role("link", name="Back to the club night"))
    assert phone.url.endswith(f"/evenings/{evening_id}")
    assert api.get(f"{live_server}/api/games/{table['game']}").ok

    # The evening's keeper takes the table out instead, after a confirmation; the game stays.
    keeper = new_context().new_page()
    keeper.goto(f"{live_server}/groups/{group['id']}/join/{group['edit_token']}")
    flows.tap(keeper, keeper.locator("main form button.primary"))
    keeper.goto(f"{live_server}/evenings/{evening_id}")
    keeper.locator("details.take-out summary").click()
    flows.tap(keeper, keeper.get_by_role("link", name="Sitting 1 · Table 2"))
    assert keeper.locator("h1").inner_text() == "Take table 2 of sitting 1 out?"
    flows.tap(keeper, keeper.get_by_role("button", name="Yes, take it out"))
    assert keeper.url.endswith(f"/evenings/{evening_id}")
    note = keeper.locator(".taken-out-note").inner_text()
    assert note.startswith("Table 2 of sitting 1 was taken out by the club night's keepers at ")
    assert api.get(f"{live_server}/api/games/{table['game']}").ok
