"""An uploaded record file (a game's or a group's), read the same way for either."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from werkzeug.exceptions import RequestEntityTooLarge

from scorekeeper.core.record import RecordError
from scorekeeper.web.forms import ImportForm


@dataclass(frozen=True)
class Refusals:
    """The refusal codes of one kind of upload: too large, no file, not JSON."""

    too_large: str
    no_file: str
    not_json: str


def read(refusals: Refusals, scope: str) -> tuple[object, str | None]:
    """The JSON of the uploaded file and the key of this upload, or a :class:`RecordError`.

    The key is the form's one-time key with the file's digest, under ``scope``: the same form
    sent twice with the same file (a double tap) imports once, another file from the same page
    again.
    """
    try:
        form = ImportForm()
        valid = form.validate_on_submit()
    except RequestEntityTooLarge as error:
        raise RecordError(refusals.too_large) from error
    if not valid:
        raise RecordError(refusals.no_file)
    content = form.record.data.read()
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (ValueError, RecursionError) as error:
        raise RecordError(refusals.not_json) from error
    once = form.once_key()
    key = None if once is None else f"{scope}:{once}:{hashlib.sha256(content).hexdigest()}"
    return data, key
