"""A club's past brought in (issue 51): a BG Stats export of 5,000 plays and a CSV of the same
5,000 plays (20,000 lines) sent to ``POST /api/groups/<id>/imports`` of the app (in process,
over a database file of its own): the review alone (``dry_run``), the import, the same file
again (nothing stored), and the group's leaderboard then (its figures counted again).

A club of 16 players, four at a table, one play a day; the group's roster has 12 of them,
written as the file does not (other case, accents), so that every name is matched. Goal: the
import of 5,000 plays within 10 s. Run ``.venv/bin/python -m benchmarks.import_bench``.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from benchmarks.common import median
from scorekeeper import create_app, storage

PLAYS = 5_000
NAMES = [
    "Ana", "Ben", "Cleo", "Dario", "Eva", "Farid", "Greta", "Hugo",
    "Inés", "Jonas", "Kirsi", "Lars", "Mía", "Nils", "Olga", "Søren",
]  # fmt: skip
# How the roster writes the first 12 (the file writes them as NAMES).
ROSTER = [name.upper() if seat % 2 else name.replace("é", "e") for seat, name in enumerate(NAMES)]
GOAL_S = 10.0


def tables(count: int, seed: int = 51) -> list[tuple[date, list[tuple[str, int]]]]:
    """``count`` plays of four: their day, and each player's total (steps of 10, ties too)."""
    rng = random.Random(seed)
    start = date(2018, 1, 1)
    return [
        (
            start + timedelta(days=number),
            [(name, 10 * rng.randint(-8, 24)) for name in rng.sample(NAMES, 4)],
        )
        for number in range(count)
    ]


def bgstats_file(plays: list[tuple[date, list[tuple[str, int]]]]) -> str:
    """The plays as BG Stats exports them (scores as text, rank 0, no winner flag)."""
    ids = {name: number for number, name in enumerate(NAMES, start=1)}
    return json.dumps(
        {
            "games": [{"id": 1, "name": "Wizard", "bggId": 1465}],
            "players": [{"id": ids[name], "name": name, "isAnonymous": False} for name in NAMES],
            "plays": [
                {
                    "uuid": f"00000000-0000-4000-8000-{number:012d}",
                    "gameRefId": 1,
                    "playDate": f"{day.isoformat()} 20:00:00",
                    "ignored": False,
                    "playerScores": [
                        {"playerRefId": ids[name], "score": str(total), "rank": 0, "winner": False}
                        for name, total in seats
                    ],
                }
                for number, (day, seats) in enumerate(plays)
            ],
        }
    )


def csv_file(plays: list[tuple[date, list[tuple[str, int]]]]) -> str:
    """The plays as a CSV of totals, a line a player."""
    lines = ["date,game,player,total"]
    for day, seats in plays:
        lines += [f"{day.isoformat()},Wizard,{name},{total}" for name, total in seats]
    return "\n".join(lines) + "\n"


def _timed(client: FlaskClient, url: str, body: dict[str, Any], token: str) -> tuple[float, Any]:
    started = time.perf_counter()
    answer = client.post(url, json=body, headers={"Authorization": f"Bearer {token}"})
    elapsed = time.perf_counter() - started
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
    return elapsed, answer.get_json()


def once(text: str, folder: Path) -> dict[str, float]:
    """One file brought into a new group of a new database: each step's seconds."""
    app = create_app(
        {"DATABASE": str(folder / "import.sqlite"), "SECRET_KEY": "bench", "TESTING": False}
    )
    try:
        client = app.test_client()
        made = client.post("/api/groups", json={"name": "Old club"}).get_json()
        group_id, token = made["id"], made["edit_token"]
        with app.app_context():
            storage.join_roster(storage.get_db(), group_id, ROSTER[:12])
        url = f"/api/groups/{group_id}/imports"
        review_s, review = _timed(client, url, {"file": text, "dry_run": True}, token)
        import_s, done = _timed(client, url, {"file": text}, token)
        again_s, again = _timed(client, url, {"file": text}, token)
        assert review["brought_in"] == done["imported"] == PLAYS and again["imported"] == 0
        started = time.perf_counter()
        stats = client.get(f"/api/groups/{group_id}/stats").get_json()
        board_s = time.perf_counter() - started
        assert stats["games"] == PLAYS and len(stats["players"]) == len(NAMES)
        return {"review_s": review_s, "import_s": import_s, "again_s": again_s, "board_s": board_s}
    finally:
        storage.storage(app).close()


def run(repeats: int = 3) -> dict[str, Any]:
    """Each file's median seconds over ``repeats`` fresh groups, its size, and the goal."""
    plays = tables(PLAYS)
    results: dict[str, Any] = {"plays": PLAYS, "goal_s": GOAL_S}
    for name, text in (
        ("BG Stats export", bgstats_file(plays)),
        ("CSV of totals", csv_file(plays)),
    ):
        runs = []
        for _repeat in range(repeats):
            with tempfile.TemporaryDirectory() as folder:
                runs.append(once(text, Path(folder)))
        results[name] = {
            "bytes": len(text.encode()),
            **{key: median([one[key] for one in runs]) for key in runs[0]},
            "slowest_import_s": max(one["import_s"] for one in runs),
        }
    return results


def main() -> None:
    """Print the results."""
    print(json.dumps(run(), indent=1))


if __name__ == "__main__":
    main()
