"""Hostile input at every form and every API endpoint.

Garbage of every kind (wrong types, huge and negative numbers, unicode, missing and extra
fields, unknown ids, wrong methods, bodies that are not JSON or JSON of the wrong shape) must
never cause a 500. A request is either accepted, and then it changed something, or refused with
a message a player can read (a page with a message, or ``{"error": "..."}`` under ``/api/``), and
then everything stored is exactly as it was: every row of every table, each game as
:func:`db.load` reads it, and each game's state as the API shows it.

Each example starts from the same games in the states a table meets (nothing entered, bidding,
counting tricks, finished, hidden bids), stored afresh in one real SQLite file. Half-valid input
is generated on purpose (the current version, a real seat, a known field) so that the garbage
gets past the first check and reaches the rules and the storage.
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any, TypeVar
from urllib.parse import quote

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from scorekeeper import create_app, db, game, rules, sheet, state
from scorekeeper.db import StoredGame
from scorekeeper.game import GameRecord
from scorekeeper.record import to_record
from scorekeeper.rules import BidRestriction, BidVisibility, Length, Suit, Turned, Variants
from scorekeeper.variants import REGISTRY
from tests.plays import legal_round, played_game, round_json

FUZZ = settings(
    max_examples=40,
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


def _at_table(record: GameRecord, bids: int, tricks: int, seed: int) -> GameRecord:
    """``record`` with the trump of the current round entered, ``bids`` bids and ``tricks``
    tricks counted."""
    rng = Random(seed)
    setup = game.current_setup(record)
    if game.current_round(record).trump is None:
        record = game.set_trump(record, Turned.SUIT, Suit.HEARTS)
    for seat in setup.bidders[:bids]:
        legal = rules.legal_bids(setup, game.current_round(record).bids, seat)
        record = game.place_bid(record, seat, rng.choice(legal))
    for _ in range(tricks):
        record = game.win_trick(record, rng.randrange(setup.players))
    return record


def _records() -> dict[str, GameRecord]:
    hidden = Variants(bid_visibility=BidVisibility.HIDDEN, saboteur=True)
    return {
        "new": game.new_game(("Ann", "Bo", "Cy", "Di"), 0, Variants()),
        "bidding": _at_table(played_game(3, Variants(), 2, seed=2), bids=1, tricks=0, seed=2),
        "playing": _at_table(
            played_game(5, Variants(bid_restriction=BidRestriction.CANADIAN), 3, seed=3),
            bids=5,
            tricks=1,
            seed=3,
        ),
        "finished": played_game(3, Variants(length=Length.FIVE_ROUNDS), 5, seed=4),
        "hidden": _at_table(played_game(4, hidden, 2, seed=5), bids=2, tricks=0, seed=5),
    }


RECORDS = _records()
# The first and last are drawn most often: two games where most moves can be made.
TARGETS = ("playing", "bidding", "unknown", "hidden", "finished", "new")


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app and database file for the module; every example empties and reseeds it."""
    path: Path = tmp_path_factory.mktemp("fuzz") / "games.sqlite"
    yield create_app(
        {
            "TESTING": True,
            "DATABASE": str(path),
            "SECRET_KEY": "fuzz",
            "WTF_CSRF_ENABLED": False,
            "PDF_CACHE_SIZE": 0,
        }
    )


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
            conn = db.get_db()
            rows = {
                table: [dict(row) for row in conn.query(f"SELECT * FROM {table} ORDER BY {key}")]
                for table, key in TABLES.items()
            }
            loaded = {name: db.load(conn, stored.id) for name, stored in self.games.items()}
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
            conn = db.get_db()
            with conn.atomic():
                for table in ("hands", "rounds", "seats", "games"):
                    conn.execute(f"DELETE FROM {table}")
            games = {name: db.create_game(conn, record) for name, record in RECORDS.items()}
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


