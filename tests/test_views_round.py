"""The round page at the table: trump, bids in order, tricks, result, undo, and what a watching
phone sees of it."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag
from flask.testing import FlaskClient

from tests.pages import act, errors, one, play_round, post, soup, start_game


def _table(client: FlaskClient, game_id: str) -> str:
    return soup(client.get(f"/games/{game_id}")).get_text(" ", strip=True)


def test_worked_example_of_the_rules(client: FlaskClient) -> None:
    """RULES.md's score pad: Tom 10, Dick 10, Mary 20 after two rounds."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    play_round(client, game_id, [2, 0, 0], [1, 0, 1], turned="jester", suit=None)
    cells = soup(client.get(f"/games/{game_id}/sheet")).select("tfoot tr:first-child td")
    assert [c.get_text(strip=True) for c in cells] == ["10", "10", "20"]


def test_header_says_round_cards_dealer_first_bidder_and_trump(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary", "Harry"], first_dealer=1)
    facts = [dd.get_text(strip=True) for dd in soup(client.get(f"/games/{game_id}")).select("dd")]
    assert facts == ["Dick", "Mary", "not entered yet"]
    assert act(client, game_id, "trump", turned="wizard", suit="spades") == []
    page = soup(client.get(f"/games/{game_id}"))
    assert "Round 1 of 15" in one(page, "h1").get_text()
    assert "♠ Spades (Wizard turned, dealer's choice)" in one(page, ".trump").get_text()


def test_bidding_goes_clockwise_from_the_dealers_left(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=0)
    act(client, game_id, "trump", turned="suit", suit="clubs")
    refused = act(client, game_id, "bid", seat=0, bid=0)
    assert "not this player's turn" in refused[0]
    assert act(client, game_id, "bid", seat=1, bid=1) == []
    current = one(soup(client.get(f"/games/{game_id}")), ".order li.current .name")
    assert current.get_text(strip=True) == "Mary"


def test_plus_minus_one_disables_the_dealers_forbidden_bid_with_reason(client: FlaskClient) -> None:
    names = ["Tom", "Dick", "Mary", "Harry"]
    game_id = start_game(client, names, first_dealer=3, bid_restriction="plus_minus_one")
    play_round(client, game_id, [0, 0, 0, 0], [1, 0, 0, 0])
    play_round(client, game_id, [0, 1, 0, 0], [1, 1, 0, 0])
    act(client, game_id, "trump", turned="suit", suit="hearts")
    for seat, bid in ((2, 1), (3, 0), (0, 1)):
        assert act(client, game_id, "bid", seat=seat, bid=bid) == []
    page = soup(client.get(f"/games/{game_id}"))
    buttons = {b["value"]: b.has_attr("disabled") for b in page.select(".bid-pad button")}
    assert buttons == {"0": False, "1": True, "2": False, "3": False}
    assert "plus/minus-one rule forbids" in one(page, "#refusal-1").get_text()
    assert "plus/minus-one" in act(client, game_id, "bid", seat=1, bid=1)[0]


def test_running_sum_of_open_bids(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 0, 0], [1, 0, 0])
    act(client, game_id, "trump", turned="jester")
    act(client, game_id, "bid", seat=1, bid=2)
    assert "Bids so far: 2 for 2 tricks" in one(soup(client.get(f"/games/{game_id}")), ".sum").text


def _steppers(page: Tag) -> dict[str, str]:
    fields = page.select(".tricks-form .stepper input")
    return {str(i["name"]): str(i["value"]) for i in fields}


def test_the_steppers_start_at_the_bids(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 0, 0], [1, 0, 0])
    act(client, game_id, "trump", turned="suit", suit="diamonds")
    for seat, bid in ((1, 1), (2, 0), (0, 1)):
        assert act(client, game_id, "bid", seat=seat, bid=bid) == []
    page = soup(client.get(f"/games/{game_id}"))
    assert _steppers(page) == {"tricks-0": "1", "tricks-1": "1", "tricks-2": "0"}
    assert "All 2 tricks given out" in one(page, ".remaining").get_text()
    marks = {str(li["data-seat"]): li["class"] for li in page.select(".tricks-form .stepper")}
    assert marks == {seat: ["stepper", "made"] for seat in ("0", "1", "2")}
    # Tricks are entered once the hand is played: there is no counter to send one to.
    assert post(client, game_id, "trick", seat=0).status_code == 404


