"""Page weight: the bytes of every page and of what it loads, plain and on the wire, and requests.

Pages are rendered in process by the real app (CSRF on, as served) for a phone that created the
games. Every stylesheet, script and icon a page links is fetched too and counted with it: that is
what a phone downloads the first time. *On the wire* is what the app sends a browser that
accepts what Chromium does (``Accept-Encoding``): compressed by the app where it compresses.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from benchmarks import games
from scorekeeper import create_app, storage
from scorekeeper.core import game
from scorekeeper.core.rules import Turned
from scorekeeper.web import forms
from scorekeeper.web.forms import extras_entered

LIMIT = 50_000  # bytes, uncompressed, of the largest page with everything it loads
WIRE_LIMIT = 20_000  # bytes on the wire of the same
SKULL_KING = "Skull King tricks, 8 players, bonuses open (el)"
"""The heaviest step of the family: eight long Greek names, every setting of the new-game page
on (every bonus, Loot, destroyed tricks, Harry, Roatan, the Cannonball), the bonuses unfolded
(as a reload keeps them, in the page address); weighed in Greek whatever the others are in."""
PIRATES = tuple(f"Παίκτης Παπαδόπουλος {seat}" for seat in range(8))
# What Chromium says it accepts; a response compressed by the app carries Content-Encoding.
ACCEPT = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def _size(client: FlaskClient, url: str, expected: int = 200) -> tuple[bytes, int]:
    """The body of ``url`` as the page uses it and the bytes it took on the wire."""
    with client.get(url, headers=ACCEPT) as response:
        assert response.status_code == expected, (url, response.status_code)
        body = response.get_data()
        packed = bool(response.headers.get("Content-Encoding"))
    if packed:
        with client.get(url) as plain:
            return plain.get_data(), len(body)
    return body, len(body)


def _assets(html: str) -> list[str]:
    """The same-site files a page makes the browser fetch: stylesheets, scripts, icons, images."""
    soup = BeautifulSoup(html, "html.parser")
    found = [str(tag["href"]) for tag in soup.select("link[href]") if tag.get("rel")]
    found += [str(tag["src"]) for tag in soup.select("script[src], img[src]")]
    return [url for url in found if url.startswith("/")]


def measure_page(client: FlaskClient, url: str, expected: int = 200) -> dict[str, Any]:
    """The weight of one page and of everything it loads."""
    html, row_wire = _size(client, url, expected)
    row: dict[str, Any] = {"url": url, "status": expected, "requests": 1}
    row["html"], row["html_gz"] = len(html), row_wire
    kinds = {"css": 0, "js": 0, "other": 0}
    zipped = row["html_gz"]
    for asset in _assets(html.decode()):
        data, packed = _size(client, asset)
        kind = asset.rsplit(".", 1)[-1].split("?")[0]
        kinds[kind if kind in kinds else "other"] += len(data)
        zipped += packed
        row["requests"] += 1
    row |= kinds
    row["total"] = row["html"] + sum(kinds.values())
    row["total_gz"] = zipped
    return row


def _stored_games(client: FlaskClient, pirate: FlaskClient) -> dict[str, storage.StoredGame]:
    """The games whose pages are weighed, stored directly: ``client`` the editor of Wizard's,
    ``pirate`` of the Skull King game (another phone: the home page still lists six games)."""
    six = games.played(6, 1, seed=21)
    bids = game.set_trump(six, Turned.JESTER, None)
    for seat in game.current_setup(bids).bidders[:3]:
        bids = game.place_bid(bids, seat, 0)
    play = game.set_trump(six, Turned.JESTER, None)
    for seat in game.current_setup(play).bidders:
        play = game.place_bid(play, seat, 1 if seat == 0 else 0)
    records = {
        "trump": six,
        "bids": bids,
        "play": play,
        "six": games.finished(6, seed=22),
        "three": games.finished(3, seed=23),
        "eight": games.finished(8, seed=24),
    }
    database = storage.get_db()
    stored = {name: storage.create_game(database, record) for name, record in records.items()}
    _keep(client, stored.values())
    stored["skull_king"] = storage.create_game(database, _skull_king_at_tricks())
    _keep(pirate, [stored["skull_king"]])
    return stored


def _keep(phone: FlaskClient, kept: Iterable[storage.StoredGame]) -> None:
    """``phone`` the editor of the games ``kept``, as the phone that created them."""
    with phone.session_transaction() as session:
        session["edit"] = {entry.id: entry.edit_token for entry in kept}
        session["seen"] = {game_id: "" for game_id in session["edit"]}


def _skull_king_at_tricks() -> game.GameRecord:
    """Round 1 of a Skull King game of eight with every setting on, every bid in."""
    chosen = {"scoring": "rascal", "bonuses_when_missed": True}
    chosen |= {"advanced_cards": True, "pirate_powers": True}
    record = game.start("skull_king", PIRATES, 0, chosen)
    for seat in range(len(PIRATES)):
        record = game.place_bid(record, seat, 0)
    return record


def _address(url: str, lang: str) -> str:
    """``url`` in ``lang`` if given."""
    return f"{url}{'&' if '?' in url else '?'}lang={lang}" if lang else url


def pages(
    client: FlaskClient,
    watcher: FlaskClient,
    pirate: FlaskClient,
    ids: dict[str, str],
    lang: str = "",
) -> list[dict[str, Any]]:
    """Every page of the app with its weight, in ``lang`` if given (else the default)."""
    opened = forms.draft_text(1, [0] * len(PIRATES)) + extras_entered.Entered(opened=True).text()
    table = [
        ("Home (6 games listed)", client, "/", 200),
        ("New game", client, "/games/new", 200),
        ("Round: trump (round 2, round 1 result shown)", client, f"/games/{ids['trump']}", 200),
        ("Round: bids (3 of 6 bids in)", client, f"/games/{ids['bids']}", 200),
        ("Round: play and tricks", client, f"/games/{ids['play']}", 200),
        ("Round: watching (phone without edit access)", watcher, f"/games/{ids['bids']}", 200),
        ("Game over (6 players)", client, f"/games/{ids['six']}", 200),
        ("Score sheet, 3 players x 20 rounds", client, f"/games/{ids['three']}/sheet", 200),
        ("Score sheet, 6 players x 10 rounds", client, f"/games/{ids['six']}/sheet", 200),
        ("Score sheet, 8 players x 7 rounds", client, f"/games/{ids['eight']}/sheet", 200),
        ("Edit round (round 5 of 6 players)", client, f"/games/{ids['six']}/rounds/5/edit", 200),
        ("Share (both QR codes)", client, f"/games/{ids['six']}/share", 200),
        ("Delete (confirm)", client, f"/games/{ids['six']}/delete", 200),
        ("Error page (404)", client, "/games/no-such-game", 404),
        (SKULL_KING, pirate, f"/games/{ids['skull_king']}?tricks={opened}", 200),
    ]
    return [
        {"page": name, **measure_page(c, _address(url, "el" if name == SKULL_KING else lang), code)}
        for name, c, url, code in table
    ]


def weigh(app: Flask, lang: str = "") -> list[dict[str, Any]]:
    """Every page of ``app`` (a fresh one, CSRF on) with its weight, its games stored first."""
    client, watcher, pirate = app.test_client(), app.test_client(), app.test_client()
    with app.app_context():
        stored = _stored_games(client, pirate)
    return pages(client, watcher, pirate, {name: entry.id for name, entry in stored.items()}, lang)


def pdf_text(client: FlaskClient, game_id: str, names: tuple[str, ...]) -> dict[str, Any]:
    """The PDF of a finished game read back with pdftotext: is every name in its text?"""
    pdf = client.get(f"/games/{game_id}/sheet.pdf").get_data()
    if shutil.which("pdftotext") is None:
        return {"bytes": len(pdf), "checked": False}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sheet.pdf"
        path.write_bytes(pdf)
        text = subprocess.run(
            ["pdftotext", "-layout", str(path), "-"],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout
    return {"bytes": len(pdf), "checked": True, "names_found": all(n in text for n in names)}


def run() -> dict[str, Any]:
    """Weigh every page; the largest, whether it is under the limit, and the PDF text check."""
    with tempfile.TemporaryDirectory(prefix="bench-weight-") as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "weight.sqlite"), "SECRET_KEY": "bench"})
        client, watcher, pirate = app.test_client(), app.test_client(), app.test_client()
        with app.app_context():
            stored = _stored_games(client, pirate)
        ids = {name: entry.id for name, entry in stored.items()}
        rows = pages(client, watcher, pirate, ids)
        with app.app_context():
            pdf = pdf_text(client, ids["three"], stored["three"].record.players)
    largest = max(rows, key=lambda row: row["total"])
    return {
        "pages": rows,
        "largest": largest,
        "limit": LIMIT,
        "over_limit": [row["page"] for row in rows if row["total"] > LIMIT],
        "largest_wire": max(rows, key=lambda row: row["total_gz"]),
        "wire_limit": WIRE_LIMIT,
        "over_wire_limit": [row["page"] for row in rows if row["total_gz"] > WIRE_LIMIT],
        "pdf_text": pdf,
    }
