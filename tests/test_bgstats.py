"""Issue 51, BG Stats: a finished game's push link (its JSON checked field by field against
BG Stats' own example, ../shared/BGSTATS.md), and the play files of a game, a club night and a
group read back by a reader written here from the published field list; a second download names
every play, player, game and place by the same uuid, so a second import updates."""

from __future__ import annotations

import json
import re
import urllib.parse
from datetime import datetime
from random import Random
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from scorekeeper.render import bgstats
from tests.pages import soup
from tests.plays import bearer, create, json_of, legal_round, round_json
from tests.test_evenings_api import evening, play_to_the_end, sitting
from tests.test_groups_api import game_json, make

PUSH = "https://app.bgstatsapp.com/createPlay.html?data="
DAY_TIME = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")
NAMES = ["Ana", "Ben", "Cleo", "Søren Møller"]


def played(client: FlaskClient, rounds: int | None = None, first_dealer: int = 2) -> str:
    """A Wizard game of five rounds for ``NAMES`` over the API, each round posted as a table
    would (``rounds`` of them; all by default): its id."""
    game_id, token = create(
        client,
        {"players": NAMES, "first_dealer": first_dealer, "variants": {"length": "five_rounds"}},
    )
    record = game.begin("wizard", NAMES, first_dealer, Variants(length=Length.FIVE_ROUNDS))
    rng = Random(5)
    for _ in range(len(record.schedule) if rounds is None else rounds):
        one = legal_round(record, rng)
        url = f"/api/games/{game_id}/rounds"
        answer = client.post(url, json=round_json(one), headers=bearer(token))
        assert answer.status_code == 201, answer.get_data(as_text=True)
        record = game.add_round(record, one)
    return game_id


def places(totals: list[int]) -> list[int]:
    """Places counted by hand: one more than the players ahead."""
    return [1 + sum(other > total for other in totals) for total in totals]


# --- the push link ---------------------------------------------------------------------------


