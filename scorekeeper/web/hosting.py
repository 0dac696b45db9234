"""Serving many tables from one machine: a reverse proxy in front (HTTPS), and server limits
that hold when phones leave connections open or send far too much. See docs/hosting.md.
"""

from __future__ import annotations

import io
import logging
import resource
import sys
from typing import Any

from flask import Flask, request
from waitress import utilities as waitress_errors
from waitress.channel import HTTPChannel
from waitress.server import create_server
from waitress.task import ErrorTask, Task, WSGITask
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper.web import event_loop, held_checks

# Waitress stops accepting at this many open connections; a phone keeps one or two open. Well
# above what the tables need, so that a thousand connections trickling a request in never fill
# it (with poll(), not select(), which stops at 1,024 open files).
CONNECTION_LIMIT = 2000
# An idle connection (a phone asleep, a half-sent request) is closed after this many seconds;
# a phone that wakes up opens a new one without noticing. A request's head (its line and
# headers) must arrive within the same time from its first byte, however often a byte comes.
IDLE_SECONDS = 30
# Bodies up to this multiple of MAX_CONTENT_LENGTH are held in memory; larger ones (a group
# file) in a temporary file, up to the server's cap (:func:`body_cap`).
BODY_MARGIN = 4
# Set in the WSGI environ of a request whose body Waitress refused as too large: the app then
# answers 413 itself, with its page or JSON (no header can set a key without ``HTTP_``).
BODY_TOO_LARGE = "scorekeeper.body_too_large"
# The app's ``extensions`` key for what the server may answer as soon as it reads a request:
# the version checks (``held_checks.Answers``).
ANSWERED_AT_ONCE = "scorekeeper.answered_at_once"


def init_app(app: Flask) -> None:
    """Answer a body the server refused as too large with the app's own 413."""
    # A URL value preprocessor runs before every before_request hook: none of them (CSRF reads
    # the form) may see the request, whose body was never read.
    app.url_value_preprocessor(_refuse_too_large)


def trust_proxies(app: Flask) -> None:
    """Trust ``TRUSTED_PROXIES`` reverse proxies for the client's address, scheme and host.
    Wraps every other layer (call it last), so that the version check answered before Flask
    (``live.VersionCheck``) sees the request as the proxy passed it on, as Flask does."""
    proxies = trusted_proxies(app)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )


def _refuse_too_large(_endpoint: str | None, _values: dict[str, Any] | None) -> None:
    if request.environ.get(BODY_TOO_LARGE):
        raise RequestEntityTooLarge()


def body_cap(app: Flask) -> int:
    """The most of a request body the server reads: more than any address takes (the app's
    ``MAX_CONTENT_LENGTH``, a group file's 8 MB), so that the app's own limits answer a body a
    little over them; a body over the cap is refused as soon as its headers announce it (or
    a chunked body passes it), without being read, and the app words that refusal too."""
    from scorekeeper.web.groups_api import MAX_GROUP_FILE

    limit = int(app.config["MAX_CONTENT_LENGTH"])
    return max(limit, MAX_GROUP_FILE) + BODY_MARGIN * limit


def trusted_proxies(app: Flask) -> int:
    """How many proxies in front of the app set ``X-Forwarded-*`` headers (0: none)."""
    return max(0, int(app.config.get("TRUSTED_PROXIES") or 0))


def waitress_options(app: Flask) -> dict[str, Any]:
    """Waitress settings for ``app``: connection limits, idle timeouts and the body limit."""
    return {
        "connection_limit": CONNECTION_LIMIT,
        "asyncore_use_poll": True,
        "channel_timeout": IDLE_SECONDS,
        "cleanup_interval": 5,
        "max_request_body_size": body_cap(app),
        # Bodies a little over the app's limit stay in memory; only a large upload goes to a
        # temporary file (deleted as soon as it is answered), never more than the cap.
        "inbuf_overflow": BODY_MARGIN * int(app.config["MAX_CONTENT_LENGTH"]),
        # With a proxy trusted, its X-Forwarded-* headers must reach ProxyFix; without one,
        # Waitress drops them so that no client can claim to be someone else.
        "clear_untrusted_proxy_headers": not trusted_proxies(app),
    }


