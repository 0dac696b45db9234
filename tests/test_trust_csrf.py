"""Cross-site request forgery: every form needs this session's fresh token, and a refusal says so
and changes nothing."""

from __future__ import annotations

import time

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.render import page_parts
from tests.fuzzing import Table, page_messages
from tests.support.apps import make_app


def _csrf_token(client: FlaskClient, url: str) -> str:
    page = BeautifulSoup(client.get(url).get_data(as_text=True), "html.parser")
    field = page.select_one("input[name=csrf_token]")
    assert field is not None
    return str(field["value"])


def test_forms_without_a_fresh_csrf_token_are_refused_clearly(csrf_app: Flask) -> None:
    phone, other = csrf_app.test_client(), csrf_app.test_client()
    names = {f"players-{seat}": name for seat, name in enumerate(["Ann", "Bo", "Cy"])}
    new_game = names | {"first_dealer": "0", "length": "standard", "bid_restriction": "none"}
    new_game |= {"bid_visibility": "open", "csrf_token": _csrf_token(phone, "/games/new")}
    created = phone.post("/games/new", data=new_game)
    assert created.status_code == 303
    game_id = created.headers["Location"].rsplit("/", 1)[-1]
    with csrf_app.app_context():
        stored = storage.load(storage.get_db(), game_id)
    assert stored is not None
    table = Table(csrf_app, {"game": stored}, phone)
    valid = _csrf_token(phone, f"/games/{game_id}")
    foreign = _csrf_token(other, "/games/new")  # another browser's token: not this session's
    signed_elsewhere = make_app(csrf_app.config["DATABASE"], csrf=True, SECRET_KEY="other")
    forged = _csrf_token(signed_elsewhere.test_client(), "/games/new")
    trump = {"version": str(stored.version), "turned": "suit", "suit": "hearts"}
    for token in (None, "", "garbage", valid[:-2], foreign, forged):
        data = trump if token is None else trump | {"csrf_token": token}
        before = table.snapshot()
        response = phone.post(f"/games/{game_id}/trump", data=data)
        assert response.status_code == 400
        assert page_messages(response) == [
            "This form was out of date or incomplete, so nothing was changed. "
            "The page has been reloaded: please try again."
        ]
        assert table.snapshot() == before
    # The new-game form is protected too: no game is made without a token.
    assert phone.post("/games/new", data=new_game | {"csrf_token": foreign}).status_code == 400
    before = table.snapshot()
    # With the page's own token the same entry goes through.
    response = phone.post(f"/games/{game_id}/trump", data=trump | {"csrf_token": valid})
    assert response.status_code == 303
    assert table.snapshot() != before


def test_a_signed_token_is_reused_for_a_minute_and_still_accepted(
    csrf_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone, other = csrf_app.test_client(), csrf_app.test_client()
    first = _csrf_token(phone, "/games/new")  # the first page makes the session's token
    again = _csrf_token(phone, "/games/new")
    assert _csrf_token(phone, "/games/new") == again
    assert _csrf_token(other, "/games/new") != again  # another browser has its own
    later = time.monotonic() + page_parts.RESIGN_SECONDS + 1
    monkeypatch.setattr("scorekeeper.render.page_parts.time.monotonic", lambda: later)
    fresh = _csrf_token(phone, "/games/new")
    # Signed anew (within the same second the signature is the same text).
    assert (fresh, later) in page_parts._SIGNED.values()
    names = {f"players-{seat}": name for seat, name in enumerate(["Ann", "Bo", "Cy"])}
    new_game = names | {"first_dealer": "0", "length": "standard", "bid_restriction": "none"}
    for token in (first, again, fresh):  # each one signed within the hour: all good
        created = phone.post("/games/new", data=new_game | {"csrf_token": token})
        assert created.status_code == 303
