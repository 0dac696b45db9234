"""Who may change and who may see a shared thing (a game, a group, any :class:`Kind`), and the
phone's memory of the things it keeps and watches.

Anyone with a thing's link may see it. Changing it needs its secret edit token, proven by the
browser's memory (the signed session cookie) or sent as ``Authorization: Bearer`` (the API).
Renewing the token locks out every phone and link that held the old one.

The view link is the thing's id until a keeper renews it: from then on, seeing it takes its view
token (the new view link puts its proof in the memory; the API takes it as a bearer token), and
the old link and the phones that used it see nothing more. Keepers always see what they keep.

Every request for an address that names a thing (``game_id``, ``group_id``) is checked once,
before its view runs (:func:`check_request`); the view takes that same read
(:func:`load_or_404`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from flask import Flask, abort, g, request, session
from flask.typing import ResponseReturnValue

from scorekeeper.web import errors


class Shared(Protocol):
    """A game or a group: anything with an id, an edit token and maybe a view token."""

    @property
    def id(self) -> str: ...

    @property
    def edit_token(self) -> str: ...

    @property
    def view_token(self) -> str | None: ...


Thing = TypeVar("Thing", bound=Shared)


@dataclass(frozen=True)
class Kind(Generic[Thing]):
    """One kind of shared thing, declared once (:mod:`scorekeeper.web.kinds`).

    ``letter`` marks its entries in the phone's memory, ``arg`` is the name of its id in every
    address, ``endpoints`` the blueprint that serves its pages (``views``, ``groups``) and
    ``page`` the endpoint of its own page there. ``load`` reads one from storage and ``renew``
    stores a new edit or view token. ``context`` is what its share and join pages (the two
    templates) show of it. The ``*_words`` say, in the reader's language, what a phone is told.
    ``rank`` orders kinds the way addresses nest them: a game's address inside a group's is the
    group's to allow.
    """

    name: str
    letter: str
    arg: str
    rank: int
    endpoints: str
    page: str
    load: Callable[[str], Thing | None]
    renew: Callable[[Thing, Literal["edit", "view"]], Thing]
    context: Callable[[Thing], dict[str, object]]
    share_template: str
    join_template: str
    renewed_words: Callable[[], str]
    keepers_only_words: Callable[[], str]
    stale_edit_link_words: Callable[[], str]
    joined_words: Callable[[], str]


KINDS: dict[str, Kind[Any]] = {}


def declare(kind: Kind[Thing]) -> Kind[Thing]:
    """Add a kind of shared thing: its addresses are checked from now on."""
    KINDS[kind.name] = kind
    return kind


# --- the phone's memory ----------------------------------------------------------------------

# What a phone remembers, games and groups alike: the most recently used ones, each with a proof
# of the edit or view token it holds. Watched things make room first, so a page that walks this
# browser through many view links never pushes out one it keeps. At this size the worst case
# (every entry kept and watched, tests/test_access.py) is well inside the 4,096 bytes a browser
# keeps of a cookie.
MAX_REMEMBERED = 50
MEMORY = "keep"
# The cookie's earlier keys, read once into the one memory.
_OLD_KEYS = {"": ("seen", "edit", "view"), "r": ("group_seen", "group_edit", "group_view")}
_OLD_KEY_NAMES = frozenset(key for keys in _OLD_KEYS.values() for key in keys)


def proof(token: str) -> str:
    """What the memory keeps of a token: 48 bits of its SHA-256.

    The cookie is signed, so a proof cannot be made up; it only has to tell the current token
    from an older one. It is a fifth of the token's size, and useless as a link or bearer token.
    """
    digest = hashlib.sha256(token.encode()).digest()[:6]
    return base64.urlsafe_b64encode(digest).decode()


Entry = list[str]  # [letter + id, proof of the edit token or "", proof of the view token or ""]


def _memory() -> list[Entry]:
    """The memory's entries, least recently used first (an earlier cookie's keys converted)."""
    cookie = session._get_current_object()  # type: ignore[attr-defined]
    if not _OLD_KEY_NAMES.isdisjoint(cookie):
        _convert_old_memory()
    entries = cookie.get(MEMORY, [])
    return [[str(part) for part in entry] for entry in entries if len(entry) == 3]


def _convert_old_memory() -> None:
    entries: list[Entry] = [[str(part) for part in e] for e in session.get(MEMORY, [])]
    for letter, (seen_key, edit_key, view_key) in sorted(_OLD_KEYS.items(), reverse=True):
        edit, view = session.pop(edit_key, {}), session.pop(view_key, {})
        letter = letter or "g"
        for thing_id in [str(known) for known in session.pop(seen_key, [])]:
            edit_proof = proof(str(edit[thing_id])) if thing_id in edit else ""
            view_proof = proof(str(view[thing_id])) if thing_id in view else ""
            entries.append([letter + thing_id, edit_proof, view_proof])
    _store(entries)


def _store(entries: list[Entry]) -> None:
    while len(entries) > MAX_REMEMBERED:
        watched = [entry for entry in entries if not entry[1]]
        entries.remove(watched[0] if watched else entries[0])
    session[MEMORY] = entries
    session.permanent = True


def remember(
    kind: Kind[Any], stored: Shared, *, keeper: bool = False, by_view_link: bool = False
) -> None:
    """Remember ``stored`` as this phone's most recently used thing: kept with its edit token
    (``keeper``), watched with its renewed view link (``by_view_link``), or just seen."""
    key = kind.letter + stored.id
    entries = _memory()
    old = next((entry for entry in entries if entry[0] == key), [key, "", ""])
    new = [
        key,
        proof(stored.edit_token) if keeper else old[1],
        proof(stored.view_token) if by_view_link and stored.view_token else old[2],
    ]
    if entries[-1:] == [new]:
        return  # already the most recent: leave the cookie as it is
    _store([entry for entry in entries if entry[0] != key] + [new])


def forget(kind: Kind[Any], thing_id: str) -> None:
    """Drop a deleted thing from this phone's memory."""
    key = kind.letter + thing_id
    entries = _memory()
    if any(entry[0] == key for entry in entries):
        _store([entry for entry in entries if entry[0] != key])


