"""The home page (this browser's games and groups, the way to start one) and the rules pages,
on the game pages' blueprint (:mod:`scorekeeper.web.views`)."""

from __future__ import annotations

from flask import abort, redirect, render_template, url_for
from flask.typing import ResponseReturnValue

from scorekeeper import storage
from scorekeeper.core import family, sheet
from scorekeeper.core.family import rulebook as family_rulebook
from scorekeeper.web import access, forms, trash
from scorekeeper.web.kinds import GAME, GROUP
from scorekeeper.web.views import bp


@bp.get("/")
def home() -> str:
    """This browser's games, most recently used first, and the way to start one."""
    db = storage.get_db()
    stored = storage.load_many(db, access.seen(GAME))
    # Delete is offered to a game's keepers, but never for a table's game of a club night (in
    # the trash too): that game is the evening's record, which only its keepers take out.
    cards = [
        (
            entry,
            sheet.build(entry.record),
            access.keeps(GAME, entry) and storage.evening_of(db, entry.id, trashed=True) is None,
        )
        for entry in stored
        if access.may_see(GAME, entry)
    ]
    seen = storage.load_groups(storage.get_db(), access.seen(GROUP))
    groups = [group for group in seen if access.may_see(GROUP, group)]
    return render_template(
        "home/index.html",
        cards=cards,
        groups=groups,
        trashed=trash.listed(),
        import_form=forms.ImportForm(),
        group_import_form=forms.ImportForm(),
    )


@bp.get("/rules", endpoint="rules")
def rules_page() -> str:
    """The rules of the default game (Wizard, with every variant), in the reader's language."""
    return _rules_of(family.DEFAULT_GAME)


@bp.get("/rules/<game_key>", endpoint="game_rules")
def game_rules_page(game_key: str) -> ResponseReturnValue:
    """The rules of another game of the family; the default game's stay at /rules."""
    if game_key not in family.with_rules():
        abort(404)
    if game_key == family.DEFAULT_GAME:
        return redirect(url_for("views.rules"))
    return _rules_of(game_key)


def _rules_of(key: str) -> str:
    """A game's rules page, with the numbers its declaration's page shows."""
    declared = family.game(key)
    assert declared.rules_page is not None
    shown = family_rulebook.page(declared)
    return render_template(declared.rules_page.template, current=key, **shown)
