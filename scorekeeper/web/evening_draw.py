"""What the evening's API and its pages share (issue 34): the evening worked out from its
tables' games, and a sitting drawn and stored by the rules of the evening.

Both callers answer the same refusals in their own way: the API as JSON with a status, the pages
in words beside the form. So these raise what the rules and storage raise
(:class:`~scorekeeper.core.rules.RuleError`, ``storage.KeyReused``, ``storage.RosterFull``,
``storage.Conflict``) and leave the answer to the caller.
"""

from __future__ import annotations

import secrets

from flask import abort

from scorekeeper import storage
from scorekeeper.core import evening_record
from scorekeeper.core.evening import Seating, draw
from scorekeeper.core.evening_record import SittingAsked
from scorekeeper.render import evening_sheet
from scorekeeper.render.evening_sheet import EveningSheet
from scorekeeper.storage import KeyedSitting, StoredEvening, StoredGame, StoredGroup, StoredSitting
from scorekeeper.web import access
from scorekeeper.web.kinds import GROUP


def stored_or_404(evening_id: str) -> tuple[StoredEvening, StoredGroup]:
    """The evening and its group as stored (404 for no such evening), whoever asks."""
    stored = storage.load_evening(storage.get_db(), evening_id)
    group = None if stored is None else storage.load_group(storage.get_db(), stored.group_id)
    if stored is None or group is None:
        abort(404)
    return stored, group


def evening_or_404(evening_id: str) -> tuple[StoredEvening, StoredGroup]:
    """The evening and its group for a page, if the request may see the group (403 once its
    view link was renewed, as the group's pages; 404 for no such evening)."""
    stored, group = stored_or_404(evening_id)
    if not access.may_see(GROUP, group):
        abort(403, description=GROUP.renewed_words())
    return stored, group


def sheet_of(stored: StoredEvening, *, before: int | None = None) -> EveningSheet:
    """The evening worked out from its tables' games as stored now."""
    games = {game.id: game.record for game in games_of(stored)}
    return evening_sheet.build(stored, games, before=before)


def games_of(stored: StoredEvening) -> list[StoredGame]:
    """The games of every table of the evening still stored."""
    ids = [game_id for sitting in stored.sittings for game_id in sitting.game_ids]
    return storage.load_many(storage.get_db(), ids)


def new_seed() -> int:
    """A seed for a draw or for the standings' lots."""
    return secrets.randbelow(evening_record.MAX_SEED + 1)


def draw_and_store(
    stored: StoredEvening,
    asked: SittingAsked,
    number: int,
    replacing: StoredSitting | None,
    *,
    key: str | None = None,
    digest: str | None = None,
    since: str | None = None,
) -> tuple[StoredEvening, KeyedSitting, bool]:
    """Draw sitting ``number`` as ``asked`` (``replacing`` the last one, for a redraw) and store
    it with a game per table: the evening after it, the sitting drawn and whether ``key`` drew
    it before (then nothing new is stored, and the sitting is the one ``key`` drew)."""
    before = stored.sittings[number - 2] if number > 1 else None
    last = replacing or before
    named = asked.present
    if named is None:
        named = stored.players if last is None else last.present
    players, present = evening_record.join(stored.players, named)
    evening_record.check_tables(present, stored.table_sizes)
    seating = asked.seating or (Seating(replacing.seating) if replacing else Seating.RANDOM)
    ranked: tuple[str, ...] = ()
    if seating is Seating.STANDINGS:
        earlier = sheet_of(stored, before=number)
        evening_record.check_standings_ready(len(earlier.playing))
        ranked = tuple(line.player for line in earlier.standings)
    seed = asked.seed if asked.seed is not None else new_seed()
    sitting = draw(
        present,
        stored.table_sizes,
        stored.drawn[: number - 1],
        seating,
        seed=seed,
        sittings_left=stored.sittings_planned - number + 1,
        standings=ranked,
    )
    games = evening_record.table_games(stored.plan, sitting)
    new = storage.NewSitting(number, seating.value, seed, present, sitting, games)
    return storage.draw_sitting(
        storage.get_db(), stored, new, players=players, key=key, digest=digest, since=since
    )