def seen(kind: Kind[Any]) -> list[str]:
    """Ids of the things of this kind this phone has used, most recent first."""
    return [entry[0][1:] for entry in reversed(_memory()) if entry[0][:1] == kind.letter]


def remember_card(key: str, token: str) -> None:
    """Remember a card that lets this phone in by a token of its own (a club night's table card,
    ``web/table_cards.py``), under ``key`` (a letter no kind uses, then what it is for)."""
    entries = [entry for entry in _memory() if entry[0] != key]
    _store([*entries, [key, proof(token), ""]])


def holds_card(key: str, token: str) -> bool:
    """True when this phone remembers the card ``key`` with ``token`` (its current token)."""
    held = next((entry for entry in _memory() if entry[0] == key), [key, "", ""])
    return _proves(held[1], token)


def held_edit(kind: Kind[Any], thing_id: str, token: str) -> bool:
    """True when this phone kept the thing with edit token ``token`` (also one gone since)."""
    return _proves(_held(kind, thing_id)[1], token)


def _held(kind: Kind[Any], thing_id: str) -> Entry:
    key = kind.letter + thing_id
    return next((entry for entry in _memory() if entry[0] == key), [key, "", ""])


def keeps(kind: Kind[Any], stored: Shared) -> bool:
    """True when this browser may change ``stored`` (it holds the current edit token)."""
    return _proves(_held(kind, stored.id)[1], stored.edit_token)


def may_see(kind: Kind[Any], stored: Shared) -> bool:
    """True when this request may see ``stored``: its id is its view link, or the browser or the
    bearer token holds its view or edit token."""
    if stored.view_token is None:
        return True
    _key, edit_proof, view_proof = _held(kind, stored.id)
    secrets = (stored.edit_token, stored.view_token)
    token = bearer_token()
    return (
        _proves(edit_proof, stored.edit_token)
        or _proves(view_proof, stored.view_token)
        or any(same_token(token, secret) for secret in secrets)
    )


def _proves(held: str, token: str) -> bool:
    return bool(held) and hmac.compare_digest(held.encode(), proof(token).encode())


def same_token(token: object, secret: str) -> bool:
    """True when ``token`` is ``secret``, compared in constant time."""
    # As bytes: compare_digest refuses str with non-ASCII characters (a typed link, a header).
    return bool(token) and hmac.compare_digest(str(token).encode(), secret.encode())


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer …`` header, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def require_keeper(kind: Kind[Any], stored: Shared) -> None:
    """Stop with 403 unless this browser may change ``stored``."""
    if not keeps(kind, stored):
        abort(403, description=kind.keepers_only_words())


def require_view_token(kind: Kind[Any], stored: Shared, token: str) -> None:
    """Stop with 403 unless ``token`` is the renewed view token of ``stored``."""
    if stored.view_token is None or not same_token(token, stored.view_token):
        abort(403, description=kind.renewed_words())


# --- once per request ------------------------------------------------------------------------

# Addresses that carry a token of their own and check it themselves.
OWN_TOKEN: set[str] = set()

# What a page's address says of a thing it does not find, by kind, before its own 404: the
# first answer of these wins. A game a club night's redraw replaced leads to its table's game
# (``web/table_cards.py``), a game known by its totals only to its page (``web/club_imports.py``).
MISSING: dict[str, list[Callable[[str], ResponseReturnValue | None]]] = {}


def check_request() -> ResponseReturnValue | None:
    """Before every request whose address names a thing: refuse one whose view link was renewed,
    unless the request holds a token that lets it see the thing.

    Only the outermost thing an address names is checked (a group's game is the group's to
    allow: see ``Kind.rank``).
    """
    args = request.view_args or {}
    if request.endpoint in OWN_TOKEN:
        return None
    for kind in sorted(KINDS.values(), key=lambda kind: kind.rank):
        thing_id = args.get(kind.arg)
        if not isinstance(thing_id, str):
            continue
        stored = kind.load(thing_id)
        g.checked = (kind.name, stored)
        if stored is None and request.method == "GET":
            for answer in MISSING.get(kind.name, []):
                said = answer(thing_id)
                if said is not None:
                    return said
        if stored is None or may_see(kind, stored):
            return None  # an unknown thing is the view's own 404
        body, status = errors.error_response(
            403, kind.renewed_words(), code_name="view_link_renewed"
        )
        return body, status
    return None


def load(kind: Kind[Thing], thing_id: str) -> Thing | None:
    """The thing for this request, or ``None``: the check's read the first time, a new read
    after that (the request may have changed it meanwhile)."""
    name, stored = g.pop("checked", (None, None))
    if name == kind.name and stored is not None and stored.id == thing_id:
        return stored  # type: ignore[no-any-return]
    return kind.load(thing_id)


def load_or_404(kind: Kind[Thing], thing_id: str) -> Thing:
    """The thing for this request (see :func:`load`), or a 404 page."""
    stored = load(kind, thing_id)
    if stored is None:
        abort(404)
    return stored


def init_app(app: Flask) -> None:
    """Check who may see a thing before any of its addresses answers."""
    app.before_request(check_request)
