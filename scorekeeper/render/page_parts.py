"""Pieces of pages made in Python where a template costs too much: the small pieces every game
page repeats (its tabs, a form's hidden fields, the live-update attributes: a Jinja macro costs a
new template context per call) and the score sheet's rows (a template spends a dozen lookups and
escapes on each of its cells, up to 160 of them)."""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Protocol

from flask import Flask, Response, current_app, g, request, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape

from scorekeeper.core.decks import Special
from scorekeeper.core.sheet import AdjustmentNote, CurrentRound, RoundRow, marks_at
from scorekeeper.core.variants import Edition
from scorekeeper.render import game_facts, labels, languages
from scorekeeper.render.labels import gettext as _
from scorekeeper.render.urls import url

DASH = "\u2013"  # an en dash: no bid (Saboteur), no trump (last round)
# Pieces kept made (the score sheets' rows, a game's tabs): as many as ``sheet.build`` keeps
# sheets, in two views.
SHEETS_KEPT = 256


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
        noscript_refresh=noscript_refresh,
        score_rows=score_rows,
        bid_cell=bid_cell,
    )
    app.before_request(_reuse_signed_token)
    app.after_request(_keep_signed_token)


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
    current = ' aria-current="page"'
    links = "".join(
        f'\n  <a href="{escape(url(endpoint, game_id=game_id))}"'
        f"{current if name == here else ''}>{escape(label)}</a>"
        for name, endpoint, label in tabs
    )
    tabs_name = escape(_("This game"))  # outside the f-string, where pybabel finds it
    return Markup(f'<nav class="tabs" aria-label="{tabs_name}">{links}\n</nav>')


def csrf_field() -> Markup:
    """The hidden CSRF token every form of the pad sends."""
    return Markup(f'<input type="hidden" name="csrf_token" value="{escape(generate_csrf())}">')


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
    return Markup(f'<input type="hidden" name="version" value="{stored.version}">')


# The version check of each kind of thing a page follows live (web/live.py), and its argument.
VERSION_CHECKS = {"game": ("live.version", "game_id"), "group": ("live.group_version", "group_id")}


def live_attributes(stored: Versioned, kind: str = "game") -> Markup:
    """The ``<body>`` attributes with which ``live.js`` follows the game (or the group) live,
    and its words."""
    return _live(kind, stored.id, stored.version, languages.current(), request.script_root)


