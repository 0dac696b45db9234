"""Everything that reads a game follows the game (issue 24): the sheet page, the table display,
the PDF and blank pad, the CSV, the record file and its import, the API's state and a group's
statistics, for a Skull King and an Oh Hell game whose every number was worked out by hand
(tests/family_games.py). The Wizard tests of these outputs are the other test files, unchanged.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.core import game, record, sheet
from scorekeeper.core.family.skull_king import Extras, Wager
from scorekeeper.core.rules import BidRestriction, BidVisibility, Length, Variants
from scorekeeper.render import game_facts, game_words, labels, pads
from tests import family_games as hand
from tests import pdfs
from tests import test_api_family as api_family
from tests.pages import one, soup
from tests.plays import bearer, game_ids, json_of, state
from tests.test_export import upload

TIMES = "\u00d7"  # how many of a bonus kind (14, twice)
GAMES = {
    "skull_king": (hand.skull_king, hand.PIRATES, hand.SKULL_KING_SCORES, hand.SKULL_KING_TOTALS),
    "oh_hell": (hand.oh_hell, hand.PLAYERS, hand.OH_HELL_SCORES, hand.OH_HELL_TOTALS),
}


def stored(app: Flask, key: str) -> str:
    """The hand-counted game ``key``, stored; its id."""
    return pdfs.store(app, GAMES[key][0]()).id


def signed(value: int) -> str:
    """A round's score as the sheet shows it (a real minus sign)."""
    return f"+{value}" if value > 0 else pdfs.number(value)


def test_a_lost_wager_and_a_missed_cannonball_do_not_look_won(app: Flask) -> None:
    # Ana bid 0 and took the one trick: her wager of 10 is lost, her Cannonball scored nothing.
    played = game.start(
        "skull_king", ("Ana", "Ben", "Cid"), 0, {"pirate_powers": True, "scoring": "rascal"}
    )
    for seat, bid in enumerate((0, 0, 1)):
        played = game.place_bid(played, seat, bid)
    facts = Extras(roatan=Wager(0, 10), cannonball=(True, False, False))
    row = sheet.build(game.finish_round(played, [1, 0, 0], facts=facts)).rounds[0]
    with app.test_request_context():
        wager, cannonball = game_facts.seat_marks(row, 0)
    assert wager.short == "⚓\u221210" and "\u221210" in wager.said
    assert not cannonball.counted and "scored nothing" in cannonball.said


# --- the sheet page and the table display ------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_the_sheet_page_shows_the_game_and_its_numbers(
    app: Flask, client: FlaskClient, key: str
) -> None:
    _make, _players, scores, totals = GAMES[key]
    page = soup(client.get(f"/games/{stored(app, key)}/sheet"))
    assert one(page, "p.variants b").get_text() == game_words.game_name(key)
    rows = page.select("table.pad tbody tr")
    assert len(rows) == len(scores)
    for row, by_hand in zip(rows, scores, strict=True):
        shown = [one(cell, ".score").get_text() for cell in row.select("td")]
        assert [text[1:] for text in shown] == [signed(score) for score in by_hand]
    shown_totals = [cell.get_text() for cell in page.select("tfoot tr.totals td")]
    assert shown_totals == [str(total) for total in totals]
    # Skull King's trump is always the Jolly Roger: nothing to show. Oh Hell's is turned.
    assert bool(page.select("table.pad .trump")) is (key == "oh_hell")
    assert ("trump" in one(page, "p.legend").get_text()) is (key == "oh_hell")


@pytest.mark.parametrize(
    ("language", "said", "repeated"),
    [
        ("en", "Skull King scoring", "Scoring: Skull King scoring"),
        ("es", "Puntuación Skull King", "Puntuación: Puntuación Skull King"),
    ],
)
def test_a_choice_that_names_its_setting_is_said_alone(
    app: Flask, client: FlaskClient, language: str, said: str, repeated: str
) -> None:
    """The sheet's settings line says "Skull King scoring", not "Scoring: Skull King scoring"
    (issue 33's walk), while other settings keep their names ("Schedule: Blitz Attack")."""
    game_id = stored(app, "skull_king")
    page = soup(client.get(f"/games/{game_id}/sheet?lang={language}"))
    settings = one(page, "p.variants").get_text(" ", strip=True).split(" · ")
    assert said in settings and repeated not in settings
    assert any(line.count(": ") == 1 for line in settings)


