"""What a scorekeeper does on the phone, as Playwright steps that count the taps they take.

Every step clicks what a player would tap and waits for the page the server sends back (each
form posts, then the server redirects back to the game), so the same helpers work with and
without JavaScript. The ``play_round`` family returns the number of taps, so a benchmark can
reuse them to measure the cost of entering a round.

``fast_forward`` is the exception: it is setup, not play. It posts the same forms through the
context's request client (same cookies), without the browser drawing a page, to reach a later
round quickly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bs4 import BeautifulSoup, Tag
from playwright.sync_api import BrowserContext, Locator, Page

from scorekeeper.core import game, rules
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Length, Trump, Turned

JESTER = Trump(Turned.JESTER, None)
STALE = "changed on another phone"

# The fixture that opens another phone: ``new_context(java_script_enabled=False)`` and so on.
NewContext = Callable[..., BrowserContext]


# --- basic moves -----------------------------------------------------------------------------


def tap(page: Page, target: Locator) -> int:
    """Tap a submit button or a link and wait for the page it leads to; one tap.

    With JavaScript a round form updates the page in place (no navigation): then the wait is
    for the script's count of swapped pages to move on.
    """
    answered_in_place, before = target.evaluate(_IN_PLACE)
    if answered_in_place:
        target.click()
        page.wait_for_function(
            "(before) => document.documentElement.dataset.swaps !== before", arg=before
        )
    else:
        with page.expect_navigation():
            target.click()
    return 1


# Whether the tap is answered in place, and the count of swapped pages before it: one call.
_IN_PLACE = """(element) => [document.documentElement.dataset.inplace === "1"
  && element.closest("form[data-inplace]") !== null, document.documentElement.dataset.swaps]"""


def in_place(page: Page) -> bool:
    """Whether the page updates itself in place (its script runs)."""
    return bool(page.evaluate("document.documentElement.dataset.inplace === '1'"))


def game_id(page: Page) -> str:
    """The id of the game the page shows."""
    found = re.search(r"/games/([^/?#]+)", page.url)
    assert found, f"not a game page: {page.url}"
    return found.group(1)


def hold_live(page: Page) -> None:
    """Keep the page as it is: it cannot stream, and its live check always hears "nothing
    changed", as on a phone that was asleep (the page shown is loaded again so). For tests of
    what a stale page may do."""
    page.add_init_script("delete window.EventSource")
    page.route("**/games/*/version", lambda route: route.fulfill(status=304))
    if "/games/" in page.url:
        page.reload()


def flash_errors(page: Page) -> list[str]:
    """The refusals the page shows (flash messages of the error kind)."""
    return list(state(page)["errors"])


def new_game(
    page: Page,
    base: str,
    names: Sequence[str],
    *,
    first_dealer: int = 0,
    length: str = "standard",
    bid_restriction: str = "none",
    bid_visibility: str = "open",
    **flags: bool,
) -> str:
    """Fill in the new game form as a player would and start the game; returns its id.

    ``flags`` are the checkboxes by name (``saboteur=True``, ``jester_bid=True``, ...).
    """
    page.goto(f"{base}/games/new")
    fill_names(page, names)
    return start_game(
        page,
        first_dealer=first_dealer,
        length=length,
        bid_restriction=bid_restriction,
        bid_visibility=bid_visibility,
        **flags,
    )


def start_game(
    page: Page,
    *,
    first_dealer: int = 0,
    length: str = "standard",
    bid_restriction: str = "none",
    bid_visibility: str = "open",
    **flags: bool,
) -> str:
    """The rest of ``new_game`` on a new-game page whose names are typed in: the choices, then
    "Start the game"; the game's id."""
    page.select_option("#first_dealer", str(first_dealer))
    for name, value in (
        ("length", length),
        ("bid_restriction", bid_restriction),
        ("bid_visibility", bid_visibility),
    ):
        choose(page, f"input[name={name}][value={value}]")
    for flag, on in flags.items():
        choose(page, f"#{flag}", on)
    tap(page, page.get_by_role("button", name="Start the game"))
    assert not flash_errors(page) and not page.locator(".field-error").count(), page.content()
    return game_id(page)


def kept_game(page: Page, body: Mapping[str, Any]) -> str:
    """Store a game record through the API and keep score of it on this phone, as its join link
    does (in any language): the game's id. A test that needs a game in a later state starts
    here, then taps only what it checks."""
    answer = page.request.post("/api/games", data=dict(body))
    assert answer.status == 201, answer.text()
    game, token = answer.json()["id"], answer.json()["edit_token"]
    page.goto(f"/games/{game}/join/{token}")
    tap(page, page.locator("main form button.primary"))
    return str(game)


