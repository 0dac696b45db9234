"""Group pages: a table's games and roster, its leaderboard, player pages and season report.

Thin like the game pages: parse, let :mod:`scorekeeper.core.stats` count (it asks the score sheet,
which asks the rules), store with :mod:`scorekeeper.storage`, render. Anyone with a group's link may
view it; the browser that made it and holders of its edit token may change it
(:mod:`scorekeeper.web.access`).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import format_decimal, format_percent, get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.core import family, game, ratings, sheet
from scorekeeper.core.players import player_key, seat_keys
from scorekeeper.core.rules import Length, RuleError
from scorekeeper.core.stats import Filters, GroupStats, PlayerStats, VariantFilter
from scorekeeper.render import chart, filenames, group_ratings, labels, printing
from scorekeeper.storage import StoredGame, StoredGroup
from scorekeeper.web import (
    access,
    club_tables,
    forms,
    heavy,
    once,
    pdf,
    sharing,
    trash_kinds,
    trash_pages,
)
from scorekeeper.web import new_game as new_game_page
from scorekeeper.web.forms import games as games_form
from scorekeeper.web.forms import groups as group_forms
from scorekeeper.web.kinds import GAME, GROUP

# Shown where a figure has nothing to count (a player who never bid): an em dash.
NOTHING = "\u2014"
# The group's page lists this many of its latest games: a season of 1,000 made a page of half a
# megabyte that took the server a tenth of a second to write at every visit. The group file
# has every game.
LISTED_GAMES = 100

bp = Blueprint("groups", __name__, url_prefix="/groups")


# --- shared by the pages, the PDF and the API ------------------------------------------------


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


# --- a group ---------------------------------------------------------------------------------


def _page(template: str, stored: StoredGroup, **context: object) -> str:
    return render_template(
        template,
        group=stored,
        editor=access.keeps(GROUP, stored),
        decimal=decimal,
        percent=percent,
        change=change,
        filter_choices=filter_choices(),
        option_label=labels.option_label,
        **context,
    )


def _to_group(stored: StoredGroup) -> WerkzeugResponse:
    return redirect(url_for("groups.show", group_id=stored.id), code=303)


@bp.route("/new", methods=["GET", "POST"])
def new() -> ResponseReturnValue:
    """Name a new group; this phone keeps it."""
    form = group_forms.GroupForm()
    if form.validate_on_submit():
        name, key = form.name.data, form.once_key()
        stored = once.make(
            lambda browser: storage.create_group_once(
                storage.get_db(), name, key=key, digest=browser
            )[0]
        )
        if stored is None:
            return once.refused()
        access.remember(GROUP, stored, keeper=True)
        return _to_group(stored)
    status = 400 if request.method == "POST" else 200
    return render_template("groups/new.html", form=form), status


@bp.get("/<group_id>")
def show(group_id: str) -> str:
    """The leaderboard, the totals chart, head-to-head and the group's games."""
    stored = access.load_or_404(GROUP, group_id)
    access.remember(GROUP, stored)
    filters = filters_from(request.args)
    figures = group_stats(stored, filters)
    done = group_ratings.rate(figures)
    cards = heavy.game_cards(stored)
    editor = access.keeps(GROUP, stored)
    addable: list[tuple[StoredGame, sheet.Sheet]] = []
    if editor:
        mine = storage.load_many(storage.get_db(), access.seen(GAME))
        taken = storage.grouped(storage.get_db(), [entry.id for entry in mine])
        addable = [
            (entry, sheet.build(entry.record))
            for entry in mine
            if entry.id not in taken and access.keeps(GAME, entry)
        ]
    return _page(
        "groups/group.html",
        stored,
        figures=figures,
        filters=filters,
        games=list(reversed(cards[-LISTED_GAMES:])),
        unlisted=max(0, len(cards) - LISTED_GAMES),
        chart=Markup(totals_chart(figures, 360, 260, page=True)),
        rated=rated(figures, done),
        provisional_games=ratings.PROVISIONAL_GAMES,
        backtest=done.backtest,
        addable=addable,
        add_form=group_forms.AddGamesForm(),
        evenings=storage.group_evenings(storage.get_db(), stored.id),
    )


