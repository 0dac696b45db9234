"""A page opened with ``?lang=`` stays in that language: the link is remembered as the switcher's
choice (issue 33's walk: the next page fell back to English). Downloads with ``?lang=`` and the
API only follow it."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests import plays


def test_a_page_opened_in_a_language_keeps_it(client: FlaskClient) -> None:
    assert '<html lang="en"' in client.get("/").text
    opened = client.get("/rules?lang=el")
    assert '<html lang="el"' in opened.text
    assert "lang=el" in opened.headers["Set-Cookie"]
    assert '<html lang="el"' in client.get("/").text
    # The switcher still changes it, and an unknown language changes nothing.
    client.get("/language/de?next=/")
    assert "Set-Cookie" not in client.get("/?lang=xx").headers
    assert '<html lang="de"' in client.get("/").text


def test_downloads_and_the_api_only_follow_it(client: FlaskClient) -> None:
    game_id, _token = plays.create(client, {"players": ["Ana", "Ben", "Cleo"], "first_dealer": 0})
    for path in (f"/games/{game_id}/export.csv?lang=es", f"/api/games/{game_id}?lang=es"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert "Set-Cookie" not in answer.headers, path
    assert '<html lang="en"' in client.get("/").text
