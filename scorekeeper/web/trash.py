"""The trash as the web sees it (issue 47): how long a deleted thing is kept (``TRASH_DAYS``),
each kind of thing it keeps declared once (:class:`Kind`; the game, the group and the club night
are :mod:`scorekeeper.web.trash_kinds`), which thing of a request is in the trash, and this
phone's trash. Its pages are :mod:`scorekeeper.web.trash_pages`', the same for every kind.

A thing past its days reads as deleted for good at once (410, saying when); its rows are deleted
at the next start and whenever a home page lists the trash (:func:`listed`), so nothing waits on
a timer. Its id and that time are kept (``gone_<table>``), so that its address says so plainly.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, NamedTuple

from flask import current_app, url_for

from scorekeeper import storage


def days() -> float:
    """How many days a deleted thing waits in the trash (the app's ``TRASH_DAYS``)."""
    return float(current_app.config["TRASH_DAYS"])


def until(deleted_at: str | None) -> str:
    """When a thing moved to the trash at ``deleted_at`` is deleted for good (ISO, UTC)."""
    assert deleted_at is not None
    return storage.gone_at(deleted_at, days())


@dataclass(frozen=True)
class Shown:
    """A thing as the trash's pages show it, in play or in the trash: ``name`` and ``what`` it
    is (the players and their game, a group's name and "Group"), ``about`` it (its round, its
    players, its day), when it went to the trash, and whether this request keeps it (may delete
    and restore it) and may see it. ``within``: the id of what it is in the trash with (a club
    night's group: restoring that brings it back)."""

    id: str
    version: int
    name: str
    what: str
    about: str
    deleted_at: str | None
    keeper: bool
    visible: bool
    within: str | None = None


class Refused(NamedTuple):
    """Why a thing is not deleted (a club night's table), and the way to whoever may."""

    words: str
    back: str
    back_words: str


@dataclass(frozen=True)
class Words:
    """What the trash says of one kind, in the reader's language: each a call, so that it is
    said in the language of the request that asks."""

    delete_title: Callable[[], str]
    goes: Callable[[int], str]  # what "delete" does, for so many days
    yes_delete: Callable[[], str]
    no_keep: Callable[[], str]
    moved: Callable[[], str]
    trashed_title: Callable[[], str]
    deleted_on: Callable[[str], str]  # the day it goes for good, on its page
    will_go: Callable[[str], str]  # the same, on the home page's list
    keepers_only: Callable[[], str]
    restore_label: Callable[[Shown], str]
    restored: Callable[[], str]
    delete_for_good_title: Callable[[], str]
    lost: Callable[[], str]
    yes_delete_for_good: Callable[[], str]
    delete_for_good_label: Callable[[Shown], str]
    deleted_for_good: Callable[[], str]
    gone_title: Callable[[], str]
    left: Callable[[str], str]  # the day it went for good
    in_trash: Callable[[str], str]  # the API's, with the time it goes for good
    gone: Callable[[str], str]  # the API's, with the time it went
    not_in_trash: Callable[[], str]
    stale: Callable[[int], str]  # the API's If-Match from another version
    cannot_delete_title: Callable[[], str] | None = None
    in_trash_with: Callable[[], str] | None = None  # in the trash with what it is in


def _never(_thing_id: str) -> Refused | None:
    return None


@dataclass(frozen=True)
class Kind:
    """One kind of thing the trash keeps, declared once (:mod:`.trash_kinds`).

    ``name`` is its access kind's (what the access check looked at), ``arg`` the name of its id
    in addresses, ``rank`` orders kinds as addresses nest them (the outer one answers first),
    ``endpoints`` the blueprint serving its pages and ``page`` its own page's endpoint there.
    ``stored`` is its storage's declaration. ``find`` reads one as :class:`Shown`, in play or
    in the trash; ``mine`` gives the ids of this phone's ones that may be in the trash;
    ``remember`` and ``forget`` keep the phone's memory of one brought back or gone;
    ``keepers_only`` is what a phone that may not change one is told, ``protected`` why one may
    not be deleted. ``within`` is the kind it goes to the trash with (a club night, its
    group's), as its storage declares.
    """

    name: str
    arg: str
    rank: int
    endpoints: str
    page: str
    stored: storage.Trashable
    find: Callable[[str], Shown | None]
    mine: Callable[[], list[str]]
    remember: Callable[[str], None]
    forget: Callable[[str], None]
    keepers_only: Callable[[], str]
    words: Words
    protected: Callable[[str], Refused | None] = _never
    within: Kind | None = None

    def url(self, endpoint: str, thing_id: str) -> str:
        """The address of its page ``endpoint`` (``restore``, ``delete_for_good``, ...)."""
        args: dict[str, Any] = {self.arg: thing_id}
        return url_for(f"{self.endpoints}.{endpoint}", **args)


KINDS: list[Kind] = []


def declare(kind: Kind) -> Kind:
    """Add a kind to the trash: its addresses answer for one in it from now on."""
    KINDS.append(kind)
    KINDS.sort(key=lambda known: known.rank)
    return kind


class Trashed(NamedTuple):
    """A thing in the trash, as its pages and the home page's list show it."""

    kind: Kind
    shown: Shown
    until: str


def trashed(kind: Kind, thing_id: str) -> Trashed | None:
    """The thing, if it is in the trash and not past its days; else ``None``."""
    shown = kind.find(thing_id)
    if shown is None or shown.deleted_at is None:
        return None
    if shown.deleted_at <= storage.kept_since(days()):
        return None  # past its days: gone, whether or not its rows were deleted yet
    return Trashed(kind, shown, until(shown.deleted_at))


def gone_on(kind: Kind, thing_id: str) -> str | None:
    """When a thing of the trash was deleted for good (ISO, UTC), or ``None``: one past its days
    whose rows are still there went at the end of its days."""
    db = storage.get_db()
    deleted_at = kind.stored.trashed_at(db, thing_id)
    if deleted_at is not None and deleted_at <= storage.kept_since(days()):
        return until(deleted_at)
    return kind.stored.gone_for_good(db, thing_id)


class Missing(NamedTuple):
    """A thing that is not in play because of the trash, as the API says it (410)."""

    code: str
    words: str
    when: dict[str, str]


def missing(kind: Kind, thing_id: str) -> Missing | None:
    """Why the thing is not there: in the trash (``in_trash``, with ``until``) or deleted for
    good from it (``deleted_for_good``, with ``gone``); ``None`` for neither."""
    found = trashed(kind, thing_id)
    if found is not None:
        return Missing("in_trash", kind.words.in_trash(found.until), {"until": found.until})
    gone = gone_on(kind, thing_id)
    if gone is not None:
        return Missing("deleted_for_good", kind.words.gone(gone), {"gone": gone})
    return None


def listed() -> list[Trashed]:
    """What this phone keeps that is in the trash, most recently deleted first (one in the
    trash with what it is in, a club night with its group, is listed as that). Everything past
    its days (anyone's) is deleted for good first."""
    db = storage.get_db()
    # served read-only: they read as gone already, deleted at a later look
    with suppress(storage.Unavailable):
        storage.purge_trash(db, days())
    found = []
    for kind in KINDS:
        for thing_id in kind.stored.in_trash(db, kind.mine()):
            entry = trashed(kind, thing_id)
            if entry is not None and entry.shown.keeper and entry.shown.within is None:
                found.append(entry)
    return sorted(found, key=lambda entry: entry.shown.deleted_at or "", reverse=True)
