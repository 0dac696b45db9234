"""The round page's largest pieces, rendered once per game version and language and kept made:
the last round's result, the bid pad's numbers and the bidding order (``templates/parts``).

The last result is a row of five cells per player, each a lookup, a test and an escape in a
template, and it is the same for every phone that asks until the game changes: its template is
rendered once per round and language, not for each page. Python works out only what the
templates cannot read off the round (the Cloud's changed bids, each bid as it may be shown); the
templates say their own words with the request's ``_`` (``templating.translations``: a
translation taken as markup, the values escaped into it), as the round page said them before.
"""

from __future__ import annotations

from functools import lru_cache

from flask import Flask
from markupsafe import Markup

from scorekeeper.core.current_round import CurrentRound
from scorekeeper.core.sheet import RoundRow
from scorekeeper.render import game_facts, languages
from scorekeeper.render.page_parts import render_part, shown_bid
from scorekeeper.render.templating import translations

KEPT = 256  # results kept made: as many as the score sheets (page_parts.SHEETS_KEPT)


def init_app(app: Flask) -> None:
    """Make the pieces template globals."""
    app.jinja_env.globals.update(
        round_result=round_result, bid_buttons=bid_buttons, bidding_order=bidding_order
    )


def round_result(last: RoundRow, players: tuple[str, ...]) -> Markup:
    """The result of round ``last`` (inside its section): each player's bid, tricks, score and
    total, its Bomb, Cloud and adjustments."""
    return _result(last, players, languages.current())


@lru_cache(maxsize=KEPT)
def _result(
    last: RoundRow,
    players: tuple[str, ...],
    _language: str,
) -> Markup:
    """:func:`round_result`; the language is the key's part of what ``_`` reads from the
    request."""
    # The bid it was scored against, where the Cloud or Harry the Giant changed it, and why.
    clouds: list[tuple[int, str] | None] = []
    for seat in range(len(players)):
        changed = game_facts.changed_bid(last, seat)
        said = game_facts.changed_said(last, changed) if changed is not None else ""
        clouds.append(None if changed is None else (changed, said))
    return render_part(
        "round_result.html", **translations(), last=last, players=players, clouds=clouds
    )


@lru_cache(maxsize=KEPT)
def bid_buttons(hand_size: int, legal: tuple[int, ...]) -> Markup:
    """The bid pad's numbers, 0 to ``hand_size``; those not ``legal`` disabled, each described
    by its refusal."""
    return render_part("bid_buttons.html", hand_size=hand_size, legal=legal)


def bidding_order(now: CurrentRound, players: tuple[str, ...], bidder: int) -> Markup:
    """The players in bidding order, ``bidder`` marked as the one bidding now, the dealer
    named, and each one's bid as it may be shown."""
    return _order(
        now.order,
        now.dealer,
        now.setup.saboteur,
        now.bids,
        now.has_bid,
        players,
        bidder,
        languages.current(),
    )


@lru_cache(maxsize=KEPT)
def _order(
    order: tuple[int, ...],
    dealer: int,
    saboteur: int | None,
    bids: tuple[int | None, ...],
    made: tuple[bool, ...],
    players: tuple[str, ...],
    bidder: int,
    _language: str,
) -> Markup:
    shown = [shown_bid(bid, made[seat], saboteur=seat == saboteur) for seat, bid in enumerate(bids)]
    return render_part(
        "bidding_order.html",
        **translations(),
        order=order,
        dealer=dealer,
        players=players,
        bidder=bidder,
        bids=shown,
    )
