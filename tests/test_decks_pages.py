"""The anniversary decks on the phone pages (without JavaScript), the correction page, the rules
page and the blank pad."""

from __future__ import annotations

import csv
import io

from flask.testing import FlaskClient
from pypdf import PdfReader

from tests.pages import act, errors, one, post, soup, start_game

NAMES = ["Tom", "Dick", "Mary", "Ana"]
TRICKS = {f"tricks-{seat}": 0 for seat in range(4)}


def test_a_round_without_the_cloud_shows_no_changed_bid(client: FlaskClient) -> None:
    """Correcting a round nobody won the Cloud in: the changed bid is blank, not a bid of 0
    (issue 33's walk)."""
    game_id = one_card_round_bid(client)
    assert act(client, game_id, "tricks", **{**TRICKS, "tricks-1": 1}) == []
    form = soup(client.get(f"/games/{game_id}/rounds/1/edit"))
    assert one(form, "#cloud_seat option[selected]")["value"] == ""
    assert form.select("input[name=cloud_change][checked]") == []


def one_card_round_bid(client: FlaskClient, deck: str = "anniversary_25") -> str:
    game_id = start_game(client, NAMES, deck=deck)
    assert act(client, game_id, "trump", turned="jester", suit="") == []
    for seat in (1, 2, 3, 0):
        assert act(client, game_id, "bid", seat=seat, bid=0) == []
    return game_id


def test_the_classic_deck_shows_no_special_card(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES)
    page = soup(client.get(f"/games/{game_id}"))
    assert page.select_one(".special-trump") is None
    assert act(client, game_id, "trump", turned="jester", suit="") == []
    for seat in (1, 2, 3, 0):
        act(client, game_id, "bid", seat=seat, bid=0)
    assert soup(client.get(f"/games/{game_id}")).select_one(".specials-played") is None
    # A Bomb sent anyway is refused by the rules, in words.
    refused = act(client, game_id, "tricks", **(TRICKS | {"tricks-0": 1, "bomb": "1"}))
    assert refused == ["That card is not in the deck this game is played with."]


def test_the_special_trump_asks_a_plain_question(client: FlaskClient) -> None:
    """The special cards' part of the trump step asks whether one turned up, then says what to
    choose, the Werewolf swapped in among them (it read "A special card, or a Werewolf swapped
    for the turned card"). Beside the suits, unfolded (issue 49: at most two taps): a card that
    gives no trump is one button, any other a card to choose, then its trump."""
    game_id = start_game(client, NAMES, deck="anniversary_25")
    page = soup(client.get(f"/games/{game_id}"))
    assert page.select("details.special-fold") == []
    none = one(page, "form.special-none")
    assert one(none, "legend").get_text() == "Turned up a special card?"
    buttons = [(b["name"], b["value"], b.get_text()) for b in none.select("button")]
    assert buttons == [("turned", "fairy", "Fairy: no trump"), ("turned", "bomb", "Bomb: no trump")]
    form = one(page, "form.special-trump")
    # Its own name beside the group above (issue 49's second walk: a screen reader read the
    # same question twice).
    assert one(form, "legend").get_text() == (
        "A special card that gives a trump: the card, then its trump"
    )
    assert "Werewolf swapped for the turned card is chosen here" in one(form, ".hint").get_text()
    cards = [radio["value"] for radio in form.select("input[type=radio][name=turned]")]
    assert cards == ["dragon", "werewolf", "juggler", "cloud", "shapeshifter"]
    # No card is chosen for the table: the browser asks for one, and a trump sent without one
    # is refused, in words.
    assert form.select("input[name=turned][checked]") == []
    assert all(radio.has_attr("required") for radio in form.select("input[name=turned]"))
    refused = act(client, game_id, "trump", suit="hearts")
    assert refused == ["Choose the card that was turned up, then its trump."]
    # One tap for the Fairy, as the button sends it.
    assert act(client, game_id, "trump", turned="fairy") == []


def test_the_bomb_button_comes_back_with_the_tricks_kept(client: FlaskClient) -> None:
    game_id = one_card_round_bid(client)
    answer = post(client, game_id, "tricks", **TRICKS, special="bomb")
    assert answer.status_code == 303 and answer.headers["Location"].endswith("tricks=1:0.0.0.0:b")
    page = soup(client.get(answer.headers["Location"]))
    assert one(page, ".specials-played button.bomb")["aria-pressed"] == "true"
    assert one(page, ".facts-note").get_text() == "The Bomb took the only trick of this round."
    assert one(page, ".tricks-form")["data-hand"] == "0"
    # No trick left for the players: said so, not "all 0 tricks" (issue 33's walk).
    assert one(page, ".remaining").get_text(strip=True) == "No trick to give out"
    form = one(page, ".tricks-form")
    assert form["data-wrong"] == "Too many: {sum} given out, there is no trick to give out"
    assert act(client, game_id, "tricks", **TRICKS, bomb="1") == []
    sheet = soup(client.get(f"/games/{game_id}/sheet"))
    assert sheet.select_one("table.pad .bomb-mark") is not None


