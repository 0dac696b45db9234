"""What every template may use beyond Flask's own: labels for suits, trumps, variants, refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask_babel import get_locale
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from scorekeeper import labels, variants
from scorekeeper.rules import Suit


def init_app(app: Flask) -> None:
    """Register the template globals."""
    app.jinja_env.globals.update(
        trump_label=labels.trump_label,
        suit_label=labels.suit_label,
        variant_lines=labels.variant_lines,
        variant_label=labels.variant_label,
        variant_help=labels.variant_help,
        option_help=labels.option_help,
        section_title=labels.section_title,
        reminder=labels.reminder,
        refusal=labels.refusal,
        get_locale=get_locale,
        Suit=Suit,
        variant_sections=variants.SECTIONS,
    )
    # Filters, not globals: Jinja calls a filter directly, a global through the context.
    app.jinja_env.filters.update(refusal=labels.refusal, signed=labels.signed, number=labels.number)
    app.context_processor(_translations)


def _translations() -> dict[str, Any]:
    """``_``, ``gettext`` and ``ngettext`` bound to this request's catalogue once per page.

    Flask-Babel's own template callables look the catalogue up through the request context on
    every string, which was a large share of rendering a page; these behave the same (Jinja's
    "newstyle" gettext: escaped, then formatted with the keyword arguments).
    """
    translations = labels.catalogue()
    gettext = _newstyle_gettext(translations.ugettext)
    return {
        "_": gettext,
        "gettext": gettext,
        "ngettext": _newstyle_ngettext(translations.ungettext),
    }


def _newstyle_gettext(lookup: Callable[[str], str]) -> Callable[..., str]:
    @pass_eval_context
    def gettext(eval_ctx: EvalContext, string: str, **variables: Any) -> str:
        text = lookup(string)
        if eval_ctx.autoescape:
            text = Markup(text)
        return text % variables

    return gettext


def _newstyle_ngettext(lookup: Callable[[str, str, int], str]) -> Callable[..., str]:
    @pass_eval_context
    def ngettext(
        eval_ctx: EvalContext, singular: str, plural: str, num: int, **variables: Any
    ) -> str:
        variables.setdefault("num", num)
        text = lookup(singular, plural, num)
        if eval_ctx.autoescape:
            text = Markup(text)
        return text % variables

    return ngettext
