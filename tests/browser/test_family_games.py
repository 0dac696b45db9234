"""Issue 24's two whole games at phone size, both started from one group's new-game page: a
Skull King game of five (ten rounds, every kind of bonus, a Loot pair, a Kraken round, zero bids
met and missed) and an Oh Hell game of four (down and up, the hook on). Every bid, bonus, trick
and trump is tapped through the round screens. The rounds and their scores are the ones counted
by hand in ``tests/test_api_family.py``; the sheet, the printed sheet, the CSV, the record, the
game's API state, the table display and the group's statistics (page and API) must all say
the same.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from itertools import accumulate, pairwise
from typing import Any

from playwright.sync_api import Page, expect

from scorekeeper.core.rules import Suit, Trump, Turned
from tests import pdfs
from tests.browser import family_flows, flows
from tests.browser.flows import NewContext, tap
from tests.support.browser import PDF_MS
from tests.test_api_family import (
    FIVE,
    OH_HELL_ROUNDS,
    OH_HELL_TOTALS,
    SKULL_KING_ROUNDS,
    SKULL_KING_TOTALS,
)

GROUP = "Tuesday crew"
HEARTS = Trump(Turned.SUIT, Suit.HEARTS)  # turned in every round of the Oh Hell game
FOUR = FIVE[:4]
# The bonuses as the issue counts them; Loot scores 20 to both players when both met their bids.
POINTS = {
    "fourteen": 10,
    "black_fourteen": 20,
    "mermaid_by_pirate": 20,
    "pirate_by_skull_king": 30,
    "skull_king_by_mermaid": 40,
    "loot": 20,
}
OUT_OF_TURN = 3  # in this round Eve is ready first and taps her name before her bid
NO_BONUS = 9  # every bid met and no bonus: the bids and Confirm


def sk_round(number: int) -> dict[str, Any]:
    return SKULL_KING_ROUNDS[number - 1][0]


def sk_scores(number: int) -> list[int]:
    return SKULL_KING_ROUNDS[number - 1][1]


def running(scores: Sequence[Sequence[int]]) -> list[list[int]]:
    """The totals after each round."""
    return [
        list(row)
        for row in accumulate(scores, lambda a, b: [x + y for x, y in zip(a, b, strict=True)])
    ]


def bonus_points(played: dict[str, Any]) -> list[int]:
    """Each seat's bonus points in a Skull King round: only with a bid met exactly."""
    met = [b == t for b, t in zip(played["bids"], played["tricks"], strict=True)]
    points = [0] * len(met)
    for claim in played.get("bonuses", []):
        seat, ally = claim["seat"], claim.get("with")
        if ally is None and met[seat]:
            points[seat] += POINTS[claim["kind"]]
        elif ally is not None and met[seat] and met[ally]:
            points[seat] += POINTS[claim["kind"]]
            points[ally] += POINTS[claim["kind"]]
    return points


def printed_sheet(page: Page, game: str) -> str:
    """The text of the game's printed sheet (the first PDF loads WeasyPrint: on a busy machine
    that takes longer than a page)."""
    return pdfs.text(page.request.get(f"{game}/sheet.pdf", timeout=PDF_MS).body())


def result_totals(page: Page) -> list[int]:
    return [flows.whole(text) for text in page.locator(".result td.total").all_inner_texts()]


def make_group(page: Page, base: str) -> str:
    page.goto(base)
    tap(page, page.get_by_role("link", name="New group"))
    page.fill("#name", GROUP)
    tap(page, page.get_by_role("button", name="Make the group"))
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def play_skull_king(page: Page) -> list[int]:
    """Every round of the Skull King game through the screens; the taps of each round."""
    counted = []
    for number in range(1, len(SKULL_KING_ROUNDS) + 1):
        played = sk_round(number)
        expect(page.locator("main")).to_contain_text(f"Round {number} of 10")
        assert flows.phase(page) == "bids", "Skull King has no trump step"
        taps = 0
        if number == OUT_OF_TURN:
            taps += family_flows.bid_out_of_turn(page, 4, played["bids"][4])
        taps += flows.enter_bids(page, played["bids"])
        assert flows.phase(page) == "play"
        taps += family_flows.destroy(page, played.get("destroyed", 0))
        for claim in played.get("bonuses", []):
            taps += family_flows.claim(page, claim["seat"], claim["kind"], claim.get("with"))
        listed = [f"{FIVE[c['seat']]}:" for c in played.get("bonuses", [])]
        assert [text.split()[1] for text in family_flows.claims(page)] == listed
        taps += flows.enter_tricks(page, played["tricks"])
        taps += flows.confirm_round(page)
        assert not flows.flash_errors(page), flows.flash_errors(page)
        assert flows.result_title(page) == f"Round {number} result"
        assert result_totals(page) == running([sk_scores(n) for n in range(1, number + 1)])[-1]
        counted.append(taps)
    return counted


