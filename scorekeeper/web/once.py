"""The one-time keys of the forms that make a game or a group: a double tap makes one thing.

Each form shown carries a fresh key (:class:`scorekeeper.web.forms.OnceForm`), stored with what
the first post made. Decisions (docs/shared-things.md, "One-time keys"): a post repeating a key
gets back what it made only from the browser that sent the first one (the key is stored with a
digest of that browser's session secret) and only for :data:`WINDOW` after it was made, the
time a double tap, a retry or a reload takes. Otherwise it is refused and makes nothing: a key
seen in a page, a history or a log is no lasting way into the game or the group it made.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Protocol, TypeVar

from flask import current_app, flash, redirect, session, url_for
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from scorekeeper import storage

WINDOW = timedelta(minutes=5)


class Made(Protocol):
    """A game or a group, as stored."""

    @property
    def created_at(self) -> str: ...


Thing = TypeVar("Thing", bound=Made)


def browser() -> str:
    """The digest that ties a one-time key to the browser that sent it: its session secret
    (the one its CSRF tokens are made from), hashed so the secret itself is never stored."""
    generate_csrf()  # gives a browser without a session secret yet its own
    secret = str(session.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), ""))
    return hashlib.sha256(f"once-browser:{secret}".encode()).hexdigest()


def fresh(created_at: str) -> bool:
    """Whether something made at ``created_at`` may still be answered to a repeated key."""
    return datetime.fromisoformat(created_at) >= datetime.now(UTC) - WINDOW


def make(create: Callable[[str], Thing]) -> Thing | None:
    """``create(browser digest)``, or ``None`` when the key is refused: sent first by another
    browser, or its thing made longer than :data:`WINDOW` ago."""
    try:
        made = create(browser())
    except storage.KeyReused:
        return None
    return made if fresh(made.created_at) else None


def refused() -> Response:
    """What a refused key answers: a sentence on the home page, nothing made or shown."""
    flash(
        _(
            "This form was sent already, so nothing new was made. "
            "Your games and groups are listed here."
        ),
        "error",
    )
    return redirect(url_for("views.home"), code=303)
