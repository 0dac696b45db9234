"""Club evenings for programs and for the evening's pages (issue 34): make an evening of a
group, draw its sittings (each table's game made as a game of the group), draw a sitting again,
read the evening with its standings, take a table out of its sitting (or put it back), delete
it (to the trash) and restore it. Its downloads (CSV, JSON, result card, BG Stats plays) are
:mod:`.evening_files`.

An evening is its group's: writing needs the group's edit token (as adding a game does), reading
whatever lets the request see the group. Refusals are the games API's JSON
``{"error": sentence, "code": stable_snake_case}``. Documented in ``docs/api.md``; the decisions
(redraw, double taps) in ``docs/club-night.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from flask import Blueprint, Response, abort, jsonify, request, url_for
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import evening_record
from scorekeeper.core.evening_record import SittingAsked
from scorekeeper.core.rules import RuleError
from scorekeeper.render import evening_sheet, labels
from scorekeeper.storage import KeyedSitting, StoredEvening, StoredGroup, StoredSitting
from scorekeeper.web import (
    access,
    api,
    evening_draw,
    groups_api,
    trash_kinds,
)
from scorekeeper.web.api import Refusal
from scorekeeper.web.kinds import GROUP

bp = Blueprint("evenings_api", __name__, url_prefix="/api")

bp.register_error_handler(Refusal, api.refused_answer)

T = TypeVar("T")
R = TypeVar("R")

# The evening's own refusals that are about its state, not the request's body: 409.
STATE_CODES = frozenset(
    {
        "evening_all_sittings_drawn",
        "evening_sitting_exists",
        "evening_sitting_not_next",
        "evening_redraw_not_last",
        "evening_sitting_started",
        "evening_standings_not_ready",
    }
)


@bp.post("/groups/<group_id>/evenings")
def create_evening(group_id: str) -> tuple[Response, int, dict[str, str]]:
    """Make an evening of the group; answers it (no sitting drawn yet)."""
    group = groups_api.stored_group(group_id)
    _require_keeper(group)
    plan = read_or_refuse(evening_record.parse_evening, api.json_body())
    stored = storage.create_evening(
        storage.get_db(),
        group.id,
        game=plan.game,
        settings=plan.settings,
        players=plan.players,
        sittings=plan.sittings,
        table_sizes=plan.table_sizes,
        seed=evening_draw.new_seed(),
    )
    body = evening_sheet.to_json(evening_sheet.build(stored, {}))
    return jsonify(body), 201, {"Location": url_for(".get_evening", evening_id=stored.id)}


@bp.get("/evenings/<evening_id>")
def get_evening(evening_id: str) -> Response:
    """The evening: its sittings, tables and games, and the standings of its finished games;
    ``304`` when ``If-None-Match`` names its version."""
    stored, group = visible(evening_id)
    response = jsonify(evening_sheet.to_json(sheet_of(stored), _tokens(stored, group)))
    response.set_etag(str(stored.version))
    response.make_conditional(request)
    return response


@bp.delete("/evenings/<evening_id>")
def delete_evening(evening_id: str) -> Response:
    """Move the evening to the trash (``If-Match``: its version); restorable until ``until``.
    Its tables' games stay games of the group, still its record."""
    stored, group = _stored(evening_id)
    _require_keeper(group, _trash_words())
    if not api.version_matches(stored.version):
        raise api.stale(trash_kinds.EVENING, stored.version)
    return api.into_trash(
        trash_kinds.EVENING,
        stored.id,
        stored.version,
        lambda: api.stale(trash_kinds.EVENING, _stored(evening_id)[0].version),
    )


def restore_from_trash(evening_id: str) -> Response:
    """Bring the evening back from the trash, at the same version; one in the trash with its
    group comes back with the group (409 ``in_trash_with_group``). Served by
    ``POST /api/evenings/<id>/restore`` with ``{}`` (web/evening_history.py)."""
    # gone for good: 410; unknown: 404 (from _stored)
    stored, group = _found(evening_id, trashed=True) or _stored(evening_id)

    def may() -> None:
        _require_keeper(group, _trash_words())
        if not api.version_matches(stored.version):
            raise api.stale(trash_kinds.EVENING, stored.version)

    api.out_of_trash(trash_kinds.EVENING, evening_id, may)
    return get_evening(evening_id)


@bp.post("/evenings/<evening_id>/sittings")
def draw_sitting(evening_id: str) -> tuple[Response, int, dict[str, str]]:
    """Draw the next sitting and make each table's game."""
    stored, group = editable(evening_id)
    data = api.json_body()
    asked = read_or_refuse(evening_record.parse_sitting, data)
    digest = api.body_digest(data)
    replayed = _replayed(stored, group, digest)
    if replayed is not None:
        return replayed
    number = read_or_refuse(
        lambda _: evening_record.check_next(
            len(stored.sittings), stored.sittings_planned, asked.number
        ),
        None,
    )
    return _drawn(stored, group, asked, number, None, digest)


