"""Light on the table's Wi-Fi: pages, the stylesheet and scripts go compressed where the phone
accepts it, the stylesheet and scripts minified; ETags, 304s and the API's versions still hold."""

from __future__ import annotations

import brotli
import rcssmin
import rjsmin
from flask.testing import FlaskClient

from scorekeeper.paths import STATIC
from tests.pages import soup, start_game
from tests.plays import EXAMPLE_GAME, json_of

CHROMIUM = {"Accept-Encoding": "gzip, deflate, br, zstd"}
NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def _linked(client: FlaskClient, suffix: str) -> str:
    """The address of the file ending in ``suffix`` that the home page links."""
    page = soup(client.get("/"))
    for tag in page.select("link[href], script[src]"):
        address = str(tag.get("href") or tag.get("src"))
        if address.split("?")[0].endswith(suffix):
            return address
    raise AssertionError(f"the home page links no {suffix}")


def test_a_page_goes_compressed_to_a_phone_that_accepts_it(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    plain = client.get(f"/games/{game_id}")
    packed = client.get(f"/games/{game_id}", headers=CHROMIUM)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.data) < len(plain.data) / 3
    assert brotli.decompress(packed.data) == plain.data


def test_gzip_where_brotli_is_not_accepted(client: FlaskClient) -> None:
    answer = client.get("/games/new", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["Content-Encoding"] == "gzip"


def test_the_stylesheet_and_scripts_are_served_minified_under_their_hash(
    client: FlaskClient,
) -> None:
    for suffix, minify in ((".css", rcssmin.cssmin), (".js", rjsmin.jsmin)):
        address = _linked(client, suffix)
        name = address.split("?")[0].removeprefix("/static/")
        source = (STATIC / name).read_text(encoding="utf-8")
        served = client.get(address)
        assert served.status_code == 200
        assert served.get_data(as_text=True) == minify(source)
        assert len(served.data) < len(source.encode()) * 0.9
        assert "max-age=31536000" in served.headers["Cache-Control"]
        etag = served.headers["ETag"]
        assert address.endswith("v=" + etag.strip('"'))
        assert client.get(address, headers={"If-None-Match": etag}).status_code == 304
        packed = client.get(address, headers=CHROMIUM)
        assert packed.headers["Content-Encoding"] == "br"
        again = client.get(address, headers={**CHROMIUM, "If-None-Match": packed.headers["ETag"]})
        assert again.status_code == 304


def test_a_static_file_that_is_not_there_is_404_not_a_500(client: FlaskClient) -> None:
    missing = ("/static/none.js", "/static/../scorekeeper/__init__.py", "/static/x/../../a.css")
    for address in missing:
        assert client.get(address).status_code == 404


def test_the_api_keeps_its_versions_as_etags_uncompressed(client: FlaskClient) -> None:
    created = client.post("/api/games", json=EXAMPLE_GAME, headers=CHROMIUM)
    game_id = json_of(created)["id"]
    got = client.get(f"/api/games/{game_id}", headers=CHROMIUM)
    assert got.headers["ETag"] == '"1"' and "Content-Encoding" not in got.headers
    repeat = client.get(f"/api/games/{game_id}", headers={**CHROMIUM, "If-None-Match": '"1"'})
    assert repeat.status_code == 304


def test_the_version_check_and_tiny_answers_stay_as_they_are(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    first = client.get(f"/games/{game_id}/version", headers=CHROMIUM)
    assert first.status_code == 200 and "Content-Encoding" not in first.headers
    etag = first.headers["ETag"]
    assert etag == '"1"'
    repeat = client.get(f"/games/{game_id}/version", headers={**CHROMIUM, "If-None-Match": etag})
    assert repeat.status_code == 304 and repeat.headers["ETag"] == etag
