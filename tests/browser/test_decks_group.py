"""Issue 23's whole game: four players of a group play the 25-year deck at phone size, with a
Werewolf's trump, three Bombs, Clouds up and down, two adjustments and a trump card turned in
the last round. Every score is counted by hand below, and the sheet, the printed sheet, the CSV,
the record, the game's API state and the group's statistics must all say the same.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from playwright.sync_api import Page, expect

from scorekeeper.core.rules import Suit, Trump, Turned
from tests import pdfs
from tests.browser import flows
from tests.browser.flows import NewContext, tap
from tests.browser.test_decks import bomb, cloud, confirm, special_trump
from tests.support.browser import PDF_MS

NAMES = ("Ada", "Bruno", "Chiara", "Dario")
ROUNDS = 15  # 60 cards dealt to 4 players; the 25-year deck's 7 special cards stay undealt


@dataclass(frozen=True)
class Played:
    """One round as the table played it: the bids made, the bids scored (a Cloud changes one),
    the tricks taken (a Bomb's trick is nobody's) and whether the Bomb was played."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    scored: tuple[int, ...] | None = None
    bomb: bool = False

    @property
    def against(self) -> tuple[int, ...]:
        return self.scored or self.bids


# Rounds 1 to 5 tapped; rounds 6 to 14 fast-forwarded: everyone bids 0 and the player left of
# the dealer (Ada deals round 1) takes every trick; round 15 tapped.
TAPPED = {
    1: Played((0, 1, 0, 0), (0, 1, 0, 0)),
    2: Played((1, 0, 1, 0), (1, 0, 0, 0), bomb=True),
    3: Played((1, 1, 1, 0), (1, 0, 2, 0), scored=(1, 1, 2, 0)),  # Chiara's Cloud: 1 -> 2
    4: Played((2, 1, 0, 1), (1, 1, 0, 1), scored=(1, 1, 0, 1), bomb=True),  # Ada's: 2 -> 1
    5: Played((1, 1, 1, 1), (1, 1, 1, 1), bomb=True),
    15: Played((4, 4, 4, 3), (4, 4, 4, 3)),
}
FAST = {
    number: Played((0,) * 4, tuple(number if seat == number % 4 else 0 for seat in range(4)))
    for number in range(6, 15)
}
PLAYED = {**TAPPED, **FAST}
# Round 2: Chiara -20 for a revoke (from the result screen); round 3: Dario +10 by a house
# rule (from the correction page).
ADJUSTED = {2: {2: (-20, "revoke")}, 3: {3: (10, "house rule")}}


def by_hand(bid: int, tricks: int) -> int:
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


def scores(number: int) -> list[int]:
    """The round's scores, adjustments included."""
    played = PLAYED[number]
    made = [by_hand(b, t) for b, t in zip(played.against, played.tricks, strict=True)]
    for seat, (points, _reason) in ADJUSTED.get(number, {}).items():
        made[seat] += points
    return made


def totals_after(rounds: int) -> list[int]:
    return [sum(scores(n)[seat] for n in range(1, rounds + 1)) for seat in range(4)]


def adjust(page: Page, name: str, sign: str, points: str, reason: str) -> None:
    page.select_option("#seat", label=name)
    page.check(f"input[name=sign][value='{sign}']")
    page.fill("#points", points)
    page.fill("#reason", reason)
    tap(page, page.get_by_role("button", name="Add the adjustment"))
    assert not flows.flash_errors(page), flows.flash_errors(page)


def tapped(page: Page, number: int, trump: Trump | None = None) -> None:
    """Bids, Bomb, tricks and Cloud of a tapped round (the trump is entered by the caller)."""
    played = TAPPED[number]
    if trump is not None:
        flows.enter_trump(page, trump)
    flows.enter_bids(page, played.bids)
    if played.bomb:
        bomb(page)
    flows.enter_tricks(page, played.tricks)
    if played.scored is not None:
        seat = next(s for s in range(4) if played.scored[s] != played.bids[s])
        cloud(page, seat, "+1" if played.scored[seat] > played.bids[seat] else "-1")
    confirm(page)


def result_totals(page: Page) -> list[int]:
    return [flows.whole(text) for text in page.locator(".result td.total").all_inner_texts()]


