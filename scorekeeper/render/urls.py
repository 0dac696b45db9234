"""Addresses made once per process: every page asks for the same few addresses (its game's
tabs, forms and links, the language switcher), and Werkzeug builds each one anew."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request, url_for

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
