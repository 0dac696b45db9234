"""What every template may use beyond Flask's own: labels for suits, trumps, variants, refusals."""

from __future__ import annotations

from flask import Flask
from flask_babel import get_locale

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
        reminder=labels.REMINDERS.get,
        refusal=labels.refusal,
        signed=labels.signed,
        number=labels.number,
        get_locale=get_locale,
        Suit=Suit,
        variant_sections=variants.SECTIONS,
    )
    app.jinja_env.filters["refusal"] = labels.refusal