def sk_taps(number: int) -> int:
    """The taps the screens ask for a round of the Skull King game: each bid (and a name
    tapped out of turn), the bonuses' fold, a tap per bonus on who captured it, after its kind
    where it is not the kind chosen (a 14 at first, then the last one) and, for Loot, after the
    player who played it; a tap per trick nobody won, a tap per trick off the bid, Confirm."""
    played = sk_round(number)
    extras = played.get("bonuses", [])
    taps = len(FIVE) + (number == OUT_OF_TURN) + 1
    taps += bool(extras or played.get("destroyed")) + played.get("destroyed", 0)
    kinds = ["fourteen", *(claim["kind"] for claim in extras)]
    taps += sum(1 + ("with" in claim) for claim in extras)
    taps += sum(before != after for before, after in pairwise(kinds))
    steps = sum(abs(b - t) for b, t in zip(played["bids"], played["tricks"], strict=True))
    return int(taps + steps)


def check_sheet(
    page: Page,
    played: Sequence[tuple[Sequence[int], Sequence[int]]],
    scores: Sequence[Sequence[int]],
    totals: Sequence[int],
) -> None:
    """The score sheet page: each cell's bid/tricks, the round's score (after its mark), the
    total so far (a bonus's mark may follow), and the Total row."""
    rows = flows.sheet_rows(page)
    assert len(rows) == len(played)
    for number, row in enumerate(rows, start=1):
        cells = [cell.split() for cell in row[1:]]
        bids, tricks = played[number - 1]
        assert [cell[0] for cell in cells] == [
            f"{b}/{t}" for b, t in zip(bids, tricks, strict=True)
        ], row
        assert [flows.whole(cell[1][1:]) for cell in cells] == scores[number - 1], row
        assert [flows.whole(cell[2]) for cell in cells] == running(scores)[number - 1], row
    assert flows.sheet_totals(page) == list(totals)


def check_display(page: Page, game: str, names: Sequence[str], totals: Sequence[int]) -> None:
    """The table display's standings: every player's total."""
    page.goto(f"{game}/display")
    shown = {
        row.locator(".name").inner_text(): flows.whole(row.locator(".total").inner_text())
        for row in page.locator("ol.standings li").all()
    }
    assert shown == dict(zip(names, totals, strict=True))


def check_skull_king(page: Page, base: str, game: str) -> None:
    """The Skull King game's sheet, PDF, CSV, record and API state against the hand count."""
    scores = [sk_scores(n) for n in range(1, 11)]
    totals = running(scores)
    assert totals[-1] == SKULL_KING_TOTALS
    page.goto(f"{base}/games/{game}/sheet")
    entered = [(sk_round(n)["bids"], sk_round(n)["tricks"]) for n in range(1, 11)]
    check_sheet(page, entered, scores, SKULL_KING_TOTALS)
    expect(page.locator("main")).to_contain_text("Skull King")
    check_display(page, f"{base}/games/{game}", FIVE, SKULL_KING_TOTALS)

    printed = printed_sheet(page, f"{base}/games/{game}")
    assert "Skull King" in printed
    for total in SKULL_KING_TOTALS:
        assert pdfs.number(total) in printed
    for name in FIVE:
        assert name in printed
    # The bonus column: Bob's two Pirates in round 5 (+60) and the Loot pair of round 7.
    assert "+60" in printed and "Pirate\u00d72" in printed and printed.count("Loot") >= 2
    assert "⊘1" in printed  # the Kraken's trick in round 3

    text = page.request.get(f"{base}/games/{game}/export.csv").text().lstrip("\ufeff")
    table = list(csv.DictReader(io.StringIO(text)))
    assert len(table) == 10 * 5
    assert "trump" not in table[0]  # always the same suit: nothing to show
    for line in table:
        number, seat = int(line["round"]), FIVE.index(line["player"])
        played = sk_round(number)
        assert int(line["bid"]) == played["bids"][seat], line
        assert int(line["tricks"]) == played["tricks"][seat], line
        assert int(line["score"]) == sk_scores(number)[seat], line
        assert int(line["total"]) == totals[number - 1][seat], line
        assert int(line["bonus"]) == bonus_points(played)[seat], line
        assert int(line["destroyed"]) == played.get("destroyed", 0), line

    record = page.request.get(f"{base}/games/{game}/export.json").json()
    assert record["game"] == "skull_king"
    assert record["variants"]["advanced_cards"] is True
    for number, written in enumerate(record["rounds"], start=1):
        played = sk_round(number)
        assert written["bids"] == played["bids"] and written["tricks"] == played["tricks"]
        assert written.get("bonuses") == played.get("bonuses"), number
        assert written.get("destroyed") == played.get("destroyed"), number
    state = page.request.get(f"{base}/api/games/{game}").json()
    assert state["game"] == "skull_king" and state["finished"]
    assert [r["scores"] for r in state["rounds"]] == scores
    assert state["totals"] == SKULL_KING_TOTALS
    assert state["winners"] == [SKULL_KING_TOTALS.index(max(SKULL_KING_TOTALS))]