def _result_rows(result: Tag) -> list[list[str]]:
    """The round result's table: name, bid, tricks, score and total by player."""
    rows = result.select("tbody tr")
    return [[cell.get_text(" ", strip=True) for cell in row.select("th, td")] for row in rows]


def _watched(client: FlaskClient, game_id: str) -> BeautifulSoup:
    """The round page as a phone that only watches the game sees it."""
    return soup(client.application.test_client().get(f"/games/{game_id}"))


RESULT_WORDS = ("won", "needs", "made", "over", "counted", "✓", "✗")


def test_a_watching_phone_sees_the_bids_and_no_result_until_the_tricks_are_confirmed(
    client: FlaskClient,
) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [1, 0, 0], [1, 0, 0])
    assert act(client, game_id, "trump", turned="suit", suit="clubs") == []
    for seat in (1, 2, 0):
        assert act(client, game_id, "bid", seat=seat, bid=0) == []
    # The tricks step: the bids, a zero among them, and nothing that looks like a result.
    page = _watched(client, game_id)
    table = one(page, "table.table-view")
    heads = [th.get_text(strip=True) for th in table.select("thead th")]
    assert heads == ["Player", "Bid", "Total"]
    cells = {
        one(row, "th").get_text(" ", strip=True): [td.get_text(strip=True) for td in row("td")]
        for row in table.select("tbody tr")
    }
    # Each player's total so far beside the bid, the leader's in bold.
    assert cells == {"Tom (dealer)": ["0", "30"], "Dick": ["0", "20"], "Mary": ["0", "20"]}
    assert [b.get_text() for b in table.select("tbody b")] == ["30"]
    # Round 1's result is kept under its name (issue 33's walks): nothing else reads as a
    # result.
    earlier = one(page, ".result")
    assert one(earlier, "h2").get_text() == "Round 1 result"
    assert _result_rows(earlier)[0] == ["Tom", "1", "1", "✓ +30", "30"]
    earlier.decompose()
    shown = one(page, "main").get_text(" ", strip=True).lower()
    assert not [word for word in RESULT_WORDS if word in shown.split()], shown
    # Confirmed: the round's result is shown, with who made it.
    assert act(client, game_id, "tricks", **{"tricks-0": 0, "tricks-1": 1, "tricks-2": 1}) == []
    page = _watched(client, game_id)
    result = one(page, ".result")
    assert "Round 2 result" in result.get_text()
    assert _result_rows(result) == [
        ["Tom", "0", "0", "✓ +20", "50"],
        ["Dick", "0", "1", "✗ \u221210", "10"],
        ["Mary", "0", "1", "✗ \u221210", "10"],
    ]


def test_a_bid_is_written_the_same_way_on_every_page(client: FlaskClient) -> None:
    """The bidding list, the tricks step, a watching phone and the table display."""
    game_id = start_game(client, ["Tom", "Dick", "Mary", "Ann"], first_dealer=0, saboteur="y")
    play_round(client, game_id, [None, 0, 0, 0], [0, 1, 0, 0])  # type: ignore[list-item]
    assert act(client, game_id, "trump", turned="jester") == []
    assert act(client, game_id, "bid", seat=2, bid=1) == []

    def cells(page: BeautifulSoup, selector: str) -> list[str]:
        return [cell.get_text(" ", strip=True) for cell in page.select(selector)]

    # Dick deals round 2: he is the saboteur; Mary bid 1, Ann and Tom still bid.
    by_order = ["1", "…", "…", "saboteur"]
    assert cells(soup(client.get(f"/games/{game_id}")), ".order li .value") == by_order
    assert cells(_watched(client, game_id), "table.table-view td.bid") == by_order
    display = soup(client.application.test_client().get(f"/games/{game_id}/display"))
    assert cells(display, ".bids-now td.bid") == by_order
    for seat, bid in ((3, 0), (0, 0)):
        assert act(client, game_id, "bid", seat=seat, bid=bid) == []
    steppers = cells(soup(client.get(f"/games/{game_id}")), ".stepper .bid")
    assert steppers == ["bid 1", "bid 0", "bid 0", "bid saboteur"]


