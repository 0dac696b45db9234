"""The rules page and the help that matches the app: hand sizes on the form, the trump of a last
round that leaves cards, Foresight, sealed bids in any order with a confirmed undo, the edition's
suit names."""

from __future__ import annotations

import io

from bs4 import Tag
from flask.testing import FlaskClient

from scorekeeper.core import rulebook
from scorekeeper.core.rules import Variants
from scorekeeper.core.variants import Edition
from tests.pages import act, one, soup, start_game, version
from tests.plays import played_game
from tests.test_languages import import_record, seven_players_before_the_last_round

NAMES = ["Ana", "Bo", "Cy", "Di"]


def rule_ids(client: FlaskClient) -> set[str]:
    return {str(tag["id"]) for tag in soup(client.get("/rules")).select("[id]")}


def test_the_rules_page_explains_the_game_and_every_variant(client: FlaskClient) -> None:
    ids = rule_ids(client)
    assert {"deal", "trump", "bidding", "tricks", "scoring", "example"} <= ids
    for spec, value, _key in rulebook.entries():
        assert rulebook.anchor(spec.key) in ids
        if value is not None:
            assert rulebook.anchor(spec.key, value) in ids
    page = soup(client.get("/rules"))
    example = page.select_one("table.example")
    assert example is not None
    rows = [[cell.get_text() for cell in row.select("th, td")] for row in example.select("tr")]
    # A row group per round: its title, then each player's bid, tricks, score and total.
    mary, tom = (
        rows.index(["Mary", "1", "1", "+30", "30"]),
        rows.index(["Tom", "2", "1", "\u221210", "10"]),
    )
    assert rows.index(["Round 1"]) < mary < rows.index(["Round 2"]) < tom


def test_the_form_links_once_to_the_rules_of_every_variant(client: FlaskClient) -> None:
    """One link, not one under every heading (issue 21): it leads to the variants section,
    which holds the paragraph of every variant and every value."""
    links = soup(client.get("/games/new")).select("form.new-game a.rule-link")
    assert [str(link["href"]) for link in links] == ["/rules#variants"]
    rules = soup(client.get("/rules"))
    section = one(rules, "#variants")
    following = {str(tag["id"]) for tag in section.find_all_next(id=True)}
    assert {rulebook.anchor(spec.key) for spec, _value, _key in rulebook.entries()} <= following


