"""Two whole games of the family played through the core, with every number worked out by hand:
a Skull King game of five (every kind of bonus, a Loot pair, a Kraken round, Harry the Giant,
Rascal of Roatan's wager, a zero bid met and one missed) and an Oh Hell game of four (down and
up, the hook on). The sheet, PDF, CSV, JSON and group tests check their outputs against these."""

from __future__ import annotations

from scorekeeper.core import game
from scorekeeper.core.family.skull_king import Change, Claim, Extras, Wager
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Suit, Turned

PIRATES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
# Blitz: five rounds of five cards. By round: bids, tricks, extras.
SKULL_KING_ROUNDS: tuple[tuple[tuple[int, ...], tuple[int, ...], Extras], ...] = (
    # All met; Ana a 14 (+10), Cleo the black 14 (+20); Ben's zero bid met: 10 x 5 cards.
    (
        (2, 0, 1, 1, 1),
        (2, 0, 1, 1, 1),
        Extras(bonuses=(Claim(0, "fourteen"), Claim(2, "black_fourteen"))),
    ),
    # The Kraken: one trick to nobody. Ana a Mermaid by a Pirate (+20), Ben's Skull King took two
    # Pirates (+60), Eve took the Loot Cleo played (+20 each, both met); Dan missed by one (-10).
    (
        (1, 1, 0, 2, 1),
        (1, 1, 0, 1, 1),
        Extras(
            destroyed=1,
            bonuses=(
                Claim(0, "mermaid_by_pirate"),
                Claim(1, "pirate_by_skull_king"),
                Claim(1, "pirate_by_skull_king"),
                Claim(4, "loot", ally=2),
            ),
        ),
    ),
    # Ben's zero bid missed (-50); Cleo missed by one (-10), so her 14 counts nothing; Dan's
    # Mermaid took the Skull King (+40).
    (
        (1, 0, 2, 1, 1),
        (1, 1, 1, 1, 1),
        Extras(bonuses=(Claim(2, "fourteen"), Claim(3, "skull_king_by_mermaid"))),
    ),
    # Harry the Giant: Ana bid 2, took 3 and made it 3 (met: 60); Eve wagered 20 with Rascal of
    # Roatan and met her bid (20 + 20); Cleo missed by one; Dan's zero bid met.
    (
        (2, 1, 1, 0, 1),
        (3, 1, 0, 0, 1),
        Extras(harry=Change(0, 1), roatan=Wager(4, 20)),
    ),
    # All met; Dan took two 14s (+20).
    (
        (1, 1, 1, 1, 1),
        (1, 1, 1, 1, 1),
        Extras(bonuses=(Claim(3, "fourteen"), Claim(3, "fourteen"))),
    ),
)
SKULL_KING_SCORES = (
    (50, 50, 40, 20, 20),
    (40, 80, 70, -10, 40),
    (20, -50, -10, 60, 20),
    (60, 20, -10, 50, 40),
    (20, 20, 20, 40, 20),
)
SKULL_KING_TOTALS = (190, 120, 110, 160, 140)
# Each seat's bonus points by round (the wager counted with them): the PDF's bonus column.
SKULL_KING_BONUSES = (
    (10, 0, 20, 0, 0),
    (20, 60, 20, 0, 20),
    (0, 0, 0, 40, 0),
    (0, 0, 0, 0, 20),
    (0, 0, 0, 20, 0),
)
SKULL_KING_SETTINGS = {"schedule": "blitz", "advanced_cards": True, "pirate_powers": True}

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
# Down and up to three cards: 3, 2, 1, 2, 3. The hook: the dealer, bidding last, may not make the
# bids add up to the cards. 1 a trick, met or not, and 10 more for a bid met.
OH_HELL_ROUNDS: tuple[tuple[Suit, tuple[int, ...], tuple[int, ...]], ...] = (
    (Suit.HEARTS, (0, 1, 0, 1), (0, 1, 1, 1)),
    (Suit.SPADES, (1, 1, 1, 0), (1, 0, 1, 0)),
    (Suit.CLUBS, (0, 0, 0, 0), (0, 0, 0, 1)),
    (Suit.DIAMONDS, (0, 1, 0, 2), (0, 1, 0, 1)),
    (Suit.HEARTS, (2, 1, 1, 0), (2, 1, 0, 0)),
)
OH_HELL_SCORES = (
    (10, 11, 1, 11),
    (11, 0, 11, 10),
    (10, 10, 10, 1),
    (10, 11, 10, 1),
    (12, 11, 0, 10),
)
OH_HELL_TOTALS = (53, 43, 32, 33)
OH_HELL_SETTINGS = {"schedule": "down_and_up", "max_hand": 3, "hook": True}


def skull_king() -> GameRecord:
    """The whole Skull King game, entered as the table would."""
    record = game.start("skull_king", PIRATES, 0, SKULL_KING_SETTINGS)
    for bids, tricks, extras in SKULL_KING_ROUNDS:
        for seat, bid in enumerate(bids):
            record = game.place_bid(record, seat, bid)
        record = game.finish_round(record, tricks, facts=extras)
    return record


def oh_hell() -> GameRecord:
    """The whole Oh Hell game, entered as the table would (bids in turn from the dealer's left)."""
    record = game.start("oh_hell", PLAYERS, 0, OH_HELL_SETTINGS)
    for number, (suit, bids, tricks) in enumerate(OH_HELL_ROUNDS, start=1):
        record = game.set_trump(record, Turned.SUIT, suit)
        dealer = (number - 1) % len(PLAYERS)
        for step in range(1, len(PLAYERS) + 1):
            seat = (dealer + step) % len(PLAYERS)
            record = game.place_bid(record, seat, bids[seat])
        record = game.finish_round(record, tricks)
    return record
