"""Correcting an earlier round from the score sheet: the totals follow, and the round is marked
on the sheet, the PDF and the CSV with what it was (issue 47)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.core import game, sheet
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.rules import Suit, Trump, Turned, Variants
from tests import pdfs, plays
from tests.browser import flows
from tests.support import shots
from tests.support.browser import PDF_MS

NAMES = ("Ada", "Bruno", "Chiara")
ROUNDS = (  # trump, bids, tricks by seat
    (Trump(Turned.SUIT, Suit.HEARTS), [1, 0, 0], [1, 0, 0]),
    (flows.JESTER, [1, 1, 0], [2, 0, 0]),
    (Trump(Turned.WIZARD, Suit.SPADES), [1, 1, 1], [0, 1, 2]),
)


def test_correcting_round_two_changes_the_totals(page: Page, live_server: str) -> None:
    flows.new_game(page, live_server, NAMES)
    record = game.new_game(NAMES, 0, Variants())
    for trump, bids, tricks in ROUNDS:
        flows.play_round(page, bids, tricks, trump=trump)
        record = flows.engine_round(record, bids, tricks, trump)
    before = sheet.build(record).totals

    flows.tap(page, page.locator("nav.tabs").get_by_role("link", name="Sheet"))
    assert flows.sheet_totals(page) == list(before)
    flows.tap(page, page.locator("table.pad tbody tr").nth(1).get_by_role("link", name="Correct"))
    expect(page.locator("h1")).to_have_text("Correct round 2")
    assert [page.input_value(f"#bids-{seat}") for seat in range(3)] == ["1", "1", "0"]
    assert [page.input_value(f"#tricks-{seat}") for seat in range(3)] == ["2", "0", "0"]
    assert page.input_value("#turned") == "jester"

    # Tricks that do not add up are refused, and nothing is changed.
    page.select_option("#tricks-0", "1")
    flows.tap(page, page.get_by_role("button", name="Save the correction"))
    expect(page.locator(".flash.error")).to_contain_text("Tricks add up to 1, but 2 were played")
    expect(page.locator("h1")).to_have_text("Correct round 2")
    # The refusal takes the focus as the page opens: read out and on the screen (issue 49's
    # walk: focus on the page's body, an alert there from the start, often not read).
    assert page.evaluate("document.activeElement.matches('.flash.error')")

    # Bruno really took one trick, and a Wizard was turned (dealer picked clubs).
    page.select_option("#tricks-0", "1")
    page.select_option("#tricks-1", "1")
    page.select_option("#turned", "wizard")
    page.select_option("#suit", "clubs")
    flows.tap(page, page.get_by_role("button", name="Save the correction"))
    expect(page.locator(".flash.info")).to_have_text("Round 2 corrected; the totals follow.")
    # A full page opening with what was done gives it the focus: read out (issue 49's walk).
    assert page.evaluate("document.activeElement.matches('.flash.info')")
    assert page.url.endswith("/sheet")

    corrected = RoundRecord(Trump(Turned.WIZARD, Suit.CLUBS), (1, 1, 0), (1, 1, 0))
    after = sheet.build(game.replace_round(record, 2, corrected))
    assert after.totals != before
    assert flows.sheet_totals(page) == list(after.totals)
    rows = flows.sheet_rows(page)
    assert "Wizard turned" in rows[1][0] and "Clubs" in rows[1][0]
    for row, expected in zip(rows, after.rounds, strict=True):
        assert [int(cell.split()[-1]) for cell in row[1:]] == list(expected.totals)

    # The round page's total follows too: the last result now ends on the new totals.
    flows.tap(page, page.locator("nav.tabs").get_by_role("link", name="Round"))
    shown = flows.result_rows(page)
    assert [shown[name][3] for name in NAMES] == list(after.totals)


def test_a_corrected_round_is_marked_on_the_sheet_the_pdf_and_the_csv(page: Page) -> None:
    # Tom, Dick and Mary after two rounds; round 1 was 0/0, 1/0, 1/1 (20, -10, 30).
    game_id = flows.kept_game(page, {**plays.EXAMPLE_GAME, "rounds": plays.EXAMPLE_ROUNDS})
    page.goto(f"/games/{game_id}/sheet")
    flows.tap(page, page.locator("table.pad tbody tr").nth(0).get_by_role("link", name="Correct"))
    # Dick took the trick, not Mary.
    page.select_option("#tricks-1", "1")
    page.select_option("#tricks-2", "0")
    flows.tap(page, page.get_by_role("button", name="Save the correction"))

    first = page.locator("table.pad tbody tr").nth(0)
    expect(first.locator("th .fix-mark")).to_have_count(1)
    marked = [first.locator("td").nth(seat).locator(".fix-mark").count() for seat in range(3)]
    assert marked == [0, 1, 1]
    expect(page.locator("table.pad tbody tr").nth(1).locator(".fix-mark")).to_have_count(0)
    key = "Round 1 corrected. Before: Dick bid 1, took 0, \u221210 · Mary bid 1, took 1, +30"
    expect(page.locator(".correction-notes li")).to_have_text(f"\u270e {key}")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shots.take(page, f"corrections/sheet-{scheme}.png")

    printed = pdfs.text(page.request.get(f"/games/{game_id}/sheet.pdf", timeout=PDF_MS).body())
    assert f"\u270e {key}" in printed and " 1\u270e " in printed
    rows = page.request.get(f"/games/{game_id}/export.csv").text().lstrip("\ufeff").splitlines()
    assert rows[0].endswith(",before the correction")
    assert rows[2].endswith(',"bid 1, took 0, \u221210"') and rows[1].endswith(",")
