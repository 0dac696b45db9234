"""What the fuzz tests (``test_trust_fuzz_*.py``) share: the games every example starts from,
what counts as a clear answer, and the garbage.

Garbage of every kind (wrong types, huge and negative numbers, unicode, missing and extra
fields, unknown ids, wrong methods, bodies that are not JSON or JSON of the wrong shape) must
never cause a 500. A request is either accepted, and then it changed something, or refused with
a message a player can read (a page with a message, or ``{"error": "..."}`` under ``/api/``), and
then everything stored is exactly as it was: every row of every table, each game as
:func:`storage.load` reads it, and each game's state as the API shows it.

Each example starts from the same games in the states a table meets (nothing entered, bidding,
entering tricks, finished, hidden bids), stored afresh in one real SQLite file (the
``fuzz_app`` fixture). Half-valid input is generated on purpose (the current version, a real
seat, a known field) so that the garbage gets past the first check and reaches the rules and the
storage.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any, TypeVar
from urllib.parse import quote

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from scorekeeper import storage
from scorekeeper.core import bidding, game, sheet, state
from scorekeeper.core.game import GameRecord
from scorekeeper.core.record import to_record
from scorekeeper.core.rules import (
    EVERY_CARD,
    BidRestriction,
    BidVisibility,
    Length,
    Suit,
    Turned,
    Variants,
)
from scorekeeper.storage import StoredGame
from tests.plays import played_game
from tests.support.profiles import examples

FUZZ = settings(
    max_examples=examples(40),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TABLES = {
    "games": "id",
    "seats": "game_id, seat",
    "rounds": "game_id, number",
    "hands": "game_id, number, seat",
}
REDIRECTS = (301, 302, 303, 307, 308)
T = TypeVar("T")


# --- the games every example starts from ----------------------------------------------------


def _at_table(record: GameRecord, bids: int, seed: int) -> GameRecord:
    """``record`` with the trump of the current round entered and ``bids`` bids."""
    rng = Random(seed)
    setup = game.current_setup(record)
    if game.current_round(record).trump is None:
        record = game.set_trump(record, Turned.SUIT, Suit.HEARTS)
    for seat in setup.bidders[:bids]:
        legal = bidding.legal_bids(setup, game.current_round(record).bids, seat)
        record = game.place_bid(record, seat, rng.choice(legal))
    return record


def _records() -> dict[str, GameRecord]:
    hidden = Variants(bid_visibility=BidVisibility.HIDDEN, saboteur=True)
    return {
        "new": game.new_game(("Ann", "Bo", "Cy", "Di"), 0, Variants()),
        "bidding": _at_table(played_game(3, Variants(), 2, seed=2), bids=1, seed=2),
        "playing": _at_table(
            played_game(5, Variants(bid_restriction=BidRestriction.CANADIAN), 3, seed=3),
            bids=5,
            seed=3,
        ),
        "finished": played_game(3, Variants(length=Length.FIVE_ROUNDS), 5, seed=4),
        "hidden": _at_table(played_game(4, hidden, 2, seed=5), bids=2, seed=5),
    }


RECORDS = _records()
# The first and last are drawn most often: two games where most moves can be made.
TARGETS = ("playing", "bidding", "unknown", "hidden", "finished", "new")


@dataclass
class Table:
    """The app with freshly stored games, a phone (client) and a way to look at everything."""

    app: Flask
    games: dict[str, StoredGame]
    phone: FlaskClient

    def game_id(self, target: str, unknown: str) -> str:
        return self.games[target].id if target in self.games else unknown

    def snapshot(self) -> dict[str, Any]:
        """Everything stored: every row, each game as loaded, and each game's state as the API
        renders it (test_api_* check that the API answers exactly this)."""
        with self.app.app_context():
            conn = storage.get_db()
            rows = {
                table: [dict(row) for row in conn.query(f"SELECT * FROM {table} ORDER BY {key}")]
                for table, key in TABLES.items()
            }
            loaded = {name: storage.load(conn, stored.id) for name, stored in self.games.items()}
        states = {
            name: None if stored is None else state.to_state(sheet.build(stored.record), stored.id)
            for name, stored in loaded.items()
        }
        return {"rows": rows, "loaded": loaded, "api": states}


# The games as last stored, and the snapshot of them: reseeding is only needed after a change.
_seated: dict[int, tuple[dict[str, StoredGame], dict[str, Any]]] = {}


def seat_table(app: Flask, editor: bool = True) -> Table:
    """The games in their starting states (stored afresh if the last example changed them), and
    a new phone with edit access to them if asked."""
    games, baseline = _seated.get(id(app), ({}, {}))
    if not games or Table(app, games, app.test_client()).snapshot() != baseline:
        with app.app_context():
            conn = storage.get_db()
            with conn.atomic():
                for table in ("hands", "rounds", "seats", "games"):
                    conn.execute(f"DELETE FROM {table}")
            games = {name: storage.create_game(conn, record) for name, record in RECORDS.items()}
        _seated[id(app)] = games, Table(app, games, app.test_client()).snapshot()
    phone = app.test_client()
    with phone.session_transaction() as session:
        session["seen"] = {stored.id: "" for stored in games.values()}
        if editor:
            session["edit"] = {stored.id: stored.edit_token for stored in games.values()}
    return Table(app, games, phone)


# --- what counts as a clear answer ----------------------------------------------------------


def page_messages(response: TestResponse) -> list[str]:
    """The error messages a page shows (flashed, for the whole page, or beside a field)."""
    page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    found = page.select(".flash.error, .field-error")
    return [element.get_text(" ", strip=True) for element in found]


def page_answer(phone: FlaskClient, response: TestResponse) -> tuple[bool, list[str]]:
    """Whether a page request was refused, and the messages the player sees about it.

    A redirect is followed as the browser would, to read the messages flashed for the next page.
    """
    assert response.status_code < 500, response.get_data(as_text=True)[:2000]
    if response.status_code in REDIRECTS:
        landing = phone.get(response.headers["Location"])
        assert landing.status_code == 200, landing.status_code
        messages = page_messages(landing)
        return bool(messages), messages
    assert response.mimetype == "text/html"
    messages = page_messages(response)
    return response.status_code >= 400 or bool(messages), messages


def check_page_request(
    table: Table, send: Callable[[], TestResponse], changes: bool = True
) -> bool:
    """Send a page request: refused with a message and nothing changed, or accepted and (for a
    change, ``changes``) something stored is different. Returns whether it was accepted."""
    before = table.snapshot()
    response = send()
    if response.status_code == 308:
        # "/games//trump": Werkzeug points to the address with single slashes; nothing is done.
        assert table.snapshot() == before
        return False
    refused, messages = page_answer(table.phone, response)
    after = table.snapshot()
    event(f"{response.status_code} {'refused' if refused else 'accepted'}")
    if refused:
        assert messages, f"{response.status_code} without a message"
        assert all(messages), messages
        assert after == before, "a refused request changed what is stored"
        return False
    if changes and not asks_to_confirm(response):
        assert after != before, f"{response.status_code}: nothing changed and nothing was said"
    else:
        assert after == before
    return True


def asks_to_confirm(response: TestResponse) -> bool:
    """A page that asks the table to confirm first (taking back a sealed bid): nothing is done
    until the confirmation is sent."""
    if response.status_code != 200:
        return False
    page = BeautifulSoup(response.get_data(as_text=True), "html.parser")
    return page.select_one('form input[name="confirm"]') is not None


def check_api_request(table: Table, send: Callable[[], TestResponse]) -> TestResponse:
    """Send an API request: refused with JSON ``{"error": "..."}`` and nothing changed, or
    accepted with the game state that is now stored."""
    before = table.snapshot()
    response = send()
    after = table.snapshot()
    assert response.status_code < 500, response.get_data(as_text=True)[:2000]
    if response.status_code == 308:
        # "/api/games//rounds": Werkzeug points to the address with single slashes.
        assert after == before
        return response
    assert response.mimetype == "application/json", response.status_code
    body = response.get_json()
    event(f"{response.request.method} {response.status_code}")
    if response.status_code >= 400:
        assert isinstance(body, dict), body
        assert sorted(body) == ["code", "error"], body
        assert isinstance(body["error"], str) and body["error"].strip(), body
        assert isinstance(body["code"], str) and body["code"].isidentifier(), body
        assert after == before, "a refused request changed what is stored"
        return response
    assert response.status_code in (200, 201), response.status_code
    assert isinstance(body, dict) and "id" in body, body
    state = table.app.test_client().get(f"/api/games/{body['id']}").get_json()
    assert {key: value for key, value in body.items() if key != "edit_token"} == state
    if response.request.method == "GET":
        assert after == before
    else:
        assert after != before
    return response


# --- garbage ---------------------------------------------------------------------------------

NASTY_TEXT = (
    "",
    " ",
    "0",
    "-1",
    "+1",
    "1.5",
    "1e9",
    "0x10",
    "9" * 40,
    "9" * 5000,
    "-" + "9" * 400,
    "NaN",
    "inf",
    "²",
    "٣",
    "\uff11",  # a fullwidth one
    "null",
    "true",
    "[]",
    "{}",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\x00",
    "\u202e",
    "Ζωή",
    "Жанна",
    "🃏",
)
nasty_text = st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=40))
numbers = st.one_of(
    st.integers(min_value=-3, max_value=25),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.sampled_from([2**31, 2**63, -(2**63) - 1, 10**400]),
)
CHOICE_WORDS = [
    *(member.value for member in EVERY_CARD),
    *(member.value for member in Suit),
    *(member.value for member in Length),
    *(member.value for member in BidRestriction),
    *(member.value for member in BidVisibility),
    "random",
    "y",
    "on",
]
form_value = st.one_of(numbers.map(str), nasty_text, st.sampled_from(CHOICE_WORDS))
form_values = st.one_of(form_value, st.lists(form_value, min_size=2, max_size=3))
# Half a character: JSON can carry a lone surrogate ("\ud800"); a form or a URL cannot.
half_characters = st.sampled_from(["\ud800", "Ann\udfff", "\udc00\ud800"])
json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    numbers,
    st.floats(allow_nan=True, allow_infinity=True),
    nasty_text,
    half_characters,
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=8,
)


def mostly(common: T, *others: T, weight: int = 3) -> st.SearchStrategy[T]:
    """``common`` most of the time, else one of ``others``; hypothesis favours the first and
    the last choice, so ``common`` is both."""
    return st.sampled_from([common] * weight + list(others) + [common] * weight)


unknown_ids = st.one_of(
    st.sampled_from(["", "x", "0", "..", "%00", "9" * 5000, "a" * 300, "Ζωή", "<b>", "a/b"]),
    st.text(min_size=1, max_size=40),
)
# Mostly the real thing, so that a garbled detail gets past the first checks.
versions = mostly("current", "stale", "ahead", "garbage", "missing")
editors = mostly(True, False)
targets = st.sampled_from(TARGETS)


@dataclass(frozen=True)
class Aim:
    """Which game a form is sent to (a stored one, or an unknown id), by which phone (an
    editor's or not), and with which version (current, stale, ahead, garbage or none)."""

    target: str
    unknown: str
    version: str
    garbage: str
    editor: bool

    def seat(self, app: Flask) -> Table:
        """The table the form is sent at, with this aim's phone."""
        return seat_table(app, editor=self.editor)

    def game_id(self, table: Table) -> str:
        """The aimed game's id, as it stands in a URL."""
        return path_id(table.game_id(self.target, self.unknown))

    def versioned(self, table: Table, fields: dict[str, Any]) -> dict[str, Any]:
        """``fields`` with the version this aim sends."""
        return with_version(fields, self.version, table, self.target, self.garbage)


aims = st.builds(
    Aim, target=targets, unknown=unknown_ids, version=versions, garbage=nasty_text, editor=editors
)


# How many details to garble: none in about half the cases, so that some entries are good.
changes = mostly(0, 1, 1, 2, 3, 4, weight=2)


@st.composite
def garbled(draw: st.DrawFn, base: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """Form fields: ``base`` (a real entry) with up to four fields replaced, dropped or added."""
    data = dict(base)
    for _ in range(draw(changes)):
        change = draw(st.sampled_from(["replace", "drop", "add"]))
        if change != "add" and data:
            key = draw(st.sampled_from(sorted(data)))
            if change == "drop":
                del data[key]
            else:
                data[key] = draw(form_values)
        else:
            data[draw(st.one_of(st.sampled_from(keys), st.text(max_size=12)))] = draw(form_values)
    return data


@st.composite
def garbled_json(draw: st.DrawFn, base: object) -> object:
    """JSON: ``base`` (a real record or round) with up to three values garbled at any depth, or
    now and then any JSON at all."""
    if not draw(mostly(True, False)):
        return draw(json_values)
    value = copy.deepcopy(base)
    for _ in range(draw(changes)):
        value = _garble_once(draw, value)
    return value


def _garble_once(draw: st.DrawFn, value: object) -> object:
    if isinstance(value, dict) and value and draw(mostly(True, False)):
        key = draw(st.sampled_from(sorted(value)))
        change = draw(st.sampled_from(["inside", "inside", "replace", "drop", "add"]))
        if change == "drop":
            del value[key]
        elif change == "add":
            value[draw(st.text(max_size=12))] = draw(json_values)
        elif change == "replace":
            value[key] = draw(json_values)
        else:
            value[key] = _garble_once(draw, value[key])
        return value
    if isinstance(value, list) and value and draw(mostly(True, False)):
        index = draw(st.integers(0, len(value) - 1))
        change = draw(st.sampled_from(["inside", "inside", "drop", "append"]))
        if change == "drop":
            del value[index]
        elif change == "append":
            value.append(draw(json_values))
        else:
            value[index] = _garble_once(draw, value[index])
        return value
    return draw(st.one_of(json_values, numbers, st.sampled_from(CHOICE_WORDS)))


def with_version(
    fields: dict[str, Any], mode: str, table: Table, target: str, garbage: str
) -> dict[str, Any]:
    """``fields`` with the game's version: current, stale, ahead, garbage or left out."""
    fields = {key: value for key, value in fields.items() if key != "version"}
    stored = table.games.get(target)
    current = stored.version if stored else 1
    chosen = {"current": current, "stale": current - 1, "ahead": current + 1, "garbage": garbage}
    if mode in chosen:
        fields["version"] = str(chosen[mode])
    return fields


def path_id(game_id: str) -> str:
    return quote(game_id, safe="")


# The fields of the round page's forms, and a few beside them.
ROUND_FORM_FIELDS = (
    "version",
    "turned",
    "suit",
    "seat",
    "bid",
    "move",
    *(f"tricks-{seat}" for seat in range(-1, 10)),
)


def record_json(record: GameRecord) -> dict[str, Any]:
    """The game record file of ``record``, as export writes it."""
    return to_record(sheet.build(record))
