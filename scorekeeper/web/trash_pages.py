"""The trash's pages (issue 47), one set for every kind (:mod:`scorekeeper.web.trash_kinds`):
Delete (asked first), a trashed thing's page saying so (410, Restore and Delete for good for its
keepers), Restore, Delete for good (asked first), and the page of one deleted for good.

:func:`add_routes` serves a kind's delete, restore and delete-for-good addresses on its own
blueprint (as :func:`scorekeeper.web.sharing.add_routes` serves its links); :func:`init_app`
makes every other address of a thing in the trash answer that it is there. The home page lists
this phone's trash (:func:`scorekeeper.web.trash.listed`).
"""

from __future__ import annotations

from contextlib import suppress

from flask import Blueprint, Flask, abort, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from scorekeeper import storage
from scorekeeper.web import forms, trash
from scorekeeper.web.trash import Kind, Shown, Trashed

# Addresses that answer for a thing in the trash themselves: their version checks (watchers see
# a deleted thing, as for any unknown one) and the trash's own pages.
OWN_ANSWER = {"live.version", "live.group_version", "live.evening_version"}
# The APIs say it their own way (410 in JSON).
API_BLUEPRINTS = {"api", "groups_api", "evenings_api", "club_imports_api"}


def add_routes(bp: Blueprint, kind: Kind, base: str) -> None:
    """Serve the delete, restore and delete-for-good addresses of ``kind`` under ``base`` (an
    address with the kind's id, ``/games/<game_id>``) on its blueprint."""

    def delete(**args: str) -> ResponseReturnValue:
        return _delete(kind, args[kind.arg])

    def restore(**args: str) -> ResponseReturnValue:
        return _restore(kind, args[kind.arg])

    def delete_for_good(**args: str) -> ResponseReturnValue:
        return _delete_for_good(kind, args[kind.arg])

    bp.add_url_rule(f"{base}/delete", "delete", delete, methods=["GET", "POST"])
    bp.add_url_rule(f"{base}/restore", "restore", restore, methods=["POST"])
    bp.add_url_rule(
        f"{base}/delete-for-good", "delete_for_good", delete_for_good, methods=["GET", "POST"]
    )
    OWN_ANSWER.update({f"{bp.name}.restore", f"{bp.name}.delete_for_good"})


def _page(template: str, kind: Kind, shown: Shown, **context: object) -> str:
    g.no_store = True  # a keeper's page: never kept by a browser
    return render_template(template, kind=kind, words=kind.words, shown=shown, **context)


def _delete(kind: Kind, thing_id: str) -> ResponseReturnValue:
    """Ask, then move the thing to the trash (restorable for ``TRASH_DAYS``)."""
    shown = kind.find(thing_id)
    if shown is None or shown.deleted_at is not None or not shown.visible:
        abort(404)
    if not shown.keeper:
        abort(403, description=kind.keepers_only())
    refused = kind.protected(shown.id)
    if refused is not None:  # said in words, with no delete button
        return _page("trash/delete.html", kind, shown, refused=refused), (
            409 if request.method == "POST" else 200
        )
    form = forms.ConfirmForm(data={"version": shown.version})
    if form.validate_on_submit():
        with suppress(storage.Conflict):  # moved there meanwhile by another phone
            kind.stored.trash(storage.get_db(), shown.id)
        flash(kind.words.moved(), "info")
        return redirect(url_for("views.home"), code=303)
    status = 200
    if request.method == "POST":
        flash(forms.first_error(form), "error")
        status = 400
    days = int(trash.days())
    return _page("trash/delete.html", kind, shown, form=form, days=days), status


def _trashed_or_404(kind: Kind, thing_id: str) -> Trashed:
    """The thing in the trash, for its keepers (403 for anyone else, 404 for none)."""
    found = trash.trashed(kind, thing_id)
    if found is None or not found.shown.visible:
        abort(404)
    if not found.shown.keeper:
        abort(403, description=kind.keepers_only())
    return found


def _restore(kind: Kind, thing_id: str) -> ResponseReturnValue:
    """Bring the thing back from the trash, exactly as it was."""
    found = _trashed_or_404(kind, thing_id)
    form = forms.ConfirmForm()
    if not form.validate_on_submit():
        abort(400, description=forms.first_error(form))
    outer = _outer(found)
    if outer is not None:  # in the trash with its group: the group brings it back
        within, outer_id = outer
        said = kind.words.in_trash_with
        flash(said() if said else kind.words.trashed_title(), "info")
        return redirect(within.url(within.page, outer_id), code=303)
    kind.stored.restore(storage.get_db(), thing_id)
    kind.remember(thing_id)
    flash(kind.words.restored(), "info")
    return redirect(kind.url(kind.page, thing_id), code=303)


def _outer(found: Trashed) -> tuple[Kind, str] | None:
    """What the thing is in the trash with (a club night's group), if anything."""
    if found.kind.within is None or found.shown.within is None:
        return None
    return found.kind.within, found.shown.within


def _delete_for_good(kind: Kind, thing_id: str) -> ResponseReturnValue:
    """Ask, then delete a thing in the trash for good."""
    found = _trashed_or_404(kind, thing_id)
    form = forms.ConfirmForm()
    if form.validate_on_submit():
        kind.stored.delete_for_good(storage.get_db(), thing_id)
        kind.forget(thing_id)
        flash(kind.words.deleted_for_good(), "info")
        return redirect(url_for("views.home"), code=303)
    status = 200
    if request.method == "POST":
        flash(forms.first_error(form), "error")
        status = 400
    return _page("trash/delete_for_good.html", kind, found.shown, form=form), status


def in_trash_page() -> ResponseReturnValue | None:
    """Before a thing's address: one in the trash answers 410 with a page that says so and
    when it goes for good (Restore for its keepers), one deleted from the trash for good a page
    that says when, instead of the view's not-found. The outermost thing an address names
    answers (a group's, before the game's it names too)."""
    args = request.view_args or {}
    if request.blueprint in API_BLUEPRINTS or request.endpoint in OWN_ANSWER:
        return None
    checked = g.get("checked")  # what the access check found (kinds with a link of their own)
    for kind in trash.KINDS:
        thing_id = args.get(kind.arg)
        if not isinstance(thing_id, str):
            continue
        if checked is not None and checked[0] == kind.name and checked[1] is not None:
            continue  # in play: the access check read it
        answer = _trash_answer(kind, thing_id)
        if answer is not None:
            return answer
    return None


def _trash_answer(kind: Kind, thing_id: str) -> ResponseReturnValue | None:
    if kind.stored.look(storage.get_db(), thing_id) == (True, None):
        return None  # in play: one indexed read (a club night's pages have no access check)
    found = trash.trashed(kind, thing_id)
    if found is not None:
        if not found.shown.visible:
            return None  # the view's own refusal
        within, restore_id = _outer(found) or (kind, thing_id)
        restore = within.url("restore", restore_id)
        page = _page(
            "trash/trashed.html",
            kind,
            found.shown,
            until=found.until,
            restore=restore,
            form=forms.ConfirmForm(),
        )
        return page, 410
    gone = trash.gone_on(kind, thing_id)
    if gone is None:
        return None
    return render_template("trash/gone.html", words=kind.words, gone=gone), 410


def init_app(app: Flask) -> None:
    """A trashed thing's addresses say it is in the trash (after the access check)."""
    app.before_request(in_trash_page)
