"""A club evening's pages (issue 34, docs/club-night.md): made from its group's page, its own
page (the tables, find your table, the standings, the sittings so far), each table's card with
its game's QR code, the room screen and the PDF. The keeper's forms (drawing a sitting, drawing
it again, the countdown) are :mod:`scorekeeper.web.evening_keeper`'s.

Thin like the group pages: an evening is seen by whoever may see its group and changed by the
group's keepers (:mod:`scorekeeper.web.access`); the evening's rules decide, through the same
calls as its API (:mod:`scorekeeper.web.evening_draw`); one structure
(:func:`~scorekeeper.render.evening_sheet.build`) feeds the page, the room screen and the PDF.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.core import evening_record, family
from scorekeeper.core.rules import RuleError
from scorekeeper.render import evening_pages, evening_print, filenames, labels, qr
from scorekeeper.storage import StoredEvening, StoredGroup
from scorekeeper.web import (
    access,
    addresses,
    evening_draw,
    evening_keeper,
    evening_room,
    once,
    pdf,
    sharing,
    trash_kinds,
    trash_pages,
)
from scorekeeper.web import new_game as new_game_page
from scorekeeper.web.forms import evenings as evening_forms
from scorekeeper.web.forms import games as games_form
from scorekeeper.web.kinds import GAME, GROUP

bp = Blueprint("evenings", __name__)

# Where an evening's refusal is said beside its form: the field it is about.
REFUSED_FIELD = {
    "evening_sittings": "sittings",
    "evening_table_sizes": "table_sizes",
    "evening_too_many_players": "pick",
    "evening_too_few_players": "pick",
}


@bp.route("/groups/<group_id>/evenings/new", methods=["GET", "POST"])
def new(group_id: str) -> ResponseReturnValue:
    """A club night of the group: who is here, the game and its settings, the sittings and
    the table sizes; made through the evening's rules as the API makes one."""
    group = access.load_or_404(GROUP, group_id)
    access.require_keeper(GROUP, group)
    picked = request.form.get("choose", "")
    try:
        key = games_form.game_key(picked or request.values.get("game", ""))
    except RuleError as error:
        abort(400, description=labels.refusal(error.reason))
    declared = family.game(key)
    form_class = evening_forms.evening_form_for(key)
    form = form_class(games_form.picked(request.form, key)) if picked else form_class()
    defaults = declared.from_plain({})
    seated = evening_record.seated_sizes(declared, defaults)
    sizes = tuple(range(declared.min_players, declared.max_players + 1))
    form.seat(dict(group.roster), sizes, seated)
    if not picked and form.validate_on_submit():
        made = _make(group, form)
        if made is not None:
            return made
    status = 400 if request.method == "POST" and not picked else 200
    page = render_template(
        "evenings/new.html", group=group, form=form, **new_game_page.game_choice(key)
    )
    return page, status


def _make(group: StoredGroup, form: evening_forms.EveningForm) -> ResponseReturnValue | None:
    """The evening made from ``form`` (its page), or ``None`` with the refusal on the form."""
    try:
        plan = evening_record.parse_evening(form.plan())
        # Said now rather than at the first draw: the keeper is still at this form.
        evening_record.check_tables(plan.players, plan.table_sizes)
    except RuleError as error:
        field = REFUSED_FIELD.get(error.reason.root.code)
        if field is None and error.setting in form:
            field = error.setting
        words = labels.refusal(error.reason)
        if field is None:
            form.form_errors.append(words)
        else:
            form[field].errors = [*form[field].errors, words]
        return None
    key = form.once_key()
    stored = once.make(
        lambda browser: storage.create_evening_once(
            storage.get_db(),
            group.id,
            plan,
            seed=evening_draw.new_seed(),
            key=key,
            digest=browser,
        )[0]
    )
    if stored is None:
        return once.refused()
    return redirect(url_for(".show", evening_id=stored.id), code=303)


@bp.get("/evenings/<evening_id>")
def show(evening_id: str) -> str:
    """The evening: its tables now, find your table, the standings, the sittings so far; the
    keeper's draws and countdown."""
    stored, group = evening_draw.evening_or_404(evening_id)
    view = evening_room.evening_view(stored)
    built = view.sheet
    keeper = access.keeps(GROUP, group)
    asked = request.args.get("find", "")[: evening_forms.MAX_TYPED].strip()
    context: dict[str, object] = {}
    if keeper:
        context = evening_keeper.forms_context(stored, built)
    return render_template(
        "evenings/evening.html",
        evening=stored,
        group=group,
        view=view,
        keeper=keeper,
        asked=asked,
        found=evening_pages.find(view, asked) if asked else None,
        tie_breaks=evening_pages.tie_breaks(),
        clock=evening_pages.clock,
        game_line=evening_pages.game_line(stored),
        players_link=players_link(stored, group) if keeper else "",
        **context,
    )