def test_too_many_tricks_after_the_bomb_are_said_against_the_tricks_to_give_out(
    client: FlaskClient,
) -> None:
    """Issue 49's walk: with the Bomb in a hand of 2, "the hand has 1 trick" (Greek: "το χέρι
    έχει 1 μπάζα"); the count says the tricks left to give out, below the Bomb's note (out of
    the sticky bar, where the two made it 152 px high)."""
    game_id = one_card_round_bid(client)
    assert act(client, game_id, "tricks", **{**TRICKS, "tricks-1": 1}) == []
    assert act(client, game_id, "trump", turned="jester", suit="") == []
    for seat in (2, 3, 0, 1):
        assert act(client, game_id, "bid", seat=seat, bid=0) == []
    client.get("/language/el")
    answer = post(client, game_id, "tricks", **TRICKS, special="bomb")
    page = soup(client.get(answer.headers["Location"]))
    assert one(page, ".tricks-form")["data-wrong"] == (
        "Πάρα πολλές: δόθηκαν {sum}, ενώ δίνεται μόνο 1 μπάζα"
    )
    assert page.select(".confirm-bar .facts-note") == []
    note = one(page, ".steppers").find_previous_sibling("p")
    assert note is not None and "facts-note" in note["class"]
    assert note.get_text() == "Η Βόμβα πήρε μία από τις 2 μπάζες: δεν πάει σε κανέναν"  # noqa: RUF001


def test_a_cloud_without_a_direction_is_refused_and_kept(client: FlaskClient) -> None:
    game_id = one_card_round_bid(client)
    answer = post(client, game_id, "tricks", **(TRICKS | {"tricks-2": 1, "cloud-seat": "2"}))
    assert answer.headers["Location"].endswith("tricks=1:0.0.1.0:c2")
    assert errors(client, game_id) == [
        "Choose whether the Cloud's winner bids one more or one less."
    ]
    kept = soup(client.get(answer.headers["Location"]))
    assert one(kept, "select[name=cloud-seat] option[selected]")["value"] == "2"
    sent = {**TRICKS, "tricks-2": 1, "cloud-seat": "2", "cloud-change": "+1"}
    assert act(client, game_id, "tricks", **sent) == []
    # The round's result says the Cloud in words, not only by the changed bid's arrow.
    result = soup(client.get(f"/games/{game_id}")).select(".result .hint")
    assert [hint.get_text() for hint in result] == ["Mary \u2013 Cloud: scored against a bid of 1"]
    sheet = soup(client.get(f"/games/{game_id}/sheet"))
    assert one(sheet, "table.pad .cloud-mark [aria-hidden]").get_text() == "→1"
    # Mary bid 0, the Cloud took her to 1 and she took 1: 30.
    assert "+30" in sheet.select("table.pad tbody td")[2].get_text()


