"""The JSON API: games and rounds for other programs, over the same rules, sheet and storage.

Thin like the pages: read the JSON, let :mod:`scorekeeper.core.record` and the rules decide, store
with :mod:`scorekeeper.storage`, answer with the state rendered from the score sheet. Creating a
game needs no token; changing one needs ``Authorization: Bearer <edit_token>``. Every refusal is
JSON ``{"error": "..."}``; nothing is stored from a refused request. Documented in ``docs/api.md``.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from flask import Blueprint, Response, jsonify, request, url_for
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import game, sheet, state
from scorekeeper.core.game import GameRecord
from scorekeeper.core.record import Json, append_round, check_text, correct_round, parse_game
from scorekeeper.core.rules import RuleError
from scorekeeper.render import bgstats, labels
from scorekeeper.storage import StoredGame, history
from scorekeeper.web import access, bgstats_plays, club_tables, trash, trash_kinds
from scorekeeper.web.kinds import GAME

bp = Blueprint("api", __name__, url_prefix="/api")


class Refusal(Exception):
    """A request the API turns down: its HTTP status, a stable code (docs/api.md) and a sentence
    for the player in the language of the request."""

    def __init__(self, status: int, code: str, message: str, **extra: object) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra  # more fields of the answer (a trashed game's "until")

    @classmethod
    def of(cls, error: RuleError, status: int = 400) -> Refusal:
        """The refusal of the rules or of the game record; the code is the innermost one (a
        round's own refusal inside "Round 3: …")."""
        return cls(status, error.reason.root.code, labels.refusal(error.reason))


@bp.errorhandler(Refusal)
def refused_answer(refusal: Refusal) -> tuple[Response, int]:
    response = jsonify(error=refusal.message, code=refusal.code, **refusal.extra)
    if refusal.status == 401:
        response.headers["WWW-Authenticate"] = "Bearer"
    return response, refusal.status


# --- endpoints -------------------------------------------------------------------------------


@bp.post("/games")
def create_game() -> tuple[Response, int, dict[str, str]]:
    """Create a game from a game record; its rounds are checked in order. With an
    ``Idempotency-Key``, the same request sent again answers the game it made."""
    data = json_body()
    key = idempotency_key()
    new = parsed_record(parse_game, data)
    since = (datetime.now(UTC) - KEY_KEPT).isoformat(timespec="seconds")
    digest = None if key is None else body_digest(data)
    try:
        carried = history.carried_in(data)
        stored, again = storage.create_game_once(
            storage.get_db(), new, key, digest=digest, since=since, carried=carried
        )
    except RuleError as error:  # a history that does not lead to the game
        raise Refusal.of(error) from error
    except storage.KeyReused as error:
        raise Refusal(
            422,
            "idempotency_key_reused",
            _(
                "This Idempotency-Key was sent before with another game, so nothing was "
                "stored. Send a new key with each new game."
            ),
        ) from error
    response = game_answer(stored, edit_token=stored.edit_token)
    headers = {"Location": url_for(".get_game", game_id=stored.id)}
    if again:
        headers["Idempotent-Replayed"] = "true"
    return response, 201, headers


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    """The game state; ``304`` when ``If-None-Match`` names its version."""
    response = game_answer(stored_game(game_id))
    response.make_conditional(request)
    return response


@bp.get("/games/<game_id>/bgstats")
def bgstats_play(game_id: str) -> Response:
    """A finished game as BG Stats takes it: its push link and the link's JSON."""
    found = bgstats_plays.plays([stored_game(game_id)])
    if not found:
        raise Refusal(409, "game_not_finished", bgstats_plays.not_finished())
    return jsonify({"link": bgstats.push_link(found[0]), "play": bgstats.push_data(found[0])})


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str) -> tuple[Response, int]:
    """Add the next complete round; with ``"number"``, a round already stored is a 409."""
    stored = editable(game_id)
    data = json_body()
    number = _round_number(data)
    _check_next(stored, number)
    new = parsed_record(lambda data: append_round(stored.record, data), data)
    return game_answer(_save(stored, new, number)), 201


@bp.put("/games/<game_id>/rounds/<number>")
def replace_round(game_id: str, number: str) -> Response:
    """Correct a completed round; the totals follow."""
    stored = editable(game_id)
    played = _completed(stored, number)
    new = parsed_record(lambda data: correct_round(stored.record, played, data), json_body())
    return game_answer(_save(stored, new))


