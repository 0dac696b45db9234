"""A game is a declaration: a made-up fourth game of the family, declared and registered here
and nowhere else, plays through the pad's pages and every output.

Crowns is no real game. Three to five players, 40 cards, a short (4 rounds) or long game (every
card dealt out at the end), bids in turn with no hook, a suit card turned for trump. Its own fact
of a round is the crown: who took the last trick. A bid met scores 10 and 1 a trick, a miss 2
off a trick; the crown adds 5 with the crown's bonus on. A long game for five is refused. Its
words are in English and German, and the app's catalogues know none of them. Its new-game form
shows the hands of each length, as Wizard's does: declared, not written in a template.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import bidding, family, refusals, scoring
from scorekeeper.core.family import Declaration, Played, TrumpSource
from scorekeeper.core.family.declared_parts import (
    FactEntry,
    Fold,
    GameWords,
    Refusal,
    RoundFacts,
    Setting,
)
from scorekeeper.core.family.game_settings import settings_from_plain, settings_to_plain
from scorekeeper.core.game import GameRecord
from scorekeeper.core.record_shapes import Json, whole
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.rules import Suit, Trump, Turned, TurnedCard
from scorekeeper.core.variants import Words
from tests import pdfs
from tests.pages import act, one, post, soup
from tests.plays import bearer, json_of
from tests.test_export import upload

KEY = "crowns"
CROWN = "\u265b"  # ♛
MINUS = "\u2212"


@dataclass(frozen=True)
class CrownsSettings:
    length: str = "short"
    crown_bonus: bool = True


@dataclass(frozen=True)
class Crown:
    """Who took the last trick (``None``: not entered)."""

    seat: int | None = None
    elsewhere: ClassVar[str] = "extras_not_in_game"

    @property
    def empty(self) -> bool:
        return self.seat is None


@dataclass(frozen=True)
class CrownsRound(Played):
    crown: int | None = None


SETTINGS = (
    Setting("length", "short", ("short", "long")),
    Setting("crown_bonus", True, (False, True)),
)


def schedule(players: int, chosen: CrownsSettings) -> tuple[int, ...]:
    return tuple(range(1, (4 if chosen.length == "short" else 40 // players) + 1))


def resolve_trump(
    turned: TurnedCard, suit: Suit | None, _number: int, hand: int, players: int, _s: CrownsSettings
) -> Trump:
    if hand * players == 40:
        if turned is not Turned.NONE:
            raise RuleError("trump_none_left")
        return Trump(Turned.NONE)
    if turned is not Turned.SUIT:
        raise RuleError("trump_suit_only")
    if suit is None:
        raise RuleError("trump_suit_missing")
    return Trump(turned, suit)


def fixed_trump(_number: int, hand: int, players: int, _s: CrownsSettings) -> Trump | None:
    return Trump(Turned.NONE) if hand * players == 40 else None


def check_round(
    players: int, _s: CrownsSettings, totals: Sequence[int], played: CrownsRound
) -> None:
    setup = bidding.RoundSetup(
        players, 1, played.hand_size, played.dealer, bidding.BidRules(), tuple(totals)
    )
    bidding.check_round_bids(setup, played.bids)
    scoring.check_tricks(played.hand_size, played.tricks, players)
    if played.crown is not None:
        if not 0 <= played.crown < players:
            raise RuleError("no_such_seat")
        if played.tricks[played.crown] == 0:
            raise RuleError("crown_without_trick")


def score_round(chosen: CrownsSettings, played: CrownsRound) -> tuple[int, ...]:
    scores = []
    for seat, (bid, taken) in enumerate(zip(played.bids, played.tricks, strict=True)):
        score = 10 + taken if bid == taken else -2 * abs((bid or 0) - taken)
        if chosen.crown_bonus and played.crown == seat:
            score += 5
        scores.append(score)
    return tuple(scores)


def read_crown(fields: Mapping[str, object]) -> Crown:
    seat = fields.get("crown")
    return Crown(None if seat is None else whole(seat, '"crown"'))


def write_crown(facts: Crown) -> Json:
    return {} if facts.seat is None else {"crown": facts.seat}


GERMAN = {
    "Crowns": "Kronen",
    "Length of the game": "Spiellänge",
    "Short": "Kurz",
    "Long": "Lang",
    "The crown's bonus": "Bonus der Krone",
    "5 points for whoever takes the last trick.": "5 Punkte für den letzten Stich.",
    "The crown: the last trick": "Die Krone: der letzte Stich",
    "Who took the last trick": "Wer den letzten Stich nahm",
    "bid met: 10 + 1 per trick": "Ansage getroffen: 10 + 1 pro Stich",
    f"bid missed: {MINUS}2 per trick off": f"Ansage verfehlt: {MINUS}2 pro Stich daneben",
}

CROWNS: Declaration[CrownsSettings, CrownsRound] = Declaration(
    key=KEY,
    name="Crowns",
    min_players=3,
    max_players=5,
    deck_size=40,
    settings=SETTINGS,
    from_plain=lambda values: settings_from_plain(CrownsSettings, SETTINGS, {}, values),
    to_plain=settings_to_plain,
    refusals=(
        Refusal(
            "crowns_long_for_five",
            "length",
            lambda players, chosen: players == 5 and chosen.length == "long",
        ),
    ),
    schedule=schedule,
    trump_source=lambda _s: TrumpSource.TURNED,
    fixed_trump=fixed_trump,
    check_round=check_round,
    score_round=score_round,
    resolve_trump=resolve_trump,
    facts=RoundFacts(
        Crown(),
        ("crown",),
        read_crown,
        write_crown,
        entry=(FactEntry("crown", "Who took the last trick"),),
    ),
    round_of=lambda played, facts: CrownsRound(
        played.hand_size, played.dealer, played.bids, played.tricks, facts.seat
    ),
    schedule_setting="length",
    score_key=("bid met: 10 + 1 per trick", f"bid missed: {MINUS}2 per trick off"),
    words=GameWords(
        {
            "length": Words("Length of the game"),
            "crown_bonus": Words("The crown's bonus", "5 points for whoever takes the last trick."),
        },
        {"length": {"short": Words("Short"), "long": Words("Long")}},
        translations={"de": GERMAN},
    ),
    folds=(Fold("Game length", ("length",)), Fold("Scoring", ("crown_bonus",))),
    shows_hands=True,
    messages={
        "crowns_long_for_five": "A long game of Crowns is for 3 or 4 players.",
        "crown_without_trick": "The crown goes to a player who took the last trick.",
    },
    seat_marks=lambda facts, seat: (
        ((CROWN, "The crown: the last trick"),) if facts.seat == seat else ()
    ),
)


# Crowns with one schedule, declaring no setting that chooses it (the short game, always).
CROWNS_SHORT = dataclasses.replace(
    CROWNS, key="crowns_short", schedule_setting="none", shows_hands=False
)


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    """Crowns in the family for this module's tests only."""
    family.register(CROWNS, f"{__name__}:CROWNS")
    yield
    family.unregister(KEY)