def test_each_round_phase_links_to_its_rule(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    ids = rule_ids(client)
    assert {"trump", "bidding", "tricks"} <= ids
    assert soup(client.get(f"/games/{game_id}")).select_one("a[href='/rules#trump']")
    act(client, game_id, "trump", turned="jester")
    assert soup(client.get(f"/games/{game_id}")).select_one("a[href='/rules#bidding']")
    for seat in (1, 2, 3, 0):
        act(client, game_id, "bid", seat=seat, bid=0)
    assert soup(client.get(f"/games/{game_id}")).select_one("a[href='/rules#tricks']")


def test_the_form_shows_the_hand_sizes_of_each_length(client: FlaskClient) -> None:
    page = soup(client.get("/games/new"))
    label = one(page, "input[name=length][value=quick]").find_parent("label")
    assert label is not None
    details = label.find_next_sibling("details")
    assert isinstance(details, Tag)
    lines = [li.get_text(" ", strip=True) for li in details.select("li")]
    assert lines[0] == "3 players: 2, 4, … 20 cards"
    assert lines[-1] == "8 players: 1, 3, 5, 7 cards"
    # Tables that play the same hands share a line.
    five = one(page, "input[name=length][value=five_rounds]").find_parent("label")
    assert five is not None
    same = five.find_next_sibling("details")
    assert isinstance(same, Tag)
    assert [li.get_text(" ", strip=True) for li in same.select("li")] == [
        "3\u20138 players: 1, 2, … 5 cards"
    ]
    text = page.get_text(" ")
    assert "deals the whole deck" not in text
    assert "Reminded in one-card rounds only. There are none in:" in text


def test_foresight_without_a_one_card_hand_is_said_when_the_game_starts(
    client: FlaskClient,
) -> None:
    game_id = start_game(client, NAMES[:3], length="quick", foresight="y")
    flashes = [p.get_text() for p in soup(client.get(f"/games/{game_id}")).select(".flash.info")]
    assert any("Foresight is played with one-card hands" in text for text in flashes)
    page = soup(client.get(f"/games/{game_id}"))
    assert page.select_one(".reminders") is None


def test_foresight_is_reminded_in_the_one_card_round(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES, foresight="y")
    reminders = soup(client.get(f"/games/{game_id}")).select_one(".reminders")
    assert reminders is not None and "Foresight" in reminders.get_text()


def test_the_last_round_says_why_a_trump_card_is_turned(client: FlaskClient) -> None:
    game_id = import_record(client, seven_players_before_the_last_round())
    note = soup(client.get(f"/games/{game_id}")).select_one(".last-round")
    assert note is not None
    assert "the deal leaves 4 cards" in note.get_text()
    # Six players deal the whole deck in the last round: nothing to turn, nothing to explain.
    whole = import_record(client, played_game(6, Variants(), 9))
    assert soup(client.get(f"/games/{whole}")).select_one(".last-round") is None


def sealed(client: FlaskClient) -> str:
    game_id = start_game(client, NAMES, first_dealer=3, bid_visibility="hidden")
    act(client, game_id, "trump", turned="suit", suit="hearts")
    return game_id


def test_whoever_is_ready_bids_when_bids_are_sealed(client: FlaskClient) -> None:
    game_id = sealed(client)
    page = soup(client.get(f"/games/{game_id}"))
    ready = [a.get_text() for a in page.select("nav.ready a")]
    assert ready == NAMES
    page = soup(client.get(f"/games/{game_id}?bidder=2"))
    seat = page.select_one(".bid-pad input[name=seat]")
    assert seat is not None and seat["value"] == "2"
    assert act(client, game_id, "bid", seat=2, bid=1) == []
    assert act(client, game_id, "bid", seat=1, bid=0) == []
    page = soup(client.get(f"/games/{game_id}?bidder=2"))  # already bid: the next one instead
    assert page.select_one(".bid-pad input[name=seat]")["value"] == "0"  # type: ignore[index]
    assert [a.get_text() for a in page.select("nav.ready a")] == ["Ana", "Di"]


def test_open_bids_ignore_a_chosen_bidder(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES, first_dealer=3)
    act(client, game_id, "trump", turned="jester")
    page = soup(client.get(f"/games/{game_id}?bidder=2"))
    assert page.select_one(".bid-pad input[name=seat]")["value"] == "0"  # type: ignore[index]
    assert page.select_one("nav.ready") is None


def test_undo_of_a_sealed_bid_names_whose_it_is_and_asks_first(client: FlaskClient) -> None:
    game_id = sealed(client)
    act(client, game_id, "bid", seat=2, bid=1)
    asked = client.post(f"/games/{game_id}/undo", data={"version": version(client, game_id)})
    assert asked.status_code == 200
    page = soup(asked)
    assert page.select_one("h1").get_text() == "Take back the bid of Cy?"  # type: ignore[union-attr]
    said = " ".join(tag.get_text() for tag in page.select("main h1, main p"))
    assert "1" not in said  # whose bid, never its value
    still = soup(client.get(f"/games/{game_id}"))
    assert [a.get_text() for a in still.select("nav.ready a")] == ["Ana", "Bo", "Di"]
    # A reload of the question (a GET of its address) goes back to the round, asking nothing.
    reloaded = client.get(f"/games/{game_id}/undo")
    assert reloaded.status_code == 303
    assert reloaded.headers["Location"] == f"/games/{game_id}"
    confirmed = client.post(
        f"/games/{game_id}/undo", data={"version": version(client, game_id), "confirm": "yes"}
    )
    assert confirmed.status_code == 303
    page = soup(client.get(f"/games/{game_id}"))
    assert [a.get_text() for a in page.select("nav.ready a")] == NAMES


def test_the_fantasy_edition_names_the_races_everywhere(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES, edition="fantasy")
    buttons = soup(client.get(f"/games/{game_id}")).select("button[name=suit]")
    assert buttons[0].get_text(" ", strip=True) == "H Humans (blue)"
    assert buttons[2].get_text(" ", strip=True) == "D Dwarves (red)"
    act(client, game_id, "trump", turned="suit", suit="spades")
    page = soup(client.get(f"/games/{game_id}"))
    assert page.select_one(".trump").get_text() == "G Giants (yellow)"  # type: ignore[union-attr]
    played = import_record(client, played_game(4, Variants(edition=Edition.FANTASY), 4))
    exported = client.get(f"/games/{played}/export.csv").text
    assert "(blue)" in exported or "(green)" in exported or "(red)" in exported
    assert "♥" not in exported and "♣" not in exported
    from pypdf import PdfReader

    pdf = client.get(f"/games/{played}/sheet.pdf").data
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Suit names: Fantasy edition" in " ".join(text.split())


def test_greek_rules_go_on_in_a_small_letter_after_an_options_label(client: FlaskClient) -> None:
    """Issue 33's Greek walk: a capital after "Quick game:" read wrong; Greek puts a small letter
    after a colon that goes on with the sentence. English keeps its capital."""
    for lang, first in (("el", str.islower), ("en", str.isupper)):
        page = soup(client.get(f"/rules?lang={lang}"))
        labelled = [
            p for p in page.select("p") if (b := p.find("b")) and b.get_text().endswith(":")
        ]
        assert len(labelled) > 10
        for paragraph in labelled:
            label = str(one(paragraph, "b").get_text())
            after = paragraph.get_text()[len(label) :].lstrip()
            assert first(after[0]), (lang, paragraph.get_text())
