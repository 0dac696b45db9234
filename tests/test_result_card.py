"""Issue 51, the result card: a finished game's standings as a PNG for the group chat, drawn by
the server in the reader's language, names readable in a thumbnail (at least 4 % of the
height), at most 200 KB; the same bytes when asked again; 409 with a code while played."""

from __future__ import annotations

import io
from random import Random

import pytest
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from scorekeeper import storage
from scorekeeper.core import game, sheet
from scorekeeper.core.rules import Length, Variants
from scorekeeper.render import result_card
from scorekeeper.web import result_cards
from tests.pages import soup
from tests.plays import bearer, create, json_of, legal_round, round_json
from tests.test_bgstats import NAMES, played
from tests.test_evenings_api import evening, play_to_the_end, sitting

LONG_NAMES = [
    "Αλεξανδρόπουλος Κωνσταντίνος",
    "Κατερίνα Παπαδοπούλου",
    "Γιώργος",
    "Μαρία-Ελένη Χατζηδάκη",
    "Νίκος",
    "Ελένη Σταυροπούλου-Καραγιάννη",
    "Δημήτρης",
    "Σοφία",
]


def card_of(app: Flask, game_id: str, lang: str) -> result_card.Card:
    """The card as drawn for a reader of ``lang``, with what it wrote."""
    with app.test_request_context(headers={"Accept-Language": lang}):
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        return result_card.game_card(sheet.build(stored.record), result_cards.words(stored))


def test_the_card_of_a_finished_game(app: Flask, client: FlaskClient) -> None:
    game_id = played(client)
    answer = client.get(f"/games/{game_id}/card.png")
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    assert answer.headers["Content-Disposition"].startswith("inline; filename=")
    assert len(answer.data) <= 200_000
    image = Image.open(io.BytesIO(answer.data))
    assert image.size == (1200, 630) and image.format == "PNG"
    # Asked again (a chat, a second phone): the same bytes, from what was kept.
    assert client.get(f"/games/{game_id}/card.png").data == answer.data
    # What it says: the game, its deck and day, every player by place with their total.
    totals = json_of(client.get(f"/api/games/{game_id}"))["totals"]
    card = card_of(app, game_id, "en")
    written = [line.text for line in card.lines]
    assert written[0] == "Wizard" and "Classic deck" in written[2]
    assert "Game length: Five rounds" in written[2]
    for seat, name in enumerate(NAMES):
        row = next(i for i, text in enumerate(written) if text.endswith(name))
        assert written[row + 1] == str(totals[seat])  # the total beside the name
    best = max(totals)
    starred = sorted(t for t in written if t.startswith("★ "))
    assert starred == sorted(f"★ {NAMES[s]}" for s, t in enumerate(totals) if t == best)


def test_eight_long_names_in_greek_stay_readable(app: Flask, client: FlaskClient) -> None:
    game_id, token = create(
        client, {"players": LONG_NAMES, "first_dealer": 0, "variants": {"length": "five_rounds"}}
    )
    record = game.begin("wizard", LONG_NAMES, 0, Variants(length=Length.FIVE_ROUNDS))
    rng = Random(2)
    while len(record.rounds) < len(record.schedule):
        one = legal_round(record, rng)
        url = f"/api/games/{game_id}/rounds"
        assert client.post(url, json=round_json(one), headers=bearer(token)).status_code == 201
        record = game.add_round(record, one)
    card = card_of(app, game_id, "el")
    assert len(card.png) <= 200_000
    names = [line for line in card.lines if line.text.lstrip("★ ").rstrip("…") and line.x > 100]
    names = [line for line in names if not line.text.lstrip("-").isdigit() and line.x < 600]
    assert len(names) == 8
    for line in names:
        assert line.size >= 0.04 * result_card.HEIGHT, line
        font = result_card.font(line.size, line.bold)
        assert line.x + font.getlength(line.text) <= 560, line  # clear of the totals
        full = next(name for name in LONG_NAMES if name.startswith(line.text.lstrip("★ ")[:5]))
        assert line.text.lstrip("★ ") == full or line.text.endswith("…")
    assert any("Δεκεμβρίου" in line.text or "202" in line.text for line in card.lines)
    assert any("Διάρκεια" in line.text for line in card.lines)  # the settings in Greek


@pytest.mark.parametrize("rounds", [0, 2])
def test_a_game_still_played_has_no_card(client: FlaskClient, rounds: int) -> None:
    game_id = played(client, rounds=rounds)
    answer = client.get(f"/games/{game_id}/card.png")
    assert answer.status_code == 409
    assert json_of(answer)["code"] == "game_not_finished"
    assert client.get("/games/nope/card.png").status_code == 404


def test_the_game_over_page_offers_the_card(client: FlaskClient) -> None:
    game_id = played(client)
    page = client.get(f"/games/{game_id}", headers={"Accept-Language": "de"})
    text = page.get_data(as_text=True)
    assert f'class="button share-card" href="/games/{game_id}/card.png" download' in text
    assert "Ergebnis teilen" in text


def test_the_card_of_a_club_night_once_it_is_over(app: Flask, client: FlaskClient) -> None:
    players = [f"Player {n}" for n in range(1, 10)]
    evening_id, token, _made = evening(client, players=players, sittings=1)
    drawn = sitting(client, evening_id, token, seed=3)
    first, *others = drawn["tables"]
    play_to_the_end(client, first, 1)
    answer = client.get(f"/evenings/{evening_id}/card.png")
    assert answer.status_code == 409 and json_of(answer)["code"] == "evening_not_over"
    for seed, table in enumerate(others, start=2):
        play_to_the_end(client, table, seed)
    answer = client.get(f"/evenings/{evening_id}/card.png", headers={"Accept-Language": "de"})
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    assert len(answer.data) <= 200_000
    assert Image.open(io.BytesIO(answer.data)).size == (1200, 630)
    state = json_of(client.get(f"/api/evenings/{evening_id}"))
    with app.test_request_context(headers={"Accept-Language": "de"}):
        stored = storage.load_evening(storage.get_db(), evening_id)
        assert stored is not None
        group = storage.load_group(storage.get_db(), stored.group_id)
        assert group is not None
        written = [line.text for line in result_cards.evening_card(stored, group).lines]
    assert written[0] == "Friday club · Clubabend"
    winners = [line["player"] for line in state["standings"] if line["rank"] == 1]
    assert [text for text in written if text.startswith("★ ")] == [f"★ {w}" for w in winners]
    assert "Durchgang 1" in written
    for table in state["sittings"][0]["tables"]:
        said = f"Tisch {table['table']}: ★ {', '.join(table['winners'])}"
        assert said in written
    page = client.get(f"/evenings/{evening_id}").get_data(as_text=True)
    assert f'href="/evenings/{evening_id}/card.png" download' in page


def test_a_shared_link_unfurls_with_the_card(client: FlaskClient) -> None:
    playing = played(client, rounds=1)
    assert 'property="og:image"' not in client.get(f"/games/{playing}").get_data(as_text=True)
    game_id = played(client)
    page = soup(client.get(f"/games/{game_id}"))
    tags = {
        str(tag["property"]): str(tag["content"]) for tag in page.select("meta[property^='og:']")
    }
    assert tags["og:image"] == f"http://localhost/games/{game_id}/card.png"
    assert tags["og:title"].startswith("Wizard · ")
    assert "edit" not in str(tags) and "token" not in str(tags)
    twitter = page.select_one("meta[name='twitter:card']")
    assert twitter is not None and twitter["content"] == "summary_large_image"