PLAYERS = ["Ana", "Ben", "Cid"]
# Round by round: bids, tricks, the crown. Dealer 0 deals round 1; bids go from the dealer's left.
ROUNDS: tuple[tuple[list[int], list[int | None], int], ...] = (
    ([0, 1, 0], [0, 1, 0], 1),
    ([1, 0, 1], [1, 0, 1], 2),
    ([1, 1, 1], [2, 1, 0], 0),
    ([2, 1, 1], [2, 1, 1], 0),
)
# Worked out by hand: met 10 + tricks, missed -2 a trick off, the crown +5.
SCORES = ((10, 16, 10), (11, 10, 16), (3, 11, -2), (17, 11, 11))
TOTALS = (41, 48, 35)


def started(client: FlaskClient, **settings: str) -> str:
    """Crowns started from the new-game page; the new game's id."""
    data = {f"players-{seat}": name for seat, name in enumerate(PLAYERS)}
    data |= {"game": KEY, "first_dealer": "0", "crown_bonus": "y"} | settings
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, soup(response).select(".field-error")
    return response.headers["Location"].rsplit("/", 1)[-1]


def stored(app: Flask, game_id: str) -> GameRecord:
    with app.app_context():
        found = storage.load(storage.get_db(), game_id)
        assert found is not None
        return found.record


def tapped_round(
    client: FlaskClient, game_id: str, bids: list[int], tricks: list[int], crown: int
) -> None:
    """A round tapped on the round page: the trump, each bid in its turn, then the tricks with
    the crown picked where the tricks step asks for it."""
    assert act(client, game_id, "trump", turned="suit", suit="clubs") == []
    while (
        bidder := soup(client.get(f"/games/{game_id}")).select_one(".bid-pad [name=seat]")
    ) is not None:
        seat = int(str(bidder["value"]))
        assert act(client, game_id, "bid", seat=seat, bid=bids[seat]) == []
    page = soup(client.get(f"/games/{game_id}"))
    picker = one(page, "select[name=fact-crown]")
    assert len(picker.select("option")) == len(PLAYERS) + 1  # nobody, or one of the players
    taken = {f"tricks-{seat}": n for seat, n in enumerate(tricks)}
    assert act(client, game_id, "tricks", **taken, **{"fact-crown": crown}) == []


