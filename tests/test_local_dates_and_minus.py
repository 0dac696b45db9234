"""Dates and negative numbers as each language writes them: a game card's day and the season's
days in words ("1 de diciembre de 2026", never 2026-12-01), and a negative total or mean with a
real minus sign (U+2212), never a hyphen, on the table display, the sheet and a player's page."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.render import labels, languages
from tests.pages import play_round, soup
from tests.test_groups_pages import make_group, new_group_game

MINUS = "\u2212"
# A hyphen before a digit that is no part of a word or a date: a minus written wrong.
HYPHEN_MINUS = re.compile(r"(?<![\w\-])-\d")
ISO_DAY = re.compile(r"\b\d{4}-\d\d-\d\d\b")


def _text(client: FlaskClient, path: str, lang: str) -> str:
    response = client.get(f"{path}?lang={lang}")
    assert response.status_code == 200, path
    page = soup(response)
    for hidden in page.select("script, style, template"):
        hidden.decompose()
    return page.get_text(" ")


@pytest.fixture
def season(client: FlaskClient) -> tuple[str, str, str]:
    """A group's finished five-round game in which Ben misses every bid (minus 50); the group, the
    game, and the game's day (YYYY-MM-DD)."""
    group = make_group(client)
    names = {"new_names-0": "Ana", "new_names-1": "Ben", "new_names-2": "Cleo"}
    game = new_group_game(client, group, **names, first_dealer="new-0")
    for cards in range(1, 6):
        play_round(client, game, [cards, 1, 0], [cards, 0, 0])
    with client.application.app_context():
        stored = storage.load(storage.get_db(), game)
    assert stored is not None and stored.record.players == ("Ana", "Ben", "Cleo")
    return group, game, stored.created_at[:10]


@pytest.mark.parametrize("lang", list(languages.LANGUAGES))
def test_days_are_written_in_the_pages_language(
    app: Flask, client: FlaskClient, season: tuple[str, str, str], lang: str
) -> None:
    group, _game, day = season
    with app.test_request_context(f"/?lang={lang}"):
        written = labels.day(day)
    assert not ISO_DAY.search(written)
    for path in ("/", f"/groups/{group}", f"/groups/{group}/players/ben"):
        text = _text(client, path, lang)
        assert written in text, path
        assert not ISO_DAY.search(text), path


@pytest.mark.parametrize("lang", list(languages.LANGUAGES))
def test_negative_numbers_have_a_real_minus_sign(
    client: FlaskClient, season: tuple[str, str, str], lang: str
) -> None:
    group, game, _day = season
    pages = {
        f"/games/{game}/display": [f"{MINUS}50"],
        f"/games/{game}/sheet": [f"{MINUS}50", f"{MINUS}10"],
        # Ben's best total, and his tricks minus bid (one trick short every round).
        f"/groups/{group}/players/ben": [f"{MINUS}50", f"{MINUS}1"],
    }
    for path, numbers in pages.items():
        text = _text(client, path, lang)
        for number in numbers:
            assert number in text, (path, number)
        assert not HYPHEN_MINUS.search(text), (path, HYPHEN_MINUS.findall(text))
