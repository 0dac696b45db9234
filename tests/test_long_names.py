"""Long names: a first name and two surnames fit, a longer one is refused in words naming its
seat, and no field cuts what is typed; a group's first game seats a full table."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import rules
from tests.pages import one, soup, start_game

GREEK = "Παναγιώτης Αλεξανδρόπουλος"  # 26 characters
VARIANTS = {"length": "five_rounds", "bid_restriction": "none", "bid_visibility": "open"}


def _players(client: FlaskClient, game_id: str) -> tuple[str, ...]:
    with client.application.app_context():
        stored = storage.load(storage.get_db(), game_id)
    assert stored is not None
    return stored.record.players


def test_a_long_greek_name_is_kept_whole(client: FlaskClient) -> None:
    assert len(GREEK) == 26 <= rules.MAX_NAME_LENGTH
    # Two names alike up to the 24th character are two players.
    names = ["Ana", GREEK, GREEK[:-2] + "ου"]  # noqa: RUF001
    game_id = start_game(client, names)
    assert _players(client, game_id) == tuple(names)
    header = one(soup(client.get(f"/games/{game_id}/sheet")), "table.pad thead").get_text()
    assert GREEK in header


def test_a_name_over_the_limit_is_refused_naming_its_seat_and_kept_as_typed(
    client: FlaskClient,
) -> None:
    long = "x" * (rules.MAX_NAME_LENGTH + 1)
    response = client.post(
        "/games/new",
        data={"players-0": "Ana", "players-1": long, "players-2": "Cleo", "first_dealer": "0"}
        | VARIANTS,
    )
    assert response.status_code == 400
    page = soup(response)
    assert "Player 2's name is longer than 32 characters" in one(page, "#error-players").get_text()
    assert one(page, "#players-1")["value"] == long


def test_no_name_field_cuts_what_is_typed(client: FlaskClient) -> None:
    group = client.post("/groups/new", data={"name": "Club"}).headers["Location"]
    game = client.post(
        f"{group}/games/new",
        data={"new_names-0": "Ana", "new_names-1": "Ben", "new_names-2": GREEK} | VARIANTS,
    )
    assert game.status_code == 303, soup(game).get_text()
    for path in ("/games/new", "/groups/new", f"{group}/games/new", f"{group}/players/ana"):
        page = soup(client.get(path))
        fields = page.select("input[type=text], input:not([type])")
        assert fields, path
        assert [f["name"] for f in fields if f.has_attr("maxlength")] == [], path
    renamed = client.post(f"{group}/players/ana/rename", data={"name": GREEK[:-1] + "ς Ana"})
    assert renamed.status_code == 303
    refused = client.post(
        f"{group}/players/ben/rename", data={"name": "B" * 33}, follow_redirects=True
    )
    assert "Keep each name to 32 characters" in soup(refused).get_text()


def test_a_groups_first_game_seats_a_full_table(client: FlaskClient) -> None:
    group = client.post("/groups/new", data={"name": "Club"}).headers["Location"]
    page = soup(client.get(f"{group}/games/new"))
    fields = page.select("input[name^=new_names-]")
    assert len(fields) == rules.MAX_PLAYERS
    dealers = [o["value"] for o in page.select("#first_dealer option")]
    assert dealers == ["random"] + [f"new-{n}" for n in range(rules.MAX_PLAYERS)]
    names = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn"]
    response = client.post(
        f"{group}/games/new",
        data={f"new_names-{n}": name for n, name in enumerate(names)}
        | {"first_dealer": "new-5"}
        | VARIANTS,
    )
    assert response.status_code == 303, soup(response).get_text()
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert _players(client, game_id) == tuple(names)
    # With six on the roster, the next game offers three fields for newcomers.
    page = soup(client.get(f"{group}/games/new"))
    assert len(page.select("input[name^=new_names-]")) == 3


def test_a_home_card_of_many_players_says_how_many(client: FlaskClient) -> None:
    # The names are cut to two lines on the card (style.css): the count is said under them.
    start_game(client, ["Κωνσταντίνος Παπαδόπουλος", *(f"Player number {n}" for n in range(2, 9))])
    start_game(client, ["Ann", "Bob", "Cy"])
    cards = soup(client.get("/")).select(".game-card .progress")
    # After the game's name.
    assert [" ".join(card.get_text().split()).split(" · ")[:2] for card in cards] == [
        ["Wizard", "Round 1 of 20"],
        ["Wizard", "8 players"],
    ]
