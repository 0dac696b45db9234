"""What a new-user walk of a club night found on the screens (issue 48's walk), in Chromium:
the standings' ranks of two figures whole at 390 px, and a table's "ended early" on the room
screen as large as "✓ finished". The evening is built over the API (12 players at three tables:
one finished, one ended early, one finished after)."""

from __future__ import annotations

from random import Random
from typing import Any

from playwright.sync_api import APIRequestContext

from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests.browser.flows import NewContext
from tests.browser.test_table_cards import _evening, _evening_of_a_new_group
from tests.plays import legal_round, round_json
from tests.support import shots

FIVE = Variants(length=Length.FIVE_ROUNDS)


def _rounds(request: APIRequestContext, table: dict[str, Any], rounds: int, seed: int) -> None:
    rng = Random(seed)
    record = game.begin("wizard", table["players"], table["first_dealer"], FIVE)
    for _ in range(rounds):
        played = legal_round(record, rng)
        answer = request.post(
            f"/api/games/{table['game']}/rounds",
            data=round_json(played),
            headers={"Authorization": f"Bearer {table['edit_token']}"},
        )
        assert answer.status == 201, answer.text()
        record = game.add_round(record, played)


def test_ranks_stay_whole_and_ended_early_reads_from_the_back(
    new_context: NewContext, live_server: str
) -> None:
    keeper = new_context().new_page()
    evening_id, token = _evening_of_a_new_group(keeper, live_server)
    tables = _evening(keeper.request, evening_id, token)["sittings"][0]["tables"]
    _rounds(keeper.request, tables[0], 5, 1)
    _rounds(keeper.request, tables[1], 2, 2)
    ended = keeper.request.post(
        f"/api/evenings/{evening_id}/sittings/1/tables/2/end",
        data={},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert ended.ok, ended.text()
    _rounds(keeper.request, tables[2], 5, 3)

    # Each rank on one line at 390 px, "10" and "11" too.
    keeper.goto(f"/evenings/{evening_id}")
    lines = keeper.eval_on_selector_all(
        ".evening-standings tbody td:first-child",
        """cells => cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return [cell.textContent.trim(), range.getClientRects().length];
        })""",
    )
    assert [rank for rank, _lines in lines if len(rank) > 1], lines  # two figures shown
    assert all(count == 1 for _rank, count in lines), lines
    shots.take(keeper, "club_night_walk/standings-390.png")

    # The room screen: "· ended early" as large as "✓ finished".
    room = new_context(viewport={"width": 1920, "height": 1080}).new_page()
    room.goto(f"/evenings/{evening_id}/room")
    size = "(element) => parseFloat(getComputedStyle(element).fontSize)"
    finished = room.eval_on_selector(".progress.done", size)
    early = room.eval_on_selector(".table-no .done", size)
    assert early >= finished - 0.5, (early, finished)
    shots.take(room, "club_night_walk/room-1920.png", full_page=False)
    if shots.wanted():
        # The ended game's score sheet, light and dark, and in French.
        for scheme, lang in (("light", "en"), ("dark", "en"), ("light", "fr")):
            look = new_context().new_page()
            look.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            look.goto(f"/language/{lang}?next=/")
            look.goto(f"/games/{tables[1]['game']}/sheet")
            shots.take(look, f"club_night_walk/sheet-{lang}-{scheme}.png")
            look.goto(f"/games/{tables[1]['game']}")
            shots.take(look, f"club_night_walk/game-{lang}-{scheme}.png")
