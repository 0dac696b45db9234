"""The round page's result table made in Python, once per game version and language.

The last round's result is the round page's largest piece (a row of five cells per player, each
a lookup, a test and an escape in a template), and it is the same for every phone that asks
until the game changes. It is written here as the template wrote it, byte for byte: the words
as the template's ``_`` gives them (the translation taken as markup, the values escaped).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

from scorekeeper.core.sheet import CurrentRound, RoundRow
from scorekeeper.render import game_facts, labels, languages
from scorekeeper.render.page_parts import DASH, shown_bid

KEPT = 256  # results kept made: as many as the score sheets (page_parts.SHEETS_KEPT)


def init_app(app: Flask) -> None:
    """Make the pieces template globals."""
    app.jinja_env.globals.update(
        round_result=round_result, bid_buttons=bid_buttons, bidding_order=bidding_order
    )


def _(message: str, **values: Any) -> Markup:
    """``message`` as the templates' ``_`` gives it: the translation is markup, the values are
    escaped into it."""
    text = Markup(labels.catalogue().ugettext(message))
    return text % values if values or "%" in text else text


def pgettext(context: str, message: str) -> Markup:
    """``message`` in ``context`` as the templates' ``pgettext`` gives it."""
    text = Markup(labels.catalogue().upgettext(context, message))
    return text % {} if "%" in text else text


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
    # The bid and tricks columns take the pad's short headers where a language shortens them
    # (spelled out under the table): the names keep the room for their long words (issue 21).
    short_bid, short_tricks = pgettext("pad column", "Bid"), pgettext("pad column", "Tricks")
    shortened = []
    bid_head, tricks_head = _("Bid"), _("Took")
    if short_bid != _("Bid"):
        shortened.append((short_bid, _("Bid")))
        bid_head = Markup('<abbr title="{}">{}</abbr>').format(_("Bid"), short_bid)
    if short_tricks != _("Tricks"):
        shortened.append((short_tricks, _("Tricks")))
        tricks_head = Markup('<abbr title="{}">{}</abbr>').format(_("Tricks"), short_tricks)
    # The words out of the f-strings below, where pybabel would not find them.
    title = _("Round %(r)s result", r=last.number)
    player, score, total = _("Player"), _("Score"), _("Total")
    bomb = ""
    if last.bomb:
        bombed = _("The Bomb was played: one trick went to nobody")
        bomb = f'<p class="hint">{bombed}</p>'
    names = [escape(name) for name in players]
    # What the template's comment and its lines that set the words above left: blank lines.
    parts = [
        f'<h2 id="result-title">{title}</h2>' + "\n  " * 6 + f'{bomb}\n  <table class="scores">\n'
        f'    <thead><tr><th scope="col">{player}</th>\n'
        f'      <th scope="col">{bid_head}</th>\n'
        f'      <th scope="col">{tricks_head}</th>\n'
        f'      <th scope="col">{score}</th><th scope="col">{total}</th></tr></thead>\n'
        f"    <tbody>\n    "
    ]
    adjusted_word = _("adjusted")
    adjusted = f'<sup class="adj-mark" title="{adjusted_word}">±</sup>'
    for seat, name in enumerate(names):
        bid = last.bids[seat]
        # The bid it was scored against, where the Cloud or Harry the Giant changed it.
        cloud = ""
        changed = game_facts.changed_bid(last, seat)
        if changed is not None:
            said = escape(game_facts.changed_said(last, changed))
            cloud = f'<span class="cloud-mark" title="{said}"> → {changed}</span>'
        met = last.met[seat]
        parts.append(
            f'\n      <tr class="{"met" if met else "missed"}">\n'
            f'        <th scope="row">{name}</th>\n'
            f"        <td>{DASH if bid is None else escape(bid)}{cloud}</td>\n"
            f"        <td>{escape(last.tricks[seat])}</td>\n"
            f'        <td class="score">{"✓" if met else "✗"} '
            f"{escape(labels.signed(last.scores[seat]))}"
            f"{adjusted if last.adjusted[seat] else ''}</td>\n"
            f'        <td class="total">{escape(labels.number(last.totals[seat]))}</td>\n'
            f"      </tr>\n    "
        )
    columns = ""
    if shortened:
        spelt = " · ".join(
            f'<span class="abbreviation"><b>{short}</b> {word}</span>' for short, word in shortened
        )
        said = _("Columns:")
        columns = f'<p class="columns small">{said} {spelt}</p>'
    notes = ""
    if last.adjustments:
        notes = "".join(
            f"<li>± {names[given.seat]} {escape(labels.signed(given.points))} "
            f'<span class="adj-reason">{escape(given.reason)}</span></li>'
            for given in last.adjustments
        )
        notes = f'<ul class="adjustments small">{notes}</ul>'
    parts.append(f"\n    </tbody>\n  </table>\n  {columns}\n  {notes}")
    return Markup("".join(parts))


@lru_cache(maxsize=KEPT)
def bid_buttons(hand_size: int, legal: tuple[int, ...]) -> Markup:
    """The bid pad's numbers, 0 to ``hand_size``; those not ``legal`` disabled, each described
    by its refusal."""
    buttons = []
    for n in range(hand_size + 1):
        refused = "" if n in legal else f'disabled aria-describedby="refusal-{n}"'
        buttons.append(
            f'\n      <button type="submit" name="bid" value="{n}" {refused}>{n}</button>\n      '
        )
    return Markup("".join(buttons))


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
    # Translators: after the dealer's name, "Ana (dealer)": a word without a gender, as the
    # dealer may be anyone (a verb where the noun has one: Spanish "reparte").
    dealer_word = pgettext("beside the dealer's name", "dealer")
    items = []
    for seat in order:
        mark = ("current" if seat == bidder else "") + (" dealer" if seat == dealer else "")
        named = f" <small>({dealer_word})</small>" if seat == dealer else ""
        bid = shown_bid(bids[seat], made[seat], saboteur=seat == saboteur)
        items.append(
            f'\n    <li class="{mark}">\n'
            f'      <span class="name">{escape(players[seat])}{named}</span>\n'
            f'      <span class="value">{bid}</span>\n'
            f"    </li>\n    "
        )
    return Markup("".join(items))
