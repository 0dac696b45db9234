"""Links that give access, to a game and to a group alike: opening an edit link (asked first,
so that another site cannot make a browser join by opening links), opening a renewed view link,
and a keeper's renewal of a link on the share page. Who may do what is
:mod:`scorekeeper.access`'s."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from flask import flash, g, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from sqlite_utils import Database
from werkzeug.wrappers import Response

from scorekeeper import access, db, forms
from scorekeeper.db import StoredGame, StoredGroup

Kept = TypeVar("Kept", StoredGame, StoredGroup)


@dataclass(frozen=True)
class Keepers(Generic[Kept]):
    """How to tell, require and remember the phones that keep a game (or a group), and how to
    store a new edit or view token for it."""

    is_editor: Callable[[Kept], bool]
    require_editor: Callable[[Kept], None]
    remember_editor: Callable[[Kept], None]
    new_edit_token: Callable[[Database, Kept], Kept]
    new_view_token: Callable[[Database, Kept], Kept]
    require_view_token: Callable[[Kept, str], None]
    remember_viewer: Callable[[Kept], None]


GAMES = Keepers[StoredGame](
    access.is_editor,
    access.require_editor,
    access.remember_editor,
    db.renew_edit_token,
    db.renew_view_token,
    access.require_view_token,
    access.remember_viewer,
)
GROUPS = Keepers[StoredGroup](
    access.is_group_editor,
    access.require_group_editor,
    access.remember_group_editor,
    db.renew_group_token,
    db.renew_group_view_token,
    access.require_group_view_token,
    access.remember_group_viewer,
)


def renew(
    keepers: Keepers[Kept], stored: Kept, link: Literal["edit", "view"], back: str
) -> Response:
    """A keeper's confirmed renewal of the edit or view link; then back to the share page
    (``back``). The keeper who renews the edit link keeps editing with the new one."""
    keepers.require_editor(stored)
    form = forms.ConfirmForm()
    if not form.validate_on_submit():
        flash(forms.first_error(form), "error")
    elif link == "edit":
        keepers.remember_editor(keepers.new_edit_token(db.get_db(), stored))
        flash(_("New edit link made: the old one no longer works."), "info")
    else:
        keepers.new_view_token(db.get_db(), stored)
        flash(_("New view link made: phones watching with the old one need the new one."), "info")
    return redirect(back, code=303)


def watch(
    keepers: Keepers[Kept], stored: Kept, token: str, back: Callable[[Kept], Response]
) -> Response:
    """Open a renewed view link: this phone may watch from now on (403 for an older link)."""
    keepers.require_view_token(stored, token)
    keepers.remember_viewer(stored)
    return back(stored)


def join(
    keepers: Keepers[Kept],
    stored: Kept,
    token: str,
    *,
    back: Callable[[Kept], Response],
    stale: str,
    joined: str,
    page: Callable[[FlaskForm], str],
) -> ResponseReturnValue:
    """Open an edit link: the question (``page``) first, and only its confirmation makes this
    phone a keeper (``joined`` says so). A renewed link (``stale``) and a phone that keeps it
    already go to the game or group itself (``back``)."""
    if not access.token_matches(stored, token):
        flash(stale)
        return back(stored)
    if keepers.is_editor(stored):
        return back(stored)
    form = forms.JoinForm()
    if form.validate_on_submit():
        keepers.remember_editor(stored)
        flash(joined, "info")
        return back(stored)
    g.no_store = True
    if request.method != "POST":
        return page(form), 200
    flash(forms.first_error(form), "error")
    return page(form), 400