def test_the_sheet_page_marks_skull_kings_facts_with_a_key(app: Flask, client: FlaskClient) -> None:
    page = soup(client.get(f"/games/{stored(app, 'skull_king')}/sheet"))
    rows = page.select("table.pad tbody tr")
    cells = [[cell.select_one(".bonus-marks") for cell in row.select("td")] for row in rows]
    short = game_words.bonus_short
    marks = {
        (number, seat): one(mark, "[aria-hidden]").get_text()
        for number, row in enumerate(cells, start=1)
        for seat, mark in enumerate(row)
        if mark is not None
    }
    assert marks == {
        (1, 0): short("fourteen"),
        (1, 2): short("black_fourteen"),
        (2, 0): short("mermaid_by_pirate"),
        (2, 1): short("pirate_by_skull_king") + TIMES + "2",
        (2, 2): short("loot"),  # the ally who played the Loot
        (2, 4): short("loot"),
        (3, 2): short("fourteen"),  # with a missed bid: marked, and counted nothing
        (3, 3): short("skull_king_by_mermaid"),
        (4, 4): "⚓+20",  # the wager won, said by its sign
        (5, 3): short("fourteen") + TIMES + "2",
    }
    # The missed bid's fourteen is struck through and said to have scored nothing; the others
    # counted.
    void = {
        (number, seat)
        for number, row in enumerate(cells, start=1)
        for seat, mark in enumerate(row)
        if mark is not None and mark.select_one(".void") is not None
    }
    assert void == {(3, 2)}
    missed, met = cells[2][2], cells[2][3]
    assert missed is not None and met is not None
    assert "scored nothing" in str(missed["title"]) and "scored nothing" not in str(met["title"])
    assert one(rows[1], ".destroyed-mark [aria-hidden]").get_text() == "⊘1"
    harry = one(rows[3].select("td")[0], ".bt .cloud-mark")
    assert one(harry, "[aria-hidden]").get_text() == "→3" and "Harry" in harry["title"]
    key = one(page, ".marks-key").get_text()
    assert "Harry the Giant" in key and "+40" in key and "Cannonball" not in key
    # The key says what a struck-through mark is (issue 33's walk).
    assert one(page, ".marks-key s").get_text() == short("fourteen")
    entries = [entry.get_text(" ", strip=True) for entry in page.select(".marks-key .mark-key")]
    assert entries[-1] == f"{short('fourteen')} scored nothing, a bid was missed"


@pytest.mark.parametrize("key", GAMES)
def test_the_table_display_shows_a_trump_only_where_one_is_turned(
    app: Flask, client: FlaskClient, key: str
) -> None:
    make, *_rest = GAMES[key]
    whole = make()
    game_id = pdfs.store(app, replace(whole, rounds=whole.rounds[:2])).id
    page = soup(client.get(f"/games/{game_id}/display"))
    facts = [dt.get_text() for dt in page.select("dl.facts dt")]
    assert ("Trump" in facts) is (key == "oh_hell")
    assert one(page, "#display-round").get_text().startswith("Round 3 of 5")


# --- PDF and blank pad ---------------------------------------------------------------------


def test_the_skull_king_pdf_has_a_bonus_column_and_no_trump(
    app: Flask, client: FlaskClient
) -> None:
    text = pdfs.text(client.get(f"/games/{stored(app, 'skull_king')}/sheet.pdf").data)
    assert "Skull King score sheet" in text
    assert "Round Cards Dealer Ana Ben" in text  # no trump column
    assert "Bid Tricks Bonus Score Total " * 5 in text
    for number, (scores, bonuses) in enumerate(
        zip(hand.SKULL_KING_SCORES, hand.SKULL_KING_BONUSES, strict=True), start=1
    ):
        totals = [sum(s[seat] for s in hand.SKULL_KING_SCORES[:number]) for seat in range(5)]
        for seat, (score, bonus) in enumerate(zip(scores, bonuses, strict=True)):
            mark = "✓" if score > 0 else "✗"
            cell = f"{mark}{signed(score)} {pdfs.number(totals[seat])}"
            assert cell in text, (number, seat)
            if bonus:
                assert f"{signed(bonus)} " in text
    assert "190 · 1. ★ 120 · 4. 110 · 5. 160 · 2. 140 · 3." in text
    assert "2 → 3 3" in text  # Harry the Giant's changed bid
    # Round 3's fourteen, taken with a missed bid, is struck through as on the phone's sheet,
    # and the key says why (issue 33's walk).
    short = game_words.bonus_short("fourteen")
    assert f"{short} scored nothing, a bid was missed" in text
    with app.test_request_context():
        html = pads.game_html(sheet.build(hand.skull_king()), day="2026-12-04", paper="a4")
    assert html.count(f"<s>{short}</s>") == 2  # the cell of round 3, and the key


