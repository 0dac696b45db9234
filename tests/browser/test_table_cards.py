"""A table card in Chromium (issue 48): a phone scans table 2's card once and keeps score at
that table over two sittings without scanning again: the card leads to sitting 1's game, its
game over offers the next sitting's game at the same table once it is drawn, and one tap there
makes the phone that game's scorekeeper. The keeper's card page, the game page's line naming
the evening, sitting and table, and the game over are shot (light and dark, and in German) when
``SCOREKEEPER_SHOTS`` names a folder."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import APIRequestContext, Page

from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots
from tests.support.axe import axe

CLUB = [f"Player {n}" for n in range(1, 13)]
FIVE = Variants(length=Length.FIVE_ROUNDS)


def _evening(request: APIRequestContext, evening_id: str, token: str) -> dict[str, Any]:
    answer = request.get(
        f"/api/evenings/{evening_id}", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def _draw(request: APIRequestContext, evening_id: str, token: str) -> None:
    answer = request.post(
        f"/api/evenings/{evening_id}/sittings",
        data={"seating": "random"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status == 201, answer.text()


def _evening_of_a_new_group(keeper: Page, live_server: str) -> tuple[str, str]:
    """A group made on the keeper's phone and a club night of it over the API, its first sitting
    drawn: the evening's id and the group's edit token."""
    keeper.goto(live_server)
    flows.tap(keeper, keeper.get_by_role("link", name="New group"))
    keeper.fill("#name", "Friday club")
    flows.tap(keeper, keeper.get_by_role("button", name="Make the group"))
    group_id = keeper.url.rstrip("/").rsplit("/", 1)[-1]
    share = keeper.request.get(f"/groups/{group_id}/share").text()
    found = re.search(rf"/groups/{group_id}/join/([A-Za-z0-9_-]+)", share)
    assert found
    token = found.group(1)
    keeper.goto("about:blank")  # the group's page would reload itself as the evening is made
    made = keeper.request.post(
        f"/api/groups/{group_id}/evenings",
        data={"players": CLUB, "variants": {"length": "five_rounds"}, "sittings": 2},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert made.status == 201, made.text()
    evening_id = str(made.json()["id"])
    _draw(keeper.request, evening_id, token)
    return evening_id, token


def _play(page: Page, table: dict[str, Any], rounds: int) -> None:
    """Tap ``rounds`` rounds of the table's game on this phone."""
    record = game.begin("wizard", table["players"], table["first_dealer"], FIVE)
    for _ in range(rounds):
        hand = game.current_setup(record).hand_size
        bids, tricks = flows.all_but_one_made(len(table["players"]), hand)
        flows.play_round(page, bids, tricks)
        record = flows.engine_round(record, bids, tricks, flows.JESTER)


def test_a_table_card_keeps_score_at_its_table_over_two_sittings(
    new_context: NewContext, live_server: str
) -> None:
    keeper = new_context(bypass_csp=True).new_page()  # axe-core goes in as a script of its own
    evening_id, token = _evening_of_a_new_group(keeper, live_server)

    # The keeper shows table 2's card; the table's phone scans it, once.
    keeper.goto(f"/evenings/{evening_id}/tables/2")
    shots.take(keeper, "table_cards/card-light.png")
    assert axe(keeper) == []
    link = keeper.locator(".link-text a").get_attribute("href")
    assert link and re.search(rf"/evenings/{evening_id}/tables/2/[\w-]+$", link)
    phone = new_context(bypass_csp=True).new_page()
    phone.goto(link)
    shots.take(phone, "table_cards/asked-light.png")
    assert axe(phone) == []
    flows.tap(phone, phone.get_by_role("button", name="Keep score at this table"))
    first = _evening(keeper.request, evening_id, token)["sittings"][0]["tables"][1]
    assert phone.url.endswith(f"/games/{first['game']}")
    assert phone.locator(".club-line").inner_text() == "Friday club · Sitting 1 · Table 2"
    shots.take(phone, "table_cards/game-light.png")
    assert axe(phone) == []
    _play(phone, first, 5)
    assert flows.phase(phone) == "over"
    assert "Sitting 2 is not drawn yet" in phone.locator(".next-sitting").inner_text()

    # Sitting 2 drawn: the finished game, swapped in by the last tap, looks again by itself
    # (every 15 s) and leads on; one tap, and this phone keeps that game.
    _draw(keeper.request, evening_id, token)
    next_sitting = phone.get_by_role("link", name="Next sitting: your table's game")
    next_sitting.wait_for(timeout=20_000)
    shots.take(phone, "table_cards/over-light.png")
    assert axe(phone) == []
    flows.tap(phone, next_sitting)
    second = _evening(keeper.request, evening_id, token)["sittings"][1]["tables"][1]
    assert phone.url.endswith(f"/games/{second['game']}")
    assert phone.locator(".club-line").inner_text() == "Friday club · Sitting 2 · Table 2"
    _play(phone, second, 1)
    state = phone.request.get(f"/api/games/{second['game']}").json()
    assert len(state["rounds"]) == 1

    if shots.wanted():
        for scheme in ("light", "dark"):
            for lang in ("en", "de"):
                _shoot(new_context, live_server, phone, keeper, scheme, lang, evening_id)


