"""Live pages: the version check phones poll, the table display, and what a page needs to follow
its game (with and without JavaScript)."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from scorekeeper.web.security import CONTENT_SECURITY_POLICY
from tests.pages import act, one, play_round, soup, start_game
from tests.test_view_link import renew

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def _check(client: FlaskClient, game_id: str, etag: str | None = None) -> tuple[int, str, bytes]:
    headers = {"If-None-Match": etag} if etag else {}
    response = client.get(f"/games/{game_id}/version", headers=headers)
    return response.status_code, response.headers.get("ETag", ""), response.data


def test_the_version_check_answers_304_until_the_game_changes(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    status, etag, body = _check(client, game_id)
    assert status == 200 and json.loads(body) == {"version": 1} and etag == '"1"'
    assert _check(client, game_id, etag) == (304, etag, b"")
    assert act(client, game_id, "trump", turned="jester") == []
    status, changed, body = _check(client, game_id, etag)
    assert status == 200 and changed == '"2"' and json.loads(body) == {"version": 2}
    assert _check(client, game_id, changed)[0] == 304


def test_the_version_check_is_never_kept_by_a_cache_and_sets_no_cookie(
    client: FlaskClient,
) -> None:
    game_id = start_game(client, NAMES)
    watcher = client.application.test_client()
    response = watcher.get(f"/games/{game_id}/version")
    assert response.headers["Cache-Control"] == "no-cache"
    assert "Set-Cookie" not in response.headers


def test_the_version_check_of_an_unknown_game_is_404(client: FlaskClient) -> None:
    assert client.get("/games/nope/version").status_code == 404


def test_game_pages_carry_their_version_for_the_script(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    for path in (f"/games/{game_id}", f"/games/{game_id}/sheet", f"/games/{game_id}/display"):
        body = soup(client.get(path)).body
        assert body is not None
        assert body["data-version-url"] == f"/games/{game_id}/version", path
        assert body["data-version"] == "1", path


def test_without_javascript_watching_pages_refresh_themselves(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    watcher = client.application.test_client()
    for path in (f"/games/{game_id}", f"/games/{game_id}/sheet", f"/games/{game_id}/display"):
        refresh = soup(watcher.get(path)).select("head noscript meta[http-equiv=refresh]")
        assert [meta["content"] for meta in refresh] == ["10"], path
    # The scorekeeper's own page never reloads under their finger.
    assert not soup(client.get(f"/games/{game_id}")).select("meta[http-equiv=refresh]")


def test_the_table_display_shows_round_dealer_trump_and_standings(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    play_round(client, game_id, [1, 0, 0, 0], [1, 0, 0, 0])
    assert act(client, game_id, "trump", turned="suit", suit="clubs") == []
    watcher = client.application.test_client()
    page = soup(watcher.get(f"/games/{game_id}/display"))
    text = page.get_text(" ", strip=True)
    assert "Round 2 of 15" in text and "2 cards" in text
    assert "Dealer Ben" in text and "Clubs" in text
    standings = [li.get_text(" ", strip=True) for li in page.select(".standings li")]
    assert standings[0] == "1. Ana 30"
    # View-only, for everyone: no form, no edit link, no header with links to change anything.
    assert not page.select("form, button, a[href*='/join/'], .tabs")


def test_a_sealed_bid_shows_on_the_display_only_as_being_in(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES, bid_visibility="hidden")
    assert act(client, game_id, "trump", turned="jester") == []
    # Ben bids first (left of the dealer, Ana).
    assert act(client, game_id, "bid", seat=1, bid=1) == []
    page = soup(client.application.test_client().get(f"/games/{game_id}/display"))
    rows = page.select(".bids-now tbody tr")
    names = [row.select_one("th") for row in rows]
    cells = [row.select_one("td.bid") for row in rows]
    bids = {
        name.get_text(" ", strip=True): cell.get_text(" ", strip=True)
        for name, cell in zip(names, cells, strict=True)
        if name is not None and cell is not None
    }
    assert bids == {"Ben": "sealed", "Cleo": "…", "Dan": "…", "Ana (dealer)": "…"}
    assert "Bids so far" not in page.get_text(" ")


def test_the_display_shows_no_result_while_the_hand_is_played(client: FlaskClient) -> None:
    """Before the tricks are confirmed the display has the bids, a zero among them, and nothing
    that looks like a result ("won 0", "needs", "made"); once confirmed, the standings move."""
    game_id = start_game(client, NAMES)
    play_round(client, game_id, [1, 0, 0, 0], [1, 0, 0, 0])
    assert act(client, game_id, "trump", turned="jester") == []
    for seat, bid in ((2, 0), (3, 1), (0, 0), (1, 1)):
        assert act(client, game_id, "bid", seat=seat, bid=bid) == []
    watcher = client.application.test_client()
    page = soup(watcher.get(f"/games/{game_id}/display"))
    heads = [th.get_text(strip=True) for th in page.select(".bids-now thead th")]
    assert heads == ["Player", "Bid"]
    assert [td.get_text(strip=True) for td in page.select(".bids-now td")] == ["0", "1", "0", "1"]
    words = page.get_text(" ", strip=True).lower().split()
    assert not {"won", "needs", "made", "over", "counted", "✓"} & set(words)
    standings = [li.get_text(" ", strip=True) for li in page.select(".standings li")]
    assert standings[0] == "1. Ana 30"
    assert act(client, game_id, "tricks", **{"tricks-0": 0, "tricks-1": 1, "tricks-2": 0}) == []
    page = soup(watcher.get(f"/games/{game_id}/display"))
    standings = [li.get_text(" ", strip=True) for li in page.select(".standings li")]
    assert standings[:2] == ["1. Ana 50", "1. Ben 50"]
    assert "Round 3 of 15" in page.get_text(" ", strip=True)


def test_the_share_page_links_the_table_display_with_its_own_qr_code(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    page = soup(client.get(f"/games/{game_id}/share"))
    link = page.select_one("a.display-link")
    assert link is not None and str(link["href"]).endswith(f"/games/{game_id}/display")
    opened = one(page, "a.button[href$='/display']")
    assert opened.get_text() == "Open the table display here"
    assert len(page.select(".qr svg")) == 3
    # Each a named picture to a screen reader, in the page's language (issue 49's walk).
    named = {(svg["role"], one(svg, "title").get_text()) for svg in page.select(".qr svg")}
    assert named == {("img", "QR code of this link")}
    greek = one(soup(client.get(f"/games/{game_id}/share?lang=el")), ".qr svg title")
    assert greek.get_text() == "Κωδικός QR αυτού του συνδέσμου"


def test_a_form_sent_by_the_script_gets_its_redirect_as_json(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    response = client.post(
        f"/games/{game_id}/trump",
        data={"version": 1, "turned": "jester"},
        headers={"X-Pad-Send": "1"},
    )
    assert response.status_code == 200 and response.json == {"location": f"/games/{game_id}"}
    assert "Location" not in response.headers
    # The message it leads to is still there for the page it leads to (another trump: the
    # same one again would be the same tap sent twice, entered once).
    stale = client.post(
        f"/games/{game_id}/trump",
        data={"version": 1, "turned": "suit", "suit": "hearts"},
        headers={"X-Pad-Send": "1"},
    )
    assert stale.json == {"location": f"/games/{game_id}"}
    errors = soup(client.get(f"/games/{game_id}")).select(".flash.error")
    assert errors and "changed on another phone" in errors[0].get_text()


def test_the_manifest_makes_the_pad_installable(client: FlaskClient) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = response.json
    assert manifest is not None
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["name"] == "Score pad" and manifest["short_name"] == "Score pad"
    assert manifest["description"] == (
        "The score pad for Wizard, Skull King, and Oh Hell, on the phones at the table."
    )
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as image:
            assert image.status_code == 200 and image.mimetype == icon["type"], icon
            data = image.data
        if icon["type"] == "image/png":
            width, height = int.from_bytes(data[16:20]), int.from_bytes(data[20:24])
            assert f"{width}x{height}" == icon["sizes"]
    page = soup(client.get("/"))
    assert page.select_one("link[rel=manifest]")["href"] == "/manifest.webmanifest"  # type: ignore[index]
    themes = {meta["media"]: meta["content"] for meta in page.select("meta[name=theme-color]")}
    assert set(themes) == {"(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"}


def test_the_service_worker_is_served_from_the_root_and_never_cached(client: FlaskClient) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    script = response.get_data(as_text=True)
    assert '"/offline"' in script and "__" not in script
    # It caches the offline page (one per language), its stylesheet and script, and the language
    # a page told it, nothing else: pages always come from the server.
    assert script.count("cache.put(") == 2 and script.count("cache.addAll(") == 1
    assert '"el"' in script and '"de"' in script
    assert soup(client.get("/")).body["data-sw"] == "/sw.js"  # type: ignore[index]


def test_the_offline_page_keeps_the_strict_policy_and_offers_both_retries(
    client: FlaskClient,
) -> None:
    response = client.get("/offline")
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    html = response.get_data(as_text=True)
    for marker in ("<!--retry-post-->", "<!--/retry-post-->", "<!--kept-->", "<!--retry-get-->"):
        assert marker in html
    assert "<script>" not in html and "style=" not in html
    # It asks the server until it answers (live.js), and names the kept tap.
    assert 'data-ping="/offline"' in html and "<!--kept-what-->" in html


def test_the_offline_page_speaks_the_language_asked(client: FlaskClient) -> None:
    html = client.get("/offline?lang=de", headers={"Accept-Language": "el"}).get_data(as_text=True)
    assert '<html lang="de">' in html and "Keine Verbindung zum Block" in html


def test_after_a_view_link_is_renewed_only_phones_holding_it_follow_the_game(
    client: FlaskClient,
) -> None:
    game_id = start_game(client, NAMES)
    old_watcher = client.application.test_client()
    assert old_watcher.get(f"/games/{game_id}/version").status_code == 200
    renew(client, game_id)
    for path in ("/version", "/display"):
        assert old_watcher.get(f"/games/{game_id}{path}").status_code == 403, path
    # The share page's display link carries the new view token, and opens the display.
    page = soup(client.get(f"/games/{game_id}/share"))
    link = page.select_one("a.display-link")
    assert link is not None and "/display/" in str(link["href"])
    table = client.application.test_client()
    opened = table.get(str(link["href"]), follow_redirects=True)
    assert opened.status_code == 200 and soup(opened).select_one("#display-round") is not None
    assert table.get(f"/games/{game_id}/version").status_code == 200
    assert client.get(f"/games/{game_id}/version").status_code == 200
    wrong = old_watcher.get(f"/games/{game_id}/display/not-the-token")
    assert wrong.status_code == 403
