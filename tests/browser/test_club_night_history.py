"""A club night's History page at phone size, in Croatian and in Greek (issue 47): the keeper
reads every change as a card, newest first, the one that stands now marked, a draw as a line a
table; taps "Back to here" on the first draw and finds the club night as it stood then, the
restore itself the newest entry. No accessibility violation in light or dark; the page is shot
in both when ``SCOREKEEPER_SHOTS`` names a folder (tests/support/shots.py)."""

from __future__ import annotations

import pytest

from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots
from tests.support.axe import axe

NAMES = {
    "hr": ["Ana", "Božo", "Čedo", "Đurđa", "Ivan", "Marija", "Nikola", "Šime", "Željka"],
    "el": ["Άννα", "Βασίλης", "Γιώργος", "Δήμητρα", "Ελένη", "Ζωή", "Θάνος", "Ιωάννα", "Κώστας"],
}
# The words the page says in each language: the restore's button and flash, the mark of now.
SAID = {
    "hr": ("Vrati na ovaj unos", "Klupska je večer vraćena", "ovako je sada", "Stol 1: "),
    "el": ("Επαναφορά εδώ", "βραδιά λέσχης επανήλθε", "έτσι είναι τώρα", "Τραπέζι 1: "),
}


@pytest.mark.parametrize("language", ["hr", "el"])
def test_a_keeper_reads_the_history_and_brings_the_first_draw_back(
    new_context: NewContext, live_server: str, language: str
) -> None:
    # axe-core goes in as a script of its own
    context = new_context(
        locale=language, extra_http_headers={"Accept-Language": language}, bypass_csp=True
    )
    keeper = context.new_page()
    api = context.request
    group = api.post("/api/groups", data={"name": "Petkom u klubu"}).json()
    bearer = {"Authorization": f"Bearer {group['edit_token']}"}
    names = NAMES[language]
    body = {"players": names, "sittings": 3, "table_sizes": [4, 5]}
    evening_id = api.post(f"/api/groups/{group['id']}/evenings", data=body, headers=bearer).json()[
        "id"
    ]
    base = f"/api/evenings/{evening_id}"
    assert api.post(f"{base}/sittings", data={"seed": 1}, headers=bearer).ok
    assert api.post(f"{base}/sittings/1/tables/2/out", headers=bearer).ok
    here = {"seed": 2, "present": [*names[1:], "Zoran"], "seating": "balanced"}
    assert api.post(f"{base}/sittings", data=here, headers=bearer).ok

    # the keeper's phone joins the group once the club night is drawn (its live page would
    # reload at each draw)
    keeper.goto(f"/groups/{group['id']}/join/{group['edit_token']}")
    flows.tap(keeper, keeper.locator("main form button.primary"))
    keeper.goto(f"/evenings/{evening_id}/history")
    button, flash, now, table = SAID[language]
    cards = keeper.locator("ol.history > li")
    assert cards.count() == 4
    assert now in cards.nth(0).locator(".entry-head").inner_text()
    assert table in cards.nth(0).locator(".entry-words").inner_text()
    for scheme in ("light", "dark"):
        keeper.emulate_media(color_scheme=scheme)
        assert axe(keeper, scheme) == [], scheme
        shots.take(keeper, f"club-night-history/{language}-{scheme}.png")

    first_draw = keeper.locator("li[value='2']")
    flows.tap(keeper, first_draw.get_by_role("button", name=button))
    assert flash in keeper.locator(".flash").inner_text()
    assert keeper.locator("ol.history > li").count() == 5
    newest = keeper.locator("ol.history > li").nth(0)
    assert newest.locator(".entry-link a").get_attribute("href") == "#entry-2"
    evening = api.get(base).json()
    assert [s["sitting"] for s in evening["sittings"]] == [1]
    assert not evening["sittings"][0]["tables"][1]["taken_out"]
    keeper.emulate_media(color_scheme="light")
    shots.take(keeper, f"club-night-history/{language}-restored.png")
