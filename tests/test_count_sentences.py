"""Sentences with two numbers: each word agrees with the number it counts, in every language.

"1 apostadas para 3 bazas" chose the plural of the bids from the hand size; the sentences now
put the counted number behind a label, so only the hand size chooses a plural.
"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.pages import act, one, play_round, soup, start_game

NAMES = ["Tom", "Dick", "Mary"]


def _round_three(client: FlaskClient) -> str:
    """A game at round 3 (3 cards), Tom deals, Dick (left of the dealer) has bid 1."""
    game_id = start_game(client, NAMES, first_dealer=1)
    play_round(client, game_id, [0, 0, 0], [1, 0, 0])
    play_round(client, game_id, [0, 0, 0], [1, 1, 0])
    assert act(client, game_id, "trump", turned="jester") == []
    assert act(client, game_id, "bid", seat=1, bid=1) == []
    return game_id


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Bids so far: 1 for 3 tricks"),
        # "so far" said, as the English says it (issue 33's walk: "Apuestas: 1 para 3 bazas"
        # read like a rate).
        ("es", "Apostado hasta ahora: 1 de 3 bazas"),
        ("el", "Προβλέψεις ως τώρα: 1 από 3 μπάζες"),
        ("de", "Bisher angesagt: 1 von 3 Stichen"),
        ("hr", "Najave: 1 za 3 štiha"),
    ],
)
def test_the_bid_total_is_not_made_to_agree_with_the_hand(
    client: FlaskClient, lang: str, said: str
) -> None:
    game_id = _round_three(client)
    page = soup(client.get(f"/games/{game_id}?lang={lang}"))
    assert one(page, ".sum").get_text(strip=True) == said


@pytest.mark.parametrize(
    ("lang", "left", "over"),
    [
        ("en", "Left to give out: 1 of 3 tricks", "Too many: 4 given out, the hand has 3 tricks"),
        ("es", "Por asignar: 1 de 3 bazas", "Demasiadas: 4 asignadas, la ronda tiene 3 bazas"),
        ("el", "Υπόλοιπο: 1 από 3 μπάζες", "Πάρα πολλές: δόθηκαν 4, ενώ το χέρι έχει 3 μπάζες"),
    ],
)
def test_tricks_left_and_too_many_say_the_hand_once(
    client: FlaskClient, lang: str, left: str, over: str
) -> None:
    game_id = _round_three(client)
    for seat, bid in ((2, 0), (0, 1)):
        assert act(client, game_id, "bid", seat=seat, bid=bid) == []
    page = soup(client.get(f"/games/{game_id}?lang={lang}&tricks=3:1.1.0"))
    assert one(page, ".remaining").get_text(strip=True) == left
    page = soup(client.get(f"/games/{game_id}?lang={lang}&tricks=3:2.2.0"))
    assert one(page, ".remaining").get_text(strip=True) == over
    # The page's script fills in the numbers of the same sentences as the steppers move.
    form = one(page, ".tricks-form")
    assert str(form["data-left"]) == left.replace("1", "{left}", 1)
    assert str(form["data-wrong"]) == over.replace("4", "{sum}", 1)


def test_one_trick_too_many_in_a_one_card_round(client: FlaskClient) -> None:
    game_id = start_game(client, NAMES, first_dealer=0)
    assert act(client, game_id, "trump", turned="jester") == []
    for seat in (1, 2, 0):
        assert act(client, game_id, "bid", seat=seat, bid=1) == []
    page = soup(client.get(f"/games/{game_id}"))
    assert one(page, ".remaining").get_text(strip=True) == (
        "Too many: 3 given out, the hand has 1 trick"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "in the lead"), ("es", "en cabeza"), ("el", "προηγείται"), ("de", "in Führung")],
)
def test_the_sheet_says_who_is_in_the_lead_not_who_plays_first(
    client: FlaskClient, lang: str, said: str
) -> None:
    game_id = start_game(client, NAMES, first_dealer=0)
    play_round(client, game_id, [1, 0, 0], [1, 0, 0])
    page = soup(client.get(f"/games/{game_id}/sheet?lang={lang}"))
    leader = one(page, "th.leader")
    assert one(leader, ".visually-hidden").get_text(strip=True) == f"({said})"