def test_a_phone_left_on_a_redrawn_game_is_led_to_its_tables_new_game(
    new_context: NewContext, live_server: str
) -> None:
    keeper = new_context().new_page()
    evening_id, token = _evening_of_a_new_group(keeper, live_server)
    keeper.goto(f"/evenings/{evening_id}/tables/1")
    link = keeper.locator(".link-text a").get_attribute("href")
    assert link
    phone = new_context().new_page()
    phone.goto(link)
    flows.tap(phone, phone.get_by_role("button", name="Keep score at this table"))
    old = _evening(keeper.request, evening_id, token)["sittings"][0]["tables"][0]["game"]
    assert phone.url.endswith(f"/games/{old}")

    # Sitting 1 drawn again: the open page finds its game gone and lands on the new one.
    again = keeper.request.post(
        f"/api/evenings/{evening_id}/sittings/1",
        data={},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert again.ok, again.text()
    new = _evening(keeper.request, evening_id, token)["sittings"][0]["tables"][0]["game"]
    phone.wait_for_url(f"**/games/{new}")
    assert phone.locator(".club-line").inner_text() == "Friday club · Sitting 1 · Table 1"
    assert phone.locator("main form").count() > 0  # its scorekeeper: the trump step's forms
    assert "You are watching" not in phone.locator("main").inner_text()


def _shoot(
    new_context: NewContext,
    live_server: str,
    phone: Page,
    keeper: Page,
    scheme: str,
    lang: str,
    evening_id: str,
) -> None:
    """The card page, the game page and a finished game, in ``scheme`` and ``lang``."""
    for page, paths in (
        (phone, [phone.url]),
        (keeper, [f"/evenings/{evening_id}/tables/2", f"/evenings/{evening_id}/printouts"]),
    ):
        context = page.context
        look = context.new_page()
        look.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        look.goto(f"/language/{lang}?next=/")
        for number, path in enumerate(paths):
            look.goto(path)
            shots.take(look, f"table_cards/{lang}-{scheme}-{page is keeper}-{number}.png")
        look.goto("/language/en?next=/")
        look.close()


def test_a_table_ended_early_reaches_its_phone_at_once_and_back(
    new_context: NewContext, live_server: str
) -> None:
    keeper = new_context().new_page()
    evening_id, token = _evening_of_a_new_group(keeper, live_server)
    keeper.goto(f"/evenings/{evening_id}/tables/1")
    link = keeper.locator(".link-text a").get_attribute("href")
    assert link
    phone = new_context().new_page()
    phone.goto(link)
    flows.tap(phone, phone.get_by_role("button", name="Keep score at this table"))
    table = _evening(keeper.request, evening_id, token)["sittings"][0]["tables"][0]
    _play(phone, table, 1)
    assert flows.phase(phone) == "trump"

    # Ended by the keepers: the phone stops asking for round 2's trump by itself.
    end = f"/api/evenings/{evening_id}/sittings/1/tables/1/end"
    auth = {"Authorization": f"Bearer {token}"}
    assert keeper.request.post(end, data={}, headers=auth).ok
    heading = phone.get_by_role("heading", name="Ended early at the club night")
    heading.wait_for(timeout=5_000)
    # Let it play on: the phone asks for the trump again.
    assert keeper.request.delete(end, headers=auth).ok
    heading.wait_for(state="detached", timeout=5_000)
    assert flows.phase(phone) == "trump"
