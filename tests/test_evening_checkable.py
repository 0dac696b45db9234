"""Standings one can check by hand (issue 48): every tie-break column where the standings are
(the evening's page, the room screen, the PDF), each sitting's placement points on the PDF, a
sit-out credited once its sitting is over (pending till then), and a player's own result card.
Every figure is counted here by hand from the games' own totals, over the API."""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from fractions import Fraction
from typing import Any

from flask.testing import FlaskClient

from tests import pdfs
from tests.pages import one, soup
from tests.plays import json_of
from tests.test_evening_whole import placement_by_hand
from tests.test_evenings_api import evening, play_to_the_end, read, sitting

NINE = [f"Player {n}" for n in range(1, 10)]


def by_hand(client: FlaskClient, sittings: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each player's figures counted from the games: what each sitting gave (its points and
    place, or "sat out 50"), the total, the points per round, and head to head among those
    level on both (``None`` where nobody is)."""
    per: defaultdict[str, dict[str, Any]] = defaultdict(
        lambda: {"cells": [], "total": Fraction(0), "scored": 0, "rounds": 0, "games": 0}
    )
    met: list[tuple[list[str], list[int]]] = []
    for number, drawn in enumerate(sittings):
        for table in drawn["tables"]:
            state = json_of(client.get(f"/api/games/{table['game']}"))
            totals, rounds = state["totals"], len(state["rounds"])
            met.append((table["players"], totals))
            for seat, (name, got) in enumerate(
                zip(table["players"], placement_by_hand(totals), strict=True)
            ):
                place = 1 + sum(other > totals[seat] for other in totals)
                mine = per[name]
                mine["cells"] += [""] * (number - len(mine["cells"]))
                shared = ", shared" if totals.count(totals[seat]) > 1 else ""
                mine["cells"].append(f"{float(got):.1f} {place} of {len(totals)}{shared}")
                mine["total"] += got
                mine["scored"] += totals[seat]
                mine["rounds"] += rounds
                mine["games"] += 1
        for name in drawn["sitting_out"]:
            mine = per[name]
            mine["cells"] += [""] * (number - len(mine["cells"]))
            mine["cells"].append("sat out 50.0")
            mine["total"] += 50
    for mine in per.values():
        mine["cells"] += ["—"] * (len(sittings) - len(mine["cells"]))
        per_round = f"{mine['scored'] / mine['rounds']:.2f}" if mine["rounds"] else "0.00"
        mine["per_round"] = per_round.replace("-", "\u2212")  # a real minus, as shown
    level: defaultdict[tuple[Fraction, str], list[str]] = defaultdict(list)
    for name, mine in per.items():
        level[(mine["total"], mine["per_round"])].append(name)
    for group in level.values():
        for name in group:
            above = sum(
                1
                for players, totals in met
                if name in players
                for other, total in zip(players, totals, strict=True)
                if other in group and totals[players.index(name)] > total
            )
            per[name]["h2h"] = above if len(group) > 1 else None
    return dict(per)


def played_evening(client: FlaskClient) -> tuple[str, list[dict[str, Any]]]:
    """Nine players at tables of 4 over two sittings (one sits out each), every game played."""
    evening_id, token, _made = evening(client, players=NINE, sittings=2, table_sizes=[4])
    drawn = []
    for number in (1, 2):
        made = sitting(client, evening_id, token, seating="random", seed=number)
        for seed, table in enumerate(made["tables"]):
            play_to_the_end(client, table, 7 * number + seed)
        drawn.append(made)
    return evening_id, drawn


def test_a_sit_out_is_pending_until_its_sittings_games_are_over(client: FlaskClient) -> None:
    """A walk saw the only player sitting out lead the room before anyone had played."""
    evening_id, token, _made = evening(client, players=NINE, sittings=2, table_sizes=[4])
    drawn = sitting(client, evening_id, token, seating="random", seed=3)
    [out] = drawn["sitting_out"]
    waiting = "The standings start with the first game played to its end."
    assert waiting in one(soup(client.get(f"/evenings/{evening_id}/room")), ".room-standings").text
    assert read(client, evening_id)["standings"] == []
    # One table ends, the other plays on: the sit-out shows 50 pending, counted nowhere.
    play_to_the_end(client, drawn["tables"][0], 1)
    lines = {line["player"]: line for line in read(client, evening_id)["standings"]}
    assert lines[out]["placement_points"] == 0 and lines[out]["sat_out_pending"] == 1
    assert lines[out]["rank"] > 1 and lines[out]["sat_out"] == 0
    assert lines[out]["by_sitting"][0]["state"] == "pending"
    page = soup(client.get(f"/evenings/{evening_id}"))
    [row] = [
        tr for tr in page.select(".evening-standings tbody tr") if one(tr, ".name a").text == out
    ]
    assert row.select("td")[1].get_text(" ", strip=True) == "0.0 + 50.0 pending"
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    first = room.select(".room-standings li")[0]
    assert out not in first.get_text()
    mine = one(room, f".room-standings li:has(.name:-soup-contains('{out}'))")
    assert one(mine, ".pending").get_text() == "+ 50.0 pending"
    # The sitting over: credited and ranked.
    play_to_the_end(client, drawn["tables"][1], 2)
    lines = {line["player"]: line for line in read(client, evening_id)["standings"]}
    assert lines[out]["placement_points"] == 50 and lines[out]["sat_out_pending"] == 0
    assert lines[out]["sat_out"] == 1


def test_a_table_taken_out_is_not_waited_for(client: FlaskClient) -> None:
    """A sitting is over once every table finished or was taken out: its sit-out counts."""
    evening_id, token, _made = evening(client, players=NINE, sittings=2, table_sizes=[4])
    drawn = sitting(client, evening_id, token, seating="random", seed=4)
    [out] = drawn["sitting_out"]
    play_to_the_end(client, drawn["tables"][0], 1)
    taken = client.post(
        f"/api/evenings/{evening_id}/sittings/1/tables/2/out",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert taken.status_code == 200, taken.get_data(as_text=True)
    lines = {line["player"]: line for line in read(client, evening_id)["standings"]}
    assert (lines[out]["placement_points"], lines[out]["sat_out_pending"]) == (50, 0)
    for name in drawn["tables"][1]["players"]:
        assert (lines[name]["placement_points"], lines[name]["sat_out"]) == (50, 1)


def test_the_tie_break_columns_on_the_page_the_room_and_the_pdf_against_a_hand_count(
    client: FlaskClient,
) -> None:
    evening_id, drawn = played_evening(client)
    hand = by_hand(client, drawn)
    got = read(client, evening_id)["standings"]
    order = [line["player"] for line in got]
    assert len(order) == 9

    page = soup(client.get(f"/evenings/{evening_id}"))
    rows = page.select(".evening-standings tbody tr")
    headers = [th.get_text() for th in page.select(".evening-standings thead th")]
    assert headers == [
        "#",
        "Player",
        "Placement points",
        "Points per round",
        "Head-to-head",
    ]
    for rank, (row, name) in enumerate(zip(rows, order, strict=True), start=1):
        cells = [cell.get_text(" ", strip=True) for cell in row.select("th, td")]
        mine = hand[name]
        assert one(row, ".name a").get_text() == name
        assert one(row, ".name small").get_text().startswith(f"{mine['games']} game")
        assert [cells[0], *cells[2:4]] == [
            str(rank),
            f"{float(mine['total']):.1f}",
            mine["per_round"],
        ]
        h2h = cells[4].replace(" by lots", "")
        assert h2h == ("—" if mine["h2h"] is None else str(mine["h2h"])), name
    # Where lots decided, the page says so (on both lines lots put in order).
    for upper, lower in itertools.pairwise(got):
        if lower["decided_by"] == "lots":
            for line in (upper, lower):
                at = order.index(line["player"])
                assert "by lots" in rows[at].get_text()

    room = soup(client.get(f"/evenings/{evening_id}/room"))
    for item, name in zip(room.select(".room-standings li"), order, strict=True):
        mine = hand[name]
        assert one(item, ".name").get_text() == name
        assert one(item, ".points").get_text(" ", strip=True) == f"{float(mine['total']):.1f}"
        assert one(item, ".per-round").get_text() == mine["per_round"]
        shown = item.select_one(".h2h")
        assert (shown is None) == (mine["h2h"] is None), name
        if shown is not None:
            assert shown.get_text().startswith(f"({mine['h2h']})")

    text = " ".join(pdfs.text(client.get(f"/evenings/{evening_id}/sheet.pdf").data).split())
    assert "Sitting 1 Sitting 2 Placement points Points per round Head-to-head Games" in text
    for rank, name in enumerate(order, start=1):
        mine = hand[name]
        line = " ".join(
            [f"{rank}.", name, *mine["cells"], f"{float(mine['total']):.1f}", mine["per_round"]]
        )
        assert line in text, (line, text[:2000])


def test_a_players_result_card(client: FlaskClient) -> None:
    evening_id, drawn = played_evening(client)
    hand = by_hand(client, drawn)
    got = read(client, evening_id)
    name = got["standings"][0]["player"]
    number = got["players"].index(name) + 1
    # From find your table, and from the standings' names.
    found = soup(client.get(f"/evenings/{evening_id}", query_string={"find": name}))
    link = one(found, ".found .card-link a")["href"]
    assert link == f"/evenings/{evening_id}/players/{number}"
    page = soup(client.get(f"/evenings/{evening_id}"))
    one(page, f".evening-standings a[href='/evenings/{evening_id}/players/{number}']")
    by_name = client.get(f"/evenings/{evening_id}/players/{name.lower()}")
    assert by_name.status_code == 303 and by_name.headers["Location"] == link

    card = soup(client.get(link))
    assert one(card, "h1").get_text() == name
    assert one(card, ".card-rank").get_text() == "Final place: 1 of 9"
    rows = card.select(".card-sittings tbody tr")
    assert len(rows) == 2
    for row, cell, drawn_sitting in zip(rows, hand[name]["cells"], drawn, strict=True):
        cells = [c.get_text(" ", strip=True) for c in row.select("th, td")]
        assert cells[0].startswith(f"Sitting {drawn_sitting['sitting']} ")
        if cell.startswith("sat out"):
            assert cells == [
                f"Sitting {drawn_sitting['sitting']} sat out",
                "—",
                "—",
                "sat out 50.0",
            ]
            continue
        points, place = cell.split(" ", 1)
        table = next(t for t in drawn_sitting["tables"] if name in t["players"])
        seat = table["players"].index(name)
        state = json_of(client.get(f"/api/games/{table['game']}"))
        assert one(row, ".where a").get_text() == f"Table {table['table']}, seat {seat + 1}"
        assert cells[1:] == [place, str(state["totals"][seat]).replace("-", "\u2212"), points]
    total = one(card, ".card-sittings tfoot td").get_text()
    assert total == f"{float(hand[name]['total']):.1f}"
    figures = one(card, ".card-figures").get_text(" ", strip=True)
    assert f"Points per round {hand[name]['per_round']}" in figures
    assert re.search(r"Rating \S+ \(first rated games\)", figures), figures
    # Printable: the page's own print rules leave the bar and links out.
    assert "@media print" in client.get("/static/player_card.css").get_data(as_text=True)
    assert client.get(f"/evenings/{evening_id}/players/99").status_code == 404
    assert client.get(f"/evenings/{evening_id}/players/0").status_code == 404
    nobody = client.get(f"/evenings/{evening_id}/players/Nobody")
    assert nobody.status_code == 303 and "find=Nobody" in nobody.headers["Location"]


def test_the_rating_moves_over_the_evening(client: FlaskClient) -> None:
    """A second evening of the same group: the card shows the rating before and after it."""
    evening_id, token, _made = evening(client, players=NINE, sittings=1, table_sizes=[4])
    first = sitting(client, evening_id, token, seating="random", seed=1)
    for seed, table in enumerate(first["tables"]):
        play_to_the_end(client, table, seed)
    group_id = read(client, evening_id)["group"]
    again = client.post(
        f"/api/groups/{group_id}/evenings",
        json={
            "players": NINE,
            "sittings": 1,
            "table_sizes": [4],
            "variants": {"length": "five_rounds"},
        },
        headers={"Authorization": f"Bearer {token}"},
    )
    assert again.status_code == 201, again.get_data(as_text=True)
    second_id = json_of(again)["id"]
    second = sitting(client, second_id, token, seating="random", seed=2)
    for seed, table in enumerate(second["tables"]):
        play_to_the_end(client, table, 10 + seed)
    name = next(n for n in second["tables"][0]["players"] if n not in first["sitting_out"])
    number = NINE.index(name) + 1
    figures = one(
        soup(client.get(f"/evenings/{second_id}/players/{number}")), ".card-figures"
    ).get_text(" ", strip=True)
    assert re.search(r"Rating \S+ → \S+ \([+\u2212]?\d\S* over the evening\)", figures), figures
