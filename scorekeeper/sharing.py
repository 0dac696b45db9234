"""Links that give access, to a game and to a group alike: opening an edit link (asked first,
so that another site cannot make a browser join by opening links) and a keeper's renewal of a
link on the share page. Who may do what is :mod:`scorekeeper.access`'s."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from flask import flash, g, redirect, request
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from scorekeeper import access, forms
from scorekeeper.db import StoredGame, StoredGroup

Kept = TypeVar("Kept", StoredGame, StoredGroup)


@dataclass(frozen=True)
class Keepers(Generic[Kept]):
    """How to tell, require and remember the phones that keep a game (or a group)."""

    is_editor: Callable[[Kept], bool]
    require_editor: Callable[[Kept], None]
    remember_editor: Callable[[Kept], None]


GAMES = Keepers[StoredGame](access.is_editor, access.require_editor, access.remember_editor)
GROUPS = Keepers[StoredGroup](
    access.is_group_editor, access.require_group_editor, access.remember_group_editor
)


def renew(
    keepers: Keepers[Kept], stored: Kept, make: Callable[[Kept], object], done: str, back: str
) -> Response:
    """A keeper's confirmed renewal of a link: ``make`` makes the new one, ``done`` says so;
    then back to the share page (``back``)."""
    keepers.require_editor(stored)
    form = forms.ConfirmForm()
    if form.validate_on_submit():
        make(stored)
        flash(done, "info")
    else:
        flash(forms.first_error(form), "error")
    return redirect(back, code=303)


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
