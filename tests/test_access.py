"""Who may change a game: its creator, holders of the edit link; everyone else only watches."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.pages import act, one, soup, start_game


def _edit_link(client: FlaskClient, game_id: str) -> str:
    links = [a["href"] for a in soup(client.get(f"/games/{game_id}/share")).select("a.link")]
    return next(str(link) for link in links if "/join/" in str(link))


def test_game_ids_are_long_random_and_url_safe(client: FlaskClient) -> None:
    ids = {start_game(client, ["A", "B", "C"]) for _ in range(5)}
    assert len(ids) == 5
    assert all(len(i) >= 16 and i.replace("-", "").replace("_", "").isalnum() for i in ids)


def test_a_watcher_sees_the_game_but_cannot_change_it(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    watcher = app.test_client()
    page = soup(watcher.get(f"/games/{game_id}"))
    assert "watching" in page.get_text()
    assert page.select("form[method=post]") == []
    for action in ("trump", "bid", "tricks", "undo"):
        response = watcher.post(f"/games/{game_id}/{action}", data={"version": 1})
        assert response.status_code == 403
        assert "edit link" in soup(response).get_text()
    assert watcher.post(f"/games/{game_id}/delete").status_code == 403
    assert watcher.get(f"/games/{game_id}/sheet").status_code == 200
    assert soup(watcher.get(f"/games/{game_id}/share")).select("a.link[href*=join]") == []
    assert act(client, game_id, "trump", turned="suit", suit="hearts") == []


def test_edit_link_lets_a_second_phone_keep_score(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    second = app.test_client()
    second.post(_edit_link(client, game_id))
    assert act(second, game_id, "trump", turned="suit", suit="hearts") == []
    assert soup(client.get(f"/games/{game_id}")).select_one(".bid-pad") is not None


def test_a_new_edit_link_locks_out_the_old_one(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    old_link = _edit_link(client, game_id)
    second, third = app.test_client(), app.test_client()
    second.post(old_link)
    version = one(soup(client.get(f"/games/{game_id}/share")), "input[name=version]")["value"]
    client.post(f"/games/{game_id}/share/renew", data={"version": version})
    assert _edit_link(client, game_id) != old_link
    assert second.post(f"/games/{game_id}/undo", data={"version": 1}).status_code == 403
    third.post(old_link)
    assert third.post(f"/games/{game_id}/undo", data={"version": 1}).status_code == 403
    assert act(client, game_id, "trump", turned="jester") == []


def test_delete_asks_first_then_moves_the_game_to_the_trash(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    page = soup(client.get(f"/games/{game_id}/delete"))
    assert "Delete the game?" in one(page, "h1").text
    assert client.get(f"/games/{game_id}").status_code == 200
    client.post(f"/games/{game_id}/delete", data={"version": 1})
    assert client.get(f"/games/{game_id}").status_code == 410  # tests/test_views_trash.py
    home = soup(client.get("/"))
    assert [card.parent for card in home.select(".game-card")] == home.select("ul.trash")


def test_home_lists_only_this_browsers_games(app: Flask, client: FlaskClient) -> None:
    start_game(client, ["Tom", "Dick", "Mary"])
    assert soup(app.test_client().get("/")).select(".game-card") == []


def test_csrf_token_is_required_on_every_form(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    response = client.post("/games/new", data={"players-0": "A"})
    assert response.status_code == 400
    assert "out of date" in soup(response).get_text()
    assert soup(client.get("/")).select(".game-card") == []


def test_security_headers_on_every_response(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    for url in ("/", f"/games/{game_id}", "/nope", "/static/style.css"):
        response = client.get(url)
        headers = response.headers
        response.close()
        policy = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"


def test_session_cookie_is_httponly_lax_and_secure_over_https(app: Flask) -> None:
    client = app.test_client()
    start_game(client, ["Tom", "Dick", "Mary"])
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    assert not cookie.secure
    secure = app.test_client()
    secure.get("/games/new", base_url="https://localhost")
    data = {"players-0": "A", "players-1": "B", "players-2": "C", "first_dealer": "0"}
    data |= {"length": "standard", "bid_restriction": "none", "bid_visibility": "open"}
    secure.post("/games/new", data=data, base_url="https://localhost")
    https_cookie = secure.get_cookie("session", domain="localhost")
    assert https_cookie is not None and https_cookie.secure


def test_player_names_are_text_never_markup(client: FlaskClient) -> None:
    game_id = start_game(client, ["<b>x</b>", "Dick", "Mary"])
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "<b>x</b>" not in client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
