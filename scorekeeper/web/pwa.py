"""Installable and honest offline: the web app manifest, the service worker and its offline page.

The manifest lets a phone put the pad on its home screen and open it full screen. The service
worker (``static/sw.js``, served from the root so that its scope is the whole pad) does one
thing: when a page cannot be loaded because the server is out of reach, it shows the offline
page instead of the browser's error, with a *Try again* that resends what was tapped. It keeps
nothing else: every page still comes from the server, so a phone is never shown an old page as
current nor held on an old version of the app. Browsers give service workers to HTTPS pages
and to ``localhost`` only; on a plain-HTTP table network ``live.js`` keeps the tap itself.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from flask import Blueprint, Flask, Response, current_app, render_template, url_for
from flask_babel import get_locale, pgettext
from flask_babel import gettext as _

from scorekeeper import paths
from scorekeeper.render.game_words import games_listed
from scorekeeper.render.languages import LANGUAGES

bp = Blueprint("pwa", __name__)

# The page background and the bar colour of style.css, light and dark.
THEME = {"light": "#f7f5f0", "dark": "#141414", "accent": "#3b4fc4"}
ICONS = (
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icon.svg", "any", "image/svg+xml", "any"),
    ("icons/maskable-192.png", "192x192", "image/png", "maskable"),
    ("icons/maskable-512.png", "512x512", "image/png", "maskable"),
    ("icons/maskable.svg", "any", "image/svg+xml", "maskable"),
)
SERVICE_WORKER = paths.STATIC / "sw.js"
OFFLINE_TEMPLATE = "offline/offline.html"


def init_app(app: Flask) -> None:
    """Register the blueprint and the theme colours every page names."""
    app.register_blueprint(bp)
    app.jinja_env.globals["theme"] = THEME


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: names, icons, colours, and full screen from the home screen."""
    home = url_for("views.home")
    body = {
        "id": home,
        "name": _("Score pad"),
        "short_name": pgettext("app name", "Score pad"),
        "description": _(
            "The score pad for %(games)s, on the phones at the table.", games=games_listed()
        ),
        "lang": str(get_locale() or "en"),
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "background_color": THEME["light"],
        "theme_color": THEME["accent"],
        "icons": [
            {
                "src": url_for("static", filename=name),
                "sizes": sizes,
                "type": kind,
                "purpose": purpose,
            }
            for name, sizes, kind, purpose in ICONS
        ],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Accept-Language")
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the root so that it may answer for every page of the pad.

    ``no-cache``: the browser asks for it again at each visit, so a new version of the pad
    replaces the old worker (and its offline page) at once.
    """
    offline = url_for("pwa.offline")
    source = SERVICE_WORKER.read_text(encoding="utf-8")
    script = (
        source.replace("__OFFLINE_URL__", offline)
        .replace("__LANGUAGES__", json.dumps(list(LANGUAGES)))
        .replace("__VERSION__", _version(current_app.static_folder or ""))
    )
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> str:
    """The page the service worker shows when the server cannot be reached, in the language of
    ``?lang=`` (the worker keeps one of each)."""
    return render_template(OFFLINE_TEMPLATE)


@cache
def _version(static: str) -> str:
    """Changes with the worker, the offline page, the stylesheet or the script: a new worker
    then fetches the new offline page."""
    digest = hashlib.sha256()
    for path in (
        SERVICE_WORKER,
        paths.TEMPLATES / OFFLINE_TEMPLATE,
        paths.STATIC / "style.css",
        paths.STATIC / "app.js",
        paths.STATIC / "live.js",
        paths.STATIC / "offline.js",
    ):
        digest.update(path.read_bytes())
    digest.update(static.encode())
    return digest.hexdigest()[:12]
