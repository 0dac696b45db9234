"""Stored games as BG Stats plays (issue 51): what :mod:`scorekeeper.render.bgstats` needs of
a stored game (its sheet, when it started and when its last round was saved, its variant in
words in the request's language), and the play file as a download. The addresses live beside
each thing's other downloads (exports.py, evenings_api.py, groups_api.py) and in the API."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime

from flask import Response
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.render import bgstats, filenames, game_facts
from scorekeeper.storage import StoredGame
from scorekeeper.storage.game_history import last_rounds


def not_finished() -> str:
    """Why a game still played is no play for BG Stats yet."""
    said: str = _("The game is not finished yet: BG Stats logs a game once it is over.")
    return said


def variant_words(key: str, settings: object) -> str:
    """The game's settings in words where they differ from its defaults ("" for none)."""
    return bgstats.BOARD_JOIN.join(game_facts.chosen_lines(key, settings))


def plays(games: Sequence[StoredGame]) -> list[bgstats.Play]:
    """The finished games among ``games`` as plays, in the order given."""
    finished = [(stored, sheet.build(stored.record)) for stored in games]
    finished = [(stored, built) for stored, built in finished if built.finished]
    last = last_rounds(storage.get_db(), [stored.id for stored, _built in finished])
    return [
        bgstats.play_of(
            stored.id,
            built,
            _room_clock(datetime.fromisoformat(stored.created_at)),
            _last_round(last.get(stored.id)),
            variant_words(stored.record.game, stored.record.settings),
        )
        for stored, built in finished
    ]


def imported_plays(group_id: str) -> list[bgstats.Play]:
    """The group's games known by their totals only as plays, each under its own uuid (so
    BG Stats knows a play it exported again): no rounds, no length, no start player."""
    return [
        bgstats.Play(
            known.id,
            known.game,
            known.players,
            known.totals,
            known.ranks,
            tuple(seat for seat, rank in enumerate(known.ranks) if rank == 1),
            -1,
            0,
            _room_clock(datetime.fromisoformat(known.played_at)),
            0,
            "",
            known.uuid,
        )
        for known in storage.imported_games(storage.get_db(), group_id)
    ]


def _last_round(seconds: float | None) -> datetime | None:
    return None if seconds is None else _room_clock(datetime.fromtimestamp(seconds, UTC))


def _room_clock(moment: datetime) -> datetime:
    """A stored moment (UTC) on the serving machine's clock, the room's, with no zone: BG
    Stats takes a play's date as the local time it was played."""
    return moment.astimezone().replace(tzinfo=None)


def place_of(game_id: str) -> tuple[str, str]:
    """Where a game was played, as BG Stats names a location: its group (name and id), or the
    pad for a game of no group."""
    group_id = storage.group_of(storage.get_db(), game_id)
    group = None if group_id is None else storage.load_group(storage.get_db(), group_id)
    return (bgstats.SOURCE_NAME, "pad") if group is None else (group.name, group.id)


def play_file(found: list[bgstats.Play], place: tuple[str, str], name: str) -> Response:
    """The play file of ``found`` at ``place`` (its name and id) as a download named ``name``."""
    written = _room_clock(datetime.now(UTC))
    data = bgstats.play_file(found, place=place[0], place_id=place[1], written=written)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    response = Response(text.encode("utf-8"), mimetype="application/json")
    response.headers["Content-Disposition"] = filenames.content_disposition(name)
    response.headers["Cache-Control"] = "no-store"
    return response
