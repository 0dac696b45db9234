"""Helpers for the API and export tests: legal games played by the rules, and API calls."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from random import Random
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import storage
from scorekeeper.core import bidding, game, rules, specials
from scorekeeper.core.game import GameRecord, RoundRecord
from scorekeeper.core.record import record_text
from scorekeeper.core.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    RuleError,
    Suit,
    Trump,
    Turned,
    Variants,
)

NAMES = ("Tom", "Dick", "Mary", "Ana", "Zoë", "Ivo")
TURNED_CARDS = (
    Trump(Turned.SUIT, Suit.HEARTS),
    Trump(Turned.JESTER, None),
    Trump(Turned.WIZARD, Suit.SPADES),
    Trump(Turned.SUIT, Suit.CLUBS),
)


def playable_tables() -> Iterator[tuple[int, Variants]]:
    """Every combination of length, restriction, visibility, saboteur and Jester bid that the
    rules accept, for 3 to 6 players; the table reminders vary along."""
    combos = itertools.product(
        range(3, 7), Length, BidRestriction, BidVisibility, (False, True), (False, True)
    )
    for index, (players, length, restriction, visibility, saboteur, jester) in enumerate(combos):
        variants = Variants(
            length=length,
            bid_restriction=restriction,
            bid_visibility=visibility,
            saboteur=saboteur,
            jester_bid=jester,
            foresight=index % 2 == 0,
            gizzard_fester=index % 3 == 0,
            pull_one=index % 5 == 0,
        )
        try:
            rules.check_variants(players, variants)
        except RuleError:
            continue
        yield players, variants


def legal_round(record: GameRecord, rng: Random) -> RoundRecord:
    """A complete round that the rules accept as the next one of ``record``."""
    setup = game.current_setup(record)
    length = record.settings.length
    trump = rules.fixed_trump(setup.number, setup.hand_size, setup.players, length)
    bids: list[int | None] = list(setup.given_bids)
    for seat in setup.bidders:
        bids[seat] = rng.choice(bidding.legal_bids(setup, bids, seat))
    tricks = [0] * setup.players
    for _ in range(setup.hand_size):
        tricks[rng.randrange(setup.players)] += 1
    return RoundRecord(trump or rng.choice(TURNED_CARDS), tuple(bids), tuple(tricks))


def played_game(players: int, variants: Variants, rounds: int, seed: int = 1) -> GameRecord:
    """A game of ``players`` with ``rounds`` legal rounds played (at most the whole schedule)."""
    rng = Random(seed)
    record = game.new_game(NAMES[:players], rng.randrange(players), variants)
    for _ in range(min(rounds, len(record.schedule))):
        record = game.add_round(record, legal_round(record, rng))
    return record


def round_json(played: RoundRecord) -> dict[str, Any]:
    """A round as the API takes it."""
    suit = played.trump.suit.value if played.trump.suit else None
    return {
        "trump": {"turned": played.trump.turned.value, "suit": suit},
        "bids": list(played.bids),
        "tricks": list(played.tricks),
    }


# --- the worked example of RULES.md ----------------------------------------------------------

EXAMPLE_GAME: dict[str, Any] = {
    "format": "wizard-scorekeeper/1",
    "players": ["Tom", "Dick", "Mary"],
    "first_dealer": 0,
    "variants": {"length": "standard"},
}
EXAMPLE_ROUNDS: list[dict[str, Any]] = [
    {"trump": {"turned": "suit", "suit": "hearts"}, "bids": [0, 1, 1], "tricks": [0, 0, 1]},
    {"trump": {"turned": "jester", "suit": None}, "bids": [2, 0, 0], "tricks": [1, 0, 1]},
]


def json_of(response: TestResponse) -> Any:
    """The JSON body of an answer; the test fails if it has none."""
    body = response.json
    assert body is not None, response.get_data(as_text=True)[:500]
    return body


def create(client: FlaskClient, body: dict[str, Any]) -> tuple[str, str]:
    """Create a game through the API; its id and edit token."""
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json
    return json_of(response)["id"], json_of(response)["edit_token"]


def state(client: FlaskClient, game_id: str) -> dict[str, Any]:
    """The game state through the API."""
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200
    state: dict[str, Any] = json_of(response)
    return state


def game_ids(app: Flask) -> list[str]:
    """The ids of every stored game."""
    with app.app_context():
        return [row["id"] for row in storage.get_db().query("SELECT id FROM games")]


def bearer(token: str) -> dict[str, str]:
    """The header that carries an edit token."""
    return {"Authorization": f"Bearer {token}"}


def finish_with_cards(
    record: GameRecord,
    tricks: Sequence[int | None],
    *,
    bomb: bool = False,
    cloud: tuple[int, int] | None = None,
) -> GameRecord:
    """Close the round as the tricks step does: the Bomb, and the Cloud as a direction (its
    winner's seat, +1 or -1) turned into the changed bid the rules keep."""
    bids = game.current_round(record).bids
    changed = None if cloud is None else specials.changed_bid(bids, *cloud)
    return game.finish_round(record, tricks, facts=specials.Specials(bomb, changed))


def without_history(exported: bytes) -> bytes:
    """A game's exported record without its history (which grows with every change, a trash
    and a restore too), as it is written."""
    written = json.loads(exported)
    written.pop("history", None)
    return record_text(written).encode()
