"""The rules page of each game of the family, in every language, linked to the others."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorekeeper.core import rulebook
from scorekeeper.core.family import SKULL_KING, with_rules
from scorekeeper.render import languages
from tests.pages import one, soup
from tests.test_translations import SAME_IN, SAME_WORDS, TRANSLATED, words

PAGES = with_rules()
ADDRESSES = {"wizard": "/rules", "skull_king": "/rules/skull_king", "oh_hell": "/rules/oh_hell"}
TEXT = "h1, h2, h3, p, li, dt, dd, th"


def texts(client: FlaskClient, address: str, code: str) -> list[str]:
    response = client.get(f"{address}?lang={code}")
    assert response.status_code == 200
    return [tag.get_text(" ", strip=True) for tag in soup(response).select(f"article {TEXT}")]


@pytest.mark.parametrize("key", PAGES)
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_page_is_in_the_readers_language(client: FlaskClient, key: str, code: str) -> None:
    english = texts(client, ADDRESSES[key], "en")
    translated = texts(client, ADDRESSES[key], code)
    assert len(english) == len(translated)
    # The worked example's players keep their names.
    allowed = SAME_WORDS | SAME_IN[code] | {row[0].lower() for row in rulebook.EXAMPLE}
    left = [
        text
        for text, same in zip(english, translated, strict=True)
        if text == same and words(text) - allowed
    ]
    assert left == []


@pytest.mark.parametrize("key", PAGES)
def test_each_page_links_to_the_others(client: FlaskClient, key: str) -> None:
    page = soup(client.get(ADDRESSES[key]))
    links = {str(link["href"]) for link in page.select("nav.rule-games a")}
    assert links == {address for other, address in ADDRESSES.items() if other != key}
    assert one(page, "nav.rule-games [aria-current=page]")


def test_wizards_address_stays_and_an_unknown_game_has_no_page(client: FlaskClient) -> None:
    assert client.get("/rules/wizard").headers["Location"].endswith("/rules")
    assert client.get("/rules/bridge").status_code == 404
    assert client.get("/rules/%00").status_code == 404


def test_the_schedules_are_the_declarations(client: FlaskClient) -> None:
    page = soup(client.get("/rules/skull_king"))
    broadside = one(page, "#schedule-broadside + p + table")
    rows = {
        int(row.th.get_text()): row.td.contents[0].strip()  # type: ignore[union-attr]
        for row in broadside.select("tbody tr")
    }
    for players, hands in rows.items():
        assert hands == ", ".join(map(str, SKULL_KING.schedules(players)["broadside"]))
    assert rows[8] == ", ".join(["8"] * 10)


def test_every_bonus_and_scoring_is_shown_with_its_points(client: FlaskClient) -> None:
    page = soup(client.get("/rules/skull_king"))
    bonuses = [row.td.get_text() for row in page.select("table.bonuses tbody tr")]  # type: ignore[union-attr]
    assert bonuses == ["+10", "+20", "+20", "+30", "+40", "+20"]
    scores = soup(client.get("/rules/oh_hell")).select("table.scores tbody tr")
    assert [cell.get_text() for cell in scores[0].select("td")] == ["+12", "+3", "+10", "+1"]
    assert len(scores) == 4


def test_languages_are_all_covered() -> None:
    assert set(TRANSLATED) | {"en"} == set(languages.LANGUAGES)
