"""Result cards as PNGs (issue 51): a finished game's at ``/games/<id>/card.png`` and a club
night's at ``/evenings/<id>/card.png`` (its address beside the evening's other downloads), for
whoever may see them, in the request's language, drawn once per version and language and kept
(a chat asks again and again); ``409`` with a code while the game or the evening goes on."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import date

from babel.dates import format_date
from flask import Blueprint, Response, jsonify
from flask_babel import get_locale

from scorekeeper.core import family, sheet
from scorekeeper.render import evening_pages, filenames, game_facts, game_words, labels, result_card
from scorekeeper.render.game_words import game_name
from scorekeeper.storage import StoredEvening, StoredGame, StoredGroup
from scorekeeper.web import access, evening_draw
from scorekeeper.web.kinds import GAME

bp = Blueprint("result_cards", __name__)

KEPT = 64
_kept: OrderedDict[tuple[object, ...], bytes] = OrderedDict()
_lock = threading.Lock()


@bp.get("/games/<game_id>/card.png")
def game_card(game_id: str) -> Response:
    """The finished game's result card."""
    stored = access.load_or_404(GAME, game_id)
    built = sheet.build(stored.record)
    if not built.finished:
        return not_over(
            "game_not_finished",
            labels.gettext(
                "The game is not finished yet: its result card is made once it is over."
            ),
        )
    png = _made(
        (*stored.stamp, str(get_locale())), lambda: result_card.game_card(built, words(stored))
    )
    name = filenames.download_name(stored.record.game, stored.record.players, stored.day, "png")
    return image(png, name)


def evening_png(stored: StoredEvening, group: StoredGroup) -> bytes | None:
    """The card of a club night that is over, kept per version of the evening and language
    (``None`` while it is not over)."""
    if not evening_pages.view(evening_draw.sheet_of(stored)).over:
        return None
    key = ("evening", stored.id, stored.version, str(get_locale()))
    return _made(key, lambda: evening_card(stored, group))


def evening_card(stored: StoredEvening, group: StoredGroup) -> result_card.Card:
    """The club night's card: its top places by placement points, each sitting's tables and
    their winners, its game and day."""
    view = evening_pages.view(evening_draw.sheet_of(stored))
    rows = [
        result_card.Row(line.rank, line.player, line.points, line.rank == 1)
        for line in view.standings
    ]
    side: list[tuple[str, bool]] = []
    for sitting in view.sheet.sittings:
        side.append((labels.gettext("Sitting %(number)s", number=sitting.number), True))
        for table in sitting.tables:
            if table.counted and table.winners:
                named = labels.gettext("Table %(table)s", table=table.table)
                side.append((f"{named}: ★ {', '.join(table.winners)}", False))
    said = result_card.Words(
        title=f"{group.name} · {labels.gettext('Club night')}",
        details=evening_pages.game_line(stored),
        day=_day(stored.created_at[:10]),
        footer=labels.gettext("Wizard score pad"),
    )
    return result_card.evening_card(rows, side, said)


def image(png: bytes, name: str) -> Response:
    """A card as the answer: shown where it opens, saved as ``name``."""
    response = Response(png, mimetype="image/png")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Disposition"] = filenames.content_disposition(name, inline=True)
    return response


def not_over(code: str, said: str) -> Response:
    """The refusal of a card while its game or evening goes on: 409 with its code."""
    refused = jsonify({"code": code, "error": said})
    refused.status_code = 409
    return refused


def _made(key: tuple[object, ...], make: Callable[[], result_card.Card]) -> bytes:
    """The card kept under ``key``, made now if it was not (the last 64 kept)."""
    with _lock:
        png = _kept.get(key)
        if png is not None:
            _kept.move_to_end(key)
            return png
    png = make().png
    with _lock:
        _kept[key] = png
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return png


def _day(iso_day: str) -> str:
    return format_date(date.fromisoformat(iso_day), "long", locale=get_locale())


def _deck(game: str, settings: object) -> list[str]:
    """The deck played, said even where it is the game's default (the card names it), unless
    the settings chosen say it already."""
    declared = family.game(game)
    if not any(setting.key == "deck" for setting in declared.settings):
        return []
    value = declared.to_plain(settings)["deck"]
    said = labels.setting_said(
        game_words.setting_label(game, "deck"), game_words.choice_label(game, "deck", value)
    )
    return [said] if said not in game_facts.chosen_lines(game, settings) else []


def words(stored: StoredGame) -> result_card.Words:
    """What the game's card says in the reader's language: the game, its settings, its day."""
    record = stored.record
    chosen = game_facts.chosen_lines(record.game, record.settings)
    return result_card.Words(
        title=game_name(record.game),
        details=" · ".join(_deck(record.game, record.settings) + chosen),
        day=_day(stored.day),
        footer=labels.gettext("Wizard score pad"),
    )
