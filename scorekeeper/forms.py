"""Every Flask-WTF form of the app. Validators ask the rules module; none re-implements it."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired


class ImportForm(FlaskForm):
    """Upload a game record (the JSON that export produces)."""

    record = FileField(_l("Game record file (.json)"), validators=[FileRequired()])
