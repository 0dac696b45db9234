"""A game's history in the API (issue 47, docs/api.md): its entries, and a restore, either from
the trash (``{}``) or to how the game stood after an entry (``{"entry": n}``).

Whoever may read a game may read its history; a restore is a change like any other (the edit
token, ``If-Match``), refused when the game moved on meanwhile, never merged.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from flask import Response, request
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.render import history_words
from scorekeeper.storage import StoredGame, game_history, history
from scorekeeper.storage.games import GAMES
from scorekeeper.web import api, trash_kinds
from scorekeeper.web.api import Refusal, bp


@bp.get("/games/<game_id>/history")
def game_history_answer(game_id: str) -> Response:
    """The game's history, oldest entry first, with an ``ETag`` of its content."""
    stored = api.stored_game(game_id)
    return history_answer(said_entries(stored))


def history_answer(entries: list[history_words.Said]) -> Response:
    """A history as the API answers it (a game's, a club night's, a group's): its entries,
    oldest first, with an ``ETag`` of its content (``304`` when ``If-None-Match`` names it)."""
    body = {
        "entries": [
            {
                "entry": line.entry,
                "at": line.at,
                "phone": line.phone,
                "change": line.change,
                "words": line.words,
                "before": line.before,
                "after": line.after,
            }
            for line in entries
        ]
    }
    text = json.dumps(body, ensure_ascii=False, sort_keys=True)
    response = Response(text, mimetype="application/json")
    response.set_etag(hashlib.sha256(text.encode()).hexdigest()[:20])
    response.make_conditional(request)
    return response


def said_entries(stored: StoredGame) -> list[history_words.Said]:
    """The game's history in words, oldest first; the bids of a round at the table sealed
    while its screen seals them."""
    return said_history(GAMES, stored.id, entries=shown_entries(stored, _("sealed")))


def shown_entries(stored: StoredGame, sealed: object) -> list[history.Entry]:
    """The game's entries as a page, the API or a file may show them: the bids of the round at
    the table, while they are sealed, as ``sealed`` (hidden or delayed bids)."""
    entries = game_history.game_history(storage.get_db(), stored.id)
    current = sheet.build(stored.record).current
    if current is None or not current.sealed:
        return entries
    return game_history.sealed_from(entries, current.number, sealed)


def said_history(
    thing: str,
    thing_id: str,
    words_of: history_words.Words | None = None,
    entries: list[history.Entry] | None = None,
) -> list[history_words.Said]:
    """A thing's history in words (a game's, unless ``words_of`` says another's), oldest
    first, each phone named as its keeper named it or "phone n"."""
    db = storage.get_db()
    if entries is None:
        entries = history.entries(db, thing, thing_id)
    names = history.phone_names(db, entries)
    return history_words.said(entries, names, history.phone_numbers(entries), words_of)


@bp.post("/games/<game_id>/restore")
def restore_game(game_id: str) -> Response:
    """From the trash, bring the game back exactly as it was, at the same version (``{}``); in
    play, bring it back to how it stood after an entry (``{"entry": n}``), a new entry."""
    # gone for good: 410; unknown: 404 (from _stored)
    stored = storage.load(storage.get_db(), game_id, trashed=True) or api.stored_game(game_id)
    if stored.deleted_at is None:
        return _restore_to_entry(game_id)

    def may() -> None:
        api.require_game_token(stored)
        if not api.game_version_matches(stored):
            raise api.stale_refusal(stored)

    api.out_of_trash(trash_kinds.GAME, game_id, may)
    return api.game_answer(replace(stored, deleted_at=None))


def _restore_to_entry(game_id: str) -> Response:
    stored = api.stored_game(game_id)  # unknown: 404; gone for good: 410
    number = entry_asked(api.json_body())
    if number is None:
        raise _not_in_trash()
    stored = api.editable(game_id)
    try:
        restored = game_history.restore_game_to(storage.get_db(), stored, number)
    except history.UnknownEntry as error:
        raise Refusal(
            404,
            "entry_not_found",
            _("This game's history has no entry %(n)s, so nothing was changed.", n=number),
        ) from error
    except storage.Conflict as error:
        now = api.stored_game(stored.id)
        if "If-Match" in request.headers:
            raise api.stale_refusal(now) from error
        raise Refusal(
            409,
            "changed_meanwhile",
            _("Someone changed this game meanwhile, so nothing was changed. Load it and retry."),
        ) from error
    return api.game_answer(restored)


def entry_asked(data: object) -> int | None:
    """The ``"entry"`` of a restore's body, ``None`` for ``{}`` (a restore from the trash)."""
    if not isinstance(data, dict) or set(data) - {"entry"}:
        raise Refusal(
            400,
            "restore_body",
            _('Send {} to restore from the trash, or {"entry": n} to go back to an entry.'),
        )
    if "entry" not in data:
        return None
    number = data["entry"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise Refusal(
            400,
            "entry_invalid",
            _('The "entry" must be a whole number from 1, as the history numbers them.'),
        )
    return number


def _not_in_trash() -> Refusal:
    return Refusal(409, "not_in_trash", _("This game is not in the trash, so nothing was changed."))