@bp.post("/evenings/<evening_id>/sittings/<number>")
def redraw_sitting(evening_id: str, number: str) -> tuple[Response, int, dict[str, str]]:
    """Draw the last sitting again while none of its games has started: its games are deleted
    and new ones made."""
    stored, group = editable(evening_id)
    sitting = drawn_sitting(stored, number)
    data = api.json_body()
    asked = read_or_refuse(evening_record.parse_sitting, data)
    # A key names one request: the same body sent to draw another sitting is another request.
    digest = api.body_digest({"redraw": sitting.number, "body": data})
    replayed = _replayed(stored, group, digest)
    if replayed is not None:
        return replayed
    started = storage.started(storage.get_db(), sitting)
    read_or_refuse(
        lambda _: evening_record.check_redraw(sitting.number, len(stored.sittings), started),
        None,
    )
    return _drawn(stored, group, asked, sitting.number, sitting, digest)


@bp.post("/evenings/<evening_id>/sittings/<number>/tables/<table>/out")
def take_table_out(evening_id: str, number: str, table: str) -> Response:
    """Take a table out of its sitting (issue 47): its game is kept and no longer counts, its
    players credited as sitting that sitting out; answers the evening."""
    return _table_out(evening_id, number, table, out=True)


@bp.delete("/evenings/<evening_id>/sittings/<number>/tables/<table>/out")
def put_table_back(evening_id: str, number: str, table: str) -> Response:
    """Put a table taken out back into its sitting: its game counts again; answers the
    evening."""
    return _table_out(evening_id, number, table, out=False)


def _table_out(evening_id: str, number: str, table: str, *, out: bool) -> Response:
    stored, _group = editable(evening_id)
    sitting = drawn_sitting(stored, number)
    found = [
        t for t in sitting.tables if table.isascii() and table.isdecimal() and str(t.table) == table
    ]
    if not found:
        raise Refusal(
            404,
            "table_not_found",
            _(
                "Sitting %(sitting)s of this evening has no table %(table)s.",
                sitting=sitting.number,
                table=table[:10],
            ),
        )
    storage.take_table_out(storage.get_db(), stored.id, sitting.number, found[0].table, out=out)
    return get_evening(stored.id)


# --- the draw --------------------------------------------------------------------------------


def _drawn(
    stored: StoredEvening,
    group: StoredGroup,
    asked: SittingAsked,
    number: int,
    replacing: StoredSitting | None,
    digest: str,
) -> tuple[Response, int, dict[str, str]]:
    """Draw sitting ``number`` as ``asked`` and store it with its games; a request whose key
    drew a sitting meanwhile (its twin sent at the same moment) answers that sitting."""
    key = api.idempotency_key()
    try:
        _saved, drawn, again = read_or_refuse(
            lambda _: evening_draw.draw_and_store(
                stored,
                asked,
                number,
                replacing,
                key=key,
                digest=None if key is None else digest,
                since=_since(),
            ),
            None,
        )
    except storage.KeyReused as error:
        raise _key_reused() from error
    except storage.RosterFull as error:
        raise Refusal(409, error.code, labels.refusal(error.reason)) from error
    except storage.Conflict as error:
        raise Refusal(
            409,
            "evening_changed_meanwhile",
            _(
                "The evening changed meanwhile (a sitting drawn or a game started), so nothing "
                "was drawn. Load it and try again."
            ),
        ) from error
    return _sitting_answer(stored.id, group, drawn, again)


def _replayed(
    stored: StoredEvening, group: StoredGroup, digest: str
) -> tuple[Response, int, dict[str, str]] | None:
    """The answer to a request repeating an ``Idempotency-Key`` already used on this evening:
    the sitting it drew, as it stands now (or a refusal, sent with another body or to draw
    another sitting); ``None`` for a new key."""
    key = api.idempotency_key()
    if key is None:
        return None
    db = storage.get_db()
    with db.atomic():  # the key and the answer read from one snapshot of the evening
        made = storage.keyed_sitting(db, stored.id, key, _since())
        if made is None:
            return None
        if made.digest != digest:
            raise _key_reused()
        return _sitting_answer(stored.id, group, made, True)


