"""Who may change a game: the browser that created it, and phones holding its edit token;
and who may watch it.

Anyone with a game's link may view it. Editing needs the game's secret edit token, kept per
game in the signed session cookie (a browser) or sent as ``Authorization: Bearer`` (the API).
Renewing the token locks out every phone and link that held the old one.

The view link is the game's id until a scorekeeper renews it: from then on, watching takes the
game's view token (the new view link puts it in the cookie; the API takes it as a bearer token),
and the old link and the phones that watched with it see nothing more. Scorekeepers always see
their games, at the same addresses.
"""

from __future__ import annotations

import hmac
from typing import Protocol

from flask import Flask, abort, request, session
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from scorekeeper import db, errors
from scorekeeper.db import StoredGame, StoredGroup


class Editable(Protocol):
    """A game or a group: anything that has an id and an edit token."""

    @property
    def id(self) -> str: ...

    @property
    def edit_token(self) -> str: ...


# A cookie holds about 4 KB: remember the most recently used games only.
MAX_REMEMBERED = 40


def _recent() -> list[str]:
    """Ids of the remembered games, least recently used first.

    A list, in the order of use: Flask writes a dict into the cookie with its keys sorted, which
    once made the order that of the ids. (An older cookie's dict still reads, in id order.)
    """
    return [str(game_id) for game_id in session.get("seen", [])]


def _use(game_id: str, token: str | None = None) -> None:
    """Remember the game as the most recently used one (with its edit token, if given)."""
    recent = _recent()
    editing = dict(session.get("edit", {}))
    if recent[-1:] == [game_id] and token in (None, editing.get(game_id)):
        return  # already the most recent: leave the cookie as it is
    recent = [known for known in recent if known != game_id] + [game_id]
    if token is not None:
        editing[game_id] = token
    watching = dict(session.get("view", {}))
    while len(recent) > MAX_REMEMBERED:
        # Watched games make room first: a page that makes this browser open many view links
        # never pushes out a game it keeps score for.
        dropped = next((known for known in recent if known not in editing), recent[0])
        recent.remove(dropped)
        editing.pop(dropped, None)
        watching.pop(dropped, None)
    session["seen"] = recent
    session["edit"] = editing
    if watching:
        session["view"] = watching
    session.permanent = True


def remember_viewer(stored: StoredGame) -> None:
    """Let this browser watch the game by its renewed view link (also lists it)."""
    if stored.view_token is not None:
        session["view"] = {**session.get("view", {}), stored.id: stored.view_token}
    _use(stored.id)


def remember_editor(stored: StoredGame) -> None:
    """Make this browser an editor of the game (also lists it on the home page)."""
    _use(stored.id, stored.edit_token)


def remember_seen(game_id: str) -> None:
    """List the game on this browser's home page, as the most recently used."""
    _use(game_id)


def forget(game_id: str) -> None:
    """Drop a deleted game from this browser's lists."""
    for key in ("edit", "view"):
        tokens = dict(session.get(key, {}))
        if tokens.pop(game_id, None) is not None:
            session[key] = tokens
    if game_id in _recent():
        session["seen"] = [known for known in _recent() if known != game_id]


def seen_games() -> list[str]:
    """Ids of the games this browser has used, most recent first."""
    return list(reversed(_recent()))


def token_matches(stored: Editable, token: str | None) -> bool:
    """True when ``token`` is the game's (or group's) current edit token."""
    return same_token(token, stored.edit_token)


def is_editor(stored: StoredGame) -> bool:
    """True when this browser may change the game."""
    return token_matches(stored, session.get("edit", {}).get(stored.id))


def may_watch(game_id: str, edit_token: str, view_token: str | None, kept: str = "") -> bool:
    """True when this request may see the game (or group): its id is its view link, or the
    browser or the bearer token holds its view or edit token. ``kept`` names where the cookie
    keeps the tokens ("" for games, "group_" for groups)."""
    if view_token is None:
        return True
    held = (
        session.get(f"{kept}edit", {}).get(game_id),
        session.get(f"{kept}view", {}).get(game_id),
        bearer_token(),
    )
    return any(same_token(token, secret) for token in held for secret in (edit_token, view_token))


def can_watch(stored: StoredGame) -> bool:
    """True when this request may see the game (see :func:`may_watch`)."""
    return may_watch(stored.id, stored.edit_token, stored.view_token)


def same_token(token: object, secret: str) -> bool:
    """True when ``token`` is ``secret``, compared in constant time."""
    # As bytes: compare_digest refuses str with non-ASCII characters (a typed link, a header).
    return bool(token) and hmac.compare_digest(str(token).encode(), secret.encode())


# Addresses that carry a token of their own and check it themselves.
_OWN_TOKEN = {"views.join", "views.watch", "live.display_by_link"}


