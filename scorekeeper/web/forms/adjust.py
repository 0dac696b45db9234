"""The adjustment form: one player's signed points in a round, and why. The rules
(:mod:`scorekeeper.core.adjustments`) check the values; the form only reads them.

A phone's number keyboard often has no minus key, so the sign is a choice of its own (take off,
the usual penalty, or add) beside the number; a sign typed with the number wins over it.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, RadioField, SelectField, StringField, ValidationError
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional

from scorekeeper.core.adjustments import MAX_REASON_LENGTH
from scorekeeper.web.forms import ActionForm, Within

# Offered with the reason field, translated; anything else may be typed.
COMMON_REASONS = (_l("revoke"), _l("misdeal"), _l("house rule"))

# A typed sign may be the minus sign (U+2212) a phone offers as well as the hyphen.
MINUS = "\u2212"
_POINTS = re.compile(rf"\s*([-+{MINUS}]?)\s*([0-9]{{1,6}})\s*")


class AdjustmentForm(ActionForm):
    """Add an adjustment: a player (select), the points and their sign, a short reason."""

    seat = SelectField(_l("Player"), coerce=int, validators=[InputRequired()])
    sign = RadioField(
        _l("Points"),
        choices=[SelectChoice("-", _l("\u2212 take off")), SelectChoice("+", _l("+ add"))],
        default="-",
        validators=[Optional()],
    )
    points = StringField(
        _l("Points"),
        validators=[InputRequired(_l("Enter the points: 20 takes off or adds 20."))],
        render_kw={"inputmode": "numeric", "autocomplete": "off", "maxlength": 7},
    )
    reason = StringField(
        _l("Reason"),
        validators=[InputRequired(_l("Say why, in a few words (revoke, misdeal, house rule…)."))],
        render_kw={"maxlength": MAX_REASON_LENGTH, "autocomplete": "off", "list": "reasons"},
    )

    def with_players(self, players: tuple[str, ...]) -> AdjustmentForm:
        """The form with the table's players to choose from."""
        self.seat.choices = [SelectChoice(seat, name) for seat, name in enumerate(players)]
        return self

    def validate_points(self, field: Any) -> None:
        """A whole number, with or without a sign."""
        if _POINTS.fullmatch(field.data or "") is None:
            raise ValidationError(_l("Enter the points as a whole number, such as 20."))

    def signed_points(self) -> int:
        """The points with their sign: a typed one, else the one chosen."""
        found = _POINTS.fullmatch(self.points.data or "")
        if found is None:
            return 0
        sign, digits = found.groups()
        sign = sign or self.sign.data or "-"
        return -int(digits) if sign in ("-", MINUS) else int(digits)


class RemoveAdjustmentForm(ActionForm):
    """Take one adjustment back, by its place in the round's list."""

    index = IntegerField(validators=[InputRequired(), Within(0, 100)])