@bp.get("/<group_id>/players/<path:key>")
def player(group_id: str, key: str) -> str:
    """One player's figures, results and head-to-head; renaming and merging for editors."""
    stored = access.load_or_404(GROUP, group_id)
    filters = filters_from(request.args)
    figures = group_stats(stored, filters)
    roster = dict(stored.roster)
    figure = figures.player(key)
    if figure is None and key not in roster:
        abort(404)
    done = group_ratings.rate(figures, key)
    name = figure.name if figure else roster[key]
    return _page(
        "groups/player.html",
        stored,
        key=key,
        name=name,
        figure=figure,
        figures=figures,
        filters=filters,
        results=[result for result in figures.games if key in result.keys],
        rating=done.line_of(key),
        rating_lines=group_ratings.player_lines(figures, done, key),
        backtest=done.backtest,
        provisional_games=ratings.PROVISIONAL_GAMES,
        others=[(other, other_name) for other, other_name in stored.roster if other != key],
        form=group_forms.RenameForm(data={"name": name}),
    )


@bp.post("/<group_id>/players/<path:key>/rename")
def rename(group_id: str, key: str) -> WerkzeugResponse:
    """Rename a player in the roster, every game and every club night of the group; another
    player's name (the merge menu sends one) makes the two one player, unless they played in
    one game or are players of one club night."""
    stored = access.load_or_404(GROUP, group_id)
    access.require_keeper(GROUP, stored)
    roster = dict(stored.roster)
    if key not in roster:
        abort(404)
    form = group_forms.RenameForm()
    if not form.validate_on_submit():
        # The form's own messages are lazy strings, which the game pages' helper skips.
        flash(str(next(iter(form.name.errors), "")) or forms.first_error(form), "error")
        return redirect(url_for("groups.player", group_id=group_id, key=key), code=303)
    name = form.name.data
    try:
        changed = storage.rename_player(storage.get_db(), stored.id, key, name)
    except storage.SameGame:
        flash(
            _(
                "%(a)s and %(b)s played in the same game, so they cannot be one player.",
                a=roster[key],
                b=name,
            ),
            "error",
        )
        return redirect(url_for("groups.player", group_id=group_id, key=key), code=303)
    except storage.SameEvening:
        flash(
            _(
                "%(a)s and %(b)s are players of the same club night, so they cannot be one player.",
                a=roster[key],
                b=name,
            ),
            "error",
        )
        return redirect(url_for("groups.player", group_id=group_id, key=key), code=303)
    flash(
        ngettext(
            "%(old)s is now %(new)s, in %(num)s game.",
            "%(old)s is now %(new)s, in %(num)s games.",
            changed,
            old=roster[key],
            new=name,
        ),
        "info",
    )
    return redirect(url_for("groups.player", group_id=group_id, key=player_key(name)), code=303)


