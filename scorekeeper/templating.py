"""What every template may use beyond Flask's own: labels for suits, trumps and variants."""

from __future__ import annotations

from flask import Flask
from flask_babel import get_locale

from scorekeeper import labels
from scorekeeper.rules import Suit


def init_app(app: Flask) -> None:
    """Register the template globals."""
    app.jinja_env.globals.update(
        trump_label=labels.trump_label,
        suit_label=labels.suit_label,
        variant_lines=labels.variant_lines,
        round_reminders=labels.round_reminders,
        get_locale=get_locale,
        Suit=Suit,
        lengths={key.value: text for key, text in labels.LENGTHS.items()},
        restrictions={key.value: text for key, text in labels.RESTRICTIONS.items()},
        visibilities={key.value: text for key, text in labels.VISIBILITIES.items()},
        flags=labels.FLAGS,
    )
