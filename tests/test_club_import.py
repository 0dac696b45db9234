"""Issue 51, a club's past brought in: a BG Stats export of the shape BG Stats writes (with the
quirks real files have) and a CSV of totals reviewed, brought in, counted in the leaderboard and
the ratings, and never brought in twice; broken files refused saying where, with nothing saved;
a game known by its totals only shown as such wherever a game's address leads."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core.bgstats_ids import play_uuid
from tests.pages import soup
from tests.plays import bearer, json_of
from tests.test_groups_api import game_json, make

WIZARD, SKULL_KING, CATAN = 1, 2, 3
ANA, SOREN, BEN, ANON, CLEO = 1, 2, 3, 4, 5


def score(player: int, points: object, **more: Any) -> dict[str, Any]:
    """One player's line of a play as BG Stats writes it: the score as text, rank 0 (unknown),
    no winner, seat order 0 and team "0" (its placeholders)."""
    line = {"playerRefId": player, "score": points, "winner": False, "newPlayer": False}
    line |= {"startPlayer": False, "rank": 0, "seatOrder": 0, "role": "", "team": "0"}
    return line | {"metaData": "", **more}


def play(number: int, game: int, *scores: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A play of the export, dated a day apart from its number."""
    return {
        "uuid": f"00000000-0000-4000-8000-{number:012d}",
        "gameRefId": game,
        "locationRefId": 1,
        "playDate": f"2025-03-{number:02d} 20:15:00",
        "playDateYmd": 20250300 + number,
        "entryDate": "2025-04-01 10:00:00",
        "modificationDate": "2025-04-01 10:00:00",
        "durationMin": 0,
        "ignored": False,
        "manualWinner": False,
        "rounds": 0,
        "board": "",
        "comments": "",
        "scoringSetting": 0,
        "usesTeams": False,
        "expansionPlays": [],
        "bggId": 0,
        "importPlayId": 0,
        "rating": 0,
        "playerScores": list(scores),
        **more,
    }


def export() -> dict[str, Any]:
    """A BGStatsExport.json of a club: Wizard by its BoardGameGeek id, Skull King by name, Catan
    (no game of the pad); scores as strings, empty and "null", a formula, rank 0 everywhere, the
    anonymous player in two seats, plays with no winner flagged, an ignored play, a winner flag
    that disagrees with the scores."""
    games = [
        {"id": WIZARD, "uuid": "g1", "name": "Wizard", "bggId": 1465, "bggName": "Wizard"},
        {"id": SKULL_KING, "uuid": "g2", "name": "Skull King", "bggId": 0, "bggName": ""},
        {"id": CATAN, "uuid": "g3", "name": "CATAN", "bggId": 13, "bggName": "CATAN"},
    ]
    players = [
        {"id": ANA, "uuid": "p1", "name": "ana ", "isAnonymous": False, "bggUsername": ""},
        {"id": SOREN, "uuid": "p2", "name": "Soren Moller", "isAnonymous": False},
        {"id": BEN, "uuid": "p3", "name": "Ben", "isAnonymous": False},
        {"id": ANON, "uuid": "p4", "name": "Anonymous player", "isAnonymous": True},
        {"id": CLEO, "uuid": "p5", "name": "Cleo", "isAnonymous": False},
    ]
    plays = [
        play(1, WIZARD, score(ANA, "120"), score(SOREN, "80"), score(BEN, "-30")),
        play(2, WIZARD, score(ANA, "40"), score(SOREN, "150", winner=False), score(BEN, "90")),
        play(3, SKULL_KING, score(ANA, "200"), score(BEN, "-50"), score(CLEO, "110")),
        play(4, CATAN, score(ANA, "10"), score(BEN, "8")),
        play(5, CATAN, score(SOREN, "7"), score(BEN, "9")),
        play(6, WIZARD, score(ANA, ""), score(SOREN, "70"), score(BEN, "60")),
        play(7, WIZARD, score(ANA, "null"), score(SOREN, "70"), score(BEN, "60")),
        play(8, WIZARD, score(ANA, "2+3"), score(SOREN, "70"), score(BEN, "60")),
        # The anonymous player in two seats, one of them the best total: nobody of the club won.
        play(9, WIZARD, score(ANA, "90"), score(ANON, "130"), score(ANON, "20"), score(BEN, "50")),
        play(10, WIZARD, score(ANA, "30"), score(ANON, "50")),
        play(11, WIZARD, score(ANA, "60"), score(SOREN, "50"), score(BEN, "40"), ignored=True),
        # The winner flag names Ben; the totals say Søren: the totals decide.
        play(12, WIZARD, score(ANA, 10), score(SOREN, 100), score(BEN, "20", winner=True, rank=1)),
    ]
    return {
        "about": "BG Stats export",
        "games": games,
        "players": players,
        "locations": [{"id": 1, "uuid": "l1", "name": "Club room"}],
        "plays": plays,
        "userInfo": {"meRefId": 1, "appVersion": "7.4.0", "exportDate": "2025-04-02 12:00:00"},
    }