def start_oh_hell(page: Page) -> str:
    """From the group's new-game page: Oh Hell, the four of the roster, Ann dealing first,
    down and up from four cards, the hook on."""
    tap(page, page.get_by_role("link", name="New game"))
    # The page offers the group's last game, Skull King, with its five players.
    expect(page.locator("fieldset.game-pick [aria-pressed=true]")).to_have_text("Skull King")
    family_flows.pick_game(page, "oh_hell")
    for name in FIVE:
        box = page.locator("fieldset.roster label.toggle", has_text=name).locator("input")
        box.set_checked(name in FOUR)
    page.select_option("#first_dealer", label=FOUR[0])
    family_flows.choose_settings(page, {"schedule": "down_and_up", "max_hand": 4, "hook": True})
    return family_flows.start(page)


def play_oh_hell(page: Page) -> list[int]:
    """Every round of the Oh Hell game through the screens; the taps of each round."""
    counted = []
    totals = [0] * 4
    for number, (bids, tricks, scores) in enumerate(OH_HELL_ROUNDS, start=1):
        # Oh Hell's deck has no Jester or Wizard: the suits alone are offered.
        expect(page.locator("form:has(input[name=turned][value=suit]) button")).to_have_count(4)
        expect(page.locator("input[name=turned]:not([value=suit])")).to_have_count(0)
        taps = flows.enter_trump(page, HEARTS)
        dealer = (number - 1) % 4
        while (bidder := flows.next_bidder(page)) != dealer:
            assert bidder is not None
            taps += family_flows.tap_bid(page, bids[bidder])
        # The hook: the dealer bids last and may not make the bids add up to the hand.
        hooked = sum(tricks) - sum(bids) + bids[dealer]
        if 0 <= hooked <= sum(tricks):
            expect(page.locator(f"form.bid-pad button[value='{hooked}']")).to_be_disabled()
        taps += family_flows.tap_bid(page, bids[dealer])
        taps += flows.enter_tricks(page, tricks)
        taps += flows.confirm_round(page)
        assert not flows.flash_errors(page), flows.flash_errors(page)
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert result_totals(page) == totals, number
        counted.append(taps)
    return counted


def check_oh_hell(page: Page, base: str, game: str) -> None:
    """The Oh Hell game's sheet, PDF, CSV, record and API state against the hand count."""
    scores = [scores for _bids, _tricks, scores in OH_HELL_ROUNDS]
    totals = running(scores)
    assert totals[-1] == OH_HELL_TOTALS
    page.goto(f"{base}/games/{game}/sheet")
    played = [(bids, tricks) for bids, tricks, _scores in OH_HELL_ROUNDS]
    check_sheet(page, played, scores, OH_HELL_TOTALS)
    check_display(page, f"{base}/games/{game}", FOUR, OH_HELL_TOTALS)
    printed = printed_sheet(page, f"{base}/games/{game}")
    assert "Oh Hell" in printed
    for total in OH_HELL_TOTALS:
        assert pdfs.number(total) in printed
    text = page.request.get(f"{base}/games/{game}/export.csv").text().lstrip("\ufeff")
    table = list(csv.DictReader(io.StringIO(text)))
    assert len(table) == len(OH_HELL_ROUNDS) * 4
    for line in table:
        number, seat = int(line["round"]), FOUR.index(line["player"])
        bids, tricks, _scores = OH_HELL_ROUNDS[number - 1]
        assert int(line["cards"]) == (4, 3, 2, 1, 2, 3, 4)[number - 1], line
        assert (int(line["bid"]), int(line["tricks"])) == (bids[seat], tricks[seat]), line
        assert int(line["score"]) == scores[number - 1][seat], line
        assert int(line["total"]) == totals[number - 1][seat], line
    record = page.request.get(f"{base}/games/{game}/export.json").json()
    assert record["game"] == "oh_hell"
    assert (
        record["variants"] | {"schedule": "down_and_up", "max_hand": 4, "hook": True}
        == (record["variants"])
    )
    assert [r["trump"] for r in record["rounds"]] == [{"turned": "suit", "suit": "hearts"}] * 7
    state = page.request.get(f"{base}/api/games/{game}").json()
    assert state["schedule"] == [4, 3, 2, 1, 2, 3, 4] and state["finished"]
    assert [r["scores"] for r in state["rounds"]] == scores
    assert state["totals"] == OH_HELL_TOTALS