def check_page_request(table: Table, send: Any, changes: bool = True) -> bool:
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
    if changes:
        assert after != before, f"{response.status_code}: nothing changed and nothing was said"
    else:
        assert after == before
    return True


def check_api_request(table: Table, send: Any) -> TestResponse:
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
    *(member.value for member in Turned),
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


def _players(target: str) -> int:
    return len(RECORDS[target].players) if target in RECORDS else 4


def _hand(target: str) -> int:
    record = RECORDS.get(target)
    if record is None or record.finished:
        return 3
    return game.current_setup(record).hand_size


# --- the phone's forms ----------------------------------------------------------------------

NEW_GAME_FIELDS = (
    *(f"players-{seat}" for seat in range(-1, 10)),
    "first_dealer",
    "length",
    "bid_restriction",
    "bid_visibility",
    "saboteur",
    "jester_bid",
    "foresight",
    "gizzard_fester",
    "pull_one",
    "players",
    "move",
    "players-²",
    "players-" + "9" * 5000,
)


@st.composite
def new_games(draw: st.DrawFn) -> dict[str, Any]:
    """A new-game form as a phone sends it, garbled; sometimes a move up or down."""
    players = draw(st.integers(0, 9))
    base: dict[str, Any] = {
        f"players-{seat}": name for seat, name in enumerate(["Ann", "Bo", "Cy", "Di", "Eve"])
    }
    base = {key: value for key, value in list(base.items())[:players]}
    base |= {
        "first_dealer": draw(st.sampled_from(["random", "0", "1", "2", "7", "²", "9" * 5000])),
        "length": draw(st.sampled_from([length.value for length in Length])),
        "bid_restriction": draw(st.sampled_from([r.value for r in BidRestriction])),
        "bid_visibility": draw(st.sampled_from([v.value for v in BidVisibility])),
    }
    for flag in draw(st.sets(st.sampled_from([s.key for s in REGISTRY if s.is_flag]))):
        base[flag] = "y"
    if draw(st.integers(0, 5)) == 0:
        base["move"] = draw(st.one_of(st.sampled_from(["0:up", "1:down", "9:up"]), nasty_text))
    return draw(garbled(base, NEW_GAME_FIELDS))


@FUZZ
@given(data=new_games())
@example(data={"players-0": "Ann", "players-1": "Bo", "move": "²:up"})
@example(data={"move": "9" * 5000})
@example(data={"players-0": "Ann", "players-1": "Bo", "players-2": "Cy", "first_dealer": "²"})
@example(
    data={"players-0": "Ann", "players-1": "Bo", "players-2": "Cy", "first_dealer": "9" * 5000}
)
def test_new_game_form_never_fails_and_refuses_clearly(
    fuzz_app: Flask, data: dict[str, Any]
) -> None:
    table = seat_table(fuzz_app)
    move = data.get("move")
    reorder = bool(move[0] if isinstance(move, list) else move)
    accepted = check_page_request(
        table, lambda: table.phone.post("/games/new", data=data), changes=not reorder
    )
    if reorder:
        assert accepted, "moving a player up or down is not a refusal"


ROUND_FORM_FIELDS = (
    "version",
    "turned",
    "suit",
    "seat",
    "bid",
    "move",
    *(f"tricks-{seat}" for seat in range(-1, 10)),
)


def _next_bid(target: str) -> tuple[int, int]:
    """The seat whose bid comes next at the table of ``target``, and a bid it may make."""
    record = RECORDS.get(target)
    if record is None or record.finished:
        return 0, 0
    setup, now = game.current_setup(record), game.current_round(record)
    for seat in setup.bidders:
        if now.bids[seat] is None:
            return seat, rules.legal_bids(setup, now.bids, seat)[0]
    return 0, 0