def test_the_push_link_carries_the_play_as_bg_stats_example_does(client: FlaskClient) -> None:
    game_id = played(client)
    state = json_of(client.get(f"/api/games/{game_id}"))
    totals = list(state["totals"])
    answer = json_of(client.get(f"/api/games/{game_id}/bgstats"))
    play = answer["play"]
    assert set(play) == {
        "sourceName",
        "sourcePlayId",
        "playDate",
        "durationMin",
        "board",
        "game",
        "players",
    }
    assert play["sourceName"] == "Wizard score pad" and play["sourcePlayId"] == game_id
    assert DAY_TIME.match(play["playDate"])
    started = datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    assert abs((datetime.now() - started).total_seconds()) < 600  # the room's clock, not UTC
    assert isinstance(play["durationMin"], int) and play["durationMin"] >= 1
    assert play["board"] == "Game length: Five rounds"  # what differs from the defaults
    assert play["game"] == {
        "name": "Wizard",
        "bggId": 1465,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "wizard",
    }
    best = max(totals)
    assert [p["name"] for p in play["players"]] == NAMES
    for seat, player in enumerate(play["players"]):
        assert set(player) == {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer"}
        assert isinstance(player["score"], int) and player["score"] == totals[seat]
        assert player["rank"] == places(totals)[seat]
        assert player["winner"] is (totals[seat] == best)
        assert player["startPlayer"] is (seat == 3)  # left of the first dealer, seat 2
    assert play["players"][3]["sourcePlayerId"] == play["players"][3]["sourcePlayerId"].lower()
    # The link carries exactly that JSON, encoded whole.
    link = answer["link"]
    assert link.startswith(PUSH) and " " not in link and "&" not in link[len(PUSH) :]
    assert json.loads(urllib.parse.unquote(link[len(PUSH) :])) == play
    # The game's own address leads there (made when tapped).
    sent = client.get(f"/games/{game_id}/bgstats")
    assert sent.status_code == 302 and sent.headers["Location"] == link


def test_a_game_with_no_certain_id_goes_by_name() -> None:
    def play_of(key: str) -> bgstats.Play:
        started = datetime(2026, 12, 5, 20, 0)
        return bgstats.Play(
            "id", key, ("Ana", "Ben"), (20, -10), (1, 2), (0,), 1, 5, started, 30, ""
        )

    skull_king = bgstats.push_data(play_of("skull_king"))["game"]
    assert skull_king["bggId"] == 150145 and skull_king["name"] == "Skull King"
    oh_hell = bgstats.push_data(play_of("oh_hell"))["game"]
    assert "bggId" not in oh_hell and oh_hell["name"] == "Oh Hell"
    filed = bgstats.play_file(
        [play_of("oh_hell")], place="Club", place_id="c", written=datetime(2026, 12, 6)
    )
    assert filed["games"][0]["bggId"] == 0 and filed["plays"][0]["bggId"] == 0


def test_a_game_still_played_is_no_play_yet(client: FlaskClient) -> None:
    game_id = played(client, rounds=2)
    answer = client.get(f"/api/games/{game_id}/bgstats")
    assert answer.status_code == 409
    assert json_of(answer)["code"] == "game_not_finished"
    assert "not finished" in json_of(answer)["error"]
    for address in (f"/games/{game_id}/bgstats", f"/games/{game_id}/export.bgsplay"):
        page = client.get(address)
        assert page.status_code == 409
        assert "BG Stats logs a game once it is over" in page.get_data(as_text=True)
    missing = client.get("/api/games/nope/bgstats")
    assert missing.status_code == 404 and json_of(missing)["code"] == "game_not_found"


def test_the_push_link_speaks_the_tables_language(client: FlaskClient) -> None:
    game_id = played(client)
    english = json_of(client.get(f"/api/games/{game_id}/bgstats"))["play"]
    german = json_of(
        client.get(f"/api/games/{game_id}/bgstats", headers={"Accept-Language": "de"})
    )["play"]
    assert german["board"] != english["board"]
    assert german["game"] == english["game"]  # BoardGameGeek's name: matched, not translated
    assert german["players"] == english["players"]


# --- the play file ---------------------------------------------------------------------------

GAME_FIELDS = {
    "id",
    "uuid",
    "name",
    "modificationDate",
    "cooperative",
    "highestWins",
    "noPoints",
    "usesTeams",
    "bggId",
    "bggName",
    "bggYear",
    "designers",
    "isBaseGame",
    "isExpansion",
    "minPlayerCount",
    "maxPlayerCount",
    "minPlayTime",
    "maxPlayTime",
    "minAge",
    "rating",
    "urlImage",
    "urlThumb",
}
PLAYER_FIELDS = {"id", "uuid", "name", "isAnonymous", "modificationDate", "bggUsername"}
LOCATION_FIELDS = {"id", "uuid", "name", "modificationDate"}
PLAY_FIELDS = {
    "uuid",
    "gameRefId",
    "locationRefId",
    "playDate",
    "playDateYmd",
    "entryDate",
    "modificationDate",
    "durationMin",
    "ignored",
    "manualWinner",
    "rounds",
    "board",
    "comments",
    "scoringSetting",
    "usesTeams",
    "expansionPlays",
    "bggId",
    "importPlayId",
    "rating",
    "playerScores",
}
SCORE_FIELDS = {
    "playerRefId",
    "score",
    "winner",
    "newPlayer",
    "startPlayer",
    "rank",
    "seatOrder",
    "role",
    "team",
    "metaData",
}
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def read_play_file(text: str) -> list[dict[str, Any]]:
    """A play file read as a reader of BG Stats files would (the published field list): every
    field present, every reference resolved, scores as text; the plays with their game, place
    and players' results."""
    data = json.loads(text)
    assert {"about", "games", "players", "locations", "plays", "userInfo"} <= set(data)
    tables = {}
    for part, fields in (
        ("games", GAME_FIELDS),
        ("players", PLAYER_FIELDS),
        ("locations", LOCATION_FIELDS),
    ):
        for item in data[part]:
            assert set(item) == fields, part
            assert UUID.match(item["uuid"]) and DAY_TIME.match(item["modificationDate"])
        ids = [item["id"] for item in data[part]]
        assert len(set(ids)) == len(ids) and all(isinstance(i, int) and i > 0 for i in ids)
        tables[part] = {item["id"]: item for item in data[part]}
    plays = []
    for play in data["plays"]:
        assert set(play) == PLAY_FIELDS and UUID.match(play["uuid"])
        assert DAY_TIME.match(play["playDate"]) and DAY_TIME.match(play["entryDate"])
        assert play["playDateYmd"] == int(play["playDate"][:10].replace("-", ""))
        scores = []
        for score in play["playerScores"]:
            assert set(score) == SCORE_FIELDS
            assert isinstance(score["score"], str) and isinstance(score["winner"], bool)
            scores.append(
                {
                    "player": tables["players"][score["playerRefId"]]["name"],
                    "player_uuid": tables["players"][score["playerRefId"]]["uuid"],
                    "score": int(score["score"]),
                    "rank": score["rank"],
                    "winner": score["winner"],
                    "start": score["startPlayer"],
                    "seat": score["seatOrder"],
                }
            )
        plays.append(
            {
                "uuid": play["uuid"],
                "game": tables["games"][play["gameRefId"]],
                "place": tables["locations"][play["locationRefId"]],
                "date": play["playDate"],
                "minutes": play["durationMin"],
                "rounds": play["rounds"],
                "scores": scores,
            }
        )
    return plays


def test_a_games_play_file_reads_back_as_its_push_link(client: FlaskClient) -> None:
    game_id = played(client)
    pushed = json_of(client.get(f"/api/games/{game_id}/bgstats"))["play"]
    answer = client.get(f"/games/{game_id}/export.bgsplay")
    assert answer.status_code == 200
    assert ".bgsplay" in answer.headers["Content-Disposition"]
    (play,) = read_play_file(answer.get_data(as_text=True))
    assert play["game"]["name"] == "Wizard" and play["game"]["bggId"] == 1465
    assert play["place"]["name"] == "Wizard score pad"  # a game of no group
    assert play["date"] == pushed["playDate"] and play["minutes"] == pushed["durationMin"]
    assert play["rounds"] == 5
    assert [
        (s["player"], s["score"], s["rank"], s["winner"], s["start"]) for s in play["scores"]
    ] == [
        (p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in pushed["players"]
    ]
    assert [s["seat"] for s in play["scores"]] == [1, 2, 3, 4]


def test_a_groups_play_file_names_every_play_again_by_the_same_uuid(
    client: FlaskClient,
) -> None:
    group_id, token = make(client)
    for seed, rounds in ((1, 99), (2, 99), (3, 2)):  # the third still played: no play
        added = client.post(
            f"/api/groups/{group_id}/games",
            json=game_json(seed, rounds=rounds),
            headers=bearer(token),
        )
        assert added.status_code == 201, added.get_data(as_text=True)
    first = read_play_file(client.get(f"/groups/{group_id}/export.bgsplay").get_data(as_text=True))
    again = read_play_file(client.get(f"/groups/{group_id}/export.bgsplay").get_data(as_text=True))
    assert len(first) == 2 and [p["uuid"] for p in first] == [p["uuid"] for p in again]
    assert len({p["uuid"] for p in first}) == 2
    assert {p["place"]["name"] for p in first} == {"Friday club"}
    assert [p["place"]["uuid"] for p in first] == [p["place"]["uuid"] for p in again]
    assert all(p["minutes"] == 0 for p in first)  # given whole: no round saved here, no time
    # One player, one uuid, in every play and in another group's file.
    other_id, other_token = make(client, "Other club")
    client.post(f"/api/groups/{other_id}/games", json=game_json(1), headers=bearer(other_token))
    other = read_play_file(client.get(f"/groups/{other_id}/export.bgsplay").get_data(as_text=True))
    uuids = {s["player"]: s["player_uuid"] for p in first for s in p["scores"]}
    assert all(uuids[s["player"]] == s["player_uuid"] for s in other[0]["scores"])
    assert other[0]["place"]["uuid"] != first[0]["place"]["uuid"]


def test_a_club_nights_play_file_holds_its_finished_tables(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, players=[f"Player {n}" for n in range(1, 10)])
    drawn = sitting(client, evening_id, token, seed=3)
    first, *others = drawn["tables"]
    play_to_the_end(client, first, 1)
    answer = client.get(f"/evenings/{evening_id}/export.bgsplay")
    assert answer.status_code == 200 and ".bgsplay" in answer.headers["Content-Disposition"]
    (play,) = read_play_file(answer.get_data(as_text=True))
    assert [s["player"] for s in play["scores"]] == first["players"]
    assert play["place"]["name"] == "Friday club"
    assert others and all(table["game"] != first["game"] for table in others)


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_buttons_lead_to_bg_stats(client: FlaskClient, lang: str) -> None:
    game_id = played(client)
    headers = {"Accept-Language": lang}
    over = client.get(f"/games/{game_id}", headers=headers).get_data(as_text=True)
    assert f'href="/games/{game_id}/bgstats"' in over
    assert ("Αποστολή στο BG Stats" if lang == "el" else "Send to BG Stats") in over
    sheet = client.get(f"/games/{game_id}/sheet", headers=headers).get_data(as_text=True)
    assert f'href="/games/{game_id}/export.bgsplay"' in sheet
    unfinished = played(client, rounds=1)
    sheet = client.get(f"/games/{unfinished}/sheet", headers=headers).get_data(as_text=True)
    assert "export.bgsplay" not in sheet


def test_the_sheet_leads_to_what_boardgamegeek_asks(client: FlaskClient) -> None:
    game_id = played(client, first_dealer=2)
    play = json_of(client.get(f"/api/games/{game_id}/bgstats"))["play"]
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert f'href="/games/{game_id}/boardgamegeek"' in sheet
    page = soup(client.get(f"/games/{game_id}/boardgamegeek"))
    log = page.select_one("section.bgg-log")
    assert log is not None and "password" in log.get_text()
    rows = [[cell.get_text() for cell in row.select("th, td")] for row in log.select("tbody tr")]
    assert rows == [
        [p["name"], str((seat - 3) % 4 + 1), str(p["score"]), "✓" if p["winner"] else ""]
        for seat, p in enumerate(play["players"])
    ]  # Søren Møller, left of the first dealer, starts: position 1
    assert play["playDate"][:10] in log.get_text()
    playing = played(client, rounds=1)
    assert "boardgamegeek" not in client.get(f"/games/{playing}/sheet").get_data(as_text=True)
    assert client.get(f"/games/{playing}/boardgamegeek").status_code == 409