@bp.delete("/games/<game_id>/rounds/<number>")
def delete_round(game_id: str, number: str) -> Response:
    """Take back the last completed round."""
    stored = editable(game_id)
    played = _completed(stored, number)
    try:
        new = game.drop_last_round(stored.record, played)
    except RuleError as error:
        raise Refusal.of(error) from error
    return game_answer(_save(stored, new))


@bp.delete("/games/<game_id>")
def delete_game(game_id: str) -> Response:
    """Move the game to the trash (``If-Match`` as every change); restorable until ``until``."""
    stored = editable(game_id)
    club = club_tables.protecting(stored.id)
    if club is not None:  # a club night's table: only its keepers take it out
        raise Refusal(409, club_tables.REFUSAL_CODE, club_tables.refusal_words(club))
    # moved on meanwhile: 412 (from stored_game, read again); in the trash already: 410
    return into_trash(
        trash_kinds.GAME, stored.id, stored.version, lambda: stale_refusal(stored_game(game_id))
    )


# --- the trash, for every kind (web/trash_kinds.py) ------------------------------------------


def refuse_missing(kind: trash.Kind, thing_id: str) -> None:
    """Refuse with 410 a thing in the trash (``in_trash``, with ``until``) or deleted for good
    from it (``deleted_for_good``, with ``gone``); nothing for anything else."""
    missing = trash.missing(kind, thing_id)
    if missing is not None:
        raise Refusal(410, missing.code, missing.words, **missing.when)


def into_trash(
    kind: trash.Kind, thing_id: str, version: int, stale: Callable[[], Refusal]
) -> Response:
    """Move the thing, read at ``version`` by a request that may change it, to the trash: its id
    and when it goes for good. Moved meanwhile: 410 from the trash, else ``stale()`` (412)."""
    try:
        moved = kind.stored.trash(storage.get_db(), thing_id, version)
    except storage.Conflict:
        refuse_missing(kind, thing_id)
        raise stale() from None
    return jsonify(id=thing_id, in_trash=True, until=trash.until(moved))


def out_of_trash(kind: trash.Kind, thing_id: str, may: Callable[[], None]) -> None:
    """Bring the thing back from the trash, once ``may`` let the request (its edit token and
    ``If-Match``; the body is ``{}``). Not in the trash: 409 ``not_in_trash``; past its days:
    410; in the trash with its group (a club night): 409 ``in_trash_with_group``."""
    found = trash.trashed(kind, thing_id)
    if found is None:
        refuse_missing(kind, thing_id)
        raise Refusal(409, "not_in_trash", kind.words.not_in_trash())
    may()
    json_body()
    said = kind.words.in_trash_with
    if found.shown.within is not None and said is not None:
        raise Refusal(409, "in_trash_with_group", said())
    if not kind.stored.restore(storage.get_db(), thing_id):
        raise Refusal(409, "not_in_trash", kind.words.not_in_trash())


# --- helpers ---------------------------------------------------------------------------------

# How long an Idempotency-Key names the game it made: a retry comes within seconds or minutes.
KEY_KEPT = timedelta(hours=24)


def idempotency_key() -> str | None:
    """The request's ``Idempotency-Key`` (1 to 200 visible ASCII characters), or ``None``."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not re.fullmatch(r"[!-~]{1,200}", key):
        raise Refusal(
            400,
            "idempotency_key_invalid",
            _(
                "The Idempotency-Key header must be 1 to 200 visible characters without "
                "spaces (a random UUID, for example)."
            ),
        )
    return f"api:{key}"


def body_digest(data: object) -> str:
    """The fingerprint of a JSON body: the same for the same JSON, however it is spaced."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _state(stored: StoredGame) -> Json:
    return state.to_state(sheet.build(stored.record), stored.id)


def game_answer(stored: StoredGame, **extra: str) -> Response:
    """The game state, with the game's version as its ``ETag`` (for ``If-Match``)."""
    response = jsonify({**_state(stored), **extra})
    response.set_etag(str(stored.version))
    return response


def stored_game(game_id: str) -> StoredGame:
    """The game asked for by the API (its refusals as the API says them)."""
    stored = access.load(GAME, game_id)
    if stored is None:
        refuse_missing(trash_kinds.GAME, game_id)
        raise Refusal(
            404, "game_not_found", _("There is no game with this id. It may have been deleted.")
        )
    return stored


def editable(game_id: str) -> StoredGame:
    """The game, if the request carries its edit token (401 without one, 403 with a wrong one)."""
    stored = stored_game(game_id)
    require_game_token(stored)
    if not game_version_matches(stored):
        raise stale_refusal(stored)
    return stored


