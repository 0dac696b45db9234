"""Printed score sheets: a game's pad and a blank pad, as PDF files made by WeasyPrint.

Thin like the pages: parse the request, load the game, and answer from a small in-process cache
when that game version was printed already (an ``ETag`` lets the browser skip even that). The
rendering itself is in :mod:`scorekeeper.render.printing`; every number printed comes from the score
sheet. File names come from :mod:`scorekeeper.render.filenames`, shared with the other exports.

Rendering takes a core for a while, so it runs in the worker process
(:mod:`scorekeeper.server.worker`: the pages keep this process's interpreter), few renders run at
once (``PDF_RENDERS``) and a few more wait their turn (``PDF_WAITING``); past that a request is
told to retry (503), so that printing never takes every server thread from the phones at the
table. The same sheet asked for by many
phones at once is rendered once. Blank pads have a cache of their own, so that printed games
never push them out.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, Generic, TypeVar

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from scorekeeper.core import family, sheet
from scorekeeper.core.family import Declaration
from scorekeeper.core.rules import RuleError
from scorekeeper.render import filenames, labels, printing
from scorekeeper.render.paper import PAPERS
from scorekeeper.server import worker
from scorekeeper.web import access, errors
from scorekeeper.web.forms import MAX_NAME
from scorekeeper.web.kinds import GAME

bp = Blueprint("pdf", __name__)
T = TypeVar("T")


@bp.app_errorhandler(printing.PrintingUnavailable)
def _cannot_print(_error: printing.PrintingUnavailable) -> tuple[str, int]:
    """Pango is missing on the machine serving the pad: say how to install it (a page, not an
    error: every score is safe, and the pad works without it)."""
    game_id = (request.view_args or {}).get("game_id")
    back = url_for("views.game", game_id=game_id) if game_id else url_for("views.home")
    return render_template("pdf/unavailable.html", back=back), 503


@bp.get("/games/<game_id>/sheet.pdf")
def game_sheet(game_id: str) -> Response:
    """The game's score sheet as played so far (``?paper=a4``, the default, or ``letter``)."""
    stored = access.load_or_404(GAME, game_id)
    paper = _paper()
    key = (stored.stamp, paper, str(get_locale()))
    filename = filenames.download_name(stored.record.game, stored.record.players, stored.day, "pdf")
    day = stored.day
    return pdf_response(
        "game",
        key,
        filename,
        lambda: printing.game_html(sheet.build(stored.record), day=day, paper=paper),
    )


@bp.get("/sheets/blank.pdf")
def blank_sheet() -> Response:
    """An empty pad for a game of N players, to fill in by hand.

    Query: ``players`` (as many as the game seats, required); names go in seat order as
    repeated ``names`` parameters (``?players=4&names=Tom&names=Dick``), fewer than N leave the
    rest blank (a line to write on); ``paper`` as for a game's sheet; ``game`` the game of the
    family (the default game where left out) with any of its settings by key: Wizard's
    ``length`` (``standard`` by default) and ``deck`` (``classic`` by default: an anniversary
    deck turns a trump card in the last round too), Skull King's ``schedule=blitz``, Oh Hell's
    ``max_hand=5`` or ``hook=false``: its schedule, trump and bonus column.
    """
    paper = _paper()
    played = request.args.get("game", family.DEFAULT_GAME)
    if played not in family.GAMES:
        abort(400, description=_("Unknown game: %(game)s.", game=played[:20]))
    declared = family.game(played)
    players = _player_count(request.args.get("players", ""), declared)
    return _blank_of(declared, players, paper)


def _names(players: int) -> tuple[str, ...]:
    """The names of the blank pad's seats as asked for, blank seats after them."""
    names = tuple(name.strip() for name in request.args.getlist("names"))
    if len(names) > players:
        abort(
            400, description=_("There are %(n)s names for %(p)s players.", n=len(names), p=players)
        )
    if any(len(name) > MAX_NAME for name in names):
        abort(400, description=_("Keep each name to %(n)s characters.", n=MAX_NAME))
    return names + ("",) * (players - len(names))


def _blank_of(declared: Declaration[Any, Any], players: int, paper: str) -> Response:
    """The blank pad of a game, with the settings the query gives."""
    values: dict[str, object] = {}
    for setting in declared.settings:
        text = request.args.get(setting.key)
        if text is not None:
            values[setting.key] = _plain(setting.default, text.strip().lower())
    try:
        chosen = declared.from_plain(values)
        declared.check_settings(players, chosen)
    except RuleError as error:
        abort(400, description=labels.refusal(error.reason))
    names = _names(players)
    plain = tuple(sorted(declared.to_plain(chosen).items()))
    key = (names, paper, declared.key, plain, str(get_locale()))
    filename = filenames.name_from(["blank", str(players), *names], "pdf", game=declared.key)
    return pdf_response(
        "blank",
        key,
        filename,
        lambda: printing.blank_html(names, paper=paper, game=declared.key, settings=chosen),
    )


def _plain(default: object, text: str) -> object:
    """A setting's value from the query, of its default's kind: ``true``/``false`` for a flag,
    digits for a number (anything else is left as text for the game to refuse)."""
    if isinstance(default, bool):
        return {"true": True, "1": True, "false": False, "0": False}.get(text, text)
    if isinstance(default, int) and text.isascii() and text.isdigit() and len(text) < 4:
        return int(text)
    return text


