"""Every place the pad reaches into a library's internals, checked where it reaches.

Speed work, a few refusals and one server limit lean on how Flask, Werkzeug, Flask-WTF,
Flask-Babel, Babel, Jinja, WTForms, fontTools, sqlite-utils, WeasyPrint and Uvicorn work
inside, beyond what they document. pyproject.toml keeps those libraries below their next major
version; within it an internal may still move. Each test names the module that relies on the
internal and why, and fails with that sentence when the internal is gone or has changed, before
the feature breaks quietly (a 500, a slower page, a refusal in English). docs/speed.md lists
each reach and why it is worth its risk.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import flask_babel
import pytest
from babel.support import NullTranslations
from flask import Flask, g, request, session, url_for
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf, validate_csrf
from fontTools.ttLib import TTFont
from jinja2 import runtime as jinja_runtime
from jinja2.ext import InternationalizationExtension
from werkzeug.datastructures import MultiDict
from wtforms import Form, StringField
from wtforms.fields import FieldList

from scorekeeper.paths import FONTS
from scorekeeper.render import fontmetrics, labels, languages, printing, templating, urls
from scorekeeper.storage import migrations
from scorekeeper.web import forms, security


def parameters(function: Callable[..., Any]) -> list[str]:
    return list(inspect.signature(function).parameters)


@pytest.fixture
def spanish(app: Flask) -> Iterator[None]:
    """Inside a request of a reader whose phone asks for Spanish."""
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        yield


# --- Uvicorn ------------------------------------------------------------------------------------


def test_uvicorn_makes_the_http_protocol_it_is_given_with_its_own_arguments() -> None:
    # scorekeeper/server/heads.py (Gate): Uvicorn's ``http`` setting takes a protocol class,
    # which it makes with the keywords it gives its own (config, server_state, app_state,
    # _loop); Gate passes them on to the protocol Uvicorn picks itself.
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from scorekeeper.server.connections import Connections
    from scorekeeper.server.heads import Gate

    served = Gate.serving(Connections())
    config = uvicorn.Config(lambda *_: None, http=served)
    config.load()
    assert config.http_protocol_class is served
    source = inspect.getsource(uvicorn.Server.startup)
    for given in ("config=config", "server_state=self.server_state", "app_state=", "_loop=_loop"):
        assert given in source, f"Uvicorn no longer makes its protocol with {given}"
    assert {"config", "server_state", "app_state", "_loop"} <= set(
        inspect.signature(AutoHTTPProtocol).parameters
    )


# --- Flask and Werkzeug -------------------------------------------------------------------------


def test_the_request_proxy_gives_the_request_itself(app: Flask) -> None:
    # scorekeeper/render/urls.py (url): reads several attributes of the request for each address,
    # from the request itself (Werkzeug's LocalProxy._get_current_object) rather than through the
    # proxy each time; scorekeeper/web/access.py (_memory) reads the session's cookie so.
    with app.test_request_context("/"):
        asked = request._get_current_object()  # type: ignore[attr-defined]
        assert type(asked) is app.request_class
        cookie = session._get_current_object()  # type: ignore[attr-defined]
        assert isinstance(cookie, SecureCookieSession)


@pytest.mark.parametrize(
    ("path", "endpoint", "values"),
    [
        ("/", "views.home", {}),
        ("/", "views.game", {"game_id": "abc"}),
        ("/", "views.game", {"game_id": "a b/é", "tricks": "1,2"}),
        ("/", "views.game", {"game_id": "abc", "_external": True}),
        ("/games/abc", ".score_sheet", {"game_id": "abc"}),
        ("/", "static", {"filename": "style.css"}),
    ],
)
def test_addresses_made_once_are_flasks(
    app: Flask, path: str, endpoint: str, values: dict[str, Any]
) -> None:
    # scorekeeper/render/urls.py (url): a page's addresses are kept per script root (and host, when
    # external) instead of asking Werkzeug's URL map each time; they must be what url_for makes,
    # under the site's root and under a prefix.
    for root in ("", "/pad"):
        with app.test_request_context(path, base_url=f"http://table.example{root}/"):
            assert urls.url(endpoint, **values) == url_for(endpoint, **values)
            assert urls.url(endpoint, **values) == url_for(endpoint, **values)  # kept


def test_werkzeug_compiles_a_rules_builders_through_compile_builder() -> None:
    # scorekeeper/render/urls.py (LazyRule): the builders Rule.compile makes with
    # _compile_builder(append_unknown), binds with __get__ and keeps as _build and
    # _build_unknown are what Rule.build calls with the values as keywords.
    from werkzeug.routing import Rule

    assert parameters(Rule._compile_builder) == ["self", "append_unknown"]
    compiling = inspect.getsource(Rule.compile)
    for made in (
        "self._build = self._compile_builder(False).__get__(self, None)",
        "self._build_unknown = self._compile_builder(True).__get__(self, None)",
    ):
        assert made in compiling, f"Rule.compile no longer does {made}"
    building = inspect.getsource(Rule.build)
    assert "self._build_unknown(**values)" in building and "self._build(**values)" in building


def test_the_session_cookie_asks_whether_it_is_secure(app: Flask) -> None:
    # scorekeeper/web/security.py (_SessionInterface): marks the session cookie Secure whenever the
    # page came over HTTPS, through Flask's get_cookie_secure(app).
    assert parameters(SecureCookieSessionInterface.get_cookie_secure) == ["self", "app"]
    assert isinstance(app.session_interface, security._SessionInterface)
    client = app.test_client()
    with client.session_transaction(base_url="https://table.example/") as kept:
        kept["seen"] = True
    cookie = client.get_cookie("session", domain="table.example")
    assert cookie is not None and cookie.secure, "the session cookie over HTTPS is not Secure"


def test_flask_makes_the_session_serializer_through_get_signing_serializer(app: Flask) -> None:
    # scorekeeper/web/security.py (_SessionInterface.get_signing_serializer): keeps one serializer
    # per set of secret keys; Flask must still ask for it there (to read and to write the cookie)
    # and take the fallback keys from SECRET_KEY_FALLBACKS.
    assert parameters(SecureCookieSessionInterface.get_signing_serializer) == ["self", "app"]
    source = inspect.getsource(SecureCookieSessionInterface.open_session)
    assert "self.get_signing_serializer(app)" in source
    assert "SECRET_KEY_FALLBACKS" in inspect.getsource(
        SecureCookieSessionInterface.get_signing_serializer
    )
    kept = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    assert kept is app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    client = app.test_client()
    with client.session_transaction() as memory:
        memory["seen"] = True
    app.secret_key = "another key"
    with client.session_transaction() as memory:
        assert "seen" not in memory, "a cookie signed with the old key was read with the new"
    app.config["SECRET_KEY_FALLBACKS"] = ["another key"]
    app.secret_key = "a third key"
    with client.session_transaction() as memory:
        memory["again"] = True
    with client.session_transaction() as memory:
        assert memory.get("again") is True


def test_flask_makes_its_jinja_environment_from_the_apps_class(app: Flask) -> None:
    # scorekeeper/__init__.py and render/templating.py (Environment): the app's Jinja environment
    # is the pad's class, which Flask makes from app.jinja_environment.
    assert type(app.jinja_env) is templating.Environment


# --- Flask-WTF ----------------------------------------------------------------------------------


def test_flask_wtf_takes_the_signed_token_from_g(app: Flask) -> None:
    # scorekeeper/render/page_parts.py (_reuse_signed_token, _keep_signed_token): the raw CSRF token
    # is session["csrf_token"], the signed one g.csrf_token, and generate_csrf gives the one found
    # on g without signing again: so a token signed for a browser's last page is given again.
    assert app.config["WTF_CSRF_FIELD_NAME"] == "csrf_token"
    with app.test_request_context("/"):
        signed = generate_csrf()
        assert g.csrf_token == signed, "Flask-WTF no longer keeps the signed token in g"
        raw = session["csrf_token"]
        assert isinstance(raw, str), "Flask-WTF no longer keeps the raw token in the session"
    with app.test_request_context("/"):
        session["csrf_token"] = raw
        g.csrf_token = signed
        assert generate_csrf() == signed, "Flask-WTF signs its token again despite g"
        validate_csrf(signed)


# --- Flask-Babel and Jinja ----------------------------------------------------------------------


def test_flask_babel_and_the_pads_catalogues_agree(spanish: None) -> None:
    # scorekeeper/render/labels.py and languages.py look a request's catalogue up once per request
    # and read the compiled catalogues themselves; the modules that still call Flask-Babel's gettext
    # (errors, access, sharing, printing, ...) must get the same words.
    for message in ("Round", "Sheet", "Share", "Not a valid choice."):
        assert flask_babel.gettext(message) == labels.gettext(message), message
    assert labels.gettext("Sheet") != "Sheet", "the Spanish catalogue is not compiled"
    assert str(flask_babel.get_locale()) == "es"


def test_templates_get_the_pads_gettext(app: Flask, spanish: None) -> None:
    # scorekeeper/render/templating.py replaces the gettext callables Flask-Babel installs through
    # Jinja's i18n extension (install_gettext_callables, newstyle), for templates imported
    # without a context.
    assert any(
        isinstance(ext, InternationalizationExtension) for ext in app.jinja_env.extensions.values()
    )
    assert app.jinja_env.newstyle_gettext is True  # type: ignore[attr-defined]
    rendered = app.jinja_env.from_string('{{ gettext("Sheet") }}').render()
    assert rendered == labels.gettext("Sheet")


def test_jinja_copies_a_templates_globals_into_each_page(app: Flask) -> None:
    # scorekeeper/render/templating.py (Environment.make_globals): a template's globals are a dict
    # of their own (Jinja's ChainMap is slow to copy), and Jinja still copies them into a page's
    # context and lets a page's own values win.
    template = app.jinja_env.get_template("error.html")
    assert type(template.globals) is dict
    assert template.globals["url_for"] is urls.url
    assert "dict(globals or (), **vars)" in inspect.getsource(jinja_runtime.new_context)
    rendered = app.jinja_env.from_string("{{ theme.light }}|{{ lang }}", {"lang": "xx"})
    assert rendered.render(lang="de").endswith("|de")


def test_babels_catalogues_keep_their_u_lookups() -> None:
    # scorekeeper/render/labels.py, templating.py and forms.py look words up with Babel's ugettext,
    # ungettext and upgettext (kept from Python 2: gettext.NullTranslations has no upgettext).
    for lookup in ("ugettext", "ungettext", "upgettext"):
        assert callable(getattr(NullTranslations, lookup, None)), f"Babel dropped {lookup}"
    assert languages.catalogue("es").upgettext("card", "Wizard") == "Mago"


# --- fontTools ----------------------------------------------------------------------------------


def test_fonttools_gives_advance_widths_by_glyph() -> None:
    # scorekeeper/render/fontmetrics.py (_advances): fits the printed pad's columns to its words
    # from the bundled font's "hmtx" table (``metrics``: glyph name to (advance, side bearing)) and
    # its best character map, read lazily.
    font = TTFont(FONTS / fontmetrics.REGULAR, lazy=True)
    try:
        glyph = font.getBestCmap()[ord("W")]
        advance, _bearing = font["hmtx"].metrics[glyph]
        assert advance > 0 and font["head"].unitsPerEm > 0
    finally:
        font.close()


# --- WTForms ------------------------------------------------------------------------------------


def test_wtforms_reads_a_field_lists_indices_through_extract_indices() -> None:
    # scorekeeper/web/forms.py (SeatList): skips a posted index that is not a small plain number
    # ("players-²", thousands of digits), which WTForms' FieldList would turn into an int or
    # fail on, by replacing FieldList._extract_indices(prefix, formdata), which reads
    # ``_field_separator``.
    class Seats(Form):  # type: ignore[misc]
        players = forms.SeatList(StringField(), min_entries=0)

    posted = MultiDict({"players-0": "Ana", "players-²": "x", "players-" + "9" * 5000: "y"})
    seats = Seats(posted)
    assert parameters(FieldList._extract_indices) == ["self", "prefix", "formdata"]
    assert seats.players._field_separator == "-"
    assert seats.players.data == ["Ana"]


# --- sqlite-utils and WeasyPrint ----------------------------------------------------------------


def test_sqlite_utils_keeps_the_migrations_in_order() -> None:
    # scorekeeper/storage/migrations.py (names): lists the migrations from
    # Migrations._migrations, each with its name, in the order they were declared.
    found = migrations.names()
    assert found == sorted(found) and found[0] == "m001_games_seats_rounds"


def test_weasyprint_fetches_through_the_fetchers_fetch() -> None:
    # scorekeeper/render/printing.py (BundledFontsOnly): a printed sheet loads only the bundled
    # fonts, by overriding URLFetcher.fetch(url, headers).
    if not printing.available():
        pytest.skip("WeasyPrint cannot load here")
    fetcher = printing._weasyprint()["fetcher"]
    assert parameters(fetcher.__mro__[1].fetch) == ["self", "url", "headers"]
    with pytest.raises(ValueError, match="load nothing"):
        fetcher().fetch("http://example.invalid/font.ttf")


def test_flask_wtf_asks_the_forms_meta_for_its_data() -> None:
    # scorekeeper/web/forms/__init__.py (Form.Meta.wrap_formdata): keeps a JSON body out of the
    # pad's HTML forms by overriding the Meta hook Flask-WTF reads a request's data through.
    assert inspect.signature(FlaskForm.Meta.wrap_formdata).parameters.keys() == {
        "self",
        "form",
        "formdata",
    }
