"""'New group' and 'Import group' sent twice make one group, and a form's one-time key is no
lasting credential: a repeat is answered only to the browser that sent the first post and only
for a few minutes (scorekeeper/web/once.py)."""

from __future__ import annotations

import io
import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web import once
from tests.fuzzing import page_messages
from tests.pages import one, soup
from tests.phone import NEW_GAME, Phone
from tests.support.client import at_once
from tests.support.server import Server
from tests.test_body_limits import multipart
from tests.test_groups_api import game_json

REFUSED = "This form was sent already, so nothing new was made."
GROUP_FILE = json.dumps(
    {"format": "wizard-scorekeeper-group/1", "name": "Club", "games": [{"record": game_json(1)}]}
).encode()


def count(database: Path, table: str) -> int:
    with closing(sqlite3.connect(database)) as conn:
        found: int = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        return found


def age(database: Path, table: str, minutes: int) -> None:
    """Make everything in ``table`` as old as ``minutes``."""
    then = (datetime.now(UTC) - timedelta(minutes=minutes)).isoformat(timespec="seconds")
    with closing(sqlite3.connect(database)) as conn, conn:
        conn.execute(f"UPDATE {table} SET created_at = ?", [then])


def once_of(client: FlaskClient, path: str, form: str = "form") -> str:
    return str(one(soup(client.get(path)), f"{form} input[name=once]")["value"])


# --- the real server: ten posts at once -------------------------------------------------------


def test_new_group_posted_at_once_makes_one_group(live: Server) -> None:
    phone = Phone(live)
    phone.open("GET", "/groups/new")
    before = count(live.database, "groups")
    answers = at_once(10, lambda: phone.open("POST", "/groups/new", {"name": "Friday club"}))
    assert {status for status, _where in answers} == {303}
    assert len({where for _status, where in answers}) == 1
    assert count(live.database, "groups") == before + 1


def test_import_group_posted_at_once_makes_one_group(live: Server) -> None:
    phone = Phone(live)
    phone.open("GET", "/")
    assert set(phone.fields) == {"csrf_token", "once"}
    body, content_type = multipart(phone.fields, "club.json", GROUP_FILE)

    def post() -> tuple[int, str]:
        headers = {"Cookie": phone.cookie, "Content-Type": content_type}
        with live.client(timeout=60) as client:
            answer = client.send("POST", "/groups/import", body, headers)
        return answer.status, answer.headers.get("Location", "")

    before = count(live.database, "groups")
    answers = at_once(10, post)
    assert {status for status, _where in answers} == {302}
    assert len({where for _status, where in answers}) == 1
    assert answers[0][1].startswith("/groups/")
    assert count(live.database, "groups") == before + 1


# --- in process: the same form again, from this browser or another, now or later ------------


def import_group(client: FlaskClient, key: str, content: bytes = GROUP_FILE) -> str:
    data = {"record": (io.BytesIO(content), "club.json"), "once": key}
    answer = client.post("/groups/import", data=data, content_type="multipart/form-data")
    return answer.headers["Location"]


def test_a_group_form_sent_twice_makes_one_group(app: Flask, client: FlaskClient) -> None:
    database = Path(app.config["DATABASE"])
    key = once_of(client, "/groups/new")
    first = client.post("/groups/new", data={"name": "Club", "once": key})
    again = client.post("/groups/new", data={"name": "Club", "once": key})
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"] != "/"
    imported = import_group(client, once_of(client, "/", "form[action='/groups/import']"))
    assert imported.startswith("/groups/")
    assert count(database, "groups") == 2
    # Another page's form is another group.
    client.post("/groups/new", data={"name": "Club", "once": once_of(client, "/groups/new")})
    assert count(database, "groups") == 3


def test_a_key_is_answered_only_to_the_browser_that_sent_it(
    app: Flask, client: FlaskClient
) -> None:
    database = Path(app.config["DATABASE"])
    key = once_of(client, "/games/new")
    made = client.post("/games/new", data={**NEW_GAME, "once": key}).headers["Location"]
    group_key = once_of(client, "/groups/new")
    group = client.post("/groups/new", data={"name": "Club", "once": group_key})
    other = app.test_client()
    other.get("/")
    for path, form in (
        ("/games/new", {**NEW_GAME, "once": key}),
        ("/groups/new", {"name": "Club", "once": group_key}),
    ):
        refused = other.post(path, data=form)
        assert refused.status_code == 303 and refused.headers["Location"] == "/"
        assert any(REFUSED in text for text in page_messages(other.get("/")))
    home = other.get("/").get_data(as_text=True)
    assert made not in home and group.headers["Location"] not in home
    assert count(database, "games") == 1 and count(database, "groups") == 1


def test_a_key_is_refused_once_the_double_tap_window_is_over(
    app: Flask, client: FlaskClient
) -> None:
    database = Path(app.config["DATABASE"])
    key = once_of(client, "/games/new")
    first = client.post("/games/new", data={**NEW_GAME, "once": key}).headers["Location"]
    group_key = once_of(client, "/groups/new")
    client.post("/groups/new", data={"name": "Club", "once": group_key})
    file_key = once_of(client, "/", "form[action='/groups/import']")
    import_group(client, file_key)
    minutes = int(once.WINDOW.total_seconds() // 60)
    age(database, "games", minutes - 1)
    age(database, "groups", minutes - 1)
    assert client.post("/games/new", data={**NEW_GAME, "once": key}).headers["Location"] == first
    age(database, "games", minutes + 1)
    age(database, "groups", minutes + 1)
    late = client.post("/games/new", data={**NEW_GAME, "once": key})
    assert late.status_code == 303 and late.headers["Location"] == "/"
    assert any(REFUSED in text for text in page_messages(client.get("/")))
    late_group = client.post("/groups/new", data={"name": "Club", "once": group_key})
    assert late_group.headers["Location"] == "/"
    assert import_group(client, file_key) == "/"
    assert count(database, "games") == 2 and count(database, "groups") == 2