def played_on_the_pages(client: FlaskClient) -> str:
    """A whole game of Crowns tapped on the round pages, the crown picked on the tricks step."""
    game_id = started(client)
    for bids, tricks, crown in ROUNDS:
        tapped_round(client, game_id, bids, [taken or 0 for taken in tricks], crown)
    return game_id


def stored_token(app: Flask, game_id: str) -> str:
    with app.app_context():
        found = storage.load(storage.get_db(), game_id)
        assert found is not None
        return found.edit_token


def test_the_new_game_page_offers_it_with_its_settings_in_german(client: FlaskClient) -> None:
    page = soup(client.get(f"/games/new?game={KEY}&lang=de"))
    row = [b["value"] for b in page.select(".game-pick button[name=choose]")]
    assert row[-1] == KEY
    assert one(page, ".game-pick [aria-pressed=true]").get_text(strip=True) == "Kronen"
    assert len(page.select(".seat input")) == 5
    assert page.select_one("[name=length]") is not None
    shown = page.get_text(" ", strip=True)
    assert "Spiellänge" in shown and "Bonus der Krone" in shown and "Kurz" in shown
    # It declares no rules page: none is linked, and its address is no page.
    assert KEY not in client.get("/rules").text
    assert client.get(f"/rules/{KEY}").status_code == 404


def test_its_new_game_page_shows_the_hands_of_each_length(client: FlaskClient) -> None:
    page = soup(client.get(f"/games/new?game={KEY}&lang=de"))
    lists = [
        [item.get_text(" ", strip=True) for item in hands.select("li")]
        for hands in page.select("fieldset[data-setting=length] details.hands")
    ]
    # Worked out from its own schedule and refusals: no long game for five.
    assert lists == [
        ["3\u20135 Spieler: 1, 2, 3, 4 Karten"],
        [
            "3 Spieler: 1, 2, … 13 Karten",
            "4 Spieler: 1, 2, … 10 Karten",
            "5 Spieler: wird nicht gespielt",
        ],
    ]
    assert one(page, "input[name=length][value=long]")["data-rounds"] == "3:13 Runden|4:10 Runden"
    # A table of four typed (and a seat's button tapped, which sends nothing to move): the
    # length's heading says its rounds there.
    data = {f"players-{seat}": name for seat, name in enumerate([*PLAYERS, "Dee"])}
    data |= {"game": KEY, "length": "long", "move": "none"}
    page = soup(client.post("/games/new?lang=de", data=data))
    heading = one(page, "details.fold .fold-choice").get_text(strip=True)
    assert heading == "Lang · 10 Runden"