@bp.get("/evenings/<evening_id>/sittings/<int:number>/tables/<int:table>")
def table_card(evening_id: str, number: int, table: int) -> str:
    """One table of a sitting: its players in seat order and a QR code of its game, for the
    table's scorekeeper (the group's keepers: the game's edit link; others its view link)."""
    stored, group = evening_draw.evening_or_404(evening_id)
    built = evening_draw.sheet_of(stored)
    sitting = next((s for s in built.sittings if s.number == number), None)
    line = None if sitting is None else next((t for t in sitting.tables if t.table == table), None)
    if line is None or sitting is None:
        abort(404)
    game = None if line.game_id is None else storage.load(storage.get_db(), line.game_id)
    link, keeps = None, access.keeps(GROUP, group)
    if game is not None:
        link = (
            sharing.link(GAME, "join", game.id, token=game.edit_token)
            if keeps
            else sharing.view_link(GAME, game)
        )
    return render_template(
        "evenings/table.html",
        evening=stored,
        group=group,
        sitting=sitting,
        table=line,
        link=link,
        keeps=keeps,
        qr=qr.code(link) if link else None,
    )


@bp.get("/evenings/<evening_id>/room")
def room(evening_id: str) -> str:
    """The room screen: the tables now and next, the standings and the countdown, in type
    read from the back of the room, and the QR code of the players' link; no form, whoever
    opens it."""
    stored, group = evening_draw.evening_or_404(evening_id)
    view = evening_room.evening_view(stored)
    link = players_link(stored, group)
    return render_template(
        "evenings/room.html",
        evening=stored,
        group=group,
        view=view,
        clock=evening_pages.clock,
        link=link,
        qr=qr.code(link),
        parts=evening_room.parts(stored, view),
        layout=evening_room.layout(view),
    )


@bp.get("/evenings/<evening_id>/room.json")
def room_json(evening_id: str) -> Response:
    """What changed on the room screen since it showed the parts whose digests it names
    (``?have=``): whoever may see the room screen (:mod:`scorekeeper.web.evening_room`)."""
    stored, _group = evening_draw.evening_or_404(evening_id)
    view = evening_room.evening_view(stored)
    have = request.args.get("have", "")[:4000]
    found = jsonify(evening_room.answer(stored, view, have))
    found.headers["Cache-Control"] = "no-store"
    return found


def players_link(stored: StoredEvening, group: StoredGroup) -> str:
    """The evening's link for the players' phones (find your table, the standings): its page,
    or once the group's view link was renewed, the link that carries the view token."""
    if group.view_token is None:
        return addresses.external(url_for("evenings.show", evening_id=stored.id))
    return addresses.external(
        url_for("evenings.watch", evening_id=stored.id, token=group.view_token)
    )


@bp.get("/evenings/<evening_id>/watch/<token>")
def watch(evening_id: str, token: str) -> WerkzeugResponse:
    """The players' link once the group's view link was renewed: this phone may see the group
    from now on (as the group's own renewed link does), then the evening."""
    stored, group = evening_draw.stored_or_404(evening_id)
    access.require_view_token(GROUP, group, token)
    access.remember(GROUP, group, by_view_link=True)
    return redirect(url_for("evenings.show", evening_id=stored.id), code=303)


access.OWN_TOKEN.add("evenings.watch")


trash_pages.add_routes(bp, trash_kinds.EVENING, "/evenings/<evening_id>")


@bp.get("/evenings/<evening_id>/sheet.pdf")
def sheet_pdf(evening_id: str) -> Response:
    """The evening as a PDF: the standings, every sitting's tables and winners, who sat out."""
    stored, group = evening_draw.evening_or_404(evening_id)
    built = evening_draw.sheet_of(stored)
    key = (stored.id, stored.version, str(get_locale()))
    filename = filenames.name_from([group.name, stored.created_at[:10]], "pdf")
    return pdf.pdf_response(
        "evening", key, filename, lambda: evening_print.evening_html(group.name, built)
    )
