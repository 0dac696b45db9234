"""A whole game of 3 players entered only by tapping the pages: the standard 20 rounds with the
page's script (rounds updated in place), and the same steps over a game of five rounds without
it (every tap a page load; see docs/speed.md, "Test suite")."""

from __future__ import annotations

from random import Random

import pytest

from scorekeeper.core import game, rules, sheet
from scorekeeper.core.rules import Length, Suit, Trump, Turned, Variants
from tests.browser import flows
from tests.browser.flows import NewContext

NAMES = ("Ada", "Bruno", "Chiara")


def turned_card(rng: Random, number: int, hand: int, length: Length) -> Trump | None:
    """Suit, Jester and Wizard in turn, with a random suit; nothing where the deck is dealt."""
    if rules.fixed_trump(number, hand, len(NAMES), length) is not None:
        return None
    kind = (Turned.SUIT, Turned.JESTER, Turned.WIZARD)[number % 3]
    return Trump(kind, None if kind is Turned.JESTER else rng.choice(list(Suit)))


def entry_mode(number: int) -> str:
    """How the tricks of a round are entered, so that every way is used in turn.

    bids: the steppers start at the bids, misses stepped; reopened: the same, then the round is
    reopened by Undo, its steppers start at the tricks entered, and it is confirmed again.
    """
    return "reopened" if number in (2, 6, 11) else "bids"


@pytest.mark.parametrize(
    ("script", "length"),
    [(True, Length.STANDARD), (False, Length.FIVE_ROUNDS)],
    ids=["in-place", "no-javascript"],
)
def test_a_whole_game_tapped_matches_the_rules_engine(
    new_context: NewContext, live_server: str, script: bool, length: Length
) -> None:
    page = new_context(java_script_enabled=script).new_page()
    rng = Random(20)
    flows.new_game(page, live_server, NAMES, first_dealer=1, length=length.value)
    game_url = page.url
    record = game.new_game(NAMES, 1, Variants(length=length))
    modes: set[str] = set()
    for number, hand in enumerate(record.schedule, start=1):
        trump = turned_card(rng, number, hand, length)
        winners = [rng.randrange(len(NAMES)) for _ in range(hand)]
        tricks = [winners.count(seat) for seat in range(len(NAMES))]
        # About half the bids are met, the others miss by a random amount.
        bids = [t if rng.random() < 0.5 else rng.randint(0, hand) for t in tricks]
        mode = entry_mode(number)
        modes.add(mode)

        entries = page.evaluate("history.length")
        flows.enter_trump(page, trump)
        flows.enter_bids(page, bids)
        assert flows.checked_tricks(page) == dict(enumerate(bids)), "not at the bids"
        misses = sum(abs(t - b) for t, b in zip(tricks, bids, strict=True))
        assert flows.enter_tricks(page, tricks) == misses
        assert flows.checked_tricks(page) == {seat: tricks[seat] for seat in range(len(NAMES))}
        if mode == "reopened":
            flows.confirm_round(page)
            flows.tap(page, page.get_by_role("button", name=f"Reopen round {number}"))
            assert flows.checked_tricks(page) == dict(enumerate(tricks)), "not reopened"
        flows.confirm_round(page)
        assert not flows.flash_errors(page), flows.flash_errors(page)
        if script and mode == "bids":  # tapped only: not one entry more in the history
            assert page.evaluate("history.length") == entries

        record = flows.engine_round(record, bids, tricks, trump)
        expected = sheet.build(record)
        assert flows.result_title(page) == f"Round {number} result"
        shown = flows.result_rows(page)
        assert [shown[name][3] for name in NAMES] == list(expected.totals), f"round {number}"
        assert [shown[name][1] for name in NAMES] == [str(t) for t in tricks]

    assert modes == {"reopened", "bids"}
    final = sheet.build(record)
    assert final.finished
    assert flows.phase(page) == "over"
    assert flows.standings(page) == dict(zip(NAMES, final.totals, strict=True))
    named = ", ".join(NAMES[seat] for seat in final.winners)
    assert named in page.locator(".winner").inner_text()

    assert page.url == game_url  # the address stayed the game's, whatever was tapped
    assert flows.in_place(page) == script
    flows.tap(page, page.get_by_role("link", name="Score sheet"))
    assert flows.sheet_totals(page) == list(final.totals)
    rows = flows.sheet_rows(page)
    assert len(rows) == len(record.schedule) == (20 if script else 5)
    for row, expected_row in zip(rows, final.rounds, strict=True):
        cells = [cell.split() for cell in row[1:]]
        assert [flows.whole(cell[-1]) for cell in cells] == list(expected_row.totals)
        assert [cell[0] for cell in cells] == [
            f"{bid}/{took}"
            for bid, took in zip(expected_row.bids, expected_row.tricks, strict=True)
        ]

    if script:
        # With in-place updates the whole game is one entry in the history: Back leaves it.
        page.go_back()
        assert page.url == game_url
        page.go_back()  # before the game: the new-game page (or the test's own setup page)
        assert page.url != game_url
