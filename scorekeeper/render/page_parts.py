"""The small pieces every game page repeats (its tabs, a form's hidden fields, the live-update
attributes, a bid as it may be shown) and the score sheet's rows: their HTML in ``templates/parts``,
each rendered once per what it shows and kept made.

A template is slow per call (a Jinja macro makes a new context each time, and a template spends a
dozen lookups and escapes on each of the sheet's cells, up to 160 of them), and these pieces are
asked for on every page: so each is rendered once per key (a game's version, the language, the
script root the links start with, a token) and the page takes the made piece from a cache. Python
works out what each piece shows and keeps what is made. The words come from Python too, as plain
text the template escapes like any value: these pieces always escaped their words (a French
apostrophe is ``&#39;`` in them, where a template's own ``_`` leaves it as it is), and the pages
stay the same byte for byte.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any, NamedTuple, Protocol

from flask import Flask, Response, current_app, g, request, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper import storage
from scorekeeper.core.current_round import CurrentRound
from scorekeeper.core.decks import Special
from scorekeeper.core.sheet import AdjustmentNote, RoundRow, marks_at
from scorekeeper.core.variants import Edition
from scorekeeper.render import corrections, game_facts, labels, languages
from scorekeeper.render.labels import gettext as _
from scorekeeper.render.urls import url

DASH = "\u2013"  # an en dash: no bid (Saboteur), no trump (last round)
# Pieces kept made (the score sheets' rows, a game's tabs): as many as ``sheet.build`` keeps
# sheets, in two views.
SHEETS_KEPT = 256
# Hidden fields and bids kept made: a CSRF token per browser (signed anew each minute), a field
# per game version, a bid cell per bid shown and language.
FIELDS_KEPT = 1024


class Versioned(Protocol):
    """A stored game as these pieces need it."""

    @property
    def id(self) -> str: ...
    @property
    def version(self) -> int: ...


def init_app(app: Flask) -> None:
    """Make the pieces template globals; keep signed CSRF tokens for a minute."""
    app.jinja_env.globals.update(
        game_tabs=game_tabs,
        csrf_field=csrf_field,
        version_field=version_field,
        live_attributes=live_attributes,
        live_version=live_version,
        noscript_refresh=noscript_refresh,
        card_tags=card_tags,
        score_rows=score_rows,
        bid_cell=bid_cell,
    )
    app.before_request(_reuse_signed_token)
    app.after_request(_keep_signed_token)


def render_part(template: str, **context: Any) -> Markup:
    """The piece ``templates/parts/<template>`` rendered with ``context`` alone: no context
    processor runs (a piece that says words of its own is given ``templating.translations()``).
    Called only for a piece not kept made yet, so its template's lookup and context are paid
    once per key."""
    return Markup(current_app.jinja_env.get_template(f"parts/{template}").render(context))


def game_tabs(stored: Versioned, here: str) -> Markup:
    """The game's three tabs (round, sheet, share), ``here`` marked as the current one."""
    return _tabs(stored.id, here, languages.current(), request.script_root)


# The pieces below are the same for every page of a game (and version) in one language: kept
# made, by what ``_`` and ``url`` read from the request (the language, the script root) too.
@lru_cache(maxsize=SHEETS_KEPT)
def _tabs(game_id: str, here: str, _language: str, _script_root: str) -> Markup:
    tabs = (
        ("game", "views.game", _("Round")),
        # Translators: the score sheet (the pad the scores are written on), not a playing card.
        ("sheet", "views.score_sheet", _("Sheet")),
        ("share", "views.share", _("Share")),
    )
    shown = [
        (url(endpoint, game_id=game_id), label, name == here) for name, endpoint, label in tabs
    ]
    return render_part("tabs.html", name=_("This game"), tabs=shown)


def csrf_field() -> Markup:
    """The hidden CSRF token every form of the pad sends."""
    return _csrf_field(generate_csrf())