def _sitting_answer(
    evening_id: str, group: StoredGroup, drawn: KeyedSitting, again: bool
) -> tuple[Response, int, dict[str, str]]:
    """The sitting as it stands now, read with its games as one snapshot: ``201`` for a
    sitting drawn, ``200`` for one drawn again, a replay marked ``Idempotent-Replayed``."""
    db = storage.get_db()
    with db.atomic():
        stored, _group = _stored(evening_id)
        built = sheet_of(stored)
        tokens = _tokens(stored, group)
    sitting = next(line for line in built.sittings if line.number == drawn.number)
    headers = {"Location": url_for(".get_evening", evening_id=stored.id)}
    if again:
        headers["Idempotent-Replayed"] = "true"
    response = jsonify(evening_sheet.sitting_json(sitting, tokens))
    response.set_etag(str(stored.version))
    return response, 200 if drawn.redraw else 201, headers


def _since() -> str:
    """Keys of sittings drawn before this are forgotten (as a game's)."""
    return (datetime.now(UTC) - api.KEY_KEPT).isoformat(timespec="seconds")


def _key_reused() -> Refusal:
    return Refusal(
        422,
        "idempotency_key_reused",
        _(
            "This Idempotency-Key was sent before with another sitting, so nothing was drawn. "
            "Send a new key with each new sitting."
        ),
    )


# --- reading ---------------------------------------------------------------------------------

sheet_of = evening_draw.sheet_of


def _tokens(stored: StoredEvening, group: StoredGroup) -> dict[str, str] | None:
    """Each table game's edit token, for a request holding the group's edit token (as adding
    a game to the group answers the game's); ``None`` for anyone else."""
    token = access.bearer_token()
    if token is None or not access.same_token(token, group.edit_token):
        return None
    return {game.id: game.edit_token for game in evening_draw.games_of(stored)}


def read_or_refuse(read: Callable[[T], R], data: T) -> R:
    """``read(data)``; a refusal of the evening's rules is a 409 when it is about the evening's
    state (a sitting drawn already, a game started), else a 400."""
    try:
        return read(data)
    except RuleError as error:
        status = 409 if error.reason.root.code in STATE_CODES else 400
        raise Refusal(status, error.reason.root.code, labels.refusal(error.reason)) from error


def _stored(evening_id: str) -> tuple[StoredEvening, StoredGroup]:
    found = _found(evening_id)
    if found is None:
        api.refuse_missing(trash_kinds.EVENING, evening_id)
        raise Refusal(404, "evening_not_found", _("There is no evening with this id."))
    return found


def _found(evening_id: str, *, trashed: bool = False) -> tuple[StoredEvening, StoredGroup] | None:
    """The evening and its group, or ``None``; in the trash too if ``trashed`` asks."""
    db = storage.get_db()
    stored = storage.load_evening(db, evening_id, trashed=trashed)
    group = None if stored is None else storage.load_group(db, stored.group_id, trashed=trashed)
    return None if stored is None or group is None else (stored, group)


def visible(evening_id: str) -> tuple[StoredEvening, StoredGroup]:
    """The evening, if the request may see its group (its view link, or a token)."""
    stored, group = _stored(evening_id)
    if not access.may_see(GROUP, group):
        raise Refusal(403, "view_link_renewed", GROUP.renewed_words())
    return stored, group


def visible_file(evening_id: str) -> tuple[StoredEvening, StoredGroup]:
    """As :func:`visible`, refused as a page is (a download is asked for by a browser)."""
    try:
        return visible(evening_id)
    except Refusal as refusal:
        abort(refusal.status, description=refusal.message)


def editable(evening_id: str) -> tuple[StoredEvening, StoredGroup]:
    """The evening, if the request carries its group's edit token."""
    stored, group = _stored(evening_id)
    _require_keeper(group)
    return stored, group


def _require_keeper(group: StoredGroup, missing: str | None = None) -> None:
    api.require_edit_token(
        group,
        missing=missing
        or _(
            "An evening is drawn with its group's edit token: "
            "send the header Authorization: Bearer <edit_token>."
        ),
        wrong=_("That edit token does not fit this group. It may have been renewed."),
    )


def _trash_words() -> str:
    words: str = _(
        "Deleting or restoring a club night needs its group's edit token: "
        "send the header Authorization: Bearer <edit_token>."
    )
    return words


def drawn_sitting(stored: StoredEvening, number: str) -> StoredSitting:
    """A drawn sitting of the evening, from the URL (404 for any other)."""
    digits = number.isascii() and number.isdecimal() and len(number) <= 3
    found = [s for s in stored.sittings if digits and s.number == int(number)]
    if not found:
        raise Refusal(
            404,
            "sitting_not_found",
            _("This evening has no sitting %(number)s drawn.", number=number[:10]),
        )
    return found[0]