def test_steppers_without_javascript_keep_what_was_tapped(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 0, 0], [1, 0, 0])
    act(client, game_id, "trump", turned="jester")
    for seat in (1, 2, 0):
        assert act(client, game_id, "bid", seat=seat, bid=1) == []
    page = soup(client.get(f"/games/{game_id}"))
    assert "Too many: 3 given out, the hand has 2 tricks" in one(page, ".remaining").get_text()
    version = one(page, "input[name=version]")["value"]
    token = one(page, "input[name=csrf_token]")["value"]
    sent = {"csrf_token": token, "version": version, "tricks-0": 1, "tricks-1": 1, "tricks-2": 1}
    stepped = client.post(f"/games/{game_id}/tricks", data={**sent, "step": "2:-1"})
    assert stepped.status_code == 303 and "tricks=2:1.1.0" in stepped.headers["Location"]
    page = soup(client.get(stepped.headers["Location"]))
    assert _steppers(page) == {"tricks-0": "1", "tricks-1": "1", "tricks-2": "0"}
    assert "All 2 tricks given out" in one(page, ".remaining").get_text()
    # A refused Confirm comes back with what was sent; a draft of another round is ignored.
    refused = client.post(f"/games/{game_id}/tricks", data={**sent, "tricks-0": 2})
    assert "tricks=2:2.1.1" in refused.headers["Location"]
    page = soup(client.get(refused.headers["Location"]))
    assert page.select_one(".flash.error") is not None
    assert _steppers(page) == {"tricks-0": "2", "tricks-1": "1", "tricks-2": "1"}
    page = soup(client.get(f"/games/{game_id}?tricks=1:0.0.2"))
    assert _steppers(page) == {"tricks-0": "1", "tricks-1": "1", "tricks-2": "1"}
    assert client.post(f"/games/{game_id}/tricks", data={**sent, "step": "9:+1"}).status_code == 303


def test_one_blank_player_is_filled_in_from_the_rest(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 0, 0], [1, 0, 0])
    play_round(client, game_id, [0, 0, 1], [None, 0, 1])
    totals = soup(client.get(f"/games/{game_id}/sheet")).select("tfoot tr:first-child td")
    assert [c.get_text(strip=True) for c in totals] == ["\u221220", "40", "50"]


