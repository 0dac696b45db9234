"""Who may change a game: the browser that created it, and phones holding its edit token.

Anyone with a game's link may view it. Editing needs the game's secret edit token, kept per
game in the signed session cookie (a browser) or sent as ``Authorization: Bearer`` (the API).
Renewing the token locks out every phone and link that held the old one.
"""

from __future__ import annotations

import hmac

from flask import abort, request, session
from flask_babel import gettext

from scorekeeper.db import StoredGame

# A cookie holds about 4 KB: remember the most recent games only.
MAX_REMEMBERED = 40


def _remember(key: str, game_id: str, value: str) -> None:
    known = session.get(key, {})
    if known and list(known)[-1] == game_id and known[game_id] == value:
        return  # already the most recent: leave the cookie as it is
    games = dict(known)
    games.pop(game_id, None)
    games[game_id] = value
    session[key] = dict(list(games.items())[-MAX_REMEMBERED:])
    session.permanent = True


def remember_editor(stored: StoredGame) -> None:
    """Make this browser an editor of the game (also lists it on the home page)."""
    _remember("edit", stored.id, stored.edit_token)
    remember_seen(stored.id)


def remember_seen(game_id: str) -> None:
    """List the game on this browser's home page."""
    _remember("seen", game_id, "")


def forget(game_id: str) -> None:
    """Drop a deleted game from this browser's lists."""
    for key in ("edit", "seen"):
        games = dict(session.get(key, {}))
        if games.pop(game_id, None) is not None:
            session[key] = games


def seen_games() -> list[str]:
    """Ids of the games this browser has opened, most recent first."""
    return list(reversed(session.get("seen", {})))


def token_matches(stored: StoredGame, token: str | None) -> bool:
    """True when ``token`` is the game's current edit token."""
    # As bytes: compare_digest refuses str with non-ASCII characters (a typed link, a header).
    return bool(token) and hmac.compare_digest(str(token).encode(), stored.edit_token.encode())


def is_editor(stored: StoredGame) -> bool:
    """True when this browser may change the game."""
    return token_matches(stored, session.get("edit", {}).get(stored.id))


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
