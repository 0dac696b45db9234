"""A table ended early reaches its phones at once (issue 48's walk): the game's live version
(``/games/<id>/version``, its stream and the pages' ``data-version``, which ``static/live.js``
compares) moves on by a half while the table stands ended, and back when it plays on, with the
game's own version (its history's entries) unchanged; a tap sent before the phone heard of the
end is refused in words, not lost."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from tests.pages import one, soup
from tests.plays import bearer
from tests.test_evening_changes import END, drawn, end, play_rounds, totals_after
from tests.test_evening_history import entries

__all__ = ["drawn"]  # the fixture, used by name


def _live(phone: FlaskClient, game_id: str, etag: str | None = None) -> tuple[int, str]:
    headers = {} if etag is None else {"If-None-Match": f'"{etag}"'}
    response = phone.get(f"/games/{game_id}/version", headers=headers)
    return response.status_code, str(response.headers["ETag"]).strip('"')


def _shown(phone: FlaskClient, game_id: str) -> str:
    """The version the game's page follows live (its body's data-version)."""
    return str(one(soup(phone.get(f"/games/{game_id}")), "body")["data-version"])


def test_ending_a_table_moves_its_games_live_version_and_back(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][1]
    play_rounds(client, table, 2, 1)
    phone = app.test_client()
    assert phone.post(f"/games/{table['game']}/join/{table['edit_token']}").status_code == 303
    status, playing = _live(phone, table["game"])
    assert status == 200 and _shown(phone, table["game"]) == playing

    end(client, evening_id, token, table=2)
    status, ended = _live(phone, table["game"], playing)
    assert status == 200 and float(ended) == float(playing) + 0.5  # a change: the page looks
    assert _shown(phone, table["game"]) == ended  # and the page it gets is at rest there
    assert _live(phone, table["game"], ended)[0] == 304
    with app.app_context():
        stored = storage.load(storage.get_db(), table["game"])
        assert stored is not None and str(stored.version) == playing  # its history's entries

    # Let it play on: back to the game's own version, which the pages then show again.
    client.delete(END.format(evening=evening_id, sitting=1, table=2), headers=bearer(token))
    status, again = _live(phone, table["game"], ended)
    assert status == 200 and again == playing
    assert _shown(phone, table["game"]) == playing


def test_a_tap_after_the_end_is_refused_in_words(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][0]
    play_rounds(client, table, 2, 3)
    phone = app.test_client()
    assert phone.post(f"/games/{table['game']}/join/{table['edit_token']}").status_code == 303
    version = int(_live(phone, table["game"])[1])
    end(client, evening_id, token, table=1)
    answer = phone.post(
        f"/games/{table['game']}/trump",
        data={"version": version, "turned": "jester"},
        headers={"X-Scorekeeper-In-Place": "1"},
    )
    page = soup(answer)
    refused = one(page, ".flash.error").get_text(" ", strip=True)
    assert refused == "The club night's keepers ended this table early, so nothing was entered."
    assert one(page, "section.over").get_text(" ", strip=True).startswith("Ended early")
    with app.app_context():
        stored = storage.load(storage.get_db(), table["game"])
        assert stored is not None and stored.version == version  # nothing entered


def test_the_evenings_history_says_an_end_and_a_play_on_in_words(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][1]
    play_rounds(client, table, 2, 1)
    leaver = table["players"][0]
    end(client, evening_id, token, table=2, left=[leaver])
    client.delete(END.format(evening=evening_id, sitting=1, table=2), headers=bearer(token))
    said = [entry["words"] for entry in entries(client, evening_id)][-2:]
    assert said == [
        f"Table 2 of sitting 1 ended early after 2 rounds: it counts as it stood then\n"
        f"Who left: {leaver}",
        "Table 2 of sitting 1 plays on: its game counts again as it stands",
    ]


def test_a_players_card_gives_the_counted_total_of_a_table_ended_early(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][1]
    play_rounds(client, table, 2, 1)
    play_rounds_after = table["players"][0]
    end(client, evening_id, token, table=2, left=[play_rounds_after])
    players = client.get(f"/api/evenings/{evening_id}", headers=bearer(token)).json
    assert players is not None
    totals = totals_after(app, table["game"], 2)
    for seat, name in enumerate(table["players"]):
        number = players["players"].index(name) + 1
        card = soup(client.get(f"/evenings/{evening_id}/players/{number}"))
        row = card.select(".card-sittings tbody tr")[0]
        where, _place, total, _points = (c.get_text(" ", strip=True) for c in row.select("th, td"))
        assert where.endswith(f"Table 2, seat {seat + 1} · ended early")
        assert total == str(totals[seat]).replace("-", "\u2212")


def test_the_score_sheet_of_a_table_ended_early_says_so_and_leads_as_it_counts(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][1]
    play_rounds(client, table, 2, 1)
    totals = totals_after(app, table["game"], 2)
    # Whoever leads as it stood leaves: the one who leads as it counts is among those who stayed.
    leaver = table["players"][max(range(len(totals)), key=lambda seat: totals[seat])]
    end(client, evening_id, token, table=2, left=[leaver])
    page = soup(client.get(f"/games/{table['game']}/sheet"))
    note = one(page, "section.ended-note").get_text(" ", strip=True)
    assert note.startswith("Ended early at the club night Table 2 of sitting 1 was ended by")
    assert "after 2 rounds: the club night counts it as it stood then." in note
    assert f"Left: {leaver}" in note and note.endswith("(left)")
    stayed = [seat for seat, name in enumerate(table["players"]) if name != leaver]
    best = max(totals[seat] for seat in stayed)
    leaders = {table["players"][seat] for seat in stayed if totals[seat] == best}
    starred = {
        th.get_text(" ", strip=True).lstrip("★ ").removesuffix(" (in the lead)")
        for th in page.select("thead th.name.leader")
    }
    assert starred == leaders and leaver not in starred


def test_who_left_is_said_by_how_many_left(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][1]
    play_rounds(client, table, 2, 1)
    one_left, two_left = table["players"][0], table["players"][:2]
    end(client, evening_id, token, table=2, left=[one_left])
    reader = app.test_client()
    reader.get("/language/fr?next=/")
    page = soup(reader.get(f"/games/{table['game']}"))
    assert f"A quitté la table\u00a0: {one_left}" in one(page, "section.over").get_text()
    end(client, evening_id, token, table=2, left=two_left)
    page = soup(reader.get(f"/games/{table['game']}"))
    said = f"Ont quitté la table\u00a0: {', '.join(two_left)}"
    assert said in one(page, "section.over").get_text()
