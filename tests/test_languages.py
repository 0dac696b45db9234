"""The pad in eight languages: which language a request gets, and every page crawled in each.

The crawl fails on any English sentence of the app's own messages left on a page (a string shown
without gettext, or missing from a catalogue), in the text, the labels a screen reader reads, the
PDF and the CSV.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from functools import cache
from random import Random
from urllib.parse import urlsplit

import pytest
from flask import Flask, abort
from flask.testing import FlaskClient
from flask_babel import gettext
from pypdf import PdfReader

from scorekeeper.core import game, record, sheet
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Length, Variants
from scorekeeper.core.variants import Edition
from scorekeeper.render import game_words, languages
from tests.pages import act, one, soup, start_game
from tests.plays import legal_round, played_game
from tests.test_evening_pages import new_evening
from tests.test_groups_pages import make_group, new_group_game, play_five
from tests.test_translations import SAME_IN, SAME_WORDS, catalogue, extracted, sources, words

TRANSLATED = [code for code in languages.LANGUAGES if code != "en"]
NAMES = ["Ana", "Bo", "Cy", "Di"]


@cache
def english_sentences(code: str) -> tuple[str, ...]:
    """The literal parts of every message that must not show up in English in ``code``: parts
    of three words or more, where the translation is not the same words."""
    allowed = SAME_WORDS | SAME_IN[code]
    parts: set[str] = set()
    for message in extracted():
        if not message.id:
            continue
        for text in sources(message):
            if not words(text) - allowed:
                continue
            translated = catalogue(code).get(message.id)
            if translated is not None and translated.string in (text, (text,)):
                continue
            for part in re.split(r"%\(\w+\)[sd]", text):
                part = part.strip(" .:;,()\"'")
                if len(re.findall(r"[A-Za-z]+", part)) >= 3:
                    parts.add(part)
    return tuple(sorted(parts))


def leftovers(text: str, code: str) -> list[str]:
    flat = " ".join(text.split())
    return [part for part in english_sentences(code) if part in flat]


def page_text(html: str) -> str:
    """What a reader sees or hears: the text and the labels of the page."""
    page = soup_of(html)
    for hidden in page.select("script, style"):
        hidden.decompose()
    labels = [
        str(value)
        for tag in page.find_all(True)
        for name in ("aria-label", "title", "placeholder", "alt")
        if (value := tag.get(name))
    ]
    return " ".join([page.get_text(" "), *labels])


def soup_of(html: str):  # type: ignore[no-untyped-def]
    from bs4 import BeautifulSoup

    return BeautifulSoup(html, "html.parser")


def html_lang_of(html: str) -> str:
    tag = soup_of(html).select_one("html")
    return str(tag["lang"]) if tag is not None else "en"


def in_language(client: FlaskClient, code: str) -> None:
    assert client.get(f"/language/{code}?next=/").status_code == 303


def import_record(client: FlaskClient, played: GameRecord) -> str:
    """Make the game on this client (it becomes its scorekeeper); returns the game's id."""
    text = record.record_text(record.to_record(sheet.build(played)))
    response = client.post(
        "/games/import", data={"record": (io.BytesIO(text.encode()), "game.json")}
    )
    assert response.status_code == 302
    return response.headers["Location"].rsplit("/", 1)[-1]


def seven_players_before_the_last_round() -> GameRecord:
    record = game.new_game(tuple(f"Player {n}" for n in range(1, 8)), 0, Variants())
    rng = Random(7)
    for _ in range(7):
        record = game.add_round(record, legal_round(record, rng))
    return record


