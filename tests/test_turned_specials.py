"""A Bomb or a Cloud turned up for trump is in nobody's hand: that round cannot have it played
(issue 49's walk: the pad took a trick away for a Bomb lying face up beside the deal). The rules
refuse it, the API says so by its code, and the tricks step does not offer it."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from scorekeeper.core import game
from scorekeeper.core.decks import Deck, Special
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.rules import RuleError, Suit, Variants
from scorekeeper.core.specials import Cloud, Specials
from tests.pages import act, one, soup, start_game
from tests.plays import bearer, create, json_of

NAMES = ["Tom", "Dick", "Mary", "Ana"]
BIDS = (0, 0, 1, 0)


@pytest.mark.parametrize(
    ("turned", "facts", "tricks", "code"),
    [
        (Special.BOMB, Specials(bomb=True), (0, 0, 0, 0), "bomb_turned_for_trump"),
        (Special.CLOUD, Specials(cloud=Cloud(2, 2)), (0, 0, 1, 0), "cloud_turned_for_trump"),
    ],
)
def test_the_card_turned_for_trump_is_refused_as_played(
    turned: Special, facts: Specials, tricks: tuple[int, ...], code: str
) -> None:
    started = game.new_game(NAMES, 0, Variants(deck=Deck.ANNIVERSARY_25))
    now = game.set_trump(started, turned, None if turned is Special.BOMB else Suit.HEARTS).current
    assert now is not None and now.trump is not None
    played = RoundRecord(now.trump, BIDS, tricks, facts=facts)
    with pytest.raises(RuleError) as refused:
        game.add_round(started, played)
    assert refused.value.reason.code == code
    assert "turned up for trump" in str(refused.value)
    # The other card of the two may still be played in that round.
    other = Specials(cloud=Cloud(2, 2)) if turned is Special.BOMB else Specials(bomb=True)
    kept = (0, 0, 1, 0) if turned is Special.BOMB else (0, 0, 0, 0)
    game.add_round(started, RoundRecord(now.trump, BIDS, kept, facts=other))


def test_the_api_refuses_the_bomb_turned_for_trump(client: FlaskClient) -> None:
    deck = {"deck": "anniversary_25"}
    made = create(client, {"players": NAMES, "first_dealer": 0, "variants": deck})
    body = {"trump": {"turned": "bomb", "suit": None}, "bids": [0] * 4, "tricks": [0] * 4}
    answer = client.post(
        f"/api/games/{made[0]}/rounds", json={**body, "bomb": True}, headers=bearer(made[1])
    )
    assert answer.status_code == 400
    assert json_of(answer)["code"] == "bomb_turned_for_trump"
    cloud = {
        "trump": {"turned": "cloud", "suit": "clubs"},
        "bids": [0, 0, 0, 1],
        "tricks": [0, 0, 0, 1],
        "cloud": {"seat": 3, "bid": 0},
    }
    answer = client.post(f"/api/games/{made[0]}/rounds", json=cloud, headers=bearer(made[1]))
    assert json_of(answer)["code"] == "cloud_turned_for_trump"


def bid_round(client: FlaskClient, **trump: str) -> str:
    game_id = start_game(client, NAMES, deck="anniversary_25")
    assert act(client, game_id, "trump", **trump) == []
    for seat in (1, 2, 3, 0):
        assert act(client, game_id, "bid", seat=seat, bid=0) == []
    return game_id


def test_the_tricks_step_does_not_offer_the_card_turned_for_trump(client: FlaskClient) -> None:
    bombed = soup(client.get(f"/games/{bid_round(client, turned='bomb')}"))
    part = one(bombed, ".specials-played")
    assert part.select("button[value=bomb]") == [] and part.select("select[name=cloud-seat]")
    clouded = soup(client.get(f"/games/{bid_round(client, turned='cloud', suit='clubs')}"))
    part = one(clouded, ".specials-played")
    assert part.select("button[value=bomb]") and part.select("select[name=cloud-seat]") == []
    assert clouded.select("input[name=cloud-change]") == []
    # Said, not only gone (issue 49's fourth walk).
    said = {
        card: one(page, ".specials-played .hint").get_text()
        for card, page in (("bomb", bombed), ("cloud", clouded))
    }
    assert said == {
        "bomb": "The Bomb was turned up for trump: nobody plays it this round.",
        "cloud": "The Cloud was turned up for trump: nobody plays it this round.",
    }


def test_a_bomb_sent_anyway_is_refused_in_the_players_language(client: FlaskClient) -> None:
    game_id = bid_round(client, turned="bomb")
    refused = act(client, game_id, "tricks", **{f"tricks-{s}": 0 for s in range(4)}, bomb="1")
    assert refused == [
        "The Bomb was turned up for trump this round, so it was in nobody's hand: it cannot "
        "have been played."
    ]
