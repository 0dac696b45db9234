"""Taps per round in the family's other games (issue 24), counted as Wizard's are
(``benchmarks/taps.py``) with the browser tests' helpers, on the same phone-sized Chromium.

For Skull King and Oh Hell, 3 to 6 players, the first round (1 card) and the last round of the
game's standard schedule (its largest hand) are entered: the trump where the screen asks for one
(Oh Hell turns a card, clubs here; Skull King's trump is always the same suit, so it has no trump
step), every bid, the tricks of a round where all but one player made the bid (one tap for the
miss), no bonus, and "Confirm round". The screens promise players + 2 taps for Skull King and
players + 3 for Oh Hell (+ 2 where the deck is dealt out and no card is turned).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from benchmarks.goals import markdown_table
from scorekeeper.core import game
from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import family_flows, flows
from tests.support.browser import PHONE, TIMEOUT_MS

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn")
GAMES = ("skull_king", "oh_hell")
PLAYERS = (3, 4, 5, 6)
CLUBS = Trump(Turned.SUIT, Suit.CLUBS)
# Rounds between the two measured are posted without the browser drawing them (setup, not
# play): a game without Jesters turns a suit card.
FAST_TRUMP = {"turned": "suit", "suit": "clubs"}
PROMISED = {"skull_king": 2, "oh_hell": 3}
"""Taps beyond one per player that the round screen promises for such a round."""


def measure(browser: Browser, base: str) -> list[dict[str, Any]]:
    """One row per game and table size: the taps of the first and the last round."""
    rows = []
    for key in GAMES:
        for players in PLAYERS:
            context = browser.new_context(viewport=PHONE, base_url=base)
            context.set_default_timeout(TIMEOUT_MS)
            page = context.new_page()
            family_flows.new_game(page, base, key, NAMES[:players])
            schedule = game.start(key, NAMES[:players], 0, {}).schedule
            row: dict[str, Any] = {"game": key, "players": players, "hands": []}
            row["promised"] = players + PROMISED[key]
            for number in (1, len(schedule)):
                if number > 1:
                    flows.fast_forward(page, number - 2, FAST_TRUMP)
                hand = schedule[number - 1]
                bids, tricks = flows.all_but_one_made(players, hand)
                trump = CLUBS if flows.phase(page) == "trump" else None
                taps = flows.play_round(page, bids, tricks, trump=trump)
                assert flows.result_title(page) == f"Round {number} result"
                row["hands"].append({"cards": hand, "taps": taps, "trump": trump is not None})
            rows.append(row)
            context.close()
    return rows


TITLES = {"skull_king": "Skull King", "oh_hell": "Oh Hell"}


def report(rows: list[dict[str, Any]] | dict[str, Any] | None) -> list[str]:
    """The family's part of the taps section of docs/benchmarks.md."""
    lines = ["", "### The family's other games", ""]
    if isinstance(rows, dict):
        return [*lines, "**Not measured in this run:**", "", "```", rows.get("error", ""), "```"]
    if not rows:
        return []
    lines += [
        "The same round in Skull King and Oh Hell (`benchmarks/family_taps.py`): every bid, one "
        "tap for the one miss, no bonus, *Confirm round*, and the trump where the screen asks "
        "for one. Skull King's trump is always the same suit and its bids are made at once (the "
        "pad takes them in seat order; a tap on a name takes a bid out of turn, one tap more): "
        "players + 2 taps. Oh Hell turns a card each deal: players + 3, one fewer where the deck "
        "is dealt out.",
        "",
    ]
    table = []
    for row in rows:
        cells = [TITLES[row["game"]], str(row["players"])]
        for hand in row["hands"]:
            trump = "" if hand["trump"] else ", no trump step"
            cards = "1 card" if hand["cards"] == 1 else f"{hand['cards']} cards"
            cells.append(f"{hand['taps']} ({cards}{trump})")
        table.append([*cells, str(row["promised"])])
    head = ["Game", "Players", "Taps, first round", "Taps, last round", "Promised at most"]
    return lines + markdown_table(head, table)
