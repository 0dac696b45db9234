"""Addresses made once per process: every page asks for the same few addresses (its game's
tabs, forms and links, the language switcher), and Werkzeug builds each one anew. And the
app's URL rules, whose builders are compiled on the first address each is asked for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, request, url_for
from werkzeug.routing import Rule

KEPT = 4096  # addresses kept per app; past it, they are made anew


def init_app(app: Flask) -> None:
    """Templates' ``url_for`` is :func:`url`."""
    app.jinja_env.globals["url_for"] = url


def url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)``, made once per script root (and host, when external)."""
    asked = request._get_current_object()  # type: ignore[attr-defined]
    try:
        key = (
            asked.script_root,
            asked.host_url if values.get("_external") else "",
            asked.blueprint if endpoint.startswith(".") else "",
            endpoint,
            *sorted(values.items()),
        )
        hash(key)
    except TypeError:  # a list of values for one query argument
        return url_for(endpoint, **values)
    known: dict[tuple[Any, ...], str] = current_app.extensions.setdefault("urls", {})
    found = known.get(key)
    if found is None:
        if len(known) >= KEPT:
            known.clear()
        found = known[key] = url_for(endpoint, **values)
    return found


class LazyRule(Rule):
    """Werkzeug's URL rule, whose two address builders are compiled when the rule first makes
    an address instead of when the app adds it.

    Werkzeug compiles each builder from a syntax tree it makes (parsing snippets of Python, then
    ``compile``): for the pad's 56 rules, a tenth of a start's work, mostly for rules whose
    address the first page never makes (docs/speed.md). The builder compiled is Werkzeug's own,
    so every address is the one it would make (tests/test_urls.py).
    """

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        compile_now = super()._compile_builder
        name = "_build_unknown" if append_unknown else "_build"

        def first(rule: Rule, **values: Any) -> tuple[str, str]:
            # Two threads may both compile it: the same builder, kept by whichever is last.
            built: Callable[..., tuple[str, str]] = compile_now(append_unknown).__get__(rule)
            setattr(rule, name, built)
            return built(**values)

        return first