def test_the_oh_hell_pdf_has_its_trumps_and_hand_counted_totals(
    app: Flask, client: FlaskClient
) -> None:
    text = pdfs.text(client.get(f"/games/{stored(app, 'oh_hell')}/sheet.pdf").data)
    assert "Oh Hell score sheet" in text
    assert "Round Cards Dealer Trump Ana" in text and "Bonus" not in text
    assert "1 3 Ana ♥ Hearts 0 0 ✓+10 10 1 1 ✓+11 11 0 1 ✗+1 1 1 1 ✓+11 11" in text
    assert "53 · 1. ★ 43 · 2. 32 · 4. 33 · 3." in text


@pytest.mark.parametrize(
    ("query", "title", "rows"),
    [
        ("game=skull_king&players=5", "Skull King score pad", 10),
        ("game=skull_king&players=8&schedule=whirlpool", "Skull King score pad", 5),
        ("game=oh_hell&players=4&schedule=down_and_up&max_hand=5", "Oh Hell score pad", 9),
    ],
)
def test_a_blank_pad_follows_the_games_schedule(
    client: FlaskClient, query: str, title: str, rows: int
) -> None:
    response = client.get(f"/sheets/blank.pdf?{query}")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    text = pdfs.text(response.data)
    assert title in text and f"{rows} rounds" in text
    skull_king = "skull_king" in query
    assert ("Bonus" in text) is skull_king and ("Trump" in text) is not skull_king


def test_a_nomination_whist_pad_prints_each_rounds_trump(client: FlaskClient) -> None:
    query = "game=oh_hell&players=4&max_hand=3&schedule=down_and_up&trump=nomination"
    text = pdfs.text(client.get(f"/sheets/blank.pdf?{query}").data)
    assert "1 3 ♠ Spades 2 2 ♥ Hearts 3 1 ♣ Clubs 4 2 ♦ Diamonds 5 3 No trump" in text


@pytest.mark.parametrize(
    "query",
    [
        "game=chess&players=4",
        "game=oh_hell&players=8",
        "game=skull_king&players=9",
        "game=oh_hell&players=4&max_hand=99",
        "game=oh_hell&players=4&hook=maybe",
        "game=skull_king&players=4&schedule=forever",
        "game=oh_hell&players=4&max_hand=%C2%B2",
    ],
)
def test_a_blank_pad_refuses_what_the_game_refuses(client: FlaskClient, query: str) -> None:
    assert client.get(f"/sheets/blank.pdf?{query}").status_code == 400


@pytest.mark.parametrize("language", ["es", "pt", "hr", "el", "de", "fr", "it"])
def test_the_games_pdfs_print_in_every_language(
    app: Flask, client: FlaskClient, language: str
) -> None:
    headers = {"Accept-Language": language}
    for key in GAMES:
        sheet_pdf = client.get(f"/games/{stored(app, key)}/sheet.pdf", headers=headers)
        assert sheet_pdf.status_code == 200
        text = pdfs.text(sheet_pdf.data)
        assert game_words.game_name(key) in text
        assert "score sheet" not in text  # the title is translated
    blank = client.get("/sheets/blank.pdf?game=skull_king&players=5", headers=headers)
    assert blank.status_code == 200


# --- CSV, the record file and the API ----------------------------------------------------------


def test_the_round_result_says_a_bonus_scored_nothing(client: FlaskClient) -> None:
    """A fourteen taken with a missed bid, a Loot whose ally missed: both scored nothing, and
    the round's result says so (the sheet's score counts them as the rules do)."""
    game_id, token = api_family.skull_king(client, advanced_cards=True)
    rounds = [
        {"bids": [0, 0, 0, 0, 1], "tricks": [0, 0, 0, 0, 1]},
        {
            "bids": [0, 1, 1, 0, 0],
            "tricks": [1, 1, 0, 0, 0],
            "bonuses": [api_family.bonus(0, "fourteen"), api_family.bonus(1, "loot", 2)],
        },
    ]
    for played in rounds:
        posted = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
        assert posted.status_code == 201, posted.json
    page = soup(client.get(f"/games/{game_id}"))
    said = [line.get_text(" ", strip=True) for line in page.select(".round-extras li")]
    assert len(said) == 2, said
    # Who missed is named: the fourteen's taker; of the Loot's two, the ally (issue 33's walk).
    five = api_family.FIVE
    assert said[0].endswith(f"scored nothing: {five[0]} missed the bid"), said
    assert said[1].endswith(f"scored nothing: {five[2]} missed the bid"), said
    # The sheet's key names the bonuses played in this game, not every kind there is.
    key = one(soup(client.get(f"/games/{game_id}/sheet")), ".marks-key").get_text()
    short = game_words.bonus_short
    assert short("fourteen") in key and short("loot") in key
    assert short("black_fourteen") not in key and short("mermaid_by_pirate") not in key


