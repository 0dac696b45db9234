"""Club evenings built over the API to a given state, for the room screen's browser tests and
its screenshots: the players looking for their seats, playing, the next sitting drawn while the
one before ends, the evening over."""

from __future__ import annotations

from random import Random
from typing import Any

from playwright.sync_api import APIRequestContext

from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests.plays import legal_round, round_json

FIVE = Variants(length=Length.FIVE_ROUNDS)
# The states a room screen goes through, in the evening's order.
STATES = ("seating", "playing", "turns", "seating-2", "playing-2", "over")


class Evening:
    """An evening of ``names`` over three sittings, its sittings drawn and played on demand."""

    def __init__(
        self, api: APIRequestContext, base: str, names: list[str], table_sizes: list[int]
    ) -> None:
        self.api, self.base = api, base
        group = api.post(f"{base}/api/groups", data={"name": "Friday club"}).json()
        self.keeper = {"Authorization": f"Bearer {group['edit_token']}"}
        body = {
            "players": names,
            "game": "wizard",
            "variants": {"length": "five_rounds"},
            "sittings": 3,
            "table_sizes": table_sizes,
        }
        made = api.post(f"{base}/api/groups/{group['id']}/evenings", data=body, headers=self.keeper)
        assert made.status == 201, made.text()
        self.id: str = made.json()["id"]
        self.records: dict[str, game.GameRecord] = {}

    def draw(self, seed: int) -> list[dict[str, Any]]:
        """The next sitting drawn at random: its tables as the API answers them."""
        drawn = self.api.post(
            f"{self.base}/api/evenings/{self.id}/sittings",
            data={"seating": "random", "seed": seed},
            headers=self.keeper,
        )
        assert drawn.status == 201, drawn.text()
        tables: list[dict[str, Any]] = drawn.json()["tables"]
        for table in tables:
            self.records[table["game"]] = game.begin(
                "wizard", table["players"], table["first_dealer"], FIVE
            )
        return tables

    def play(self, table: dict[str, Any], rounds: int = 99) -> None:
        """Up to ``rounds`` more rounds of a table's game saved with its edit token."""
        record = self.records[table["game"]]
        rng = Random(len(record.rounds) * 7 + table["table"])
        for _ in range(rounds):
            if len(record.rounds) >= len(record.schedule):
                break
            played = legal_round(record, rng)
            answer = self.api.post(
                f"{self.base}/api/games/{table['game']}/rounds",
                data=round_json(played),
                headers={"Authorization": f"Bearer {table['edit_token']}"},
            )
            assert answer.status == 201, answer.text()
            record = game.add_round(record, played)
        self.records[table["game"]] = record


def build(api: APIRequestContext, base: str, names: list[str], state: str) -> str:
    """An evening of ``names`` at tables of 4 (and 5 where 4 do not go), brought to ``state``
    (one of :data:`STATES`): the evening's id."""
    sizes = [4] if len(names) % 4 == 0 else [4, 5]
    evening = Evening(api, base, names, sizes)
    first = evening.draw(1)
    if state == "seating":
        return evening.id
    if state in ("playing", "turns"):
        # Every table under way; for the turns, half of them finished and the next drawn.
        for at, table in enumerate(first):
            evening.play(table, 99 if state == "turns" and at % 2 else 2)
        if state == "turns":
            evening.draw(2)
        return evening.id
    for table in first:
        evening.play(table)
    second = evening.draw(2)
    if state == "seating-2":
        return evening.id
    for table in second:
        evening.play(table, 2 if state == "playing-2" else 99)
    if state == "over":
        for table in evening.draw(3):
            evening.play(table)
    return evening.id