def crawl(client: FlaskClient) -> Iterator[tuple[str, str]]:
    """(what, text) of every page of the pad, with a game in each phase of a round."""
    yield "home (empty)", client.get("/").get_data(as_text=True)
    yield "new game", client.get("/games/new").get_data(as_text=True)
    refused = {"players-0": "Ana", "jester_bid": "y", "bid_visibility": "hidden", "length": "x"}
    yield "new game refused", client.post("/games/new", data=refused).get_data(as_text=True)
    yield "rules", client.get("/rules").get_data(as_text=True)
    yield "not found", client.get("/games/nope").get_data(as_text=True)
    game_id = start_game(client, NAMES, length="quick", foresight="y", pull_one="y")
    yield "trump", client.get(f"/games/{game_id}").get_data(as_text=True)
    act(client, game_id, "trump", turned="wizard", suit="spades")
    yield "bids", client.get(f"/games/{game_id}").get_data(as_text=True)
    yield "table display", client.get(f"/games/{game_id}/display").get_data(as_text=True)
    yield "offline", client.get("/offline").get_data(as_text=True)
    act(client, game_id, "bid", seat=0, bid=5)
    errors = act(client, game_id, "bid", seat=3, bid=9)
    assert errors
    for seat in (1, 2, 3):
        act(client, game_id, "bid", seat=seat, bid=0)
    yield "play", client.get(f"/games/{game_id}").get_data(as_text=True)
    act(client, game_id, "tricks", **{"tricks-0": 0, "tricks-2": 0, "tricks-3": 0})
    yield "result", client.get(f"/games/{game_id}").get_data(as_text=True)
    yield "sheet", client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    yield "correct", client.get(f"/games/{game_id}/rounds/1/edit").get_data(as_text=True)
    share = client.get(f"/games/{game_id}/share").get_data(as_text=True)
    yield "share", share
    other = client.application.test_client()
    other.get(f"/language/{html_lang_of(share)}?next=/")
    links = [str(a["href"]) for a in soup_of(share).select("a.link")]
    join = next(link for link in links if "/join/" in link)
    yield "join", other.get(urlsplit(join).path).get_data(as_text=True)
    yield "watching", other.get(f"/games/{game_id}").get_data(as_text=True)
    yield "old view link", other.get(f"/games/{game_id}/watch/old").get_data(as_text=True)
    yield "delete", client.get(f"/games/{game_id}/delete").get_data(as_text=True)
    sealed = start_game(client, NAMES, bid_visibility="hidden", edition="fantasy")
    act(client, sealed, "trump", turned="suit", suit="hearts")
    yield "sealed bids", client.get(f"/games/{sealed}?bidder=2").get_data(as_text=True)
    act(client, sealed, "bid", seat=2, bid=1)
    version = soup(client.get(f"/games/{sealed}")).select_one("input[name=version]")
    assert version is not None
    undo = client.post(f"/games/{sealed}/undo", data={"version": version["value"]})
    yield "undo a sealed bid", undo.get_data(as_text=True)
    last = import_record(client, seven_players_before_the_last_round())
    yield "last round trump", client.get(f"/games/{last}").get_data(as_text=True)
    done = import_record(client, played_game(3, Variants(length=Length.FIVE_ROUNDS), 5))
    yield "game over", client.get(f"/games/{done}").get_data(as_text=True)
    yield "home", client.get("/").get_data(as_text=True)
    yield from crawl_groups(client)


def crawl_groups(client: FlaskClient) -> Iterator[tuple[str, str]]:
    """The group pages: a group with a finished game, a player, its share and join pages."""
    yield "new group", client.get("/groups/new").get_data(as_text=True)
    yield "new group refused", client.post("/groups/new", data={"name": " "}).get_data(as_text=True)
    group_id = make_group(client, "Taverna")
    yield "empty group", client.get(f"/groups/{group_id}").get_data(as_text=True)
    yield "group game form", client.get(f"/groups/{group_id}/games/new").get_data(as_text=True)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Bo", "Cy"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="new-0"))
    yield "group", client.get(f"/groups/{group_id}").get_data(as_text=True)
    yield "filtered", client.get(f"/groups/{group_id}?length=five_rounds").get_data(as_text=True)
    yield "player", client.get(f"/groups/{group_id}/players/ana").get_data(as_text=True)
    share = client.get(f"/groups/{group_id}/share").get_data(as_text=True)
    yield "group share", share
    join = next(str(a["href"]) for a in soup_of(share).select("a") if "/join/" in str(a["href"]))
    other = client.application.test_client()
    other.get(f"/language/{html_lang_of(share)}?next=/")
    yield "group join", other.get(urlsplit(join).path).get_data(as_text=True)
    yield from crawl_trash(client, group_id)


def crawl_trash(client: FlaskClient, group_id: str) -> Iterator[tuple[str, str]]:
    """The trash of a club night and of its group: their delete pages, their pages in the trash,
    the home page listing them, delete for good, and the pages of ones gone for good."""
    evening = f"/evenings/{new_evening(client, group_id)}"
    for what, path in (("club night", evening), ("group", f"/groups/{group_id}")):
        page = client.get(f"{path}/delete")
        yield f"{what} delete", page.get_data(as_text=True)
        version = one(soup(page), "input[name=version]")["value"]
        assert client.post(f"{path}/delete", data={"version": version}).status_code == 303
        yield f"{what} in the trash", client.get(path).get_data(as_text=True)
        yield f"home with a {what} in the trash", client.get("/").get_data(as_text=True)
    yield (
        "group delete for good",
        client.get(f"/groups/{group_id}/delete-for-good").get_data(as_text=True),
    )
    client.post(f"/groups/{group_id}/restore", data={"version": "1"})
    yield (
        "club night delete for good",
        client.get(f"{evening}/delete-for-good").get_data(as_text=True),
    )
    client.post(f"{evening}/delete-for-good", data={"version": "1"})
    yield "club night gone", client.get(evening).get_data(as_text=True)


