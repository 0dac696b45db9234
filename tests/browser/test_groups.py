"""A group in the browser: made, two short games started from its roster, the leaderboard read.

The group pages at phone size are shot in light and dark when ``SCOREKEEPER_SHOTS`` names a
folder (tests/support/shots.py).
"""

from __future__ import annotations

from playwright.sync_api import Page

from scorekeeper.core import game, sheet
from scorekeeper.core.rules import Length, Variants
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots

# (bids, tricks) by seat for each of the five rounds: some bids met, some missed.
ROUNDS = [
    ([0, 1, 0], [0, 1, 0]),
    ([1, 1, 0], [1, 1, 0]),
    ([0, 2, 1], [1, 1, 1]),
    ([2, 1, 1], [2, 1, 1]),
    ([1, 3, 0], [1, 3, 1]),
]
FIVE = Variants(length=Length.FIVE_ROUNDS)


def shoot(page: Page, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shots.take(page, f"groups/group-{name}-{scheme}.png")
    page.emulate_media(color_scheme="light")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, f"{name} is too wide"


def play_five(page: Page, players: tuple[str, ...], first_dealer: int) -> sheet.Sheet:
    """Tap the five rounds on the page; the same rounds through the rules engine."""
    record = game.new_game(players, first_dealer, FIVE)
    for bids, tricks in ROUNDS:
        flows.play_round(page, bids, tricks)
        record = flows.engine_round(record, bids, tricks, flows.JESTER)
    assert flows.phase(page) == "over"
    built = sheet.build(record)
    assert flows.standings(page) == dict(zip(players, built.totals, strict=True))
    return built


def open_group(page: Page, name: str) -> None:
    """From a game, back to the group the way a player goes: home, then the group's card."""
    flows.tap(page, page.locator(".bar a.home"))
    flows.tap(page, page.locator("ul.groups a", has_text=name))


def test_a_group_plays_two_games_from_its_roster(new_context: NewContext, live_server: str) -> None:
    page = new_context().new_page()
    page.goto(live_server)
    flows.tap(page, page.get_by_role("link", name="New group"))
    page.fill("#name", "Friday club")
    flows.tap(page, page.get_by_role("button", name="Make the group"))
    assert page.locator("h1").inner_text() == "Friday club"

    # Game 1: nobody is on the roster yet; the names are typed once.
    flows.tap(page, page.get_by_role("link", name="New game"))
    for index, name in enumerate(("Ana", "Ben", "Cleo")):
        page.fill(f"#new_names-{index}", name)
    page.select_option("#first_dealer", "new-0")
    flows.choose(page, "input[name=length][value=five_rounds]")
    flows.tap(page, page.get_by_role("button", name="Start the game"))
    first = play_five(page, ("Ana", "Ben", "Cleo"), 0)

    # Game 2: the players are tapped on the roster; the variants are last game's.
    open_group(page, "Friday club")
    flows.tap(page, page.get_by_role("link", name="New game"))
    toggles = page.locator("label.toggle")
    assert toggles.all_inner_texts() == ["Ana", "Ben", "Cleo"]
    for name in ("Ana", "Ben", "Cleo"):
        toggles.filter(has_text=name).click()  # untick: all three were in the last game
    for name in ("Cleo", "Ana", "Ben"):
        toggles.filter(has_text=name).click()
    assert page.locator("input[name=length][value=five_rounds]").is_checked()
    assert page.locator("#first_dealer").input_value() == "ben"  # the deal moved on
    shoot(page, "new-game")
    flows.tap(page, page.get_by_role("button", name="Start the game"))
    second = play_five(page, ("Ana", "Ben", "Cleo"), 1)

    open_group(page, "Friday club")
    shoot(page, "page")
    rows = page.locator("table.board tbody tr").all()
    board = [[cell.inner_text().strip() for cell in row.locator("th, td").all()] for row in rows]
    finals = {
        name: [built.totals[seat] for built in (first, second)]
        for seat, name in enumerate(("Ana", "Ben", "Cleo"))
    }
    wins = {
        name: sum(built.totals[seat] == max(built.totals) for built in (first, second))
        for seat, name in enumerate(("Ana", "Ben", "Cleo"))
    }
    expected = sorted(finals, key=lambda name: (-wins[name], -sum(finals[name]), name))
    assert [row[1] for row in board] == expected
    for row in board:
        name = row[1]
        assert row[2] == "2"  # games
        assert row[3].split()[0] == str(wins[name])
        assert row[4] == f"{sum(finals[name]) / 2:.1f}"  # average final total
    assert page.locator("figure.chart svg g.chart-series polyline").count() == 3

    flows.tap(page, page.locator("table.board a", has_text=expected[0]))
    shoot(page, "player")
    assert page.locator("dl.figures").is_visible()
