"""What the evening's API and its pages share (issue 34): the evening worked out from its
tables' games, and a sitting drawn and stored by the rules of the evening.

Both callers answer the same refusals in their own way: the API as JSON with a status, the pages
in words beside the form. So these raise what the rules and storage raise
(:class:`~scorekeeper.core.rules.RuleError`, ``storage.KeyReused``, ``storage.RosterFull``,
``storage.Conflict``) and leave the answer to the caller.
"""

from __future__ import annotations

import contextlib
import secrets

from flask import abort

from scorekeeper import storage
from scorekeeper.core import evening, evening_record
from scorekeeper.core.evening import Plan, Seating, Sitting, draw
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
        if replacing is None and before is not None:
            # Whoever left a table ended early since is not here, unless named again.
            left = set(stored.left_after(before))
            named = tuple(name for name in named if name not in left)
    players, present = evening_record.join(stored.players, named)
    evening_record.check_tables(present, stored.table_sizes)
    seating = asked.seating or (Seating(replacing.seating) if replacing else Seating.RANDOM)
    ranked: tuple[str, ...] = ()
    if seating is Seating.STANDINGS:
        earlier = sheet_of(stored, before=number)
        evening_record.check_standings_ready(len(earlier.playing))
        ranked = tuple(line.player for line in earlier.standings)
    seed = asked.seed if asked.seed is not None else new_seed()
    planned = _planned_next(stored, number, present, asked, seating, replacing)
    if planned is not None:
        seating, (seed, sitting) = Seating.BALANCED, planned
    else:
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


def plan_present(stored: StoredEvening) -> tuple[str, ...]:
    """The players an evening's plan is made for: those present at the last sitting drawn (as
    the next draw starts from), or every player of the evening before the first."""
    return stored.sittings[-1].present if stored.sittings else stored.players


def plan_of(stored: StoredEvening) -> tuple[Plan, tuple[Sitting, ...]]:
    """The evening's plan and its sittings still to come: the plan kept, while it stands, else
    a new one (from the evening's seed, the players present and the sittings drawn), kept from
    now on so that the draws follow it."""
    db = storage.get_db()
    present, drawn = plan_present(stored), stored.drawn
    kept = storage.load_plan(db, stored.id)
    left = None if kept is None else kept.left(drawn, present, stored.sittings_planned)
    if kept is not None and left is not None:
        return kept, left
    seed = stored.seed + len(drawn)
    sittings = max(0, stored.sittings_planned - len(drawn))
    planned = evening.plan(present, stored.table_sizes, drawn, seed=seed, sittings=sittings)
    made = Plan(len(drawn), tuple(present), seed, planned[:sittings])
    # Shown all the same where it cannot be kept: the draws then draw as if none was printed.
    with contextlib.suppress(storage.Unavailable):
        storage.keep_plan(db, stored.id, made)
    return made, made.sittings


def plan_offered(stored: StoredEvening) -> bool:
    """Whether the keeper's part links the evening's plan: sittings are left to draw, and none
    is drawn yet (the plan is printed before the first card is dealt) or the plan kept still
    stands (printed again as it was)."""
    if len(stored.sittings) >= stored.sittings_planned:
        return False
    if not stored.sittings:
        return True
    kept = storage.load_plan(storage.get_db(), stored.id)
    present = plan_present(stored)
    return (
        kept is not None and kept.left(stored.drawn, present, stored.sittings_planned) is not None
    )


def _planned_next(
    stored: StoredEvening,
    number: int,
    present: tuple[str, ...],
    asked: SittingAsked,
    seating: Seating,
    replacing: StoredSitting | None,
) -> tuple[int, Sitting] | None:
    """The plan's seed and sitting ``number`` where the draw follows the plan kept: a first
    draw of that sitting (no redraw), no seed asked for, not by standings, and the plan still
    standing for the players ``present``."""
    if replacing is not None or asked.seed is not None or seating is Seating.STANDINGS:
        return None
    kept = storage.load_plan(storage.get_db(), stored.id)
    if kept is None:
        return None
    left = kept.left(stored.drawn[: number - 1], present, stored.sittings_planned)
    return (kept.seed, left[0]) if left else None
