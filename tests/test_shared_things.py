"""Every kind of shared thing (a game, a group) gets the same access, memory and links: each
test runs for every kind declared in :mod:`scorekeeper.web.kinds`. Addresses are compared as
strings only: nothing is sent to any address but loopback."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from scorekeeper.web import access, kinds
from tests.pages import soup, start_game
from tests.support.apps import make_app
from tests.test_groups_pages import make_group, new_group_game, play_five
from tests.test_view_link import renew_at


@dataclass(frozen=True)
class Thing:
    kind: access.Kind[Any]
    make: Callable[[FlaskClient], str]  # makes one on this phone: its id
    prefix: str  # its addresses start with this and its id
    keepers_only: str  # a page only its keepers may open, after its address


THINGS = [
    Thing(kinds.GAME, lambda client: start_game(client, ["Tom", "Dick", "Mary"]), "/games/", ""),
    Thing(kinds.GROUP, make_group, "/groups/", "/games/new"),
]
assert {thing.kind.name for thing in THINGS} == set(access.KINDS), "a kind without tests"


@pytest.fixture(params=THINGS, ids=[thing.kind.name for thing in THINGS])
def thing(request: pytest.FixtureRequest) -> Thing:
    result: Thing = request.param
    return result


def address(thing: Thing, thing_id: str) -> str:
    return f"{thing.prefix}{thing_id}"


def is_keeper(client: FlaskClient, thing: Thing, thing_id: str) -> bool:
    if thing.kind is kinds.GAME:
        return client.post(f"/games/{thing_id}/undo", data={"version": 1}).status_code != 403
    return client.get(f"/groups/{thing_id}{thing.keepers_only}").status_code == 200


def links(client: FlaskClient, where: str, base_url: str) -> list[str]:
    page = soup(client.get(f"{where}/share", base_url=base_url))
    return [str(link["href"]) for link in page.select("a.link")]


def _app(tmp_path: Path, **config: Any) -> Flask:
    return make_app(tmp_path / "games.sqlite", **config)


def test_share_links_honour_the_public_url(tmp_path: Path, thing: Thing) -> None:
    client = _app(tmp_path, PUBLIC_URL="https://wizard.example.org").test_client()
    where = address(thing, thing.make(client))
    found = links(client, where, "http://localhost")
    assert len(found) >= 2  # the view link and, for its keeper, the edit link
    assert all(
        link.startswith(f"https://wizard.example.org{where}/") or link.endswith(where)
        for link in found
    )
    assert all(link.startswith("https://wizard.example.org/") for link in found)
    page = soup(client.get(f"{where}/share", base_url="http://localhost"))
    assert len(page.select(".qr svg")) == len(found)


def test_share_links_opened_as_localhost_use_the_lan_address(tmp_path: Path, thing: Thing) -> None:
    client = _app(tmp_path, LAN_ADDRESSES=["192.168.1.20"]).test_client()
    where = address(thing, thing.make(client))
    found = links(client, where, "http://127.0.0.1:8123")
    assert found and all(link.startswith(f"http://192.168.1.20:8123{where}") for link in found)


def test_share_and_join_pages_are_never_cached(
    app: Flask, client: FlaskClient, thing: Thing
) -> None:
    where = address(thing, thing.make(client))
    assert client.get(f"{where}/share").headers["Cache-Control"] == "no-store"
    join = next(link for link in links(client, where, "http://localhost") if "/join/" in link)
    other = app.test_client()
    page = other.get(join.removeprefix("http://localhost"))
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"


def _example(rule: Rule, thing_id: str, arg: str) -> str | None:
    """The address of ``rule`` for the thing, with a plausible value for its other parts."""
    values: dict[str, object] = {}
    for name in rule.arguments:
        converter = rule._converters[name]  # no public way to ask a rule for a sample value
        if name == arg:
            values[name] = thing_id
        elif type(converter).__name__ == "IntegerConverter":
            values[name] = 1
        elif type(converter).__name__ == "AnyConverter":
            values[name] = next(iter(converter.items))  # type: ignore[attr-defined]
        else:
            values[name] = "ana"
    try:
        return rule.build(values)[1]  # type: ignore[index]
    except Exception:
        return None


def test_every_address_of_a_thing_is_checked(app: Flask, client: FlaskClient, thing: Thing) -> None:
    """A phone that saw the thing before its view link was renewed is refused at every address
    that names it, whatever the view behind it does, but for the ones that check a token of
    their own."""
    where = address(thing, thing.make(client))
    thing_id = where.rsplit("/", 1)[-1]
    old_watcher = app.test_client()
    assert old_watcher.get(where).status_code == 200
    renew_at(client, where)
    checked = []
    for rule in app.url_map.iter_rules():
        if thing.kind.arg not in rule.arguments or rule.endpoint in access.OWN_TOKEN:
            continue
        outer = [k for k in access.KINDS.values() if k.arg in rule.arguments]
        if min(outer, key=lambda k: k.rank) is not thing.kind:
            continue  # a game's address inside a group's: the group's to allow
        path = _example(rule, thing_id, thing.kind.arg)
        assert path is not None, rule.rule
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            answer = old_watcher.open(path, method=method)
            assert answer.status_code == 403, (method, path, answer.status_code)
            checked.append(path)
    assert len(checked) >= 8


def test_a_hostile_page_cannot_push_out_what_a_phone_keeps(
    app: Flask, client: FlaskClient, thing: Thing
) -> None:
    """A page that walks this browser through more view and edit links of other games and
    groups than it remembers leaves every thing it keeps as it was."""
    own = [thing.make(client) for _ in range(3)]
    for n in range(access.MAX_REMEMBERED + 5):
        other = app.test_client()
        kind = THINGS[n % len(THINGS)]
        where = address(kind, kind.make(other))
        watch = renew_at(other, where).removeprefix("http://localhost")
        client.get(watch)
        join = next(link for link in links(other, where, "http://localhost") if "/join/" in link)
        client.get(join.removeprefix("http://localhost"))
    assert all(is_keeper(client, thing, thing_id) for thing_id in own)
    assert all(thing_id in access_seen(client, thing) for thing_id in own)


def access_seen(client: FlaskClient, thing: Thing) -> list[str]:
    page = soup(client.get("/"))
    hrefs = [str(a["href"]) for a in page.select("a[href]")]
    return [href.rsplit("/", 1)[-1] for href in hrefs if href.startswith(thing.prefix)]


def test_a_phone_keeps_as_many_things_as_it_promises(client: FlaskClient, thing: Thing) -> None:
    made = [thing.make(client) for _ in range(access.MAX_REMEMBERED)]
    assert all(is_keeper(client, thing, thing_id) for thing_id in made)
    assert set(made) <= set(access_seen(client, thing))


def test_the_memory_never_outgrows_a_cookie(app: Flask, client: FlaskClient) -> None:
    """The worst case: every entry kept and watched with a renewed view link, ids as long as
    storage makes them, and the CSRF token beside them."""
    start_game(client, ["Tom", "Dick", "Mary"])
    entries = [
        [
            letter + secrets.token_urlsafe(12),
            access.proof(secrets.token_urlsafe(18)),
            access.proof(secrets.token_urlsafe(18)),
        ]
        for letter in ("g", "r") * access.MAX_REMEMBERED
    ]
    with client.session_transaction() as session:
        session[access.MEMORY] = entries[: access.MAX_REMEMBERED - 1]
        session["csrf_token"] = secrets.token_hex(20)
    start_game(client, ["Ann", "Bob", "Cy"])  # one more: the memory is full and written again
    cookie = client.get_cookie("session")
    assert cookie is not None
    with client.session_transaction() as session:
        assert len(session[access.MEMORY]) == access.MAX_REMEMBERED
    # Browsers keep 4,096 bytes of a cookie's name and value.
    assert len(cookie.key) + 1 + len(cookie.value) < 4096 - 200


def test_an_earlier_cookie_is_read_into_the_one_memory(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    group_id = make_group(client)
    with app.app_context():
        stored_game = kinds.GAME.load(game_id)
        stored_group = kinds.GROUP.load(group_id)
    assert stored_game is not None and stored_group is not None
    phone = app.test_client()
    with phone.session_transaction() as session:
        session["seen"] = {game_id: ""}  # an older cookie's dict
        session["edit"] = {game_id: stored_game.edit_token}
        session["group_seen"] = [group_id]
        session["group_edit"] = {group_id: stored_group.edit_token}
    assert is_keeper(phone, THINGS[0], game_id)
    assert is_keeper(phone, THINGS[1], group_id)
    with phone.session_transaction() as session:
        assert not {"seen", "edit", "group_seen", "group_edit"} & set(session)
        assert json.dumps(session[access.MEMORY]).count(game_id) == 1


def test_a_renewed_game_is_hidden_from_its_groups_watchers(app: Flask, client: FlaskClient) -> None:
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    game_id = new_group_game(client, group_id, **names, first_dealer="new-0")
    play_five(client, game_id)
    watcher = app.test_client()
    seen = ("Ana", game_id)
    assert all(text in watcher.get(f"/groups/{group_id}/export.json").text for text in seen[:1])
    renew_at(client, f"/games/{game_id}")
    for path in ("", "/export.json", "/players/ana"):
        page = watcher.get(f"/groups/{group_id}{path}")
        assert page.status_code in (200, 404)
        assert game_id not in page.text and '"rounds": [{' not in page.text, path
    stats = watcher.get(f"/api/groups/{group_id}/stats").json
    assert stats is not None and stats["games"] == 0
    export = json.loads(watcher.get(f"/groups/{group_id}/export.json").text)
    assert export["games"] == []
    # The group's keepers still see it, and can take it out of the group.
    assert game_id in client.get(f"/groups/{group_id}").text