def test_a_correction_keeps_the_cloud_and_refuses_one_nobody_won(client: FlaskClient) -> None:
    game_id = one_card_round_bid(client)
    sent = {**TRICKS, "tricks-2": 1, "cloud-seat": "2", "cloud-change": "+1"}
    assert act(client, game_id, "tricks", **sent) == []
    form = soup(client.get(f"/games/{game_id}/rounds/1/edit"))
    assert one(form, "#cloud_seat option[selected]")["value"] == "2"
    # One more or one less, as on the tricks step, not a list of every number (issue 33).
    assert one(form, "input[name=cloud_change][checked]")["value"] == "+1"
    assert form.select("select[name=cloud_bid]") == []
    assert one(form, "#turned option[value=werewolf]") is not None
    fields = {
        "version": one(form, "input[name=version]")["value"],
        "csrf_token": "",
        "turned": "werewolf",
        "suit": "hearts",
        **{f"bids-{seat}": 0 for seat in range(4)},
        **{f"tricks-{seat}": 0 for seat in range(4)},
        "tricks-2": 1,
        "bomb": "",
        "cloud_seat": "2",
        "cloud_change": "+1",
    }
    # The Bomb in a one-card round: nobody took a trick, so nobody won the Cloud's.
    refused = soup(
        client.post(f"/games/{game_id}/rounds/1/edit", data=fields | {"bomb": "y", "tricks-2": 0})
    )
    assert (
        "did not win the Cloud's trick"
        in one(refused, "fieldset.specials-played .field-error").get_text()
    )
    # Refused, the page opens at its top: the focus brings the Cloud's choices into view.
    assert one(refused, "input[name=cloud_change][autofocus]")["value"] == "+1"
    # A Cloud that takes a bid of 0 below 0 is said beside the Cloud's choices.
    refused = soup(
        client.post(f"/games/{game_id}/rounds/1/edit", data=fields | {"cloud_change": "-1"})
    )
    said = "A bid of 0 can only go up with the Cloud."
    assert [p.get_text() for p in refused.select("fieldset.specials-played .field-error")] == [said]
    assert not refused.select(".flash.error")
    # A trick missing: said with the Bomb, as on the tricks step (issue 33's walk).
    refused = soup(
        client.post(
            f"/games/{game_id}/rounds/1/edit",
            data=fields | {"tricks-2": 0, "cloud_seat": "", "cloud_change": ""},
        )
    )
    assert [p.get_text() for p in refused.select(".flash.error")] == [
        "Tricks add up to 0, but 1 was played this round: only the Bomb's trick goes to nobody. "
        "If the Bomb was played, tap \u201cThe Bomb was played\u201d."
    ]
    answer = client.post(f"/games/{game_id}/rounds/1/edit", data=fields)
    assert answer.status_code == 303, soup(answer).select(".flash, .field-error")
    record = client.get(f"/games/{game_id}/export.json").json
    assert record is not None
    # Corrected: the round keeps its figures from before (core/corrections.py).
    assert record["rounds"][0] == {
        "trump": {"turned": "werewolf", "suit": "hearts"},
        "bids": [0, 0, 0, 0],
        "tricks": [0, 0, 1, 0],
        "cloud": {"seat": 2, "bid": 1},
        "corrected_from": {
            "trump": {"turned": "jester", "suit": None},
            "bids": [0, 0, 0, 0],
            "tricks": [0, 0, 1, 0],
            "cloud": {"seat": 2, "bid": 1},
        },
    }


def test_a_corrected_clouds_change_follows_the_bid_as_corrected(client: FlaskClient) -> None:
    """The Cloud's changed bid is worked out from the bid on the same correction page."""
    game_id = one_card_round_bid(client)
    sent = {**TRICKS, "tricks-2": 1, "cloud-seat": "2", "cloud-change": "+1"}
    assert act(client, game_id, "tricks", **sent) == []
    form = soup(client.get(f"/games/{game_id}/rounds/1/edit"))
    fields = {
        "version": one(form, "input[name=version]")["value"],
        "turned": "jester",
        **{f"bids-{seat}": 0 for seat in range(4)},
        **{f"tricks-{seat}": 0 for seat in range(4)},
        "bids-2": 1,
        "tricks-2": 1,
        "cloud_seat": "2",
        "cloud_change": "-1",
    }
    answer = client.post(f"/games/{game_id}/rounds/1/edit", data=fields)
    assert answer.status_code == 303, soup(answer).select(".flash, .field-error")
    record = client.get(f"/games/{game_id}/export.json").json
    assert record is not None
    assert record["rounds"][0]["cloud"] == {"seat": 2, "bid": 0}
    again = soup(client.get(f"/games/{game_id}/rounds/1/edit"))
    assert one(again, "input[name=cloud_change][checked]")["value"] == "-1"
    # Without a direction it is refused in words, beside the Cloud's choices.
    fields |= {"version": one(again, "input[name=version]")["value"], "cloud_change": ""}
    refused = soup(client.post(f"/games/{game_id}/rounds/1/edit", data=fields))
    said = "Choose whether the Cloud's winner bids one more or one less."
    assert [p.get_text() for p in refused.select("fieldset.specials-played .field-error")] == [said]


def test_tricks_one_short_point_at_the_bomb(client: FlaskClient) -> None:
    """A trick missing where the deck has a Bomb: the refusal says where to tap it (issue 33);
    the Bomb tapped in a one-card round, a trick still given: said plainly, not "0 to 0"."""
    game_id = one_card_round_bid(client)
    bomb = "If the Bomb was played, tap \u201cThe Bomb was played\u201d."
    refused = act(client, game_id, "tricks", **TRICKS)
    assert refused == [
        "Tricks add up to 0, but 1 was played this round: only the Bomb's trick goes to nobody. "
        + bomb
    ]
    refused = act(client, game_id, "tricks", **(TRICKS | {"tricks-1": 1, "bomb": "1"}))
    assert refused == ["The Bomb took the only trick of this round: nobody takes a trick."]
    # Too many: said without "every trick has exactly one winner", untrue with a Bomb in the
    # deck (issue 33's walk), and without the Bomb's button.
    refused = act(client, game_id, "tricks", **(TRICKS | {"tricks-1": 1, "tricks-2": 1}))
    assert refused == ["Tricks add up to 2, but 1 was played this round: no trick has two winners."]
    # A classic deck: the rules' sentence alone.
    classic = one_card_round_bid(client, deck="classic")
    assert act(client, classic, "tricks", **TRICKS) == [
        "Tricks add up to 0, but 1 was played this round: every trick has exactly one winner."
    ]
    # The API keeps its stable sentence and code.
    assert act(client, game_id, "tricks", **(TRICKS | {"tricks-1": 1})) == []


