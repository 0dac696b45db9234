"""Each game of the family started on a phone (390 x 844) and two rounds played with the fewest
taps, counted (issue 24): no trump step where the trump is fixed, Skull King's bids at once in
any order, a bonus in two taps (its fold, then who captured it in its kind's row), and the rest
as Wizard's n + 3. Wizard's own count is tests/browser/test_taps.py, unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import unquote

import pytest
from playwright.sync_api import Page

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


def start(page: Page, base: str, game: str, names: Sequence[str], **settings: str) -> int:
    """Tap the game at the top of the new-game form, type the names, choose the settings and
    start; returns the taps that were not typing (the game, the settings, Start)."""
    page.goto(f"{base}/games/new")
    taps = flows.tap(page, page.locator(f".game-pick button[value={game}]"))
    assert page.locator(".game-pick [aria-pressed=true]").get_attribute("value") == game
    flows.fill_names(page, names)
    page.select_option("#first_dealer", "0")
    for key, value in settings.items():
        selector = f"input[name={key}][value={value}]" if value != "on" else f"input[name={key}]"
        flows.choose(page, selector)
        taps += 1
    taps += flows.tap(page, page.get_by_role("button", name="Start the game"))
    assert not flows.flash_errors(page) and not page.locator(".field-error").count()
    return taps


def add_bonus(page: Page, kind: str, seat: int) -> int:
    """Open the bonuses' fold (if it is not), tap the kind (a 14 is chosen already) and who
    captured it."""
    taps = 0
    folded = page.locator("button[name=bonus-open]")
    if folded.count():
        taps += flows.tap(page, folded)
    choice = page.locator(f"input[name=bonus-kind][value={kind}]")
    if not choice.is_checked():
        choice.check()
        taps += 1
    return taps + flows.tap(page, page.locator(f"button[name=bonus-add][value='{seat}']"))


def totals(page: Page) -> list[int]:
    return [row[3] for row in flows.result_rows(page).values()]


def test_skull_king_two_rounds_with_the_fewest_taps(page: Page, live_server: str) -> None:
    start(page, live_server, "skull_king", NAMES)
    assert flows.phase(page) == "bids"  # no trump step: the Jolly Roger is always trump
    # Round 1, one card: everyone bids at once; a bid taken out of turn is one tap on a name.
    taps = flows.tap(page, page.locator("nav.ready a", has_text="Dan"))
    assert flows.next_bidder(page) == 3
    taps += flows.enter_bids(page, [1, 0, 0, 0, 0])
    assert flows.phase(page) == "play"
    taps += flows.confirm_round(page)
    # The name tap, five bids, Confirm: everyone made it.
    assert taps == len(NAMES) + 2
    assert flows.result_title(page) == "Round 1 result"
    assert totals(page) == [20, 10, 10, 10, 10]
    # Round 2, two cards: Ana's 14 (one fold, one tap), Ben took a trick on a zero bid.
    taps = flows.enter_bids(page, [1, 0, 0, 0, 0])
    taps += add_bonus(page, "fourteen", 0)
    taps += flows.enter_tricks(page, [1, 1, 0, 0, 0])
    taps += flows.confirm_round(page)
    assert not flows.flash_errors(page)
    # Five bids, the bonus (2), Ben's one trick (1), Confirm: n + 4 with a bonus.
    assert taps == len(NAMES) + 4
    assert totals(page) == [20 + 30, 10 - 20, 10 + 20, 10 + 20, 10 + 20]


def test_oh_hell_two_rounds_as_wizards(page: Page, live_server: str) -> None:
    four = NAMES[:4]
    start(page, live_server, "oh_hell", four)
    hearts = Trump(Turned.SUIT, Suit.HEARTS)
    # Round 1, one card: trump, four bids (the dealer's forbidden one greyed), one miss, Confirm.
    taps = flows.enter_trump(page, hearts)
    for seat in (1, 2, 3):
        assert flows.next_bidder(page) == seat
        taps += flows.tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    # Three zeros for one card: the hook forbids the dealer a bid of 1.
    assert page.locator("form.bid-pad button[value='1']").is_disabled()
    taps += flows.tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    taps += flows.enter_tricks(page, [0, 1, 0, 0])
    taps += flows.confirm_round(page)
    assert taps == len(four) + 3
    assert totals(page) == [10, 1, 10, 10]
    # Round 2, two cards: n + 3 again.
    taps = flows.play_round(page, [1, 0, 0, 0], [1, 0, 1, 0], trump=hearts)
    assert taps == len(four) + 3
    assert totals(page) == [10 + 11, 1 + 10, 10 + 1, 10 + 10]


def test_oh_hell_nomination_has_no_trump_step(page: Page, live_server: str) -> None:
    start(page, live_server, "oh_hell", NAMES[:3], trump="nomination")
    for number in (1, 2):
        assert flows.phase(page) == "bids"
        taps = flows.play_round(page, [0, 0, 0], [number, 0, 0], trump=None)
        # No trump to tap: three bids, Ana's tricks (one tap each), Confirm.
        assert taps == 3 + number + 1


@pytest.mark.parametrize("players", [2, 8])
def test_skull_king_plays_at_both_ends_of_its_table(
    page: Page, live_server: str, players: int
) -> None:
    names = [f"Pirate {n + 1}" for n in range(players)]
    start(page, live_server, "skull_king", names)
    made = [1] + [0] * (players - 1)
    taps = flows.play_round(page, made, made, trump=None)
    # Every bid, Confirm: every stepper starts at its bid.
    assert taps == players + 1
    assert flows.result_title(page) == "Round 1 result"


def skull_king_rounds(page: Page, base: str) -> tuple[list[int], int]:
    """Skull King started by its button; round 1 with Ana's 14, round 2 with the Kraken's
    trick; the totals and the taps."""
    taps = start(page, base, "skull_king", NAMES[:3], advanced_cards="on")
    taps += flows.enter_bids(page, [1, 0, 0])
    taps += add_bonus(page, "fourteen", 0)
    taps += flows.confirm_round(page)
    taps += flows.enter_bids(page, [0, 1, 0])
    taps += flows.tap(page, page.locator("button[name=bonus-open]"))
    taps += flows.tap(page, page.locator("button[name=destroyed-step][value='+1']"))
    taps += flows.confirm_round(page)
    assert not flows.flash_errors(page), flows.flash_errors(page)
    return totals(page), taps


def test_skull_king_without_javascript_as_with_it(
    new_context: NewContext, live_server: str
) -> None:
    plain = new_context(java_script_enabled=False).new_page()
    scripted = new_context().new_page()
    without, taps_without = skull_king_rounds(plain, live_server)
    with_script, taps_with = skull_king_rounds(scripted, live_server)
    # Round 1: Ana's bid met with a 14 (20 + 10), the zeros 10; round 2 (one trick destroyed,
    # Ben's): Ben's bid of 1 met (20), the zeros 20.
    assert without == with_script == [30 + 20, 10 + 20, 10 + 20]
    assert taps_without == taps_with


def test_bonuses_entered_come_back_after_a_look_at_the_sheet(page: Page, live_server: str) -> None:
    """Issue 33's third walk: a look at the sheet mid-round lost the bonuses and the Kraken,
    and a stepper's tap after a bonus took the bonus out of the page's address."""
    start(page, live_server, "skull_king", NAMES, advanced_cards="on")
    flows.enter_bids(page, [1, 0, 0, 0, 0])
    add_bonus(page, "fourteen", 0)
    flows.tap(page, page.locator("fieldset.destroyed button[name=destroyed-step].plus"))
    page.locator(".tricks-form button[name=step][value='0:-1']").click()
    kept = unquote(page.url)
    assert ":k00" in kept and ":d1" in kept
    nav = page.get_by_role("navigation", name="This game")
    flows.tap(page, nav.get_by_role("link", name="Sheet"))
    flows.tap(page, nav.get_by_role("link", name="Round"))
    assert len(page.locator("ul.claims li").all()) == 1
    assert page.locator("fieldset.destroyed output.count").inner_text() == "1"
    assert flows.checked_tricks(page)[0] == 0
