"""The kinds of shared thing, each declared once: a game and a group.

A kind says how the phone's memory marks it, the name of its id in addresses, where its pages
are, how to read and renew it in storage, what its share and join pages show, and the words a
refused phone reads. Access (:mod:`scorekeeper.web.access`) and the share / renew / watch / join
routes (:mod:`scorekeeper.web.sharing`) work from this alone: docs/shared-things.md says what adding
a kind (a season, a tournament) takes.
"""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.storage import StoredGame, StoredGroup
from scorekeeper.web import access, addresses


def display_url(stored: StoredGame) -> str:
    """The table display's link for other phones, with the view token once it was renewed."""
    if stored.view_token is None:
        return addresses.external(url_for("live.display", game_id=stored.id))
    return addresses.external(
        url_for("live.display_by_link", game_id=stored.id, token=stored.view_token)
    )


def _game_context(stored: StoredGame) -> dict[str, object]:
    built = sheet.build(stored.record)
    return {
        "stored": stored,
        "sheet": built,
        "players": built.players,
        "display_url": display_url(stored),
    }


def _group_context(stored: StoredGroup) -> dict[str, object]:
    return {"group": stored}


GAME = access.declare(
    access.Kind[StoredGame](
        name="game",
        letter="g",
        arg="game_id",
        rank=1,
        endpoints="views",
        page="game",
        load=lambda game_id: storage.load(storage.get_db(), game_id),
        renew=lambda stored, link: storage.renew_token(storage.get_db(), stored, link),
        context=_game_context,
        share_template="manage/share.html",
        join_template="manage/join.html",
        renewed_words=lambda: gettext(
            "The scorekeeper has made a new view link for this game, and this one no longer "
            "works: ask for the new link."
        ),
        keepers_only_words=lambda: gettext(
            "Only the phones keeping score can change this game. "
            "Ask the scorekeeper for the edit link."
        ),
        stale_edit_link_words=lambda: gettext(
            "That edit link is no longer valid: you can watch the game, not change it."
        ),
        joined_words=lambda: gettext("This phone can now keep score for this game."),
    )
)

GROUP = access.declare(
    access.Kind[StoredGroup](
        name="group",
        letter="r",
        arg="group_id",
        rank=0,
        endpoints="groups",
        page="show",
        load=lambda group_id: storage.load_group(storage.get_db(), group_id),
        renew=lambda stored, link: storage.renew_group_link(storage.get_db(), stored, link),
        context=_group_context,
        share_template="groups/share.html",
        join_template="groups/join.html",
        renewed_words=lambda: gettext(
            "A new view link was made for this group, and this one no longer works: "
            "ask for the new link."
        ),
        keepers_only_words=lambda: gettext(
            "Only the phones that keep this group can change it. "
            "Ask whoever made the group for its edit link."
        ),
        stale_edit_link_words=lambda: gettext(
            "That edit link is no longer valid: you can see the group, not change it."
        ),
        joined_words=lambda: gettext("This phone can now start games in this group."),
    )
)