@st.composite
def round_forms(draw: st.DrawFn, action: str, target: str) -> dict[str, Any]:
    """One of the round page's forms, filled in as the phone would at that table, garbled."""
    players, hand = _players(target), _hand(target)
    base: dict[str, Any] = {}
    if action == "trump":
        base["turned"] = draw(st.sampled_from([turned.value for turned in Turned]))
        base["suit"] = draw(st.sampled_from(["", *(suit.value for suit in Suit)]))
    elif action == "bid":
        seat, bid = _next_bid(target)
        base |= {"seat": str(seat), "bid": str(bid)}
    elif action == "trick":
        base["seat"] = str(draw(st.integers(0, players - 1)))
    elif action == "tricks":
        winners = draw(st.lists(st.integers(0, players - 1), min_size=hand, max_size=hand))
        base |= {f"tricks-{seat}": str(winners.count(seat)) for seat in range(players)}
        if draw(st.booleans()):
            del base[f"tricks-{draw(st.integers(0, players - 1))}"]  # filled in by the app
    return draw(garbled(base, ROUND_FORM_FIELDS))


@settings(FUZZ, max_examples=80)
@given(
    action=st.sampled_from(["trump", "bid", "trick", "tricks", "undo"]),
    target=targets,
    unknown=unknown_ids,
    version=versions,
    garbage=nasty_text,
    editor=editors,
    data=st.data(),
)
def test_round_forms_never_fail_and_refused_ones_change_nothing(
    fuzz_app: Flask,
    action: str,
    target: str,
    unknown: str,
    version: str,
    garbage: str,
    editor: bool,
    data: st.DataObject,
) -> None:
    table = seat_table(fuzz_app, editor=editor)
    game_id = table.game_id(target, unknown)
    fields = with_version(data.draw(round_forms(action, target)), version, table, target, garbage)
    url = f"/games/{path_id(game_id)}/{action}"
    check_page_request(table, lambda: table.phone.post(url, data=fields))


EDIT_FIELDS = (
    "version",
    "turned",
    "suit",
    *(f"{kind}-{seat}" for kind in ("bids", "tricks") for seat in range(-1, 10)),
    "bids-²",
    "tricks-" + "9" * 5000,
)


def _correction(target: str, number: int) -> dict[str, Any]:
    """The correction form of round ``number`` as it comes filled in (the round as entered)."""
    record = RECORDS.get(target)
    if record is None or not 1 <= number <= len(record.rounds):
        return {"turned": "suit", "suit": "hearts", "bids-0": "0", "tricks-0": "0"}
    played = record.rounds[number - 1]
    fields: dict[str, Any] = {
        "turned": played.trump.turned.value,
        "suit": played.trump.suit.value if played.trump.suit else "",
    }
    for seat, (bid, taken) in enumerate(zip(played.bids, played.tricks, strict=True)):
        fields |= {f"bids-{seat}": "" if bid is None else str(bid), f"tricks-{seat}": str(taken)}
    return fields


@FUZZ
@given(
    target=targets,
    unknown=unknown_ids,
    number=st.one_of(
        st.sampled_from([1, 2]), st.sampled_from([2, 1]), st.integers(-2, 25), nasty_text
    ),
    version=versions,
    garbage=nasty_text,
    editor=editors,
    method=st.sampled_from(["POST", "POST", "POST", "GET"]),
    data=st.data(),
)
def test_round_corrections_never_fail_and_refused_ones_change_nothing(
    fuzz_app: Flask,
    target: str,
    unknown: str,
    number: int | str,
    version: str,
    garbage: str,
    editor: bool,
    method: str,
    data: st.DataObject,
) -> None:
    table = seat_table(fuzz_app, editor=editor)
    game_id = table.game_id(target, unknown)
    url = f"/games/{path_id(game_id)}/rounds/{path_id(str(number))}/edit"
    if method == "GET":
        check_page_request(table, lambda: table.phone.get(url), changes=False)
        return
    base = _correction(target, number if isinstance(number, int) else 0)
    fields = with_version(data.draw(garbled(base, EDIT_FIELDS)), version, table, target, garbage)
    check_page_request(table, lambda: table.phone.post(url, data=fields))


