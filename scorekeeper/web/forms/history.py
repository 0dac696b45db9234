"""The history pages' forms: bring a game or a club night back to an entry, and give this phone
a name."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, StringField
from wtforms.validators import InputRequired, Length
from wtforms.widgets import HiddenInput

from scorekeeper.storage.history import PHONE_NAME_LENGTH
from scorekeeper.web.forms import ActionForm, Form, Within


class RestoreEntryForm(ActionForm):
    """Back to how the game stood after an entry (the button tapped), against the version the
    page showed."""

    entry = IntegerField(validators=[InputRequired(), Within(min=1, max=10**9)])


class ClubRestoreForm(Form):
    """Back to how a club night stood after an entry, against the last entry the page showed
    (a round entered at one of its tables moves the evening's version, not its history)."""

    last = IntegerField(widget=HiddenInput(), validators=[InputRequired()])


class PhoneNameForm(Form):
    """The name this phone's changes carry in every history ("Ana's phone")."""

    name = StringField(
        _l("This phone's name"),
        validators=[Length(max=PHONE_NAME_LENGTH)],
        render_kw={"maxlength": PHONE_NAME_LENGTH, "autocomplete": "off"},
    )