@lru_cache(maxsize=SHEETS_KEPT)
def _live(kind: str, thing_id: str, version: int, _language: str, _script_root: str) -> Markup:
    endpoint, argument = VERSION_CHECKS[kind]
    attributes = {
        "data-version-url": url(endpoint, **{argument: thing_id}),
        "data-version": str(version),
        "data-text-offline": _("No connection to the score pad: what you see may not be current."),
        "data-text-changed": _("The game changed on another phone."),
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
    return Markup("".join(f' {name}="{escape(value)}"' for name, value in attributes.items()))


def noscript_refresh(seconds: int = 10) -> Markup:
    """Without JavaScript, a watching page reloads itself every ``seconds``."""
    return Markup(f'<noscript><meta http-equiv="refresh" content="{seconds:d}"></noscript>')


def bid_cell(now: CurrentRound, seat: int) -> Markup:
    """A bid of the round at the table, in the same words wherever it shows (the bidding list,
    the tricks step, a watching phone, the table display): the number once it may be shown,
    "sealed" once made but still sealed, "…" while still to come, "saboteur" for the dealer who
    makes none."""
    return shown_bid(now.bids[seat], now.has_bid[seat], saboteur=seat == now.setup.saboteur)


def shown_bid(bid: int | None, made: bool, *, saboteur: bool) -> Markup:
    """:func:`bid_cell` of a seat whose ``bid`` shows (``None``: not shown, or not made)."""
    if saboteur:
        said = escape(_("saboteur"))
        return Markup(f'<span class="saboteur">{said}</span>')
    if bid is not None:
        return escape(bid)
    if made:
        said = escape(_("sealed"))
        return Markup(f'<span class="sealed">{said}</span>')
    return Markup("…")


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
    """The rows of :func:`score_rows`; the language and the script root are the key's part of
    what ``_`` and ``url`` read from the request."""
    names = [escape(name) for name in players]
    deals = escape(_("deals"))
    return Markup("").join(
        _score_row(row, names, deals, edition, game_id, notes, trump) for row in rows
    )


def _marks(notes: tuple[AdjustmentNote, ...], number: int, seat: int) -> str:
    marks = [str(mark) for mark in marks_at(notes, number, seat)]
    if not marks:
        return ""
    said = escape(_("adjusted, see note %(marks)s", marks=", ".join(marks)))
    return (
        f'<sup class="adj-mark" aria-hidden="true">{",".join(marks)}</sup>'
        f'<span class="vh"> ({said})</span>'
    )


def _score_row(
    row: RoundRow,
    names: list[Markup],
    deals: Markup,
    edition: Edition,
    game_id: str | None,
    notes: tuple[AdjustmentNote, ...],
    shows_trump: bool,
) -> Markup:
    number = row.number
    if game_id is None:
        head = f'<span class="num">{number}</span>'
    else:
        link = escape(url("views.edit_round", game_id=game_id, number=number))
        correct = escape(_("Correct round %(n)s", n=number))
        head = (
            f'<a href="{link}"><span class="num">{number}</span>'
            f'<span class="vh"> {correct}</span></a>'
        )
    cards = escape(labels.ngettext("card", "cards", row.hand_size))
    trump = escape(labels.trump_label(row.trump, edition))
    suit = row.trump.suit
    mark = escape(labels.suit_mark(suit, edition) if suit else DASH)
    flags = row.flags
    warning = escape(" ".join(labels.refusal(reason) for reason in flags))
    warn = f' <span class="warn" title="{warning}">⚠</span>' if flags else ""
    flagged = ' class="flagged"' if flags else ""
    # A special card of the anniversary decks that set the trump is named under it, as the PDF
    # does (its words are in the trump's label already, for a screen reader).
    card = escape(labels.special_name(row.trump.turned))
    special = f'<span class="special" aria-hidden="true">{card}</span>' if card else ""
    trump_part = (
        f'<span class="trump{" " + suit.value if suit else ""}">'
        f'<span aria-hidden="true">{mark}</span>'
        f'<span class="vh">{trump}</span></span>{special}'
        if shows_trump
        else ""
    )
    dealt = f"{names[row.dealer]}," if shows_trump else f"{names[row.dealer]}"
    parts = [
        f"<tr{flagged}>"
        f'<th scope="row" class="round-col">{head}\n'
        f'<span class="cards">{row.hand_size}<span class="vh"> {cards}, {deals} '
        f"{dealt}</span></span>\n"
        f"{trump_part}{_bomb_mark(row)}{_destroyed_mark(row)}{warn}</th>"
    ]
    for seat, met in enumerate(row.met):
        bid = row.bids[seat]
        parts.append(
            f'\n<td class="{"met" if met else "missed"}{" dealt" if seat == row.dealer else ""}">'
            f'<span class="cell"><span class="bt">{DASH if bid is None else bid}'
            f"{_cloud_mark(row, seat)}/{row.tricks[seat]}"
            f'</span> <span class="score"><span class="vh">{"✓" if met else "✗"}'
            f"</span>{labels.signed(row.scores[seat])}{_marks(notes, number, seat)}</span> "
            f'<span class="total">{labels.number(row.totals[seat])}</span>'
            f"{_seat_marks(row, seat)}</span></td>"
        )
    parts.append("</tr>\n")
    if flags:
        said = escape(_("Round %(n)s:", n=number))
        parts.append(
            f'<tr class="flag-note"><td colspan="{len(names) + 1}">⚠ {said} {warning}</td></tr>\n'
        )
    return Markup("".join(parts))


def _bomb_mark(row: RoundRow) -> str:
    """The Bomb of an anniversary round, named under its trump: a word, not an emoji, which a
    phone without an emoji font shows as an empty box; after the mark of a trick that went to
    nobody (as Skull King's Kraken), so that it is not read as the card that set the trump."""
    if not row.bomb:
        return ""
    said = escape(_("The Bomb was played: one trick went to nobody"))
    card = escape(labels.special_name(Special.BOMB))
    return (
        f'<span class="special bomb-mark" title="{said}">'
        f'<span aria-hidden="true">{game_facts.DESTROYED_MARK} {card}</span>'
        f'<span class="visually-hidden">{said}</span></span>'
    )


def _cloud_mark(row: RoundRow, seat: int) -> str:
    """The changed bid after the bid made, for the seat that won the Cloud's trick or played
    Harry the Giant."""
    bid = game_facts.changed_bid(row, seat)
    if bid is None:
        return ""
    said = escape(game_facts.changed_said(row, bid))
    return (
        f'<span class="cloud-mark" title="{said}"><span aria-hidden="true">→{bid}'
        f'</span><span class="visually-hidden"> {said}</span></span>'
    )


def _destroyed_mark(row: RoundRow) -> str:
    """Tricks nobody won (the Kraken, the White Whale), marked beside the round's cards."""
    count = game_facts.destroyed(row)
    if not count:
        return ""
    said = escape(game_facts.destroyed_said(count))
    return (
        f' <span class="destroyed-mark" title="{said}"><span aria-hidden="true">'
        f'{game_facts.DESTROYED_MARK}{count}</span><span class="visually-hidden">{said}</span>'
        "</span>"
    )


def _seat_marks(row: RoundRow, seat: int) -> str:
    """A seat's bonuses, wager and Cannonball of the round, on a line of their own in the
    cell (their points are in the score)."""
    marks = game_facts.seat_marks(row, seat)
    if not marks:
        return ""
    # A bonus that scored nothing is struck through, not shown like one that counted.
    shown = " ".join(
        f"{escape(mark.short)}" if mark.counted else f'<s class="void">{escape(mark.short)}</s>'
        for mark in marks
    )
    said = escape(", ".join(mark.said for mark in marks))
    return (
        f' <span class="bonus-marks" title="{said}"><span aria-hidden="true">{shown}</span>'
        f'<span class="visually-hidden">{said}</span></span>'
    )