def require_game_token(stored: StoredGame) -> None:
    """Refuse a request without the game's edit token."""
    require_edit_token(
        stored,
        missing=_(
            "Changing a game needs its edit token: "
            "send the header Authorization: Bearer <edit_token>."
        ),
        wrong=_(
            "That edit token does not fit this game. "
            "It may have been renewed: ask the scorekeeper for the new one."
        ),
    )


def require_edit_token(stored: access.Shared, *, missing: str, wrong: str) -> None:
    """Refuse the request unless its bearer token is the edit token of ``stored`` (a game or a
    group): 401 without one (``missing`` says how to send it), 403 with another (``wrong``)."""
    token = access.bearer_token()
    if token is None:
        raise Refusal(401, "edit_token_missing", missing)
    if not access.same_token(token, stored.edit_token):
        raise Refusal(403, "edit_token_wrong", wrong)


def game_version_matches(stored: StoredGame) -> bool:
    """True unless an ``If-Match`` header names another version than the stored one."""
    return version_matches(stored.version)


def version_matches(version: int) -> bool:
    """True unless an ``If-Match`` header names another version than ``version``."""
    return "If-Match" not in request.headers or request.if_match.contains(str(version))


def stale(kind: trash.Kind, version: int) -> Refusal:
    """412: an ``If-Match`` named another version than the thing's (``version``, now)."""
    return Refusal(412, "version_mismatch", kind.words.stale(version))


def stale_refusal(stored: StoredGame) -> Refusal:
    """The refusal of a change made against an old version of the game."""
    return stale(trash_kinds.GAME, stored.version)


def _round_number(data: object) -> int | None:
    """The ``"number"`` a posted round may carry (taken out of the round), or ``None``."""
    if not isinstance(data, dict) or "number" not in data:
        return None
    number = data.pop("number")
    if isinstance(number, bool) or not isinstance(number, int):
        raise Refusal(
            400, "invalid_number", _('"number" must be the round\'s number, a whole number.')
        )
    return number


def _check_next(stored: StoredGame, number: int | None) -> None:
    """Refuse a round number that is not the next one (409): a repeat is never a second round."""
    upcoming = len(stored.record.rounds) + 1
    if number is None or number == upcoming:
        return
    if 1 <= number < upcoming:
        raise Refusal(
            409,
            "round_exists",
            _(
                "Round %(number)s is stored already, so nothing was changed. "
                "The next round is %(next)s.",
                number=number,
                next=upcoming,
            ),
        )
    raise Refusal(
        409,
        "round_not_next",
        _(
            "This is not the next round: the game is waiting for round %(next)s, "
            "so nothing was changed.",
            next=upcoming,
        ),
    )


def _completed(stored: StoredGame, number: str) -> int:
    """The number of a completed round of the game, from the URL (404 for any other)."""
    played = len(stored.record.rounds)
    # Checked as text first: a URL may carry a number of thousands of digits.
    digits = number.isascii() and number.isdecimal() and len(number) <= 3
    if digits and 1 <= int(number) <= played:
        return int(number)
    raise Refusal(
        404,
        "round_not_completed",
        _(
            "This game has no completed round %(number)s; rounds 1 to %(played)d are complete.",
            number=number[:10],
            played=played,
        ),
    )


def json_body() -> object:
    """The request's JSON body, refused unless it is JSON sent as ``application/json``."""
    if not request.is_json:
        raise Refusal(
            400, "json_required", _("Send JSON, with the header Content-Type: application/json.")
        )
    try:
        data = json.loads(request.get_data())
    except (ValueError, RecursionError) as error:
        raise Refusal(
            400, "json_invalid", _("The body is not valid JSON, so nothing was changed.")
        ) from error
    try:
        check_text(data)
    except RuleError as error:
        raise Refusal.of(error) from error
    return data


def parsed_record(read: Callable[[object], GameRecord], data: object) -> GameRecord:
    """The game after ``read`` applied ``data``; a refused record or round is a 400."""
    try:
        return read(data)
    except RuleError as error:
        raise Refusal.of(error) from error


def _save(stored: StoredGame, new: GameRecord, number: int | None = None) -> StoredGame:
    """Store the change; when another request stored one first, say why this one is refused."""
    try:
        return storage.save(storage.get_db(), stored, new)
    except storage.Conflict as error:
        now = stored_game(stored.id)
        _check_next(now, number)  # the same round, posted twice at once: 409 round_exists
        if "If-Match" in request.headers:
            raise stale_refusal(now) from error
        raise Refusal(
            409,
            "changed_meanwhile",
            _("Someone changed this game meanwhile, so nothing was changed. Load it and retry."),
        ) from error
