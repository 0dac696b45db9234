"""Where the sheets and the round page misled (issue 49's walk), said right: the Cloud played
has its sign as the Bomb has, on the phone's sheet and the PDF alike; the trump column's dash is
in the key; a missed bid's points still earned are not red; the Bomb's note says what the Bomb
did; Greybeard's trick is not the players' to give out; the Oh Hell length fold says its rounds;
an unfinished PDF says a round not started is not started; a name broken on paper keeps its
hyphen."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from scorekeeper.render import hyphens
from tests import pdfs
from tests.pages import act, one, post, soup
from tests.plays import bearer, create
from tests.test_decks_pages import TRICKS, one_card_round_bid
from tests.test_pdf_fit_pages import name_breaks
from tests.test_views_family import start

FOUR = ["Tom", "Dick", "Mary", "Ana"]
GREEK = ("Νίκος", "Κατερίνα", "Παναγιώτης Αλεξανδρόπουλος", "Μαρία", "Γιάννης", "Ελένη")


def played(client: FlaskClient, body: dict[str, Any], rounds: list[dict[str, Any]]) -> str:
    """A game made and played through the API; its id."""
    game_id, token = create(client, body)
    for entered in rounds:
        answer = client.post(f"/api/games/{game_id}/rounds", json=entered, headers=bearer(token))
        assert answer.status_code == 201, answer.json
    return game_id


def clouded(client: FlaskClient) -> str:
    """Round 1: the Cloud turned up for trump; 2: the Cloud played; 3: a Jester turned, the
    Bomb played (25-year edition)."""
    return played(
        client,
        {"players": FOUR, "first_dealer": 0, "variants": {"deck": "anniversary_25"}},
        [
            {
                "trump": {"turned": "cloud", "suit": "hearts"},
                "bids": [0, 0, 0, 1],
                "tricks": [0, 0, 0, 1],
            },
            {
                "trump": {"turned": "suit", "suit": "clubs"},
                "bids": [0, 1, 0, 0],
                "tricks": [0, 1, 1, 0],
                "cloud": {"seat": 2, "bid": 1},
            },
            {
                "trump": {"turned": "jester", "suit": None},
                "bids": [1, 0, 1, 0],
                "tricks": [1, 0, 1, 0],
                "bomb": True,
            },
        ],
    )


def test_the_cloud_played_has_its_sign_on_the_phone_and_on_paper(client: FlaskClient) -> None:
    game_id = clouded(client)
    page = soup(client.get(f"/games/{game_id}/sheet"))
    rows = page.select("table.pad tbody tr")
    shown = [
        [
            (part if part.has_attr("aria-hidden") else one(part, "[aria-hidden]")).get_text()
            for part in row.select(".round-col .special")
        ]
        for row in rows
    ]
    # Turned up for trump: the card's name alone, under the trump; played: its sign first.
    assert shown == [["Cloud"], ["→ Cloud"], ["Jester", "⊘ Bomb"]]
    said = one(rows[1], ".cloud-played .visually-hidden").get_text()
    assert said == "The Cloud was played: its trick's winner changed their bid by one"
    # The key says the trump column's signs (issue 49's walk: the dash was in no key).
    assert one(page, ".trump-key").get_text() == (
        "\u2013 No trump · a card named under the trump: the card turned up"
    )
    # The PDF prints the same signs in the round's cell; the turned Cloud under the trump.
    text = pdfs.text(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert "1 1 Tom ♥ Hearts Cloud " in text
    assert "2 → Cloud 2 Dick ♣ Clubs " in text
    assert "3 ⊘ Bomb 3 Mary No trump Jester turned " in text
    assert "⊘ Bomb: one trick went to nobody · a card named under the trump" in text


def test_a_missed_bids_points_still_earned_are_not_red(client: FlaskClient) -> None:
    """Oh Hell's 1 a trick, met or not: Cid bid 1 and took none (0), then bid 0 and took one
    (+1, no error); Wizard's missed bids lose points (red)."""
    game_id = _oh_hell(client)
    page = soup(client.get(f"/games/{game_id}/sheet"))
    cid = [row.select("td")[2] for row in page.select("table.pad tbody tr")]
    assert [cell["class"] for cell in cid] == [["missed"], ["missed"]]  # neither is red
    assert one(page, ".earned-key").get_text() == (
        "A score not in red on a shaded cell: the bid was missed, but those points were still "
        "earned."
    )
    # The round's result on the round page likewise: Cid's +1 is missed, not lost.
    result = soup(client.get(f"/games/{game_id}")).select(".scores tbody tr")
    assert result[2]["class"] == ["missed"]
    text = pdfs.text(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert "✗+1, +2… the bid was missed, but those points were still earned" in text
    wizard = played(
        client,
        {"players": FOUR, "first_dealer": 0},
        [
            {
                "trump": {"turned": "suit", "suit": "hearts"},
                "bids": [0, 0, 0, 0],
                "tricks": [1, 0, 0, 0],
            }
        ],
    )
    page = soup(client.get(f"/games/{wizard}/sheet"))
    assert {"missed", "lost"} <= set(one(page, "table.pad tbody td")["class"])
    assert page.select(".earned-key") == []


def _oh_hell(client: FlaskClient) -> str:
    return played(
        client,
        {"game": "oh_hell", "players": FOUR, "first_dealer": 0},
        [
            {
                "trump": {"turned": "suit", "suit": "hearts"},
                "bids": [0, 0, 1, 1],
                "tricks": [0, 0, 0, 1],
            },
            {
                "trump": {"turned": "suit", "suit": "spades"},
                "bids": [1, 0, 0, 0],
                "tricks": [1, 0, 1, 0],
            },
        ],
    )


def test_the_bomb_note_says_what_the_bomb_did(client: FlaskClient) -> None:
    """German walk: "1 Stich zu vergeben: Die Bombe hat einen genommen" stood above "Der Stich
    ist vergeben"."""
    game_id = one_card_round_bid(client)
    assert post(client, game_id, "tricks", **(TRICKS | {"tricks-1": 1})).status_code == 303
    assert post(client, game_id, "trump", turned="jester", suit="").status_code == 303
    for seat in (2, 3, 0, 1):
        assert post(client, game_id, "bid", seat=seat, bid=0).status_code == 303
    answer = post(client, game_id, "tricks", **(TRICKS | {"tricks-1": 1}), special="bomb")
    for language, note, done in (
        ("en", "The Bomb took one of the 2 tricks: it goes to nobody", "The trick is given out"),
        (
            "de",
            "Die Bombe hat einen der 2 Stiche genommen: Er geht an niemanden",
            "Der Stich ist vergeben",
        ),
    ):
        page = soup(client.get(f"{answer.headers['Location']}&lang={language}"))
        assert one(page, ".facts-note").get_text() == note
        assert one(page, ".remaining").get_text(strip=True) == done


def test_greybeards_trick_is_not_the_players_to_give_out(client: FlaskClient) -> None:
    game_id = start(client, "skull_king", ["Ann", "Bob"])
    for seat in (0, 1):
        assert act(client, game_id, "bid", seat=seat, bid=0) == []
    page = soup(client.get(f"/games/{game_id}"))
    remaining = one(page, ".remaining")
    assert remaining.get_text(strip=True) == "Greybeard takes what is left: 1 of 1 trick"
    assert "wrong" not in remaining["class"]
    assert one(page, ".tricks-form")["data-left"] == (
        "Greybeard takes what is left: {left} of 1 trick"
    )


def test_the_oh_hell_length_fold_says_its_rounds(client: FlaskClient) -> None:
    names = {f"players-{seat}": name for seat, name in enumerate(FOUR)}
    form = {"game": "oh_hell", "choose": "oh_hell", "first_dealer": "0"} | names
    page = soup(client.post("/games/new", data=form))
    fold = one(page, "details.fold .fold-choice")
    assert fold.get_text(strip=True) == "Up · 10 rounds"  # four players: 1 to 10 cards
    # Refused (two players), the form comes back with the largest hand chosen: its rounds.
    both = {"game": "oh_hell", "first_dealer": "0", "players-0": "Ann", "players-1": "Bob"}
    page = soup(client.post("/games/new", data=both | {"schedule": "down_and_up", "max_hand": "5"}))
    heading = one(page, "details.fold .fold-choice").get_text(strip=True)
    assert heading == "Down and up · 9 rounds · Largest hand: 5", heading
    # The page's script finds the same words for every largest hand a table may choose.
    choice = one(page, "input[name=schedule][value=down_and_up]")
    assert "h5:9 rounds" in str(choice["data-rounds"]).split("|")
    assert one(page, "select[name=max_hand]").has_attr("data-hands")


def test_an_unfinished_pdf_says_a_round_not_started(client: FlaskClient) -> None:
    trump = {"turned": "suit", "suit": "hearts"}
    game_id = played(
        client,
        {"players": FOUR, "first_dealer": 0},
        [{"trump": trump, "bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]}],
    )
    text = pdfs.text(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert "Round 2 has not started yet." in text and "in progress" not in text


def test_a_long_name_broken_on_paper_keeps_its_hyphen(client: FlaskClient) -> None:
    """The walk's "Αλε / ξανδρόπουλος" in the dealer's column of a Greek six-player sheet."""
    trump = {"turned": "suit", "suit": "hearts"}
    game_id = played(
        client,
        {"players": list(GREEK), "first_dealer": 0},
        [
            {"trump": trump, "bids": [hand] + [0] * 5, "tricks": [hand] + [0] * 5}
            for hand in (1, 2, 3)
        ],
    )
    document = client.get(f"/games/{game_id}/sheet.pdf?lang=el").data
    assert name_breaks(document, GREEK) == []


def test_only_a_word_too_wide_is_handed_to_weasyprints_hyphenation() -> None:
    """On paper a word too wide for its column goes in a span of its script's language (Greek
    on a German sheet, Latin by English on a Greek one); the rest stays as typed, escaped."""
    name = "Ana <b> Αλεξανδρόπουλος"
    assert hyphens.hyphenated(name, "de", room_em=30.0) == "Ana &lt;b&gt; Αλεξανδρόπουλος"
    assert hyphens.hyphenated(name, "de", room_em=5.0) == (
        'Ana &lt;b&gt; <span class="hyphenate" lang="el">Αλεξανδρόπουλος</span>'
    )
    latin = hyphens.hyphenated("Jo Wolfeschlegelsteinhausen", "el", room_em=5.0)
    assert latin == 'Jo <span class="hyphenate" lang="en">Wolfeschlegelsteinhausen</span>'