def test_tricks_that_do_not_add_up_are_refused(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    act(client, game_id, "trump", turned="suit", suit="spades")
    for seat in (0, 1, 2):
        act(client, game_id, "bid", seat=seat, bid=0)
    refused = act(client, game_id, "tricks", **{"tricks-0": 1, "tricks-1": 1, "tricks-2": 0})
    assert "add up to 2, but 1 was played" in refused[0]
    refused = act(client, game_id, "tricks", **{"tricks-0": 1})
    assert "every player" in refused[0]
    assert soup(client.get(f"/games/{game_id}")).select_one(".tricks-form") is not None


def test_result_shows_scores_and_totals_and_the_dealer_once(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    result = one(soup(client.get(f"/games/{game_id}")), ".result")
    assert _result_rows(result) == [
        ["Tom", "0", "0", "✓ +20", "20"],
        ["Dick", "1", "0", "✗ \u221210", "\u221210"],
        ["Mary", "1", "1", "✓ +30", "30"],
    ]
    # The round's header names the new dealer: the result does not say it a second time.
    page = soup(client.get(f"/games/{game_id}"))
    assert one(page, ".round-head .facts dd").get_text() == "Tom"
    assert "dealer" not in result.get_text().lower()


def test_round_that_deals_every_card_skips_the_trump(client: FlaskClient) -> None:
    game_id = start_game(client, ["A", "B", "C", "D", "E", "F"], length="five_rounds")
    for _ in range(4):
        play_round(client, game_id, [0] * 6, [None] + [0] * 5)
    game_id = start_game(client, ["A", "B", "C", "D", "E", "F"], length="maximus")
    page = soup(client.get(f"/games/{game_id}"))
    assert page.select_one("form[action$='/trump']") is None
    assert "♣ Clubs" in one(page, ".trump").get_text()


def test_the_last_round_that_deals_every_card_says_why_there_is_no_trump(
    client: FlaskClient,
) -> None:
    """Issue 33's walk: only the PDF said "no card left"; the round's head said "No trump"."""
    game_id = start_game(client, ["A", "B", "C", "D", "E", "F"])
    for _ in range(9):
        play_round(client, game_id, [0] * 6, [None] + [0] * 5)
    page = soup(client.get(f"/games/{game_id}"))
    assert "Round 10 of 10" in one(page, "h1").get_text()
    assert one(page, ".trump").get_text() == "No trump: no card left"


def test_undo_takes_back_one_step_at_a_time(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    act(client, game_id, "trump", turned="suit", suit="clubs")
    act(client, game_id, "bid", seat=1, bid=1)
    act(client, game_id, "undo")
    assert one(soup(client.get(f"/games/{game_id}")), ".order li.current .name").text == "Dick"
    act(client, game_id, "undo")
    assert soup(client.get(f"/games/{game_id}")).select_one("form[action$='/trump']") is not None
    assert post(client, game_id, "undo").status_code == 303
    page = soup(client.get(f"/games/{game_id}"))
    assert "Round 1 of 20" in one(page, "h1").text
    assert _steppers(page) == {"tricks-0": "0", "tricks-1": "0", "tricks-2": "1"}
    # The reopened round says so: its page alone looks as if nothing happened; its steppers
    # start at the tricks entered before, not at the bids (issue 33's walk).
    said = [p.get_text() for p in page.select(".flash.info")]
    assert said == ["Round 1 is open again: enter its tricks."]
    hints = [p.get_text() for p in page.select("#tricks-title ~ p.hint")]
    assert "Each player starts at the tricks entered before: change only what was wrong." in hints


def test_stale_page_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    act(client, game_id, "trump", turned="suit", suit="clubs")
    response = client.post(f"/games/{game_id}/bid", data={"version": 1, "seat": 0, "bid": 1})
    assert response.status_code == 303
    assert "changed on another phone" in errors(client, game_id)[0]
    assert one(soup(client.get(f"/games/{game_id}")), ".order li.current .name").text == "Tom"


def test_a_move_sent_twice_is_entered_once_without_a_refusal(client: FlaskClient) -> None:
    """A double tap without the page's script sends the form twice: the second, one version
    behind, is the same move again, so the page says nothing went wrong."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    act(client, game_id, "trump", turned="suit", suit="clubs")
    for _ in range(2):
        client.post(f"/games/{game_id}/bid", data={"version": 2, "seat": 0, "bid": 1})
    assert errors(client, game_id) == []
    assert one(soup(client.get(f"/games/{game_id}")), ".order li.current .name").text == "Dick"
    # Another move from that old page is still refused, and so is the same move from
    # another phone (it did not make the change).
    client.post(f"/games/{game_id}/bid", data={"version": 2, "seat": 0, "bid": 0})
    assert "changed on another phone" in errors(client, game_id)[0]
    act(client, game_id, "bid", seat=1, bid=0)
    client.set_cookie("phone", "another")
    client.post(f"/games/{game_id}/bid", data={"version": 3, "seat": 1, "bid": 0})
    assert "changed on another phone" in errors(client, game_id)[0]


def test_bad_values_get_a_message_never_a_500(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    refusals: list[tuple[str, dict[str, object]]] = [
        ("bid", {"seat": 0, "bid": 0}),
        ("trump", {"turned": "joker"}),
        ("trump", {"turned": "suit"}),
        ("trump", {"turned": "suit", "suit": "stars"}),
        ("tricks", {"tricks-0": "many"}),
    ]
    for action, data in refusals:
        assert act(client, game_id, action, **data), (action, data)
    act(client, game_id, "trump", turned="suit", suit="clubs")
    for bid in [{"seat": 0, "bid": 10**30}, {"seat": 0, "bid": -1}, {"seat": 9, "bid": 0}, {}]:
        assert act(client, game_id, "bid", **bid), bid
    assert client.post(f"/games/{game_id}/bid", data={"version": "x"}).status_code == 303
    assert client.post("/games/nope/bid", data={"version": 1}).status_code == 404
    assert client.get(f"/games/{game_id}/bid").status_code == 303


def test_a_tap_from_the_script_is_answered_with_the_page_itself(client: FlaskClient) -> None:
    """One request per tap: the page's script asks for the round page in the answer."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    page = soup(client.get(f"/games/{game_id}"))
    fields = {
        "csrf_token": one(page, "input[name=csrf_token]")["value"],
        "version": one(page, "input[name=version]")["value"],
    }
    headers = {"X-Scorekeeper-In-Place": "1"}
    answer = client.post(
        f"/games/{game_id}/trump", data={**fields, "turned": "jester"}, headers=headers
    )
    assert answer.status_code == 200 and answer.headers["X-Page-URL"] == f"/games/{game_id}"
    assert one(soup(answer), "form.bid-pad") is not None
    # Only what the script swaps in: the title, the body's class and version, <main>.
    swapped = soup(answer)
    assert swapped.select("header, footer, link, script") == []
    assert swapped.title is not None and "Tom" in swapped.title.get_text()
    assert one(swapped, "body")["data-version"] == "2"
    # A refusal is in the same answer, and what was tapped comes back with it.
    stale = {**fields, "seat": 0, "bid": 0}
    answer = client.post(f"/games/{game_id}/bid", data=stale, headers=headers)
    assert answer.status_code == 200
    assert "changed on another phone" in one(soup(answer), ".flash.error").get_text()
    assert errors(client, game_id) == []  # shown once, not again on the next page
    undo = one(soup(client.get(f"/games/{game_id}")), "form.undo button").get_text()
    assert "Undo the trump" in undo


def test_a_page_following_the_game_asks_for_only_what_it_swaps_in(client: FlaskClient) -> None:
    """Issue 32: a change seen live is swapped into the round page and the table display, not
    reloaded: the script asks each for its swapped part, which no cache keeps for the page."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"], first_dealer=2)
    headers = {"X-Scorekeeper-In-Place": "1"}
    for url in (f"/games/{game_id}", f"/games/{game_id}/display"):
        whole = client.get(url)
        part = client.get(url, headers=headers)
        assert whole.status_code == part.status_code == 200
        assert "X-Scorekeeper-In-Place" in whole.headers["Vary"]
        assert "X-Scorekeeper-In-Place" in part.headers["Vary"]
        assert part.headers["Cache-Control"] == "no-store"
        swapped = soup(part)
        assert swapped.select("header, footer, link, script") == [], url
        assert one(swapped, "body")["data-version"] == one(soup(whole), "body")["data-version"]
        text = [one(answer, "main").get_text(" ", strip=True) for answer in (swapped, soup(whole))]
        assert text[0] == text[1], url


def test_a_round_forms_address_opened_as_a_page_leads_back_to_the_round(
    client: FlaskClient,
) -> None:
    """A reload of the undo question, or a phone bringing back an old tab, sends a GET."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    for move in ("trump", "bid", "tricks", "undo"):
        response = client.get(f"/games/{game_id}/{move}")
        assert response.status_code == 303, move
        assert response.headers["Location"] == f"/games/{game_id}", move
    assert client.get(f"/games/{game_id}/undo", follow_redirects=True).status_code == 200
    assert client.get("/games/nope/undo", follow_redirects=True).status_code == 404
    assert client.get(f"/games/{game_id}/other").status_code == 404


def test_reopening_the_last_round_of_a_finished_game_asks_first(client: FlaskClient) -> None:
    """Issue 21: "Reopen round 5" on the game-over screen reopened without asking."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"], length="five_rounds")
    for hand in range(1, 6):
        play_round(client, game_id, [0, 0, 0], [hand, 0, 0])
    over = soup(client.get(f"/games/{game_id}"))
    assert one(over, "#over-title") is not None
    version = int(str(one(over, "form.undo input[name=version]")["value"]))
    asked = client.post(f"/games/{game_id}/undo", data={"version": version})
    assert asked.status_code == 200
    page = soup(asked)
    assert one(page, "h1").get_text() == "Reopen round 5?"
    assert one(page, "button.danger").get_text() == "Yes, reopen round 5"
    assert one(soup(client.get(f"/games/{game_id}")), "#over-title") is not None
    confirmed = client.post(f"/games/{game_id}/undo", data={"version": version, "confirm": "yes"})
    assert confirmed.status_code == 303
    page = soup(client.get(f"/games/{game_id}"))
    assert "Round 5 of 5" in one(page, "h1").get_text()
    assert page.select_one(".tricks-form") is not None
