"""Every page and state of the pad a player can reach, built through the API (no game tapped
through), for the accessibility walk (tests/browser/test_wcag.py).

:func:`build` makes the games (every game of the family at the table size asked, each in
every step of a round: trump, bids, tricks, round result, game over), a group with those games
and a club night drawn, a game in the trash, and returns the pages to open, in order. Moves of an
unfinished round are posted as the round page's forms post them (the same cookies), a round or a
whole game through the game API.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bs4 import BeautifulSoup
from playwright.sync_api import APIRequestContext, FilePayload, Page

from scorekeeper.core import family
from tests.browser import flows

NAMES = ("Ana", "Benedikt", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hal")
# A 32-character name: the longest the pad takes, where a table of eight is walked.
LONG = "Montgomery-Whitfield-Bradley"
CLUB = [f"Player {n}" for n in range(1, 14)]
ROOM = {"width": 1920, "height": 1080}

# What a turned card is on each game's trump step (a game whose trump is fixed has none).
TURNED = {"wizard": {"turned": "jester"}, "oh_hell": {"turned": "suit", "suit": "hearts"}}
HEARTS = {"turned": "suit", "suit": "hearts"}


@dataclass(frozen=True)
class Stop:
    """A page of the walk: its name (said when it fails), its address, and what to tap on it
    before it is checked (a fold opened), the viewport if not the phone's."""

    name: str
    url: str
    taps: tuple[str, ...] = ()
    viewport: Mapping[str, int] | None = None
    prepare: Callable[[Page], None] | None = None


@dataclass
class Walk:
    """The pages of one walk, in order."""

    stops: list[Stop] = field(default_factory=list)

    def add(
        self,
        name: str,
        url: str,
        *taps: str,
        viewport: Mapping[str, int] | None = None,
        prepare: Callable[[Page], None] | None = None,
    ) -> None:
        self.stops.append(Stop(name, url, taps, viewport, prepare))


def names(players: int) -> list[str]:
    """Short names up to six players; eight of the longest the pad takes."""
    if players < 8:
        return list(NAMES[:players])
    return [f"{name[:3]} {LONG}" for name in NAMES]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(
    request: APIRequestContext, key: str, players: Sequence[str], **variants: object
) -> tuple[str, str]:
    """A game of ``key`` stored through the API: its id and edit token."""
    body = {"game": key, "players": list(players), "first_dealer": 0, "variants": variants}
    answer = request.post("/api/games", data=body)
    assert answer.status == 201, answer.text()
    return str(answer.json()["id"]), str(answer.json()["edit_token"])


def play(request: APIRequestContext, game: str, token: str, rounds: int | None = None) -> None:
    """Post ``rounds`` whole rounds (every round left when ``None``): every bid 0, the first
    seat takes every trick, a Jester (Wizard) or hearts (Oh Hell) turned where a card is."""
    state = request.get(f"/api/games/{game}").json()
    played = 0
    while state["current"] is not None and (rounds is None or played < rounds):
        now = state["current"]
        players = len(state["players"])
        tricks = [now["hand_size"]] + [0] * (players - 1)
        body: dict[str, Any] = {"bids": [0] * players, "tricks": tricks}
        body["trump"] = now.get("trump") or TURNED.get(state.get("game", "wizard"), HEARTS)
        answer = request.post(f"/api/games/{game}/rounds", data=body, headers=bearer(token))
        assert answer.status == 201, answer.text()
        state = answer.json()
        played += 1


def keep(page: Page, kind: str, thing: str, token: str) -> None:
    """This phone keeps score of the game (or group): its join link, as a player taps it."""
    page.goto(f"/{kind}/{thing}/join/{token}")
    flows.tap(page, page.locator("main form button.primary"))


def step(page: Page, game: str, *, bids: int | None = None) -> None:
    """Post the round page's steps as its forms post them: the trump where it is asked (hearts
    turned up), then ``bids`` bids of 0 (every bid when ``None``)."""
    url = f"/games/{game}"
    posted = 0
    while True:
        soup = BeautifulSoup(page.request.get(url).text(), "html.parser")
        fields = {
            "csrf_token": _value(soup, "input[name=csrf_token]"),
            "version": _value(soup, "input[name=version]"),
        }
        if soup.select_one("#trump-title"):
            _post(page, f"{url}/trump", {**fields, **HEARTS})
            continue
        pad = soup.select_one("form.bid-pad")
        if pad is None or (bids is not None and posted == bids):
            return
        seat = _value(pad, "input[name=seat]")
        _post(page, f"{url}/bid", {**fields, "seat": seat, "bid": "0"})
        posted += 1