def fill_names(page: Page, names: Sequence[str]) -> None:
    """Type the players' names on the new-game form, seat by seat (a page without its script
    has the seats past the fourth folded: the heading is tapped first)."""
    for seat, name in enumerate(names):
        field = f"#players-{seat}"
        if not page.locator(field).is_visible():
            unfold(page, field)
        page.fill(field, name)


def unfold(page: Page, selector: str) -> None:
    """Tap the heading of the folded section of the new-game form that holds ``selector``, as a
    player does to see an option; nothing if it is unfolded already."""
    fold = page.locator(f"details:has({selector})").last
    if fold.count() and not fold.evaluate("(details) => details.open"):
        fold.locator(":scope > summary").click()


def choose(page: Page, selector: str, on: bool = True) -> None:
    """Tick (or untick) an option of the new-game form, unfolding its section when it is not
    already as wanted."""
    if page.locator(selector).is_checked() != on:
        unfold(page, selector)
        page.set_checked(selector, on)


# --- one round at the table ------------------------------------------------------------------


# Read in one call what a step needs to know; works with JavaScript disabled in the page too.
_STATE = """() => {
  const one = (selector) => document.querySelector(selector);
  const phase = one("#trump-title") ? "trump" : one("form.bid-pad") ? "bids"
    : one("form.tricks-form") ? "play" : one("#over-title") ? "over" : "watch";
  const seat = one("form.bid-pad input[name=seat]");
  const chips = Array.from(document.querySelectorAll(".tricks-form .stepper"), (row) =>
    [Number(row.dataset.seat), Number(row.querySelector("input[type=hidden]").value)]);
  const errors = Array.from(document.querySelectorAll(".flash.error"), (e) => e.textContent.trim());
  return {phase, bidder: seat ? Number(seat.value) : null, chips, errors};
}"""


def state(page: Page) -> dict[str, Any]:
    """The phase of the round page (trump, bids, play, over, or watch: nothing to enter), the
    seat asked to bid, the tricks steppers as ``[seat, value]`` in form order, and the
    refusals shown."""
    return dict(page.evaluate(_STATE))


def phase(page: Page) -> str:
    """What the round page asks for now: trump, bids, play, over, or watch (no entry)."""
    return str(state(page)["phase"])


def enter_trump(page: Page, trump: Trump | None) -> int:
    """Tap the card turned up; ``None`` expects a round whose trump is fixed (no tap)."""
    if trump is None:
        assert phase(page) != "trump", "this round asks for a trump card"
        return 0
    form = page.locator(f"form:has(input[name=turned][value={trump.turned.value}])")
    if trump.suit is None:
        return tap(page, form.get_by_role("button"))
    return tap(page, form.locator(f"button[name=suit][value={trump.suit.value}]"))


def next_bidder(page: Page) -> int | None:
    """The seat whose bid the page asks for, if any."""
    bidder = state(page)["bidder"]
    return None if bidder is None else int(bidder)


def enter_bids(page: Page, bids: Sequence[int | None]) -> int:
    """Tap each bid (indexed by seat) in the order the page asks for them."""
    taps = 0
    while (now := state(page))["phase"] == "bids":
        assert not now["errors"], now["errors"]
        bid = bids[now["bidder"]]
        assert bid is not None, f"seat {now['bidder']} is asked to bid"
        taps += tap(page, page.locator(f"form.bid-pad button[name=bid][value='{bid}']"))
    assert not now["errors"], now["errors"]
    return taps


def bid_again_elsewhere(page: Page) -> None:
    """Another phone takes back the last bid of the round being played and makes it again: the
    game moves on (two versions) and the round is what it was. Setup, not taps; the bids must
    be open, and the page at the tricks step."""
    found = re.match(r".*/games/[^/?#]+", page.url)
    assert found, f"not a game page: {page.url}"
    # Off the game while the moves are posted: its live page would reload itself meanwhile.
    page.goto("about:blank")
    soup = BeautifulSoup(page.request.get(found.group(0)).text(), "html.parser")
    last = soup.select(".tricks-form .stepper")[-1]  # in bidding order: the dealer bids last
    seat, bid = str(last["data-seat"]), str(last["data-bid"])
    for move, fields in (("undo", {}), ("bid", {"seat": seat, "bid": bid})):
        soup = BeautifulSoup(page.request.get(found.group(0)).text(), "html.parser")
        fields |= {
            "csrf_token": _value(soup, "input[name=csrf_token]"),
            "version": _value(soup, "input[name=version]"),
        }
        _post(page, f"{found.group(0)}/{move}", fields)
    page.goto(found.group(0))