def test_the_crawl_finds_english_where_it_is_left(client: FlaskClient) -> None:
    """The check itself: the English pages are full of what the crawl looks for."""
    found = {what: leftovers(page_text(html), "el") for what, html in crawl(client)}
    assert all(found.values()), [what for what, left in found.items() if not left]


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_page_shows_an_english_sentence(client: FlaskClient, code: str) -> None:
    in_language(client, code)
    found = {what: leftovers(page_text(html), code) for what, html in crawl(client)}
    assert {what: left for what, left in found.items() if left} == {}


@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_the_home_page_names_the_three_games(client: FlaskClient, code: str) -> None:
    """The pad keeps Wizard, Skull King and Oh Hell: its name and its first line say so, in
    every language (a game's name as the pad writes it there, "Oh Hell (Podrida)")."""
    in_language(client, code)
    page = soup(client.get("/"))
    lead = one(page, "main p.lead").get_text()
    with client.application.test_request_context(headers={"Accept-Language": code}):
        names = [game_words.game_name(key) for key in ("wizard", "skull_king", "oh_hell")]
        title = gettext("Score pad")
    assert all(name in lead for name in names), lead
    assert "Wizard" not in one(page, "main h1").get_text()
    assert one(page, "main h1").get_text() == title
    assert (code == "en") is (title == "Score pad")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_pdf_and_the_csv_speak_the_page_language(client: FlaskClient, code: str) -> None:
    game_id = import_record(client, played_game(4, Variants(edition=Edition.FANTASY), 3))
    pdf = client.get(f"/games/{game_id}/sheet.pdf?lang={code}")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.data)).pages)
    assert leftovers(text, code) == []
    group_id = make_group(client, "Taverna")
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Bo", "Cy"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="new-0"))
    season = client.get(f"/groups/{group_id}/season.pdf?lang={code}")
    season_text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(season.data)).pages)
    assert leftovers(season_text, code) == []
    blank = client.get(f"/sheets/blank.pdf?players=5&lang={code}")
    blank_text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(blank.data)).pages)
    assert leftovers(blank_text, code) == []
    rows = list(
        csv.reader(io.StringIO(client.get(f"/games/{game_id}/export.csv?lang={code}").text))
    )
    english = ["round", "cards", "dealer", "trump", "player", "bid", "tricks", "score", "total"]
    english += ["adjustment", "reason"]
    header = [cell.lstrip("\ufeff") for cell in rows[0]]
    assert header != english and len(header) == len(english)


# --- which language a request gets -----------------------------------------------------------


def html_lang(client: FlaskClient, path: str = "/", **headers: str) -> str:
    tag = soup(client.get(path, headers=headers)).select_one("html")
    assert tag is not None
    return str(tag["lang"])


def test_english_without_a_preference(client: FlaskClient) -> None:
    assert html_lang(client) == "en"


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("es-ES,es;q=0.9", "es"),
        ("pt-BR", "pt"),
        ("hr", "hr"),
        ("el-GR,en;q=0.5", "el"),
        ("de-AT", "de"),
        ("fr-CH, en", "fr"),
        ("it", "it"),
        ("nl, de;q=0.5", "de"),
        ("ja", "en"),
    ],
)
def test_the_page_follows_the_phone_language(client: FlaskClient, header: str, code: str) -> None:
    assert html_lang(client, **{"Accept-Language": header}) == code


def test_the_switcher_is_on_every_page_and_names_each_language_in_itself(
    client: FlaskClient,
) -> None:
    for path in ("/", "/games/new", "/rules", "/games/nope"):
        links = soup(client.get(path)).select("footer .languages a")
        assert [a.get_text() for a in links] == list(languages.LANGUAGES.values())
        assert [a["lang"] for a in links] == list(languages.LANGUAGES)


