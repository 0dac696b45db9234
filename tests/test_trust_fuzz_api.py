"""Hostile requests to the JSON API: game creation, round submissions and corrections, unknown
addresses and wrong methods (see tests/fuzzing.py for what counts as a clear answer)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from random import Random
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzzing import (
    FUZZ,
    RECORDS,
    Table,
    check_api_request,
    garbled_json,
    mostly,
    nasty_text,
    path_id,
    record_json,
    seat_table,
    targets,
    unknown_ids,
)
from tests.plays import legal_round, round_json
from tests.support.profiles import examples


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


@dataclass(frozen=True)
class Call:
    """Which game an API request is for (a stored one, or an unknown id), by which method if
    not the endpoint's own, and with which ``Authorization`` header."""

    target: str
    unknown: str
    wrong_method: str | None
    auth: str
    odd: str

    def send(self, table: Table, method: str, path: str, body: tuple[bytes, str | None]) -> None:
        """Send ``body`` to the game's ``path`` (``{id}`` in it) and check the answer."""
        url = path.format(id=path_id(table.game_id(self.target, self.unknown)))
        headers = auth_header(self.auth, table, self.target, self.odd)
        data, content_type = body
        check_api_request(
            table,
            lambda: table.phone.open(
                url,
                method=self.wrong_method or method,
                data=data,
                content_type=content_type,
                headers=headers,
            ),
        )


calls = st.builds(
    Call,
    target=targets,
    unknown=unknown_ids,
    wrong_method=wrong_methods,
    auth=auth_modes,
    odd=header_values,
)


@settings(FUZZ, max_examples=examples(60))
@given(call=calls, read=st.sampled_from([False, True, False]), data=st.data())
def test_api_round_submissions_never_fail_and_refusals_change_nothing(
    fuzz_app: Flask, call: Call, read: bool, data: st.DataObject
) -> None:
    """POST /api/games/<id>/rounds with the next round garbled (and GET /api/games/<id>)."""
    table = seat_table(fuzz_app)
    round_body = NEXT_ROUNDS.get(call.target, NEXT_ROUNDS["new"])
    body = data.draw(encoded(data.draw(garbled_json(round_body))))
    if read:
        call.send(table, "GET", "/api/games/{id}", body)
    else:
        call.send(table, "POST", "/api/games/{id}/rounds", body)


@settings(FUZZ, max_examples=examples(60))
@given(
    call=calls,
    method=st.sampled_from(["PUT", "DELETE", "PUT"]),
    number=round_numbers,
    data=st.data(),
)
def test_api_round_corrections_never_fail_and_refusals_change_nothing(
    fuzz_app: Flask, call: Call, method: str, number: str, data: st.DataObject
) -> None:
    """PUT and DELETE /api/games/<id>/rounds/<n>, with the round as played garbled."""
    table = seat_table(fuzz_app)
    rounds = RECORDS[call.target].rounds if call.target in RECORDS else ()
    plain = number.isascii() and number.isdigit() and len(number) < 3
    if plain and 1 <= int(number) <= len(rounds):
        played = rounds[int(number) - 1]
    else:
        played = (rounds or RECORDS["finished"].rounds)[-1]
    body = data.draw(encoded(data.draw(garbled_json(round_json(played)))))
    call.send(table, method, "/api/games/{id}/rounds/" + path_id(number), body)


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
        ("PUT", "/api/games/{id}"),
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