def checked_tricks(page: Page) -> dict[int, int]:
    """The value of each player's tricks stepper, in the order of the form."""
    return {seat: value for seat, value in state(page)["chips"]}


def enter_tricks(page: Page, tricks: Sequence[int]) -> int:
    """Step each player's tricks (indexed by seat) from where the stepper starts (the bid, or
    a reopened round's tricks) to ``tricks``; one tap per trick of difference, none for a player
    who made it."""
    taps = 0
    script = in_place(page)  # a step keeps the page (its script) or loads one as it was
    for seat, value in checked_tricks(page).items():
        sign = "+1" if tricks[seat] > value else "-1"
        for _ in range(abs(tricks[seat] - value)):
            button = page.locator(f".tricks-form button[name=step][value='{seat}:{sign}']")
            if script:
                button.click()  # the script changes the page alone: no request
            else:
                with page.expect_navigation():
                    button.click()
            taps += 1
    stepped = checked_tricks(page)
    assert stepped == {seat: tricks[seat] for seat in stepped}
    return taps


def confirm_round(page: Page) -> int:
    """Tap "Confirm round"."""
    return tap(page, page.get_by_role("button", name="Confirm round"))


def play_round(
    page: Page,
    bids: Sequence[int | None],
    tricks: Sequence[int],
    *,
    trump: Trump | None = JESTER,
) -> int:
    """Enter a whole round: trump, every bid, the tricks, confirm; returns the taps it took.

    ``bids`` and ``tricks`` are indexed by seat (``None`` for a saboteur's bid).
    """
    taps = enter_trump(page, trump)
    taps += enter_bids(page, bids)
    assert phase(page) == "play", flash_errors(page) or page.content()
    taps += enter_tricks(page, tricks)
    taps += confirm_round(page)
    assert not flash_errors(page), flash_errors(page)
    return taps


def all_but_one_made(players: int, hand: int) -> tuple[list[int], list[int]]:
    """Bids and tricks by seat for a round where every player but seat 1 made the bid and seat
    1 missed it by one trick: the tricks go round the table from seat 0."""
    tricks = [len(range(seat, hand, players)) for seat in range(players)]
    bids = list(tricks)
    bids[1] = tricks[1] - 1 if tricks[1] else 1
    return bids, tricks


# --- reading the pages -----------------------------------------------------------------------


def _texts(page: Page, rows: str, cells: str = "th, td") -> list[list[str]]:
    """The trimmed text of the ``cells`` of each element matching ``rows``."""
    return list(
        page.evaluate(
            """([rows, cells]) => Array.from(document.querySelectorAll(rows), (row) =>
                 Array.from(row.querySelectorAll(cells), (cell) => cell.textContent.trim()))""",
            [rows, cells],
        )
    )


def result_rows(page: Page) -> dict[str, tuple[str, str, str, int]]:
    """The last round's result panel: name -> (bid, took, score cell, total)."""
    rows = _texts(page, ".result table.scores tbody tr")
    return {name: (bid, took, score, whole(total)) for name, bid, took, score, total in rows}


def result_title(page: Page) -> str:
    """The heading of the result panel ("Round 3 result"), empty when there is none."""
    title = page.locator("#result-title")
    return title.inner_text() if title.count() else ""


def standings(page: Page) -> dict[str, int]:
    """The Game over standings: name -> final total."""
    return {name: whole(total) for name, total in _texts(page, ".standings li", ".name, .total")}


def whole(text: str) -> int:
    """A number as the pages print it, with a real minus sign when negative."""
    return int(text.replace("\u2212", "-"))


def sheet_rows(page: Page) -> list[list[str]]:
    """The score sheet's round rows: [round cell, then one "bid/tricks score total" per seat]."""
    # A seat's cell is three spans side by side with no space between them in the markup.
    rows = page.evaluate(
        """() => Array.from(document.querySelectorAll("table.pad tbody tr:not(.flag-note)"),
             (row) => Array.from(row.querySelectorAll("th, td"), (cell) => {
               const parts = cell.querySelectorAll(".cell > span");
               return parts.length
                 ? Array.from(parts, (part) => part.textContent).join(" ")
                 : cell.textContent;
             }))"""
    )
    return [[" ".join(str(cell).split()) for cell in row] for row in rows]


def sheet_totals(page: Page) -> list[int]:
    """The Total row of the score sheet page, by seat."""
    return [whole(cell) for cell in _texts(page, "table.pad tfoot tr", "td")[0]]


# --- the rules engine, for comparison --------------------------------------------------------