def figures_by_hand(
    names: Sequence[str], rounds: Sequence[tuple[Sequence[int], Sequence[int]]], totals: list[int]
) -> dict[str, dict[str, object]]:
    """A group's figures of one game of each player, counted from the bids and tricks."""
    figures = {}
    for seat, name in enumerate(names):
        bids = [bids[seat] for bids, _tricks in rounds]
        met = [bids[seat] == tricks[seat] for bids, tricks in rounds]
        figures[name] = {
            "name": name,
            "games": 1,
            "wins": int(totals[seat] == max(totals)),
            "total_points": totals[seat],
            "best_total": totals[seat],
            "average_total": float(totals[seat]),
            "rounds_bid": len(rounds),
            "bids_met": sum(met),
            "zero_bids": bids.count(0),
            "zero_bids_met": sum(m for b, m in zip(bids, met, strict=True) if b == 0),
        }
    return figures


def check_group(page: Page, base: str, group: str) -> None:
    """The group counts each game apart: its figures, its leaderboard and the game picker."""
    sk = [(played["bids"], played["tricks"]) for played, _scores in SKULL_KING_ROUNDS]
    oh = [(bids, tricks) for bids, tricks, _scores in OH_HELL_ROUNDS]
    for key, names, rounds, totals in (
        ("skull_king", FIVE, sk, SKULL_KING_TOTALS),
        ("oh_hell", FOUR, oh, OH_HELL_TOTALS),
    ):
        stats = page.request.get(f"{base}/api/groups/{group}/stats?game={key}").json()
        assert stats["game"] == key and stats["played"] == ["skull_king", "oh_hell"]
        assert stats["games"] == 1
        assert {p["name"]: p for p in stats["players"]} == figures_by_hand(names, rounds, totals)
        page.goto(f"{base}/groups/{group}?game={key}")
        board = {
            row.locator("th, td").nth(1).inner_text().strip(): row.locator("td, th").nth(4)
            for row in page.locator("table.board tbody tr").all()
        }
        assert sorted(board) == sorted(names)
        for seat, name in enumerate(names):
            assert flows.whole(board[name].inner_text().strip().split(".")[0]) == totals[seat]
    # Without a choice the group shows its latest game, Oh Hell, and offers Skull King.
    latest = page.request.get(f"{base}/api/groups/{group}/stats").json()
    assert latest["game"] == "oh_hell"
    page.goto(f"{base}/groups/{group}")
    expect(page.locator("main")).to_contain_text("Skull King")


def test_a_group_plays_skull_king_then_oh_hell_and_every_reading_matches_the_hand_count(
    new_context: NewContext, live_server: str
) -> None:
    page = new_context().new_page()
    group = make_group(page, live_server)

    # Skull King from the group's new-game page: the game first, then five new players.
    tap(page, page.get_by_role("link", name="New game"))
    family_flows.pick_game(page, "skull_king")
    expect(page.locator("input[name=bid_restriction]")).to_have_count(0)  # no Wizard variant
    for seat, name in enumerate(FIVE):
        page.fill(f"#new_names-{seat}", name)
    page.select_option("#first_dealer", "new-0")
    family_flows.choose_settings(page, {"advanced_cards": True})
    skull_king = family_flows.start(page)
    taps = play_skull_king(page)
    assert flows.phase(page) == "over"
    assert taps == [sk_taps(n) for n in range(1, 11)]
    # A round with every bid met and no bonus: the five bids and Confirm (the screen's n + 2
    # with one bid missed by a trick, one tap fewer with none missed; no trump step).
    assert taps[NO_BONUS - 1] == len(FIVE) + 1
    check_skull_king(page, live_server, skull_king)

    page.goto(f"{live_server}/groups/{group}")
    oh_hell = start_oh_hell(page)
    taps = play_oh_hell(page)
    assert flows.phase(page) == "over"
    # A round with one bid missed by a trick (round 2): the trump, four bids, one step and
    # Confirm: the screen's n + 3.
    assert taps[1] == len(FOUR) + 3
    check_oh_hell(page, live_server, oh_hell)

    check_group(page, live_server, group)


def test_a_round_without_bonus_takes_the_taps_the_screen_promises(
    new_context: NewContext, live_server: str
) -> None:
    """All but one player met the bid, the miss by one trick: Skull King n + 2 (no trump step),
    Oh Hell n + 3 (the trump turned), as Wizard's."""
    page = new_context().new_page()
    bids, tricks = flows.all_but_one_made(5, 1)
    family_flows.new_game(page, live_server, "skull_king", FIVE)
    assert flows.play_round(page, bids, tricks, trump=None) == 5 + 2
    bids, tricks = flows.all_but_one_made(4, 1)
    family_flows.new_game(page, live_server, "oh_hell", FOUR)
    assert flows.play_round(page, bids, tricks, trump=HEARTS) == 4 + 3