def raise_open_files_limit(needed: int = 2 * CONNECTION_LIMIT + 100) -> None:
    """Let the process open a file per connection and more (the soft limit is often 1024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def share_the_interpreter(seconds: float = 0.0005) -> None:
    """Let a waiting thread in after ``seconds`` instead of Python's 5 ms.

    A PDF render holds the interpreter for long stretches; every time a page's thread waits for
    a query or the network, it queues for the interpreter again. With the shorter turn, a
    render in progress slows the round page by less than 2x instead of about 3x (measured by
    ``make bench``, docs/benchmarks.md).
    """
    sys.setswitchinterval(seconds)


class _TooLargeTask(WSGITask):  # type: ignore[misc]
    """Waitress's refusal of a body over its cap, answered by the app: its 413 page or JSON in
    the reader's language (the request's line and headers, no body, :data:`BODY_TOO_LARGE`)
    instead of Waitress's plain English text. The connection closes after the answer: the rest
    of the body is never read."""

    def execute(self) -> None:
        self.set_close_on_finish()
        super().execute()

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        environ.update({"wsgi.input": io.BytesIO(), "CONTENT_LENGTH": "0", BODY_TOO_LARGE: True})
        return environ


class _Task(WSGITask):  # type: ignore[misc]
    """Waitress's task, which keeps the connection after an answer without a body.

    Waitress closes an HTTP/1.1 connection whenever its answer has no ``Content-Length``, and
    a ``304``, ``204`` or ``1xx`` may not carry one (RFC 9110), so every version check answered
    ``304`` cost the phone a new TCP connection every 1.5 s. Such an answer ends with its
    headers, so the connection can carry the next request; it still closes when the phone
    asks it to, or for any other reason Waitress has.
    """

    _heading = False

    def build_response_header(self) -> bytes:
        self._heading = True
        try:
            head: bytes = super().build_response_header()
        finally:
            self._heading = False
        return head

    def set_close_on_finish(self) -> None:
        if self._heading and not self.has_body and self._phone_keeps_the_line():
            return
        super().set_close_on_finish()

    def _phone_keeps_the_line(self) -> bool:
        return bool(
            self.version == "1.1" and self.request.headers.get("CONNECTION", "").lower() != "close"
        )


def _error_task(channel: HTTPChannel, request: Any) -> Task:
    if isinstance(request.error, waitress_errors.RequestEntityTooLarge):
        return _TooLargeTask(channel, request)
    return ErrorTask(channel, request)


def channel_class(app: Flask) -> type[HTTPChannel]:
    """The server's connection class for ``app``: :class:`_Channel`, answering at once (or
    holding) the version checks the app says are unchanged."""
    found = app.extensions.get(ANSWERED_AT_ONCE)
    if found is None:
        return _Channel
    given = {"answers": found, "holds": held_checks.Holds(), "proxies": trusted_proxies(app)}
    return type("_AppChannel", (_Channel,), given)


class _Channel(HTTPChannel):  # type: ignore[misc]
    """Waitress's connection, kept after a ``304`` (:class:`_Task`), whose body-too-large
    refusals the app answers, and whose request head counts as idle from its first byte.

    Waitress closes a connection idle for ``channel_timeout``, but a byte now and then resets
    that: a header line every 5 s kept a connection forever, and 500 of them locked every phone
    out. While a request's head is incomplete, its activity stays at its first byte, so the
    server's sweep (every ``cleanup_interval``) closes it :data:`IDLE_SECONDS` after it began.
    A body may still come slowly (a phone's upload over a weak network).
    """

    task_class = _Task
    error_task_class = staticmethod(_error_task)

    # Given by :func:`serve` (``channel_class``): the app's :data:`ANSWERED_AT_ONCE`, and the
    # server's held checks.
    answers: held_checks.Answers | None = None
    holds: held_checks.Holds | None = None
    proxies = 0  # trusted proxies: the scheme the app sees is the one they say
    held: held_checks.Check | None = None  # this connection's check being held

    def received(self, data: bytes) -> bool:
        """Waitress's, but a version check the app would answer ``304`` is answered here at
        once, or held (``held_checks``)."""
        if self.held is not None:  # more came: the held check is answered first, as it stands
            self.release(held_checks.unchanged(self, self.held))
        if self.answers is not None and self.request is None and not self.requests:
            check = held_checks.read_check(data, self.answers.PATH)
            headers = None if check is None else held_checks.unchanged(self, check)
            if check is not None and headers is not None:
                if check.wait and self.holds is not None:
                    self.held = check
                    self.holds.hold(self, check)
                else:
                    self._send_at_once(held_checks.head(headers, self.adj.ident))
                return True
        read: bool = super().received(data)
        return read

    def unchanged(self, check: held_checks.Check) -> list[tuple[str, str]] | None:
        """The headers of the app's ``304`` to ``check``, or ``None`` if it answers otherwise."""
        assert self.answers is not None
        secure = check.scheme(self.adj.url_scheme, self.proxies) in ("https", "wss")
        return self.answers.not_modified(check.method, check.path, check.if_none_match, secure)

    def release(self, headers: list[tuple[str, str]] | None) -> None:
        """Answer the held check: ``304`` with ``headers``, or else as Waitress answers it."""
        check, self.held = self.held, None
        if check is None:
            return
        if self.holds is not None:
            self.holds.drop(self, check)
        if not self.connected:
            return
        if headers is not None:
            self._send_at_once(held_checks.head(headers, self.adj.ident))
        else:
            HTTPChannel.received(self, check.data)

    def fileno(self) -> int:
        """The connection's file number (the server's map key)."""
        return int(self._fileno)

    def _send_at_once(self, answer: bytes) -> None:
        # As Waitress sends a "100 Continue" while it reads (HTTPChannel.send_continue).
        with self.outbuf_lock:
            self.outbufs[-1].append(answer)
            self.current_outbuf_count += len(answer)
            self.total_outbufs_len += len(answer)
            self._flush_exception(self._flush_some)

    def handle_close(self) -> None:
        if self.holds is not None and self.held is not None:
            self.holds.drop(self, self.held)
        self.held = None
        super().handle_close()

    def handle_read(self) -> None:
        began: float = getattr(self, "last_activity")  # noqa: B009 (untyped in Waitress)
        trickling = self.request is not None and not self.request.headers_finished
        super().handle_read()
        if trickling and self.request is not None and not self.request.headers_finished:
            self.last_activity = began


def make_server(app: Flask, **options: Any) -> Any:
    """Waitress's server for ``app`` (``create_server``), not yet running: its too-large bodies
    refused by the app, its version checks answered ``304`` as soon as they are read, or held
    (:meth:`_Channel.received`), on the loop of ``event_loop``."""
    server = create_server(app, **options)
    server.channel_class = channel_class(app)
    holds = server.channel_class.holds
    # Waitress's run() calls the loop of what this attribute holds (its "test shim").
    server.asyncore = event_loop if holds is None else event_loop.Shim(holds.tick)
    return server


def serve(app: Flask, **options: Any) -> None:
    """Serve ``app`` with :func:`make_server` until stopped."""
    logging.basicConfig()
    server = make_server(app, **options)
    server.print_listen("Serving on http://{}:{}")
    server.run()