@pytest.mark.parametrize(
    ("key", "prefix"), [("skull_king", "skull-king-"), ("oh_hell", "oh-hell-")]
)
def test_every_download_is_named_after_the_game(
    app: Flask, client: FlaskClient, key: str, prefix: str
) -> None:
    game_id = stored(app, key)
    for path in ("sheet.pdf", "export.csv", "export.json"):
        disposition = client.get(f"/games/{game_id}/{path}").headers["Content-Disposition"]
        assert disposition.startswith(f'attachment; filename="{prefix}'), (path, disposition)
    blank = client.get(f"/sheets/blank.pdf?game={key}&players=4").headers["Content-Disposition"]
    assert blank == f'attachment; filename="{prefix}blank-4.pdf"'


@pytest.mark.parametrize("key", GAMES)
def test_the_csv_has_every_score_and_total(app: Flask, client: FlaskClient, key: str) -> None:
    _make, players, scores, totals = GAMES[key]
    text = client.get(f"/games/{stored(app, key)}/export.csv").get_data(as_text=True)
    lines = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert len(lines) == len(scores) * len(players)
    running = [0] * len(players)
    for number, by_hand in enumerate(scores, start=1):
        for seat, player in enumerate(players):
            running[seat] += by_hand[seat]
            line = lines[(number - 1) * len(players) + seat]
            assert (line["round"], line["player"]) == (str(number), player)
            assert (line["score"], line["total"]) == (str(by_hand[seat]), str(running[seat]))
            if key == "skull_king":
                bonus = hand.SKULL_KING_BONUSES[number - 1][seat]
                assert line["bonus"] == str(bonus)
    assert running == list(totals)
    assert ("trump" in lines[0]) is (key == "oh_hell")
    if key == "skull_king":
        assert [line["destroyed"] for line in lines[5:10]] == ["1"] * 5
        assert lines[15]["bid scored"] == "3" and lines[15]["bid"] == "2"  # Harry


@pytest.mark.parametrize("key", GAMES)
def test_the_record_file_imports_as_the_same_game(
    app: Flask, client: FlaskClient, key: str
) -> None:
    make, _players, scores, totals = GAMES[key]
    game_id = stored(app, key)
    exported = client.get(f"/games/{game_id}/export.json")
    data = json.loads(exported.data)
    carried = data.pop("history")
    assert data["game"] == key
    assert data == record.to_record(sheet.build(make()))
    assert upload(client, exported.data).status_code == 302
    [copy] = [found for found in game_ids(app) if found != game_id]
    again = json.loads(client.get(f"/games/{copy}/export.json").data)
    assert again.pop("history")[: len(carried)] == carried  # then the import, an entry of its own
    assert again == data
    answer = state(client, copy)
    assert answer["totals"] == list(totals)
    assert [row["scores"] for row in answer["rounds"]] == [list(score) for score in scores]


def test_the_api_state_shows_skull_kings_facts(app: Flask, client: FlaskClient) -> None:
    answer = state(client, stored(app, "skull_king"))
    assert answer["game"] == "skull_king"
    second = answer["rounds"][1]
    assert second["destroyed"] == 1
    assert {"seat": 4, "kind": "loot", "with": 2} in second["bonuses"]
    assert answer["rounds"][3]["harry"] == {"seat": 0, "by": 1}


# --- groups ----------------------------------------------------------------------------------


def group_of_three_games(client: FlaskClient) -> str:
    """A group that played Wizard, then Skull King, then Oh Hell; its id."""
    made = json_of(client.post("/api/groups", json={"name": "Family night"}))
    group_id, token = str(made["id"]), str(made["edit_token"])
    wizard = pdfs.play(("Ana", "Ben", "Cleo"), seed=3)
    for played in (wizard, hand.skull_king(), hand.oh_hell()):
        body = record.to_record(sheet.build(played))
        added = client.post(f"/api/groups/{group_id}/games", json=body, headers=bearer(token))
        assert added.status_code == 201, added.get_data(as_text=True)
    return group_id


