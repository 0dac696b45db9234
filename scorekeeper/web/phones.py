"""Which phone makes a change (issue 47): every history entry names its phone, never its address.

A phone is a cookie of its own (``phone``, random, kept two years), given to a browser with its
first change; an API client that keeps cookies is one phone too, one that does not is "a phone
without its cookie", counted as one. The history says a phone by the name its keeper gave it on
a history page, else as "phone n" in the order the phones first changed the thing.
"""

from __future__ import annotations

import secrets

from flask import Flask, Response, g, request

from scorekeeper.storage import history

COOKIE = "phone"
COOKIE_AGE = 2 * 365 * 24 * 3600
_CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def cookie() -> str | None:
    """This request's phone cookie: the one it sent, or the one its answer gives it."""
    return request.cookies.get(COOKIE) or g.get("new_phone")


def key() -> str | None:
    """This request's phone as the history keeps it (:func:`history.phone_key`)."""
    return history.phone_key(cookie())


def _as_phone() -> None:
    sent = request.cookies.get(COOKIE)
    if not sent and request.method in _CHANGES:
        g.new_phone = sent = secrets.token_urlsafe(16)
    # Set for every request, so that none takes the phone of the one before it on its thread.
    history.phone_key_set(sent)


def _give_cookie(response: Response) -> Response:
    new = g.get("new_phone")
    if new:
        response.set_cookie(COOKIE, new, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def _forget(_error: BaseException | None) -> None:
    history.phone_key_set(None)


def init_app(app: Flask) -> None:
    """Name the phone of every request for the history entries its changes write."""
    app.before_request(_as_phone)
    app.after_request(_give_cookie)
    app.teardown_request(_forget)