def test_a_group_plays_a_25_year_game_and_every_reading_matches_the_hand_count(
    new_context: NewContext, live_server: str
) -> None:
    page = new_context().new_page()
    page.goto(live_server)
    tap(page, page.get_by_role("link", name="New group"))
    page.fill("#name", "Jubilee club")
    tap(page, page.get_by_role("button", name="Make the group"))
    group = page.url.rstrip("/").rsplit("/", 1)[-1]
    tap(page, page.get_by_role("link", name="New game"))
    for seat, name in enumerate(NAMES):
        page.fill(f"#new_names-{seat}", name)
    page.select_option("#first_dealer", "new-0")
    flows.choose(page, "input[name=deck][value=anniversary_25]")
    tap(page, page.get_by_role("button", name="Start the game"))
    assert not flows.flash_errors(page), flows.flash_errors(page)
    game = flows.game_id(page)
    base = f"{live_server}/games/{game}"

    # Round 1, 1 card: a Werewolf turned, its holder names hearts.
    special_trump(page, "werewolf", "hearts")
    tapped(page, 1)
    assert result_totals(page) == totals_after(1)
    # Round 2: the Bomb; then Chiara's revoke from the result screen.
    tapped(page, 2, Trump(Turned.SUIT, Suit.SPADES))
    tap(page, page.locator(".result .adjust-link a"))
    adjust(page, "Chiara", "-", "20", "revoke")
    assert result_totals(page) == totals_after(2)
    # Round 3: a Dragon turned, the dealer names clubs; Chiara's Cloud up.
    special_trump(page, "dragon", "clubs")
    tapped(page, 3)
    # Round 4: a Jester; the Bomb and Ada's Cloud down. Round 5: the Bomb again.
    tapped(page, 4, flows.JESTER)
    tapped(page, 5, Trump(Turned.SUIT, Suit.DIAMONDS))
    before = totals_after(5)
    before[3] -= 10  # Dario's house rule is not given yet
    assert result_totals(page) == before
    # Dario's house rule, from the correction page of round 3.
    tap(page, page.locator("nav.tabs").get_by_role("link", name="Sheet"))
    tap(page, page.locator("table.pad tbody tr").nth(2).get_by_role("link", name="Correct"))
    tap(page, page.locator(".adjust-link a"))
    expect(page.locator("h1")).to_have_text("Adjust round 3")
    adjust(page, "Dario", "+", "10", "house rule")
    page.goto(base)
    assert result_totals(page) == totals_after(5)

    flows.fast_forward(page, 9)
    assert page.locator(".last-round").count() == 1
    tapped(page, 15, Trump(Turned.SUIT, Suit.HEARTS))
    assert flows.phase(page) == "over"
    finals = totals_after(ROUNDS)

    # The sheet: every round's scores and the totals, two marks and their reasons.
    page.goto(f"{base}/sheet")
    assert flows.sheet_totals(page) == finals
    rows = flows.sheet_rows(page)
    for number, row in enumerate(rows, start=1):
        running = totals_after(number)
        assert [flows.whole(cell.split()[-1]) for cell in row[1:]] == running, number
    assert page.locator("table.pad .bomb-mark").count() == 3
    assert page.locator("table.pad .cloud-mark [aria-hidden=true]").all_inner_texts() == [
        "→2",
        "→1",
    ]
    notes = page.locator(".adjustment-notes li").all_inner_texts()
    assert notes == ["1 Round 2: Chiara \u221220 · revoke", "2 Round 3: Dario +10 · house rule"]

    # The printed sheet: the totals and the reasons.
    printed = pdfs.text(page.request.get(f"{base}/sheet.pdf", timeout=PDF_MS).body())
    for total in finals:
        assert pdfs.number(total) in printed
    assert "revoke" in printed and "house rule" in printed

    # The CSV: one row per player per round, the score and total of each counted by hand.
    text = page.request.get(f"{base}/export.csv").text().lstrip("\ufeff")
    table = list(csv.DictReader(io.StringIO(text)))
    assert len(table) == ROUNDS * 4
    for line in table:
        number, seat = int(line["round"]), NAMES.index(line["player"])
        assert int(line["score"]) == scores(number)[seat], line
        assert int(line["total"]) == totals_after(number)[seat], line
        assert int(line["bid"]) == PLAYED[number].bids[seat], line
        assert int(line["tricks"]) == PLAYED[number].tricks[seat], line

    # The record and the API's state.
    record = page.request.get(f"{base}/export.json").json()
    assert record["rounds"][0]["trump"] == {"turned": "werewolf", "suit": "hearts"}
    assert record["rounds"][14]["trump"] == {"turned": "suit", "suit": "hearts"}
    assert [r.get("bomb", False) for r in record["rounds"]].count(True) == 3
    assert record["rounds"][2]["cloud"] == {"seat": 2, "bid": 2}
    assert record["rounds"][3]["cloud"] == {"seat": 0, "bid": 1}
    assert record["rounds"][1]["adjustments"] == [{"seat": 2, "points": -20, "reason": "revoke"}]
    assert record["rounds"][2]["adjustments"] == [{"seat": 3, "points": 10, "reason": "house rule"}]
    state = page.request.get(f"{live_server}/api/games/{game}").json()
    assert state["totals"] == finals
    assert [r["scores"] for r in state["rounds"]] == [scores(n) for n in range(1, ROUNDS + 1)]

    # The group: totals include the adjustments; bid figures count the Cloud's changed bid.
    stats = page.request.get(f"{live_server}/api/groups/{group}/stats").json()
    assert stats["games"] == 1
    figures = {player["name"]: player for player in stats["players"]}
    for seat, name in enumerate(NAMES):
        against = [PLAYED[n].against[seat] for n in range(1, ROUNDS + 1)]
        taken = [PLAYED[n].tricks[seat] for n in range(1, ROUNDS + 1)]
        met = [b == t for b, t in zip(against, taken, strict=True)]
        assert figures[name] == {
            "name": name,
            "games": 1,
            "wins": int(finals[seat] == max(finals)),
            "total_points": finals[seat],
            "best_total": finals[seat],
            "average_total": float(finals[seat]),
            "rounds_bid": ROUNDS,
            "bids_met": sum(met),
            "zero_bids": against.count(0),
            "zero_bids_met": sum(m for b, m in zip(against, met, strict=True) if b == 0),
        }, name
    page.goto(f"{live_server}/groups/{group}")
    board = {
        row.locator("th, td").nth(1).inner_text().strip(): row.locator("td, th").nth(4)
        for row in page.locator("table.board tbody tr").all()
    }
    for seat, name in enumerate(NAMES):
        assert flows.whole(board[name].inner_text().strip().split(".")[0]) == finals[seat]
    winner = NAMES[finals.index(max(finals))]
    assert f"{winner} ({max(finals)})" in page.locator("ul.games li.game-card").first.inner_text()
