"""Links that give access, one set of routes for every kind of shared thing (a game, a group):
the share page with its links and QR codes, a keeper's renewal of a link, opening a renewed view
link, and opening an edit link (asked first, so that another site cannot make a browser join by
opening links). Who may do what is :mod:`scorekeeper.web.access`'s; every link is built by
:func:`scorekeeper.web.addresses.external`, so every kind honours ``PUBLIC_URL`` and the LAN
address.
"""

from __future__ import annotations

from typing import Any, Literal

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.render import qr
from scorekeeper.web import access, addresses, forms
from scorekeeper.web.access import Kind


def add_routes(bp: Blueprint, kind: Kind[Any], base: str) -> None:
    """Serve the share, renew, watch and join addresses of ``kind`` under ``base`` (an address
    with the kind's id, ``/games/<game_id>``) on its blueprint."""

    def share(**args: str) -> str:
        return _share(kind, args[kind.arg])

    def renew_link(**args: str) -> Response:
        return _renew(kind, args[kind.arg], "edit")

    def renew_view_link(**args: str) -> Response:
        return _renew(kind, args[kind.arg], "view")

    def watch(token: str, **args: str) -> Response:
        return _watch(kind, args[kind.arg], token)

    def join(token: str, **args: str) -> ResponseReturnValue:
        return _join(kind, args[kind.arg], token)

    bp.add_url_rule(f"{base}/share", view_func=share)
    bp.add_url_rule(f"{base}/share/renew", view_func=renew_link, methods=["POST"])
    bp.add_url_rule(f"{base}/share/renew-view", view_func=renew_view_link, methods=["POST"])
    bp.add_url_rule(f"{base}/watch/<token>", view_func=watch)
    bp.add_url_rule(f"{base}/join/<token>", view_func=join, methods=["GET", "POST"])
    access.OWN_TOKEN.update({f"{bp.name}.watch", f"{bp.name}.join"})


def link(kind: Kind[Any], endpoint: str, thing_id: str, **args: Any) -> str:
    """The address of one of the kind's pages as other phones open it."""
    args[kind.arg] = thing_id
    return addresses.external(url_for(f"{kind.endpoints}.{endpoint}", **args))


def view_link(kind: Kind[Any], stored: Any) -> str:
    """The link that lets other phones see ``stored``: its page, or once renewed its view token's
    link."""
    if stored.view_token is None:
        return link(kind, kind.page, stored.id)
    return link(kind, "watch", stored.id, token=stored.view_token)


def _back(kind: Kind[Any], stored: Any) -> Response:
    return redirect(url_for(f"{kind.endpoints}.{kind.page}", **{kind.arg: stored.id}), code=303)


def _page(kind: Kind[Any], template: str, stored: Any, **context: object) -> str:
    return render_template(
        template, editor=access.keeps(kind, stored), **kind.context(stored), **context
    )


def _share(kind: Kind[Any], thing_id: str) -> str:
    """The view link, and for keepers the edit link, with QR codes; never kept by a browser."""
    stored = access.load_or_404(kind, thing_id)
    g.no_store = True
    edit_url = None
    if access.keeps(kind, stored):
        edit_url = link(kind, "join", stored.id, token=stored.edit_token)
    return _page(
        kind,
        kind.share_template,
        stored,
        view_url=view_link(kind, stored),
        edit_url=edit_url,
        qr=qr.code,
    )


def _renew(kind: Kind[Any], thing_id: str, which: Literal["edit", "view"]) -> Response:
    """A keeper's confirmed renewal of the edit or view link; then back to the share page. The
    keeper who renews the edit link keeps editing with the new one."""
    stored = access.load_or_404(kind, thing_id)
    access.require_keeper(kind, stored)
    form = forms.ConfirmForm()
    if not form.validate_on_submit():
        flash(forms.first_error(form), "error")
    elif which == "edit":
        access.remember(kind, kind.renew(stored, "edit"), keeper=True)
        flash(_("New edit link made: the old one no longer works."), "info")
    else:
        kind.renew(stored, "view")
        flash(_("New view link made: phones watching with the old one need the new one."), "info")
    return redirect(url_for(f"{kind.endpoints}.share", **{kind.arg: stored.id}), code=303)


def _watch(kind: Kind[Any], thing_id: str, token: str) -> Response:
    """Open a renewed view link: this phone may see the thing from now on (403 for an older
    link)."""
    stored = access.load_or_404(kind, thing_id)
    access.require_view_token(kind, stored, token)
    access.remember(kind, stored, by_view_link=True)
    return _back(kind, stored)


def _join(kind: Kind[Any], thing_id: str, token: str) -> ResponseReturnValue:
    """Open an edit link: the question first, and only its confirmation makes this phone a
    keeper. A renewed link and a phone that keeps the thing already go to its page."""
    stored = access.load_or_404(kind, thing_id)
    g.no_store = True
    if not access.same_token(token, stored.edit_token):
        flash(kind.stale_edit_link_words())
        return _back(kind, stored)
    if access.keeps(kind, stored):
        return _back(kind, stored)
    form = forms.JoinForm()
    if form.validate_on_submit():
        access.remember(kind, stored, keeper=True)
        flash(kind.joined_words(), "info")
        return _back(kind, stored)
    if request.method != "POST":
        return _page(kind, kind.join_template, stored, form=form), 200
    flash(forms.first_error(form), "error")
    return _page(kind, kind.join_template, stored, form=form), 400
