"""Hidden and delayed bids never reach a page or a download before their time.

The sealed round's bids are 4, 5, 3 and 1, and every earlier round was bid 0 (the fast-forward
bids zero): so any non-zero bid that a page or file shows during the sealed round is a leak.
Each place a bid can appear (the bidding list, the table, the result, the sheet cells, the JSON
"bids" lists, the CSV bid column) is read by its structure, not by searching for digits, and
the same readers must find the bids once they may be shown, so the check cannot pass blind.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import BrowserContext, Page

from tests.browser import flows
from tests.browser.flows import NewContext

NAMES = ("Ana", "Ben", "Cleo", "Dan")
# Round 5 (5 cards): Ana deals, so Ben bids first and Ana last.
SEALED = (4, 5, 3, 1)
ORDER = (1, 2, 3, 0)
SHOWN = {str(bid) for bid in SEALED}
# What a page may show in a bid's place while bids are sealed.
DASH = "\N{EN DASH}"
NEUTRAL = {"0", "", DASH, "…", "sealed", "None"}


def _cells(soup: BeautifulSoup, selector: str) -> list[str]:
    return [" ".join(cell.get_text().split()) for cell in soup.select(selector)]


def html_bids(html: str) -> set[str]:
    """Every bid a round or sheet page shows, and what stands in place of a sealed one."""
    soup = BeautifulSoup(html, "html.parser")
    found = _cells(soup, ".order li .value")
    found += _cells(soup, "table.table-view tbody td:nth-of-type(1)")
    # The tricks steppers name each bid and start at it.
    found += [cell.removeprefix("bid ") for cell in _cells(soup, ".stepper .bid")]
    found += [str(row["data-bid"]) for row in soup.select(".stepper[data-bid]")]
    # A stepper marked made or missed would tell the bid too.
    found += [f"mark:{row['data-seat']}" for row in soup.select(".stepper.made, .stepper.missed")]
    found += _cells(soup, ".result table.scores tbody td:nth-of-type(1)")
    found += [cell.split("/")[0] for cell in _cells(soup, "table.pad tbody .bt")]
    if (running_sum := soup.select_one("p.sum")) is not None:
        found.append("sum:" + running_sum.get_text().strip())
    return set(found)


def json_bids(text: str) -> set[str]:
    """Every value of every "bids" list anywhere in a JSON document."""

    def walk(node: object) -> Iterator[object]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "bids" and isinstance(value, list):
                    yield from value
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    return {str(bid) for bid in walk(json.loads(text))}


def csv_bids(text: str) -> set[str]:
    """The bid column of a CSV export."""
    return {row["bid"] for row in csv.DictReader(io.StringIO(text.lstrip("\ufeff")))}


READERS = {
    "/games/{id}": html_bids,
    "/games/{id}/sheet": html_bids,
    "/games/{id}/export.json": json_bids,
    "/games/{id}/export.csv": csv_bids,
    "/api/games/{id}": json_bids,
}


def everything_shown(
    page: Page, viewer: BrowserContext, base: str, game: str
) -> dict[str, set[str]]:
    """The bids each page and file shows, to the scorekeeper's phone and to a watcher.

    A page that does not exist yet (404) shows nothing.
    """
    shown = {"scorekeeper's screen": html_bids(page.content())}
    for who, context in (("scorekeeper", page.context), ("watcher", viewer)):
        for path, reader in READERS.items():
            url = path.format(id=game)
            response = context.request.get(base + url)
            if response.status == 404:
                continue
            assert response.ok, f"{url}: {response.status}"
            shown[f"{who} {url}"] = reader(response.text())
    return shown


def assert_sealed(page: Page, viewer: BrowserContext, base: str, game: str) -> None:
    for where, bids in everything_shown(page, viewer, base, game).items():
        assert bids <= NEUTRAL, f"{where} shows {bids - NEUTRAL}"


def revealed_in(page: Page, viewer: BrowserContext, base: str, game: str) -> set[str]:
    """Where all the bids of the sealed round are shown."""
    return {
        where for where, bids in everything_shown(page, viewer, base, game).items() if bids >= SHOWN
    }


def bid_sealed_round(page: Page, viewer: BrowserContext, base: str, game: str) -> None:
    """Trump, then every bid of round 5, checking after each that no bid is shown."""
    flows.enter_trump(page, flows.JESTER)
    assert_sealed(page, viewer, base, game)
    for made, seat in enumerate(ORDER):
        assert flows.next_bidder(page) == seat
        assert page.locator("#bids-title").inner_text() == f"Hand the phone to {NAMES[seat]}"
        marks = [t.strip() for t in page.locator(".order li .value").all_inner_texts()]
        assert marks.count("sealed") == made
        flows.tap(page, page.locator(f"form.bid-pad button[name=bid][value='{SEALED[seat]}']"))
        assert not flows.flash_errors(page)
        if made < len(ORDER) - 1:
            assert_sealed(page, viewer, base, game)


@pytest.mark.parametrize("visibility", ["hidden", "delayed"])
def test_sealed_bids_are_nowhere_until_they_may_be_shown(
    page: Page, new_context: NewContext, live_server: str, visibility: str
) -> None:
    game = flows.new_game(page, live_server, NAMES, bid_visibility=visibility)
    viewer = new_context()
    flows.fast_forward(page, 4)
    assert_sealed(page, viewer, live_server, game)  # the readers see the zero bids of before

    bid_sealed_round(page, viewer, live_server, game)
    assert flows.phase(page) == "play"
    round_page = {"scorekeeper's screen", f"scorekeeper /games/{game}", f"watcher /games/{game}"}
    if visibility == "hidden":
        # Revealed together once everyone has bid, before the hand is played.
        assert round_page <= revealed_in(page, viewer, live_server, game)
        shown = page.locator(".tricks-form .stepper .bid").all_inner_texts()
        assert shown == [f"bid {SEALED[seat]}" for seat in ORDER]
    else:
        assert_sealed(page, viewer, live_server, game)

    flows.enter_tricks(page, [1, 1, 2, 1])
    flows.confirm_round(page)
    assert flows.result_title(page) == "Round 5 result"
    bids = {name: bid for name, (bid, *_rest) in flows.result_rows(page).items()}
    assert bids == {name: str(bid) for name, bid in zip(NAMES, SEALED, strict=True)}
    every = set(everything_shown(page, viewer, live_server, game))
    assert revealed_in(page, viewer, live_server, game) == every
