"""Issue 51, a club's past brought in on the group page: a keeper chooses a BG Stats export, reads
the review (who matched whom, what is skipped and why), changes one match, confirms, and sees the
leaderboard count the games; the same file again brings nothing in.

The group and its first game are made through the API (the state to start from); the page is
tapped only for what is checked."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser import flows
from tests.browser.every_page import keep
from tests.plays import bearer
from tests.test_club_import import export
from tests.test_groups_api import game_json


def club(page: Page) -> str:
    """A group with Ana, Søren Møller and Cleo (one finished game of theirs), kept by this
    phone: its id."""
    made = page.request.post("/api/groups", data={"name": "Old club"})
    group_id, token = made.json()["id"], made.json()["edit_token"]
    body = game_json(1, players=3) | {"players": ["Ana", "Søren Møller", "Cleo"]}
    added = page.request.post(f"/api/groups/{group_id}/games", data=body, headers=bearer(token))
    assert added.status == 201, added.text()
    keep(page, "groups", group_id, token)
    return str(group_id)


def choose(page: Page, group_id: str, file: Path) -> None:
    """On the group page, open "Bring in past results", choose the file and send it."""
    page.goto(f"/groups/{group_id}")
    page.get_by_text("Bring in past results").click()
    page.set_input_files("#past-file", str(file))
    flows.tap(page, page.get_by_role("button", name="Check the file"))


def test_a_keeper_brings_in_a_bg_stats_export_after_the_review(page: Page, tmp_path: Path) -> None:
    group_id = club(page)
    file = tmp_path / "BGStatsExport.json"
    file.write_text(json.dumps(export(), indent=1), encoding="utf-8")
    board = page.locator("table.board").first
    page.goto(f"/groups/{group_id}")
    counted = page.locator("section[aria-labelledby=board-title] > p.hint").first
    expect(counted).to_contain_text("1 finished game")

    choose(page, group_id, file)
    expect(page.locator("h1")).to_have_text("Check before bringing in")
    expect(page.locator(".import-summary")).to_contain_text("5 games will be brought in")
    # Who matched whom: each name in the file with the group's player it stands for.
    rows = page.locator("table.matches tbody tr")
    expect(rows).to_have_count(4)
    matched = {
        rows.nth(row).locator("th").inner_text(): rows.nth(row)
        .locator("select option:checked")
        .inner_text()
        for row in range(4)
    }
    assert matched == {
        "ana": "Ana",
        "Soren Moller": "Søren Møller",
        "Ben": "New player: Ben",
        "Cleo": "Cleo",
    }
    # What is skipped and why.
    skipped = page.locator("ul.skipped li")
    expect(skipped).to_have_count(7)
    expect(skipped.first).to_have_text("Play 4: CATAN is not a game the pad keeps")
    expect(page.locator("ul.skipped")).to_contain_text("Play 6: ana has no score")
    expect(page.locator("#skipped-title + p")).to_have_text(
        "Plays of games the pad does not keep: CATAN (2)"
    )
    # The keeper says Cleo's line in the file is someone new, checks again, then confirms.
    page.select_option("#players-3", "")
    flows.tap(page, page.get_by_role("button", name="Check again with these players"))
    expect(page.locator("#players-3 option:checked")).to_have_text("New player: Cleo")
    # Cleo of the file and Cleo of the group share a name: the new player is the same one.
    flows.tap(page, page.get_by_role("button", name="Bring 5 games in"))

    expect(page.locator(".flash.success")).to_contain_text("5 games brought in")
    expect(counted).to_contain_text("5 finished games counted")
    ben = board.locator("tbody tr", has_text="Ben")
    expect(ben.locator("td").nth(1)).to_have_text("4")  # games
    expect(page.locator("li.game-card.imported")).to_have_count(5)
    # An imported game's page: its totals by place, and that it has no rounds.
    flows.tap(page, page.locator("li.game-card.imported a").first)
    expect(page.locator(".imported-mark")).to_contain_text("from BG Stats")
    expect(page.locator("main")).to_contain_text("totals only")

    # The same file again: nothing to bring in.
    choose(page, group_id, file)
    expect(page.locator(".import-summary")).to_contain_text("0 games will be brought in")
    expect(page.locator("ul.skipped")).to_contain_text("brought in before")
    expect(page.get_by_role("button", name="Bring 0 games in")).to_have_count(0)
