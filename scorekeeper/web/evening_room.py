"""The room screen's parts (issue 48): what it shows that changes while the tables play (each
table's card, the standings, the countdown or the evening's end), each rendered once here for
the page and for ``GET /evenings/<id>/room.json``, which answers a room screen's script only
with the parts it does not show yet.

The script says what it shows by a digest of each part (``?have=``); the answer holds the
parts whose digest differs, the evening's version and its *layout* (which sittings are shown,
their tables and players): a layout other than the page's is a sitting drawn or drawn again,
which the screen reloads for. So a save at a table costs the screen one answer of a few hundred
bytes (the table's card when its round changed, nothing when only a bid did), and the screen's
turns between two sittings run on.

The forecast of each table (:mod:`scorekeeper.core.evening_pace`) is worked out here too, from
the games' rounds and the times of their saves: the evening's page shows it as well.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from flask import current_app
from markupsafe import Markup

from scorekeeper import storage
from scorekeeper.core import evening_pace
from scorekeeper.render import evening_pages, evening_sheet
from scorekeeper.render.evening_pages import EveningView, Pace
from scorekeeper.storage import StoredEvening
from scorekeeper.storage.game_history import last_rounds
from scorekeeper.web import evening_draw


def evening_view(stored: StoredEvening) -> EveningView:
    """The evening as its page and its room screen show it, with the forecast of the tables
    now."""
    games = evening_draw.games_of(stored)
    built = evening_sheet.build(stored, {game.id: game.record for game in games})
    shown = evening_pages.view(built)
    if shown.now is None:
        return shown
    started = {game.id: _seconds(game.created_at) for game in games}
    tables = [t for t in shown.now.tables if t.game_id is not None and t.game_id in started]
    last = last_rounds(storage.get_db(), [t.game_id for t in tables if t.game_id is not None])
    paces = [
        evening_pace.TablePace(
            t.rounds_done,
            t.rounds_planned,
            started[t.game_id],
            last.get(t.game_id),
            t.done,
        )
        for t in tables
        if t.game_id is not None
    ]
    ends = _seconds(stored.countdown_ends) if stored.countdown_ends else None
    found = evening_pace.forecast(paces, time.time(), ends)
    number = shown.now.number
    return replace(
        shown,
        paces={
            (number, t.table): Pace(f.behind, _clock(f.ends))
            for t, f in zip(tables, found, strict=True)
        },
    )


@dataclass(frozen=True)
class Part:
    """A part of the room screen: its html and the digest the script names it by."""

    html: Markup
    digest: str


def parts(stored: StoredEvening, shown: EveningView) -> dict[str, Part]:
    """Every part of the room screen that changes in place, by its element's id."""
    module = current_app.jinja_env.get_template("evenings/_room.html").make_module(
        {"clock": evening_pages.clock}
    )
    card, standings, status = module.card, module.standings, module.status  # type: ignore[attr-defined]
    found: dict[str, Markup] = {}
    for sitting in shown.shown:
        for table in sitting.tables:
            pace = shown.pace(sitting.number, table.table)
            found[f"room-t{sitting.number}-{table.table}"] = card(sitting, table, pace)
    found["room-standings-part"] = standings(shown)
    found["room-status"] = status(stored, shown)
    return {key: Part(html, _digest(str(html))) for key, html in found.items()}


def layout(shown: EveningView) -> str:
    """What only a reload changes: the sittings shown, their tables and who sits where, who
    sits out, and whether the standings take the long layout."""
    seen = [
        (s.number, s.seed, [(t.table, t.players) for t in s.tables], s.sitting_out)
        for s in shown.shown
    ]
    return _digest(repr((seen, len(shown.standings) > 24)))


def answer(stored: StoredEvening, shown: EveningView, have: str) -> dict[str, object]:
    """The room screen's answer to ``have`` (the digests it shows, comma-separated in the
    order of :func:`parts`): the parts it lacks."""
    shows = set(have.split(",")) if have else set()
    every = parts(stored, shown)
    changed: Mapping[str, str] = {
        key: str(part.html) for key, part in every.items() if part.digest not in shows
    }
    return {
        "version": stored.version,
        "layout": layout(shown),
        "seating": shown.seating,
        "over": shown.over,
        "parts": {
            key: {"html": html, "digest": every[key].digest} for key, html in changed.items()
        },
    }


def _digest(text: str) -> str:
    return hashlib.blake2s(text.encode(), digest_size=5).hexdigest()


def _seconds(iso: str) -> float:
    try:
        return datetime.fromisoformat(iso).timestamp()
    except ValueError:
        return time.time()


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return ""
    return evening_pages.clock(datetime.fromtimestamp(seconds).astimezone().isoformat())