@bp.route("/<group_id>/games/new", methods=["GET", "POST"])
def new_game(group_id: str) -> ResponseReturnValue:
    """A new game of the group: the game, who plays; first dealer and settings as last time."""
    stored = access.load_or_404(GROUP, group_id)
    access.require_keeper(GROUP, stored)
    # A keeper sees every game: the last one started is the last stamp.
    stamps = heavy.visible(stored)
    found = storage.load(storage.get_db(), stamps[-1].id) if stamps else None
    last = found.record if found else None
    picked = request.form.get("choose", "")
    asked = picked or request.values.get("game", "") or (last.game if last else "")
    try:
        key = games_form.game_key(asked)
    except RuleError as error:
        abort(400, description=labels.refusal(error.reason))
    data = None
    order: list[str] = []
    if last is not None:
        order = list(seat_keys(last.players))
        if request.method == "GET":
            data = new_game_page.last_game_defaults(last, key)
    form_class = games_form.form_for(group_forms.GroupGameForm, key)
    form = (
        form_class(games_form.picked(request.form, key), data=data)
        if picked
        else form_class(data=data)
    )
    form.seat(dict(stored.roster), order)
    move = request.form.get("move", "")
    if move or picked:
        seat, _sep, direction = move.partition(":")
        if seat.isascii() and seat.isdigit() and len(seat) <= 3:
            form.move(int(seat), -1 if direction == "up" else 1)
        return _page("groups/new_game.html", stored, form=form, **new_game_page.context(key))
    if form.validate_on_submit():
        try:
            record = game.start(key, form.names(), form.dealer(), games_form.plain(form))
        except RuleError as error:
            form.form_errors.append(labels.refusal(error.reason))
        else:
            once_key = form.once_key()
            try:
                created = once.make(
                    lambda browser: storage.create_group_game(
                        storage.get_db(), stored.id, record, key=once_key, digest=browser
                    )
                )
            except storage.RosterFull as error:
                form.form_errors.append(labels.refusal(error.reason))
            else:
                if created is None:
                    return once.refused()
                access.remember(GAME, created, keeper=True)
                return redirect(url_for("views.game", game_id=created.id), code=303)
    status = 400 if request.method == "POST" else 200
    page = _page("groups/new_game.html", stored, form=form, **new_game_page.context(key))
    return page, status


@bp.post("/<group_id>/games/add")
def add_games(group_id: str) -> WerkzeugResponse:
    """Put games of this phone (that it may change) into the group."""
    stored = access.load_or_404(GROUP, group_id)
    access.require_keeper(GROUP, stored)
    form = group_forms.AddGamesForm()
    chosen = storage.load_many(storage.get_db(), form.games.data or [])
    mine = [entry for entry in chosen if access.keeps(GAME, entry)]
    if not form.validate_on_submit() or not mine:
        flash(_("Tick the games to add to the group."), "error")
        return _to_group(stored)
    try:
        added = storage.add_group_games(storage.get_db(), stored.id, mine)
    except storage.RosterFull as error:
        flash(labels.refusal(error.reason), "error")
        return _to_group(stored)
    flash(
        ngettext("%(num)s game added to the group.", "%(num)s games added to the group.", added),
        "info",
    )
    return _to_group(stored)


@bp.post("/<group_id>/games/<game_id>/remove")
def remove_game(group_id: str, game_id: str) -> WerkzeugResponse:
    """Take a game out of the group (the game itself stays)."""
    stored = access.load_or_404(GROUP, group_id)
    access.require_keeper(GROUP, stored)
    form = forms.ConfirmForm()
    club = club_tables.protecting(game_id)
    if club is not None:
        # A table's game stays its club night's record (issue 48): the evening, not the group,
        # decides how it counts.
        flash(club_tables.removal_words(club), "error")
        return _to_group(stored)
    if form.validate_on_submit() and storage.group_of(storage.get_db(), game_id) == stored.id:
        storage.remove_group_game(storage.get_db(), stored.id, game_id)
        flash(_("The game was taken out of the group; it is still on the home page."), "info")
    return _to_group(stored)


sharing.add_routes(bp, GROUP, "/<group_id>")
trash_pages.add_routes(bp, trash_kinds.GROUP, "/<group_id>")


# --- the season report -----------------------------------------------------------------------


@bp.get("/<group_id>/season.pdf")
def season_pdf(group_id: str) -> Response:
    """Standings and every player's figures as a PDF, in the language of the page."""
    stored = access.load_or_404(GROUP, group_id)
    filters = filters_from(request.args)
    stamps = heavy.visible(stored)
    figures = group_stats(stored, filters)
    key = ("season", heavy.version(stored, stamps), filters, str(get_locale()))
    day = (stamps[-1].created_at if stamps else stored.created_at)[:10]
    filename = filenames.name_from([stored.name, day], "pdf", game=figures.game)

    def render() -> str:
        svg = totals_chart(figures, 700, 300, "DejaVu Sans, sans-serif")
        return printing.season_html(
            stored.name, figures, chart=svg, decimal=decimal, percent=percent
        )

    return pdf.pdf_response("season", key, filename, render)
