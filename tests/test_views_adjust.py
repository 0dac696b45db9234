"""Adjustments on the phone: the "± adjust" form from the round result and the correction page,
the marks on the score sheet and the printed sheet, and refusals a player reads."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import storage
from scorekeeper.core import game, sheet
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.game import GameRecord
from scorekeeper.web.forms.adjust import AdjustmentForm
from tests import pdfs
from tests.pages import act, one, play_round, soup, start_game, version


def _adjust(
    client: FlaskClient, game_id: str, number: int, back: str = "", **data: object
) -> TestResponse:
    url = f"/games/{game_id}/rounds/{number}/adjust" + (f"?back={back}" if back else "")
    return client.post(url, data={"version": version(client, game_id)} | data)


def _played(client: FlaskClient) -> str:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])  # 20, -10, 30
    play_round(client, game_id, [2, 0, 0], [1, 0, 1], turned="jester", suit=None)  # -10, 20, -10
    return game_id


def test_the_result_screen_offers_the_form_and_the_totals_follow(client: FlaskClient) -> None:
    game_id = _played(client)
    page = soup(client.get(f"/games/{game_id}"))
    link = one(page, ".result .adjust-link a")
    assert link["href"] == f"/games/{game_id}/rounds/2/adjust"
    form = soup(client.get(str(link["href"])))
    assert [o.get_text() for o in form.select("select[name=seat] option")] == [
        "Tom",
        "Dick",
        "Mary",
    ]
    assert one(form, "input[name=points]")["inputmode"] == "numeric"
    assert [o["value"] for o in form.select("datalist#reasons option")] == [
        "revoke",
        "misdeal",
        "house rule",
    ]
    response = _adjust(client, game_id, 2, seat=1, sign="-", points="20", reason="revoke")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game_id}"
    result = one(soup(client.get(f"/games/{game_id}")), ".result")
    # Dick: -10 then 20 - 20 = 0 in round 2: total -10.
    assert "revoke" in result.get_text()
    totals = [td.get_text(strip=True) for td in result.select("td.total")]
    assert totals == ["10", "\u221210", "20"]


def test_from_the_correction_page_and_back(client: FlaskClient) -> None:
    game_id = _played(client)
    edit = soup(client.get(f"/games/{game_id}/rounds/1/edit"))
    link = one(edit, ".adjust-link a")
    assert link["href"] == f"/games/{game_id}/rounds/1/adjust?back=edit"
    response = _adjust(client, game_id, 1, "edit", seat=0, sign="+", points="10", reason="bonus")
    assert response.headers["Location"] == f"/games/{game_id}/rounds/1/edit"
    assert "+10 bonus" in soup(client.get(f"/games/{game_id}/rounds/1/edit")).get_text(" ")
    # A correction of the round keeps the adjustment.
    data = {"version": version(client, game_id), "turned": "suit", "suit": "hearts"}
    data |= {"bids-0": 0, "bids-1": 1, "bids-2": 1, "tricks-0": 0, "tricks-1": 1, "tricks-2": 0}
    assert client.post(f"/games/{game_id}/rounds/1/edit", data=data).status_code == 303
    cells = soup(client.get(f"/games/{game_id}/sheet")).select("tfoot tr:first-child td")
    # Round 1 corrected: 20 + 10, 30, -10; round 2: -10, 20, -10.
    assert [c.get_text(strip=True) for c in cells] == ["20", "50", "\u221220"]


def test_the_sheet_marks_the_cell_and_lists_the_reasons(client: FlaskClient) -> None:
    game_id = _played(client)
    _adjust(client, game_id, 2, seat=1, points="-20", reason="revoke")
    _adjust(client, game_id, 1, seat=2, sign="+", points="5", reason="house rule")
    page = soup(client.get(f"/games/{game_id}/sheet"))
    rows = page.select("table.pad tbody tr")
    assert one(rows[0].select("td")[2], ".adj-mark").get_text() == "1"
    assert one(rows[1].select("td")[1], ".adj-mark").get_text() == "2"
    assert rows[0].select("td")[0].select(".adj-mark") == []
    notes = [li.get_text(" ", strip=True) for li in page.select(".adjustment-notes li")]
    assert notes == ["1 Round 1: Mary +5 · house rule", "2 Round 2: Dick \u221220 · revoke"]


def test_taking_one_back(client: FlaskClient) -> None:
    game_id = _played(client)
    _adjust(client, game_id, 2, seat=1, points="20", reason="revoke")
    data = {"version": version(client, game_id), "index": 0}
    response = client.post(f"/games/{game_id}/rounds/2/adjust/remove", data=data)
    assert response.status_code == 303
    cells = soup(client.get(f"/games/{game_id}/sheet")).select("tfoot tr:first-child td")
    assert [c.get_text(strip=True) for c in cells] == ["10", "10", "20"]
    data = {"version": version(client, game_id), "index": 3}
    client.post(f"/games/{game_id}/rounds/2/adjust/remove", data=data)
    page = soup(client.get(f"/games/{game_id}/rounds/2/adjust"))
    assert "no such adjustment" in one(page, ".flash.error").get_text()


def test_bad_input_gets_a_message_never_a_500(client: FlaskClient) -> None:
    game_id = _played(client)
    cases: list[tuple[dict[str, str | int], str]] = [
        ({"seat": 1, "points": "0", "reason": "x"}, "changes nothing"),
        ({"seat": 1, "points": "2000", "reason": "x"}, "-1000 to 1000"),
        ({"seat": 1, "points": "ten", "reason": "x"}, "whole number"),
        ({"seat": 1, "points": "", "reason": "x"}, "Enter the points"),
        ({"seat": 1, "points": "20", "reason": ""}, "Say why"),
        ({"seat": 1, "points": "20", "reason": "x" * 41}, "longer than 40"),
        ({"seat": 9, "points": "20", "reason": "x"}, "Not a valid choice"),
        ({"seat": "x", "points": "20", "reason": "x"}, ""),
    ]
    for data, said in cases:
        response = _adjust(client, game_id, 2, "", **data)
        assert response.status_code == 400, data
        assert said in soup(response).get_text(" "), data
    assert client.get(f"/games/{game_id}/rounds/3/adjust").status_code == 404
    stale = client.post(
        f"/games/{game_id}/rounds/2/adjust",
        data={"version": 1, "seat": 1, "points": "20", "reason": "x"},
    )
    assert "changed on another phone" in soup(stale).get_text(" ")


def test_a_typed_sign_wins_over_the_chosen_one(app: Flask) -> None:
    with app.test_request_context(method="POST", data={"version": 1, "seat": 0}):
        for typed, sign, points in [("-20", "+", -20), ("+5", "-", 5), ("\u221210", "+", -10)]:
            form = AdjustmentForm(data={"points": typed, "sign": sign})
            assert form.signed_points() == points
        form = AdjustmentForm(data={"points": "15", "sign": "+"})
        assert form.signed_points() == 15


def _adjusted_record() -> GameRecord:
    record = pdfs.play(("Ann", "Bo", "Cy"), rounds=3)
    record = game.adjust_round(record, 2, Adjustment(1, -20, "revoke"))
    return game.adjust_round(record, 3, Adjustment(0, 10, "house rule"))


def test_the_printed_sheet_marks_them_and_lists_the_reasons(
    app: Flask, client: FlaskClient
) -> None:
    record = _adjusted_record()
    stored = pdfs.store(app, record)
    text = pdfs.text(client.get(f"/games/{stored.id}/sheet.pdf").data)
    built = sheet.build(record)
    assert "Round 2: Bo \u221220 · revoke" in text
    assert "Round 3: Ann +10 · house rule" in text
    assert f"{built.totals[1]}" in text


def test_the_blank_pad_has_room_for_adjustments(client: FlaskClient) -> None:
    text = pdfs.text(client.get("/sheets/blank.pdf?players=4").data)
    assert "Adjustments" in text


def test_reopening_the_round_keeps_its_adjustment(app: Flask, client: FlaskClient) -> None:
    game_id = _played(client)
    _adjust(client, game_id, 2, seat=1, points="20", reason="revoke")
    assert act(client, game_id, "undo") == []  # reopens round 2, stored as in progress
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None and stored.record.current is not None
        assert stored.record.current.adjustments == (Adjustment(1, -20, "revoke"),)
    assert act(client, game_id, "tricks", **{"tricks-0": 1, "tricks-1": 0, "tricks-2": 1}) == []
    cells = soup(client.get(f"/games/{game_id}/sheet")).select("tfoot tr:first-child td")
    assert [c.get_text(strip=True) for c in cells] == ["10", "\u221210", "20"]


def test_the_form_leaves_checking_to_the_app_and_marks_the_tab_it_came_from(
    client: FlaskClient,
) -> None:
    game_id = _played(client)
    for back, tab, leads_to in (("", "Round", f"/games/{game_id}"), ("edit", "Sheet", "/edit")):
        url = f"/games/{game_id}/rounds/2/adjust" + (f"?back={back}" if back else "")
        page = soup(client.get(url))
        form = one(page, "form.adjust")
        # The browser's own "Please fill out this field." is in its language, not the page's.
        assert form.has_attr("novalidate")
        # An empty field, not a "20" that looks filled in.
        assert not one(form, "input[name=points]").get("placeholder")
        assert one(page, "nav [aria-current=page]").get_text(strip=True) == tab
        # Save and cancel side by side, the way back to the tab's page.
        buttons = one(form, ".form-buttons")
        assert str(one(buttons, "a.button")["href"]).endswith(leads_to)
        assert one(buttons, "button[type=submit]")
    response = _adjust(client, game_id, 2, seat=1, sign="-", points="", reason="revoke")
    assert response.status_code == 400
    assert (
        one(soup(response), ".field-error").get_text()
        == "Enter the points: 20 takes off or adds 20."
    )


def test_the_table_display_says_what_its_mark_means(client: FlaskClient) -> None:
    """The display marks a total holding an adjustment with ±, and says under the standings
    what the mark is (issue 33's walk: it was left unexplained)."""
    game_id = _played(client)
    assert soup(client.get(f"/games/{game_id}/display")).select(".adj-key") == []
    _adjust(client, game_id, 2, seat=1, sign="-", points="20", reason="revoke")
    display = soup(client.get(f"/games/{game_id}/display"))
    assert len(display.select(".standings .adj-mark")) == 1
    assert one(display, ".adj-key").get_text(" ", strip=True) == "± adjusted"