@FUZZ
@given(
    action=st.sampled_from(["delete", "rematch", "share/renew", "share/renew-view"]),
    target=targets,
    unknown=unknown_ids,
    version=versions,
    garbage=nasty_text,
    fields=garbled({}, ("version", "confirm", "token")),
    editor=editors,
)
def test_game_actions_never_fail_and_refused_ones_change_nothing(
    fuzz_app: Flask,
    action: str,
    target: str,
    unknown: str,
    version: str,
    garbage: str,
    fields: dict[str, Any],
    editor: bool,
) -> None:
    table = seat_table(fuzz_app, editor=editor)
    game_id = table.game_id(target, unknown)
    data = with_version(fields, version, table, target, garbage)
    url = f"/games/{path_id(game_id)}/{action}"
    check_page_request(table, lambda: table.phone.post(url, data=data))


def record_json(record: GameRecord) -> dict[str, Any]:
    """The game record file of ``record``, as export writes it."""
    return to_record(sheet.build(record))


@st.composite
def record_files(draw: st.DrawFn) -> bytes:
    """A file to import: a real record garbled (or not), any JSON, or any bytes."""
    kind = draw(st.sampled_from(["record", "record", "record", "json", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(json_values)).encode()
    base = record_json(RECORDS[draw(st.sampled_from(sorted(RECORDS)))])
    text = json.dumps(draw(garbled_json(base)), ensure_ascii=draw(st.booleans()))
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8-sig", "utf-16"]))
    return text.encode(encoding, "surrogatepass")


@FUZZ
@given(
    content=record_files(),
    field=st.sampled_from(["record", "record", "record", "file", ""]),
    filename=st.one_of(st.just("game.json"), nasty_text),
)
@example(
    content=b'{"players": ["\\ud800", "Bo", "Cy"], "first_dealer": 0}',
    field="record",
    filename="game.json",
)
def test_import_never_fails_and_a_refused_file_changes_nothing(
    fuzz_app: Flask, content: bytes, field: str, filename: str
) -> None:
    table = seat_table(fuzz_app)
    data = {field: (io.BytesIO(content), filename or "x")}
    check_page_request(table, lambda: table.phone.post("/games/import", data=data))


PAGE_PATHS = (
    "/games/{id}",
    "/games/{id}/sheet",
    "/games/{id}/share",
    "/games/{id}/delete",
    "/games/{id}/join/{token}",
    "/games/{id}/watch/{token}",
    "/games/{id}/export.json",
    "/games/{id}/export.csv",
    "/games/{id}/rounds/{n}/edit",
    "/games/{id}/sheet.pdf?paper={token}",
)
# Every address of the pages and the methods it answers (HEAD and OPTIONS aside).
METHODS = {path: {"GET"} for path in PAGE_PATHS} | {
    "/games/{id}/join/{token}": {"GET", "POST"},
    "/games/new": {"GET", "POST"},
    "/games/import": {"POST"},
    "/games/{id}/trump": {"POST"},
    "/games/{id}/bid": {"POST"},
    "/games/{id}/trick": {"POST"},
    "/games/{id}/tricks": {"POST"},
    "/games/{id}/undo": {"POST"},
    "/games/{id}/rounds/{n}/edit": {"GET", "POST"},
    "/games/{id}/delete": {"GET", "POST"},
    "/games/{id}/rematch": {"POST"},
    "/games/{id}/share/renew": {"POST"},
    "/games/{id}/share/renew-view": {"POST"},
}


@FUZZ
@given(
    path=st.sampled_from(sorted(METHODS)),
    method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE"]),
    target=targets,
    unknown=unknown_ids,
    number=st.one_of(st.integers(-1, 30).map(str), nasty_text),
    token=nasty_text,
    fields=garbled({}, ROUND_FORM_FIELDS),
)
def test_wrong_methods_on_pages_are_refused_with_a_page(
    fuzz_app: Flask,
    path: str,
    method: str,
    target: str,
    unknown: str,
    number: str,
    token: str,
    fields: dict[str, Any],
) -> None:
    if method in METHODS[path]:
        method = "PUT" if method != "PUT" else "PATCH"
    table = seat_table(fuzz_app)
    game_id = table.game_id(target, unknown)
    url = path.format(id=path_id(game_id), n=path_id(number), token=path_id(token))
    before = table.snapshot()
    response = table.phone.open(url, method=method, data=fields)
    # 404 when the address itself is wrong (a round number that is not a number, say).
    assert response.status_code in (308, 404, 405), response.status_code
    if response.status_code != 308:
        assert page_messages(response)
    if response.status_code == 405:
        assert "Allow" in response.headers
    assert table.snapshot() == before


@FUZZ
@given(
    target=targets,
    unknown=unknown_ids,
    path=st.sampled_from(PAGE_PATHS),
    number=st.one_of(st.integers(-1, 6).map(str), nasty_text),
    token=st.one_of(st.sampled_from(["a4", "letter", "A4 "]), nasty_text),
    editor=editors,
)
def test_pages_of_any_game_never_fail(
    fuzz_app: Flask, target: str, unknown: str, path: str, number: str, token: str, editor: bool
) -> None:
    if path.endswith("sheet.pdf?paper={token}") and token.strip().lower() in ("a4", "letter"):
        token = "legal"  # a real PDF takes a second to print: test_trust_escaping prints them
    table = seat_table(fuzz_app, editor=editor)
    game_id = table.game_id(target, unknown)
    url = path.format(id=path_id(game_id), n=path_id(number), token=path_id(token))
    before = table.snapshot()
    response = table.phone.get(url)
    event(str(response.status_code))
    assert response.status_code in (200, 303, 308, 400, 403, 404), response.status_code
    if response.status_code >= 400:
        assert response.mimetype == "text/html"
        assert page_messages(response)
    assert table.snapshot() == before


@settings(FUZZ, max_examples=25)
@example(players="²", names=[], paper="a4")
@example(players="9" * 5000, names=[], paper="a4")
@given(
    players=st.one_of(st.integers(-1, 10).map(str), nasty_text),
    names=st.lists(nasty_text, max_size=10),
    paper=st.one_of(st.sampled_from(["a4", "letter"]), nasty_text),
)
def test_blank_sheet_query_never_fails(
    fuzz_app: Flask, players: str, names: list[str], paper: str
) -> None:
    query = {"players": players, "names": names, "paper": paper}
    if players.strip() in {str(n) for n in range(3, 7)} and paper in ("a4", "letter"):
        query["paper"] = "legal"  # printing a real sheet is slow and covered elsewhere
    response = fuzz_app.test_client().get("/sheets/blank.pdf", query_string=query)
    assert response.status_code in (200, 400), response.status_code
    if response.status_code == 400:
        assert page_messages(response)


# --- the JSON API ---------------------------------------------------------------------------


def _next_rounds() -> dict[str, dict[str, Any]]:
    """For each game, a round the rules accept as its next (the last one for a finished game)."""
    rounds = {}
    for name, record in RECORDS.items():
        if record.finished:
            rounds[name] = round_json(record.rounds[-1])
        else:
            rounds[name] = round_json(legal_round(record, Random(len(record.rounds))))
    return rounds


NEXT_ROUNDS = _next_rounds()


@st.composite
def encoded(draw: st.DrawFn, body: object) -> tuple[bytes, str | None]:
    """A request body and its content type: JSON as it should be sent (mostly), or not."""
    kind = draw(mostly("json", "wrong type", "not json", "nothing"))
    if kind == "nothing":
        return b"", draw(st.sampled_from([None, "application/json"]))
    if kind == "not json":
        raw = draw(
            st.one_of(
                st.binary(max_size=100),
                st.sampled_from([b"{", b"[1,", b"\xff\xfe", b"NaN", b"[" * 5000, b"'x'"]),
                nasty_text.map(str.encode),
            )
        )
        return raw, "application/json"
    text = json.dumps(body, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    if kind == "wrong type":
        return text, draw(
            st.sampled_from(["text/plain", "application/x-www-form-urlencoded", "application/xml"])
        )
    return text, draw(st.sampled_from(["application/json", "application/json; charset=utf-8"]))


def auth_header(mode: str, table: Table, target: str, odd: str) -> dict[str, str]:
    stored = table.games.get(target, table.games["new"])
    token = {
        "right": stored.edit_token,
        "wrong": stored.edit_token[:-1] + ("x" if stored.edit_token[-1] != "x" else "y"),
        "other game": table.games["finished" if target != "finished" else "new"].edit_token,
    }
    if mode in token:
        return {"Authorization": f"Bearer {token[mode]}"}
    if mode == "odd":
        return {"Authorization": odd}
    return {}


auth_modes = mostly("right", "none", "wrong", "other game", "odd")
header_values = st.one_of(
    st.sampled_from(["Bearer", "Bearer ", "bearer  x", "Basic dXNlcjpwdw==", "Token x", ""]),
    st.sampled_from(["Bearer é", "Bearer ÿÿ", "Bearer \u00a0"]),
    st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40),
)


@FUZZ
@given(
    source=st.sampled_from(sorted(RECORDS)),
    method=mostly("POST", "GET", "PUT"),
    data=st.data(),
)
def test_api_game_creation_never_fails_and_refusals_store_nothing(
    fuzz_app: Flask, source: str, method: str, data: st.DataObject
) -> None:
    table = seat_table(fuzz_app)
    body, content_type = data.draw(encoded(data.draw(garbled_json(record_json(RECORDS[source])))))
    response = check_api_request(
        table,
        lambda: table.phone.open("/api/games", method=method, data=body, content_type=content_type),
    )
    if response.status_code == 201:
        assert response.json is not None and response.json["edit_token"]


round_numbers = st.one_of(
    st.sampled_from(["1", "2"]),
    st.sampled_from(["2", "1"]),
    st.integers(-1, 25).map(str),
    st.sampled_from(["0", "-1", "01", "1.0", "²", "٣", "1 ", "9" * 5000]),
    nasty_text,
)
wrong_methods = mostly(None, "GET", "POST", "PUT", "DELETE", "PATCH", weight=5)


def _send_api(
    table: Table,
    target: str,
    method: str,
    url: str,
    body: tuple[bytes, str | None],
    auth: str,
    odd: str,
) -> None:
    headers = auth_header(auth, table, target, odd)
    data, content_type = body
    check_api_request(
        table,
        lambda: table.phone.open(
            url, method=method, data=data, content_type=content_type, headers=headers
        ),
    )


@settings(FUZZ, max_examples=60)
@given(
    target=targets,
    unknown=unknown_ids,
    read=st.sampled_from([False, True, False]),
    wrong_method=wrong_methods,
    auth=auth_modes,
    odd=header_values,
    data=st.data(),
)
def test_api_round_submissions_never_fail_and_refusals_change_nothing(
    fuzz_app: Flask,
    target: str,
    unknown: str,
    read: bool,
    wrong_method: str | None,
    auth: str,
    odd: str,
    data: st.DataObject,
) -> None:
    """POST /api/games/<id>/rounds with the next round garbled (and GET /api/games/<id>)."""
    table = seat_table(fuzz_app)
    game_id = path_id(table.game_id(target, unknown))
    url = f"/api/games/{game_id}" if read else f"/api/games/{game_id}/rounds"
    method = wrong_method or ("GET" if read else "POST")
    body = data.draw(encoded(data.draw(garbled_json(NEXT_ROUNDS.get(target, NEXT_ROUNDS["new"])))))
    _send_api(table, target, method, url, body, auth, odd)


@settings(FUZZ, max_examples=60)
@given(
    target=targets,
    unknown=unknown_ids,
    method=st.sampled_from(["PUT", "DELETE", "PUT"]),
    wrong_method=wrong_methods,
    number=round_numbers,
    auth=auth_modes,
    odd=header_values,
    data=st.data(),
)
def test_api_round_corrections_never_fail_and_refusals_change_nothing(
    fuzz_app: Flask,
    target: str,
    unknown: str,
    method: str,
    wrong_method: str | None,
    number: str,
    auth: str,
    odd: str,
    data: st.DataObject,
) -> None:
    """PUT and DELETE /api/games/<id>/rounds/<n>, with the round as played garbled."""
    table = seat_table(fuzz_app)
    game_id = path_id(table.game_id(target, unknown))
    url = f"/api/games/{game_id}/rounds/{path_id(number)}"
    rounds = RECORDS[target].rounds if target in RECORDS else ()
    plain = number.isascii() and number.isdigit() and len(number) < 3
    if plain and 1 <= int(number) <= len(rounds):
        played = rounds[int(number) - 1]
    else:
        played = (rounds or RECORDS["finished"].rounds)[-1]
    body = data.draw(encoded(data.draw(garbled_json(round_json(played)))))
    _send_api(table, target, wrong_method or method, url, body, auth, odd)


@FUZZ
@given(
    path=st.one_of(
        st.sampled_from(["/api/", "/api/games/", "/api/game", "/api/games/x/rounds/1/x"]),
        st.text(max_size=20).map(lambda text: "/api/" + quote(text, safe="/")),
    ),
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
)
def test_api_unknown_addresses_answer_json(fuzz_app: Flask, path: str, method: str) -> None:
    table = seat_table(fuzz_app)
    before = table.snapshot()
    response = table.phone.open(path, method=method, json={"players": ["a", "b", "c"]})
    assert response.status_code in (308, 400, 401, 404, 405), response.status_code
    if response.status_code >= 400:
        assert response.mimetype == "application/json"
        assert response.json is not None and response.json["error"]
    assert table.snapshot() == before


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("PUT", "/api/games"),
        ("DELETE", "/api/games"),
        ("PATCH", "/api/games/{id}"),
        ("DELETE", "/api/games/{id}"),
        ("POST", "/api/games/{id}"),
        ("GET", "/api/games/{id}/rounds"),
        ("DELETE", "/api/games/{id}/rounds"),
        ("POST", "/api/games/{id}/rounds/1"),
        ("GET", "/api/games/{id}/rounds/1"),
    ],
)
def test_api_wrong_methods_are_405_in_json(fuzz_app: Flask, method: str, path: str) -> None:
    table = seat_table(fuzz_app)
    stored = table.games["finished"]
    before = table.snapshot()
    response = table.phone.open(
        path.format(id=stored.id),
        method=method,
        json=round_json(stored.record.rounds[-1]),
        headers={"Authorization": f"Bearer {stored.edit_token}"},
    )
    assert response.status_code == 405
    assert response.mimetype == "application/json"
    assert response.json is not None and response.json["error"]
    assert "Allow" in response.headers
    assert table.snapshot() == before


# --- cross-site request forgery -------------------------------------------------------------


@pytest.fixture
def csrf_app(tmp_path: Path) -> Flask:
    """The app as it is served: CSRF protection on."""
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "games.sqlite"), "SECRET_KEY": "csrf"}
    )


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
        stored = db.load(db.get_db(), game_id)
    assert stored is not None
    table = Table(csrf_app, {"game": stored}, phone)
    valid = _csrf_token(phone, f"/games/{game_id}")
    foreign = _csrf_token(other, "/games/new")  # another browser's token: not this session's
    signed_elsewhere = create_app(
        {"TESTING": True, "DATABASE": csrf_app.config["DATABASE"], "SECRET_KEY": "other"}
    )
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