# By token: a browser's signed token is the same for a minute (``_reuse_signed_token``).
@lru_cache(maxsize=FIELDS_KEPT)
def _csrf_field(token: str) -> Markup:
    return render_part("csrf_field.html", token=token)


# Signed CSRF tokens by secret key and session token, with when they were signed.
_SIGNED: dict[tuple[object, str], tuple[str, float]] = {}
RESIGN_SECONDS = 60.0  # a signed token is good for an hour (WTF_CSRF_TIME_LIMIT)
KEPT_TOKENS = 10_000


def _reuse_signed_token() -> None:
    """Give the request the signed CSRF token this browser got less than a minute ago: Flask-WTF
    takes it from ``g`` instead of signing its token again for every page (signing took longer
    than building the rest of a form)."""
    raw = session.get("csrf_token")
    if isinstance(raw, str):
        kept = _SIGNED.get((current_app.secret_key, raw))
        if kept is not None and time.monotonic() - kept[1] < RESIGN_SECONDS:
            g.csrf_token = g.csrf_token_kept = kept[0]


def _keep_signed_token(response: Response) -> Response:
    """Keep a token Flask-WTF signed for this request, for the browser's next pages."""
    raw, signed = session.get("csrf_token"), g.get("csrf_token")
    if isinstance(raw, str) and isinstance(signed, str) and signed != g.get("csrf_token_kept"):
        if len(_SIGNED) >= KEPT_TOKENS:
            _SIGNED.clear()
        _SIGNED[current_app.secret_key, raw] = (signed, time.monotonic())
    return response


def version_field(stored: Versioned) -> Markup:
    """The game's version a form was made from: a change made meanwhile refuses the form."""
    return _version_field(stored.version)


@lru_cache(maxsize=FIELDS_KEPT)
def _version_field(version: int) -> Markup:
    return render_part("version_field.html", version=version)


# The version check of each kind of thing a page follows live (web/live.py), and its argument.
VERSION_CHECKS = {
    "game": ("live.version", "game_id"),
    "group": ("live.group_version", "group_id"),
    "evening": ("live.evening_version", "evening_id"),
}


def live_attributes(stored: Versioned, kind: str = "game") -> Markup:
    """The ``<body>`` attributes with which ``live.js`` follows the game (or the group) live,
    and its words."""
    version = live_version(stored) if kind == "game" else stored.version
    return _live(kind, stored.id, version, languages.current(), request.script_root)


def live_version(stored: Versioned) -> float:
    """The version a page of this game follows live (``storage.version_of``): its version, and
    half one more while its club-night table is ended early, so that the keepers' end, and a
    "play on", reach its open pages. Read once a request."""
    known: dict[tuple[str, int], float] = g.setdefault("live_versions", {})
    key = (stored.id, stored.version)
    if key not in known:
        now = storage.version_of(storage.get_db(), stored.id)
        half = 0.0 if now is None else now - int(now)
        known[key] = stored.version + half if half else stored.version
    return known[key]


@lru_cache(maxsize=SHEETS_KEPT)
def _live(kind: str, thing_id: str, version: float, _language: str, _script_root: str) -> Markup:
    endpoint, argument = VERSION_CHECKS[kind]
    attributes = {
        "data-version-url": url(endpoint, **{argument: thing_id}),
        "data-version": str(version),
        "data-text-offline": _("No connection to the score pad: what you see may not be current."),
        # A group's or an evening's page follows more than one game: it says the page changed.
        "data-text-changed": (
            _("The game changed on another phone.")
            if kind == "game"
            else _("This page changed on another phone.")
        ),
        "data-text-show": _("Show it"),
        "data-text-kept": _(
            "No connection. Kept, not sent yet: %(tap)s. It is sent by itself as soon as the "
            "score pad answers again.",
            tap="{tap}",
        ),
        "data-text-tap": _("your tap"),
        "data-text-retry": _("Try again"),
        "data-text-drop": _("Drop it"),
    }
    return render_part("live_attributes.html", attributes=attributes.items())