def engine_round(
    record: GameRecord, bids: Sequence[int | None], tricks: Sequence[int], trump: Trump | None
) -> GameRecord:
    """The same round entered through the game moves, in bidding order."""
    if trump is not None:
        record = game.set_trump(record, trump.turned, trump.suit)
    for seat in game.current_setup(record).bidders:
        bid = bids[seat]
        assert bid is not None
        record = game.place_bid(record, seat, bid)
    return game.finish_round(record, tricks)


# --- setup without taps ----------------------------------------------------------------------


def fast_forward(page: Page, rounds: int, turned: Mapping[str, str] | None = None) -> None:
    """Play ``rounds`` rounds of the game on the page by posting the round forms directly,
    then open the round page.

    Each round: a Jester is turned (when a card is turned at all; ``turned`` is another card,
    as the trump form posts it: a game without Jesters), everyone makes the first
    bid the page allows (0 where no rule forbids it), and the first player in the tricks form
    (left of the dealer) takes every trick.
    """
    found = re.match(r".*/games/[^/?#]+", page.url)
    assert found, f"not a game page: {page.url}"
    url = found.group(0)
    # Off the game while the rounds are posted: its live page would reload itself meanwhile.
    page.goto("about:blank")
    html = page.request.get(url).text()
    played = 0
    while played < rounds:
        soup = BeautifulSoup(html, "html.parser")
        fields = {
            "csrf_token": _value(soup, "input[name=csrf_token]"),
            "version": _value(soup, "input[name=version]"),
        }
        if soup.select_one("#trump-title"):
            html = _post(page, f"{url}/trump", {**fields, **(turned or {"turned": "jester"})})
        elif pad := soup.select_one("form.bid-pad"):
            bid = _value(pad, "button[name=bid]:not([disabled])")
            seat = _value(pad, "input[name=seat]")
            html = _post(page, f"{url}/bid", {**fields, "seat": seat, "bid": bid})
        elif form := soup.select_one("form.tricks-form"):
            seats = [str(s["data-seat"]) for s in form.select(".stepper")]
            tricks = {f"tricks-{seat}": "0" for seat in seats}
            tricks[f"tricks-{seats[0]}"] = str(form["data-hand"])
            html = _post(page, f"{url}/tricks", {**fields, **tricks})
            played += 1
        else:
            raise AssertionError("no round left to play")
    page.goto(url)


def edit_token(page: Page, url: str) -> str:
    """The edit token of the game or group at ``url`` that this phone keeps, read from the edit
    link of its share page (fetched, not drawn): for the API's calls."""
    soup = BeautifulSoup(page.request.get(f"{url}/share").text(), "html.parser")
    link = soup.select_one("a[href*='/join/']")
    assert link is not None, f"this phone does not keep {url}"
    return str(link["href"]).rstrip("/").rsplit("/", 1)[-1]


def forward(page: Page, rounds: int, token: str) -> None:
    """``fast_forward`` through the API: each round posted whole with the game's edit token
    (one request a round, not one per step), then the round page opened. The same rounds: a
    Jester turned where a card is turned, every bid 0, the player left of the dealer takes
    every trick. For Wizard games whose rules take those bids (none, or plus or minus one)."""
    found = re.match(r"(.*)/games/([^/?#]+)", page.url)
    assert found, f"not a game page: {page.url}"
    url, api = found.group(0), f"{found.group(1)}/api/games/{found.group(2)}"
    if not rounds:
        page.goto(url)
        return
    # Off the game while the rounds are posted: its live page would follow each meanwhile.
    page.goto("about:blank")
    state = page.request.get(api).json()
    for _ in range(rounds):
        now = state["current"]
        assert now is not None, "no round left to play"
        players, hand = len(state["players"]), now["hand_size"]
        length = Length(state["variants"]["length"])
        fixed = rules.fixed_trump(now["number"], hand, players, length)
        trump = JESTER if fixed is None else fixed
        tricks = [0] * players
        tricks[(now["dealer"] + 1) % players] = hand
        answer = page.request.post(
            f"{api}/rounds",
            data={
                "number": now["number"],
                "trump": {"turned": trump.turned.value, "suit": trump.suit and trump.suit.value},
                "bids": [0] * players,
                "tricks": tricks,
            },
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status == 201, answer.text()
        state = answer.json()
    page.goto(url)


def _value(node: Tag, selector: str) -> str:
    element = node.select_one(selector)
    assert element is not None, f"nothing matches {selector}"
    return str(element["value"])


def _post(page: Page, url: str, form: Mapping[str, str]) -> str:
    response = page.request.post(url, form=dict(form))
    html = response.text()
    assert response.ok, html
    errors = BeautifulSoup(html, "html.parser").select(".flash.error")
    assert not errors, [e.get_text() for e in errors]
    return html
