"""The same rounds tapped with and without JavaScript end the same: the pages are plain forms."""

from __future__ import annotations

from playwright.sync_api import Page

from scorekeeper.core import game, sheet
from scorekeeper.core.rules import Suit, Trump, Turned, Variants
from tests.browser import flows
from tests.browser.flows import NewContext

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def play_two_rounds(page: Page, base: str) -> tuple[list[object], int]:
    """Round 1 with a miss stepped down, round 2 reopened by Undo (its steppers start at the
    tricks entered) and confirmed again; the results and the taps."""
    flows.new_game(page, base, NAMES, first_dealer=2)
    taps = flows.enter_trump(page, Trump(Turned.WIZARD, Suit.HEARTS))
    taps += flows.enter_bids(page, [0, 1, 0, 1])
    starts = flows.checked_tricks(page)  # every player starts at the bid
    taps += flows.enter_tricks(page, [0, 1, 0, 0])  # Dan missed: one tap
    taps += flows.confirm_round(page)
    results: list[object] = [starts, flows.result_rows(page)]

    taps += flows.enter_trump(page, Trump(Turned.SUIT, Suit.DIAMONDS))
    taps += flows.enter_bids(page, [1, 0, 1, 0])
    taps += flows.confirm_round(page)
    taps += flows.tap(page, page.get_by_role("button", name="Reopen round 2"))
    results.append(flows.checked_tricks(page))
    taps += flows.confirm_round(page)
    results.append(flows.result_rows(page))
    return results, taps


def test_a_round_without_javascript_works_like_with_it(
    new_context: NewContext, live_server: str
) -> None:
    plain = new_context(java_script_enabled=False).new_page()
    scripted = new_context().new_page()
    without, taps_without = play_two_rounds(plain, live_server)
    with_js, taps_with = play_two_rounds(scripted, live_server)

    assert without == with_js
    assert without[0] == {3: 1, 0: 0, 1: 1, 2: 0}  # the bids, in bidding order
    # Trump, 4 bids, 1 miss, confirm; then trump, 4 bids, confirm, reopen, confirm.
    assert taps_without == taps_with == (1 + 4 + 1 + 1) + (1 + 4 + 1 + 1 + 1)
    assert not flows.in_place(plain) and flows.in_place(scripted)

    record = game.new_game(NAMES, 2, Variants())
    record = flows.engine_round(
        record, [0, 1, 0, 1], [0, 1, 0, 0], Trump(Turned.WIZARD, Suit.HEARTS)
    )
    record = flows.engine_round(
        record, [1, 0, 1, 0], [1, 0, 1, 0], Trump(Turned.SUIT, Suit.DIAMONDS)
    )
    totals = sheet.build(record).totals
    shown = without[3]
    assert isinstance(shown, dict)
    assert [shown[name][3] for name in NAMES] == list(totals)
    assert without[2] == {seat: tricks for seat, tricks in enumerate([1, 0, 1, 0])}
