"""Addresses made once per process still follow the request's script root and blueprint."""

from __future__ import annotations

from flask import Flask, url_for
from flask.testing import FlaskClient

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