def club(client: FlaskClient) -> tuple[str, str]:
    """A group whose roster has Ana and Søren Møller (one game of theirs with Cleo, played to
    the end on the pad): its id and edit token."""
    group_id, token = make(client)
    body = game_json(1, players=3) | {"players": ["Ana", "Søren Møller", "Cleo"]}
    added = client.post(f"/api/groups/{group_id}/games", json=body, headers=bearer(token))
    assert added.status_code == 201, added.get_data(as_text=True)
    return group_id, token


def bring(client: FlaskClient, group_id: str, token: str, file: object, **more: Any) -> Any:
    """The answer of ``POST /api/groups/<id>/imports`` with ``file`` (its JSON on 200)."""
    answer = client.post(
        f"/api/groups/{group_id}/imports", json={"file": file, **more}, headers=bearer(token)
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return json_of(answer)


def version(client: FlaskClient, group_id: str) -> int:
    return int(json_of(client.get(f"/api/groups/{group_id}"))["version"])


def test_a_bg_stats_export_is_reviewed_then_brought_in_and_counted(client: FlaskClient) -> None:
    group_id, token = club(client)
    before = json_of(client.get(f"/api/groups/{group_id}/stats"))
    kept = version(client, group_id)
    review = bring(client, group_id, token, json.dumps(export()), dry_run=True)
    assert review["dry_run"] is True and review["imported"] == 0 and review["source"] == "bgstats"
    assert review["plays"] == 12
    matched = {entry["name"]: (entry["player"], entry["shown"]) for entry in review["players"]}
    assert matched == {
        "ana": ("ana", "Ana"),  # the same name to the rules
        "Soren Moller": ("søren møller", "Søren Møller"),  # the same to a search
        "Ben": (None, None),  # a new player
        "Cleo": ("cleo", "Cleo"),
    }
    assert review["new_players"] == ["Ben"]
    skipped = {entry["play"]: entry["code"] for entry in review["skipped"]}
    assert skipped == {
        4: "import_skip_other_game",
        5: "import_skip_other_game",
        6: "import_skip_no_score",
        7: "import_skip_no_score",
        8: "import_skip_score",
        10: "import_skip_few_players",
        11: "import_skip_ignored",
    }
    assert review["other_games"] == [{"game": "CATAN", "plays": 2}]
    reasons = {entry["play"]: entry["reason"] for entry in review["skipped"]}
    assert reasons[6] == "ana has no score" and '"2+3"' in reasons[8]
    assert review["brought_in"] == 5
    # A dry run saves nothing.
    assert version(client, group_id) == kept
    assert json_of(client.get(f"/api/groups/{group_id}/stats")) == before

    done = bring(client, group_id, token, export())  # the JSON itself, as a program sends it
    assert done["dry_run"] is False and done["imported"] == 5
    figures = json_of(client.get(f"/api/groups/{group_id}/stats"))
    assert figures["games"] == 5  # 1 of the pad, 4 of Wizard brought in (Skull King apart)
    by_name = {player["name"]: player for player in figures["players"]}
    was = {player["name"]: player for player in before["players"]}
    assert by_name["Ben"]["games"] == 4 and by_name["Ben"]["wins"] == 0
    # Play 1 Ana; plays 2 and 12 Søren (not Ben, whom play 12's flag named); play 9 a guest.
    assert by_name["Ana"]["wins"] == was["Ana"]["wins"] + 1
    assert by_name["Søren Møller"]["wins"] == was["Søren Møller"]["wins"] + 2
    assert by_name["Ana"]["total_points"] == was["Ana"]["total_points"] + 120 + 40 + 90 + 10
    ratings = json_of(client.get(f"/api/groups/{group_id}/ratings"))
    assert ratings["games"] == 5 and {line["player"] for line in ratings["players"]} >= {"Ben"}
    skull = json_of(client.get(f"/api/groups/{group_id}/stats?game=skull_king"))
    assert skull["games"] == 1 and skull["played"] == ["wizard", "skull_king"]

    # Once only: the same file again changes nothing.
    kept = version(client, group_id)
    again = bring(client, group_id, token, json.dumps(export()))
    assert again["imported"] == 0 and again["brought_in"] == 0
    assert again["skipped_counts"]["import_skip_already"] == 5
    assert version(client, group_id) == kept
    history = json_of(client.get(f"/api/groups/{group_id}/history"))["entries"]
    assert history[-1]["words"] == "5 games brought in from a BG Stats file"
    assert history[-1]["change"] == {"code": "plays_imported", "source": "bgstats", "plays": 5}


def test_the_anonymous_player_is_a_guest_whose_total_counts_for_the_places(
    client: FlaskClient,
) -> None:
    group_id, token = club(client)
    bring(client, group_id, token, export())
    figures = json_of(client.get(f"/api/groups/{group_id}/ratings/Ana"))
    ninth = next(game for game in figures["games"] if game["played_at"].startswith("2025-03-09"))
    page = soup(client.get(f"/groups/{group_id}/imported/{ninth['game']}"))
    rows = [
        [cell.get_text(" ", strip=True) for cell in row.select("td, th")]
        for row in page.select("tbody tr")
    ]
    assert rows == [
        ["1. ★", "Guest", "130"],
        ["2.", "Ana", "90"],
        ["3.", "Ben", "50"],
        ["4.", "Guest", "20"],
    ]
    # The ratings rate the group's players only: Ana above Ben.
    assert ninth["place"] == 1 and ninth["players"] == 2
    roster = json_of(client.get(f"/api/groups/{group_id}"))["players"]
    assert "Anonymous player" not in roster and "Ben" in roster


CSV = (
    "\ufeffDate;Game;Player;Total;Note\n"
    "2025-01-10;Wizard;Ana;120;\n"
    "2025-01-10;Wizard;Ben;80;\n"
    "2025-01-10;Wizard;Cleo;-20;\n"
    # Ana again on the same day: the next game
    "2025-01-10;Wizard;Ana;50;\n"
    "2025-01-10;Wizard;Ben;60;\n"
    "\n"
    "2025-01-17 21:05;skull king;Ben;140;\n"
    "2025-01-17 21:05;skull king;Ana;30;\n"
    "2025-01-17;Ticket to Ride;Ana;99;\n"
    "2025-01-17;Ticket to Ride;Ben;98;\n"
)


def test_a_csv_of_totals_is_brought_in_once(client: FlaskClient) -> None:
    group_id, token = club(client)
    review = bring(client, group_id, token, CSV, dry_run=True)
    assert review["source"] == "csv" and review["plays"] == 4 and review["brought_in"] == 3
    assert review["skipped"] == [
        {
            "line": 10,
            "code": "import_skip_other_game",
            "reason": "Ticket to Ride is not a game the pad keeps",
        }
    ]
    assert bring(client, group_id, token, CSV)["imported"] == 3
    figures = json_of(client.get(f"/api/groups/{group_id}/stats?game=wizard"))
    assert figures["games"] == 3
    # The same plays in another order, another case and another separator: known by the rule.
    shuffled = (
        "player,total,game,date\n"
        "ben,60,WIZARD,2025-01-10\nANA,50,WIZARD,2025-01-10\n\n"
        "Cleo,-20,Wizard,2025-01-10\nBen,80,Wizard,2025-01-10\nAna,120,Wizard,2025-01-10\n"
    )
    again = bring(client, group_id, token, shuffled)
    assert again["imported"] == 0 and again["skipped_counts"] == {"import_skip_already": 2}


def test_the_keeper_changes_a_match_before_saving(client: FlaskClient) -> None:
    group_id, token = club(client)
    chosen = {"Ben": "Cleo", "Soren Moller": None}
    review = bring(client, group_id, token, export(), dry_run=True, players=chosen)
    matched = {entry["name"]: (entry["player"], entry["chosen"]) for entry in review["players"]}
    assert matched["Ben"] == ("cleo", True) and matched["Soren Moller"] == (None, True)
    assert review["new_players"] == ["Soren Moller"]
    # Ben and Cleo in one play would be one player twice: that play is skipped, saying so.
    reasons = {entry["play"]: entry["reason"] for entry in review["skipped"]}
    assert reasons[3] == "Cleo would sit twice at one table"
    for players, code in (
        ({"Nobody": None}, "import_name_unknown"),
        ({"Ben": "Zed"}, "import_player_unknown"),
    ):
        answer = client.post(
            f"/api/groups/{group_id}/imports",
            json={"file": export(), "players": players},
            headers=bearer(token),
        )
        assert answer.status_code == 400 and json_of(answer)["code"] == code


@pytest.mark.parametrize(
    ("file", "code", "where"),
    [
        ('{"plays": [\n  {"uuid": "x",\n  ]}', "import_json_broken", {"line": 3}),
        (
            {"plays": [play(1, WIZARD), play(2, 9)], "games": [{"id": 1}]},
            "import_play_game",
            {"play": 2},
        ),
        (
            {"plays": [play(1, WIZARD, score(7, "1"))], "games": [{"id": 1}]},
            "import_play_player",
            {"play": 1},
        ),
        (
            {"plays": [play(1, WIZARD) | {"playDate": "last week"}], "games": [{"id": 1}]},
            "import_play_date",
            {"play": 1},
        ),
        ({"plays": "none"}, "import_not_bgstats", {}),
        ({"format": "wizard-scorekeeper-group/1", "games": []}, "import_pad_file", {}),
        (
            "date,game,player,total\n2025-01-10,Wizard,Ana,12\n2025-01-10,Wizard,Ben,ten\n",
            "import_csv_total",
            {"line": 3},
        ),
        ("date,game,player,total\n10/01/2025,Wizard,Ana,12\n", "import_csv_date", {"line": 2}),
        ("date,game,player,total\n2025-01-10,Wizard\n", "import_csv_columns", {"line": 2}),
        ("day,who,points\n2025-01-10,Ana,12\n", "import_csv_header", {}),
        ("Round,Ana,Ben\n1,20,-10\n", "import_csv_header", {}),  # a game's own CSV
    ],
)
def test_a_broken_or_foreign_file_is_refused_saying_where_and_nothing_is_saved(
    client: FlaskClient, file: object, code: str, where: dict[str, int]
) -> None:
    group_id, token = club(client)
    kept = version(client, group_id)
    for dry_run in (True, False):
        answer = client.post(
            f"/api/groups/{group_id}/imports",
            json={"file": file, "dry_run": dry_run},
            headers=bearer(token),
        )
        assert answer.status_code == 400, answer.get_data(as_text=True)
        body = json_of(answer)
        assert body["code"] == code and {key: body[key] for key in where} == where
        for key, value in where.items():
            assert f"{key} {value}" in body["error"].lower()
    assert version(client, group_id) == kept


def test_the_api_refuses_a_request_it_cannot_read(client: FlaskClient) -> None:
    group_id, token = club(client)
    url = f"/api/groups/{group_id}/imports"
    assert client.post(url, json={"file": CSV}).status_code == 401
    assert client.post(url, json={"file": CSV}, headers=bearer("wrong")).status_code == 403
    for body in ({}, {"file": 3}, {"file": CSV, "dry_run": "yes"}, {"file": CSV, "more": 1}):
        answer = client.post(url, json=body, headers=bearer(token))
        assert answer.status_code == 400 and json_of(answer)["code"] == "import_body"
    missing = client.post("/api/groups/nope/imports", json={"file": CSV}, headers=bearer(token))
    assert missing.status_code == 404
    spanish = client.post(
        url, json={"file": "x"}, headers=bearer(token) | {"Accept-Language": "es"}
    )
    english = client.post(url, json={"file": "x"}, headers=bearer(token))
    assert json_of(spanish)["code"] == json_of(english)["code"] == "import_csv_header"
    assert json_of(spanish)["error"] != json_of(english)["error"]


def test_the_groups_own_play_file_read_back_changes_nothing(client: FlaskClient) -> None:
    group_id, token = club(client)
    bring(client, group_id, token, export())
    own = client.get(f"/groups/{group_id}/export.bgsplay").get_data(as_text=True)
    plays = json.loads(own)["plays"]
    assert len(plays) == 1 + 5
    # A play brought in keeps its own uuid in the group's file: BG Stats knows it again.
    assert {entry["uuid"] for entry in plays} >= {play(1, WIZARD)["uuid"]}
    kept = version(client, group_id)
    again = bring(client, group_id, token, own)
    assert again["imported"] == 0
    assert again["skipped_counts"] == {"import_skip_own_game": 1, "import_skip_already": 5}
    assert version(client, group_id) == kept
    game_id = json_of(client.get(f"/api/groups/{group_id}"))["games"][0]
    assert play_uuid(game_id) in {entry["uuid"] for entry in plays}


def test_a_game_known_by_its_totals_only_says_so_wherever_it_is_reached(
    client: FlaskClient,
) -> None:
    group_id, token = club(client)
    bring(client, group_id, token, CSV)
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert page.count("imported-mark") == 3
    figures = json_of(client.get(f"/api/groups/{group_id}/ratings/Ben"))
    game_id = figures["games"][0]["game"]
    shown = client.get(f"/groups/{group_id}/imported/{game_id}")
    assert shown.status_code == 200
    text = shown.get_data(as_text=True)
    assert "totals only" in text and "from CSV" in text and "120" in text
    for address in (
        "",
        "/sheet",
        "/export.csv",
        "/export.json",
        "/print.pdf",
        "/history",
        "/delete",
    ):
        answer = client.get(f"/games/{game_id}{address}")
        assert answer.status_code in (303, 404), address
        if answer.status_code == 303:
            assert answer.headers["Location"].endswith(f"/imported/{game_id}")
    api_answer = client.get(f"/api/games/{game_id}")
    assert api_answer.status_code == 404 and json_of(api_answer)["code"] == "game_totals_only"
    player = client.get(f"/groups/{group_id}/players/ben").get_data(as_text=True)
    assert f"/imported/{game_id}" in player and "in no round or bid figure" in player
    assert client.get(f"/groups/{group_id}/imported/nope").status_code == 404


def test_round_figures_leave_imported_games_out(client: FlaskClient) -> None:
    group_id, token = club(client)
    before = {p["name"]: p for p in json_of(client.get(f"/api/groups/{group_id}/stats"))["players"]}
    narrow = f"/api/groups/{group_id}/stats?length=five_rounds"
    narrowed = json_of(client.get(narrow))["players"]
    bring(client, group_id, token, CSV)
    after = {p["name"]: p for p in json_of(client.get(f"/api/groups/{group_id}/stats"))["players"]}
    for field in ("rounds_bid", "bids_met", "zero_bids", "zero_bids_met"):
        assert after["Ana"][field] == before["Ana"][field]
    assert after["Ana"]["games"] == before["Ana"]["games"] + 2
    # A length or a variant: imported games have no settings, so they are left out.
    assert json_of(client.get(narrow))["players"] == narrowed


def test_renaming_a_player_renames_their_imported_games(client: FlaskClient) -> None:
    group_id, token = club(client)
    bring(client, group_id, token, CSV)
    page = client.get(f"/groups/{group_id}")  # the page keeps no group: rename through storage
    assert page.status_code == 200
    with client.application.app_context():
        db = storage.get_db()
        assert storage.rename_player(db, group_id, "ben", "Benjamin") == 3
        with pytest.raises(storage.SameGame):
            storage.rename_player(db, group_id, "benjamin", "Ana")
    names = {p["name"] for p in json_of(client.get(f"/api/groups/{group_id}/stats"))["players"]}
    assert "Benjamin" in names and "Ben" not in names


def test_a_roster_past_its_size_is_refused_before_anything_is_saved(client: FlaskClient) -> None:
    group_id, token = club(client)
    lines = "".join(f"2025-02-{1 + n // 100:02d};Wizard;P{n};{n}\n" for n in range(201))
    answer = client.post(
        f"/api/groups/{group_id}/imports",
        json={"file": "date;game;player;total\n" + lines, "dry_run": True},
        headers=bearer(token),
    )
    assert answer.status_code == 409 and json_of(answer)["code"] == "group_roster_full"


def test_games_brought_in_go_to_the_trash_with_their_group(client: FlaskClient) -> None:
    group_id, token = club(client)
    bring(client, group_id, token, CSV)
    game_id = json_of(client.get(f"/api/groups/{group_id}/ratings/Ben"))["games"][0]["game"]
    kept = version(client, group_id)
    headers = bearer(token) | {"If-Match": f'"{kept}"'}
    assert client.delete(f"/api/groups/{group_id}", headers=headers).status_code == 200
    assert client.get(f"/groups/{group_id}/imported/{game_id}").status_code == 410
    answer = client.post(
        f"/api/groups/{group_id}/imports", json={"file": CSV}, headers=bearer(token)
    )
    assert answer.status_code == 410 and json_of(answer)["code"] == "in_trash"
    with client.application.app_context():
        db = storage.get_db()
        storage.delete_group(db, group_id)
        assert storage.imported_game(db, game_id) is None