def _value(node: Any, selector: str) -> str:
    element = node.select_one(selector)
    assert element is not None, f"nothing matches {selector}"
    return str(element["value"])


def _post(page: Page, url: str, form: Mapping[str, str]) -> None:
    answer = page.request.post(url, form=dict(form))
    assert answer.ok, answer.text()


def _html(page: Page, url: str) -> BeautifulSoup:
    return BeautifulSoup(page.request.get(url).text(), "html.parser")


def refused_confirm(page: Page, game: str) -> None:
    """Tricks that do not add up to the hand, confirmed: the refusal waits in the phone's
    session for the round page (the answer's redirect is not followed)."""
    soup = _html(page, f"/games/{game}")
    form = soup.select_one("form.tricks-form")
    assert form is not None
    fields: dict[str, str | float | bool] = {
        "csrf_token": _value(soup, "input[name=csrf_token]"),
        "version": _value(soup, "input[name=version]"),
        **{f"tricks-{s['data-seat']}": "0" for s in form.select(".stepper")},
    }
    answer = page.request.post(f"/games/{game}/tricks", form=fields, max_redirects=0)
    assert answer.status in (302, 303), answer.text()


def game_after_one_round(
    page: Page, key: str, seats: Sequence[str], variants: Mapping[str, object]
) -> str:
    """A game of ``key`` kept on this phone, its first round played: its id."""
    made, token = new_game(page.request, key, seats, **variants)
    play(page.request, made, token, 1)
    keep(page, "games", made, token)
    return made


# The games of the walk: the family's, and Wizard with an anniversary deck (its special cards
# turned up and played); each with the most players its rules seat, up to the table's size.
GAMES: tuple[tuple[str, str, dict[str, object]], ...] = (
    *((key, key, {}) for key in family.GAMES),
    ("wizard 25 years", "wizard", {"deck": "anniversary_25"}),
    ("skull king advanced", "skull_king", {"advanced_cards": True}),
)
SEATS = {"wizard 25 years": 6}


def round_steps(page: Page, walk: Walk, players: int) -> list[str]:
    """Each game of :data:`GAMES` at each step of its second round (after the first round's
    result: trump, bids begun, tricks, a refused Confirm), and over. The ids of its finished
    games."""
    request = page.request
    over: list[str] = []
    for label, key, variants in GAMES:
        most = min(SEATS.get(label, 8), family.GAMES[key].max_players)
        seats = names(min(players, most))

        trump = game_after_one_round(page, key, seats, variants)
        page.goto("about:blank")  # the round page would follow each move meanwhile
        if _html(page, f"/games/{trump}").select_one("#trump-title"):
            walk.add(f"{label}: trump", f"/games/{trump}")
        bids = game_after_one_round(page, key, seats, variants)
        page.goto("about:blank")
        step(page, bids, bids=1)
        walk.add(f"{label}: bids", f"/games/{bids}")
        tricks = game_after_one_round(page, key, seats, variants)
        page.goto("about:blank")
        step(page, tricks)
        walk.add(f"{label}: tricks", f"/games/{tricks}")
        if key == "skull_king":
            walk.add(f"{label}: bonuses", f"/games/{tricks}", "button[name=bonus-open]")
        if variants.get("deck"):
            walk.add(f"{label}: the Bomb", f"/games/{tricks}", "button[name=special]")
        walk.add(
            f"{label}: refused",
            f"/games/{tricks}",
            prepare=functools.partial(refused_confirm, game=tricks),
        )
        finished, token = new_game(request, key, seats, **variants)
        play(request, finished, token)
        keep(page, "games", finished, token)
        walk.add(f"{label}: game over", f"/games/{finished}")
        walk.add(f"{label}: sheet", f"/games/{finished}/sheet")
        over.append(finished)
        if label == key:
            walk.add(f"{label}: sheet unfinished", f"/games/{tricks}/sheet")
            walk.add(f"{label}: display", f"/games/{tricks}/display")
            walk.add(f"{label}: correct a round", f"/games/{tricks}/rounds/1/edit")
        if key == family.DEFAULT_GAME == label:
            # Pages every game shows alike (no game's own facts on them): one game's.
            walk.add(f"{label}: share", f"/games/{tricks}/share")
            walk.add(f"{label}: history", f"/games/{tricks}/history")
            walk.add(f"{label}: adjust a round", f"/games/{tricks}/rounds/1/adjust")
        if label == key:
            walk.add(f"{label}: new game", f"/games/new?game={key}")
            rules = "/rules" if key == family.DEFAULT_GAME else f"/rules/{key}"
            walk.add(f"{label}: rules", rules)
    return over