def test_the_switcher_is_remembered_over_the_phone_language(client: FlaskClient) -> None:
    response = client.get("/language/hr?next=/rules")
    assert response.status_code == 303 and response.headers["Location"] == "/rules"
    assert "Max-Age" in response.headers["Set-Cookie"]
    assert html_lang(client, "/rules", **{"Accept-Language": "de"}) == "hr"
    page = soup(client.get("/rules"))
    current = page.select_one("footer .languages a[aria-current]")
    assert current is not None and current.get_text() == "Hrvatski"
    assert page.select_one("h1").get_text() == "Pravila igre Wizard"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "next_page",
    [
        "//evil.example/x",
        "/\\evil.example",
        "https://x.y/",
        "",
        # A browser drops tabs and line breaks before it reads an address: "//evil.example".
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r\n/evil.example",
        # A line break in the header once answered 500.
        "/rules\r\nSet-Cookie: x=1",
        "/x\\..\\\\evil.example",
        "/\x00/evil.example",
    ],
)
def test_the_switcher_goes_back_only_to_this_site(client: FlaskClient, next_page: str) -> None:
    response = client.get("/language/es", query_string={"next": next_page})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_the_switcher_goes_back_to_the_page_with_its_query(client: FlaskClient) -> None:
    response = client.get("/language/es", query_string={"next": "/rules?x=1#bidding"})
    assert response.headers["Location"] == "/rules?x=1#bidding"


def test_an_unknown_language_changes_nothing(client: FlaskClient) -> None:
    client.get("/language/xx?next=/")
    assert html_lang(client) == "en"


def test_a_link_may_carry_its_language(app: Flask, client: FlaskClient) -> None:
    assert html_lang(client, "/?lang=it") == "it"
    # Remembered from then on (tests/test_language_link.py); a language the pad lacks is
    # ignored.
    assert html_lang(client, "/?lang=xx") == "it"
    assert html_lang(app.test_client(), "/?lang=xx") == "en"


def test_the_api_error_follows_accept_language_and_its_code_never_changes(
    client: FlaskClient, app: Flask
) -> None:
    body = {"players": ["Ana", "Bo"], "first_dealer": 0}
    english = client.post("/api/games", json=body).get_json()
    client.get("/language/de?next=/")  # the cookie is for pages, not for programs
    cookie_only = client.post("/api/games", json=body).get_json()
    greek = client.post("/api/games", json=body, headers={"Accept-Language": "el"}).get_json()
    assert english["code"] == cookie_only["code"] == greek["code"] == "player_count"
    assert english["error"] == cookie_only["error"]
    assert english["error"].startswith("Wizard is played by 3 to 8 players")
    assert greek["error"].startswith("Το Wizard παίζεται από 3 έως 8 παίκτες")  # noqa: RUF001


def test_forms_refuse_in_the_reader_language(client: FlaskClient) -> None:
    in_language(client, "hr")
    page = soup(client.post("/games/new", data={"players-0": "Ana", "length": "marathon"}))
    errors = [p.get_text() for p in page.select(".field-error")]
    assert "To nije ispravan odabir." in errors
    assert "Upiši imena barem 3 igrača." in errors


def test_large_numbers_are_grouped_as_the_language_writes_them(app: Flask) -> None:
    from scorekeeper.render import labels

    with app.test_request_context("/?lang=de"):
        assert labels.number(-1200) == "\u22121.200"
        assert labels.signed(1200) == "+1.200"
        assert labels.number(-30) == "\u221230"
        assert labels.day("2026-12-01") == "1. Dezember 2026"
    with app.test_request_context("/"):
        assert labels.number(12000) == "12,000"
        assert labels.day("2026-12-01") == "December 1, 2026"


def test_any_other_http_error_is_a_sentence_in_the_reader_language(app: Flask) -> None:
    def teapot() -> str:
        abort(418)

    app.add_url_rule("/teapot", "teapot", teapot)
    response = app.test_client().get("/teapot", headers={"Accept-Language": "de"})
    assert response.status_code == 418
    assert "Das hat nicht geklappt" in response.get_data(as_text=True)
    assert "I'm a teapot" not in response.get_data(as_text=True)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_wizard_card_and_the_apps_name_are_translated_apart(
    client: FlaskClient, code: str
) -> None:
    """One English word, two messages (contexts "card" and "app name"): the card takes the
    language's word, the game keeps its published name."""
    game_id = start_game(client, ["Ana", "Bo", "Cy"])
    tags = {
        tag.get_text()
        for tag in soup(client.get(f"/games/{game_id}?lang={code}")).select("button.wizard .tag")
    }
    card = catalogue(code).get("Wizard", context="card")
    assert card is not None and tags == {card.string} and card.string != "Wizard"
    game = catalogue(code).get("Wizard", context="app name")
    assert game is not None and game.string == "Wizard"
    display = soup(client.get(f"/games/{game_id}/display?lang={code}"))
    assert one(display, ".facts dd").get_text() == "Wizard"
