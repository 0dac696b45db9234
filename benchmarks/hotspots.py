"""Where a request's time goes: cProfile over the app in process, split into its main parts.

The same three requests as the server figures (round page, 6 x 10 score sheet, submitting a
round) are profiled through Flask's test client. The shares are indicative: cProfile slows
Python code more than C code, but it shows which part dominates.
"""

from __future__ import annotations

import cProfile
import json
import pstats
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import games
from scorekeeper import create_app, storage
from scorekeeper.core import game
from scorekeeper.core.rules import Variants

# (file ending, function) -> what it is; these never call one another.
PARTS = {
    ("flask/templating.py", "render_template"): "Jinja templates (with Babel)",
    ("scorekeeper/core/sheet.py", "build"): "score sheet (rules)",
    ("scorekeeper/render/chart.py", "running_totals_svg"): "chart SVG",
    ("scorekeeper/storage/database.py", "_open"): "SQLite connect",
    ("scorekeeper/storage/games.py", "load"): "SQLite load",
    ("scorekeeper/storage/games.py", "save"): "SQLite save",
    ("scorekeeper/core/record.py", "append_round"): "read round JSON (rules)",
    ("scorekeeper/core/state.py", "to_state"): "game state JSON",
}
TOTAL = ("flask/app.py", "wsgi_app")


def _shares(profile: cProfile.Profile) -> dict[str, float]:
    """Percent of the app's time in each part, and in the rest (Flask, Werkzeug, session)."""
    stats: dict[Any, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    cumulative: dict[tuple[str, str], float] = {}
    for (filename, _line, function), (*_counts, cum, _callers) in stats.items():
        for part in (*PARTS, TOTAL):
            if filename.endswith(part[0]) and function == part[1]:
                cumulative[part] = cumulative.get(part, 0.0) + cum
    total = cumulative.get(TOTAL, 0.0)
    if not total:
        return {}
    shares = {PARTS[p]: round(100 * t / total, 1) for p, t in cumulative.items() if p in PARTS}
    shares["Flask, Werkzeug, session, headers"] = round(100 - sum(shares.values()), 1)
    return dict(sorted(shares.items(), key=lambda item: -item[1]))


def _profiled(action: Callable[[], object], count: int) -> dict[str, float]:
    action()
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(count):
        action()
    profile.disable()
    return _shares(profile)


def run(count: int = 100) -> dict[str, dict[str, float]]:
    """The shares for the round page, the 6 x 10 score sheet and submitting a round."""
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "profile.sqlite"), "SECRET_KEY": "bench"})
        with app.app_context():
            database = storage.get_db()
            playing = storage.create_game(database, games.played(6, 9, seed=11))
            done = storage.create_game(database, games.finished(6, seed=12))
            empty = game.new_game(games.NAMES[:6], 0, Variants())
            fresh = [storage.create_game(database, empty) for _ in range(count // 10 + 1)]
        client = app.test_client()
        with client.session_transaction() as session:
            session["edit"] = {g.id: g.edit_token for g in (playing, done)}
        bodies = [games.round_json(r) for r in games.finished(6, seed=3).rounds]
        posts = iter([(g, body) for g in fresh for body in bodies])

        def submit() -> object:
            stored, body = next(posts)
            return client.post(
                f"/api/games/{stored.id}/rounds",
                data=json.dumps(body),
                headers={"Authorization": f"Bearer {stored.edit_token}"},
                content_type="application/json",
            )

        return {
            "round": _profiled(lambda: client.get(f"/games/{playing.id}"), count),
            "sheet6": _profiled(lambda: client.get(f"/games/{done.id}/sheet"), count),
            "post": _profiled(submit, count - 1),
        }