def check_watch_access() -> ResponseReturnValue | None:
    """Before every request for a game: refuse one whose view link was renewed, unless the
    request holds a token that lets it see the game."""
    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, str) or request.endpoint in _OWN_TOKEN:
        return None
    stored = db.load_checked(game_id)
    if stored is None or can_watch(stored):
        return None  # an unknown game is the view's own 404
    body, status = errors.error_response(
        403,
        gettext(
            "The scorekeeper has made a new view link for this game, and this one no longer "
            "works: ask for the new link."
        ),
        code_name="view_link_renewed",
    )
    return body, status


def init_app(app: Flask) -> None:
    """Check who may watch a game before any of its addresses answers."""
    app.before_request(check_watch_access)


def require_view_token(stored: StoredGame, token: str) -> None:
    """Stop with 403 unless ``token`` is the game's renewed view token (a renewed view link)."""
    if stored.view_token is None or not same_token(token, stored.view_token):
        abort(
            403,
            description=gettext(
                "The scorekeeper has made a new view link for this game, and this one no "
                "longer works: ask for the new link."
            ),
        )


def require_editor(stored: StoredGame) -> None:
    """Stop with 403 unless this browser may change the game."""
    if not is_editor(stored):
        abort(
            403,
            description=gettext(
                "Only the phones keeping score can change this game. "
                "Ask the scorekeeper for the edit link."
            ),
        )


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer …`` header, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


# --- groups: the same rules, kept apart in the cookie ----------------------------------------

# Groups are few (a table or two), and their entries share the cookie's 4 KB with the games.
MAX_GROUPS = 10


def _use_group(group_id: str, token: str | None = None) -> None:
    """Remember the group as the most recently opened one (with its edit token, if given).

    A list, in the order of use (the cookie writes a dict with its keys sorted, as for games);
    the edit tokens of groups that fall off the list are dropped with them.
    """
    recent = [str(known) for known in session.get("group_seen", [])]
    editing = dict(session.get("group_edit", {}))
    if recent[-1:] == [group_id] and token in (None, editing.get(group_id)):
        return  # already the most recent: leave the cookie as it is
    others = [known for known in recent if known != group_id]
    recent = [*others[len(others) - MAX_GROUPS + 1 :], group_id]
    if token is not None:
        editing[group_id] = token
    session["group_seen"] = recent
    session["group_edit"] = {key: value for key, value in editing.items() if key in recent}
    if "group_view" in session:
        watching = session["group_view"].items()
        session["group_view"] = {key: value for key, value in watching if key in recent}
    session.permanent = True


def remember_group_editor(stored: StoredGroup) -> None:
    """Make this browser an editor of the group (also lists it on the home page)."""
    _use_group(stored.id, stored.edit_token)


def remember_group_seen(group_id: str) -> None:
    """List the group on this browser's home page."""
    _use_group(group_id)


def seen_groups() -> list[str]:
    """Ids of the groups this browser has opened, most recent first."""
    return [str(group_id) for group_id in reversed(session.get("group_seen", []))]


def is_group_editor(stored: StoredGroup) -> bool:
    """True when this browser may change the group (its roster, its games, new games in it)."""
    return token_matches(stored, session.get("group_edit", {}).get(stored.id))


def require_group_editor(stored: StoredGroup) -> None:
    """Stop with 403 unless this browser may change the group."""
    if not is_group_editor(stored):
        abort(
            403,
            description=gettext(
                "Only the phones that keep this group can change it. "
                "Ask whoever made the group for its edit link."
            ),
        )


def remember_group_viewer(stored: StoredGroup) -> None:
    """Let this browser see the group by its renewed view link (also lists it)."""
    if stored.view_token is not None:
        session["group_view"] = {**session.get("group_view", {}), stored.id: stored.view_token}
    _use_group(stored.id)


def can_watch_group(stored: StoredGroup) -> bool:
    """True when this request may see the group: its id is its view link, or the browser or the
    bearer token holds its view or edit token (as for a game, :func:`may_watch`)."""
    return may_watch(stored.id, stored.edit_token, stored.view_token, kept="group_")


def group_link_renewed() -> str:
    """What a phone is told when the group's view link it used was renewed."""
    message: str = gettext(
        "A new view link was made for this group, and this one no longer works: "
        "ask for the new link."
    )
    return message


def require_group_watcher(stored: StoredGroup) -> None:
    """Stop with 403 unless this request may see the group (:func:`can_watch_group`)."""
    if not can_watch_group(stored):
        abort(403, description=group_link_renewed())


def require_group_view_token(stored: StoredGroup, token: str) -> None:
    """Stop with 403 unless ``token`` is the group's renewed view token (a renewed view link)."""
    if stored.view_token is None or not same_token(token, stored.view_token):
        abort(403, description=group_link_renewed())