@lru_cache(maxsize=8)
def noscript_refresh(seconds: int = 10) -> Markup:
    """Without JavaScript, a watching page reloads itself every ``seconds``."""
    return render_part("noscript_refresh.html", seconds=int(seconds))


def card_tags(image: str, title: str) -> Markup:
    """The Open Graph tags that make a shared link unfurl in a chat with its result card
    (``image``, an absolute address) under ``title``."""
    return render_part("card_tags.html", image=image, title=title)


def bid_cell(now: CurrentRound, seat: int) -> Markup:
    """A bid of the round at the table, in the same words wherever it shows (the bidding list,
    the tricks step, a watching phone, the table display): the number once it may be shown,
    "sealed" once made but still sealed, "…" while still to come, "saboteur" for the dealer who
    makes none."""
    return shown_bid(now.bids[seat], now.has_bid[seat], saboteur=seat == now.setup.saboteur)


def shown_bid(bid: int | None, made: bool, *, saboteur: bool) -> Markup:
    """:func:`bid_cell` of a seat whose ``bid`` shows (``None``: not shown, or not made)."""
    # Only a word is in the reader's language: a number or "…" is kept once for all of them.
    worded = saboteur or (bid is None and made)
    return _bid(bid, made, saboteur, languages.current() if worded else "")


@lru_cache(maxsize=FIELDS_KEPT)
def _bid(bid: int | None, made: bool, saboteur: bool, _language: str) -> Markup:
    said = _("saboteur") if saboteur else _("sealed") if bid is None and made else ""
    return render_part("bid.html", bid=bid, made=made, saboteur=saboteur, said=said)


def score_rows(
    rows: tuple[RoundRow, ...],
    players: tuple[str, ...],
    edition: Edition,
    game_id: str | None = None,
    notes: tuple[AdjustmentNote, ...] = (),
    trump: bool = True,
) -> Markup:
    """The score sheet's body: a line per round (its number, cards, dealer, trump and any flag)
    and for each seat bid/tricks, the round's score and the total (apart by a space, which a
    screen reader needs). With ``game_id`` (the scorekeeper's phone) each round's number links
    to its correction. A score with adjustments carries the marks of their ``notes``, which
    the legend under the sheet lists (:func:`adjustment_notes`). ``trump`` False leaves the
    trump out (a game whose trump is always the same suit); a round's bonuses, destroyed tricks
    and changed bids are marked (:mod:`scorekeeper.render.game_facts`), the key under the sheet
    says what each mark is.

    Made once per game version, language and script root (the links' start), for every phone
    that asks: the rows are a third of the score sheet's cost, and its sheet comes back for
    each request until the game changes (``sheet.build``)."""
    return _rows(
        rows, players, edition, game_id, notes, trump, languages.current(), request.script_root
    )


class Cell(NamedTuple):
    """What a seat's cell of a round shows (``templates/parts/score_rows.html``)."""

    met: bool
    lost: bool  # points off: only those are red (a missed bid's points still earned are not)
    dealt: bool
    bid: int | str  # the en dash where none was made
    cloud: int | None  # the bid scored, where the Cloud or Harry the Giant changed it
    cloud_said: str
    tricks: int
    score: str
    notes: str  # the marks of the adjustment notes, "1,2"
    notes_said: str
    corrected: str  # what the seat had before the round was corrected, "" where unchanged
    total: str
    marks: tuple[game_facts.Mark, ...]  # bonuses, wager, Cannonball
    marks_said: str


class Row(NamedTuple):
    """What a round's line of the sheet shows (``templates/parts/score_rows.html``)."""

    number: int
    link: str  # its correction's address, "" on a watching phone
    correct: str
    hand_size: int
    cards: str
    dealer: str
    suit: str  # the trump suit's class, "" without one
    mark: str
    trump: str
    card: str  # the special card that set the trump, "" for none
    bomb: bool
    cloud: bool  # the Cloud was played: named under the trump, as the Bomb (issue 33's walk)
    destroyed: int  # tricks that went to nobody (the Kraken, the White Whale)
    destroyed_said: str
    corrected: str  # the key line of a round corrected after it was entered, "" for none
    warning: str  # the refusals of a round a correction left against the rules, "" for none
    flag_said: str
    cells: tuple[Cell, ...]