def board(answer: dict[str, object]) -> dict[str, tuple[int, ...]]:
    """Each player's figures from the stats API, by name."""
    players = answer["players"]
    assert isinstance(players, list)
    return {
        p["name"]: (
            p["games"],
            p["wins"],
            p["total_points"],
            p["rounds_bid"],
            p["bids_met"],
            p["zero_bids"],
            p["zero_bids_met"],
        )
        for p in players
    }


def test_a_group_counts_each_game_on_its_own(client: FlaskClient) -> None:
    group_id = group_of_three_games(client)
    url = f"/api/groups/{group_id}/stats"
    latest = json_of(client.get(url))
    assert latest["game"] == "oh_hell" and latest["played"] == ["wizard", "skull_king", "oh_hell"]
    # Bids met and zero bids counted by hand from tests/family_games.py.
    assert board(latest) == {
        "Ana": (1, 1, 53, 5, 5, 3, 3),
        "Ben": (1, 0, 43, 5, 4, 1, 1),
        "Cleo": (1, 0, 32, 5, 3, 3, 2),
        "Dan": (1, 0, 33, 5, 3, 3, 2),
    }
    pirates = json_of(client.get(f"{url}?game=skull_king"))
    assert board(pirates) == {
        "Ana": (1, 1, 190, 5, 5, 0, 0),
        "Ben": (1, 0, 120, 5, 4, 2, 1),
        "Cleo": (1, 0, 110, 5, 3, 1, 1),
        "Dan": (1, 0, 160, 5, 4, 1, 1),
        "Eve": (1, 0, 140, 5, 5, 0, 0),
    }
    wizard = json_of(client.get(f"{url}?game=wizard"))
    assert wizard["games"] == 1 and {p["name"] for p in wizard["players"]} == {"Ana", "Ben", "Cleo"}
    assert all(p["total_points"] not in (190, 53) for p in wizard["players"])
    refused = client.get(f"{url}?game=skull_king&length=standard")
    assert refused.status_code == 400 and json_of(refused)["code"] == "filter_unknown"
    assert client.get(f"{url}?game=chess").status_code == 400


def test_the_group_pages_offer_each_game(client: FlaskClient) -> None:
    group_id = group_of_three_games(client)
    page = soup(client.get(f"/groups/{group_id}?game=skull_king"))
    picker = page.select(".game-picker a")
    assert [a.get_text() for a in picker] == ["Wizard", "Skull King", "Oh Hell"]
    assert one(page, ".game-picker [aria-current]").get_text() == "Skull King"
    assert "Skull King" in one(page, "#board-title").get_text()
    assert page.select_one("details.filter") is None  # lengths and variants are Wizard's
    names = [a.get_text() for a in page.select("table.board th.name a")]
    assert names[0] == "Ana" and "Eve" in names
    player = client.get(f"/groups/{group_id}/players/eve?game=skull_king")
    assert player.status_code == 200
    season = pdfs.text(client.get(f"/groups/{group_id}/season.pdf?game=skull_king").data)
    assert "Family night · Skull King" in season and "Eve" in season


def test_a_group_of_several_games_moves_in_one_file(app: Flask, client: FlaskClient) -> None:
    group_id = group_of_three_games(client)
    exported = client.get(f"/groups/{group_id}/export.json")
    data = json.loads(exported.data)
    assert [entry["record"].get("game", "wizard") for entry in data["games"]] == [
        "wizard",
        "skull_king",
        "oh_hell",
    ]
    other = app.test_client()
    response = other.post(
        "/groups/import",
        data={"record": (io.BytesIO(exported.data), "family.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    copy_id = response.headers["Location"].rsplit("/", 1)[-1]
    for key in ("wizard", "skull_king", "oh_hell"):
        original = json_of(client.get(f"/api/groups/{group_id}/stats?game={key}"))
        copied = json_of(other.get(f"/api/groups/{copy_id}/stats?game={key}"))
        assert copied == {**original, "id": copy_id}
    assert json.loads(other.get(f"/groups/{copy_id}/export.json").data) == data


@pytest.mark.parametrize(
    "chosen",
    [
        Variants(),
        Variants(length=Length.MAXIMUS, saboteur=True, bid_restriction=BidRestriction.CANADIAN),
        Variants(length=Length.FIVE_ROUNDS, jester_bid=True, bid_visibility=BidVisibility.HIDDEN),
    ],
)
def test_wizards_settings_read_as_its_variants_always_did(app: Flask, chosen: Variants) -> None:
    with app.test_request_context():
        assert game_facts.setting_lines("wizard", chosen) == labels.variant_lines(chosen)
