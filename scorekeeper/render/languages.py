"""The languages the pad speaks: which one a request gets, the switcher, and the catalogues.

A page is in the language the reader chose on the switcher (a ``lang`` cookie, kept a year), else
the phone's Accept-Language, else English. A download link may carry ``?lang=`` so the PDF and
the CSV come out in the language of the page that asked; a page opened with ``?lang=`` keeps it
as the switcher would. The API follows Accept-Language only:
its ``error`` is a sentence for whoever calls it, its ``code`` never changes.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.support import NullTranslations, Translations
from flask import Blueprint, Flask, g, redirect, request, url_for
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from scorekeeper import paths
from scorekeeper.render import urls

LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt": "Português",
    "hr": "Hrvatski",
    "el": "Ελληνικά",
    "de": "Deutsch",
    "fr": "Français",
    "it": "Italiano",
}
"""Every language of the pad, each named in itself, in the order of the switcher."""
_LOCALES = {code: Locale.parse(code) for code in LANGUAGES}
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600

bp = Blueprint("languages", __name__)


def locale() -> Locale:
    """Flask-Babel's locale selector: the request's language (:func:`current`), parsed once per
    process (Babel would parse the code anew on every request)."""
    return _LOCALES[current()]


def current() -> str:
    """The code of this request's language, found once per request (see :func:`locale_code`)."""
    code: str | None = g.get("lang")
    if code is None:
        code = g.lang = locale_code()
    return code


@cache
def catalogue(code: str) -> NullTranslations:
    """The compiled catalogue of a language, read once per process (as Flask-Babel would)."""
    return Translations.load(str(paths.TRANSLATIONS), [code])


def locale_code() -> str:
    """The language of this request: ``?lang=``, the switcher's cookie, Accept-Language, English."""
    if not request.path.startswith("/api/"):
        for asked in (request.args.get("lang"), request.cookies.get(COOKIE)):
            if asked in LANGUAGES:
                return asked
    # In the phone's order of preference, by the language alone: "el-GR" is Greek even when the
    # phone lists English after it (Werkzeug's best_match would pick the exact "en" first).
    for asked, _quality in request.accept_languages:
        code = asked.split("-", 1)[0].split("_", 1)[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


@bp.get("/language/<code>")
def choose(code: str) -> Response:
    """Remember the language picked on the switcher, then go back to the page it was picked on.

    A plain link, so it works without JavaScript; a language the pad lacks changes nothing.
    """
    back = request.args.get("next", "")
    if not on_the_pad(back):
        back = url_for("views.home")
    response = redirect(back, code=303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


@bp.after_app_request
def remember_asked(response: Response) -> Response:
    """A page opened with ``?lang=`` (a link sent in its reader's language) is remembered as the
    switcher's choice: the next page is in that language too. Downloads and the API only follow
    it, as before."""
    asked = request.args.get("lang")
    if (
        asked in LANGUAGES
        and asked != request.cookies.get(COOKIE)
        and request.method == "GET"
        and response.mimetype == "text/html"
        and not request.path.startswith("/api/")
    ):
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def on_the_pad(path: str) -> bool:
    r"""Whether ``path`` is a path of this site that a browser reads the way the pad does.

    "//host" and "/\\host" name another site, and a browser drops tabs and line breaks from an
    address before it reads it ("/\t/host" is "//host"); a line break in a header is refused by
    the server, so a 500. Any control character or backslash is refused, whatever it follows.

    >>> [on_the_pad(p) for p in ("/games/abc?x=1", "/", "//evil", "/\t/evil", "/\\evil")]
    [True, True, False, False, False]
    >>> [on_the_pad(p) for p in ("https://evil/", "evil", "/a\r\nSet-Cookie: x", "")]
    [False, False, False, False]
    """
    if not path.startswith("/") or path.startswith("//"):
        return False
    return not any(char < " " or char == "\x7f" or char == "\\" for char in path)


def switcher(here: str) -> Markup:
    """The switcher's links: every language named in itself, each coming back to ``here``, the
    request's own marked. Made once per address and language (every page shows it)."""
    code = current()
    return _switcher(request.script_root, here, code)


@lru_cache(maxsize=1024)
def _switcher(_root: str, here: str, current_code: str) -> Markup:
    links = []
    for code, name in LANGUAGES.items():
        chosen = ' aria-current="true"' if code == current_code else ""
        link = escape(urls.url("languages.choose", code=code, next=here))
        links.append(f'<a href="{link}" lang="{code}"{chosen}>{escape(name)}</a>')
    return Markup("".join(links))


def compile_catalogues(root: Path = paths.TRANSLATIONS) -> list[Path]:
    """Compile every ``messages.po`` whose ``.mo`` is missing or older; the compiled files are
    generated, never committed. Returns the files written."""
    written = []
    for po in sorted(root.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        # Here, not at the top: the catalogue tools cost a start that has nothing to compile.
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name)
        # Written beside, then renamed: two workers starting together never read half a file.
        partial = mo.with_suffix(f".mo.{id(catalog)}")
        with partial.open("wb") as target:
            write_mo(target, catalog)
        partial.replace(mo)
        written.append(mo)
    return written


def init_app(app: Flask) -> None:
    """Compile the catalogues if needed, register the switcher and its template helpers."""
    compile_catalogues()
    app.register_blueprint(bp)
    app.jinja_env.globals.update(languages=switcher, language_names=LANGUAGES)
