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
