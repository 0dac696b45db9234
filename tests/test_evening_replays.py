"""A club night's keyed draws sent again (issue 46): twin requests with one Idempotency-Key sent
at the same instant to the app as it is served, over a real database file, answer what the
first answered (never a 500, never a second sitting, never games deleted meanwhile); a key
sent again after its sitting was drawn again answers that sitting as it stands, as
docs/api.md says."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from email.message import Message
from typing import Any
from urllib import error, request

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from scorekeeper import storage
from scorekeeper.core.rules import Variants
from scorekeeper.server.running import in_a_thread
from scorekeeper.storage import migrations
from scorekeeper.web import hosting
from tests.plays import bearer, json_of
from tests.support.ports import HOST
from tests.test_evenings_api import evening

Answer = tuple[int, dict[str, str], dict[str, Any]]


@pytest.fixture
def served(app: Flask) -> Iterator[str]:
    """The app served from a thread of the test, over the test's database file."""
    with in_a_thread(hosting.asgi_app(app, threads=8), HOST) as base:
        yield base


def post(url: str, body: object, headers: dict[str, str]) -> Answer:
    """POST ``body`` as JSON: the status, the headers and the JSON answer."""
    sent = request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **headers},
        method="POST",
    )
    try:
        with request.urlopen(sent, timeout=30) as answer:
            return answer.status, lowered(answer.headers), json.loads(answer.read())
    except error.HTTPError as refused:
        text = refused.read().decode("utf-8", "replace")
        return refused.code, lowered(refused.headers), {"text": text[:300]}


def lowered(headers: Message) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def at_once(times: int, url: str, body: object, headers: dict[str, str]) -> list[Answer]:
    """The same request sent ``times`` times at the same instant."""
    start = threading.Barrier(times)

    def send() -> Answer:
        start.wait()
        return post(url, body, headers)

    with ThreadPoolExecutor(times) as pool:
        return list(pool.map(lambda _: send(), range(times)))


def one_answer(answers: list[Answer], status: int) -> dict[str, Any]:
    """The answer every request had (the first sent, the others replaying it)."""
    assert [code for code, _headers, _body in answers] == [status] * len(answers), answers
    bodies = [body for _code, _headers, body in answers]
    assert all(body == bodies[0] for body in bodies), bodies
    replayed = [headers.get("idempotent-replayed") for _code, headers, _body in answers]
    assert replayed.count(None) <= 1 and replayed.count("true") >= len(answers) - 1
    return bodies[0]


def games_exist(client: FlaskClient, answered: dict[str, Any]) -> None:
    for table in answered["tables"]:
        assert client.get(f"/api/games/{table['game']}").status_code == 200


def test_twin_draws_with_one_key_draw_one_sitting(
    served: str, client: FlaskClient, pairs: int = 20
) -> None:
    for pair in range(pairs):
        evening_id, token, _made = evening(client)
        headers = {**bearer(token), "Idempotency-Key": f"twin-{pair}"}
        url = f"{served}/api/evenings/{evening_id}/sittings"
        drawn = one_answer(at_once(2, url, {"seating": "random"}, headers), 201)
        stored = json_of(client.get(f"/api/evenings/{evening_id}"))
        assert [line["sitting"] for line in stored["sittings"]] == [1] == [drawn["sitting"]]
        assert stored["sittings"][0]["tables"] == [
            {key: table[key] for key in stored["sittings"][0]["tables"][0]}
            for table in drawn["tables"]
        ]
        games_exist(client, drawn)


def test_a_keyed_redraw_sent_ten_times_at_once_answers_the_games_it_made(
    served: str, client: FlaskClient, bursts: int = 5
) -> None:
    evening_id, token, _made = evening(client)
    client.post(f"/api/evenings/{evening_id}/sittings", json={}, headers=bearer(token))
    url = f"{served}/api/evenings/{evening_id}/sittings/1"
    for burst in range(bursts):
        headers = {**bearer(token), "Idempotency-Key": f"redraw-{burst}"}
        redrawn = one_answer(at_once(10, url, {}, headers), 200)
        games_exist(client, redrawn)
        stored = json_of(client.get(f"/api/evenings/{evening_id}"))
        assert len(stored["sittings"]) == 1
        assert [table["game"] for table in stored["sittings"][0]["tables"]] == [
            table["game"] for table in redrawn["tables"]
        ]


def test_the_keys_kept_with_the_sittings_are_kept_after_the_upgrade(conn: Database) -> None:
    # Before migration m015, a sitting kept the key that drew it; the upgrade moves it.
    group = storage.create_group(conn, "Club")
    made = storage.create_evening(
        conn,
        group.id,
        game="wizard",
        settings=Variants(),
        players=["A", "B", "C", "D"],
        sittings=2,
        table_sizes=[4],
        seed=1,
    )
    conn.execute("DROP TABLE evening_keys")
    conn.execute(
        "INSERT INTO evening_sittings (evening_id, number, seating, seed, present, sitting_out,"
        " created_at, creation_key, creation_digest) VALUES (?, 1, 'random', 1, '[]', '[]',"
        " '2026-12-05T19:30:00+00:00', 'api:tap', 'abc')",
        [made.id],
    )
    migrations.m015_evening_keys(conn)
    assert storage.keyed_sitting(conn, made.id, "api:tap") == storage.KeyedSitting(
        1, "abc", redraw=False
    )
