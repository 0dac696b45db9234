"""Addresses made once per process still follow the request's script root and blueprint."""

from __future__ import annotations

from flask import Flask, url_for
from flask.testing import FlaskClient
from werkzeug.routing import Map, MapAdapter, Rule

from scorekeeper.render import urls


def test_a_kept_address_is_the_one_url_for_makes(app: Flask) -> None:
    with app.test_request_context("/"):
        first = urls.url("views.game", game_id="abc")
        assert first == url_for("views.game", game_id="abc") == "/games/abc"
        assert urls.url("views.game", game_id="abc") is first
        assert urls.url("languages.choose", code="el", next="/games/abc?x=1&y=2") == url_for(
            "languages.choose", code="el", next="/games/abc?x=1&y=2"
        )


def test_an_app_served_under_a_prefix_gets_its_own_addresses(app: Flask) -> None:
    with app.test_request_context("/"):
        plain = urls.url("views.game", game_id="abc")
    with app.test_request_context("/", base_url="http://localhost/pad"):
        assert urls.url("views.game", game_id="abc") == "/pad/games/abc"
    assert plain == "/games/abc"


def test_a_relative_endpoint_belongs_to_the_requests_blueprint(app: Flask) -> None:
    with app.test_request_context("/api/games/abc"):
        assert urls.url(".get_game", game_id="abc") == url_for("api.get_game", game_id="abc")


def test_pages_under_a_prefix_link_within_it(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, _token = example
    page = client.get(f"/games/{game_id}", base_url="http://localhost/pad")
    assert page.status_code == 200
    assert f'href="/pad/games/{game_id}/sheet"' in page.text
    assert f'href="/games/{game_id}/sheet"' not in page.text


def test_every_rule_makes_the_address_werkzeug_makes(app: Flask) -> None:
    # The app's rules compile their builders on first use (urls.LazyRule); a map of Werkzeug's
    # own rules, compiled as they are added, makes every address the same.
    eager = Map(
        [
            Rule(rule.rule, endpoint=rule.endpoint, methods=rule.methods, defaults=rule.defaults)
            for rule in app.url_map.iter_rules()
        ],
        converters=app.url_map.converters,
    )
    adapters = [made.bind("pad.example", script_name="/pad") for made in (app.url_map, eager)]
    rules = list(app.url_map.iter_rules())
    # All but the static files' rule, which Flask adds when it makes the app.
    lazy = [rule for rule in rules if isinstance(rule, urls.LazyRule)]
    assert len(lazy) == len(rules) - 1 > 50
    for rule in rules:
        values: dict[str, object] = {name: f"v-{name}é" for name in rule.arguments}
        for extra in ({}, {"next": "/games/a?b=1&c=ü", "lang": ["de", "el"]}):
            for external in (False, True):
                asked = {**values, **extra}
                made = [_built(adapter, rule.endpoint, asked, external) for adapter in adapters]
                assert made[0] == made[1], rule.rule


def _built(adapter: MapAdapter, endpoint: str, values: dict[str, object], external: bool) -> str:
    """The address, or the refusal (a value its converter does not take) as text."""
    try:
        return adapter.build(endpoint, values, force_external=external)
    except ValueError as refused:
        return f"refused: {refused}"


def test_a_rules_builder_is_compiled_once_on_its_first_address(app: Flask) -> None:
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == "views.score_sheet")
    assert not rule._build_unknown.__name__.startswith("<builder:"), "compiled at start"
    with app.test_request_context("/"):
        assert url_for("views.score_sheet", game_id="abc") == "/games/abc/sheet"
        compiled = rule._build_unknown
        assert compiled.__name__.startswith("<builder:")
        assert url_for("views.score_sheet", game_id="xyz") == "/games/xyz/sheet"
        assert rule._build_unknown is compiled
