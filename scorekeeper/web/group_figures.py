"""A group's figures as its pages, its season report and its API show them: the filters asked
for, the statistics (counted in the worker, :mod:`.heavy`), the chart of totals, the ratings
with their changes, a game's win chances, and their numbers in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from flask import abort
from flask_babel import format_decimal, format_percent
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import family, ratings
from scorekeeper.core.players import seat_keys
from scorekeeper.core.rules import Length
from scorekeeper.core.stats import GroupStats, PlayerStats
from scorekeeper.core.stats_filters import Filters, VariantFilter
from scorekeeper.render import chart, group_ratings, labels
from scorekeeper.storage import StoredGame, StoredGroup
from scorekeeper.web import heavy

# Shown where a figure has nothing to count (a player who never bid): an em dash.
NOTHING = "\u2014"


class FilterError(ValueError):
    """A filter value this app does not know; ``str(error)`` says so to the player."""


def parse_filters(args: Mapping[str, str]) -> Filters:
    """The filters of a query string (``game``, ``length``, ``variant``); an unknown value is
    refused, and so are Wizard's length and variant with another game."""
    length, variant = args.get("length", ""), args.get("variant", "")
    played = args.get("game", "")
    if played and played not in family.GAMES:
        raise FilterError(_("There is no game called “%(v)s”.", v=played[:30]))
    if length and length not in {item.value for item in Length}:
        raise FilterError(_("There is no game length called “%(v)s”.", v=length[:30]))
    if variant and variant not in {item.value for item in VariantFilter}:
        raise FilterError(_("There is no variant called “%(v)s”.", v=variant[:30]))
    if (length or variant) and played and not family.game(played).variant_filters:
        raise FilterError(_("Game lengths and variants are Wizard's: choose them with Wizard."))
    return Filters(
        Length(length) if length else None,
        VariantFilter(variant) if variant else None,
        played or None,
    )


def filters_from(args: Mapping[str, str]) -> Filters:
    """The filters of a page's query string; an unknown value is a 400 page saying so."""
    try:
        return parse_filters(args)
    except FilterError as error:
        abort(400, description=str(error))


def group_stats(stored: StoredGroup, filters: Filters) -> GroupStats:
    """The statistics of the group's games this request may see that the filters keep, counted
    once per version of the group (:mod:`scorekeeper.web.heavy`: kept, queued, in the worker)."""
    return heavy.group_stats(stored, filters)


def totals_chart(
    figures: GroupStats, width: int, height: int, font: str = "sans-serif", *, page: bool = False
) -> str:
    """Each player's final totals, game after game, as SVG ("" before the first counted game)."""
    if not figures.games:
        return ""
    numbers = {result.id: result.number for result in figures.games}
    lines = [[(numbers[gid], total) for gid, total in p.finals] for p in figures.players]
    return chart.lines_svg(
        [p.name for p in figures.players],
        lines,
        (1, max(len(figures.games), 2)),
        width,
        height,
        title=_("Final totals, game by game"),
        x_label=_("Game"),
        y_label=_("Final total"),
        summary=", ".join(
            _("%(name)s: %(average)s on average", name=p.name, average=decimal(p.average_total))
            for p in figures.players
        ),
        font_family=font,
        shared_markers=page,
    )


def decimal(value: float | None) -> str:
    """A mean for the reader's language, one decimal (a dash when there is none)."""
    if value is None:
        return NOTHING
    text: str = format_decimal(value, format="#,##0.0")
    return text.replace("-", "\u2212")


def change(value: float) -> str:
    """A rating's change for the reader's language: two decimals, its sign, a real minus."""
    shown = round(value, 2)
    text: str = format_decimal(abs(shown), format="#,##0.00")
    return f"+{text}" if shown > 0 else f"\u2212{text}" if shown < 0 else text


def rated(
    figures: GroupStats, done: ratings.Rated | None = None
) -> list[tuple[PlayerStats, ratings.PlayerRating]]:
    """Each player's rating over the counted games, best first, with their figures (for their
    name): worked out from the games each time (or taken from ``done``, the same games rated
    already), never stored (core/ratings.py)."""
    by_key = {player.key: player for player in figures.players}
    lines = (done or group_ratings.rate(figures)).lines
    return [(by_key[line.player], line) for line in lines]


def win_chances(stored: StoredGame) -> tuple[float, ...] | None:
    """Each seat's chance to win a game of a group, from the ratings over the group's finished
    games of the same game; ``None`` outside a group, or where nobody at the table has played
    one (every chance would be the same)."""
    db = storage.get_db()
    group_id = storage.group_of(db, stored.id)
    group = None if group_id is None else storage.load_group(db, group_id)
    if group is None:
        return None
    figures = group_stats(group, Filters(game=stored.record.game))
    table = seat_keys(stored.record.players)
    played = [ratings.FinishedGame(result.keys, result.totals) for result in figures.games]
    if not any(key in game.players for game in played for key in table):
        return None
    return ratings.win_chances(played, table)


def percent(value: float | None) -> str:
    """A share (0 to 1) as a percentage for the reader's language (a dash when there is none)."""
    if value is None:
        return NOTHING
    text: str = format_percent(value, format="#,##0%")
    return text


def filter_choices() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The options of the two filter menus, game length and variant, in words."""
    lengths = [(length.value, labels.option_label("length", length.value)) for length in Length]
    variants = [
        (VariantFilter.PLAIN.value, _("No special rules")),
        *(
            (choice.value, labels.option_label("bid_restriction", choice.value))
            for choice in (VariantFilter.PLUS_MINUS_ONE, VariantFilter.CANADIAN)
        ),
        (VariantFilter.HIDDEN.value, _("Hidden bids")),
        (VariantFilter.DELAYED.value, _("Delayed bids")),
        *(
            (choice.value, labels.variant_label(choice.value))
            for choice in (VariantFilter.SABOTEUR, VariantFilter.JESTER_BID)
        ),
    ]
    return lengths, variants
