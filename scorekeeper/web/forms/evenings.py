"""The forms of a club evening's pages: making the evening from a group's page, drawing a
sitting (who is here, how to seat them), drawing the last one again, and the room's countdown.

The forms only read what was sent; the evening's rules (names, sizes, settings for every table
size) are :mod:`scorekeeper.core.evening_record`'s, asked by the views as the API asks them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import (
    IntegerField,
    RadioField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional

from scorekeeper.core import family
from scorekeeper.core.evening import Seating
from scorekeeper.core.evening_record import MAX_SITTINGS
from scorekeeper.core.family.declared_parts import Plain
from scorekeeper.web.forms import Form, OnceForm, Within
from scorekeeper.web.forms import games as games_form

# Longer than any list of names an evening holds (120 names of 32 characters, a line each).
MAX_TYPED = 5000
MAX_COUNTDOWN = 180
"""Minutes: a countdown is for a sitting or a break, never for the evening."""


def typed_names(text: str | None) -> list[str]:
    """The names typed one per line, blank lines left out."""
    return [line.strip() for line in (text or "")[:MAX_TYPED].splitlines() if line.strip()]


class EveningForm(OnceForm):
    """A new evening of a group: who is here (the roster ticked, new names typed), the game and
    its settings (added per game by :func:`evening_form_for`), the sittings and table sizes."""

    game_key: str

    pick = SelectMultipleField(_l("Who is here?"), choices=[], validate_choice=False)
    new_names = TextAreaField(_l("New players, one name per line"))
    sittings = IntegerField(
        _l("Sittings"),
        default=3,
        validators=[InputRequired(_l("Say how many sittings.")), Within(1, MAX_SITTINGS)],
    )
    table_sizes = SelectMultipleField(_l("Table sizes"), coerce=int, choices=[])

    def seat(self, roster: dict[str, str], sizes: tuple[int, ...], seated: tuple[int, ...]) -> None:
        """Tell the form the group's roster (key -> name), the table sizes the game has and
        those ticked by default (every size its settings seat)."""
        self.roster = roster
        self.pick.choices = [SelectChoice(key, name) for key, name in roster.items()]
        self.table_sizes.choices = [SelectChoice(size, str(size)) for size in sizes]
        if self.table_sizes.data is None:
            self.table_sizes.data = list(seated)

    def names(self) -> list[str]:
        """The players: the roster's ticked, in the roster's order, then the names typed."""
        picked = set(self.pick.data or ())
        return [name for key, name in self.roster.items() if key in picked] + typed_names(
            self.new_names.data
        )

    def settings(self) -> dict[str, Plain]:
        """The game's settings chosen, by key."""
        return games_form.settings_of(self, family.game(self.game_key))

    def plan(self) -> dict[str, Any]:
        """The evening as the API's body names it, for the evening's rules to check."""
        return {
            "players": self.names(),
            "game": self.game_key,
            "variants": self.settings(),
            "sittings": self.sittings.data,
            "table_sizes": list(self.table_sizes.data or []),
        }


@cache
def evening_form_for(key: str) -> type[EveningForm]:
    """The evening form for game ``key``: its settings added, each named by its key."""
    fields: dict[str, Any] = dict(games_form.setting_fields(family.game(key)))
    fields["game_key"] = key
    return type(f"{key.title()}EveningForm", (EveningForm,), fields)


SEATINGS = [
    SelectChoice(Seating.RANDOM.value, _l("Random")),
    SelectChoice(Seating.BALANCED.value, _l("Balanced: new opponents")),
    SelectChoice(Seating.STANDINGS.value, _l("By standings: the leaders together")),
]


class DrawForm(OnceForm):
    """The next sitting: how to seat it and who is here from it on."""

    number = IntegerField(validators=[Optional(), Within(1, MAX_SITTINGS)])
    seating = RadioField(_l("Seating"), choices=SEATINGS, default=Seating.RANDOM.value)
    present = SelectMultipleField(_l("Who is here?"), choices=[], validate_choice=False)
    new_names = TextAreaField(_l("Late arrivals, one name per line"))

    def here(self, players: tuple[str, ...]) -> list[str]:
        """Who is here: the evening's ``players`` ticked (each by its place in the list), then
        the names typed. A place that is no player's is left out."""
        ticked = {
            int(n) for n in self.present.data or () if n.isascii() and n.isdigit() and len(n) < 4
        }
        return [name for n, name in enumerate(players) if n in ticked] + typed_names(
            self.new_names.data
        )


class RedrawForm(DrawForm):
    """Draw the last sitting again: how to seat it and who is here may change (a late arrival
    typed, a leaver unticked); a form sent without them keeps the sitting's."""

    number = IntegerField(validators=[InputRequired(), Within(1, MAX_SITTINGS)])
    # Checked by the view (none sent keeps the sitting's seating).
    seating = RadioField(_l("Seating"), choices=SEATINGS, validate_choice=False)
    drawn_at = StringField()
    """When the sitting the form was shown with was drawn: another phone's redraw since makes
    this form stale."""

    def seating_asked(self) -> Seating | None:
        """The seating chosen, or ``None`` (none sent, or not one of the seatings)."""
        chosen = self.seating.data
        return Seating(chosen) if chosen in {s.value for s in Seating} else None


class CountdownForm(Form):
    """The room screen's countdown: minutes from now, or stop it."""

    minutes = IntegerField(
        _l("Minutes"), default=45, validators=[Optional(), Within(1, MAX_COUNTDOWN)]
    )


class TableOutForm(Form):
    """Take a table out of its sitting, or put it back (a yes; the table is in the URL)."""


class EndTableForm(Form):
    """End a table early: who left (each by their seat; none for a table ended for time)."""

    left = SelectMultipleField(_l("Who left?"), choices=[], validate_choice=False)

    def left_of(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """The table's players ticked as gone, in seat order."""
        ticked = {
            int(n) for n in self.left.data or () if n.isascii() and n.isdigit() and len(n) < 3
        }
        return tuple(name for seat, name in enumerate(players) if seat in ticked)


class PlannedForm(Form):
    """Plan one more sitting: how many sittings then (a double tap plans the same number)."""

    sittings = IntegerField(validators=[InputRequired(), Within(1, MAX_SITTINGS)])