def _paper() -> str:
    paper = request.args.get("paper", "a4").strip().lower()
    if paper not in PAPERS:
        abort(
            400,
            description=_(
                'Paper must be "a4" (the default) or "letter", not "%(paper)s".', paper=paper[:20]
            ),
        )
    return paper


def _player_count(text: str, declared: Declaration[Any, Any]) -> int:
    try:
        count = int(text)
    except ValueError:  # also "²", which str.isdigit() lets through
        count = 0
    if not declared.min_players <= count <= declared.max_players:
        abort(
            400,
            description=_(
                "Say how many players the pad is for: ?players= a number from %(low)s to %(high)s.",
                low=declared.min_players,
                high=declared.max_players,
            ),
        )
    return count


# --- cache and conditional responses ---------------------------------------------------------


class PrinterBusy(Exception):
    """More sheets wait to be rendered than the server lets wait."""


class Renders:
    """At most ``running`` renders at once, and at most ``waiting`` more waiting their turn."""

    def __init__(self, running: int, waiting: int) -> None:
        self._turns = threading.BoundedSemaphore(max(1, running))
        self._places = threading.BoundedSemaphore(max(1, running) + max(0, waiting))

    def render(self, make: Callable[[], T], patience: float = 60) -> T:
        """``make()`` once it is this request's turn; :class:`PrinterBusy` if the queue is full
        or the turn does not come within ``patience`` seconds."""
        if not self._places.acquire(blocking=False):
            raise PrinterBusy
        try:
            if not self._turns.acquire(timeout=patience):
                raise PrinterBusy
            try:
                return make()
            finally:
                self._turns.release()
        finally:
            self._places.release()


class Kept(Generic[T]):
    """A small, thread-safe LRU of answers made once (rendered PDFs, a group's figures); size 0
    turns keeping off."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[Hashable, threading.Lock] = {}

    def fetch(self, key: Hashable, make: Callable[[], T]) -> T:
        """The answer for ``key``, made (and kept) if it is not here; requests for the same key at
        the same time wait for one ``make()`` instead of each rendering it."""
        pdf = self.get(key)
        if pdf is not None:
            return pdf
        with self._lock:
            making = self._making.setdefault(key, threading.Lock())
        try:
            with making:
                pdf = self.get(key)
                if pdf is None:
                    pdf = make()
                    self.put(key, pdf)
                return pdf
        finally:
            with self._lock:
                self._making.pop(key, None)

    def get(self, key: Hashable) -> T | None:
        """The answer stored under ``key``, now the most recently used, or ``None``."""
        with self._lock:
            pdf = self._items.get(key)
            if pdf is not None:
                self._items.move_to_end(key)
            return pdf

    def put(self, key: Hashable, pdf: T) -> None:
        """Keep ``pdf``, dropping the least recently used beyond the size."""
        if self.size <= 0:
            return
        with self._lock:
            self._items[key] = pdf
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


PdfCache = Kept[bytes]


def pdf_cache(kind: str = "game") -> PdfCache:
    """This app's cache of ``kind`` ("game" or "blank"), made on first use with
    ``PDF_CACHE_SIZE`` entries."""
    name = f"scorekeeper_pdf_cache_{kind}"
    extensions = current_app.extensions
    with _SETUP:
        if name not in extensions:
            extensions[name] = PdfCache(int(current_app.config["PDF_CACHE_SIZE"]))
    cached: PdfCache = extensions[name]
    return cached


def renders() -> Renders:
    """This app's render queue (``PDF_RENDERS`` at once, ``PDF_WAITING`` more waiting)."""
    extensions = current_app.extensions
    with _SETUP:
        if "scorekeeper_pdf_renders" not in extensions:
            config = current_app.config
            extensions["scorekeeper_pdf_renders"] = Renders(
                int(config["PDF_RENDERS"]), int(config["PDF_WAITING"])
            )
    queue: Renders = extensions["scorekeeper_pdf_renders"]
    return queue


_SETUP = threading.Lock()


@cache
def _code_fingerprint() -> str:
    """Changes whenever the templates, stylesheet or rendering code change (a new deploy)."""
    digest = hashlib.sha256()
    for path in printing.source_files():
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _etag(key: Hashable) -> str:
    return hashlib.sha256(f"{key!r}|{_code_fingerprint()}".encode()).hexdigest()[:32]


def pdf_response(kind: str, key: Hashable, filename: str, html: Callable[[], str]) -> Response:
    """The PDF for ``key``: 304 if the browser has it, else from the cache, else ``html()``
    printed in the worker process (:mod:`scorekeeper.server.worker`)."""
    etag = _etag((kind, key))
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        queue = renders()

        def render() -> bytes:
            # A machine without Pango is told so here, without starting the worker.
            printing.require()
            return worker.run(printing.write_pdf, html())

        try:
            pdf = pdf_cache(kind).fetch(key, lambda: queue.render(render))
        except PrinterBusy:
            return _busy()
        response = Response(pdf, mimetype="application/pdf")
        response.headers["Content-Disposition"] = filenames.content_disposition(filename)
    response.set_etag(etag)
    # Keep a copy, but ask each time: the game may have moved on since.
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Accept-Language")
    return response


def _busy() -> Response:
    return busy_response(_("Many sheets are being printed right now: try again in a few seconds."))


def busy_response(message: str) -> Response:
    """503 saying ``message``, with ``Retry-After``: a queue of heavy work is full."""
    body, status = errors.error_response(503, message)
    response = current_app.make_response((body, status))
    response.headers["Retry-After"] = "5"
    return response
