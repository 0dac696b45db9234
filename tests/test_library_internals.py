"""Every place the pad reaches into a library's internals, checked where it reaches.

Speed work and a few refusals lean on how Waitress, Flask, Werkzeug, Flask-WTF, Flask-Babel,
Babel, Jinja, WTForms, fontTools, sqlite-utils and WeasyPrint work inside, beyond what they
document. pyproject.toml keeps those libraries below their next major version; within it an
internal may still move. Each test names the module that relies on the internal and why, and
fails with that sentence when the internal is gone or has changed, before the feature breaks
quietly (a 500, a slower page, a refusal in English). docs/speed.md lists the speed measures
these protect.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator
from typing import Any

import flask_babel
import pytest
from babel.support import NullTranslations
from flask import Flask, g, request, session, url_for
from flask.sessions import SecureCookieSessionInterface
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf, validate_csrf
from fontTools.ttLib import TTFont
from jinja2 import runtime as jinja_runtime
from jinja2.ext import InternationalizationExtension
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import create_server
from waitress.task import ErrorTask, Task, WSGITask
from waitress.utilities import RequestEntityTooLarge
from werkzeug.datastructures import MultiDict
from wtforms import Form, StringField
from wtforms.fields import FieldList

from scorekeeper.paths import FONTS
from scorekeeper.render import fontmetrics, labels, languages, printing, templating, urls
from scorekeeper.storage import migrations
from scorekeeper.web import forms, hosting, security
from tests.support.ports import HOST


def parameters(function: Callable[..., Any]) -> list[str]:
    return list(inspect.signature(function).parameters)


@pytest.fixture
def spanish(app: Flask) -> Iterator[None]:
    """Inside a request of a reader whose phone asks for Spanish."""
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        yield


# --- Waitress -----------------------------------------------------------------------------------


def test_waitress_makes_a_refused_requests_task_through_the_channel() -> None:
    # scorekeeper/web/hosting.py (_Channel, _error_task): a body over the server's cap is answered
    # with the app's own 413 page in the reader's language, through the task Waitress makes for
    # a request it refused: HTTPChannel.error_task_class, called as (channel, request).
    assert HTTPChannel.error_task_class is ErrorTask, "HTTPChannel.error_task_class moved"
    assert "self.error_task_class(self, " in inspect.getsource(HTTPChannel), (
        "Waitress no longer makes a refused request's task with (channel, request)"
    )
    assert parameters(Task.__init__) == ["self", "channel", "request"]


def test_waitress_tells_why_it_refused_a_request() -> None:
    # scorekeeper/web/hosting.py (_error_task): tells a body too large from other refusals by the
    # parsed request's ``error`` and Waitress's own RequestEntityTooLarge.
    assert HTTPRequestParser(Adjustments()).error is None, "HTTPRequestParser.error moved"
    assert RequestEntityTooLarge.code == 413


def test_waitress_wsgi_task_builds_the_environ_the_app_is_given() -> None:
    # scorekeeper/web/hosting.py (_TooLargeTask): the refused request goes to the app as a WSGI
    # task whose environ has no body and BODY_TOO_LARGE set, closing the connection after it.
    assert parameters(WSGITask.execute) == ["self"]
    assert parameters(WSGITask.get_environment) == ["self"]
    assert parameters(WSGITask.set_close_on_finish) == ["self"]
    assert "self.get_environment()" in inspect.getsource(WSGITask.execute), (
        "WSGITask.execute no longer asks get_environment for the app's environ"
    )


def test_waitress_decides_to_close_while_it_builds_the_response_head() -> None:
    # scorekeeper/web/hosting.py (_Task): keeps the connection after a 304 by declining the
    # set_close_on_finish that build_response_header calls for an answer without a length, on
    # the channel's task_class; has_body says a 304 has none.
    assert HTTPChannel.task_class is WSGITask, "HTTPChannel.task_class moved"
    assert parameters(WSGITask.build_response_header) == ["self"]
    source = inspect.getsource(Task.build_response_header)
    assert "if not content_length_header:" in source and "self.set_close_on_finish()" in source, (
        "Waitress no longer closes an answer without a length in build_response_header"
    )
    assert isinstance(Task.has_body, property), "Task.has_body moved"


def test_waitress_server_takes_a_channel_class_and_can_be_stopped(app: Flask) -> None:
    # scorekeeper/web/hosting.py (serve) sets ``channel_class`` on the server create_server made;
    # tests/browser/conftest.py stops its server through ``_map``, ``trigger.pull_trigger`` and
    # ``task_dispatcher.shutdown``, and reads ``effective_port``.
    server: Any = create_server(app, host=HOST, port=0, threads=1)
    try:
        assert server.channel_class is HTTPChannel, "the server's channel_class moved"
        assert callable(server.print_listen)
        assert isinstance(server._map, dict), "the server's socket map (_map) moved"
        assert callable(server.trigger.pull_trigger)
        assert callable(server.task_dispatcher.shutdown)
        assert int(server.effective_port) > 0
    finally:
        server.close()
        server.task_dispatcher.shutdown()


def test_waitress_runs_the_loop_of_its_asyncore_attribute(app: Flask) -> None:
    # scorekeeper/web/event_loop.py: hosting.serve sets the server's ``asyncore`` to the module
    # whose loop its run() calls; the loop answers events with wasyncore.readwrite and finds
    # a sweep of idle connections by the server's ``next_channel_cleanup``, made in readable().
    from waitress import wasyncore

    server: Any = create_server(app, host=HOST, port=0, threads=1)
    try:
        assert server.asyncore is wasyncore, "the server's asyncore attribute moved"
        run = inspect.getsource(type(server).run)
        assert "self.asyncore.loop(" in run, "the server's run() no longer calls asyncore.loop"
        assert parameters(wasyncore.loop) == ["timeout", "use_poll", "map", "count"]
        assert parameters(wasyncore.readwrite) == ["obj", "flags"]
        assert "self.next_channel_cleanup = " in inspect.getsource(type(server).readable)
        assert "self.maintenance(now)" in inspect.getsource(type(server).readable)
        for kept in ("will_close", "close_when_flushed", "requests", "total_outbufs_len"):
            assert kept in inspect.getsource(HTTPChannel.readable), f"readable() left {kept}"
    finally:
        server.close()
        server.task_dispatcher.shutdown()


def test_waitress_channel_reads_and_sends_as_the_held_checks_expect() -> None:
    # scorekeeper/web/hosting.py (_Channel): a check is read before Waitress's received() when
    # no request is pending (``request``, ``requests``), answered through the out buffers as
    # send_continue() does, and found by its file number (``_fileno``, the map's key).
    from waitress import wasyncore

    received = inspect.getsource(HTTPChannel.received)
    assert "self.request = self.parser_class(" in received, "received() reads differently"
    assert "self.requests.append(self.request)" in received
    sending = inspect.getsource(HTTPChannel.send_continue)
    for used in (
        "self.outbuf_lock",
        "self.outbufs[-1].append(",
        "self.current_outbuf_count += ",
        "self.total_outbufs_len += ",
        "self._flush_some()",
    ):
        assert used in sending, f"send_continue() no longer uses {used}"
    assert parameters(HTTPChannel._flush_exception) == ["self", "flush", "do_close"]
    assert "self._fileno = sock.fileno()" in inspect.getsource(wasyncore.dispatcher.set_socket)


def test_the_switch_interval_is_the_interpreters() -> None:
    # scorekeeper/web/hosting.py (share_the_interpreter): make run lets a waiting page's thread in
    # after 0.5 ms instead of 5 ms while a PDF renders; the setting is interpreter-wide.
    before = sys.getswitchinterval()
    try:
        hosting.share_the_interpreter()
        assert sys.getswitchinterval() == pytest.approx(0.0005)
    finally:
        sys.setswitchinterval(before)


# --- Flask and Werkzeug -------------------------------------------------------------------------


def test_the_request_proxy_gives_the_request_itself(app: Flask) -> None:
    # scorekeeper/render/urls.py (url): reads several attributes of the request for each address,
    # from the request itself (Werkzeug's LocalProxy._get_current_object) rather than through the
    # proxy each time.
    with app.test_request_context("/"):
        asked = request._get_current_object()  # type: ignore[attr-defined]
        assert type(asked) is app.request_class


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