def group_and_club_night(page: Page, walk: Walk, games: Sequence[str]) -> None:
    """A group holding the walk's finished games, its pages, and a club night of 13 drawn (a
    table's game begun): its page, table, card, room screen, printouts, history."""
    request = page.request
    made = request.post("/api/groups", data={"name": "Friday club"}).json()
    group, token = made["id"], made["edit_token"]
    for game in games:
        record = request.get(f"/games/{game}/export.json").json()
        answer = request.post(f"/api/groups/{group}/games", data=record, headers=bearer(token))
        assert answer.status == 201, answer.text()
    body = {"players": CLUB, "variants": {"length": "five_rounds"}, "sittings": 2}
    answer = request.post(f"/api/groups/{group}/evenings", data=body, headers=bearer(token))
    assert answer.status == 201, answer.text()
    evening = answer.json()["id"]
    answer = request.post(
        f"/api/evenings/{evening}/sittings", data={"seed": 1}, headers=bearer(token)
    )
    assert answer.status == 201, answer.text()
    table = answer.json()["tables"][0]
    play(request, table["game"], table["edit_token"], 2)
    # A club's past brought in (issue 51): a game known by its totals only, and the review of
    # a file (a draft the group page's form makes).
    past = "date,game,player,total\n{day},Wizard,Player 1,120\n{day},Wizard,Player 2,90\n"
    url = f"/api/groups/{group}/imports"
    answer = request.post(url, data={"file": past.format(day="2024-05-03")}, headers=bearer(token))
    assert answer.status == 200, answer.text()
    keep(page, "groups", group, token)
    page.goto(f"/groups/{group}")
    page.locator("details:has(#past-file) > summary").click()
    page.set_input_files(
        "#past-file",
        files=FilePayload(
            name="past.csv", mimeType="text/csv", buffer=past.format(day="2024-06-07").encode()
        ),
    )
    with page.expect_navigation():
        page.locator("form:has(#past-file) button[type=submit]").click()
    review = page.url
    page.goto("about:blank")
    shown = _html(page, f"/groups/{group}")
    imported = shown.select_one("li.game-card.imported a")
    assert imported is not None
    player = shown.select_one("a[href*='/players/']")
    assert player is not None, shown.get_text(" ", strip=True)[:600]
    card = _html(page, f"/evenings/{evening}/tables/1").select_one(".link-text a")
    assert card is not None
    for name, url in (
        ("group", f"/groups/{group}"),
        ("group: a player", str(player["href"])),
        ("group: new game", f"/groups/{group}/games/new"),
        ("group: history", f"/groups/{group}/history"),
        ("group: a past file's review", review),
        ("group: a game brought in", str(imported["href"])),
    ):
        walk.add(name, url)
    for name, url in (
        ("group: share", f"/groups/{group}/share"),
        ("group: new club night", f"/groups/{group}/evenings/new"),
        ("new group", "/groups/new"),
        ("club night", f"/evenings/{evening}"),
        ("club night: table", f"/evenings/{evening}/sittings/1/tables/1"),
        ("club night: table card", f"/evenings/{evening}/tables/1"),
        ("club night: a table card scanned", str(card["href"])),
        ("club night: table's game", f"/games/{table['game']}"),
        ("club night: redraw", f"/evenings/{evening}/redraw"),
        ("club night: printouts", f"/evenings/{evening}/printouts"),
        ("club night: a player's card", f"/evenings/{evening}/players/1"),
        ("club night: history", f"/evenings/{evening}/history"),
    ):
        walk.add(name, url)
    walk.add("club night: room screen", f"/evenings/{evening}/room", viewport=ROOM)


def trash(page: Page, walk: Walk) -> None:
    """A game's delete page (asked first), and a game deleted: the trash on the home page, the
    trashed game's page."""
    kept, token = new_game(page.request, "wizard", names(3))
    keep(page, "games", kept, token)
    walk.add("delete a game", f"/games/{kept}/delete")
    game, token = new_game(page.request, "wizard", names(3))
    keep(page, "games", game, token)
    page.goto("about:blank")
    soup = _html(page, f"/games/{game}/delete")
    form = soup.select_one("main form[method=post]")
    assert form is not None
    fields = {str(i["name"]): str(i.get("value", "")) for i in form.select("input[name]")}
    _post(page, f"/games/{game}/delete", fields)
    walk.add("home, with the trash", "/")
    walk.add("a game in the trash", f"/games/{game}")


def build(page: Page, players: int) -> Walk:
    """Every page of the walk for tables of ``players``, built on this phone."""
    walk = Walk()
    walk.add("home", "/")
    over = round_steps(page, walk, players)
    group_and_club_night(page, walk, over)
    walk.add("offline", "/offline")
    walk.add("not found", "/games/no-such-game")
    trash(page, walk)
    return walk
