"""The history page's forms: bring a game back to an entry, and give this phone a name."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, StringField
from wtforms.validators import InputRequired, Length

from scorekeeper.storage.history import PHONE_NAME_LENGTH
from scorekeeper.web.forms import ActionForm, Form, Within


class RestoreEntryForm(ActionForm):
    """Back to how the game stood after an entry (the button tapped), against the version the
    page showed."""

    entry = IntegerField(validators=[InputRequired(), Within(min=1, max=10**9)])


class PhoneNameForm(Form):
    """The name this phone's changes carry in every history ("Ana's phone")."""

    name = StringField(
        _l("This phone's name"),
        validators=[Length(max=PHONE_NAME_LENGTH)],
        render_kw={"maxlength": PHONE_NAME_LENGTH, "autocomplete": "off"},
    )