def test_the_rules_page_explains_every_special_card(client: FlaskClient) -> None:
    page = soup(client.get("/rules"))
    cards = [dt.get_text() for dt in page.select(".special-cards dt")]
    assert cards == [
        "Dragon", "Fairy", "Bomb", "Werewolf", "Juggler", "Cloud", "Shapeshifter", "Witch",
        "Vampire",
    ]  # fmt: skip
    assert page.select_one("#variant-deck-anniversary-25") is not None


def test_the_blank_pad_follows_the_deck(client: FlaskClient) -> None:
    classic = client.get("/sheets/blank.pdf?players=4")
    anniversary = client.get("/sheets/blank.pdf?players=4&deck=anniversary_20")
    assert classic.status_code == anniversary.status_code == 200
    assert classic.data != anniversary.data  # the last round turns a trump card
    assert client.get("/sheets/blank.pdf?players=7&deck=anniversary_20").status_code == 400
    assert client.get("/sheets/blank.pdf?players=4&deck=jumbo").status_code == 400


def test_undo_reopens_the_round_with_its_bomb_and_cloud(client: FlaskClient) -> None:
    game_id = one_card_round_bid(client)
    assert act(client, game_id, "tricks", **(TRICKS | {"tricks-1": 1})) == []
    assert act(client, game_id, "trump", turned="jester", suit="") == []
    for seat in (2, 3, 0, 1):
        assert act(client, game_id, "bid", seat=seat, bid=0) == []
    # Two cards: the Bomb took one trick, Dick the other, the Cloud's with it.
    sent = TRICKS | {"tricks-1": 1, "bomb": "1", "cloud-seat": "1", "cloud-change": "+1"}
    assert act(client, game_id, "tricks", **sent) == []
    assert act(client, game_id, "undo") == []
    page = soup(client.get(f"/games/{game_id}"))  # read back from the database
    assert one(page, ".specials-played button.bomb")["aria-pressed"] == "true"
    assert one(page, "select[name=cloud-seat] option[selected]")["value"] == "1"
    assert one(page, "input[name=cloud-change][value='+1']").has_attr("checked")


def test_the_printed_sheet_and_the_csv_show_the_bomb_and_the_cloud(client: FlaskClient) -> None:
    game_id = one_card_round_bid(client)
    sent = TRICKS | {"tricks-1": 1, "cloud-seat": "1", "cloud-change": "+1"}
    assert act(client, game_id, "tricks", **sent) == []
    assert act(client, game_id, "trump", turned="werewolf", suit="") == []
    for seat in (2, 3, 0, 1):
        assert act(client, game_id, "bid", seat=seat, bid=0) == []
    assert act(client, game_id, "tricks", **(TRICKS | {"tricks-3": 1, "bomb": "1"})) == []
    printed = client.get(f"/games/{game_id}/sheet.pdf")
    assert printed.status_code == 200
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(printed.data)).pages)
    # The changed bid keeps its arrow with it (a no-break space), on a line of its own if need be.
    assert "0 →\xa01" in text and "Werewolf" in text and "Bomb" in text
    # The phone's sheet says what its arrow is, as the PDF does (issue 33's walk).
    legends = [p.get_text() for p in soup(client.get(f"/games/{game_id}/sheet")).select(".legend")]
    assert "→ the Cloud's changed bid, which the score counts" in legends
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/export.csv").text)))
    assert rows[0][-2:] == ["bid scored", "Bomb"]
    dick = rows[2]  # round 1, seat 1
    assert dick[4:] == ["Dick", "0", "1", "30", "30", "", "", "1", "0"]
    assert rows[5][-2:] == ["0", "1"]  # round 2, Tom: bid 0 as scored, the Bomb


def test_a_long_special_card_name_breaks_only_with_a_hyphen(client: FlaskClient) -> None:
    """Issue 49's walk: "Gestaltwandle / r", "Μεταμορφωτή / ς" on the trump step at 390 px. A
    long name carries soft hyphens of the page's language (a break draws its hyphen); a short
    one none."""
    game_id = start_game(client, NAMES, deck="anniversary_25")
    expected = {
        "de": ("Gestalt\xadwand\xadler", "Wolke"),
        "el": ("Μετα\xadμορ\xadφω\xadτής", "Σύννεφο"),  # noqa: RUF001
    }
    for lang, (long, short) in expected.items():
        client.get(f"/language/{lang}")
        form = one(soup(client.get(f"/games/{game_id}")), "form.special-trump")
        names = [span.get_text() for span in form.select(".chip span")]
        assert long in names and short in names
