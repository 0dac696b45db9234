"""How many taps a whole round takes: trump, every bid, the one miss, confirm.

Every player's tricks start at the bid, so a round where all but one made it takes one tap
per player and three more. ``flows.play_round`` returns the count, so a benchmark can measure
the same thing.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scorekeeper.core import rules
from scorekeeper.core.rules import Length, Suit, Trump, Turned
from tests.browser import flows

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn")


def round_taps(page: Page, players: int, number: int) -> int:
    """Tap in round ``number`` of the standard game open on the page; returns the taps.

    A Wizard is turned (if a card is turned at all), everyone bids, and all but one player
    make their bid: the first bidder takes one trick more (or one less) than bid.
    """
    hand = rules.schedule(players)[number - 1]
    bids, tricks = flows.all_but_one_made(players, hand)
    fixed = rules.fixed_trump(number, hand, players, Length.STANDARD)
    trump = None if fixed else Trump(Turned.WIZARD, Suit.CLUBS)
    taps = flows.play_round(page, bids, tricks, trump=trump)
    assert flows.result_title(page) == f"Round {number} result"
    took = [int(flows.result_rows(page)[name][1]) for name in NAMES[:players]]
    assert took == tricks
    return taps


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_round_where_all_but_one_made_it_takes_players_and_three_taps(
    page: Page, live_server: str, players: int
) -> None:
    flows.new_game(page, live_server, NAMES[:players])
    one_card = round_taps(page, players, 1)
    flows.fast_forward(page, 8)
    ten_cards = round_taps(page, players, 10)
    print(f"{players} players: 1 card {one_card} taps, 10 cards {ten_cards} taps")
    # Trump 1, a bid each, the one miss 1, confirm 1 (6 players of 10 cards: no trump).
    assert one_card == players + 3
    assert ten_cards == players + (2 if players == 6 else 3)


EIGHT = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hal")

_IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def confirm_from_the_bottom(page: Page, live_server: str, extra: int) -> None:
    """Round 5 of eight players, all but one made (each ``extra`` trick more: too many), then
    Confirm tapped at the bottom of the page, where the thumb reaches it."""
    flows.new_game(page, live_server, EIGHT)
    flows.fast_forward(page, 4)
    hand = rules.schedule(8)[4]
    bids, tricks = flows.all_but_one_made(8, hand)
    flows.enter_trump(page, Trump(Turned.WIZARD, Suit.CLUBS))
    flows.enter_bids(page, bids)
    flows.enter_tricks(page, [min(hand, taken + extra) for taken in tricks])
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    flows.confirm_round(page)


def test_after_confirm_the_next_round_opens_at_its_top_with_8_players(
    page: Page, live_server: str
) -> None:
    """Issue 21: the next round opened scrolled down by the tricks form's height, its header and
    the suit buttons above the screen, where a tap meant for Clubs landed on another row."""
    confirm_from_the_bottom(page, live_server, extra=0)
    assert flows.phase(page) == "trump"
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate(_IN_VIEW, "#round-title")
    assert page.evaluate(_IN_VIEW, "#trump-title")
    assert page.evaluate(_IN_VIEW, "form button[name=suit]")
    # A bid keeps the thumb where it is: the next bidder's buttons stay in place.
    flows.enter_trump(page, Trump(Turned.WIZARD, Suit.CLUBS))
    assert page.evaluate(_IN_VIEW, "form.bid-pad button[name=bid]")


def test_a_refused_confirm_brings_its_reason_into_view(page: Page, live_server: str) -> None:
    """Confirm refused (the tricks add up to too many): the reason stands at the top of the
    page, and the page goes up to it; it stayed out of sight, and the tap looked dead."""
    confirm_from_the_bottom(page, live_server, extra=1)
    assert flows.flash_errors(page), "the round was not refused"
    assert page.evaluate(_IN_VIEW, ".flash.error")