@lru_cache(maxsize=SHEETS_KEPT)
def _rows(
    rows: tuple[RoundRow, ...],
    players: tuple[str, ...],
    edition: Edition,
    game_id: str | None,
    notes: tuple[AdjustmentNote, ...],
    trump: bool,
    _language: str,
    _script_root: str,
) -> Markup:
    """The rows of :func:`score_rows`, in one render for all of them; the language and the
    script root are the key's part of what ``_`` and ``url`` read from the request."""
    return render_part(
        "score_rows.html",
        rows=[_row(row, players, edition, game_id, notes) for row in rows],
        shows_trump=trump,
        columns=len(players) + 1,
        deals=_("deals"),
        # The Bomb of an anniversary round is named under its trump.
        bomb_said=_("The Bomb was played: one trick went to nobody"),
        bomb_card=labels.special_name(Special.BOMB),
        cloud_said=_("The Cloud was played: its trick's winner changed their bid by one"),
        cloud_card=labels.special_name(Special.CLOUD),
        changed_mark=game_facts.CHANGED_MARK,
        destroyed_mark=game_facts.DESTROYED_MARK,
        corrected_mark=corrections.MARK,
    )


def _row(
    row: RoundRow,
    players: tuple[str, ...],
    edition: Edition,
    game_id: str | None,
    notes: tuple[AdjustmentNote, ...],
) -> Row:
    number, suit, destroyed = row.number, row.trump.suit, game_facts.destroyed(row)
    return Row(
        number=number,
        link=url("views.edit_round", game_id=game_id, number=number) if game_id else "",
        correct=_("Correct round %(n)s", n=number) if game_id else "",
        hand_size=row.hand_size,
        cards=labels.ngettext("card", "cards", row.hand_size),
        dealer=players[row.dealer],
        suit=suit.value if suit else "",
        mark=labels.suit_mark(suit, edition) if suit else DASH,
        trump=labels.trump_label(row.trump, edition),
        # A Jester, a Wizard or a special card of the anniversary decks that set the trump is
        # named under it, as the PDF does (its words are in the trump's label already, for a
        # screen reader): a Jester's "\u2013" is not a deal with no card left (issue 33).
        card=labels.turned_name(row.trump.turned),
        bomb=row.bomb,
        cloud=row.cloud is not None,
        destroyed=destroyed,
        destroyed_said=game_facts.destroyed_said(destroyed) if destroyed else "",
        corrected=corrections.key_line(row) if row.original else "",
        warning=" ".join(labels.refusal(reason) for reason in row.flags),
        flag_said=_("Round %(n)s:", n=number) if row.flags else "",
        cells=tuple(_cell(row, seat, notes) for seat in range(len(row.met))),
    )


def _cell(row: RoundRow, seat: int, notes: tuple[AdjustmentNote, ...]) -> Cell:
    bid, changed = row.bids[seat], game_facts.changed_bid(row, seat)
    marks = [str(mark) for mark in marks_at(notes, row.number, seat)]
    seat_marks = game_facts.seat_marks(row, seat)
    return Cell(
        met=row.met[seat],
        lost=row.scores[seat] < 0,
        dealt=seat == row.dealer,
        bid=DASH if bid is None else bid,
        cloud=changed,
        cloud_said=game_facts.changed_said(row, changed) if changed is not None else "",
        tricks=row.tricks[seat],
        score=labels.signed(row.scores[seat]),
        notes=",".join(marks),
        notes_said=_("adjusted, see note %(marks)s", marks=", ".join(marks)) if marks else "",
        corrected=corrections.cell_said(row, seat) if seat in corrections.marked_seats(row) else "",
        total=labels.number(row.totals[seat]),
        marks=seat_marks,
        marks_said=", ".join(mark.said for mark in seat_marks),
    )
