"""Group pages: a table's games and roster, its leaderboard, player pages and season report.

Thin like the game pages: parse, let :mod:`scorekeeper.core.stats` count (it asks the score sheet,
which asks the rules), store with :mod:`scorekeeper.storage`, render. Anyone with a group's link may
view it; the browser that made it and holders of its edit token may change it
(:mod:`scorekeeper.web.access`).
"""

from __future__ import annotations

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
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.core import game, ratings, sheet
from scorekeeper.core.players import player_key, seat_keys
from scorekeeper.core.rules import RuleError
from scorekeeper.render import filenames, group_ratings, labels, printing
from scorekeeper.storage import StoredGame, StoredGroup
from scorekeeper.web import (
    access,
    club_tables,
    forms,
    group_figures,
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

# The group's page lists this many of its latest games: a season of 1,000 made a page of half a
# megabyte that took the server a tenth of a second to write at every visit. The group file
# has every game.
LISTED_GAMES = 100

bp = Blueprint("groups", __name__, url_prefix="/groups")


# --- a group ---------------------------------------------------------------------------------


def _page(template: str, stored: StoredGroup, **context: object) -> str:
    return render_template(
        template,
        group=stored,
        editor=access.keeps(GROUP, stored),
        decimal=group_figures.decimal,
        percent=group_figures.percent,
        change=group_figures.change,
        filter_choices=group_figures.filter_choices(),
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
    filters = group_figures.filters_from(request.args)
    figures = group_figures.group_stats(stored, filters)
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
        chart=Markup(group_figures.totals_chart(figures, 360, 260, page=True)),
        rated=group_figures.rated(figures, done),
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
    filters = group_figures.filters_from(request.args)
    figures = group_figures.group_stats(stored, filters)
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
    filters = group_figures.filters_from(request.args)
    stamps = heavy.visible(stored)
    figures = group_figures.group_stats(stored, filters)
    key = ("season", heavy.version(stored, stamps), filters, str(get_locale()))
    day = (stamps[-1].created_at if stamps else stored.created_at)[:10]
    filename = filenames.name_from([stored.name, day], "pdf", game=figures.game)

    def render() -> str:
        svg = group_figures.totals_chart(figures, 700, 300, "DejaVu Sans, sans-serif")
        return printing.season_html(
            stored.name,
            figures,
            chart=svg,
            decimal=group_figures.decimal,
            percent=group_figures.percent,
        )

    return pdf.pdf_response("season", key, filename, render)
