"""A group's heavy answers, bounded: its figures and its group file are counted once per
version of the group, a few at a time, so that a large group cannot take the server's threads
from the round pages of other tables.

A group of 1,000 games takes about a second to read and count. Every answer is kept under the
group's version (its games' stamps, :func:`scorekeeper.storage.group_stamps`, one cheap query):
sixteen phones asking for the same export count it once, and a page asked again reads the
count kept. What is not kept yet is counted through a queue like the printer's
(:class:`scorekeeper.web.pdf.Renders`: ``GROUP_WORK`` at once, ``GROUP_WAITING`` more waiting);
past that the answer is 503 with ``Retry-After``, the same as a busy printer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from flask import Flask, Response, current_app
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.storage import StoredGroup
from scorekeeper.web import access
from scorekeeper.web.kinds import GAME, GROUP
from scorekeeper.web.pdf import Kept, PrinterBusy, Renders, busy_response

T = TypeVar("T")

_SETUP = threading.Lock()


class Busy(Exception):
    """More large groups are being counted than the server lets wait."""


def init_app(app: Flask) -> None:
    """A full queue is answered 503 (a page, or JSON under /api/)."""
    app.register_error_handler(Busy, busy)


def version(stored: StoredGroup) -> tuple[object, ...]:
    """What names the version of the group this request may see: the group's own change time
    and the stamps of the games visible to it (a hidden game changes what is counted)."""
    stamps = storage.group_stamps(storage.get_db(), stored.id)
    if not access.keeps(GROUP, stored):
        stamps = [entry for entry in stamps if access.may_see(GAME, entry)]
    return (stored.id, stored.updated_at, tuple(entry.stamp for entry in stamps))


def counted(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``'s answer kept under ``key``, made in the queue if it is not kept;
    :class:`Busy` when the queue is full."""
    try:
        answer: T = _kept().fetch(key, lambda: _queue().render(make, patience=30))
    except PrinterBusy as error:
        raise Busy from error
    return answer


def busy(_error: Busy) -> Response:
    """The answer to a request the queue had no room for: try again shortly."""
    return busy_response(
        _("Many large groups are being counted right now: try again in a few seconds.")
    )


def _kept() -> Kept[Any]:
    return _extension("scorekeeper_group_kept", lambda config: Kept(int(config["GROUP_KEPT"])))


def _queue() -> Renders:
    return _extension(
        "scorekeeper_group_work",
        lambda config: Renders(int(config["GROUP_WORK"]), int(config["GROUP_WAITING"])),
    )


def _extension(name: str, make: Callable[[Any], T]) -> T:
    extensions = current_app.extensions
    with _SETUP:
        if name not in extensions:
            extensions[name] = make(current_app.config)
    made: T = extensions[name]
    return made
