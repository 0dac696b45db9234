"""Rage (scorekeeper/core/family/rage.py) against scores counted by hand from its published rules
(shared/EDITIONS.md, "Rage": the Fundex instructions, Board Game Arena's help for Amigo's), and a
whole game through the API, the storage and the exports, with Rage registered for this module
only: it is not in the family until its words, rules page and page part come (issue 50)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from scorekeeper.core import family
from scorekeeper.core.family import Played
from scorekeeper.core.family.rage import (
    RAGE,
    RageCards,
    RageEdition,
    RageRound,
    RageSettings,
    check_round,
    read_cards,
    round_of,
    score_round,
    write_cards,
)
from scorekeeper.core.refusals import RuleError
from tests import pdfs
from tests.plays import json_of


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    """Rage in the family, its refusals' sentences with it, for this module's tests only."""
    family.register(RAGE, "scorekeeper.core.family.rage:RAGE")
    yield
    family.unregister(RAGE.key)


FUNDEX = RageSettings()
AMIGO = RageSettings(edition=RageEdition.AMIGO)
PLAYERS = ["Ana", "Ben", "Cid"]


def played(
    hand: int,
    bids: list[int],
    tricks: list[int],
    bonus: tuple[int, ...] = (0, 0, 0),
    mad: tuple[int, ...] = (0, 0, 0),
) -> RageRound:
    return RageRound(hand, 0, tuple(bids), tuple(tricks), bonus, mad)


# Three rounds of a table of three, each score counted by hand (1 a trick; a bid met +10, a zero
# bid met +5; a miss +0 with Fundex, -5 with Amigo; +5 a Bonus Rage card, -5 a Mad Rage card).
FIRST_ROUNDS = (
    # 10 cards: Ana met 3 with a Bonus (3+10+5), Ben missed 4 with 5 and a Mad (5-5), Cid met 2.
    played(10, [3, 4, 2], [3, 5, 2], bonus=(1, 0, 0), mad=(0, 1, 0)),
    # 9 cards: Ana met 0 (5), Ben missed 5 with 6 and two Bonus (6+10), Cid met 3 with a Mad.
    played(9, [0, 5, 3], [0, 6, 3], bonus=(0, 2, 0), mad=(0, 0, 1)),
    # 8 cards: Ana missed 2 with 4 and two Mad (4-10), Ben and Cid met 2 (12 each).
    played(8, [2, 2, 2], [4, 2, 2], mad=(2, 0, 0)),
)
BY_HAND = {
    "fundex": ((18, 0, 12), (5, 16, 8), (-6, 12, 12)),
    # Amigo: each miss 5 less (Ben's first, Ana's third).
    "amigo": ((18, -5, 12), (5, 11, 8), (-11, 12, 12)),
}


@pytest.mark.parametrize("edition", ["fundex", "amigo"])
def test_each_round_scores_as_counted_by_hand(edition: str) -> None:
    chosen = RageSettings(edition=RageEdition(edition))
    for round_played, scores in zip(FIRST_ROUNDS, BY_HAND[edition], strict=True):
        check_round(3, chosen, (0, 0, 0), round_played)
        assert score_round(chosen, round_played) == scores


def test_a_zero_bid_met_scores_ten_with_amigo_where_the_table_says_so() -> None:
    zero = played(9, [0, 5, 3], [0, 6, 3], bonus=(0, 2, 0), mad=(0, 0, 1))
    assert score_round(RageSettings(edition=RageEdition.AMIGO, zero_bid_met=10), zero)[0] == 10
    # Fundex prints 5: the choice counts with Amigo's scoring only.
    assert score_round(RageSettings(zero_bid_met=10), zero)[0] == 5


def test_every_trick_doubled_for_whoever_takes_them_all_but_in_the_one_card_round() -> None:
    doubled = RageSettings(every_trick_doubled=True)
    # 3 cards, Cid takes all 3 as bid: 2 a trick and 10 (16); the others met 0 (5 each).
    assert score_round(doubled, played(3, [0, 0, 3], [0, 0, 3])) == (5, 5, 16)
    # 4 cards, Cid takes all 4 but bid 1: 8, no bonus; Ana and Ben bid 1 and took none.
    assert score_round(doubled, played(4, [1, 1, 1], [0, 0, 4])) == (0, 0, 8)
    # The one-card round: 1 and 10, not doubled.
    assert score_round(doubled, played(1, [0, 0, 1], [0, 0, 1])) == (5, 5, 11)
    assert score_round(FUNDEX, played(3, [0, 0, 3], [0, 0, 3])) == (5, 5, 13)


@pytest.mark.parametrize(
    ("settings", "round_played", "code"),
    [
        # Fundex's deck has 2 Bonus Rage cards, Amigo's 3.
        (FUNDEX, played(10, [3, 4, 2], [3, 5, 2], bonus=(1, 1, 1)), "rage_cards_too_many"),
        (AMIGO, played(10, [3, 4, 2], [3, 5, 2], mad=(2, 1, 1)), "rage_cards_too_many"),
        # Ana took no trick, so no card.
        (FUNDEX, played(8, [0, 4, 4], [0, 4, 4], mad=(1, 0, 0)), "rage_card_without_trick"),
        (FUNDEX, played(8, [0, 4, 4], [0, 4, 4], bonus=(0, -1, 0)), "rage_cards_count"),
        (FUNDEX, played(8, [0, 4, 4], [0, 4, 4], bonus=(0, 1)), "rage_cards_count"),
        (FUNDEX, played(8, [0, 4, 4], [0, 4, 3]), "tricks_sum"),
    ],
)
def test_a_round_that_cannot_have_happened_is_refused(
    settings: RageSettings, round_played: RageRound, code: str
) -> None:
    with pytest.raises(RuleError) as refused:
        check_round(3, settings, (0, 0, 0), round_played)
    assert refused.value.reason.code == code


def test_its_facts_are_written_only_where_a_card_was_taken_and_read_back() -> None:
    cards = RageCards(bonus=(0, 2, 0), mad=(0, 0, 1))
    assert write_cards(cards) == {"bonus_rage": [0, 2, 0], "mad_rage": [0, 0, 1]}
    assert read_cards(write_cards(cards)) == cards
    assert write_cards(RageCards()) == {} and RageCards().empty
    none_taken = round_of(Played(2, 0, (1, 1, 0), (1, 1, 0)), RageCards())
    assert (none_taken.bonus, none_taken.mad) == ((0, 0, 0), (0, 0, 0))


def test_its_schedule_is_ten_rounds_of_ten_cards_down_to_one_at_every_table() -> None:
    for players in range(RAGE.min_players, RAGE.max_players + 1):
        assert RAGE.schedule(players, FUNDEX) == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    assert (RAGE.min_players, RAGE.max_players) == (2, 8)


def _round(round_played: RageRound) -> dict[str, object]:
    body: dict[str, object] = {"bids": list(round_played.bids), "tricks": list(round_played.tricks)}
    return body | write_cards(RageCards(round_played.bonus, round_played.mad))


def test_a_whole_game_through_the_api_and_its_exports_matches_the_hand_count(
    client: FlaskClient,
) -> None:
    # Rounds 4 to 10 (7 cards down to 1): Ana and Ben bid 0 and take none (5 each), Cid bids
    # and takes every trick (the hand + 10).
    rest = [played(hand, [0, 0, hand], [0, 0, hand]) for hand in range(7, 0, -1)]
    rounds = [*FIRST_ROUNDS, *rest]
    body = {"game": "rage", "players": PLAYERS, "first_dealer": 0, "variants": {}}
    made = client.post("/api/games", json={**body, "rounds": [_round(r) for r in rounds]})
    assert made.status_code == 201, made.data
    game_id = json_of(made)["id"]
    # By hand: Ana 18 + 5 - 6 + 7 x 5 = 52; Ben 0 + 16 + 12 + 35 = 63; Cid 12 + 8 + 12 and
    # 17 + 16 + ... + 11 = 98: 130.
    state = json_of(client.get(f"/api/games/{game_id}"))
    assert state["totals"] == [52, 63, 130] and state["finished"]
    assert state["rounds"][1]["bonus_rage"] == [0, 2, 0]
    exported = json.loads(client.get(f"/games/{game_id}/export.json").data)
    assert exported["game"] == "rage" and exported["rounds"][0]["mad_rage"] == [0, 1, 0]
    text = client.get(f"/games/{game_id}/export.csv").data.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [row["total"] for row in rows[-3:]] == ["52", "63", "130"]
    assert [row["score"] for row in rows[:3]] == ["18", "0", "12"]
    # The printed sheet and the phone's: its scores as counted, its key in its own words.
    printed = pdfs.text(client.get(f"/games/{game_id}/sheet.pdf").data)
    assert "130" in printed and "each Bonus Rage card taken +5" in printed
    sheet = client.get(f"/games/{game_id}/sheet")
    assert sheet.status_code == 200 and "130" in sheet.get_data(as_text=True)
    # A round the rules refuse is refused through the API in the game's own words.
    again = client.post(
        "/api/games",
        json={**body, "rounds": [_round(played(10, [3, 4, 2], [3, 5, 2], bonus=(1, 1, 1)))]},
    )
    assert again.status_code == 400
    assert json_of(again)["code"] == "rage_cards_too_many"
    assert json_of(again)["error"] == "Round 1: There are only 2 Bonus Rage cards in the deck."
