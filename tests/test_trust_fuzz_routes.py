"""Every route of the app, with every method, fuzzed at once: path parts, query strings, form
and JSON bodies and the headers a stranger controls. No answer is a server error; a deliberate
"busy, try again" (503 with Retry-After) is the only 5xx allowed.

The routes are read from the app's URL map, so a new route is fuzzed without being listed here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import event, given, settings
from hypothesis import strategies as st
from werkzeug.routing import Rule

from scorekeeper import storage
from tests.fuzzing import FUZZ, form_values, json_values, nasty_text, numbers, path_id
from tests.pages import start_game
from tests.support.apps import make_app
from tests.support.profiles import examples
from tests.test_groups_pages import make_group

# Header values as they can arrive on the wire (latin-1 text), and some known to trip parsers.
header_text = st.one_of(
    st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=60),
    st.sampled_from(
        [
            "",
            "https://",
            "http://[::1",
            "//evil.example/%0d%0a",
            'W/"1", *, "',
            "Bearer ",
            "bearer \x7f",
            "session=..; lang=xx",
            "de-DE;q=2, *;q=-1",
            "http://localhost:99999/",
        ]
    ),
)
HEADERS = (
    "Referer",
    "Origin",
    "Accept-Language",
    "If-None-Match",
    "If-Match",
    "Authorization",
    "Cookie",
    "X-Forwarded-Proto",
    "X-Forwarded-For",
    "Content-Type",
    "Accept",
)


@dataclass(frozen=True)
class Stored:
    """What the fuzzed addresses may name: a real game, group and their tokens."""

    game_id: str
    group_id: str
    tokens: tuple[str, ...]


@pytest.fixture(scope="module")
def routes_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, Stored]]:
    app = make_app(tmp_path_factory.mktemp("routes") / "games.sqlite", SECRET_KEY="fuzz")
    client = app.test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    group_id = make_group(client)
    with app.app_context():
        game = storage.load(storage.get_db(), game_id)
        group = storage.load_group(storage.get_db(), group_id)
    assert game is not None and group is not None
    yield app, Stored(game_id, group_id, (game.edit_token, group.edit_token))
    storage.storage(app).close()


def _rules(app: Flask) -> list[tuple[Rule, str]]:
    found = []
    for rule in app.url_map.iter_rules():
        for method in sorted((rule.methods or set()) - {"OPTIONS"}):
            found.append((rule, method))
    return found


@st.composite
def _path(draw: st.DrawFn, rule: Rule, stored: Stored) -> str:
    values: dict[str, str] = {}
    for name in rule.arguments:
        converter = type(rule._converters[name]).__name__  # the kind of each part, to fuzz it
        if name == "game_id":
            value = draw(st.sampled_from([stored.game_id, "x" * 16]) | nasty_text)
        elif name == "group_id":
            value = draw(st.sampled_from([stored.group_id, "y" * 16]) | nasty_text)
        elif name == "token":
            value = draw(st.sampled_from(stored.tokens) | nasty_text)
        elif converter == "IntegerConverter":
            value = str(draw(numbers.filter(lambda n: n >= 0)))
        elif converter == "AnyConverter":
            items = sorted(rule._converters[name].items)  # type: ignore[attr-defined]
            value = draw(st.sampled_from(items) | nasty_text)
        else:
            value = draw(nasty_text)
        values[name] = path_id(value.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
    return re.sub(r"<(?:[^<>]*:)?(\w+)>", lambda part: values[part.group(1)], rule.rule)


def _plain(text: str) -> str:
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


@settings(FUZZ, max_examples=examples(300))
@given(data=st.data())
def test_no_route_answers_a_server_error(
    routes_app: tuple[Flask, Stored], data: st.DataObject
) -> None:
    app, stored = routes_app
    rule, method = data.draw(st.sampled_from(_rules(app)), label="route")
    path = data.draw(_path(rule, stored), label="path")
    query = data.draw(
        st.dictionaries(
            st.sampled_from(["next", "lang", "paper", "length", "variant", "v"]),
            nasty_text.map(_plain),
            max_size=3,
        ),
        label="query",
    )
    headers = data.draw(
        st.dictionaries(st.sampled_from(HEADERS), header_text, max_size=4), label="headers"
    )
    body: dict[str, Any] = {}
    if method in ("POST", "PUT", "PATCH", "DELETE"):
        if data.draw(st.booleans(), label="json"):
            body["json"] = data.draw(json_values, label="body")
        else:
            fields = data.draw(
                st.dictionaries(
                    nasty_text.map(_plain),
                    form_values.map(
                        lambda v: [_plain(x) for x in v] if isinstance(v, list) else _plain(v)
                    ),
                    max_size=5,
                ),
                label="form",
            )
            body["data"] = fields
            headers.pop("Content-Type", None)
    phone: FlaskClient = app.test_client()
    response = phone.open(path, method=method, query_string=query, headers=headers, **body)
    event(f"{response.status_code // 100}xx")
    busy = response.status_code == 503 and "Retry-After" in response.headers
    assert response.status_code < 500 or busy, (method, path, response.status_code)