def test_its_refused_combination_is_refused_with_its_words(client: FlaskClient) -> None:
    data = {f"players-{seat}": name for seat, name in enumerate([*PLAYERS, "Dee", "Eve"])}
    data |= {"game": KEY, "first_dealer": "0", "length": "long", "crown_bonus": "y"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 400
    assert "A long game of Crowns is for 3 or 4 players." in response.text


def test_a_whole_game_on_the_pages_scores_by_its_own_rules(app: Flask, client: FlaskClient) -> None:
    game_id = played_on_the_pages(client)
    record = stored(app, game_id)
    assert record.game == KEY and record.finished
    assert record.scores == SCORES
    assert record.running_totals[-1] == TOTALS
    assert [played.facts for played in record.rounds] == [Crown(c) for _b, _t, c in ROUNDS]
    sheet_page = soup(client.get(f"/games/{game_id}/sheet?lang=de"))
    shown = sheet_page.get_text(" ", strip=True)
    assert "Kronen" in shown
    assert [cell.get_text() for cell in sheet_page.select("tfoot tr.totals td")] == [
        str(total) for total in TOTALS
    ]
    assert CROWN in shown
    display = client.get(f"/games/{game_id}/display")
    assert display.status_code == 200 and str(TOTALS[1]) in display.text


def test_a_seat_picked_is_kept_across_a_steppers_tap_without_a_script(client: FlaskClient) -> None:
    game_id = started(client)
    assert act(client, game_id, "trump", turned="suit", suit="clubs") == []
    for seat, bid in ((1, 1), (2, 0), (0, 0)):
        assert act(client, game_id, "bid", seat=seat, bid=bid) == []
    tapped = post(
        client,
        game_id,
        "tricks",
        **{"tricks-0": 0, "tricks-1": 0, "tricks-2": 0},
        step="1:+1",
        **{"fact-crown": "1"},
    )
    assert tapped.status_code == 303 and ":f01" in tapped.headers["Location"]
    page = soup(client.get(tapped.headers["Location"]))
    assert one(page, "select[name=fact-crown] option[selected]")["value"] == "1"


def test_a_round_undo_reopened_comes_back_with_its_fact_picked(client: FlaskClient) -> None:
    game_id = played_on_the_pages(client)
    assert act(client, game_id, "undo", confirm="yes") == []
    page = soup(client.get(f"/games/{game_id}"))
    assert one(page, "select[name=fact-crown] option[selected]")["value"] == str(ROUNDS[-1][2])


def test_its_fact_is_corrected_on_the_correction_page(app: Flask, client: FlaskClient) -> None:
    game_id = played_on_the_pages(client)
    page = soup(client.get(f"/games/{game_id}/rounds/3/edit"))
    assert one(page, "select[name=fact-crown] option[selected]")["value"] == "0"
    form = {
        field["name"]: field.get("value", "")
        for field in page.select("form.edit-round input[name]")
        if field.get("type") != "checkbox"
    }
    for select in page.select("form.edit-round select[name]"):
        chosen = select.select_one("option[selected]") or select.select_one("option")
        form[str(select["name"])] = str(chosen["value"]) if chosen else ""
    # Ben took the last trick of round 3 after all: the crown's 5 points move to him.
    answer = client.post(f"/games/{game_id}/rounds/3/edit", data=form | {"fact-crown": "1"})
    assert answer.status_code == 303, soup(answer).select(".field-error")
    record = stored(app, game_id)
    assert record.rounds[2].facts == Crown(1)
    assert record.scores[2] == (-2, 16, -2)


def test_its_fact_is_refused_where_it_cannot_have_happened(app: Flask, client: FlaskClient) -> None:
    game_id = started(client)
    token = stored_token(app, game_id)
    body = {"trump": {"turned": "suit", "suit": "clubs"}, "bids": [0, 1, 0], "tricks": [0, 1, 0]}
    refused = client.post(
        f"/api/games/{game_id}/rounds", json={**body, "crown": 0}, headers=bearer(token)
    )
    assert refused.status_code == 400 and json_of(refused)["code"] == "crown_without_trick"
    bombed = client.post(
        f"/api/games/{game_id}/rounds", json={**body, "bomb": True}, headers=bearer(token)
    )
    assert json_of(bombed)["code"] == "record_unknown_field"


def test_every_output_carries_it(app: Flask, client: FlaskClient) -> None:
    game_id = played_on_the_pages(client)
    exported = json.loads(client.get(f"/games/{game_id}/export.json").data)
    assert exported["game"] == KEY
    assert exported["variants"] == {"length": "short", "crown_bonus": True}
    assert [played["crown"] for played in exported["rounds"]] == [c for _b, _t, c in ROUNDS]
    state = json_of(client.get(f"/api/games/{game_id}"))
    assert state["totals"] == list(TOTALS) and state["rounds"][0]["crown"] == 1
    text = client.get(f"/games/{game_id}/export.csv").data.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == len(ROUNDS) * len(PLAYERS)
    assert [row["total"] for row in rows[-3:]] == [str(total) for total in TOTALS]
    assert [row["score"] for row in rows[:3]] == [str(score) for score in SCORES[0]]
    # Its own marks reach every output by declaration alone (issue 50): a CSV column in words,
    # the PDF's score cell and key, the phone sheet's key.
    crowned = [row["player"] for row in rows if row["marks"]]
    assert crowned == [PLAYERS[crown] for _bids, _tricks, crown in ROUNDS]
    assert {row["marks"] for row in rows if row["marks"]} == {"The crown: the last trick"}
    key = one(soup(client.get(f"/games/{game_id}/sheet")), ".marks-key").get_text(" ", strip=True)
    assert f"{CROWN} The crown: the last trick" in key
    english = pdfs.text(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert english.count(CROWN) == len(ROUNDS) + 1  # a cell a round, and the key
    assert "Marks in the cells (their points are in the score):" in english
    text = pdfs.text(client.get(f"/games/{game_id}/sheet.pdf?lang=de").data)
    assert "Kronen" in text and "Spiellänge: Kurz" in text
    assert "1. Ben ★ 48 2. Ana 41 3. Cid 35" in text
    assert "Ansage getroffen: 10 + 1 pro Stich" in text
    blank = client.get(f"/sheets/blank.pdf?game={KEY}&players=4&length=long")
    assert blank.status_code == 200 and "crowns-blank-4" in blank.headers["Content-Disposition"]
    assert client.get(f"/sheets/blank.pdf?game={KEY}&players=5&length=long").status_code == 400
    # Imported again, it is the same game.
    again = upload(client, json.dumps(exported).encode())
    assert again.status_code == 302
    copy = again.headers["Location"].rsplit("/", 1)[-1]
    assert stored(app, copy).rounds == stored(app, game_id).rounds


def test_a_groups_figures_count_it(app: Flask, client: FlaskClient) -> None:
    game_id = played_on_the_pages(client)
    with app.app_context():
        db = storage.get_db()
        group = storage.create_group(db, "Crown club", PLAYERS)
        found = storage.load(db, game_id)
        assert found is not None
        storage.add_group_games(db, group.id, [found])
    figures = json_of(client.get(f"/api/groups/{group.id}/stats"))
    assert figures["game"] == KEY and figures["played"] == [KEY]
    by_name = {player["name"]: player for player in figures["players"]}
    assert by_name["Ben"]["wins"] == 1 and by_name["Ben"]["total_points"] == TOTALS[1]
    page = client.get(f"/groups/{group.id}?lang=de")
    assert page.status_code == 200 and "Kronen" in page.text


def test_it_is_named_and_offered_wherever_the_pad_lists_its_games(client: FlaskClient) -> None:
    """Issue 50: the home page's first sentence, the web app's manifest and the blank pad's
    picker name every game declared (they named three), in the reader's language's list."""
    home = soup(client.get("/"))
    assert one(home, "p.lead").get_text() == (
        "Keeps score for Wizard, Skull King, Oh Hell, and Crowns."
    )
    picker = [option["value"] for option in home.select("#blank-game option")]
    assert picker == ["wizard", "skull_king", "oh_hell", KEY]
    manifest = json_of(client.get("/manifest.webmanifest?lang=de"))
    assert manifest["description"].startswith("Der Punkteblock für Wizard, Skull King, Oh Hell")
    assert "und Kronen, auf den Handys am Tisch" in manifest["description"]


def test_its_pages_link_to_no_rules_page_it_does_not_have(client: FlaskClient) -> None:
    """Issue 50: the round steps and the new-game page linked to /rules/crowns, a 404."""
    game_id = started(client)
    for step in range(3):
        page = soup(client.get(f"/games/{game_id}"))
        links = [str(link["href"]) for link in page.select("main a[href*='/rules']")]
        assert links == [], links
        if step == 0:
            assert act(client, game_id, "trump", turned="suit", suit="clubs") == []
        elif step == 1:
            for seat in (1, 2, 0):
                assert act(client, game_id, "bid", seat=seat, bid=0) == []
    new_game = soup(client.get(f"/games/new?game={KEY}"))
    assert new_game.select(f"a[href*='/rules/{KEY}']") == []
    assert client.get(f"/rules/{KEY}").status_code == 404


def test_a_game_of_one_schedule_declares_no_schedule_setting(
    app: Flask, client: FlaskClient
) -> None:
    """Issue 50: the blank pad and a group's game cards read the schedule setting unasked; a
    game of one schedule (Crowns played short only, here) has none."""
    one_length = CROWNS_SHORT
    family.register(one_length, f"{__name__}:CROWNS_SHORT")
    try:
        assert one_length.schedule_chosen(one_length.from_plain({})) is None
        blank = client.get("/sheets/blank.pdf?game=crowns_short&players=3")
        assert blank.status_code == 200
        assert "3 players · 4 rounds" in pdfs.text(blank.data)
        data = {f"players-{seat}": name for seat, name in enumerate(PLAYERS)}
        made = client.post("/games/new", data=data | {"game": "crowns_short", "first_dealer": "0"})
        assert made.status_code == 303
        game_id = made.headers["Location"].rsplit("/", 1)[-1]
        with app.app_context():
            db = storage.get_db()
            group = storage.create_group(db, "One length club", PLAYERS)
            found = storage.load(db, game_id)
            assert found is not None
            storage.add_group_games(db, group.id, [found])
        assert client.get(f"/groups/{group.id}").status_code == 200
    finally:
        family.unregister("crowns_short")


def test_every_listed_games_refusal_sentences_are_the_apps() -> None:
    """Issue 50: a game's own sentences joined the app's only through ``family.register``; a
    game listed in the registry, as the app's own are, refused with a KeyError."""
    for declared in family.GAMES.values():
        for code in declared.messages:
            assert code in refusals.MESSAGES, (declared.key, code)
